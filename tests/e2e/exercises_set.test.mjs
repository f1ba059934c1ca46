// A course author's set link: `#/exercises?set=…` shows exactly those
// questions in that order with one score; an old id opens today's question
// once; an id that names nothing is said in a notice; answering in the set
// counts in the bank (one stored record), and «复制链接» carries the set.
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

// The second id is the first one's earlier name (src/exercises/renames.rs).
const SET = 'tf_idempotency_key_status,tf_backoff_prevents_herd,tf_backoff_without_jitter,no_such_question';

test('a set link shows its questions in order with one score, and the bank counts them too', async () => {
  const page = await app.open(`#/exercises?set=${SET}`, {
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await page.getByTestId('set').waitFor();
  const ids = await page.locator('[data-testid^="qid-"]').evaluateAll((els) => els.map((e) => e.textContent));
  assert.deepEqual(ids, ['tf_idempotency_key_status', 'tf_backoff_without_jitter']);
  assert.match(await page.getByTestId('set-title').innerText(), /一套题（2 题）/);
  assert.match(await page.getByTestId('set-score').innerText(), /已答 0 \/ 2，答对 0/);
  const notices = await page.locator('.notices').innerText();
  assert.match(notices, /no_such_question/);
  assert.doesNotMatch(notices, /tf_backoff_prevents_herd/);

  await page.getByTestId('option-tf_backoff_without_jitter-false').check();
  await page.getByTestId('submit-tf_backoff_without_jitter').click();
  await page.getByTestId('result-tf_backoff_without_jitter').waitFor();
  const right = (await page.getByTestId('result-tf_backoff_without_jitter').getAttribute('data-verdict')) === 'right';
  assert.match(await page.getByTestId('set-score').innerText(), new RegExp(`已答 1 / 2，答对 ${right ? 1 : 0}`));

  await page.getByTestId('copy-link').click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /#\/exercises\?/);
  assert.ok(decodeURIComponent(copied).includes(`set=${SET}`), copied);

  // The same site's bank: the answer is there, in its section.
  const bank = await page.context().newPage();
  await bank.goto(page.url().replace(/#.*/, '#/exercises?q=tf_backoff_without_jitter'));
  await bank.getByTestId('result-tf_backoff_without_jitter').waitFor();
  app.assertNoErrors(page);
  await page.context().close();
});

test('a set of nothing known shows the bank with the notice; a flood of ids stays bounded', async () => {
  const page = await app.open('#/exercises?set=nope1,nope2');
  await page.getByTestId('section-truths').waitFor();
  assert.equal(await page.getByTestId('set').count(), 0);
  assert.match(await page.locator('.notices').innerText(), /nope1, nope2/);
  const flood = await app.open(`#/exercises?set=${'x,'.repeat(5000)}tf_idempotency_key_status`);
  await flood.getByTestId('section-truths').waitFor();
  assert.equal(await flood.getByTestId('set').count(), 0, 'past the entries read, an id is not looked at');
  const text = await flood.locator('.notices').innerText();
  assert.ok(text.length < 2000, `the notice is bounded: ${text.length} chars`);
  app.assertNoErrors(page);
  app.assertNoErrors(flood);
  await page.context().close();
  await flood.context().close();
});
