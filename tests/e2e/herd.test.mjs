// The thundering-herd page (#/herd) end to end: a deep link renders the same
// numbers as the `herd` CLI, the language switch, bad input, the sweep's
// start/cancel, the sweep and the run view in Web Workers and their
// main-thread fallback (same numbers as the CLI), and the full default sweep's time and longest
// main-thread task.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp, numberIn, openTableView, FROZEN_MS } from './harness.mjs';

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
  await openTableView(page, `table-view-${id}`);
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
  // Times above 10 s read in seconds; the exact milliseconds are in data-value.
  const ms = async (id) => Number(await page.getByTestId(id).getAttribute('data-value'));
  const ui = {
    full: { calls: await numberIn(page, 'calls-full'), time: await ms('time-full') },
    exponential: {
      calls: await numberIn(page, 'calls-exponential'),
      time: await ms('time-exponential'),
    },
  };
  const cli = cliPoint(['--clients', '50', '--trials', '20', '--seed', '7', '--strategies', 'full,exponential']);
  for (const s of ['full', 'exponential']) {
    // The page shows one decimal, the CLI three.
    assert.ok(Math.abs(ui[s].calls - cli[s].calls) <= 0.051, `${s} calls: ${ui[s].calls} vs ${cli[s].calls}`);
    assert.ok(Math.abs(ui[s].time - cli[s].time) <= 0.001, `${s} time: ${ui[s].time} vs ${cli[s].time}`);
  }
  // The golden values of tests/herd_golden.rs.
  assert.equal(ui.full.calls, 333.5);
  assert.equal(ui.exponential.calls, 622.9);
  // Only the selected strategies, and the charts of trial 1.
  assert.equal(await page.getByTestId('calls-none').count(), 0);
  await page.getByTestId('hist-full').waitFor();
  await page.getByTestId('timeline-exponential').waitFor();
  // The URL keeps every parameter that is not a default (normalised: the
  // strategies in the page's order), the same string as a link to this
  // state, so a reload reproduces the run.
  assert.equal(
    await page.evaluate(() => location.hash),
    '#/herd?clients=50&trials=20&seed=7&strategies=exponential,full',
  );
  await page.reload();
  await page.getByTestId('calls-full').waitFor({ timeout: 60000 });
  assert.equal(await numberIn(page, 'calls-full'), 333.5);
  app.assertNoErrors(page);
  await page.context().close();
});

/** The run view's numbers: { strategy: [calls, exact time ms] }. */
async function runNumbers(page, strategies) {
  const out = {};
  for (const s of strategies) {
    out[s] = [await numberIn(page, `calls-${s}`), Number(await page.getByTestId(`time-${s}`).getAttribute('data-value'))];
  }
  return out;
}

test('the run view computes its points in Web Workers, and without them on the page, with the same numbers', async () => {
  const hash = '#/herd?clients=50&trials=20&seed=7&strategies=full,exponential';
  const page = await app.open('#/');
  // Long tasks from here on only (not the page load's).
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
  });
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  const done = page.getByTestId('run-done');
  await done.waitFor({ timeout: 60000 });
  assert.equal(await done.getAttribute('data-engine'), 'workers');
  const workers = await runNumbers(page, ['full', 'exponential']);
  // The golden values of tests/herd_golden.rs.
  assert.equal(workers.full[0], 333.5);
  assert.equal(workers.exponential[0], 622.9);
  await page.getByTestId('timeline-exponential').waitFor();
  const longest = await maxLongTask(page);
  console.log(`# run view in workers (N=50, 20 trials): longest task ${longest.toFixed(0)} ms`);
  app.assertNoErrors(page);
  await page.context().close();

  // As in a browser without module workers: the page computes every trial.
  const bare = await app.open('#/');
  await bare.context().addInitScript(() => {
    delete window.Worker;
  });
  await bare.evaluate((h) => {
    location.hash = h;
  }, hash);
  await bare.reload();
  await bare.getByTestId('run-done').waitFor({ timeout: 60000 });
  assert.equal(await bare.getByTestId('run-done').getAttribute('data-engine'), 'main');
  assert.deepEqual(await runNumbers(bare, ['full', 'exponential']), workers);
  await bare.getByTestId('hist-full').waitFor();
  app.assertNoErrors(bare);
  await bare.context().close();
});

test('language switch shows English labels with the same numbers', async () => {
  const page = await app.open('#/herd?clients=30&trials=5&seed=3&strategies=none,full');
  await page.getByTestId('calls-none').waitFor({ timeout: 60000 });
  const before = await numberIn(page, 'calls-none');
  assert.match(await page.locator('h1').innerText(), /惊群/);
  await page.getByTestId('lang-switch').click();
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.match(await page.locator('h1').innerText(), /Thundering herd/);
  // The results switch a frame after the form, in their own `lang` until then.
  await page.waitForFunction(() => document.querySelector('.herd-run')?.lang === 'en');
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
  assert.match(await page.getByTestId('notice-clients').first().innerText(), /1–1,000/);
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
  await page.waitForFunction((s) => {
    const seed = /[?&]seed=(\d+)/.exec(location.hash);
    return seed !== null && seed[1] !== s;
  }, seedBefore);
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
  await page.context().route('**/herd-worker*.js', (r) =>
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
  const elapsed = Number(await page.getByTestId('sweep-elapsed').getAttribute('data-value'));
  const longest = await maxLongTask(page);
  const engine = await page.getByTestId('sweep-engine').innerText();
  console.log(
    `# browser sweep (N=10..190:10, 5 AWS strategies, 100 trials): ${elapsed} ms; longest task ${longest.toFixed(0)} ms; ${engine}`,
  );
  assert.equal(await page.getByTestId('sweep-engine').getAttribute('data-engine'), 'workers');
  assert.ok(elapsed > 0);
  assert.ok(longest < FROZEN_MS, `main thread blocked for ${longest} ms`);
  // Every point is drawn and in the table.
  await openTableView(page, 'table-view-calls');
  await openTableView(page, 'table-view-time');
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
  assert.ok(longest < FROZEN_MS, `main thread blocked for ${longest} ms`);
  assert.ok((await numberIn(page, 'calls-none')) >= 1000);
  app.assertNoErrors(page);
  await page.context().close();
});

/** Whether the page scrolls sideways (it must not, even at 360 px). */
async function scrollsSideways(page) {
  return page.evaluate(() => document.scrollingElement.scrollWidth > document.scrollingElement.clientWidth + 1);
}

for (const width of [1280, 360]) {
  test(`the histograms show the herd: own fine windows, a marked wave, the mechanism (${width} px)`, async () => {
    const page = await app.open('#/herd?clients=100&trials=5&seed=1&strategies=exponential,full,codex', {
      viewport: { width, height: 900 },
    });
    await page.getByTestId('hist-exponential').waitFor({ timeout: 60000 });
    // One wave is marked in the no-jitter panel, none in Full Jitter's.
    assert.equal(await page.locator('[data-testid="hist-exponential"] [data-testid="wave-mark"]').count(), 1);
    assert.equal(await page.locator('[data-testid="hist-full"] [data-testid="wave-mark"]').count(), 0);
    const note = await page.locator('[data-testid="hist-panel-exponential"] [data-testid="wave-note"]').innerText();
    assert.match(note, /\d+ 个客户端的第 \d+ 次重试在 [\d,]+–[\d,]+ 毫秒内一起到达，只有 \d+ 个写成功/);
    // Each panel has its own window of the first seconds in fine bins.
    assert.match(await page.getByTestId('hist-window-exponential').innerText(), /前 3,000 毫秒，每格 20 毫秒/);
    assert.match(await page.getByTestId('hist-window-full').innerText(), /每格 \d+ 毫秒/);
    const mech = await page.getByTestId('herd-mechanism').innerText();
    assert.match(mech, /只有最先到的那一次成功/);
    assert.match(mech, /平方/);
    assert.match(mech, /没有容量上限/);
    // Every panel of the chart has the same size on one baseline.
    const boxes = await page.locator('[data-testid^="hist-"][role="img"]').evaluateAll((els) =>
      els.map((e) => { const r = e.getBoundingClientRect(); return { w: r.width, h: r.height, top: r.top, bottom: r.bottom }; }));
    assert.equal(boxes.length, 3);
    assert.ok(boxes.every((b) => Math.abs(b.h - boxes[0].h) < 1 && Math.abs(b.w - boxes[0].w) < 1), JSON.stringify(boxes));
    if (width === 1280) {
      assert.ok(boxes.every((b) => Math.abs(b.bottom - boxes[0].bottom) < 1), `baselines differ: ${JSON.stringify(boxes)}`);
    }
    // The timeline says why it shows a subset.
    assert.match(await page.getByTestId('timeline-subset-exponential').innerText(), /只画每 \d+ 个编号中的 1 个客户端/);
    assert.match(await page.getByTestId('timeline-subset-full').innerText(), /全部 100 个客户端/);
    // Compute time is named as such; trials read per strategy.
    assert.match(await page.getByTestId('run-done').innerText(), /计算用时/);
    assert.match(await page.locator('label', { has: page.getByTestId('input-trials') }).innerText(), /每种策略的试验次数/);
    // The Codex and SDK labels say how they differ from the originals.
    const codex = await page.getByTestId('origin-codex').innerText();
    assert.match(codex, /n − 1/);
    assert.match(codex, /同样的 cap/);
    assert.match(await page.getByTestId('origin-sdk').innerText(), /k 是已重试次数/);
    // The shared axis is one toggle away, kept in the URL, without recomputing.
    const calls = await numberIn(page, 'calls-full');
    await page.getByTestId('hist-axis-shared').click();
    await page.waitForFunction(() => /hist_axis=shared/.test(location.hash));
    assert.equal(await page.getByTestId('wave-mark').count(), 0);
    assert.equal(await page.getByTestId('run-progress').count(), 0, 'a display toggle must not recompute');
    assert.equal(await numberIn(page, 'calls-full'), calls);
    assert.equal(await scrollsSideways(page), false);
    app.assertNoErrors(page);
    await page.context().close();
  });
}

test('the sweep: a log scale for the time chart by default, said in the chart, and a legend that brings one curve to the front', async () => {
  const page = await app.open('#/herd?view=sweep&trials=2&n_from=10&n_to=50&n_step=20', { viewport: { width: 360, height: 800 } });
  await page.getByTestId('sweep-start').click();
  await page.waitForSelector('[data-testid=sweep-state][data-state=done]', { timeout: 120000 });
  // Log by default, so no-jitter's long times do not flatten the rest.
  assert.equal(await page.getByTestId('time-scale-log').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.getByTestId('time-scale-note').getAttribute('data-scale'), 'log');
  assert.match(await page.getByTestId('time-scale-note').innerText(), /现在是对数纵轴/);
  const ticks = await page.locator('[data-testid="sweep-chart-time"] text.tick').evaluateAll((ts) => ts.map((t) => t.textContent));
  // Decades of seconds: the slowest mean completion time passes 10 s.
  assert.ok(ticks.includes('1') && ticks.includes('0.1'), `log ticks: ${ticks}`);
  await page.getByTestId('time-scale-linear').click();
  await page.waitForFunction(() => /time_scale=linear/.test(location.hash));
  assert.match(await page.getByTestId('time-scale-note').innerText(), /现在是线性纵轴/);
  await page.locator('[data-testid="sweep-chart-calls"]').waitFor();
  await page.getByTestId('highlight-full').first().click();
  await page.waitForFunction(() => /highlight=full/.test(location.hash));
  for (const chart of ['calls', 'time']) {
    const sel = `[data-testid="sweep-chart-${chart}"]`;
    assert.equal(await page.locator(`${sel} g.series.front[data-strategy="full"]`).count(), 1);
    assert.equal(await page.locator(`${sel} g.series.dim`).count(), 6);
  }
  // Display toggles do not restart the sweep.
  assert.equal(await page.getByTestId('sweep-state').getAttribute('data-state'), 'done');
  assert.equal(await scrollsSideways(page), false);
  // A reload keeps both toggles.
  await page.reload();
  await page.getByTestId('sweep-start').click();
  await page.waitForSelector('[data-testid=sweep-state][data-state=done]', { timeout: 120000 });
  assert.equal(await page.getByTestId('time-scale-linear').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.getByTestId('highlight-full').first().getAttribute('aria-pressed'), 'true');
  app.assertNoErrors(page);
  await page.context().close();
});

test('notices name the form field; the ? help says how to read the charts', async () => {
  const page = await app.open('#/herd?clients=0&trials=3&seed=1&strategies=full');
  await page.getByTestId('notice-clients').first().waitFor();
  assert.match(await page.getByTestId('notice-clients').first().innerText(), /「客户端数 N」（URL 参数 clients）/);
  // The seed's range is said in words.
  assert.match(await page.locator('label', { has: page.getByTestId('input-seed') }).innerText(), /9 千万亿/);
  await page.getByTestId('help-open').click();
  const help = await page.getByTestId('help-reading').innerText();
  assert.match(help, /细格/);
  assert.match(help, /对数纵轴/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('each per-client timeline panel has its own time window, and one shared axis is a toggle away', async () => {
  const page = await app.open('#/herd?clients=100&trials=5&seed=1&strategies=none,exponential,full');
  await page.getByTestId('timeline-full').waitFor({ timeout: 60000 });
  await page.getByTestId('timeline-exponential').waitFor();
  const maxes = () => page.locator('[data-testid^="timeline-panel-"]').evaluateAll((fs) =>
    Object.fromEntries(fs.map((f) => [f.dataset.testid.replace('timeline-panel-', ''), Number(f.dataset.xMax)])));
  const own = await maxes();
  // Full Jitter ends tens of times sooner than no jitter: on its own axis it fills its panel.
  assert.ok(own.full * 5 < own.exponential, JSON.stringify(own));
  await page.getByTestId('timeline-axis-shared').click();
  await page.waitForFunction(() => /timeline_axis=shared/.test(location.hash));
  const shared = await maxes();
  assert.ok(Object.values(shared).every((v) => v === shared.exponential), JSON.stringify(shared));
  assert.equal(await page.getByTestId('run-progress').count(), 0, 'a display toggle must not recompute');
  app.assertNoErrors(page);
  await page.context().close();
});
