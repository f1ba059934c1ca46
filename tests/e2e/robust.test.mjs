// Robustness: bounded notices for hostile hashes, the worst-case work cap,
// workers that fail or fall silent, and 200 random hashes from a fixed seed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openTableView } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

test('a megabyte of bad parameters gives at most 20 notices and «and N more»', async () => {
  const keys = Array.from({ length: 60000 }, (_, i) => `k${i}=%E6%83%8A${'x'.repeat(5)}`).join('&');
  const hash = `#/herd?clients=abc&${'a=&'.repeat(20000)}${keys}`;
  assert.ok(hash.length > 1_000_000);
  const page = await app.open(hash);
  await page.getByTestId('notices').first().waitFor();
  const items = await page.locator('[data-testid="notices"] li').count();
  assert.ok(items <= 21 * 2, `${items} list items`); // page and shell lists
  assert.match(await page.getByTestId('notice-more').innerText(), /还有 \d+ 条/);
  assert.match(await page.getByTestId('notice-clients').innerText(), /abc/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('lockstep clients are capped by the worst case, with a notice', async () => {
  const page = await app.open('#/herd?clients=1000&base=0&net_sd=0');
  await page.getByTestId('notice-trials').waitFor();
  assert.match(await page.getByTestId('notice-trials').innerText(), /28/);
  await page.context().close();
});

/** Herd worker scripts that fail: one answers every point with an error, one never answers. */
const BROKEN_WORKERS = [
  ['replies with an error', `self.onmessage = (e) => {
    if (e.data instanceof WebAssembly.Module) { self.postMessage("ready"); return; }
    self.postMessage(JSON.stringify({ error: "stub: broken worker" }));
  };`],
  ['never replies', `self.onmessage = (e) => {
    if (e.data instanceof WebAssembly.Module) self.postMessage("ready");
  };`],
];

const SWEEP = '#/herd?view=sweep&n_from=10&n_to=30&n_step=10&trials=5&seed=3&strategies=none,full';

async function sweepNumbers(page) {
  await openTableView(page, 'table-view-calls');
  await openTableView(page, 'table-view-time');
  return page.locator('[data-testid^="sweep-table-"]').evaluateAll((ts) =>
    ts.map((t) => [...t.querySelectorAll('tbody td')].map((c) => c.textContent)));
}

for (const [name, script] of BROKEN_WORKERS) {
  test(`a sweep whose worker ${name} finishes on the main thread`, async () => {
    app.replaceFile('/herd-worker.js', script);
    try {
      const page = await app.open(SWEEP);
      await page.getByTestId('sweep-elapsed').waitFor({ timeout: 30000 });
      assert.equal(await page.getByTestId('sweep-engine').getAttribute('data-engine'), 'main');
      assert.equal(await page.locator('[data-testid="sweep-state"][data-state="running"]').count(), 0);
      const stubbed = await sweepNumbers(page);
      app.assertNoErrors(page);
      await page.context().close();
      // The same numbers as real workers compute.
      app.replaceFile('/herd-worker.js', null);
      const real = await app.open(SWEEP);
      await real.getByTestId('sweep-elapsed').waitFor({ timeout: 30000 });
      assert.deepEqual(await sweepNumbers(real), stubbed);
      await real.context().close();
    } finally {
      app.replaceFile('/herd-worker.js', null);
    }
  });
}

const RUN = '#/herd?clients=40&trials=6&seed=5&strategies=none,full';

async function runTable(page) {
  return page.locator('.herd-results').evaluate((t) => [...t.querySelectorAll('td')].map((c) => c.textContent));
}

for (const [name, script] of BROKEN_WORKERS) {
  test(`a run view whose worker ${name} finishes on the main thread`, async () => {
    app.replaceFile('/herd-worker.js', script);
    try {
      const page = await app.open(RUN);
      await page.getByTestId('run-done').waitFor({ timeout: 30000 });
      assert.equal(await page.getByTestId('run-done').getAttribute('data-engine'), 'main');
      await page.getByTestId('hist-none').waitFor();
      const stubbed = await runTable(page);
      app.assertNoErrors(page);
      await page.context().close();
      app.replaceFile('/herd-worker.js', null);
      const real = await app.open(RUN);
      await real.getByTestId('run-done').waitFor({ timeout: 30000 });
      assert.equal(await real.getByTestId('run-done').getAttribute('data-engine'), 'workers');
      assert.deepEqual(await runTable(real), stubbed);
      await real.context().close();
    } finally {
      app.replaceFile('/herd-worker.js', null);
    }
  });
}

/** A small deterministic generator (mulberry32). */
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomHash(r) {
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const paths = ['/herd', '/lab', '/lab/matrix', '/exercises', '/', '/nowhere', '/herd/'];
  const keys = ['view', 'clients', 'trials', 'seed', 'strategies', 'base', 'cap', 'net_sd', 'n_from',
    'n_to', 'n_step', 'scenario', 'client', 'server', 'step', 'speed', 'q', 'lang', 'embed', 'zz', '%E6'];
  const values = () => pick([
    String(Math.floor(r() * 2000) - 500), '1e999', '-0', 'NaN', '%', '%zz', '%E6%83%8A', '惊群',
    'sweep', 'run', 'end', 'en', '1', 'none,full', 'full,,bogus', '', '9'.repeat(30), 'x'.repeat(300),
    'response_lost', 'fenced', 'three_layers',
  ]);
  const n = Math.floor(r() * 8);
  const q = Array.from({ length: n }, () => `${pick(keys)}=${values()}`).join('&');
  return `#${pick(paths)}?${q}`;
}

test('200 random hashes from a fixed seed: a rendered page, no error, no request leaving it', async () => {
  const r = rng(20261130);
  const page = await app.open('#/');
  for (let i = 0; i < 200; i++) {
    const hash = randomHash(r);
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.locator('#app .shell .page > *').first().waitFor({ timeout: 10000 });
    assert.equal(await page.getByTestId('panic').count(), 0, hash);
    const notices = await page.locator('[data-testid="notices"] li').count();
    assert.ok(notices <= 42, `${hash}: ${notices} notices`);
  }
  // Stop any computation the last page started, then check the log.
  await page.evaluate(() => { location.hash = '#/'; });
  app.assertNoErrors(page);
  const outside = app.requests(page).filter((u) => !u.startsWith(app.origin));
  assert.deepEqual(outside, []);
  await page.context().close();
});

test('«复制嵌入代码» gives a snippet that embeds the current view and resizes its frame', async () => {
  const page = await app.open('#/exercises?q=three_layers');
  await page.getByTestId('copy-embed').click();
  const code = await page.getByTestId('embed-code').inputValue();
  assert.match(code, /index\.html#\/exercises\?q=three_layers&amp;embed=1"/);
  assert.match(code, /retry-lab:height/);
  await page.context().close();

  const host = await app.openHostHtml(() =>
    `<!doctype html><meta charset="utf-8"><title>course</title><h1>Course page</h1>\n${code}`);
  await host.frameLocator('iframe').getByTestId('exercise-three_layers').waitFor();
  await host.waitForFunction(() => document.querySelector('iframe').height !== '600', null, { timeout: 15000 });
  const h = Number(await host.locator('iframe').getAttribute('height'));
  assert.ok(h > 100, `frame height ${h}`);
  assert.equal(await host.frameLocator('iframe').locator('.site-header').count(), 0, 'embedded layout');
  app.assertNoErrors(host);
  await host.context().close();
});
