// Web benchmark (prints numbers, never fails on them): serves a release
// `dist/` on 127.0.0.1 with the app's CSP header and gzip content-encoding,
// opens every view 5 times in a fresh headless Chromium context, and reports
// per view the median of
//   - bytes: compressed bytes the page and its workers fetched,
//   - first render: navigation start → the view's own content in `#app`
//     (the shell draws its header first and the page body in the next task),
//   - longest task: the longest main-thread task (a `longtask`
//     PerformanceObserver installed before any script runs) while the view
//     loads and runs (each view's own interactions, see VIEWS).
// Then the longest task of each interaction a student makes once a view has
// settled (INTERACTIONS: language switch, view tabs, presets, stepping, …),
// median and max over 3 tries. Then the browser's full AWS sweep
// (`sweep-elapsed`) against the native `herd-bench` median in the same run.
//
//   node scripts/bench-web.mjs [--dist dist] [--loads 5] [--views '#/,#/lab'|none]
//                              [--tries 3] [--no-interactions] [--no-sweep]
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

/** Static server with gzip; counts compressed bytes sent per "session". */
function serve() {
  const gz = new Map();
  const state = { bytes: 0, files: [] };
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
    state.bytes += body.length;
    state.files.push(path.basename(file));
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

/** Installed before any page script: first render time and long tasks. */
function probe() {
  window.__long = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push(e.duration))).observe({
    type: 'longtask',
    buffered: true,
  });
  const mark = () => {
    if (window.__firstRender === undefined && document.querySelector('#app .shell .page > :not([data-testid="page-wait"])')) {
      window.__firstRender = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true });
}

const quiet = (page) => page.waitForTimeout(300);

/** Each view: where to go and what a student does there. */
const VIEWS = [
  { hash: '#/', run: async () => {} },
  {
    hash: '#/herd',
    run: async (page) => {
      await page.locator('[data-testid^="calls-"]').first().waitFor({ timeout: 120000 });
    },
  },
  {
    hash: '#/herd?view=sweep',
    run: async (page) => {
      await page.locator('[data-testid="sweep-state"][data-state="done"]').waitFor({ timeout: 120000 });
    },
  },
  {
    hash: '#/lab',
    run: async (page) => {
      await page.getByTestId('final-verdict').waitFor({ timeout: 60000 });
      for (const id of ['step-forward', 'step-forward', 'to-end', 'to-start']) await page.getByTestId(id).click();
      // Another scenario: a second run through the engine.
      await page.locator('[data-testid="pick-scenario"] input').nth(2).check();
      await page.waitForFunction(() => !document.querySelector('[data-testid="engine-status"]'), null, {
        timeout: 60000,
      });
      await page.getByTestId('to-end').click();
    },
  },
  {
    hash: '#/lab/matrix',
    run: async (page) => {
      await page.getByTestId('matrix-elapsed').waitFor({ timeout: 120000 });
    },
  },
  {
    hash: '#/exercises',
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
    hash: '#/amplify',
    run: async (page) => {
      await page.waitForTimeout(1000);
    },
  },
];

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
    ready: shown('[data-testid="final-verdict"]'),
    steps: [
      ['step', click('step-forward')],
      ['to the end', click('to-end')],
      ['to the start', click('to-start')],
      [
        'another scenario',
        (page) => page.locator('[data-testid="pick-scenario"] input').nth(3).check(),
        (page) => page.waitForFunction(() => !document.querySelector('[data-testid="engine-status"]')),
      ],
      language,
      ['matrix tab', click('to-matrix'), shown('[data-testid="matrix-elapsed"]')],
    ],
  },
  {
    hash: '#/exercises',
    ready: shown('[data-testid^="exercise-"]'),
    steps: [language, ['answer', click('submit-tf_backoff_prevents_herd')], ['reset', click('exercises-reset')]],
  },
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

async function measure(browser, app, view) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript(probe);
  const page = await context.newPage();
  app.state.bytes = 0;
  app.state.files = [];
  await page.goto(`${app.origin}/index.html${view.hash}`);
  await page.waitForSelector('#app .shell', { timeout: 30000 });
  await view.run(page);
  await quiet(page);
  const out = await page.evaluate(() => ({
    firstRender: window.__firstRender,
    longest: Math.max(0, ...window.__long),
  }));
  out.bytes = app.state.bytes;
  out.files = [...new Set(app.state.files)];
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
  for (const [, act, done] of spec.steps) {
    await page.evaluate(() => (window.__long.length = 0));
    await act(page);
    if (done) await done(page);
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

const app = await serve();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
});
const kb = (b) => (b / 1024).toFixed(0);
console.log(`# dist: ${DIST}; ${LOADS} loads per view; gzip level 9; medians`);
console.log('| view | KB gzipped | first render ms | longest task ms | files |');
console.log('|---|---:|---:|---:|---|');
try {
  for (const view of VIEWS.filter((v) => !ONLY || ONLY.includes(v.hash))) {
    const runs = [];
    for (let i = 0; i < LOADS; i++) {
      runs.push(await measure(browser, app, view));
    }
    const files = runs[0].files.filter((f) => /\.(wasm|js)$/.test(f)).join(' ');
    console.log(
      `| \`${view.hash}\` | ${kb(median(runs.map((r) => r.bytes)))} | ${median(runs.map((r) => r.firstRender)).toFixed(0)} | ` +
        `${median(runs.map((r) => r.longest)).toFixed(0)} (max ${Math.max(...runs.map((r) => r.longest)).toFixed(0)}) | ${files} |`,
    );
  }
  if (TRIES > 0) {
    console.log(`\n# interactions on a settled view; longest task ms, median (max) of ${TRIES} tries`);
    console.log('| view | interaction | longest task ms |');
    console.log('|---|---|---:|');
    for (const spec of INTERACTIONS.filter((v) => !ONLY || ONLY.includes(v.hash))) {
      const tries = [];
      for (let i = 0; i < TRIES; i++) tries.push(await interact(browser, app, spec));
      spec.steps.forEach(([name], k) => {
        const xs = tries.map((t) => t[k]);
        console.log(`| \`${spec.hash}\` | ${name} | ${median(xs).toFixed(0)} (max ${Math.max(...xs).toFixed(0)}) |`);
      });
    }
  }
  if (SWEEP) {
    const b = await sweep(browser, app);
    const n = nativeSweep();
    console.log(
      `\nfull AWS sweep: browser ${b.ms.toFixed(0)} ms (longest task ${b.longest.toFixed(0)} ms), ` +
        `native herd-bench median ${n.toFixed(0)} ms, ratio ${(b.ms / n).toFixed(2)}`,
    );
  }
} finally {
  await browser.close();
  app.server.close();
}
