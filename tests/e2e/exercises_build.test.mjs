// «搭一个服务端»: a design is graded by running it on the challenge's suite
// in the lab worker. A wrong design shows its failing rows (reports, what
// the model was told) with links to the run view at the step where each
// broke; an invalid one shows the core's reason; a right one is graded right; a
// reload keeps the submitted design.
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

const ID = 'build_body_mismatch';
const mech = (page, m) => page.getByTestId(`mech-${ID}-${m}`);

async function submitAndWait(page, verdict) {
  await page.getByTestId(`run-${ID}`).click();
  await page.waitForFunction(
    ([id, verdict]) => document.querySelector(`[data-testid="result-${id}"]`)?.dataset.verdict === verdict,
    [ID, verdict],
    { timeout: 60000 },
  );
}

test('a wrong design shows red rows with links, an invalid one the reason, a right one graded right, and a reload keeps it', async () => {
  const page = await app.open(`#/exercises?q=${ID}`);
  await page.getByTestId(`exercise-${ID}`).waitFor();
  assert.equal(await page.getByTestId(`build-max-${ID}`).getAttribute('data-max'), '2');
  assert.equal(await page.getByTestId(`build-suite-${ID}`).getAttribute('data-count'), '3');
  assert.match(await page.locator(`[data-testid="exercise-${ID}"] .ex-kind-name`).innerText(), /搭一个服务端/);

  // Invalid: the digest needs a key record. Refused with the core's reason, not graded.
  await mech(page, 'digest').check();
  await page.getByTestId(`run-${ID}`).click();
  const err = await page.getByTestId(`error-${ID}`).innerText();
  assert.match(err, /比较请求摘要/);
  assert.match(err, /占键/);
  assert.equal(await page.getByTestId(`result-${ID}`).count(), 0);

  // Wrong: the claim alone replays the old response to a changed body.
  await mech(page, 'digest').uncheck();
  await mech(page, 'claim').check();
  await submitAndWait(page, 'wrong');
  const row = page.getByTestId(`build-${ID}-body_mismatch`);
  assert.equal(await row.getAttribute('data-pass'), 'false');
  assert.equal(await row.getAttribute('data-reports'), '1');
  assert.equal(await row.getAttribute('data-tool'), 'created');
  assert.equal(await page.locator(`[data-testid^="build-${ID}-"][data-pass="false"]`).count(), 1);
  const score = page.getByTestId(`build-score-${ID}`);
  assert.deepEqual([await score.getAttribute('data-pass'), await score.getAttribute('data-total')], ['2', '3']);
  const href = await page.getByTestId(`build-link-${ID}-body_mismatch`).getAttribute('href');
  assert.match(href, /#\/lab\?/);
  for (const part of ['scenario=body_mismatch', 'harness=stable_key', 'design=claim', /step=\d+/]) {
    assert.match(href, part instanceof RegExp ? part : new RegExp(part.replace(/[?]/g, '\\?')), href);
  }
  assert.doesNotMatch(href, /step=end/);

  // Right: claim + digest passes every row within the limit.
  await mech(page, 'digest').check();
  await submitAndWait(page, 'right');
  assert.equal(await page.locator(`[data-testid^="build-${ID}-"][data-pass="false"]`).count(), 0);
  assert.equal(await page.getByTestId(`build-score-${ID}`).getAttribute('data-pass'), '3');
  assert.equal(await page.getByTestId(`build-design-${ID}`).getAttribute('data-design'), 'claim,digest');

  // A reload keeps the submitted design, checked, and its graded result.
  await page.reload();
  await page.getByTestId(`exercise-${ID}`).waitFor();
  await page.getByTestId(`result-${ID}`).waitFor();
  assert.equal(await page.getByTestId(`result-${ID}`).getAttribute('data-verdict'), 'right');
  assert.ok(await mech(page, 'claim').isChecked());
  assert.ok(await mech(page, 'digest').isChecked());
  assert.ok(!(await mech(page, 'store_errors').isChecked()));
  app.assertNoErrors(page);
  await page.context().close();
});

test('over the limit is graded wrong though every row passes, and the failing-row link opens the run view', async () => {
  const page = await app.open(`#/exercises?q=${ID}`);
  await page.getByTestId(`exercise-${ID}`).waitFor();
  for (const m of ['claim', 'digest', 'store_errors']) await mech(page, m).check();
  await submitAndWait(page, 'wrong');
  assert.equal(await page.getByTestId(`build-over-${ID}`).getAttribute('data-count'), '3');
  assert.equal(await page.getByTestId(`build-score-${ID}`).getAttribute('data-pass'), '3');

  await mech(page, 'digest').uncheck();
  await mech(page, 'store_errors').uncheck();
  await page.getByTestId(`run-${ID}`).click();
  await page.locator(`[data-testid="build-design-${ID}"][data-design="claim"]`).waitFor({ timeout: 60000 });
  await page.getByTestId(`build-link-${ID}-body_mismatch`).click();
  await page.waitForFunction(() => location.hash.startsWith('#/lab?'));
  await page.locator('.page > *').first().waitFor();
  assert.equal(await page.getByTestId('notices').count(), 0);
  app.assertNoErrors(page);
  await page.context().close();
});
