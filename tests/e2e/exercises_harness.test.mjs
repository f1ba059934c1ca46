// «搭一个 harness» in the exercises (#/exercises?q=harness_no_dup_no_waste):
// the student's harness is graded by running it behind the challenge's
// server in the lab engine's worker, which sends back each scenario's
// graded row (the page never reads a whole run). The chapter's harness
// passes every row; the same harness retrying a quota 429 wastes an
// attempt on that row and fails, as the native grading says
// (tests/exercises_harness.rs).
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

const ID = 'harness_no_dup_no_waste';

/** Submits `spec` as the harness and waits for its graded rows. */
async function submit(page, spec) {
  await page.getByTestId(`harness-input-${ID}`).fill(spec);
  await page.getByTestId(`run-${ID}`).click();
  await page.waitForFunction(
    ([id, spec]) => document.querySelector(`[data-testid="harness-yours-${id}"]`)?.dataset.harness === spec,
    [ID, spec],
  );
  const score = page.getByTestId(`harness-score-${ID}`);
  return {
    pass: Number(await score.getAttribute('data-pass')),
    total: Number(await score.getAttribute('data-total')),
    verdict: await page.getByTestId(`result-${ID}`).getAttribute('data-verdict'),
  };
}

test('a harness challenge is graded from the rows the engine sends, one per scenario', async () => {
  const page = await app.open(`#/exercises?q=${ID}`);
  const suite = page.getByTestId(`harness-suite-${ID}`);
  await suite.waitFor();
  const count = Number(await suite.getAttribute('data-count'));
  assert.ok(count >= 2, `a suite of ${count}`);

  const chapter = await submit(page, 'chapter');
  assert.deepEqual(chapter, { pass: count, total: count, verdict: 'right' });
  assert.equal(await page.getByTestId(`harness-${ID}-quota_429`).getAttribute('data-wasted'), '0');
  // A row that meets the challenge did not break: its link only shows the run.
  assert.equal(await page.getByTestId(`harness-link-${ID}-quota_429`).textContent(), '看这次运行');

  const quota = await submit(page, 'chapter,retry_quota');
  assert.equal(quota.total, count);
  assert.ok(quota.pass < count, `${quota.pass} of ${count}`);
  assert.equal(quota.verdict, 'wrong');
  const row = page.getByTestId(`harness-${ID}-quota_429`);
  assert.equal(await row.getAttribute('data-pass'), 'false');
  assert.ok(Number(await row.getAttribute('data-wasted')) > 0);
  // Each row links its run, behind the challenge's server.
  const link = page.getByTestId(`harness-link-${ID}-quota_429`);
  assert.equal(await link.textContent(), '看它在哪一步出错');
  const href = await link.getAttribute('href');
  assert.match(href, /scenario=quota_429/);
  assert.match(href, /harness=chapter,retry_quota/);
  app.assertNoErrors(page);
  await page.context().close();
});
