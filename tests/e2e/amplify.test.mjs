// The retry-amplification page (#/amplify) end to end: the chapter's numbers
// read from data-testids for each preset, stepping the attempt tree, the
// metastable and Codex presets, Brooker's sweep with progress and cancel,
// bad URL notices, and no long main-thread task.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, numberIn, FROZEN_MS } from './harness.mjs';


let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** Starts recording long tasks in the current document. */
async function recordLongTasks(page) {
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
}

async function maxLongTask(page) {
  return page.evaluate(() => Math.max(0, ...(window.__longTasks || [])));
}

/** Opens `#/` first so long tasks of the page itself are recorded. */
async function openRecorded(hash) {
  const page = await app.open('#/');
  await recordLongTasks(page);
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  return page;
}

async function fanoutDone(page) {
  await page.getByTestId('amplification').waitFor({ timeout: 60000 });
  await page.getByTestId('fanout-running').waitFor({ state: 'detached', timeout: 60000 });
}

test('5 layers × 3 attempts at p = 1 give 243, and the tree steps', async () => {
  const page = await openRecorded('#/amplify?view=fanout&layers=3,3,3,3,3&p=1&trials=1000&seed=1');
  await fanoutDone(page);
  assert.equal(await numberIn(page, 'amplification'), 243);
  assert.equal(await numberIn(page, 'amplification-expected'), 243);
  assert.equal(await numberIn(page, 'success-rate'), 0);
  assert.equal(await numberIn(page, 'first-bottom'), 243);
  assert.equal(await numberIn(page, 'bottom-count'), 243);
  // Step to the start and forward with the keyboard.
  await page.getByTestId('step-first').click();
  assert.equal(await numberIn(page, 'bottom-count'), 0);
  for (let i = 1; i <= 5; i++) {
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="step-pos"]')?.textContent.startsWith(`${n} /`),
      i,
    );
  }
  // Five attempts: one per layer down to the first bottom request.
  assert.equal(await numberIn(page, 'bottom-count'), 1);
  assert.match(await page.evaluate(() => location.hash), /step=5/);
  await page.keyboard.press('End');
  assert.equal(await numberIn(page, 'bottom-count'), 243);
  const longest = await maxLongTask(page);
  assert.ok(longest < FROZEN_MS, `main thread blocked for ${longest} ms`);
  app.assertNoErrors(page);
  await page.context().close();
});

test('the fanout presets linked from the page: 12, 4, min(B, product), p < 1', async () => {
  const page = await app.open('#/amplify');
  for (const [id, want] of [
    ['preset-12', 12],
    ['preset-top-only', 4],
    ['preset-budget', 5],
  ]) {
    await page.getByTestId(id).click();
    await page.waitForFunction((w) => {
      const el = document.querySelector('[data-testid="amplification-expected"]');
      return el && Number(el.textContent) === w;
    }, want);
    await fanoutDone(page);
    assert.equal(await numberIn(page, 'amplification'), want, id);
  }
  await page.getByTestId('preset-mean').click();
  await page.waitForFunction(() => location.hash.includes('p=0.8'));
  await fanoutDone(page);
  const mean = await numberIn(page, 'amplification');
  const exact = await numberIn(page, 'amplification-expected');
  const se = await numberIn(page, 'std-error');
  assert.ok(Math.abs(mean - exact) <= 4 * se + 0.001, `${mean} vs ${exact} ± ${se}`);
  app.assertNoErrors(page);
  await page.context().close();
});

test('metastable: retries never recover, token bucket / retry budget / deadline do', async () => {
  const page = await openRecorded('#/amplify?view=load&preset=metastable');
  await page.getByTestId('load-done').waitFor({ timeout: 120000 });
  assert.equal(await page.getByTestId('recovered-retries').getAttribute('data-value'), '');
  for (const p of ['token_bucket', 'retry_budget', 'deadline']) {
    const v = await page.getByTestId(`recovered-${p}`).getAttribute('data-value');
    assert.ok(v !== '' && Number(v) >= 0 && Number(v) < 60, `${p}: ${v}`);
  }
  assert.ok((await numberIn(page, 'amplification-retries')) > 10);
  assert.ok((await numberIn(page, 'amplification-token_bucket')) < 1.1);
  const longest = await maxLongTask(page);
  assert.ok(longest < FROZEN_MS, `main thread blocked for ${longest} ms`);
  app.assertNoErrors(page);
  await page.context().close();
});

test('Codex 3 × 3 = 9 with Retry-After, 3 without', async () => {
  const page = await app.open('#/amplify?view=load&preset=codex');
  await page.getByTestId('load-done').waitFor({ timeout: 60000 });
  assert.equal(await numberIn(page, 'amplification-retry_after'), 9);
  assert.equal(await numberIn(page, 'amplification-retry_after-no_retry_after'), 3);
  app.assertNoErrors(page);
  await page.context().close();
});

test("Brooker's sweep: retries → 3 at p = 1, token bucket ≤ 1.1, cancel works", async () => {
  const page = await openRecorded('#/amplify?view=sweep&calls=5000&seed=1');
  await page.getByTestId('sweep-done').waitFor({ timeout: 120000 });
  const cell = (policy, p, cls) =>
    page.getByTestId(`sweep-${policy}-${p}`).locator(`td.${cls}`).innerText().then(Number);
  assert.equal(await cell('retries', 1, 'amp'), 3);
  assert.ok((await cell('token_bucket', 1, 'amp')) <= 1.1);
  assert.ok(Math.abs((await cell('token_bucket', 0.05, 'amp')) - (await cell('retries', 0.05, 'amp'))) < 0.02);
  assert.equal(await page.getByTestId('sweep-table').locator('tbody tr').count(), 105);
  const longest = await maxLongTask(page);
  assert.ok(longest < FROZEN_MS, `main thread blocked for ${longest} ms`);
  // A full-size sweep can be cancelled while it runs.
  await page.getByTestId('field-calls').fill('200000');
  await page.getByTestId('field-calls').dispatchEvent('change');
  await page.getByTestId('sweep-cancel').click();
  await page.getByTestId('sweep-cancelled').waitFor();
  app.assertNoErrors(page);
  await page.context().close();
});

test('bad URL values show bounded notices and the page still works', async () => {
  const page = await app.open('#/amplify?layers=3,x,99&p=7&policy=bogus&zzz=1');
  await page.getByTestId('notices').waitFor();
  for (const p of ['layers', 'p', 'policy', 'zzz']) {
    await page.getByTestId(`notice-${p}`).waitFor();
  }
  await fanoutDone(page);
  assert.equal(await numberIn(page, 'amplification-expected'), 90);
  app.assertNoErrors(page);
  await page.context().close();
});

test('navigation and home list the three demos in the chapter order', async () => {
  const page = await app.open('#/');
  const nav = await page.locator('header nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.deepEqual(nav.slice(0, 3), ['#/herd', '#/amplify', '#/lab']);
  await page.getByTestId('card-amplify').click();
  await page.getByTestId('amplification').waitFor({ timeout: 60000 });
  app.assertNoErrors(page);
  await page.context().close();
});

test('embed mode: no header, the numbers still there', async () => {
  const page = await app.open('#/amplify?view=load&preset=codex&embed=1');
  await page.getByTestId('load-done').waitFor({ timeout: 60000 });
  assert.equal(await page.locator('.site-header').count(), 0);
  assert.equal(await page.getByTestId('policies-doc').count(), 0);
  assert.equal(await numberIn(page, 'amplification-retry_after'), 9);
  app.assertNoErrors(page);
  await page.context().close();
});

test("Brooker's full default sweep (21 p × 5 policies × 10⁵ calls) without long tasks", async () => {
  const page = await openRecorded('#/amplify?view=sweep');
  await page.getByTestId('sweep-done').waitFor({ timeout: 600000 });
  const elapsed = await page.getByTestId('sweep-done').innerText();
  const longest = await maxLongTask(page);
  console.log(`# browser Brooker sweep (105 points x 1e5 calls): ${elapsed}; longest task ${longest.toFixed(0)} ms`);
  assert.equal(await page.getByTestId('sweep-table').locator('tbody tr').count(), 105);
  assert.ok(longest < FROZEN_MS, `main thread blocked for ${longest} ms`);
  app.assertNoErrors(page);
  await page.context().close();
});
