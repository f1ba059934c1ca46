// 003's recovery protocol, as a student meets it with 003 open: a crash
// after the refund-like downstream's effect is stepped to its status query
// (003's state on the step, the status_ref, one effect in the downstream's
// table); Stripe's stored 500 hides the effect it made; a revoked
// permission leaks the cached answer without `recheck_auth`; and the
// workbench grades the `reconciled` server on the whole suite. The numbers
// are the model's (tests/lab_recovery.rs and `lab suite --design reconciled
// --harness reconciling` give the same).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, verdictOf } from './harness.mjs';

const RECONCILED = 'server=reconciled&harness=reconciling';
/** `reconciled` without `recheck_auth`, by its mechanisms. */
const NO_RECHECK =
  'claim,digest,lease,guard,fence,outbox,downstream_key,tenant_scope,status_ref,unknown_on_failure,approval';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** Waits until the run view shows a computed run of `scenario`. */
async function loaded(page, scenario) {
  await page.waitForFunction(
    (sc) => document.querySelector(`input[name="scenario"][value="${sc}"]`)?.checked &&
      !document.querySelector('[data-testid="engine-status"]') &&
      Number(document.querySelector('[data-testid="step-index"]')?.dataset.total) > 0,
    scenario,
    { timeout: 60000 },
  );
}

/** Steps forward, as a student presses ▶, until the step names 003's
 *  `state`; returns the step it did at. */
async function stepTo(page, state) {
  const index = page.getByTestId('step-index');
  const total = Number(await index.getAttribute('data-total'));
  for (let step = Number(await index.getAttribute('data-step')) + 1; step <= total; step++) {
    await page.getByTestId('step-forward').click();
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="step-index"]')?.dataset.step === String(n),
      step,
    );
    const badge = page.getByTestId('step-state');
    if ((await badge.count()) && (await badge.getAttribute('data-state')) === state) return step;
  }
  assert.fail(`no step names ${state} in ${total} steps`);
}

test('a crash after the downstream is queried, not resent: reconciled from one effect', async () => {
  const page = await app.open(`#/lab?scenario=downstream_done_crash&${RECONCILED}&seed=1`);
  await loaded(page, 'downstream_done_crash');
  // The service answers the retry «outcome unknown» with a status_ref.
  await stepTo(page, 'outcome_unknown');
  assert.match(await page.getByTestId('step-state').innerText(), /OUTCOME_UNKNOWN/);
  // Then the harness queries the status: 003's «已对账成功».
  const at = await stepTo(page, 'reconciled');
  const badge = page.getByTestId('step-state');
  assert.match(await badge.innerText(), /已对账成功/);
  const asked = await page.getByTestId('step-status-ref').innerText();
  assert.match(asked, /\S/);
  const told = await page.getByTestId('narration').innerText();
  assert.match(told, new RegExp(asked));
  // The model is told the report the query proved, its id filled in.
  assert.match(told, /已创建报告 #1/);
  assert.doesNotMatch(told, /\{id\}/);
  // The status_ref the model was given is the one queried.
  assert.equal(await page.getByTestId('status-ref-value').first().innerText(), asked);
  // One effect in the downstream's own records, with its receipt.
  assert.equal(await page.getByTestId('effects-count').innerText(), '1');
  const effects = page.getByTestId('table-effects');
  const made = effects.locator('[data-testid="effect-outcome"][data-outcome="made"]');
  assert.equal(await made.count(), 1);
  assert.equal(await effects.getByTestId('effect-receipt').first().innerText(), 'rcpt_0001');
  // The run ends with one report the model was told of.
  await page.getByTestId('to-end').click();
  const v = await verdictOf(page);
  assert.equal(await v.getAttribute('data-count'), '1');
  assert.equal(await v.getAttribute('data-ending'), 'one_known');
  assert.equal(await page.getByTestId('tool-outcome').getAttribute('data-tool'), 'created');
  assert.equal(await page.getByTestId('effects-count').innerText(), '1');
  assert.ok(at > 1);
  app.assertNoErrors(page);
  await page.context().close();
});

test('Stripe stores the 500: the effect is made once and the model hears «unknown»', async () => {
  const page = await app.open('#/lab?scenario=fail_after_effect&server=fenced&harness=chapter&seed=1&step=end');
  const v = await verdictOf(page);
  // No report row, but the downstream made its effect: the replayed 500 hid it.
  assert.equal(await v.getAttribute('data-count'), '0');
  assert.equal(await v.getAttribute('data-ending'), 'one_unknown');
  assert.equal(await page.getByTestId('tool-outcome').getAttribute('data-tool'), 'unknown');
  assert.match(await page.getByTestId('final-http').innerText(), /500/);
  await page.getByTestId('table-effects').waitFor();
  assert.equal(await page.getByTestId('effects-count').innerText(), '1');
  app.assertNoErrors(page);
  await page.context().close();
});

test('without recheck_auth a revoked permission reads the cached answer: a leak', async () => {
  const page = await app.open(
    `#/lab?scenario=permission_revoked&design=${NO_RECHECK}&harness=reconciling&seed=1&step=end`,
  );
  const v = await verdictOf(page);
  assert.equal(await v.getAttribute('data-ending'), 'leak');
  assert.equal(await v.getAttribute('data-leaks'), '1');
  // With it, the retry gets 403 and the model is told the truth.
  await page.evaluate(
    (h) => { location.hash = h; },
    `#/lab?scenario=permission_revoked&${RECONCILED}&seed=1&step=end`,
  );
  await page.waitForFunction(
    () => document.querySelector('input[name="server"][value="reconciled"]')?.checked &&
      !document.querySelector('[data-testid="engine-status"]') &&
      document.querySelector('[data-testid="tool-outcome"]')?.dataset.tool === 'denied',
    null,
    { timeout: 60000 },
  );
  const after = page.getByTestId('final-verdict');
  assert.equal(await after.getAttribute('data-leaks'), '0');
  assert.match(await page.getByTestId('tool-result').innerText(), /没有权限/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('the workbench builds reconciled and grades it on all 39 rows', async () => {
  const page = await app.open('#/lab/build?preset=reconciled&harness=reconciling');
  const group = page.getByTestId('group-recovery');
  await group.waitFor();
  assert.match(await group.innerText(), /003 的恢复协议/);
  for (const m of ['status_ref', 'unknown_on_failure', 'recheck_auth', 'approval']) {
    assert.equal(await group.getByTestId(`mech-${m}`).isChecked(), true, m);
  }
  assert.equal(await page.getByTestId('build-presets').getByTestId('preset-reconciled').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.getByTestId('build-harness-presets').getByTestId('harness-preset-reconciling').getAttribute('aria-pressed'), 'true');
  await page.waitForFunction(
    () => document.querySelector('[data-testid="build-score"]') &&
      !document.querySelector('[data-testid="build-progress"]'),
    null,
    { timeout: 120000 },
  );
  const score = page.getByTestId('build-score');
  assert.equal(await score.getAttribute('data-total'), '39');
  assert.equal(await score.getAttribute('data-pass'), '37');
  assert.equal(await page.getByTestId('build-suite').locator('tbody tr[data-testid^="build-"]').count(), 39);
  for (const sc of ['downstream_done_crash', 'receipt_late', 'fail_after_effect', 'permission_revoked', 'approval_expired', 'deadline_passed']) {
    assert.equal(await page.getByTestId(`build-${sc}`).getAttribute('data-pass'), 'true', sc);
  }
  app.assertNoErrors(page);
  await page.context().close();
});

test('a late receipt: the model reads «结果未知» with its status_ref, and the legend names every tool outcome', async () => {
  const page = await app.open(`#/lab?scenario=receipt_late&${RECONCILED}&seed=1&step=end`);
  const v = await verdictOf(page);
  assert.equal(await v.getAttribute('data-ending'), 'one_unknown');
  assert.equal(await page.getByTestId('tool-outcome').getAttribute('data-tool'), 'unknown');
  const given = await page.getByTestId('status-ref-value').first().innerText();
  const told = await page.getByTestId('tool-result').innerText();
  assert.match(told, /结果未知/);
  assert.ok(told.includes(`status_ref：${given}`), told);
  // One effect: its receipt was not there yet, and nothing was resent.
  assert.equal(await page.getByTestId('effects-count').innerText(), '1');
  await page.evaluate(() => { location.hash = '#/lab/matrix'; });
  const legend = page.getByTestId('legend-tools');
  await legend.waitFor({ timeout: 60000 });
  assert.equal(await legend.locator('li[data-tool]').count(), 6);
  assert.match(await legend.locator('li[data-tool="human_review"]').innerText(), /需要人工核对/);
  assert.match(await legend.locator('li[data-tool="denied"]').innerText(), /没有权限/);
  app.assertNoErrors(page);
  await page.context().close();
});
