// The idempotency lab (#/lab, #/lab/matrix): deep links, stepping with
// buttons and keys, URL state, the matrix for two servers and its links.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, numberIn } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const DEEP = '#/lab?scenario=response_lost&client=stable_key&server=fenced&seed=1&step=4';

async function stepIndex(page) {
  return Number(await page.getByTestId('step-index').getAttribute('data-step'));
}

async function waitStep(page, n) {
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="step-index"]')?.getAttribute('data-step') === String(want),
    n,
  );
}

async function narration(page) {
  return page.getByTestId('narration').innerText();
}

async function dataRows(page, testId) {
  return page.getByTestId(testId).locator('tbody tr:not(:has(td[colspan]))').count();
}

test('a deep link opens exactly that run at that step', async () => {
  const page = await app.open(DEEP);
  await page.getByTestId('report-count').waitFor();
  assert.equal(await stepIndex(page), 4);
  // Step 4: the server inserted report #1 and marked the key done.
  assert.equal(await numberIn(page, 'report-count'), 1);
  assert.equal(await page.getByTestId('verdict').getAttribute('data-verdict'), 'exactly_once');
  assert.match(await page.getByTestId('verdict').innerText(), /恰好一次/);
  assert.match(await narration(page), /#1/);
  assert.equal(await page.getByTestId('narration').getAttribute('aria-live'), 'polite');
  assert.equal(await dataRows(page, 'table-reports'), 1);
  assert.match(await page.getByTestId('table-keys').innerText(), /done/);
  assert.match(await page.getByTestId('sql').innerText(), /INSERT INTO reports/);
  assert.match(await page.getByTestId('sql').innerText(), /fence = 1/);
  // The final outcome of the run: the retry got the stored 201 replayed.
  assert.match(await page.getByTestId('final-outcome').innerText(), /201/);
  assert.ok(await page.locator('input[name="scenario"][value="response_lost"]').isChecked());
  assert.ok(await page.locator('input[name="server"][value="fenced"]').isChecked());
  app.assertNoErrors(page);
  await page.context().close();
});

test('stepping back and forward changes the narration and the count, and returns', async () => {
  const page = await app.open(DEEP);
  await page.getByTestId('report-count').waitFor();
  const at4 = await narration(page);
  await page.getByTestId('step-back').click();
  await waitStep(page, 3);
  assert.equal(await numberIn(page, 'report-count'), 0);
  assert.equal(await page.getByTestId('verdict').getAttribute('data-verdict'), 'no_report');
  assert.notEqual(await narration(page), at4);
  assert.match(page.url(), /step=3/);
  await page.getByTestId('step-forward').click();
  await waitStep(page, 4);
  assert.equal(await numberIn(page, 'report-count'), 1);
  assert.equal(await narration(page), at4);
  assert.match(page.url(), /step=4/);
  // The next step loses the response: the diagram marks it lost in text.
  await page.getByTestId('step-forward').click();
  await waitStep(page, 5);
  assert.match(await page.getByTestId('sequence-diagram').textContent(), /✕/);
  assert.equal(await numberIn(page, 'report-count'), 1);
  app.assertNoErrors(page);
  await page.context().close();
});

test('keyboard: arrows step, Home/End jump, space plays and pauses', async () => {
  const page = await app.open(DEEP);
  await page.getByTestId('report-count').waitFor();
  await page.locator('h1').click();
  await page.keyboard.press('ArrowRight');
  await waitStep(page, 5);
  await page.keyboard.press('ArrowLeft');
  await waitStep(page, 4);
  await page.keyboard.press('End');
  const total = Number(await page.getByTestId('step-index').getAttribute('data-total'));
  await waitStep(page, total);
  assert.match(page.url(), /step=end/);
  assert.equal(await numberIn(page, 'report-count'), 1);
  await page.keyboard.press('Home');
  await waitStep(page, 0);
  assert.equal(await numberIn(page, 'report-count'), 0);
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelector('[data-testid="play"]').getAttribute('aria-pressed') === 'true');
  await waitStep(page, 1);
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelector('[data-testid="play"]').getAttribute('aria-pressed') === 'false');
  // Keys typed into the seed field do not step.
  const before = await stepIndex(page);
  await page.getByTestId('seed').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await stepIndex(page), before);
  app.assertNoErrors(page);
  await page.context().close();
});

test('the naive server duplicates a report whose response was lost', async () => {
  const page = await app.open('#/lab?scenario=response_lost&client=naive&server=naive&seed=1&step=end');
  await page.getByTestId('report-count').waitFor();
  assert.equal(await numberIn(page, 'report-count'), 2);
  assert.equal(await page.getByTestId('verdict').getAttribute('data-verdict'), 'duplicate');
  assert.match(await page.getByTestId('verdict').innerText(), /重复副作用/);
  assert.equal(await dataRows(page, 'table-reports'), 2);
  app.assertNoErrors(page);
  await page.context().close();
});

test('play under reduced motion still steps', async () => {
  const page = await app.open('#/lab?scenario=none&client=stable_key&server=atomic&seed=1&step=0&speed=4', {
    reducedMotion: 'reduce',
  });
  await page.getByTestId('play').click();
  await waitStep(page, 2);
  const anim = await page.evaluate(
    () => getComputedStyle(document.querySelector('svg.seq .step')).animationName,
  );
  assert.equal(anim, 'none');
  app.assertNoErrors(page);
  await page.context().close();
});

test('a bad step is clamped with a notice naming the parameter', async () => {
  const page = await app.open('#/lab?scenario=none&client=naive&server=naive&seed=1&step=999');
  await page.getByTestId('notice-step').waitFor();
  assert.match(await page.getByTestId('notice-step').innerText(), /step/);
  const total = Number(await page.getByTestId('step-index').getAttribute('data-total'));
  assert.equal(await stepIndex(page), total);
  app.assertNoErrors(page);
  await page.context().close();
});

async function cell(page, scenario, client) {
  const el = page.getByTestId(`cell-${scenario}-${client}`);
  await page.waitForFunction(
    (id) => /^\d+$/.test(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''),
    `cell-${scenario}-${client}`,
  );
  return Number(await el.innerText());
}

test('the matrix shows the outcomes the chapter claims, for two servers', async () => {
  const page = await app.open('#/lab/matrix?server=naive');
  assert.equal(await cell(page, 'response_lost', 'naive'), 2);
  assert.equal(await cell(page, 'response_lost', 'stable_key'), 2);
  assert.equal(await cell(page, 'none', 'business_key'), 1);
  assert.equal(
    await page.getByTestId('cell-response_lost-naive').getAttribute('data-verdict'),
    'duplicate',
  );
  // Switch server with the picker: the URL follows.
  await page.getByTestId('server-fenced').click();
  await page.waitForFunction(() => location.hash.includes('server=fenced'));
  assert.equal(await cell(page, 'response_lost', 'stable_key'), 1);
  assert.equal(await cell(page, 'lease_expired', 'stable_key'), 1);
  assert.equal(await cell(page, 'model_retry', 'stable_key'), 2);
  assert.equal(await cell(page, 'model_retry', 'business_key'), 1);
  assert.equal(await cell(page, 'response_lost', 'new_key'), 2);
  await page.getByTestId('matrix-elapsed').waitFor();
  app.assertNoErrors(page);
  await page.context().close();

  const leased = await app.open('#/lab/matrix?server=leased');
  assert.equal(await cell(leased, 'lease_expired', 'stable_key'), 2);
  assert.equal(await cell(leased, 'crash_between_commits', 'stable_key'), 1);
  app.assertNoErrors(leased);
  await leased.context().close();

  const split = await app.open('#/lab/matrix?server=key_split');
  assert.equal(await cell(split, 'crash_between_commits', 'stable_key'), 2);
  assert.equal(await cell(split, 'response_lost', 'stable_key'), 1);
  app.assertNoErrors(split);
  await split.context().close();
});

test('clicking a matrix cell opens that run at its end', async () => {
  const page = await app.open('#/lab/matrix?server=leased');
  const n = await cell(page, 'lease_expired', 'business_key');
  await page.getByTestId('cell-lease_expired-business_key').click();
  await page.waitForFunction(() => location.hash.startsWith('#/lab?'));
  const url = page.url();
  for (const part of ['scenario=lease_expired', 'client=business_key', 'server=leased', 'step=end']) {
    assert.ok(url.includes(part), `${part} in ${url}`);
  }
  await page.getByTestId('report-count').waitFor();
  assert.equal(await numberIn(page, 'report-count'), n);
  assert.ok(await page.locator('input[name="client"][value="business_key"]').isChecked());
  app.assertNoErrors(page);
  await page.context().close();
});
