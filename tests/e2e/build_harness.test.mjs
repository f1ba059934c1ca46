// The workbench's harness panel (#/lab/build): the harness is a design
// beside the server's. A preset is one click, each choice and number edits
// the harness and rewrites `harness=`, a combination that cannot run is a
// notice naming the harness used, the old `client=` still opens its
// harness, and a row no server change fixes is fixed by flipping one choice
// of the harness (a retried certificate error: stop retrying TLS).
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

/** Waits until the page grades harness `spec` completely: the score says
 * which harness it was graded for, so the previous harness's complete suite,
 * still shown until the new one starts, never passes for it. */
async function graded(page, spec) {
  await page.waitForFunction(
    (s) => document.querySelector('[data-testid="build-harness"]')?.dataset.harness === s &&
      document.querySelector('[data-testid="build-score"]')?.dataset.harness === s &&
      !document.querySelector('[data-testid="build-progress"]'),
    spec,
    { timeout: 60000 },
  );
}

function hashOf(page) {
  return decodeURIComponent(new URL(page.url()).hash);
}

test('a preset is one click, each choice rewrites harness=, and the old client= opens its harness', async () => {
  const page = await app.open('#/lab/build?preset=fenced&suite=none,response_lost');
  await graded(page, 'stable_key');
  await page.getByTestId('harness-preset-chapter').click();
  await graded(page, 'chapter');
  assert.match(hashOf(page), /harness=chapter(&|$)/);
  assert.equal(await page.getByTestId('harness-key_business').isChecked(), true);
  assert.equal(await page.getByTestId('harness-retry-tls').isChecked(), false);
  assert.equal(await page.getByTestId('harness-num-budget').inputValue(), '8');
  await page.getByTestId('harness-sdk').check();
  await graded(page, 'chapter,sdk');
  assert.match(hashOf(page), /harness=chapter,sdk(&|$)/);
  await page.getByTestId('harness-wait_codex').check();
  await graded(page, 'chapter,wait_codex,sdk');
  // Every choice names the chapter passage it comes from.
  await page.getByTestId('what-harness-retries').locator('summary').click();
  assert.match(await page.getByTestId('what-harness-retries').innerText(), /不重试掩盖问题/);
  app.assertNoErrors(page);
  await page.context().close();

  const old = await app.open('#/lab/build?client=careful&suite=none');
  await graded(old, 'careful');
  assert.equal(await old.getByTestId('harness-key_none').isChecked(), true);
  assert.equal(await old.getByTestId('harness-retry-refused').isChecked(), true);
  assert.equal(await old.getByTestId('harness-retry-read_timeout').isChecked(), false);
  app.assertNoErrors(old);
  await old.context().close();
});

test('a number out of bounds or «within the deadline» without one is a notice naming the harness used', async () => {
  const page = await app.open('#/lab/build?preset=fenced&suite=none&harness=chapter');
  await graded(page, 'chapter');
  const attempts = page.getByTestId('harness-num-attempts');
  await attempts.fill('99');
  await attempts.dispatchEvent('change');
  await page.getByTestId('notices').waitFor();
  assert.match(await page.getByTestId('notices').innerText(), /attempts_99/);
  assert.match(await page.getByTestId('notices').innerText(), /1–10/);
  await graded(page, 'chapter');
  const deadline = page.getByTestId('harness-num-deadline');
  await deadline.fill('');
  await deadline.dispatchEvent('change');
  await graded(page, 'chapter,ra_honour,deadline_none');
  assert.match(await page.getByTestId('notices').innerText(), /ra_fail_fast/);
  assert.equal(await page.getByTestId('harness-ra_honour').isChecked(), true);
  app.assertNoErrors(page);
  await page.context().close();
});

test("a retried certificate error is fixed on the harness's side: stop retrying TLS", async () => {
  const page = await app.open('#/lab/build?preset=fenced&suite=none,tls_error&harness=naive');
  await graded(page, 'naive');
  const row = page.getByTestId('build-tls_error');
  assert.equal(await row.getAttribute('data-pass'), 'false');
  await page.waitForFunction(
    () => document.querySelector('[data-testid="build-fix-tls_error"]')?.dataset.kind === 'harness' &&
      document.querySelector('[data-testid="build-fix-tls_error"]')?.dataset.group,
    null,
    { timeout: 60000 },
  );
  const n = await page.getByTestId('build-fix-tls_error').getAttribute('data-group');
  const group = page.getByTestId(`build-group-${n}`);
  assert.equal(await group.getAttribute('data-kind'), 'harness');
  assert.match(await group.innerText(), /不再重试/);
  const apply = page.getByTestId(`build-group-apply-${n}`);
  assert.equal(await apply.getAttribute('data-token'), 'noretry_tls');
  await apply.click();
  await graded(page, 'naive,noretry_tls');
  assert.match(hashOf(page), /harness=naive,noretry_tls(&|$)/);
  assert.equal(await page.getByTestId('harness-retry-tls').isChecked(), false);
  assert.equal(await page.getByTestId('build-tls_error').getAttribute('data-pass'), 'true');
  app.assertNoErrors(page);
  await page.context().close();
});
