// The one judgement of a run as a student meets it: a run that fails on its
// notifications is not «只有一份» and gets no «这正是该有的结果»; two tenants
// speak per tenant with a fix that names the tenant's namespace; a claim
// stuck in `in_progress` fails on the workbench; a keyed client that retries
// a TLS failure breaks a rule of the chapter in the run.
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

test('crash_before_notify on fenced: the verdict names the notification, not «只有一份»', async () => {
  for (const sc of ['crash_before_notify', 'notifier_timeout']) {
    const page = await app.open(`#/lab?scenario=${sc}&client=stable_key&server=fenced&seed=1&step=end`);
    const v = await verdictOf(page);
    assert.equal(await v.getAttribute('data-ending'), 'notification', sc);
    assert.doesNotMatch(await v.innerText(), /只有一份/, sc);
    const end = page.getByTestId('end-sentence');
    assert.notEqual(await end.getAttribute('data-cause'), 'Good', sc);
    assert.doesNotMatch(await end.innerText(), /这正是该有的结果/, sc);
    app.assertNoErrors(page);
    await page.context().close();
  }
});

test('key_collision speaks per tenant and names tenant_scope as the server fix', async () => {
  const page = await app.open('#/lab?scenario=key_collision&client=stable_key&server=fenced&seed=1&step=end');
  const v = await verdictOf(page);
  assert.equal(await v.getAttribute('data-ending'), 'tenant_refused');
  const a = page.getByTestId('tenant-verdict-0');
  const b = page.getByTestId('tenant-verdict-1');
  assert.match(await a.innerText(), /租户 A：1 份报告/);
  assert.match(await b.innerText(), /租户 B：0 份报告/);
  assert.match(await page.getByTestId('tenant-fix-link').innerText(), /按租户划分键/);
  assert.doesNotMatch(await page.getByTestId('end-sentence').innerText(), /这正是该有的结果/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('a claim stuck in in_progress fails on the workbench, and the lease turns it green', async () => {
  const page = await app.open('#/lab/build?design=claim,digest&suite=response_lost,crash_between_commits');
  const row = page.getByTestId('build-crash_between_commits');
  await page.waitForFunction(
    () => document.querySelector('[data-testid="build-score"]') && !document.querySelector('[data-testid="build-progress"]'),
    null,
    { timeout: 60000 },
  );
  assert.equal(await row.getAttribute('data-pass'), 'false');
  assert.equal(await row.getAttribute('data-reports'), '0');
  assert.equal(await page.getByTestId('build-response_lost').getAttribute('data-pass'), 'true');
  app.assertNoErrors(page);
  await page.context().close();
  const fixed = await app.open('#/lab/build?design=claim,digest,lease,fence&suite=response_lost,crash_between_commits');
  await fixed.waitForFunction(
    () => document.querySelector('[data-testid="build-score"]')?.dataset.pass === '2',
    null,
    { timeout: 60000 },
  );
  app.assertNoErrors(fixed);
  await fixed.context().close();
});

test('a keyed client that retries a TLS failure breaks the rule in the run; careful passes', async () => {
  for (const [client, ending] of [['stable_key', 'rule_broken'], ['careful', 'none_known']]) {
    const page = await app.open(`#/lab?scenario=tls_error&client=${client}&server=fenced&seed=1&step=end`);
    const v = await verdictOf(page);
    assert.equal(await v.getAttribute('data-ending'), ending, client);
    const rules = page.locator('[data-testid="broken-rules"] li[data-rule="retry_tls"]');
    assert.equal(await rules.count(), client === 'careful' ? 0 : 1, client);
    app.assertNoErrors(page);
    await page.context().close();
  }
});

test('the matrix marks a rule-breaking cell even where the count is right', async () => {
  const page = await app.open('#/lab/matrix?by=server&client=stable_key');
  const cell = page.getByTestId('cell-response_lost-leased');
  // A cell is drawn as «…» first; its data arrive with the engine's reply.
  await page.waitForSelector('[data-testid="cell-response_lost-fenced"][data-reports]', { timeout: 60000 });
  await page.waitForSelector('[data-testid="cell-response_lost-leased"][data-reports]', { timeout: 60000 });
  assert.equal(await cell.getAttribute('data-reports'), '1');
  assert.equal(await cell.getAttribute('data-rule-broken'), 'true');
  assert.equal(await page.getByTestId('cell-response_lost-fenced').getAttribute('data-rule-broken'), 'false');
  app.assertNoErrors(page);
  await page.context().close();
});
