// The app shell: routing, language, notices, help, share links, embed mode,
// CSP and the offline guarantee.
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

test('home page renders in Chinese with the three demos, under the CSP, with no errors', async () => {
  const page = await app.open('#/');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  await page.getByTestId('nav-herd').waitFor();
  assert.equal(await page.getByTestId('nav-herd').innerText(), '惊群模拟器');
  assert.equal(await page.getByTestId('nav-lab').innerText(), '幂等实验');
  app.assertNoErrors(page);
  await page.context().close();
});

test('language switch turns the page English and back, and the URL keeps it', async () => {
  const page = await app.open('#/');
  await page.getByTestId('lang-switch').click();
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.equal(await page.getByTestId('nav-herd').innerText(), 'Thundering herd');
  assert.match(page.url(), /lang=en/);
  await page.reload();
  await page.waitForSelector('#app .shell');
  // The English texts are a file of their own, fetched beside the wasm.
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.equal(await page.getByTestId('nav-herd').innerText(), 'Thundering herd');
  await page.getByTestId('lang-switch').click();
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.doesNotMatch(page.url(), /lang=en/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('an unknown route and bad shell parameters show notices, never a blank page', async () => {
  const page = await app.open('#/nowhere?lang=xx&embed=maybe');
  await page.getByTestId('notice-route').waitFor();
  assert.match(await page.getByTestId('notice-route').innerText(), /nowhere/);
  const notices = await page.getByTestId('notices').innerText();
  assert.match(notices, /lang/);
  assert.match(notices, /embed/);
  // Still a working page: the home cards are there.
  assert.ok(await page.locator('.home .card').count() >= 3);
  app.assertNoErrors(page);
  await page.context().close();
});

test('? opens the keyboard shortcut help and Escape closes it', async () => {
  const page = await app.open('#/');
  await page.keyboard.press('?');
  await page.getByTestId('help-dialog').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('help-dialog').waitFor({ state: 'detached' });
  app.assertNoErrors(page);
  await page.context().close();
});

test('copy link puts the full current URL on the clipboard and it restores the view', async () => {
  const page = await app.open('#/herd?clients=37&seed=9', {
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await page.getByTestId('copy-link').click();
  const shown = await page.getByTestId('share-url').inputValue();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, shown);
  assert.match(copied, /#\/herd\?/);
  assert.match(copied, /clients=37/);
  assert.match(copied, /seed=9/);
  const again = await app.open(copied.slice(copied.indexOf('#')));
  assert.equal(again.url(), copied);
  app.assertNoErrors(page);
  app.assertNoErrors(again);
  await page.context().close();
  await again.context().close();
});

test('embed mode hides the header and posts its height to the host page', async () => {
  const page = await app.openHost('#/?embed=1');
  const frame = page.frameLocator('#demo');
  await frame.locator('#app .shell.embed').waitFor();
  assert.equal(await frame.locator('.site-header').count(), 0);
  await page.waitForFunction(() => window.__heights.length > 0);
  const heights = await page.evaluate(() => window.__heights);
  const last = heights[heights.length - 1];
  assert.ok(last > 100 && last < 5000, `height ${last}`);
  const applied = await page.evaluate(() => document.getElementById('demo').style.height);
  assert.equal(applied, `${last}px`);
  app.assertNoErrors(page);
  await page.context().close();
});

test('the page requests nothing but its own files (offline check)', async () => {
  for (const hash of ['#/', '#/herd', '#/lab', '#/exercises']) {
    const page = await app.open(hash);
    await page.waitForTimeout(500);
    const foreign = app.requests(page).filter((u) => !u.startsWith(app.origin));
    assert.deepEqual(foreign, [], `requests leaving the page from ${hash}`);
    app.assertNoErrors(page);
    await page.context().close();
  }
});

test('a narrow 360 px screen has no horizontal page scroll', async () => {
  for (const hash of ['#/', '#/herd', '#/lab', '#/exercises']) {
    const page = await app.open(hash, { viewport: { width: 360, height: 740 } });
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 1, `${hash} overflows by ${overflow}px at 360 px`);
    await page.context().close();
  }
});

test('reduced motion: no running animations anywhere', async () => {
  for (const hash of ['#/', '#/herd', '#/lab', '#/exercises']) {
    const page = await app.open(hash, { reducedMotion: 'reduce' });
    assert.equal(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches), true);
    await page.waitForTimeout(300);
    const running = await page.evaluate(() => document.getAnimations().length);
    assert.equal(running, 0, `${hash} runs ${running} animations under reduced motion`);
    await page.context().close();
  }
});

test('every view names ignored and invalid URL parameters in a notice and still renders', async () => {
  const cases = [
    ['#/herd?clients=abc&bogus=1', ['clients', 'bogus'], 'calls-full'],
    ['#/lab?scenario=nope&step=-3&zzz=1', ['scenario', 'zzz'], 'report-count'],
    ['#/lab/matrix?server=nope&extra=2', ['server', 'extra'], 'cell-none-naive'],
    ['#/exercises?q=no_such_question&foo=bar', ['q', 'foo'], 'exercises-score'],
  ];
  for (const [hash, params, testId] of cases) {
    const page = await app.open(hash);
    await page.getByTestId('notices').first().waitFor();
    const text = await page.getByTestId('notices').allInnerTexts();
    for (const p of params) {
      assert.match(text.join('\n'), new RegExp(p), `${hash}: notice should name ${p}`);
    }
    await page.getByTestId(testId).first().waitFor({ timeout: 30000 });
    app.assertNoErrors(page);
    await page.context().close();
  }
});

test('copy link after stepping the lab restores the same step, narration and count', async () => {
  const page = await app.open('#/lab?scenario=response_lost&client=new_key&server=atomic&seed=3&step=1', {
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await page.getByTestId('narration').waitFor();
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  const view = async (p) => ({
    step: await p.getByTestId('step-index').innerText(),
    narration: await p.getByTestId('narration').innerText(),
    count: await p.getByTestId('report-count').innerText(),
  });
  const before = await view(page);
  await page.getByTestId('copy-link').click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /step=3/);
  const again = await app.open(copied.slice(copied.indexOf('#')));
  await again.getByTestId('narration').waitFor();
  assert.deepEqual(await view(again), before);
  app.assertNoErrors(page);
  app.assertNoErrors(again);
  await page.context().close();
  await again.context().close();
});

// The page's wasm holds the Chinese texts; the English ones are a
// build-stamped file of their own, fetched only when English is wanted.
const englishFile = (p) => /^\/i18n-en-[0-9a-f]+\.json$/.test(p);

test('the English texts load only when English is wanted, beside the wasm when the URL asks for it', async () => {
  const zh = await app.open('#/');
  await zh.getByTestId('nav-herd').waitFor();
  assert.equal(app.requests(zh).filter((u) => /i18n-en/.test(u)).length, 0, 'a Chinese page fetches no English');
  await zh.getByTestId('lang-switch').click();
  await zh.waitForFunction(() => document.documentElement.lang === 'en');
  assert.equal(await zh.getByTestId('nav-herd').innerText(), 'Thundering herd');
  assert.equal(app.requests(zh).filter((u) => /i18n-en/.test(u)).length, 1);
  app.assertNoErrors(zh);
  await zh.context().close();

  const en = await app.open('#/herd?lang=en');
  await en.waitForFunction(() => document.documentElement.lang === 'en');
  assert.equal(await en.getByTestId('nav-lab').innerText(), 'Idempotency lab');
  assert.equal(await en.getByTestId('lang-loading').count(), 0);
  app.assertNoErrors(en);
  await en.context().close();
});

test('English texts that cannot be fetched: the page stays Chinese, says why, and «重试» loads them', async () => {
  const page = await app.open('#/');
  await page.getByTestId('nav-herd').waitFor();
  app.failFiles(englishFile, 'gone');
  try {
    await page.getByTestId('lang-switch').click();
    const box = page.getByTestId('lang-failed');
    await box.waitFor({ timeout: 10000 });
    assert.match(await box.innerText(), /英文界面没能加载.*404/s);
    assert.match(await box.innerText(), /could not be loaded/);
    // Never a blank page or a key: the Chinese texts stay.
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
    assert.equal(await page.getByTestId('nav-herd').innerText(), '惊群模拟器');
    assert.doesNotMatch(await page.locator('#app').innerText(), /⟦/);
    assert.match(page.url(), /lang=en/);
  } finally {
    app.failFiles(null);
  }
  await page.getByTestId('lang-retry').click();
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.equal(await page.getByTestId('nav-herd').innerText(), 'Thundering herd');
  assert.equal(await page.getByTestId('lang-failed').count(), 0);
  assert.deepEqual(app.errors(page).filter((e) => !/Failed to load resource/.test(e)), []);
  await page.context().close();
});

test('a navigation made while a page is still being drawn is followed, not written over by that page', async () => {
  // A student clicks a link while the page body is still being drawn: the
  // address changes at once, and its hashchange reaches the app only after
  // the body's first render has mirrored its own (older) state into the
  // address bar (under load the browser runs those tasks in either order).
  // Here the address changes in the task that draws the shell and the
  // hashchange comes 300 ms later. The page must follow the click.
  const target = '#/lab?scenario=crash_before_notify';
  const page = await app.open('#/lab', {}, {
    init: `(() => {
      const watch = new MutationObserver(() => {
        if (!document.querySelector('#app .shell')) return;
        watch.disconnect();
        history.pushState(null, '', ${JSON.stringify(target)});
        setTimeout(() => dispatchEvent(new HashChangeEvent('hashchange')), 300);
      });
      document.addEventListener('DOMContentLoaded', () => watch.observe(document.body, { childList: true, subtree: true }));
    })()`,
  });
  await page.waitForFunction(
    (to) => location.hash === to &&
      document.querySelector('input[name="scenario"][value="crash_before_notify"]')?.checked,
    target,
    { timeout: 10000 },
  ).catch(async (e) => {
    const seen = await page.evaluate(() => [location.hash, document.querySelector('input[name="scenario"]:checked')?.value]);
    throw new Error(`after navigating to ${target} the page shows ${JSON.stringify(seen)} (${e.message})`);
  });
  app.assertNoErrors(page);
  await page.context().close();
});
