// One run of each scenario beyond one tenant and one title, as a student
// opens it: two tenants with one key string (a leak on a global key table,
// nothing with tenant_scope), the rewritten title, the TLS error careful
// stops at, and the two timers of a response that trickles in; and the
// workbench with tenant_scope.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, verdictOf } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

test('key_collision on key_split: tenant B gets tenant A\'s response, and the run view marks the leak', async () => {
  const page = await app.open('#/lab?scenario=key_collision&client=stable_key&server=key_split&seed=1&step=end');
  const v = await verdictOf(page);
  assert.equal(await v.getAttribute('data-ending'), 'leak');
  assert.equal(await v.getAttribute('data-leaks'), '1');
  assert.equal(await v.getAttribute('data-count'), '1');
  const tenants = page.getByTestId('tenants');
  assert.equal(await tenants.getAttribute('data-leaks'), '1');
  assert.equal(await page.getByTestId('tenant-1').getAttribute('data-reports'), '0');
  assert.equal(await page.getByTestId('tenant-1').getAttribute('data-tool'), 'created');
  assert.match(await page.getByTestId('leak-mark').innerText(), /跨租户泄漏/);
  assert.equal(await page.getByTestId('key-namespace').getAttribute('data-scoped'), 'false');
  assert.equal(await page.getByTestId('key-convention').getAttribute('data-convention'), 'stripe-unquoted');
  app.assertNoErrors(page);
  await page.context().close();
});

test('key_collision with tenant_scope: both reports, nothing leaks, and the key shows its namespace', async () => {
  const page = await app.open('#/lab?scenario=key_collision&client=stable_key&design=claim,digest,store_errors,tenant_scope&seed=1&step=end&lang=en');
  const v = await verdictOf(page);
  assert.equal(await v.getAttribute('data-ending'), 'one_known');
  assert.equal(await v.getAttribute('data-count'), '2');
  assert.equal(await v.getAttribute('data-leaks'), '0');
  assert.equal(await v.getAttribute('data-refusals'), '0');
  assert.equal(await page.getByTestId('tenant-0').getAttribute('data-reports'), '1');
  assert.equal(await page.getByTestId('tenant-1').getAttribute('data-reports'), '1');
  assert.equal(await page.getByTestId('leak-mark').count(), 0);
  assert.equal(await page.getByTestId('key-namespace').getAttribute('data-scoped'), 'true');
  assert.match(await page.getByTestId('key-ns').first().innerText(), /tenant-a \/ eval-agent \/ submit_bug_report/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('title_rewrite: two reports even with a business key', async () => {
  const page = await app.open('#/lab?scenario=title_rewrite&client=business_key&server=fenced&seed=1&step=end');
  const v = await verdictOf(page);
  assert.equal(await v.getAttribute('data-count'), '2');
  assert.equal(await v.getAttribute('data-ending'), 'duplicate');
  assert.match(await page.getByTestId('end-sentence').innerText(), /评测侧去重/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('tls_error: careful stops after one attempt and names the CA, host name and proxy; stable_key tries four times', async () => {
  for (const [client, attempts] of [['careful', '1'], ['stable_key', '4']]) {
    const page = await app.open(`#/lab?scenario=tls_error&client=${client}&server=fenced&seed=1&step=end`);
    const v = await verdictOf(page);
    assert.equal(await v.getAttribute('data-count'), '0');
    assert.equal(await v.getAttribute('data-attempts'), attempts);
    assert.equal(await page.getByTestId('final-calls').getAttribute('data-attempts'), attempts);
    const tool = await page.getByTestId('tool-result').innerText();
    if (client === 'careful') assert.match(tool, /CA、主机名和代理/);
    else assert.doesNotMatch(tool, /CA、主机名和代理/);
    app.assertNoErrors(page);
    await page.context().close();
  }
});

test('slow_drip: the read timeout never fires, the total deadline does, and the outcome is unknown', async () => {
  const page = await app.open('#/lab?scenario=slow_drip&client=stable_key&server=fenced&seed=1&step=end');
  const v = await verdictOf(page);
  assert.equal(await v.getAttribute('data-count'), '1');
  assert.equal(await v.getAttribute('data-ending'), 'one_unknown');
  const timers = page.getByTestId('drip-timers');
  assert.equal(await timers.getAttribute('data-fired'), 'deadline');
  assert.equal(await page.getByTestId('timer-read').getAttribute('data-fired'), 'false');
  assert.equal(await page.getByTestId('timer-deadline').getAttribute('data-fired'), 'true');
  assert.match(await timers.innerText(), /没有触发/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('the workbench offers tenant_scope as the fix of key_collision, and it turns the row green', async () => {
  const page = await app.open('#/lab/build?design=claim,digest,store_errors&suite=key_collision&client=stable_key');
  const row = page.getByTestId('build-key_collision');
  await row.waitFor({ timeout: 60000 });
  await page.waitForFunction(() => document.querySelector('[data-testid="build-key_collision"]')?.dataset.pass);
  assert.equal(await row.getAttribute('data-pass'), 'false');
  await page.getByTestId('mech-tenant_scope').waitFor();
  const fix = page.getByTestId('build-fix-key_collision');
  await page.waitForFunction(() => document.querySelector('[data-testid="build-fix-key_collision"]')?.dataset.kind === 'change',
    null, { timeout: 60000 });
  // The fix is said once, in the row's group, with the button that applies it.
  const n = await fix.getAttribute('data-group');
  assert.match(await page.getByTestId(`build-group-${n}`).innerText(), /tenant_scope|按租户划分键/);
  await page.getByTestId(`build-group-apply-${n}`).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="build-design"]')?.getAttribute('data-design') === 'claim,digest,store_errors,tenant_scope',
    null, { timeout: 60000 });
  await page.waitForFunction(() => document.querySelector('[data-testid="build-key_collision"]')?.dataset.pass === 'true', null, { timeout: 60000 });
  assert.equal(await page.getByTestId('mech-tenant_scope').isChecked(), true);
  app.assertNoErrors(page);
  await page.context().close();
});
