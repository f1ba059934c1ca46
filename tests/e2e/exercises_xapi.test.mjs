// An embedded set tells its course page what the student did: one xAPI
// statement per graded try and one when the answer completes the set,
// posted only to the origin the host named in `origin=` (a host not named
// receives nothing). The host here is another loopback origin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const A = 'tf_idempotency_key_status';
const B = 'tf_backoff_without_jitter';

/** A host page embedding the set with `origin=` (its own or another). */
function host(origin) {
  return (index) => `<!doctype html><html><body>
    <iframe id="demo" src="${index}#/exercises?set=${A},${B}&embed=1&origin=${encodeURIComponent(origin)}"
      style="width:720px;border:0" height="700"></iframe>
    <script>
      window.statements = [];
      window.addEventListener('message', (e) => {
        if (e.data && e.data.type === 'retry-lab:xapi') window.statements.push({ origin: e.origin, statement: e.data.statement });
      });
    </script>
  </body></html>`;
}

async function answerTf(frame, id, value) {
  await frame.getByTestId(`option-${id}-${value}`).check();
  await frame.getByTestId(`submit-${id}`).click();
  await frame.getByTestId(`result-${id}`).waitFor();
}

test('the named host receives an «answered» per try and one «completed» for the set', async () => {
  const page = await app.openHostHtml(host(app.hostOrigin));
  const frame = page.frameLocator('#demo');
  await frame.getByTestId('set').waitFor({ timeout: 60000 });
  await answerTf(frame, A, 'true');
  await page.waitForFunction(() => window.statements.length === 1);
  await answerTf(frame, B, 'false');
  await page.waitForFunction(() => window.statements.length === 3);
  const got = await page.evaluate(() => window.statements);
  for (const m of got) assert.equal(m.origin, app.origin);
  const [first, second, done] = got.map((m) => m.statement);
  for (const s of got.map((m) => m.statement)) assert.equal(s.actor, undefined, 'the host adds its own actor');
  assert.equal(first.verb.id, 'http://adlnet.gov/expapi/verbs/answered');
  assert.equal(first.verb.display['zh-CN'], '回答了');
  assert.ok(first.object.id.endsWith(`#/exercises?q=${A}`), first.object.id);
  assert.equal(first.object.definition.extensions['urn:x-retry-lab:question-id'], A);
  assert.equal(first.result.response, 'true');
  assert.equal(first.result.extensions['urn:x-retry-lab:try'], 1);
  assert.equal(first.result.extensions['urn:x-retry-lab:first-try'], true);
  assert.equal(typeof first.result.success, 'boolean');
  assert.equal(first.result.score.max, 1);
  assert.equal(second.object.definition.extensions['urn:x-retry-lab:question-id'], B);
  assert.equal(done.verb.id, 'http://adlnet.gov/expapi/verbs/completed');
  assert.deepEqual(done.object.definition.extensions['urn:x-retry-lab:question-ids'], [A, B]);
  assert.ok(decodeURIComponent(done.object.id).endsWith(`#/exercises?set=${A},${B}`), done.object.id);
  assert.equal(done.result.completion, true);
  assert.equal(done.result.score.max, 2);
  const right = [first, second].filter((s) => s.result.success).length;
  assert.equal(done.result.score.raw, right);

  // A second try: one more «answered» (try 2, not first), no second «completed».
  await answerTf(frame, B, 'true');
  await page.waitForFunction(() => window.statements.length === 4);
  await page.waitForTimeout(300);
  const all = await page.evaluate(() => window.statements.map((m) => m.statement));
  assert.equal(all.length, 4);
  assert.equal(all[3].verb.id, 'http://adlnet.gov/expapi/verbs/answered');
  assert.equal(all[3].result.extensions['urn:x-retry-lab:try'], 2);
  assert.equal(all[3].result.extensions['urn:x-retry-lab:first-try'], false);
  app.assertNoErrors(page);
  await page.context().close();
});

test('a host not named in origin= receives nothing, and a bad origin is named in a notice', async () => {
  const page = await app.openHostHtml(host('http://127.0.0.1:1'));
  const frame = page.frameLocator('#demo');
  await frame.getByTestId('set').waitFor({ timeout: 60000 });
  await answerTf(frame, A, 'true');
  await answerTf(frame, B, 'true');
  await page.waitForTimeout(500);
  assert.deepEqual(await page.evaluate(() => window.statements), []);
  await page.context().close();

  const star = await app.openHostHtml(host('*'));
  const starFrame = star.frameLocator('#demo');
  await starFrame.getByTestId('set').waitFor({ timeout: 60000 });
  assert.match(await starFrame.locator('.notices').innerText(), /origin/);
  await answerTf(starFrame, A, 'true');
  await star.waitForTimeout(500);
  assert.deepEqual(await star.evaluate(() => window.statements), []);
  await star.context().close();
});
