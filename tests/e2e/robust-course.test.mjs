// Robustness in the browsers a class really uses: private mode and blocked
// site data, sandboxed embeds, a classroom's plain-http server (no
// clipboard), a tab left open across a redeploy, a network that drops and
// comes back, nav links to the current route, keyboard users and the help
// dialog, two frames writing progress at once, and the embed snippet on a
// narrow course page. Each test recreates the situation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, answer } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const score = (page) => page.getByTestId('exercises-score').innerText();

/** Errors other than the failed requests a test provokes on purpose. */
function unexpectedErrors(page) {
  return app.errors(page).filter((e) => !/Failed to load resource|net::ERR_/.test(e));
}

// ---------------------------------------------------------------------------
// 1. Private mode, blocked site data.

const STORAGE_FAULTS = [
  ['setItem throws QuotaExceededError (Safari private mode)', () => {
    Storage.prototype.setItem = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  }],
  ['localStorage throws SecurityError (site data blocked)', () => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  }],
];

for (const [name, fault] of STORAGE_FAULTS) {
  test(`private mode, ${name}: answers stay for the page's lifetime and the page says a reload loses them`, async () => {
    const context = await (await app.open('#/')).context();
    await context.addInitScript(fault);
    const page = context.pages()[0];
    await page.reload();
    await page.evaluate(() => { location.hash = '#/exercises?section=layers'; });
    await page.getByTestId('answer-three_layers').waitFor();
    await answer(page, 'three_layers', 27);
    await answer(page, 'amp_budget', 5);
    // Both cards keep their marks, and the score counts both.
    assert.equal(await page.getByTestId('result-three_layers').getAttribute('data-verdict'), 'right');
    assert.equal(await page.getByTestId('result-amp_budget').getAttribute('data-verdict'), 'right');
    assert.match(await score(page), /已答 2 \/ \d+，答对 2/);
    assert.match(await page.getByTestId('storage-problem').innerText(), /只留在这个页面里，刷新或关闭本页后就没有了/);
    // Another view and back: the page's memory still has them.
    await page.getByTestId('nav-herd').click();
    await page.getByTestId('input-clients').waitFor();
    await page.getByTestId('nav-exercises').click();
    await page.getByTestId('section-tab-layers').click();
    await page.getByTestId('result-three_layers').waitFor();
    assert.match(await score(page), /已答 2 \/ \d+，答对 2/);
    assert.equal(await page.getByTestId('answer-amp_budget').inputValue(), '5');
    app.assertNoErrors(page);
    await context.close();
  });
}

// ---------------------------------------------------------------------------
// 2. Sandboxed embeds.

const frameHost = (sandbox) => (src) => `<!doctype html><meta charset="utf-8"><title>course</title>
<iframe id="q" sandbox="${sandbox}" src="${src}#/exercises?q=three_layers&embed=1" width="700" height="500"></iframe>`;

test('a sandboxed embed without allow-same-origin names the flags to add, offers no useless reload and shows no stray text', async () => {
  const host = await app.openHostHtml(frameHost('allow-scripts'));
  const frame = host.frameLocator('#q');
  const box = frame.getByTestId('boot-sandbox');
  await box.waitFor({ timeout: 30000 });
  const text = await box.innerText();
  assert.match(text, /sandbox="allow-scripts allow-same-origin allow-forms"/);
  assert.match(text, /allow-popups/);
  assert.match(text, /重新加载解决不了/);
  assert.equal(await frame.getByTestId('boot-reload').count(), 0);
  assert.equal(await frame.locator('.font-warm').count(), 0, 'no font warm-up text in the page: it would show unstyled');
  assert.deepEqual(app.errors(host).filter((e) => e.startsWith('pageerror')), []);
  await host.context().close();
});

test('a sandboxed embed without allow-forms says so; with every flag the answer submits', async () => {
  const host = await app.openHostHtml(frameHost('allow-scripts allow-same-origin'));
  const frame = host.frameLocator('#q');
  await frame.getByTestId('answer-three_layers').waitFor({ timeout: 30000 });
  const notice = frame.getByTestId('sandbox-forms');
  await notice.waitFor();
  assert.match(await notice.innerText(), /allow-scripts allow-same-origin allow-forms/);
  // Chromium logs the probe's blocked submission: the very fault reported.
  assert.deepEqual(app.errors(host).filter((e) => !/Blocked form submission .* 'allow-forms' permission is not set/.test(e)), []);
  await host.context().close();

  const ok = await app.openHostHtml(frameHost('allow-scripts allow-same-origin allow-forms'));
  const f = ok.frameLocator('#q');
  await f.getByTestId('answer-three_layers').waitFor({ timeout: 30000 });
  assert.equal(await f.getByTestId('sandbox-forms').count(), 0);
  await answer(f, 'three_layers', 27);
  assert.equal(await f.getByTestId('result-three_layers').getAttribute('data-verdict'), 'right');
  app.assertNoErrors(ok);
  await ok.context().close();
});

// ---------------------------------------------------------------------------
// 3. A classroom http server: a LAN name over http is not a secure context.

test('on a classroom http server (no navigator.clipboard) both copy buttons select the text to copy by hand, and nothing throws', async () => {
  const classroom = await startApp({ browserArgs: ['--host-resolver-rules=MAP classroom.test 127.0.0.1'] });
  try {
    const origin = classroom.origin.replace('127.0.0.1', 'classroom.test');
    const page = await classroom.open('#/herd?clients=50', {}, { origin });
    assert.deepEqual(await page.evaluate(() => [isSecureContext, typeof navigator.clipboard]), [false, 'undefined']);
    await page.getByTestId('copy-link').click();
    const url = page.getByTestId('share-url');
    await url.waitFor();
    assert.equal(await url.inputValue(), page.url());
    assert.equal(await page.getByTestId('copy-message').getAttribute('data-copied'), 'false');
    assert.match(await page.getByTestId('copy-message').innerText(), /已经选中，按 Ctrl\+C/);
    const selected = (testid) => page.evaluate((id) => {
      const el = document.activeElement;
      return el?.dataset.testid === id && el.selectionStart === 0 && el.selectionEnd === el.value.length;
    }, testid);
    assert.ok(await selected('share-url'), 'the link is focused and selected');

    await page.getByTestId('copy-embed').click();
    await page.getByTestId('embed-code').waitFor();
    await page.waitForFunction(() => document.activeElement?.dataset.testid === 'embed-code');
    assert.ok(await selected('embed-code'), 'the embed code is focused and selected');
    assert.match(await page.getByTestId('embed-code').inputValue(), /src="http:\/\/classroom\.test:\d+\/index\.html#\/herd\?[^"]*clients=50[^"]*&amp;embed=1"/);
    assert.equal(await page.getByTestId('embed-local').count(), 0, 'a LAN name is not a local preview');
    classroom.assertNoErrors(page);
    await page.context().close();
  } finally {
    await classroom.close();
  }
});

// ---------------------------------------------------------------------------
// 4. A tab left open across a redeploy; 5. a network that drops.

const LAB = '#/lab?scenario=none&client=naive&server=naive&seed=1&step=end';
const labFiles = (p) => /^\/lab-(worker|engine)/.test(p);

test('a tab left open across a redeploy: the lab names the newer version and reloads into it', async () => {
  // Not the home page, which starts the engine while idle (before the redeploy).
  const page = await app.open('#/herd');
  // The new deploy renamed every stamped file: the old ones are gone.
  app.failFiles(labFiles, 'gone');
  try {
    await page.evaluate((h) => { location.hash = h; }, LAB);
    const box = page.getByTestId('engine-unavailable');
    await box.waitFor({ timeout: 30000 });
    assert.equal(await box.getAttribute('data-cause'), 'redeployed');
    assert.match(await box.innerText(), /部署了新版本.*重新加载本页/s);
    assert.doesNotMatch(await box.innerText(), /http:\/\/|不要直接打开文件/);
    assert.equal(await page.getByTestId('engine-retry').count(), 0);
    assert.deepEqual(unexpectedErrors(page), []);
  } finally {
    app.failFiles(null);
  }
  // The reload loads the (new) engine.
  await Promise.all([page.waitForEvent('load'), page.getByTestId('engine-reload').click()]);
  await page.getByTestId('final-verdict').waitFor({ timeout: 60000 });
  await page.context().close();
});

test('the network drops before the lab is first opened: «重试», and the next visit, load the engine once it is back', async () => {
  for (const how of ['retry button', 'next visit']) {
    // Not the home page: it starts the engine while idle, and an engine
    // loaded before the network drops keeps working.
    const page = await app.open('#/herd');
    app.failFiles(labFiles, 'drop');
    try {
      await page.evaluate((h) => { location.hash = h; }, LAB);
      const box = page.getByTestId('engine-unavailable');
      await box.waitFor({ timeout: 30000 });
      assert.equal(await box.getAttribute('data-cause'), 'offline', how);
      assert.match(await box.innerText(), /网络断了/);
      await page.getByTestId('engine-retry').waitFor();
    } finally {
      app.failFiles(null);
    }
    if (how === 'retry button') {
      await page.getByTestId('engine-retry').click();
    } else {
      await page.getByTestId('nav-herd').click();
      await page.getByTestId('input-clients').waitFor();
      await page.evaluate((h) => { location.hash = h; }, LAB);
    }
    await page.getByTestId('final-verdict').waitFor({ timeout: 60000 });
    assert.equal(await page.getByTestId('engine-unavailable').count(), 0, how);
    assert.deepEqual(unexpectedErrors(page), [], how);
    await page.context().close();
  }
});

// ---------------------------------------------------------------------------
// 6. The navigation link of the page you are on.

test('a nav link to the current route resets the view to its URL: the address bar, «复制链接» and the view agree', async () => {
  const page = await app.open('#/herd');
  await page.getByTestId('input-clients').fill('50');
  await page.getByTestId('input-clients').press('Tab');
  await page.waitForFunction(() => /clients=50/.test(location.hash));
  await page.getByTestId('nav-herd').click();
  // The view resets to the nav link's URL (its defaults), which is also
  // what the page writes back: the link to its state.
  await page.waitForFunction(() => document.querySelector('[data-testid="input-clients"]')?.value === '100');
  await page.waitForFunction(() => location.hash === '#/herd');
  await page.getByTestId('copy-link').click();
  assert.equal(await page.getByTestId('share-url').inputValue(), page.url());
  assert.doesNotMatch(page.url(), /clients=50/);
  // Again: every click on it resets, not only the first.
  await page.getByTestId('input-clients').fill('30');
  await page.getByTestId('input-clients').press('Tab');
  await page.waitForFunction(() => /clients=30/.test(location.hash));
  await page.getByTestId('nav-amplify').click();
  await page.getByTestId('nav-herd').click();
  await page.getByTestId('input-clients').fill('40');
  await page.getByTestId('input-clients').press('Tab');
  await page.waitForFunction(() => /clients=40/.test(location.hash));
  await page.getByTestId('nav-herd').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="input-clients"]')?.value === '100');
  await page.waitForFunction(() => location.hash === '#/herd');

  await page.evaluate(() => { location.hash = '#/lab?scenario=response_lost&seed=1'; });
  await page.getByTestId('step-forward').waitFor({ timeout: 60000 });
  for (let i = 0; i < 3; i++) await page.getByTestId('step-forward').click();
  await page.waitForFunction(() => /step=3/.test(location.hash));
  await page.getByTestId('nav-lab').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="step-index"]')?.getAttribute('data-step') === '0');
  assert.doesNotMatch(page.url(), /step=[1-9]/);
  // The herd's copied link went with the herd: no stale URL in the field.
  assert.equal(await page.getByTestId('share-url').count(), 0);
  await page.getByTestId('copy-link').click();
  assert.equal(await page.getByTestId('share-url').inputValue(), page.url());
  app.assertNoErrors(page);
  await page.context().close();
});

// ---------------------------------------------------------------------------
// 7. Keyboard users and the help dialog.

const focused = (page) => page.evaluate(() => ({
  testid: document.activeElement?.dataset?.testid ?? null,
  inDialog: !!document.activeElement?.closest('[data-testid="help-dialog"]'),
}));

test('«?» opens a modal help that takes the focus, keeps Tab inside, closes on Escape, returns the focus, and no shortcut acts behind it', async () => {
  const page = await app.open('#/lab?scenario=response_lost&seed=1');
  await page.getByTestId('step-forward').waitFor({ timeout: 60000 });
  await page.getByTestId('step-forward').focus();
  await page.keyboard.press('?');
  await page.getByTestId('help-dialog').waitFor();
  assert.ok((await focused(page)).inDialog, 'the dialog takes the focus');
  assert.equal(await page.locator('.shell-main').evaluate((e) => e.inert), true, 'the page behind is inert');
  // Shortcuts do nothing behind the dialog.
  for (const key of ['ArrowRight', 'End', 'Home', '?']) await page.keyboard.press(key);
  assert.equal(await page.getByTestId('step-index').getAttribute('data-step'), '0');
  assert.doesNotMatch(page.url(), /step=[1-9]|step=end/);
  assert.equal(await page.getByTestId('help-dialog').count(), 1);
  // Tab and Shift+Tab stay inside.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    assert.ok((await focused(page)).inDialog, `Tab ${i + 1} left the dialog`);
  }
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Shift+Tab');
    assert.ok((await focused(page)).inDialog, `Shift+Tab ${i + 1} left the dialog`);
  }
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-testid="help-dialog"]'));
  assert.equal((await focused(page)).testid, 'step-forward', 'the focus is back where it was');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('[data-testid="step-index"]')?.getAttribute('data-step') === '1');

  // «跳到正文» skips the header's stops: the next Tab is the page's first control.
  await page.locator('.brand').focus();
  await page.keyboard.press('Shift+Tab');
  assert.equal((await focused(page)).testid, 'skip-link', 'the first stop of the page');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => !!document.activeElement.closest('#content')), true);
  assert.equal(await page.evaluate(() => !!document.activeElement.closest('.site-header')), false);

  // Opened with the mouse: the close button gives the focus back to «?».
  await page.getByTestId('help-open').click();
  await page.getByTestId('help-close').click();
  assert.equal((await focused(page)).testid, 'help-open');
  app.assertNoErrors(page);
  await page.context().close();
});

// ---------------------------------------------------------------------------
// 9. Two writers: a write lands between another frame's read and its write.

test("two tabs: a write between the other tab's read and write loses no answer", async () => {
  const one = await app.open('#/exercises?section=layers');
  const two = await one.context().newPage();
  await two.goto(one.url());
  await one.getByTestId('answer-three_layers').waitFor();
  await two.getByTestId('answer-amp_budget').waitFor();
  // Tab two reads the progress as it is now, and keeps reading that until
  // its own next write: its read comes before tab one's write.
  await two.evaluate(() => {
    const key = 'retry-lab.exercises@' + location.pathname.replace(/[^/]*$/, '');
    const stale = localStorage.getItem(key);
    const { getItem, setItem } = Storage.prototype;
    let active = true;
    Storage.prototype.getItem = function (k) {
      return active && k === key ? stale : getItem.call(this, k);
    };
    Storage.prototype.setItem = function (k, v) {
      setItem.call(this, k, v);
      if (k === key) active = false;
    };
  });
  await answer(one, 'three_layers', 27);
  await answer(two, 'amp_budget', 5);
  // Tab two's write replaced tab one's; tab one sees it and writes back.
  for (const page of [one, two]) {
    await page.waitForFunction(() =>
      /已答 2/.test(document.querySelector('[data-testid="exercises-score"]').innerText));
  }
  await one.reload();
  await one.getByTestId('result-three_layers').waitFor();
  await one.getByTestId('result-amp_budget').waitFor();
  assert.match(await score(one), /已答 2 \/ \d+，答对 2/);
  app.assertNoErrors(one);
  await one.context().close();
});

// ---------------------------------------------------------------------------
// «复制嵌入代码» on a narrow course page.

test('«复制嵌入代码» gives a responsive snippet titled by view and preset, notes a local preview, and fits a 360 px course page', async () => {
  const page = await app.open('#/amplify?view=load&preset=codex');
  await page.getByTestId('copy-embed').click();
  const code = await page.getByTestId('embed-code').inputValue();
  assert.match(code, /title="重试放大 · [^"]+ · Codex 3 × 3 = 9 · 重试实验室"/);
  assert.match(code, /style="[^"]*width:100%;max-width:720px;border:0/);
  assert.doesNotMatch(code, /width="720"/);
  assert.match(await page.getByTestId('embed-local').innerText(), /本机预览/);
  await page.context().close();

  const host = await app.openHostHtml(() => `<!doctype html><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>course</title>
<h1>Course page</h1><p>Read the chapter, then try it:</p>
${code}`, { viewport: { width: 360, height: 740 } });
  await host.frameLocator('iframe').getByTestId('load-done').waitFor({ timeout: 60000 });
  await host.waitForFunction(() => document.querySelector('iframe').height !== '600', null, { timeout: 15000 });
  const fit = await host.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    right: document.querySelector('iframe').getBoundingClientRect().right,
  }));
  assert.ok(fit.scroll <= fit.inner, `the course page scrolls sideways: ${fit.scroll} > ${fit.inner}`);
  assert.ok(fit.right <= fit.inner, `the frame ends at ${fit.right} px`);
  app.assertNoErrors(host);
  await host.context().close();
});
