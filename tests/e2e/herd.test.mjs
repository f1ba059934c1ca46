// The thundering-herd page (#/herd) end to end: a deep link renders the same
// numbers as the `herd` CLI, the language switch, bad input, the sweep's
// start/cancel, the sweep in Web Workers and its main-thread fallback (same
// numbers as the CLI), and the full default sweep's time and longest
// main-thread task.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp, numberIn } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** The `herd` binary built by `cargo test`/`cargo build`, if any. */
function herdBinary() {
  const target = process.env.CARGO_TARGET_DIR || path.join(root, 'target');
  return ['release', 'debug']
    .map((p) => path.join(target, p, 'herd'))
    .find((p) => fs.existsSync(p));
}

/** Runs the `herd` CLI and returns its stdout. */
function cli(args) {
  const bin = herdBinary();
  return bin
    ? execFileSync(bin, args, { encoding: 'utf8' })
    : execFileSync('cargo', ['run', '--quiet', '--bin', 'herd', '--', ...args], {
        cwd: root,
        encoding: 'utf8',
      });
}

/** `herd sweep` CSV rows as { "N strategy": { calls, time } }. */
function cliSweep(args) {
  const [header, ...rows] = cli(['sweep', ...args]).trim().split('\n');
  assert.equal(header, 'clients,strategy,mean_time_ms,mean_calls');
  return Object.fromEntries(
    rows.map((r) => {
      const [n, s, time, calls] = r.split(',');
      return [`${n} ${s}`, { time: Number(time), calls: Number(calls) }];
    }),
  );
}

/** A sweep table as { "N strategy": number }, columns in `strategies` order. */
async function sweepTable(page, id, strategies) {
  const rows = await page
    .getByTestId(`sweep-table-${id}`)
    .evaluate((t) => [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent)));
  const out = {};
  for (const [n, ...cells] of rows) {
    cells.forEach((c, i) => {
      out[`${n} ${strategies[i]}`] = Number(c.replace(/[,\s\u00a0]/g, ''));
    });
  }
  return out;
}

/** `herd run` CSV rows as { strategy: { calls, time } }. */
function cliPoint(args) {
  const out = cli(['run', ...args]);
  const [header, ...rows] = out.trim().split('\n');
  assert.equal(header, 'clients,strategy,mean_time_ms,mean_calls');
  return Object.fromEntries(
    rows.map((r) => {
      const [, s, time, calls] = r.split(',');
      return [s, { time: Number(time), calls: Number(calls) }];
    }),
  );
}

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

test('deep link renders the numbers the CLI prints for the same parameters', async () => {
  const page = await app.open('#/herd?clients=50&trials=20&seed=7&strategies=full,exponential');
  await page.getByTestId('calls-full').waitFor({ timeout: 60000 });
  await page.getByTestId('time-exponential').waitFor({ timeout: 60000 });
  const ui = {
    full: { calls: await numberIn(page, 'calls-full'), time: await numberIn(page, 'time-full') },
    exponential: {
      calls: await numberIn(page, 'calls-exponential'),
      time: await numberIn(page, 'time-exponential'),
    },
  };
  const cli = cliPoint(['--clients', '50', '--trials', '20', '--seed', '7', '--strategies', 'full,exponential']);
  for (const s of ['full', 'exponential']) {
    // The page shows one decimal, the CLI three.
    assert.ok(Math.abs(ui[s].calls - cli[s].calls) <= 0.051, `${s} calls: ${ui[s].calls} vs ${cli[s].calls}`);
    assert.ok(Math.abs(ui[s].time - cli[s].time) <= 0.051, `${s} time: ${ui[s].time} vs ${cli[s].time}`);
  }
  // The golden values of tests/herd_golden.rs.
  assert.equal(ui.full.calls, 333.5);
  assert.equal(ui.exponential.calls, 622.9);
  // Only the selected strategies, and the charts of trial 1.
  assert.equal(await page.getByTestId('calls-none').count(), 0);
  await page.getByTestId('hist-full').waitFor();
  await page.getByTestId('timeline-exponential').waitFor();
  // The URL keeps every parameter (normalised) so a reload reproduces the run.
  assert.match(page.url(), /clients=50/);
  assert.match(page.url(), /seed=7/);
  assert.match(page.url(), /strategies=exponential%2Cfull|strategies=exponential,full/);
  await page.reload();
  await page.getByTestId('calls-full').waitFor({ timeout: 60000 });
  assert.equal(await numberIn(page, 'calls-full'), 333.5);
  app.assertNoErrors(page);
  await page.context().close();
});

test('language switch shows English labels with the same numbers', async () => {
  const page = await app.open('#/herd?clients=30&trials=5&seed=3&strategies=none,full');
  await page.getByTestId('calls-none').waitFor({ timeout: 60000 });
  const before = await numberIn(page, 'calls-none');
  assert.match(await page.locator('h1').innerText(), /惊群/);
  await page.getByTestId('lang-switch').click();
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.match(await page.locator('h1').innerText(), /Thundering herd/);
  assert.match(await page.locator('.herd-results').innerText(), /Mean calls/);
  assert.match(await page.locator('.herd-results').innerText(), /No backoff/);
  assert.equal(await numberIn(page, 'calls-none'), before);
  app.assertNoErrors(page);
  await page.context().close();
});

test('bad URL and form values are clamped with a notice naming the parameter', async () => {
  const page = await app.open('#/herd?clients=0&trials=abc&net_sd=NaN&strategies=full,bogus');
  await page.getByTestId('calls-full').waitFor({ timeout: 60000 });
  for (const p of ['clients', 'trials', 'net_sd', 'strategies']) {
    assert.ok(await page.getByTestId(`notice-${p}`).count() > 0, `notice for ${p}`);
  }
  assert.match(await page.getByTestId('notice-clients').first().innerText(), /1–1000/);
  await page.getByTestId('input-clients').fill('99999');
  await page.getByTestId('input-clients').press('Tab');
  await page.waitForFunction(() => /clients=1000&/.test(location.hash));
  assert.equal(await page.getByTestId('input-clients').inputValue(), '1000');
  await page.getByTestId('notice-clients').first().waitFor();
  // A second strategy, then 1000 trials: at worst 1000·1001/2 writes per
  // trial × 2 strategies allow 99 trials under the 10⁸-write cap, so trials
  // are clamped with a notice.
  await page.getByTestId('strategy-equal').check();
  await page.waitForFunction(() => /strategies=full%2Cequal|strategies=full,equal/.test(location.hash));
  await page.getByTestId('input-trials').fill('1000');
  await page.getByTestId('input-trials').press('Tab');
  await page.getByTestId('notice-trials').first().waitFor();
  assert.match(await page.getByTestId('notice-trials').first().innerText(), /1–99\b/);
  await page.waitForFunction(() => /trials=99&/.test(location.hash));
  // Garbage in a float field falls back to the default, with a notice.
  await page.getByTestId('input-net_mean').fill('-5');
  await page.getByTestId('input-net_mean').press('Tab');
  await page.getByTestId('notice-net_mean').first().waitFor();
  assert.equal(await page.getByTestId('input-net_mean').inputValue(), '0');
  // A new random seed goes into the URL.
  const seedBefore = await page.getByTestId('input-seed').inputValue();
  await page.getByTestId('seed-random').click();
  await page.waitForFunction((s) => !location.hash.includes(`seed=${s}&`), seedBefore);
  app.assertNoErrors(page);
  await page.context().close();
});

test('a sweep can be cancelled and started again', async () => {
  const page = await app.open('#/herd?view=sweep&trials=100');
  await page.getByTestId('sweep-progress').waitFor();
  await page.getByTestId('sweep-cancel').click();
  await page.waitForSelector('[data-testid="sweep-state"][data-state="cancelled"]');
  const cancelledAt = await page.getByTestId('sweep-progress').evaluate((e) => e.value);
  assert.ok(cancelledAt < 1, `cancelled at ${cancelledAt}`);
  await page.waitForTimeout(300);
  assert.equal(await page.getByTestId('sweep-progress').evaluate((e) => e.value), cancelledAt);
  await page.getByTestId('sweep-start').click();
  await page.waitForSelector('[data-testid="sweep-state"][data-state="running"]');
  await page.getByTestId('sweep-cancel').click();
  await page.waitForSelector('[data-testid="sweep-state"][data-state="cancelled"]');
  app.assertNoErrors(page);
  await page.context().close();
});

const SMALL_SWEEP = 'view=sweep&n_from=10&n_to=50&n_step=20&trials=20&seed=3&strategies=none,full,decorrelated';
const SMALL_STRATEGIES = ['none', 'full', 'decorrelated'];
let workerTables;

test('a sweep in parallel Web Workers shows the numbers the CLI prints', async () => {
  const page = await app.open(`#/herd?${SMALL_SWEEP}`);
  await page.getByTestId('sweep-elapsed').waitFor({ timeout: 60000 });
  const engine = page.getByTestId('sweep-engine');
  assert.equal(await engine.getAttribute('data-engine'), 'workers');
  assert.match(await engine.innerText(), /[2-4] 个 Web Worker 并行/);
  const calls = await sweepTable(page, 'calls', SMALL_STRATEGIES);
  const time = await sweepTable(page, 'time', SMALL_STRATEGIES);
  const want = cliSweep(['--clients', '10..50:20', '--trials', '20', '--seed', '3', '--strategies', SMALL_STRATEGIES.join(',')]);
  assert.equal(Object.keys(calls).length, 9);
  assert.deepEqual(Object.keys(calls).sort(), Object.keys(want).sort());
  for (const [k, w] of Object.entries(want)) {
    // The page shows one decimal, the CLI three.
    assert.ok(Math.abs(calls[k] - w.calls) <= 0.051, `${k} calls: ${calls[k]} vs ${w.calls}`);
    assert.ok(Math.abs(time[k] - w.time) <= 0.051, `${k} time: ${time[k]} vs ${w.time}`);
  }
  workerTables = { calls, time };
  app.assertNoErrors(page);
  await page.context().close();
});

test('without Web Workers the sweep runs in main-thread slices with the same numbers', async () => {
  const page = await app.open('#/');
  // As in a browser without module workers (or a page opened from file://).
  await page.context().addInitScript(() => {
    delete window.Worker;
  });
  await page.evaluate((q) => {
    location.hash = `#/herd?${q}`;
  }, SMALL_SWEEP);
  await page.reload();
  await page.getByTestId('sweep-elapsed').waitFor({ timeout: 60000 });
  assert.equal(await page.evaluate(() => typeof window.Worker), 'undefined');
  assert.equal(await page.getByTestId('sweep-engine').getAttribute('data-engine'), 'main');
  assert.match(await page.getByTestId('sweep-engine').innerText(), /主线程分片/);
  const calls = await sweepTable(page, 'calls', SMALL_STRATEGIES);
  const time = await sweepTable(page, 'time', SMALL_STRATEGIES);
  assert.equal(Object.keys(calls).length, 9);
  if (workerTables) {
    assert.deepEqual(calls, workerTables.calls);
    assert.deepEqual(time, workerTables.time);
  }
  app.assertNoErrors(page);
  await page.context().close();
});

test('a worker that fails hands the sweep over to the main thread', async () => {
  const page = await app.open('#/');
  // A worker script that throws at once, as a broken deployment would.
  await page.context().route('**/herd-worker.js', (r) =>
    r.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("broken worker");' }),
  );
  await page.evaluate((q) => {
    location.hash = `#/herd?${q}`;
  }, SMALL_SWEEP);
  await page.getByTestId('sweep-elapsed').waitFor({ timeout: 60000 });
  assert.equal(await page.getByTestId('sweep-engine').getAttribute('data-engine'), 'main');
  const calls = await sweepTable(page, 'calls', SMALL_STRATEGIES);
  assert.equal(Object.keys(calls).length, 9);
  if (workerTables) assert.deepEqual(calls, workerTables.calls);
  app.assertNoErrors(page);
  await page.context().close();
});

test('the full default sweep (the five AWS strategies) completes without long tasks', async () => {
  const page = await app.open('#/');
  await recordLongTasks(page);
  await page.evaluate(() => {
    location.hash = '#/herd?view=sweep&strategies=none,exponential,full,equal,decorrelated';
  });
  await page.getByTestId('sweep-elapsed').waitFor({ timeout: 180000 });
  const elapsed = await numberIn(page, 'sweep-elapsed');
  const longest = await maxLongTask(page);
  const engine = await page.getByTestId('sweep-engine').innerText();
  console.log(
    `# browser sweep (N=10..190:10, 5 AWS strategies, 100 trials): ${elapsed} ms; longest task ${longest.toFixed(0)} ms; ${engine}`,
  );
  assert.equal(await page.getByTestId('sweep-engine').getAttribute('data-engine'), 'workers');
  assert.ok(elapsed > 0);
  assert.ok(longest < 250, `main thread blocked for ${longest} ms`);
  // Every point is drawn and in the table.
  const rows = await page.getByTestId('sweep-table-calls').locator('tbody tr').count();
  assert.equal(rows, 19);
  assert.equal(await page.getByTestId('sweep-table-time').locator('td', { hasText: '…' }).count(), 0);
  app.assertNoErrors(page);
  await page.context().close();
});

test('a heavy run (1000 clients) stays responsive', async () => {
  const page = await app.open('#/');
  await recordLongTasks(page);
  await page.evaluate(() => {
    location.hash = '#/herd?clients=1000&trials=10&strategies=none,full';
  });
  await page.getByTestId('run-done').waitFor({ timeout: 180000 });
  await page.getByTestId('hist-none').waitFor();
  const longest = await maxLongTask(page);
  console.log(`# run N=1000, 10 trials, none+full: longest task ${longest.toFixed(0)} ms`);
  assert.ok(longest < 250, `main thread blocked for ${longest} ms`);
  assert.ok((await numberIn(page, 'calls-none')) >= 1000);
  app.assertNoErrors(page);
  await page.context().close();
});
