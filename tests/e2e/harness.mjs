// End-to-end harness: serves the Trunk-built `dist/` on 127.0.0.1 with the
// app's strict Content-Security-Policy header, launches Debian's headless
// Chromium through playwright-core, and records everything a test may want to
// assert on: console errors, page errors, CSP violations and every request
// (so the offline check can prove nothing leaves the page).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DIST = process.env.E2E_DIST || path.resolve(here, '../../dist');
export const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; base-uri 'none'; object-src 'none'; form-action 'none'";
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/**
 * The one ceiling a test may put on a main-thread task or a duration: it
 * catches a frozen page, never a speed goal. On this shared 2-core machine
 * single tasks reach several hundred ms under load, so a slower page must
 * not fail a test; the 50 ms goal is measured by scripts/bench-web.mjs.
 */
export const FROZEN_MS = 1500;

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
};

/** Serves `root` (and extra in-memory pages) on 127.0.0.1:<random port>.
 *  `faults.fn(path)` may answer 'gone' (404, as after a redeploy renamed the
 *  file) or 'drop' (the connection is cut, as when the network is down). */
function serveStatic(root, { csp = true, extra = {}, overrides = new Map(), faults = {}, headers: more = {} } = {}) {
  const served = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    served.push(url.pathname);
    let rel = decodeURIComponent(url.pathname);
    const fault = faults.fn?.(rel);
    if (fault === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault === 'gone') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    if (overrides.has(rel)) {
      const headers = { 'content-type': MIME[path.extname(rel)] || 'application/octet-stream', ...more };
      if (csp) headers['content-security-policy'] = CSP;
      res.writeHead(200, headers);
      res.end(overrides.get(rel));
      return;
    }
    if (extra[rel]) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(extra[rel]);
      return;
    }
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.join(root, path.normalize(rel).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const headers = { 'content-type': MIME[path.extname(file)] || 'application/octet-stream', ...more };
    if (csp) headers['content-security-policy'] = CSP;
    res.writeHead(200, headers);
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ server, served, origin: `http://127.0.0.1:${port}` });
    });
  });
}

/** A host page on another origin that embeds the app and applies its height messages. */
function hostPage(src) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>host</title></head><body>
<h1>Course page</h1>
<iframe id="demo" src="${src}" width="720" height="200" style="border:0;width:720px" title="retry-lab"></iframe>
<script>
  window.__heights = [];
  window.addEventListener('message', function (e) {
    if (e.data && e.data.type === 'retry-lab:height') {
      window.__heights.push(e.data.height);
      document.getElementById('demo').style.height = e.data.height + 'px';
    }
  });
</script></body></html>`;
}

/**
 * Starts the static server and the browser.
 * Returns { origin, open(hash, contextOptions), openHost(hash), assertNoErrors(page), served, close() }.
 * `headers` go with every file the app's server sends (e.g. a host's
 * `{ 'cache-control': 'no-cache' }`).
 *
 * Service workers (static/sw.js) are blocked in every context unless a
 * test asks for them (`open(hash, { serviceWorkers: 'allow' })`): the worker
 * precaches every file of the build within seconds, so a test that swaps
 * or fails a file on the server would race it.
 */
export async function startApp({ browserArgs = [], headers = {} } = {}) {
  assert.ok(
    fs.existsSync(path.join(DIST, 'index.html')),
    `no built app in ${DIST}: run \`trunk build --release\` first (scripts/test.sh does)`,
  );
  // Replacement files (path → body), e.g. a stub worker script.
  const overrides = new Map();
  const faults = {};
  const app = await serveStatic(DIST, { overrides, faults, headers });
  const host = await serveStatic(DIST, { csp: false, extra: {} });
  // playwright gives every launch a fresh, empty user-data-dir of its own.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...browserArgs,
    ],
  });
  const logs = new WeakMap();

  function watch(page) {
    const log = { errors: [], requests: [] };
    logs.set(page, log);
    page.on('console', (msg) => {
      if (msg.type() === 'error') log.errors.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => log.errors.push(`pageerror: ${err.message}`));
    page.on('request', (req) => log.requests.push(req.url()));
    return log;
  }

  /** Opens `index.html<hash>`; `origin` replaces the app's own (e.g. a host
   *  name that `browserArgs` maps to 127.0.0.1, with the app's port); `init`
   *  runs in the page before any of its scripts. */
  async function open(hash = '#/', contextOptions = {}, { origin = app.origin, init = null } = {}) {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, serviceWorkers: 'block', ...contextOptions });
    if (init) await context.addInitScript(init);
    const page = await context.newPage();
    watch(page);
    await page.goto(`${origin}/index.html${hash}`);
    await page.waitForSelector('#app .shell', { timeout: 30000 });
    return page;
  }

  /** Opens the host page (another origin, no CSP) embedding `index.html<hash>` in an iframe. */
  async function openHost(hash) {
    host.server.removeAllListeners('request');
    const html = hostPage(`${app.origin}/index.html${hash}`);
    host.server.on('request', (req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    });
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    watch(page);
    await page.goto(`${host.origin}/host.html`);
    return page;
  }

  /** Opens a host page (another origin, no CSP) with the given HTML; `html`
   *  receives the app's `index.html` URL. */
  async function openHostHtml(html, contextOptions = {}) {
    host.server.removeAllListeners('request');
    const body = html(`${app.origin}/index.html`);
    host.server.on('request', (req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    });
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, serviceWorkers: 'block', ...contextOptions });
    const page = await context.newPage();
    watch(page);
    await page.goto(`${host.origin}/host.html`);
    return page;
  }

  function assertNoErrors(page) {
    const log = logs.get(page);
    assert.ok(log, 'page was not opened through the harness');
    assert.deepEqual(log.errors, [], 'console errors, page errors or CSP violations');
  }

  /** Every URL the page requested (for the offline check). */
  function requests(page) {
    return [...(logs.get(page)?.requests ?? [])];
  }

  async function close() {
    await browser.close();
    app.server.close();
    host.server.close();
  }

  /** Serves `body` instead of the built file at `path` (e.g. '/herd-worker.js',
   *  which names the build-stamped herd-worker-<id>.js); `null` restores it. */
  function replaceFile(filePath, body) {
    filePath = builtPath(filePath);
    if (body === null) overrides.delete(filePath);
    else overrides.set(filePath, body);
  }

  /** Makes the app's server answer `fault` ('gone' or 'drop') for every
   *  path `match` accepts; `null` heals it. */
  function failFiles(match, fault) {
    faults.fn = match === null ? undefined : (p) => (match(p) ? fault : null);
  }

  /** Every console error, page error or CSP violation logged so far. */
  function errors(page) {
    return [...(logs.get(page)?.errors ?? [])];
  }

  return {
    origin: app.origin, hostOrigin: host.origin, open, openHost, openHostHtml, assertNoErrors, requests,
    replaceFile, failFiles, errors, close,
  };
}

/** A 360 px phone, for `open(hash, PHONE)`. */
export const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** Waits until the lab's step index shows step `n`. */
export async function waitStep(page, n) {
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="step-index"]')?.getAttribute('data-step') === String(want),
    n,
  );
}

/**
 * Waits until the lab shows the settled run of `client` and `server`: its
 * pickers are checked, the engine is done and the card shows its ending.
 * (Right after a link changes the hash, the previous run's card is still on
 * screen for a moment.)
 */
export async function waitForRunEnd(page, client, server) {
  await page.waitForFunction(
    ([c, s]) =>
      document.querySelector(`input[name="client"][value="${c}"]`)?.checked &&
      document.querySelector(`input[name="server"][value="${s}"]`)?.checked &&
      !document.querySelector('[data-testid="engine-status"]') &&
      document.querySelector('[data-testid="final-verdict"]'),
    [client, server],
    { timeout: 60000 },
  );
}

/** The run view's final verdict, once the run has settled. */
export async function verdictOf(page) {
  const v = page.getByTestId('final-verdict');
  await v.waitFor({ timeout: 60000 });
  return v;
}

/** Answers the self-check question `id` with `value` (in a page or a
 *  frame locator) and waits for its result. */
export async function answer(page, id, value) {
  await page.getByTestId(`answer-${id}`).fill(String(value));
  await page.getByTestId(`submit-${id}`).click();
  await page.getByTestId(`result-${id}`).waitFor();
}

/** Reads the number in an element's text (e.g. "1 234.5 ms" → 1234.5). */
export async function numberIn(page, testId) {
  const text = await page.getByTestId(testId).first().innerText();
  const m = text.replace(/[,\s\u00a0]/g, '').match(/-?\d+(\.\d+)?/);
  assert.ok(m, `no number in ${testId}: ${text}`);
  return Number(m[0]);
}

/** The built file's path for a logical one: '/herd-worker.js' →
 *  '/herd-worker-<build id>.js' (scripts/stamp-build.mjs stamps the names). */
export function builtPath(filePath) {
  if (fs.existsSync(path.join(DIST, filePath))) return filePath;
  const ext = path.extname(filePath);
  const stem = path.basename(filePath, ext);
  const stamped = fs.readdirSync(DIST).find((f) => f.startsWith(`${stem}-`) && f.endsWith(ext) && /^[0-9a-f]{10}$/.test(f.slice(stem.length + 1, -ext.length)));
  return stamped ? path.join(path.dirname(filePath), stamped) : filePath;
}

/**
 * Opens the «table view» `<details data-testid=…>` (its table is built only
 * while open), as a student would, and waits for the table inside.
 */
export async function openTableView(page, detailsTestId) {
  const details = page.getByTestId(detailsTestId);
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await details.locator('table').waitFor();
}
