// In-app links and field names end to end: the layer-counting questions open
// their #/amplify preset, which shows the number the explanation cites; the
// preset bar and view tabs open clean pages; and a notice on #/amplify names
// amplify's own field (seconds), not the herd's (milliseconds).
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

test('a bad base/cap on #/amplify names amplify\'s fields in seconds, on #/herd the herd\'s in ms', async () => {
  const page = await app.open('#/amplify?view=load&base=abc&cap=-1&trials=0');
  await page.getByTestId('notices').waitFor();
  const base = await page.getByTestId('notice-base').innerText();
  assert.match(base, /退避基数 base（秒）/);
  assert.doesNotMatch(base, /毫秒/);
  assert.match(await page.getByTestId('notice-cap').innerText(), /退避上限 cap（秒）/);
  assert.match(await page.getByTestId('notice-trials').innerText(), /逻辑调用次数/);
  app.assertNoErrors(page);
  await page.context().close();

  const en = await app.open('#/amplify?base=abc&lang=en');
  await en.getByTestId('notice-base').waitFor();
  assert.match(await en.getByTestId('notice-base').innerText(), /Backoff base \(s\)/);
  await en.context().close();

  const herd = await app.open('#/herd?base=abc');
  await herd.getByTestId('notice-base').waitFor();
  assert.match(await herd.getByTestId('notice-base').innerText(), /base（毫秒）/);
  await herd.context().close();
});

test('the layer-counting questions link the amplify preset that shows their number', async () => {
  for (const [id, answer] of [['three_layers', 27], ['amp_top_only', 4], ['amp_budget', 5]]) {
    const page = await app.open(`#/exercises?q=${id}`);
    // A numeric question shows no demo before it is answered.
    await page.getByTestId(`answer-${id}`).waitFor();
    assert.equal(await page.getByTestId(`demo-${id}`).count(), 0, id);
    await page.getByTestId(`answer-${id}`).fill(String(answer));
    await page.getByTestId(`submit-${id}`).click();
    assert.equal(await page.getByTestId(`result-${id}`).getAttribute('data-verdict'), 'right');
    await page.getByTestId(`demo-${id}`).click();
    await page.waitForFunction(
      (w) => Number(document.querySelector('[data-testid="amplification-expected"]')?.textContent) === w,
      answer,
      { timeout: 60000 },
    );
    assert.equal(await page.getByTestId('notices').count(), 0, id);
    app.assertNoErrors(page);
    await page.context().close();
  }
});

test('every preset and tab link of #/amplify opens a clean page', async () => {
  const page = await app.open('#/amplify');
  await page.getByTestId('preset-27').waitFor();
  const hrefs = await page
    .locator('.amp-presets a, nav.tabs a')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.equal(hrefs.length, 12, hrefs.join(' '));
  await page.context().close();
  for (const href of hrefs) {
    const p = await app.open(href);
    await p.locator('.amplify').waitFor();
    assert.equal(await p.getByTestId('notices').count(), 0, `${href} shows notices`);
    app.assertNoErrors(p);
    await p.context().close();
  }
  const p = await app.open('#/amplify');
  await p.getByTestId('preset-27').click();
  await p.waitForFunction(() => Number(document.querySelector('[data-testid="amplification-expected"]')?.textContent) === 27);
  assert.equal(await numberIn(p, 'amplification-expected'), 27);
  await p.context().close();
});
