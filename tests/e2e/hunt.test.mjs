// The workbench's counterexample hunt (#/lab/build): «找一个反例» lists
// every way the design fails that `lab hunt` finds with the page's default
// kinds and a budget of 2,000 (tests/data/lab_hunt_atomic.txt, which
// tests/lab_cli.rs proves is the CLI's output): «这个设计有 N 种坏法», each
// way's class, code and step, the way no server fixes labelled and last;
// a way's link opens its schedule in the run view at the step where it
// broke; the seed is a control in the URL and «再找一次» draws the next one;
// a long search can be cancelled, a search that finds nothing says so
// honestly, and bad parameters are notices.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp, waitStep } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = fs.readFileSync(path.resolve(here, '../data/lab_hunt_atomic.txt'), 'utf8');
const N = Number(CLI.match(/^This design fails in (\d+) ways?/)[1]);
const WAYS = [...CLI.matchAll(/^ {3}schedule=(.+)\n {3}(#\/lab\?.*)$/gm)].map((m) => ({
  code: m[1],
  step: (m[2].match(/&step=(\d+)/) || [])[1] ?? '',
}));

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** Waits until the hunt panel's status is `status`. */
async function huntStatus(page, status) {
  await page.waitForFunction(
    (s) => document.querySelector('[data-testid="hunt"]')?.getAttribute('data-status') === s,
    status,
    { timeout: 60000 },
  );
}

test('atomic: the page lists every way the CLI finds, and each opens where it broke', async () => {
  assert.equal(WAYS.length, N);
  const page = await app.open('#/lab/build?preset=atomic&budget=2000');
  await page.getByTestId('hunt-start').click();
  await huntStatus(page, 'found');
  assert.equal(await page.getByTestId('hunt-found').getAttribute('data-ways'), String(N));
  assert.match(await page.getByTestId('hunt-ways').innerText(), new RegExp(`^这个设计有 ${N} 种坏法`));
  const ways = page.getByTestId('hunt-way');
  assert.equal(await ways.count(), N);
  for (let i = 0; i < N; i++) {
    assert.equal(await ways.nth(i).getAttribute('data-code'), WAYS[i].code, `way ${i + 1}`);
    assert.equal(await ways.nth(i).getAttribute('data-step'), WAYS[i].step, `way ${i + 1}`);
  }
  // atomic's key table is global: a second tenant with an equal key string
  // is refused, shrunk to the tenant alone.
  const tenant = page.locator('[data-testid="hunt-way"][data-class="tenant_refused"]');
  assert.equal(await tenant.getAttribute('data-code'), '1.k0');
  assert.equal(await tenant.getAttribute('data-no-server-fixes'), 'false');
  const lines = await tenant.getByTestId('hunt-lines').locator('li').allInnerTexts();
  assert.match(lines[0], /^第二个租户的 agent 在 .+ 之后提交它自己的报告，键字符串和第一个租户的相同$/);
  // The model's re-call with a per-tool-use key: no server fixes it, so it
  // is labelled and comes after every way a server fixes.
  const last = ways.nth(N - 1);
  assert.equal(await last.getAttribute('data-no-server-fixes'), 'true');
  assert.equal(await last.getAttribute('data-needs'), 'model_recall');
  assert.match(await last.getByTestId('hunt-way-label').innerText(), /^套件里已经有了/);
  assert.equal(await ways.first().getByTestId('hunt-way-label').count(), 0);
  // A late response reads as late, never as delivered.
  const all = (await page.getByTestId('hunt-found').innerText());
  assert.doesNotMatch(all, /响应：晚到[^；]*，201 送达/);
  assert.equal(await page.getByTestId('hunt-seed').innerText(), '1');
  await ways.first().getByTestId('hunt-link').click();
  await page.getByTestId('lab-schedule').waitFor();
  assert.equal(await page.getByTestId('lab-schedule').getAttribute('data-code'), WAYS[0].code);
  await waitStep(page, Number(WAYS[0].step));
  assert.match(page.url(), new RegExp(`schedule=${WAYS[0].code.replace(/\./g, '\\.')}`));
});

test('the hunt\'s seed is a control in the URL, and «再找一次» draws the next one', async () => {
  const page = await app.open('#/lab/build?preset=atomic&budget=300');
  assert.equal(await page.getByTestId('hunt-seed-input').inputValue(), '1');
  await page.getByTestId('hunt-start').click();
  await huntStatus(page, 'found');
  await page.getByTestId('hunt-again').click();
  await page.waitForFunction(() => location.hash.includes('hunt_seed=2'));
  await page.waitForFunction(
    () => document.querySelector('[data-testid="hunt-seed"]')?.innerText === '2'
      && document.querySelector('[data-testid="hunt"]')?.getAttribute('data-status') === 'found',
    null,
    { timeout: 60000 },
  );
  assert.equal(await page.getByTestId('hunt-seed-input').inputValue(), '2');
  // Every way opens its run at the hunt's seed.
  const hrefs = await page.getByTestId('hunt-link').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
  assert.ok(hrefs.length >= 1 && hrefs.every((h) => /[?&]seed=2(&|$)/.test(h)), hrefs.join(' '));
  // A seed typed in goes into the URL and makes the last answer moot.
  await page.getByTestId('hunt-seed-input').fill('7');
  await page.waitForFunction(() => location.hash.includes('hunt_seed=7'));
  await huntStatus(page, 'idle');
  const again = await app.open('#/lab/build?preset=atomic&hunt_seed=7');
  assert.equal(await again.getByTestId('hunt-seed-input').inputValue(), '7');
});

test('a long search can be cancelled, and the worker stops', async () => {
  // fenced with a business key finds nothing without next-day restarts.
  const kinds = 'lost,delayed,stall,crash,server_error,rerender,model_recall,double_submit';
  const page = await app.open(`#/lab/build?preset=fenced&client=business_key&budget=200000&kinds=${kinds}`);
  assert.equal(await page.getByTestId('hunt-kind-next_day').isChecked(), false);
  assert.equal(await page.getByTestId('hunt-kind-stall').isChecked(), true);
  await page.getByTestId('hunt-start').click();
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid="hunt-tried"]')?.innerText.replace(/,/g, '')) > 0,
  );
  await page.getByTestId('hunt-cancel').click();
  await huntStatus(page, 'cancelled');
  const tried = await page.getByTestId('hunt-tried').innerText();
  // The button is back, and a new question to the worker is answered at
  // once: the cancelled hunt is no longer ahead of it in its queue.
  await page.getByTestId('hunt-start').waitFor();
  await page.getByTestId('mech-store_errors').uncheck();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="build-score"]') && !document.querySelector('[data-testid="build-progress"]'),
    null,
    { timeout: 30000 },
  );
  assert.equal(await page.getByTestId('hunt').getAttribute('data-status'), 'idle');
  assert.ok(Number(tried.replace(/,/g, '')) < 200000, tried);
});

test('none within the budget is said honestly, with the kinds covered and not', async () => {
  const page = await app.open('#/lab/build?preset=fenced&client=business_key&budget=50&kinds=lost,delayed');
  await page.getByTestId('hunt-start').click();
  await huntStatus(page, 'none');
  const none = await page.getByTestId('hunt-none').innerText();
  assert.match(none, /试了 50 个故障序列，没有找到反例，这不是证明。/);
  assert.match(none, /服务端停顿/);
  assert.match(none, /第二个租户/);
  assert.equal(await page.getByTestId('hunt-none').getAttribute('data-tried'), '50');
});

test('a budget past 200,000 and a bad schedule are notices', async () => {
  const page = await app.open('#/lab/build?budget=900000');
  const notice = await page.getByTestId('notices').innerText();
  assert.match(notice, /200,000|200000/);
  const lab = await app.open('#/lab?schedule=1.a.zz');
  const labNotice = await lab.getByTestId('notices').innerText();
  assert.match(labNotice, /1\.a\.zz/);
  assert.equal(await lab.getByTestId('lab-schedule').count(), 0);
});
