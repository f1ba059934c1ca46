// The workbench's counterexample hunt (#/lab/build): «找一个反例» finds the
// same smallest schedule for atomic as `lab hunt` (tests/data/
// lab_hunt_atomic.txt, which tests/lab_cli.rs proves is the CLI's output),
// its link opens that schedule in the run view at the step where it broke,
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
const CODE = CLI.match(/^schedule=(.+)$/m)[1];
const STEP = CLI.match(/&step=(\d+)/)[1];

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

test('atomic: the page finds the CLI\'s counterexample and opens it where it broke', async () => {
  const page = await app.open('#/lab/build?preset=atomic');
  await page.getByTestId('hunt-start').click();
  await huntStatus(page, 'found');
  const found = page.getByTestId('hunt-found');
  assert.equal(await found.getAttribute('data-code'), CODE);
  assert.equal(await found.getAttribute('data-step'), STEP);
  // Every kind is on by default: atomic's key table is global, so a second
  // tenant with an equal key string is refused (422) and its report lost.
  assert.equal(await found.getAttribute('data-reports'), '1');
  assert.equal(await page.getByTestId('hunt-seed').innerText(), '1');
  const lines = await page.getByTestId('hunt-lines').locator('li').allInnerTexts();
  assert.match(lines[0], /^第二个租户的 agent 在 .+ 之后提交它自己的报告，键字符串和第一个租户的相同$/);
  await page.getByTestId('hunt-link').click();
  await page.getByTestId('lab-schedule').waitFor();
  assert.equal(await page.getByTestId('lab-schedule').getAttribute('data-code'), CODE);
  await waitStep(page, Number(STEP));
  assert.match(page.url(), new RegExp(`schedule=${CODE.replace(/\./g, '\\.')}`));
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
