// The harness as a design in the run view (#/lab?harness=…): the picker
// and the written spec, a bad token's notice, and the timeline's layers:
// an SDK retry inside the harness's attempt, with the wait before it.
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

const SDK = '#/lab?scenario=retry_after_503&harness=chapter,sdk&server=fenced&seed=1&step=end';

test('a harness spec opens with its spec shown and each layer on the timeline', async () => {
  const page = await app.open(SDK);
  await page.getByTestId('final-verdict').waitFor();
  // No preset is this harness: the picker names the spec, the field holds it.
  assert.equal(await page.locator('input[name="client"]:checked').count(), 0);
  assert.match(await page.getByTestId('chosen-client').innerText(), /chapter,sdk/);
  assert.equal(await page.getByTestId('harness-spec').inputValue(), 'chapter,sdk');
  assert.match(page.url(), /harness=chapter,sdk/);
  assert.doesNotMatch(page.url(), /client=/);
  // The 503 is retried by the SDK inside the harness's first attempt.
  const layers = page.getByTestId('layers');
  await layers.waitFor();
  const sdk = layers.locator('tr[data-layer="sdk"]').first();
  await sdk.waitFor();
  const id = (await sdk.getAttribute('data-testid')).replace('layer-', '');
  assert.ok(Number(await page.getByTestId(`layer-${id}-sdk`).innerText()) >= 1);
  assert.equal(await page.getByTestId(`layer-${id}-attempt`).innerText(), '1');
  assert.match(await page.getByTestId(`layer-${id}-wait`).innerText(), /\d/);
  assert.match(await page.getByTestId(`layer-${id}-cause`).innerText(), /SDK/);
  // The sequence diagram's request arrows name their layer too.
  assert.match(await page.locator('.seq-wrap').textContent(), /harness 第 1 次尝试 · SDK 第 1 次重试/);
  // The first request is the harness's first attempt, with no wait before it.
  assert.equal(await layers.locator('tr[data-testid="layer-0"]').getAttribute('data-layer'), 'harness');
  app.assertNoErrors(page);
  await page.context().close();
});

test('picking a preset writes harness=, and a bad token in the spec is a notice', async () => {
  const page = await app.open(SDK);
  await page.getByTestId('final-verdict').waitFor();
  await page.getByTestId('fold-client').locator('summary').click();
  await page.locator('input[name="client"][value="careful"]').check();
  await page.waitForFunction(() => location.hash.includes('harness=careful'));
  assert.equal(await page.getByTestId('harness-spec').inputValue(), 'careful');
  const spec = page.getByTestId('harness-spec');
  await spec.fill('chapter,warp');
  await spec.press('Enter');
  await spec.blur();
  await page.getByTestId('notice-harness').waitFor();
  assert.match(await page.getByTestId('notice-harness').innerText(), /warp/);
  await page.waitForFunction(() => /harness=chapter(&|$)/.test(location.hash));
  assert.equal(await spec.inputValue(), 'chapter');
  app.assertNoErrors(page);
  await page.context().close();
});

test('an old client= link opens the same run and is rewritten as harness=', async () => {
  const page = await app.open('#/lab?scenario=response_lost&client=stable_key&server=fenced&seed=1&step=4');
  await page.getByTestId('report-count').waitFor();
  assert.ok(await page.locator('input[name="client"][value="stable_key"]').isChecked());
  await page.waitForFunction(() => location.hash.includes('harness=stable_key'));
  assert.doesNotMatch(page.url(), /client=/);
  assert.equal(await page.getByTestId('notices').count(), 0);
  await page.context().close();
});

test('the matrix adds every harness preset and a custom harness as columns', async () => {
  const page = await app.open('#/lab/matrix?harnesses=all&harness=chapter,sdk');
  for (const id of ['naive', 'sdk_default', 'urllib3_reads_only', 'chapter', 'chapter,sdk']) {
    await page.locator(`[data-testid="cell-none-${id}"][data-reports]`).waitFor({ timeout: 30000 });
  }
  assert.equal(await page.getByTestId('harnesses-all').getAttribute('aria-pressed'), 'true');
  const href = await page.locator('[data-testid="cell-none-chapter,sdk"]').getAttribute('href');
  assert.match(href, /harness=chapter,sdk/);
  app.assertNoErrors(page);
  await page.context().close();
});
