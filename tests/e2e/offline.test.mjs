// Offline: with a service worker (static/sw.js; the harness serves on
// 127.0.0.1, a secure context) every view opens and computes offline, in
// the open tab and in a fresh load; a new deploy shows «新版本可用，刷新» and
// its button reloads the tab under the new build. Without a service worker
// (plain http in a classroom; the host sends `Cache-Control: no-cache`),
// every view shows its numbers or says it is offline within 3 s, and the
// herd computes on the main thread when its worker script cannot be
// fetched.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, DIST } from './harness.mjs';

let app;
before(async () => {
  app = await startApp({ headers: { 'cache-control': 'no-cache' } });
});
after(async () => {
  await app?.close();
});

const SW = { serviceWorkers: 'allow' };

// Each view, and what it shows once it computed: a number in an element
// with a data-testid (the lab run's verdict, the workbench's score).
const VIEWS = [
  ['herd', '#/herd?clients=40&trials=6&seed=5&strategies=none,full', 'calls-none'],
  ['amplify', '#/amplify?view=fanout&layers=3,3,3&p=1&trials=100&seed=1', 'amplification'],
  ['lab run', '#/lab?scenario=response_lost&client=naive&server=naive&seed=1&step=end', 'final-verdict'],
  ['matrix', '#/lab/matrix?server=atomic', 'matrix-elapsed'],
  ['workbench', '#/lab/build', 'build-score'],
  ['exercises', '#/exercises?section=wait', 'exercises-score'],
  ['set builder', '#/exercises/builder', 'builder-count'],
];

/** Waits until `testId` shows a number (or, with `offline`, an offline
 *  message instead), at most `timeout` ms; returns what it found. */
async function computed(page, testId, { timeout = 120000, offline = false } = {}) {
  const found = await page.waitForFunction(
    ([id, off]) => {
      if (off) {
        for (const msg of ['boot-offline', 'engine-unavailable']) {
          if (document.querySelector(`[data-testid="${msg}"]`)) return msg;
        }
      }
      const el = document.querySelector(`[data-testid="${id}"]`);
      const busy = document.querySelector('[data-testid="build-progress"], [data-testid="engine-status"]');
      return el && !busy && /\d/.test(el.textContent + (el.getAttribute('data-total') ?? '')) ? id : null;
    },
    [testId, offline],
    { timeout },
  );
  return found.jsonValue();
}

async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller, null, { timeout: 120000 });
}

async function go(page, hash) {
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
}

test('with a service worker, every view opens and computes offline, in the tab and in a fresh load', async () => {
  const page = await app.open('#/', SW);
  await controlled(page);
  const context = page.context();
  await context.setOffline(true);
  // Everything the page and its workers load from now on comes from the
  // service worker's cache.
  const network = [];
  page.on('response', (r) => {
    if (r.url().startsWith(app.origin) && !r.fromServiceWorker()) network.push(r.url());
  });
  try {
    for (const [name, hash, id] of VIEWS) {
      await go(page, hash);
      assert.equal(await computed(page, id), id, name);
    }
    for (const [name, hash, id] of VIEWS) {
      await page.goto('about:blank');
      await page.goto(`${app.origin}/index.html${hash}`);
      assert.equal(await computed(page, id), id, `${name}, loaded offline`);
    }
    // The herd's numbers came from its workers, which the cache served too.
    await page.goto('about:blank');
    await page.goto(`${app.origin}/index.html${VIEWS[0][1]}`);
    await page.getByTestId('run-done').waitFor({ timeout: 60000 });
    assert.equal(await page.getByTestId('run-done').getAttribute('data-engine'), 'workers');
    assert.deepEqual(network, []);
    app.assertNoErrors(page);
  } finally {
    await context.setOffline(false);
    await context.close();
  }
});

/** sw.js as another deploy would send it (another content hash, so another cache). */
function nextDeploySw() {
  const sw = fs.readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  const next = sw.replace(/const CONTENT = "[0-9a-f]+"/, 'const CONTENT = "0000000000"');
  assert.notEqual(next, sw, 'sw.js carries no content hash');
  return next;
}

for (const [trigger, act] of [
  ['a family switch', (page) => go(page, '#/amplify?view=fanout&layers=3,3&p=1&trials=10&seed=1')],
  ['the tab shown again', (page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))],
]) {
  test(`a deploy while a tab is open (learnt on ${trigger}) shows «新版本可用，刷新»; the button reloads under the new build`, async () => {
    const page = await app.open('#/', SW);
    await controlled(page);
    const before = await page.evaluate(() => caches.keys());
    assert.equal(before.length, 1, before.join(', '));
    app.replaceFile('/sw.js', nextDeploySw());
    try {
      await act(page);
      const notice = page.getByTestId('update-notice');
      await notice.waitFor({ timeout: 60000 });
      assert.match(await notice.innerText(), /新版本可用，刷新[\s\S]*A new version is available/);
      // Outside #app, at the top of the body.
      assert.equal(await page.evaluate(() => document.body.firstElementChild.dataset.testid), 'update-notice');
      // Meanwhile the tab keeps its build: both caches are there.
      assert.equal((await page.evaluate(() => caches.keys())).length, 2);
      const reloaded = page.waitForEvent('load', { timeout: 60000 });
      await page.getByTestId('update-reload').click();
      await reloaded;
      await page.waitForSelector('#app .shell', { timeout: 30000 });
      await controlled(page);
      const after = await page.evaluate(() => caches.keys());
      assert.equal(after.length, 1, after.join(', '));
      assert.match(after[0], /-0000000000$/);
      assert.equal(await page.getByTestId('update-notice').count(), 0);
      app.assertNoErrors(page);
    } finally {
      app.replaceFile('/sw.js', null);
      await page.context().close();
    }
  });
}

test("one context's service worker never serves another context's files", async () => {
  const first = await app.open('#/', SW);
  await controlled(first);
  const file = await first.evaluate(() => globalThis.retryLabFiles['herd-worker']);
  app.replaceFile('/herd-worker.js', '// another build\n');
  try {
    const second = await app.open('#/', SW);
    await controlled(second);
    const read = (page) => page.evaluate((u) => fetch(u).then((r) => r.text()), file);
    assert.equal(await read(second), '// another build\n');
    assert.notEqual(await read(first), '// another build\n');
    await second.context().close();
  } finally {
    app.replaceFile('/herd-worker.js', null);
    await first.context().close();
  }
});

test('without a service worker, each view shows its numbers or says it is offline within 3 s', async () => {
  const page = await app.open('#/');
  assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null);
  await page.context().setOffline(true);
  try {
    for (const [name, hash, id] of VIEWS) {
      const asked = Date.now();
      await go(page, hash);
      const found = await computed(page, id, { timeout: 10000, offline: true });
      assert.ok(Date.now() - asked < 3000, `${name}: ${found} after ${Date.now() - asked} ms`);
      if (found === 'boot-offline') {
        assert.match(await page.getByTestId('boot-offline').innerText(), /离线时这个视图不可用[\s\S]*not available offline/);
      }
    }
  } finally {
    await page.context().close();
  }
});

/** Prefetches the family of the nav link `link` (a pointer on it), online. */
async function prefetch(page, link, file) {
  await page.getByTestId(link).hover();
  await page.waitForFunction(
    (f) => performance.getEntriesByType('resource').some((e) => e.name.includes(f) && e.responseEnd > 0),
    file,
    { timeout: 30000 },
  );
  await page.waitForTimeout(500);
}

test('the herd, loaded online, computes on the main thread when its worker script cannot be fetched offline', async () => {
  const page = await app.open('#/');
  await prefetch(page, 'nav-herd', 'page-herd_bg');
  await page.context().setOffline(true);
  try {
    const asked = Date.now();
    await go(page, VIEWS[0][1]);
    await page.getByTestId('run-done').waitFor({ timeout: 30000 });
    const took = Date.now() - asked;
    assert.equal(await page.getByTestId('run-done').getAttribute('data-engine'), 'main');
    assert.equal(await computed(page, 'calls-none', { timeout: 1000 }), 'calls-none');
    assert.ok(took < 15000, `the numbers took ${took} ms`);
    // Every further run (a new job, new workers that fail) falls back as
    // fast: before the fix, a worker failing right after the page's last
    // slice of the traces left the job waiting forever, in most runs.
    for (const n of [30, 31, 32]) {
      const again = Date.now();
      await go(page, `#/herd?clients=${n}&trials=4&seed=6&strategies=none,full`);
      await page.waitForFunction(
        (n) => document.querySelector('[data-testid="run-done"]')?.textContent.includes(`N = ${n}`),
        n,
        { timeout: 30000 },
      );
      assert.ok(Date.now() - again < 15000, `run N = ${n} took ${Date.now() - again} ms`);
      assert.equal(await page.getByTestId('run-done').getAttribute('data-engine'), 'main');
    }
  } finally {
    await page.context().close();
  }
});

test('the lab, loaded online without its engine, says within 3 s that it is unavailable offline', async () => {
  const page = await app.open('#/');
  // The lab's page arrives; its engine's files do not (the network drops).
  app.failFiles((p) => /lab-worker|lab-engine/.test(p), 'drop');
  try {
    await prefetch(page, 'nav-lab', 'page-lab_bg');
  } finally {
    app.failFiles(null);
  }
  await page.context().setOffline(true);
  try {
    const asked = Date.now();
    await go(page, VIEWS[2][1]);
    await page.getByTestId('engine-unavailable').waitFor({ timeout: 10000 });
    assert.ok(Date.now() - asked < 3000, `the lab took ${Date.now() - asked} ms to say so`);
    assert.equal(await page.getByTestId('engine-unavailable').getAttribute('data-cause'), 'offline');
  } finally {
    await page.context().close();
  }
});
