// Each family of views is its own wasm (src/ui/families.rs), which the
// loader (static/boot.js) fetches when one of its routes is first opened:
// a route fetches only its family's file, the home page prefetches nothing,
// a pointer on a link prefetches that link's family (not when the browser
// asks to save data), coming back to a family never fetches it again, and a
// family that cannot be fetched says why: gone after a deploy, or offline.
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

/** The wasm files a page fetched, without their build stamp, in order. */
function wasmFetched(page) {
  return app
    .requests(page)
    .filter((u) => /\.wasm(\?|$)/.test(u))
    .map((u) => new URL(u).pathname.split('/').pop().replace(/-[0-9a-f]{10}\.wasm$/, '.wasm'));
}

/** The Chinese texts' files a page fetched, without their build stamp. */
function textsFetched(page) {
  return app
    .requests(page)
    .filter((u) => /\/i18n-zh-/.test(u))
    .map((u) => new URL(u).pathname.split('/').pop().replace(/-[0-9a-f]{10}\.json$/, '.json'));
}

/** Resolves once the view's own content (not the loading line) is drawn. */
async function viewDrawn(page) {
  await page.waitForFunction(
    () => {
      const c = document.querySelector('#content');
      return c && c.children.length > 0 && !c.querySelector(':scope > .boot-wait');
    },
    null,
    { timeout: 60000 },
  );
}

const ROUTES = [
  ['#/', 'home'],
  ['#/nope', 'home'],
  ['#/herd', 'herd'],
  ['#/amplify', 'amplify'],
  ['#/lab?scenario=response_lost&client=naive&server=naive&seed=1', 'lab'],
  ['#/lab/matrix?server=atomic', 'lab-matrix'],
  ['#//lab/build/', 'lab-build'],
  ['#/exercises', 'exercises'],
  ['#/exercises/builder', 'exercises-builder'],
];

/** A family's Chinese file: the lab's three views share the lab's, the
 *  set builder the exercises'. */
const textsOf = (family) => (family.startsWith('lab') ? 'lab' : family.startsWith('exercises') ? 'exercises' : family);

test('each route fetches only its own family’s wasm and texts, and only the lab’s routes the engine', async () => {
  for (const [hash, family] of ROUTES) {
    const page = await app.open(hash);
    await viewDrawn(page);
    // Idle time, in which nothing else may be fetched.
    await page.waitForTimeout(1500);
    const pages = wasmFetched(page).filter((f) => f.startsWith('page-'));
    assert.deepEqual(pages, [`page-${family}_bg.wasm`], `${hash}: ${wasmFetched(page).join(', ')}`);
    assert.deepEqual(textsFetched(page), [`i18n-zh-${textsOf(family)}.json`], `${hash}: its Chinese texts`);
    const engine = wasmFetched(page).includes('lab-engine_bg.wasm');
    if (family.startsWith('lab')) assert.ok(engine, `${hash}: the lab engine`);
    if (['home', 'herd', 'amplify'].includes(family)) assert.ok(!engine, `${hash}: the lab engine fetched`);
    assert.doesNotMatch(await page.locator('#app').innerText(), /⟦/, `${hash}: a text of another family`);
    app.assertNoErrors(page);
    await page.context().close();
  }
});

test('moving between families loads each once; coming back mounts it again without a fetch', async () => {
  const page = await app.open('#/herd');
  await viewDrawn(page);
  await page.getByTestId('nav-amplify').click();
  await page.getByTestId('amplify-help').waitFor({ timeout: 60000 });
  await page.getByTestId('nav-herd').click();
  await page.getByTestId('herd-mechanism').waitFor({ timeout: 60000 });
  await page.goBack();
  await page.getByTestId('amplify-help').waitFor({ timeout: 60000 });
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('nav-herd').click();
  await page.getByTestId('herd-mechanism').waitFor({ timeout: 60000 });
  // The language chosen on one family holds on the next.
  await page.waitForFunction(() => document.documentElement.lang === 'en', null, { timeout: 30000 });
  assert.deepEqual(wasmFetched(page).filter((f) => f.startsWith('page-')), ['page-herd_bg.wasm', 'page-amplify_bg.wasm']);
  assert.equal((await page.locator('.site-header').count()), 1, 'one shell on the page');
  app.assertNoErrors(page);
  await page.context().close();
});

test('the lab’s three views are three files sharing one engine and one texts file: each fetched once, the engine handed on', async () => {
  const page = await app.open('#/lab?scenario=response_lost&client=naive&server=naive&seed=1&step=end');
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.getByTestId('final-verdict').waitFor({ timeout: 60000 });
  await page.evaluate(() => (location.hash = '#/lab/matrix?server=atomic'));
  await page.getByTestId('matrix-elapsed').waitFor({ timeout: 60000 });
  await page.evaluate(() => (location.hash = '#/lab/build'));
  await page.locator('[data-testid="build-score"][data-design]').waitFor({ timeout: 60000 });
  await page.goBack();
  await page.getByTestId('matrix-elapsed').waitFor({ timeout: 60000 });
  await page.goBack();
  await page.getByTestId('final-verdict').waitFor({ timeout: 60000 });
  const pages = wasmFetched(page).filter((f) => f.startsWith('page-'));
  assert.deepEqual(pages, ['page-lab_bg.wasm', 'page-lab-matrix_bg.wasm', 'page-lab-build_bg.wasm']);
  assert.deepEqual(textsFetched(page), ['i18n-zh-lab.json']);
  // One engine: the run's, which each view took over from the last.
  assert.equal(wasmFetched(page).filter((f) => f === 'lab-engine_bg.wasm').length, 1);
  assert.deepEqual(workers, [], 'no second engine worker');
  assert.equal(page.workers().length, 1, page.workers().map((w) => w.url()).join(', '));
  app.assertNoErrors(page);
  await page.context().close();
});

test('leaving a lab view while its engine computes hands the engine on: the next view’s answers are its own', async () => {
  // The run's request is still being answered when the workbench opens:
  // its late reply reaches the workbench's family, which reads no run and
  // drops a reply to a request it never made.
  const page = await app.open('#/lab?scenario=lease_overlap&client=stable_key&server=leased&seed=3&step=end');
  await page.waitForFunction(() => document.querySelector('[data-testid="lab-pending"]') || document.querySelector('[data-testid="final-verdict"]'), null, { timeout: 60000 });
  await page.evaluate(() => (location.hash = '#/lab/build'));
  await page.locator('[data-testid="build-score"][data-design]').waitFor({ timeout: 60000 });
  assert.equal(await page.getByTestId('engine-unavailable').count(), 0);
  await page.evaluate(() => (location.hash = '#/lab?scenario=response_lost&client=naive&server=naive&seed=1&step=end'));
  await page.getByTestId('final-verdict').waitFor({ timeout: 60000 });
  assert.equal(wasmFetched(page).filter((f) => f === 'lab-engine_bg.wasm').length, 1);
  assert.equal(page.workers().length, 1, page.workers().map((w) => w.url()).join(', '));
  app.assertNoErrors(page);
  await page.context().close();
});

test('the home page prefetches nothing; a pointer on a link prefetches its family, and the engine for the lab', async () => {
  const page = await app.open('#/');
  await viewDrawn(page);
  await page.waitForTimeout(2000);
  assert.deepEqual(wasmFetched(page), ['page-home_bg.wasm']);
  await page.getByTestId('card-amplify').hover();
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /page-amplify_bg/.test(e.name)), null, { timeout: 10000 });
  await page.getByTestId('nav-lab').hover();
  for (let i = 0; i < 100 && !wasmFetched(page).includes('lab-engine_bg.wasm'); i++) await page.waitForTimeout(100);
  assert.ok(wasmFetched(page).includes('page-lab_bg.wasm'), wasmFetched(page).join(', '));
  assert.ok(wasmFetched(page).includes('lab-engine_bg.wasm'), wasmFetched(page).join(', '));
  // The prefetched files are the ones the view then uses: no second fetch.
  await page.evaluate(() => (location.hash = '#/lab?scenario=response_lost&client=naive&server=naive&seed=1&step=end'));
  await page.getByTestId('final-verdict').waitFor({ timeout: 60000 });
  assert.equal(wasmFetched(page).filter((f) => f === 'page-lab_bg.wasm').length, 1);
  assert.equal(wasmFetched(page).filter((f) => f === 'lab-engine_bg.wasm').length, 1, app.requests(page).join('\n'));
  app.assertNoErrors(page);
  await page.context().close();
});

test('where the browser asks to save data, a pointer on a link prefetches nothing', async () => {
  const page = await app.open('#/');
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) });
  });
  await page.reload();
  await viewDrawn(page);
  await page.getByTestId('nav-lab').hover();
  await page.getByTestId('card-amplify').hover();
  await page.waitForTimeout(1500);
  assert.deepEqual(wasmFetched(page).filter((f) => f !== 'page-home_bg.wasm'), []);
  app.assertNoErrors(page);
  await page.context().close();
});

test('a family whose file is gone after a deploy asks for a reload; one that cannot be reached says so within 3 s, and «重试» loads it', async () => {
  const page = await app.open('#/');
  await viewDrawn(page);
  app.failFiles((p) => /page-amplify/.test(p), 'gone');
  await page.getByTestId('nav-amplify').click();
  await page.getByTestId('boot-gone').waitFor({ timeout: 10000 });
  assert.match(await page.getByTestId('boot-gone').innerText(), /重新加载本页[\s\S]*Reloading the page/);
  await page.getByTestId('boot-reload').waitFor();
  await page.goBack();
  await viewDrawn(page);
  app.failFiles((p) => /page-amplify/.test(p), 'drop');
  const asked = Date.now();
  await page.getByTestId('nav-amplify').click();
  await page.getByTestId('boot-offline').waitFor({ timeout: 10000 });
  assert.ok(Date.now() - asked < 3000, `the offline message took ${Date.now() - asked} ms`);
  assert.match(await page.getByTestId('boot-offline').innerText(), /离线时这个视图不可用[\s\S]*not available offline/);
  app.failFiles(null);
  await page.getByTestId('boot-retry').click();
  await page.getByTestId('amplify-help').waitFor({ timeout: 60000 });
  await page.context().close();
});

test('a family whose texts are gone or unreadable draws nothing and says why; «重新加载» is offered', async () => {
  const page = await app.open('#/');
  await viewDrawn(page);
  app.failFiles((p) => /i18n-zh-herd/.test(p), 'gone');
  await page.getByTestId('nav-herd').click();
  await page.getByTestId('boot-gone').waitFor({ timeout: 10000 });
  await page.getByTestId('boot-reload').waitFor();
  app.failFiles(null);
  await page.close();
  // Another family's texts under this family's name (a host that serves the
  // wrong file): the wasm refuses them and the loader says it failed.
  const other = await app.open('#/');
  await viewDrawn(other);
  await other.route(/i18n-zh-amplify-[0-9a-f]+\.json$/, async (route) => {
    const home = app.requests(other).find((u) => /i18n-zh-home-/.test(u));
    const body = await (await fetch(home)).text();
    await route.fulfill({ status: 200, contentType: 'application/json', body });
  });
  await other.getByTestId('nav-amplify').click();
  await other.getByTestId('boot-load').waitFor({ timeout: 10000 });
  assert.match(await other.getByTestId('boot-load').innerText(), /the Chinese texts lack/);
  assert.equal(await other.getByTestId('amplify-help').count(), 0, 'nothing of the view is drawn');
  await other.context().close();
});
