// Links inside an embed stay in the embed: every in-app link carries the
// shell's `embed=1` and an explicit `lang`, so clicking one in a course
// page's iframe keeps the compact layout, the language and the height
// messages to the host page.
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

/** The app's frame inside a host page. */
function appFrame(host) {
  const frame = host.frames().find((f) => f.url().includes('/index.html'));
  assert.ok(frame, 'no app frame');
  return frame;
}

/** Every in-app link on the page. */
async function inAppHrefs(page) {
  return page.locator('a[href^="#"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
}

test("an embedded question's demo link opens the demo as an embed, still reporting its height", async () => {
  const host = await app.openHost('#/exercises?q=three_layers&embed=1');
  const frame = host.frameLocator('#demo');
  await frame.getByTestId('exercise-three_layers').waitFor({ timeout: 30000 });
  // A numeric question links its demo only once answered.
  assert.equal(await frame.getByTestId('demo-three_layers').count(), 0);
  await frame.getByTestId('answer-three_layers').fill('27');
  await frame.getByTestId('submit-three_layers').click();
  const demo = frame.getByTestId('demo-three_layers');
  await demo.waitFor();
  assert.match(await demo.getAttribute('href'), /^#\/amplify\?.*embed=1/);
  await host.waitForFunction(() => window.__heights.length > 0);
  const posted = await host.evaluate(() => window.__heights.length);

  await demo.click();
  await frame.locator('section.amplify.amp-embed').waitFor({ timeout: 30000 });
  const hash = await appFrame(host).evaluate(() => location.hash);
  assert.match(hash, /^#\/amplify\?.*embed=1/);
  assert.equal(await frame.locator('.site-header').count(), 0, 'no header in the frame');
  assert.equal(await frame.locator('.shell.embed').count(), 1, 'compact layout');
  // The new page's height reaches the host page and sizes the frame.
  await host.waitForFunction((n) => window.__heights.length > n, posted, { timeout: 10000 });
  await host.waitForTimeout(300);
  const last = await host.evaluate(() => window.__heights.at(-1));
  const box = await host.locator('#demo').boundingBox();
  assert.ok(Math.abs(box.height - last) < 2, `iframe ${box.height} vs posted ${last}`);
  // And its own links (tabs, presets) stay embedded too.
  const hrefs = await inAppHrefs(appFrame(host));
  assert.ok(hrefs.length >= 5, hrefs.join(' '));
  assert.ok(hrefs.every((h) => /(\?|&)embed=1(&|$)/.test(h)), hrefs.join(' '));
  app.assertNoErrors(host);
  await host.context().close();
});

test("a lab embed's fix link and its matrix links keep the embed", async () => {
  const page = await app.open('#/lab?scenario=response_lost&client=naive&server=naive&seed=1&step=end&embed=1');
  const fix = page.getByTestId('fix-link');
  await fix.waitFor();
  assert.match(await fix.getAttribute('href'), /embed=1/);
  await fix.click();
  await page.waitForFunction(() => !location.hash.includes('client=naive&server=naive'));
  await page.getByTestId('final-verdict').waitFor();
  assert.equal(await page.getByTestId('final-verdict').getAttribute('data-count'), '1');
  assert.match(page.url(), /embed=1/);
  assert.equal(await page.locator('.site-header').count(), 0);

  await page.getByTestId('to-matrix').click();
  await page.locator('section.matrix.compact').waitFor();
  assert.match(page.url(), /#\/lab\/matrix\?.*embed=1/);
  const cell = page.locator('[data-testid^="cell-"][data-reports]').first();
  await cell.waitFor({ timeout: 30000 });
  assert.match(await cell.getAttribute('href'), /step=end.*embed=1/);
  assert.match(await page.getByTestId('to-run').getAttribute('href'), /embed=1/);
  await cell.click();
  await page.getByTestId('final-verdict').waitFor();
  assert.match(page.url(), /#\/lab\?.*embed=1/);
  assert.equal(await page.locator('.site-header').count(), 0);
  app.assertNoErrors(page);
  await page.context().close();
});

test('an English embed links in English: every in-app link keeps lang=en and embed=1', async () => {
  const page = await app.open('#/exercises?q=three_layers&embed=1&lang=en');
  await page.getByTestId('answer-three_layers').fill('27');
  await page.getByTestId('submit-three_layers').click();
  await page.getByTestId('demo-three_layers').waitFor();
  for (const [hash, shown] of [
    [null, 'demo-three_layers'],
    ['#/?embed=1&lang=en', 'card-amplify'],
    ['#/amplify?embed=1&lang=en', 'preset-codex'],
    ['#/lab?scenario=response_lost&client=naive&server=naive&seed=1&step=end&embed=1&lang=en', 'fix-link'],
  ]) {
    if (hash) await page.evaluate((h) => { location.hash = h; }, hash);
    await page.getByTestId(shown).waitFor();
    const hrefs = await inAppHrefs(page);
    assert.ok(hrefs.length >= 1, `${hash}: no links`);
    const bad = hrefs.filter((h) => !/(\?|&)lang=en(&|$)/.test(h) || !/(\?|&)embed=1(&|$)/.test(h));
    assert.deepEqual(bad, [], `${hash}: links leaving the English embed`);
  }
  await page.getByTestId('fix-link').click();
  await page.waitForFunction(() => !location.hash.includes('client=naive&server=naive'));
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.match(page.url(), /lang=en/);
  assert.equal(await page.locator('.site-header').count(), 0);
  app.assertNoErrors(page);
  await page.context().close();
});

test('outside an embed, links carry neither embed nor a language the student did not choose', async () => {
  const page = await app.open('#/exercises?q=three_layers');
  await page.getByTestId('answer-three_layers').fill('27');
  await page.getByTestId('submit-three_layers').click();
  await page.getByTestId('demo-three_layers').waitFor();
  const hrefs = await inAppHrefs(page);
  assert.ok(hrefs.length >= 5, hrefs.join(' '));
  assert.ok(hrefs.every((h) => !/embed=|lang=/.test(h)), hrefs.join(' '));
  app.assertNoErrors(page);
  await page.context().close();
});
