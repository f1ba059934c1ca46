// Web benchmark (prints numbers, never fails on them): serves a release
// `dist/` on 127.0.0.1 with the app's CSP header and gzip content-encoding,
// opens every view 5 times in a fresh headless Chromium context, and reports
// per view the median of
//   - bytes: compressed bytes the page and its workers fetched (the service
//     worker's precache of the offline copy, which it fetches with
//     `cache: "reload"`, is counted apart: «offline copy»),
//   - first render: navigation start → the view's own content in `#app`
//     (the shell draws its header first and the page body in the next task),
//   - longest task: the longest main-thread task (a `longtask`
//     PerformanceObserver installed before any script runs) while the view
//     loads and runs (each view's own interactions, see VIEWS).
// Then the longest task of each interaction a student makes once a view has
// settled (INTERACTIONS: language switch, view tabs, presets, stepping, …),
// median and max over 3 tries. Then the lab's waits (matrix fill, first
// suite, toggles, hunt rate). Then a pass at 4× CPU throttling (CDP Emulation.setCPUThrottlingRate, set
// before navigation; it slows the page's main thread, not its workers): the
// matrix opened directly and the start-up of `#/`, `#/herd`, `#/lab`,
// `#/exercises`. Then the browser's full AWS sweep (`sweep-elapsed`) against
// the native `herd-bench` median in the same run. Last, a summary: one row per target of the web budget
// (page wasm and engine wasm gzip -9 sizes from the dist files, bytes per
// view, first render, longest tasks, matrix fill, toggle, hunt), median, max
// and whether it is met; and per view which .wasm and .js files it fetched
// (build stamp removed), so a reader sees that each route fetches only its
// family's wasm. Works on the one-wasm layout (retry-lab_bg-<id>.wasm) and
// on the per-family one (page-<family>_bg-<id>.wasm): wasm files are found
// by pattern in dist. The bench never hovers a link (a hover may prefetch
// another family): a view's bytes are what opening it fetches.
//
//   node scripts/bench-web.mjs [--dist dist] [--loads 5] [--views '#/,#/lab'|none]
//                              [--tries 3] [--no-interactions] [--no-sweep] [--no-lab]
//                              [--throttle 4 | --no-throttle] [--no-native]
//
// --no-native skips the native lab-bench / herd-bench comparisons (which
// build those binaries with cargo when target/ has none). Exits 0 whatever
// the numbers; exits 1, naming the view, when a view never renders.
//
// Needs tests/e2e's playwright-core (scripts/setup.sh) and Debian's chromium.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'tests/e2e/package.json'));
const { chromium } = require('playwright-core');

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const DIST = path.resolve(root, opt('--dist', 'dist'));
const LOADS = Number(opt('--loads', 5));
const SWEEP = !args.includes('--no-sweep');
const TRIES = args.includes('--no-interactions') ? 0 : Number(opt('--tries', 3));
const ONLY = opt('--views', null)?.split(',');
const LAB = !args.includes('--no-lab');
const NATIVE = !args.includes('--no-native');
const THROTTLE = args.includes('--no-throttle') ? 0 : Number(opt('--throttle', 4));
/** Views that never rendered (or a lab wait that never came): the exit status. */
const failures = [];
const CSP = fs
  .readFileSync(path.join(DIST, 'index.html'), 'utf8')
  .match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)[1];

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
};

/** A dist file's name without its build stamp: page-herd_bg-1a2b3c4d5e.wasm → page-herd_bg.wasm. */
const unstamp = (f) => f.replace(/-[0-9a-f]{10,20}(?=\.[a-z0-9]+$)/, '');

/**
 * The wasm files in dist, found by pattern (never a fixed list): the lab
 * engine (`lab-engine_bg…`), the page wasm (one `retry-lab_bg…` before the
 * split, one `page-<family>_bg…` per family after it) and any other; each
 * with its raw size and its size at gzip -9.
 */
function distWasm() {
  return fs
    .readdirSync(DIST)
    .filter((f) => f.endsWith('.wasm'))
    .sort()
    .map((file) => {
      const buf = fs.readFileSync(path.join(DIST, file));
      const name = unstamp(file);
      const kind = /^lab-engine/.test(name) ? 'engine' : /^(page-|retry-lab)/.test(name) ? 'page' : 'other';
      return { file, name, kind, raw: buf.length, gz: zlib.gzipSync(buf, { level: 9 }).length };
    });
}
const WASM = distWasm();
const WASM_BY_FILE = new Map(WASM.map((w) => [w.file, w]));

/** Static server with gzip; counts compressed bytes sent per "session". */
function serve() {
  const gz = new Map();
  const state = { bytes: 0, files: [], precacheBytes: 0, precacheFiles: [] };
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(DIST, path.normalize(rel.endsWith('/') ? rel + 'index.html' : rel));
    if (!file.startsWith(DIST) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      res.end();
      return;
    }
    if (!gz.has(file)) gz.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
    const body = gz.get(file);
    // static/sw.js precaches with `cache: "reload"`, which sends
    // `Cache-Control: no-cache`; the page's own requests never do.
    if (/no-cache/.test(req.headers['cache-control'] ?? '')) {
      state.precacheBytes += body.length;
      state.precacheFiles.push(path.basename(file));
    } else {
      state.bytes += body.length;
      state.files.push(path.basename(file));
    }
    res.writeHead(200, {
      'content-type': MIME[path.extname(file)] || 'application/octet-stream',
      'content-encoding': 'gzip',
      'content-security-policy': CSP,
      'cache-control': 'no-store',
    });
    res.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, state, origin: `http://127.0.0.1:${server.address().port}` })),
  );
}

/**
 * Installed before any page script: first render time, long tasks, when
 * each of WATCH first appeared, and the lab worker's life (created, every
 * message's arrival and size), seen from the page.
 */
function probe() {
  const WATCH = {
    matrix: '[data-testid="matrix-elapsed"]',
    firstCell: '[data-testid="matrix"] [data-reports]',
    suite: '[data-testid="build-score"]',
  };
  window.__seen = {};
  window.__lab = { created: null, ready: null, first: null, last: null, messages: 0, bytes: 0 };
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url, opts) {
      super(url, opts);
      if (!String(url).includes('lab-worker')) return;
      const lab = window.__lab;
      lab.created ??= performance.now();
      this.addEventListener('message', (e) => {
        const now = performance.now();
        if (e.data === 'ready') {
          lab.ready ??= now;
          return;
        }
        lab.first ??= now;
        lab.last = now;
        lab.messages += 1;
        // Replies are binary (a Uint8Array); older builds sent JSON text.
        lab.bytes += typeof e.data === 'string' ? e.data.length : (e.data?.byteLength ?? 0);
      });
    }
  };
  window.__long = [];
  // [start, end] of each long task, for the part of a load after the
  // table's first cell (the drawing of the rest).
  window.__longAt = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => {
    window.__long.push(e.duration);
    window.__longAt.push([e.startTime, e.startTime + e.duration]);
  })).observe({
    type: 'longtask',
    buffered: true,
  });
  const mark = () => {
    if (window.__firstRender === undefined && document.querySelector('#app .shell .page > :not([data-testid="page-wait"])')) {
      window.__firstRender = performance.now();
    }
    for (const [name, sel] of Object.entries(WATCH)) {
      if (window.__seen[name] === undefined && document.querySelector(sel)) window.__seen[name] = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true });
}

const quiet = (page) => page.waitForTimeout(300);

/**
 * The lab's `n`-th scenario (0: none, 1: request lost, 2: connect refused,
 * 3: response lost, which a fresh lab shows, 4: slow server, …), as a
 * student picks it: the scenario picker is folded (`fold-scenario`), open
 * it first, then click the option's label.
 */
async function pickScenario(page, n) {
  const fold = page.getByTestId('fold-scenario');
  if ((await fold.count()) && !(await fold.evaluate((d) => d.open))) await fold.locator('summary').click();
  await page.locator('[data-testid="pick-scenario"] label').nth(n).click();
}

/**
 * Each view: where to go, when its start-up is over (`ready`: the view has
 * drawn what it computes on opening) and what a student then does there
 * (`run`). The longest task "at start-up" is the one before `ready` (and a
 * quiet 300 ms); the view's "longest task" includes `run`.
 */
const VIEWS = [
  { hash: '#/', ready: async () => {}, run: async () => {} },
  {
    hash: '#/herd',
    ready: async (page) => {
      await page.locator('[data-testid^="calls-"]').first().waitFor({ timeout: 120000 });
    },
    run: async () => {},
  },
  {
    hash: '#/herd?view=sweep',
    ready: async (page) => {
      await page.locator('[data-testid="sweep-state"][data-state="done"]').waitFor({ timeout: 120000 });
    },
    run: async () => {},
  },
  {
    hash: '#/lab',
    ready: async (page) => {
      await page.getByTestId('card-end').waitFor({ timeout: 60000 });
    },
    run: async (page) => {
      for (const id of ['step-forward', 'step-forward', 'to-end', 'to-start']) await page.getByTestId(id).click();
      // Another scenario: a second run through the engine.
      await pickScenario(page, 2);
      await page.waitForFunction(() => !document.querySelector('[data-testid="engine-status"]'), null, {
        timeout: 60000,
      });
      await page.getByTestId('to-end').click();
    },
  },
  {
    hash: '#/lab/matrix',
    ready: async (page) => {
      await page.getByTestId('matrix-elapsed').waitFor({ timeout: 120000 });
    },
    run: async () => {},
  },
  {
    hash: '#/lab/build',
    ready: async (page) => {
      await page.getByTestId('build-score').waitFor({ timeout: 120000 });
    },
    run: async () => {},
  },
  {
    hash: '#/exercises?q=predict_lost_response',
    ready: async (page) => {
      await page.getByTestId('answer-predict_lost_response-1').waitFor({ timeout: 60000 });
    },
    run: async (page) => {
      const q = 'predict_lost_response';
      await page.getByTestId(`answer-${q}-1`).fill('2', { timeout: 60000 });
      await page.getByTestId(`answer-${q}-2`).fill('1');
      await page.getByTestId(`answer-${q}-3`).fill('1');
      await page.getByTestId(`run-${q}`).click();
      await page.getByTestId(`model-${q}`).waitFor({ timeout: 60000 });
    },
  },
  {
    hash: '#/exercises/builder',
    ready: async (page) => {
      await page.locator('[data-testid="builder-list"] li').first().waitFor({ timeout: 60000 });
    },
    run: async () => {},
  },
  {
    hash: '#/amplify',
    ready: async (page) => {
      await page.getByTestId('amplification').waitFor({ timeout: 60000 });
    },
    run: async (page) => {
      await page.waitForTimeout(1000);
    },
  },
];
/** The throttled pass's start-up views (the matrix is measured as a lab fill). */
const THROTTLED_VIEWS = ['#/', '#/herd', '#/lab', '#/exercises?q=predict_lost_response'];

const click = (id) => (page) => page.getByTestId(id).click();
const shown = (selector) => (page) => page.locator(selector).first().waitFor({ timeout: 120000 });
const language = ['language switch', click('lang-switch')];

/**
 * Interactions once a view has settled (`ready`): each step is an action and
 * what to wait for after it; its longest task is measured on its own.
 */
const INTERACTIONS = [
  {
    hash: '#/herd',
    ready: shown('[data-testid="run-done"]'),
    steps: [
      language,
      ['view: sweep', click('view-sweep'), shown('[data-testid="sweep-state"][data-state="done"]')],
      ['view: run', click('view-run'), shown('[data-testid="run-done"]')],
      ['strategy off', click('strategy-none'), shown('[data-testid="run-done"]')],
      ['new seed', click('seed-random'), shown('[data-testid="run-done"]')],
    ],
  },
  {
    hash: '#/amplify',
    ready: shown('[data-testid="amplification"]'),
    steps: [
      language,
      ['preset', click('preset-budget')],
      ['tab: load', click('tab-load'), shown('[data-testid="load-done"]')],
      ['tab: sweep', click('tab-sweep'), shown('[data-testid="sweep-done"]')],
    ],
  },
  {
    hash: '#/lab',
    ready: shown('[data-testid="card-end"]'),
    steps: [
      ['step', click('step-forward')],
      ['to the end', click('to-end')],
      ['to the start', click('to-start')],
      [
        'another scenario',
        (page) => pickScenario(page, 4),
        (page) => page.waitForFunction(() => !document.querySelector('[data-testid="engine-status"]')),
      ],
      language,
      ['matrix tab', click('to-matrix'), shown('[data-testid="matrix-elapsed"]')],
    ],
  },
  {
    hash: '#/exercises?q=tf_backoff_without_jitter',
    ready: shown('[data-testid^="exercise-"]'),
    steps: [language, ['answer', click('submit-tf_backoff_without_jitter')], ['reset', click('exercises-reset')]],
  },
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** CPU throttling of `page`'s main thread (CDP), set before it navigates; 0 or 1: none. */
async function throttle(page, rate) {
  if (!(rate > 1)) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Page wasm (not the engine) among `files` (dist names), KB gzip -9 summed. */
const pageWasmGz = (files) =>
  files.map((f) => WASM_BY_FILE.get(f)).filter((w) => w && w.kind === 'page').reduce((a, w) => a + w.gz, 0);

/**
 * One fresh load of `view`: bytes and files fetched, first render, longest
 * task at start-up (navigation → `ready` + 300 ms) and overall (after `run`).
 * `startupOnly` skips `run`; `rate` throttles the CPU.
 */
async function measure(browser, app, view, { rate = 0, startupOnly = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript(probe);
  const page = await context.newPage();
  await throttle(page, rate);
  const slow = Math.max(1, rate);
  app.state.bytes = 0;
  app.state.files = [];
  app.state.precacheBytes = 0;
  app.state.precacheFiles = [];
  try {
    await page.goto(`${app.origin}/index.html${view.hash}`);
    await page.waitForSelector('#app .shell', { timeout: 30000 * slow });
    await page.waitForFunction(() => window.__firstRender !== undefined, null, { timeout: 60000 * slow });
  } catch (e) {
    await context.close();
    throw new Error(`never rendered: ${e.message.split('\n')[0]}`);
  }
  try {
    await view.ready(page);
  } catch (e) {
    await context.close();
    throw new Error(`rendered, never ready: ${e.message.split('\n')[0]}`);
  }
  await quiet(page);
  const startup = await page.evaluate(() => Math.max(0, ...window.__long));
  let runFailed = null;
  if (!startupOnly) {
    try {
      await view.run(page);
    } catch (e) {
      // The view rendered; what a student does there changed under the
      // script: say so, keep the numbers (not an exit status).
      runFailed = e.message.split('\n')[0];
    }
    await quiet(page);
  }
  const out = await page.evaluate(() => ({
    firstRender: window.__firstRender,
    longest: Math.max(0, ...window.__long),
  }));
  out.startup = startup;
  out.runFailed = runFailed;
  out.bytes = app.state.bytes;
  out.files = [...new Set(app.state.files)];
  out.precacheBytes = app.state.precacheBytes;
  out.precacheFiles = app.state.precacheFiles.length;
  out.pageWasm = pageWasmGz(out.files);
  await context.close();
  return out;
}

/** Each step's longest task, in one fresh page of `spec.hash`. */
async function interact(browser, app, spec) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript(probe);
  const page = await context.newPage();
  await page.goto(`${app.origin}/index.html${spec.hash}`);
  await spec.ready(page);
  await page.waitForTimeout(1500);
  const out = [];
  for (const [name, act, done] of spec.steps) {
    await page.evaluate(() => (window.__long.length = 0));
    try {
      await act(page);
      if (done) await done(page);
    } catch (e) {
      // A view changed under the script: say which step, keep measuring.
      console.error(`# ${spec.hash} «${name}» failed: ${e.message.split('\n')[0]}`);
      out.push(NaN);
      continue;
    }
    await page.waitForTimeout(800);
    out.push(await page.evaluate(() => Math.max(0, ...window.__long)));
  }
  await context.close();
  return out;
}

async function sweep(browser, app) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript(probe);
  const page = await context.newPage();
  // The sweep herd-bench times: N = 10..190 step 10, the five AWS
  // strategies, 100 trials each, seed 1.
  const q = 'view=sweep&n_from=10&n_to=190&n_step=10&trials=100&seed=1&strategies=none,exponential,full,equal,decorrelated';
  await page.goto(`${app.origin}/index.html#/herd?${q}`);
  await page.getByTestId('sweep-elapsed').waitFor({ timeout: 300000 });
  const ms = Number(await page.getByTestId('sweep-elapsed').getAttribute('data-value'));
  const longest = await page.evaluate(() => Math.max(0, ...window.__long));
  await context.close();
  return { ms, longest };
}

function nativeSweep() {
  const bin = path.join(process.env.CARGO_TARGET_DIR || path.join(root, 'target'), 'release', 'herd-bench');
  if (!fs.existsSync(bin)) {
    execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'herd-bench'], { cwd: root, stdio: 'inherit' });
  }
  const out = execFileSync(bin, ['--runs', '3'], { encoding: 'utf8' });
  return Number(out.match(/median: ([\d.]+) ms/)[1]);
}

/**
 * The counterexample hunt, once the page has one: where it is, the button
 * that starts it and the element whose `data-value` (or text) gives its
 * rate in schedules per second. A page without the button is reported, not
 * failed.
 */
// A design and client that pass every schedule of these kinds (no next-day
// restarts, no rewritten titles), so the hunt runs its whole budget and the
// rate is the page's steady one.
const HUNT = {
  hash:
    '#/lab/build?design=claim,digest,store_errors,lease,guard,fence,outbox,downstream_key,tenant_scope' +
    '&client=business_key&budget=200000&kinds=lost,delayed,stall,crash,server_error,rerender,model_recall,' +
    'double_submit,notifier,relay,second_tenant,tls_error,slow_drip',
  start: 'hunt-start',
  rate: 'hunt-rate',
};

/** A fresh page with the probe; `fetch.start` is when the engine wasm was requested (epoch ms). */
async function labPage(browser, rate = 0) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript(probe);
  const page = await context.newPage();
  await throttle(page, rate);
  const fetch = {};
  context.on('request', (r) => {
    if (r.url().includes('lab-engine_bg')) fetch.start ??= Date.now();
  });
  return { context, page, fetch };
}

/** The lab worker's timeline in page ms (see `probe`), and when `seen` appeared. */
async function labTimeline(page, fetch, seen, t0) {
  const { lab, origin, drawn } = await page.evaluate(
    (seen) => ({ lab: window.__lab, origin: performance.timeOrigin, drawn: window.__seen[seen] }),
    seen,
  );
  const rel = (x) => (x == null ? null : x - t0);
  return {
    total: rel(drawn),
    created: rel(lab.created),
    fetchStart: fetch.start ? rel(fetch.start - origin) : null,
    ready: rel(lab.ready),
    first: rel(lab.first),
    last: rel(lab.last),
    messages: lab.messages,
    kb: lab.bytes / 1024,
  };
}

/**
 * `hash` opened directly (`fromHome` false) or from a settled home page
 * (the hash changes in the page, as a link does): navigation → `seen`.
 */
async function labFill(browser, app, hash, seen, fromHome, rate = 0) {
  const { context, page, fetch } = await labPage(browser, rate);
  let t0 = 0;
  if (fromHome) {
    await page.goto(`${app.origin}/index.html#/`);
    await page.locator('.home').waitFor({ timeout: 30000 });
    await page.waitForTimeout(1500);
    t0 = await page.evaluate((h) => {
      const now = performance.now();
      location.hash = h;
      return now;
    }, hash);
  } else {
    await page.goto(`${app.origin}/index.html${hash}`);
  }
  await page.waitForFunction((s) => window.__seen[s] !== undefined, seen, { timeout: 120000 * Math.max(1, rate) });
  const out = await labTimeline(page, fetch, seen, t0);
  out.firstRender = await page.evaluate(() => window.__firstRender ?? null);
  out.longest = await page.evaluate(() => Math.max(0, ...window.__long));
  // The tasks from the table's first cell on: drawing the rest of it.
  const firstCell = await page.evaluate(() => window.__seen.firstCell ?? null);
  out.firstCell = firstCell == null ? null : firstCell - t0;
  out.drawing = await page.evaluate(() =>
    Math.max(0, ...window.__longAt.filter(([start]) => start >= (window.__seen.firstCell ?? Infinity)).map(([a, b]) => b - a)),
  );
  await context.close();
  return out;
}

/** In the page: clicks mechanism `id`, resolves with ms until every suite row is graded again. */
function toggleAndWait(id) {
  const pending = () =>
    document.querySelectorAll('[data-testid="build-suite"] tbody tr:not([data-reports])').length > 0 ||
    !document.querySelector('[data-testid="build-score"]');
  const t0 = performance.now();
  document.querySelector(`[data-testid="mech-${id}"]`).click();
  return new Promise((resolve) => {
    let restarted = pending();
    const check = () => {
      if (!restarted) restarted = pending();
      else if (!pending()) {
        mo.disconnect();
        resolve(performance.now() - t0);
      }
    };
    const mo = new MutationObserver(check);
    mo.observe(document, { childList: true, subtree: true, attributes: true });
    check();
  });
}

/** `n` toggles of `claim` (on, off, …) on one settled workbench; ms each and the longest task. */
async function toggles(browser, app, n) {
  const { context, page } = await labPage(browser);
  await page.goto(`${app.origin}/index.html#/lab/build`);
  await page.getByTestId('build-score').waitFor({ timeout: 120000 });
  await page.waitForTimeout(1500);
  const ms = [];
  await page.evaluate(() => (window.__long.length = 0));
  for (let i = 0; i < n; i++) {
    ms.push(await page.evaluate(toggleAndWait, 'claim'));
    await page.waitForTimeout(300);
  }
  const longest = await page.evaluate(() => Math.max(0, ...window.__long));
  await context.close();
  return { ms, longest };
}

/** Schedules per second of the page's counterexample hunt, or null without one. */
async function huntRate(browser, app) {
  const { context, page } = await labPage(browser);
  try {
    await page.goto(`${app.origin}/index.html${HUNT.hash}`);
    const start = page.getByTestId(HUNT.start);
    try {
      await start.waitFor({ timeout: 10000 });
    } catch {
      return null;
    }
    await start.click();
    const rate = page.getByTestId(HUNT.rate);
    await rate.waitFor({ timeout: 120000 });
    await page.waitForTimeout(2000);
    const v = (await rate.getAttribute('data-value')) ?? (await rate.textContent()).replace(/[^\d.]/g, '');
    return Number(v);
  } finally {
    await context.close();
  }
}

function nativeLab() {
  const bin = path.join(process.env.CARGO_TARGET_DIR || path.join(root, 'target'), 'release', 'lab-bench');
  if (!fs.existsSync(bin)) {
    execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'lab-bench'], { cwd: root, stdio: 'inherit' });
  }
  const out = execFileSync(bin, ['7'], { encoding: 'utf8' });
  return {
    matrix: Number(out.match(/matrix: .*median: ([\d.]+) ms/)[1]),
    suite: Number(out.match(/suite: .*median: ([\d.]+) ms/)[1]),
  };
}

const fmt = (x) => (x == null || Number.isNaN(x) ? '–' : x.toFixed(0));
const med = (runs, key) => median(runs.map((r) => r[key]).filter((x) => x != null));

/** What the summary reads: filled by the sections as they run. */
const R = { views: new Map(), failed: [], fills: {}, toggle: null, hunt: undefined, throttled: null };

/** Runs `f`; a throw (a view that never rendered, a wait that never came) is kept and reported. */
async function attempt(what, f) {
  try {
    return await f();
  } catch (e) {
    const msg = `${what}: ${e.message.split('\n')[0]}`;
    failures.push(msg);
    console.log(`\n**failed**: ${msg}`);
    return undefined;
  }
}

async function labSection(browser, app) {
  console.log(`\n# lab waits, medians of ${LOADS}; load average ${loadavg()}`);
  console.log('| what | median ms | min–max ms | longest task ms (max) |');
  console.log('|---|---:|---:|---:|');
  const fills = R.fills;
  for (const [name, hash, seen, fromHome] of [
    ['matrix fill, opened directly', '#/lab/matrix', 'matrix', false],
    ['matrix fill, from the home page', '#/lab/matrix', 'matrix', true],
    ['first suite, opened directly', '#/lab/build', 'suite', false],
    ['first suite, from the home page', '#/lab/build', 'suite', true],
  ]) {
    const runs = [];
    for (let i = 0; i < LOADS; i++) {
      const r = await attempt(`${name} (${hash} never showed its ${seen})`, () =>
        labFill(browser, app, hash, seen, fromHome),
      );
      if (r) runs.push(r);
    }
    if (!runs.length) continue;
    fills[name] = runs;
    const xs = runs.map((r) => r.total);
    console.log(
      `| ${name} | ${fmt(median(xs))} | ${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))} | ` +
        `${fmt(med(runs, 'longest'))} (${fmt(Math.max(...runs.map((r) => r.longest)))}) |`,
    );
  }
  const t = await attempt('toggles (#/lab/build never showed its score)', () => toggles(browser, app, Math.max(LOADS, 6)));
  if (t) {
    R.toggle = t;
    console.log(
      `| toggle a mechanism → every row graded (${t.ms.length} toggles) | ${fmt(median(t.ms))} | ` +
        `${fmt(Math.min(...t.ms))}–${fmt(Math.max(...t.ms))} | ${fmt(t.longest)} |`,
    );
  }
  const hunt = await attempt(`hunt (${HUNT.hash})`, () => huntRate(browser, app));
  R.hunt = hunt;
  console.log(
    hunt === undefined
      ? '\nhunt: failed (above)'
      : hunt == null
        ? `\nhunt: no \`${HUNT.start}\` button at \`${HUNT.hash}\` (edit HUNT in this script once there is one)`
        : `\nhunt: ${hunt.toFixed(0)} schedules/s`,
  );
  const a = fills['matrix fill, opened directly'];
  const b = fills['matrix fill, from the home page'];
  if (a && b) {
    console.log('\n# matrix fill profile (opened directly / from home), medians, ms after navigation');
    console.log('| step | direct | from home |');
    console.log('|---|---:|---:|');
    for (const [label, key] of [
      ['worker created', 'created'],
      ['engine wasm requested', 'fetchStart'],
      ['engine ready (compiled, instantiated)', 'ready'],
      ['first reply', 'first'],
      ['last reply', 'last'],
      ['all cells drawn', 'total'],
      ['replies (messages)', 'messages'],
      ['reply KiB', 'kb'],
    ]) {
      console.log(`| ${label} | ${fmt(med(a, key))} | ${fmt(med(b, key))} |`);
    }
  }
  const suite = fills['first suite, opened directly'];
  if (NATIVE && a && suite && t) {
    const n = nativeLab();
    const m = median(a.map((r) => r.total));
    const s = median(suite.map((r) => r.total));
    console.log(
      `\nnative lab-bench medians: matrix ${n.matrix.toFixed(1)} ms, suite ${n.suite.toFixed(1)} ms; ` +
        `browser/native: matrix fill ${(m / n.matrix).toFixed(0)}×, first suite ${(s / n.suite).toFixed(0)}×, ` +
        `toggle ${(median(t.ms) / n.suite).toFixed(0)}×`,
    );
  }
}

/**
 * The pass at `rate`× CPU throttling: `#/lab/matrix` opened directly (all
 * cells drawn) and the start-up of THROTTLED_VIEWS (first render, longest
 * task until the view is ready), LOADS loads each; --no-lab skips the
 * matrix, --views restricts the start-up views.
 */
async function throttledSection(browser, app, rate) {
  console.log(`\n# ${rate}× CPU throttling (CDP Emulation.setCPUThrottlingRate, main thread), ${LOADS} loads each; load average ${loadavg()}`);
  console.log('| what | median ms | max ms | longest task median ms | longest task max ms | KB gzipped |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const rows = [];
  const row = (what, xs0, longs, bytes) => {
    const xs = xs0.filter((x) => x != null);
    rows.push({ what, xs, longs });
    console.log(
      `| ${what} | ${fmt(median(xs))} | ${fmt(Math.max(...xs))} | ${fmt(median(longs))} | ${fmt(Math.max(...longs))} | ` +
        `${bytes ? kb(median(bytes)) : '–'} |`,
    );
  };
  const fills = [];
  for (let i = 0; LAB && i < LOADS; i++) {
    const r = await attempt(`throttled ${rate}×: #/lab/matrix never showed its cells`, () =>
      labFill(browser, app, '#/lab/matrix', 'matrix', false, rate),
    );
    if (r) fills.push(r);
  }
  if (fills.length) {
    row('`#/lab/matrix` opened directly → all cells', fills.map((r) => r.total), fills.map((r) => r.longest));
    row('`#/lab/matrix` first render', fills.map((r) => r.firstRender), fills.map((r) => r.longest));
    // The longest column counts only the tasks from the first cell on:
    // drawing the rest of the table, in more parts at this speed.
    row('`#/lab/matrix` first cell → all cells drawn', fills.map((r) => (r.firstCell == null ? null : r.total - r.firstCell)), fills.map((r) => r.drawing));
  }
  for (const hash of THROTTLED_VIEWS.filter((h) => !ONLY || ONLY.includes(h))) {
    const view = VIEWS.find((v) => v.hash === hash);
    const runs = [];
    for (let i = 0; i < LOADS; i++) {
      const r = await attempt(`throttled ${rate}×: \`${hash}\``, () =>
        measure(browser, app, view, { rate, startupOnly: true }),
      );
      if (r) runs.push(r);
    }
    if (!runs.length) continue;
    row(`\`${hash}\` start-up: first render`, runs.map((r) => r.firstRender), runs.map((r) => r.startup), runs.map((r) => r.bytes));
  }
  R.throttled = { rate, rows };
}

/** Files fetched, by name without the build stamp; wasm first. */
const fetched = (runs, ext) =>
  [...new Set(runs.flatMap((r) => r.files).filter((f) => f.endsWith(ext)).map(unstamp))].sort().join(' ');

/** The sizes of the wasm in dist (gzip -9), one row per file. */
function wasmTable() {
  console.log(`\n# wasm files in ${DIST} (found by pattern; gzip -9; KB = 1024 B)`);
  console.log('| file (stamp removed) | kind | KB raw | KB gzip -9 |');
  console.log('|---|---|---:|---:|');
  for (const w of WASM) console.log(`| ${w.name} | ${w.kind} | ${kb(w.raw)} | ${kb(w.gz)} |`);
}

/** Bytes-per-view budgets (KB of everything fetched); views not named have none. */
const BYTES_TARGET = { '#/': 350, '#/herd': 300, '#/amplify': 300 };

function summary() {
  const rows = [];
  // `max` is the worst of the runs: the largest for a ≤ target, the smallest for a ≥ one.
  const add = (what, target, xs, { unit = 'ms', atMost = true, maxIncluded = false, scale = (x) => x } = {}) => {
    const ys = (xs ?? []).filter((x) => x != null && !Number.isNaN(x)).map(scale);
    const goal =
      target == null ? '–' : `${atMost ? '≤' : '≥'} ${target.toLocaleString('en')} ${unit}${maxIncluded ? ', max included' : ''}`;
    if (!ys.length) {
      rows.push([what, goal, 'not run', '', '']);
      return;
    }
    const m = median(ys);
    const worst = atMost ? Math.max(...ys) : Math.min(...ys);
    const ok = (x) => (atMost ? x <= target : x >= target);
    let met = '–';
    if (target != null) {
      if (maxIncluded) met = ok(worst) ? 'yes' : 'no';
      else met = ok(m) ? (ok(worst) ? 'yes' : 'yes (worst run not)') : 'no';
    }
    const n = ys.length > 1 ? ` (n=${ys.length})` : '';
    rows.push([
      what + n,
      goal,
      fmt(m),
      `${fmt(worst)}${atMost ? '' : ' (min)'}`,
      met,
    ]);
  };
  const K = { unit: 'KB', scale: (b) => b / 1024 };
  const pages = WASM.filter((w) => w.kind === 'page');
  for (const w of pages) add(`page wasm, gzip -9: ${w.name}`, 300, [w.gz], K);
  if (pages.length) {
    const big = pages.reduce((a, w) => (w.gz > a.gz ? w : a));
    add(`page wasm, gzip -9: largest (${big.name})`, 300, [big.gz], K);
  }
  for (const [hash, runs] of R.views) add(`page wasm fetched by \`${hash}\`, gzip -9`, 300, runs.map((r) => r.pageWasm), K);
  for (const w of WASM.filter((w) => w.kind === 'engine')) add(`lab engine wasm, gzip -9: ${w.name}`, 500, [w.gz], K);
  for (const w of WASM.filter((w) => w.kind === 'other')) add(`other wasm, gzip -9: ${w.name}`, null, [w.gz], K);
  for (const [hash, runs] of R.views) add(`bytes fetched opening \`${hash}\``, BYTES_TARGET[hash] ?? null, runs.map((r) => r.bytes), K);
  for (const [hash, runs] of R.views) {
    add(`offline copy fetched in the background after \`${hash}\` (service worker precache)`, null, runs.map((r) => r.precacheBytes), K);
  }
  const direct = R.fills['matrix fill, opened directly'];
  add('`#/lab/matrix` opened directly → all cells', 300, direct?.map((r) => r.total));
  const matrixView = R.views.get('#/lab/matrix') ?? [];
  add(
    'longest task, `#/lab/matrix` load (lab fills + view loads)',
    50,
    [...(direct ?? []).map((r) => r.longest), ...matrixView.map((r) => r.startup)],
    { maxIncluded: true },
  );
  for (const [hash, runs] of R.views) add(`longest task at start-up, \`${hash}\``, 50, runs.map((r) => r.startup), { maxIncluded: true });
  for (const [hash, runs] of R.views) add(`first render, \`${hash}\``, 250, runs.map((r) => r.firstRender));
  for (const hash of R.failed) rows.push([`\`${hash}\``, 'renders', 'failed (see the end)', '', 'no']);
  add('toggle a mechanism → suite graded', 150, R.toggle?.ms);
  if (R.hunt === null) rows.push(['hunt', '≥ 2,000 schedules/s', `no \`${HUNT.start}\` button`, '', '–']);
  else add('hunt', 2000, R.hunt === undefined ? [] : [R.hunt], { unit: 'schedules/s', atMost: false });
  console.log(`\n# summary: targets, medians of ${LOADS} loads and worst run (KB = 1024 B); load average ${loadavg()}`);
  console.log('| what | target | median | max | met? |');
  console.log('|---|---:|---:|---:|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  const judged = rows.filter((r) => r[4] !== '–' && r[4] !== '');
  console.log(`\n${judged.filter((r) => r[4].startsWith('yes')).length} of ${judged.length} rows met.`);
  if (R.throttled) {
    console.log(`\n(${R.throttled.rate}× CPU throttling: see its own table above; no targets.)`);
  }
}

const app = await serve();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
});
const kb = (b) => (b / 1024).toFixed(0);
/** Whether fontconfig knows a font with Chinese glyphs (true where it cannot tell). */
function hasChineseFont() {
  try {
    return execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return true;
  }
}
const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`# dist: ${DIST}; ${LOADS} loads per view; gzip level 9; medians; load average ${loadavg()}`);
// Without a Chinese font every Chinese character is a failed fallback
// lookup in each first layout: the timings would be a machine's, not a
// student's (whose phone has one).
if (!hasChineseFont()) {
  console.log('# WARNING: no Chinese font on this machine (fc-list :lang=zh is empty): first layouts are slower');
  console.log('# than on any student device. Install one (Debian: apt-get install fonts-noto-cjk) before comparing.');
}
console.log('| view | KB gzipped | offline copy KB | first render ms | longest task ms | start-up longest task ms |');
console.log('|---|---:|---:|---:|---:|---:|');
try {
  for (const view of VIEWS.filter((v) => !ONLY || ONLY.includes(v.hash))) {
    const runs = [];
    try {
      for (let i = 0; i < LOADS; i++) runs.push(await measure(browser, app, view));
    } catch (e) {
      const msg = `\`${view.hash}\` ${e.message.split('\n')[0]}`;
      failures.push(msg);
      R.failed.push(view.hash);
      console.log(`| \`${view.hash}\` | failed: ${e.message.split('\n')[0]} | | | | |`);
      continue;
    }
    R.views.set(view.hash, runs);
    const broken = runs.find((r) => r.runFailed);
    if (broken) console.error(`# ${view.hash}: its run (VIEWS) failed, numbers up to there: ${broken.runFailed}`);
    const mm = (key) => `${median(runs.map((r) => r[key])).toFixed(0)} (max ${Math.max(...runs.map((r) => r[key])).toFixed(0)})`;
    console.log(
      `| \`${view.hash}\` | ${kb(median(runs.map((r) => r.bytes)))} | ${kb(median(runs.map((r) => r.precacheBytes)))} | ` +
        `${median(runs.map((r) => r.firstRender)).toFixed(0)} | ` +
        `${mm('longest')} | ${mm('startup')} |`,
    );
  }
  if (R.views.size) {
    console.log(`\n# files fetched per view (union over ${LOADS} loads, build stamp removed)`);
    console.log('| view | .wasm | .js | page wasm KB gzip -9 |');
    console.log('|---|---|---|---:|');
    for (const [hash, runs] of R.views) {
      console.log(`| \`${hash}\` | ${fetched(runs, '.wasm')} | ${fetched(runs, '.js')} | ${kb(Math.max(...runs.map((r) => r.pageWasm)))} |`);
    }
  }
  if (TRIES > 0) {
    console.log(`\n# interactions on a settled view; longest task ms, median (max) of ${TRIES} tries; load average ${loadavg()}`);
    console.log('| view | interaction | longest task ms |');
    console.log('|---|---|---:|');
    for (const spec of INTERACTIONS.filter((v) => !ONLY || ONLY.includes(v.hash))) {
      const tries = [];
      for (let i = 0; i < TRIES; i++) {
        const t = await attempt(`interactions of \`${spec.hash}\` (never ready)`, () => interact(browser, app, spec));
        if (t) tries.push(t);
      }
      if (!tries.length) continue;
      spec.steps.forEach(([name], k) => {
        const xs = tries.map((t) => t[k]);
        console.log(`| \`${spec.hash}\` | ${name} | ${median(xs).toFixed(0)} (max ${Math.max(...xs).toFixed(0)}) |`);
      });
    }
  }
  if (LAB) await labSection(browser, app);
  if (THROTTLE > 1) await throttledSection(browser, app, THROTTLE);
  if (SWEEP) {
    const b = await attempt('full AWS sweep (never finished)', () => sweep(browser, app));
    if (b) {
      const n = NATIVE ? nativeSweep() : null;
      console.log(
        `\nfull AWS sweep: browser ${b.ms.toFixed(0)} ms (longest task ${b.longest.toFixed(0)} ms)` +
          (n == null ? ' (native run skipped: --no-native)' : `, native herd-bench median ${n.toFixed(0)} ms, ratio ${(b.ms / n).toFixed(2)}`) +
          `; load average ${loadavg()}`,
      );
    }
  }
  wasmTable();
  summary();
} finally {
  await browser.close();
  app.server.close();
}
if (failures.length) {
  console.error(`\nbench-web: exit 1: ${failures.length} view(s) or wait(s) never finished (a view that never rendered or never got ready):`);
  for (const f of failures) console.error(`  - ${f}`);
  process.exitCode = 1;
}
