// The retry-amplification page (#/amplify) end to end: the chapter's numbers
// read from data-testids for each preset, stepping the attempt tree, the
// metastable and Codex presets, Brooker's sweep with progress and cancel,
// bad URL notices, and no long main-thread task.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, numberIn, FROZEN_MS } from './harness.mjs';


let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

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

/** Opens `#/` first so long tasks of the page itself are recorded. */
async function openRecorded(hash) {
  const page = await app.open('#/');
  await recordLongTasks(page);
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  return page;
}

async function fanoutDone(page) {
  await page.getByTestId('amplification').waitFor({ timeout: 60000 });
  await page.getByTestId('fanout-running').waitFor({ state: 'detached', timeout: 60000 });
}

test('5 layers × 3 attempts at p = 1 give 243, and the tree steps', async () => {
  const page = await openRecorded('#/amplify?view=fanout&layers=3,3,3,3,3&p=1&trials=1000&seed=1');
  await fanoutDone(page);
  assert.equal(await numberIn(page, 'amplification'), 243);
  assert.equal(await numberIn(page, 'amplification-expected'), 243);
  assert.equal(await numberIn(page, 'success-rate'), 0);
  assert.equal(await numberIn(page, 'first-bottom'), 243);
  assert.equal(await numberIn(page, 'bottom-count'), 243);
  // Step to the start and forward with the keyboard.
  await page.getByTestId('step-first').click();
  assert.equal(await numberIn(page, 'bottom-count'), 0);
  for (let i = 1; i <= 5; i++) {
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="step-pos"]')?.textContent.startsWith(`${n} /`),
      i,
    );
  }
  // Five attempts: one per layer down to the first bottom request.
  assert.equal(await numberIn(page, 'bottom-count'), 1);
  assert.match(await page.evaluate(() => location.hash), /step=5/);
  await page.keyboard.press('End');
  assert.equal(await numberIn(page, 'bottom-count'), 243);
  const longest = await maxLongTask(page);
  assert.ok(longest < FROZEN_MS, `main thread blocked for ${longest} ms`);
  app.assertNoErrors(page);
  await page.context().close();
});

test('the fanout presets linked from the page: 12, 4, min(B, product), p < 1', async () => {
  const page = await app.open('#/amplify');
  for (const [id, want] of [
    ['preset-12', 12],
    ['preset-top-only', 4],
    ['preset-budget', 5],
  ]) {
    await page.getByTestId(id).click();
    await page.waitForFunction((w) => {
      const el = document.querySelector('[data-testid="amplification-expected"]');
      return el && Number(el.textContent) === w;
    }, want);
    await fanoutDone(page);
    assert.equal(await numberIn(page, 'amplification'), want, id);
  }
  // The new page replaces the last preset's summary once its job runs; until
  // then the old numbers (expected 5, nothing running) are still drawn, so
  // waiting for the hash alone could read them, or the first partial mean.
  const before = await page.getByTestId('amplification-expected').textContent();
  await page.getByTestId('preset-mean').click();
  await page.waitForFunction(() => location.hash.includes('p=0.8'));
  await page.waitForFunction(
    (old) => document.querySelector('[data-testid="amplification-expected"]')?.textContent !== old,
    before,
  );
  await fanoutDone(page);
  const mean = await numberIn(page, 'amplification');
  const exact = await numberIn(page, 'amplification-expected');
  const se = await numberIn(page, 'std-error');
  assert.ok(Math.abs(mean - exact) <= 4 * se + 0.001, `${mean} vs ${exact} ± ${se}`);
  app.assertNoErrors(page);
  await page.context().close();
});

test('metastable: retries never recover, token bucket / retry budget / deadline do', async () => {
  const page = await openRecorded('#/amplify?view=load&preset=metastable');
  await page.getByTestId('load-done').waitFor({ timeout: 120000 });
  assert.equal(await page.getByTestId('recovered-retries').getAttribute('data-value'), '');
  for (const p of ['token_bucket', 'retry_budget', 'deadline']) {
    const v = await page.getByTestId(`recovered-${p}`).getAttribute('data-value');
    assert.ok(v !== '' && Number(v) >= 0 && Number(v) < 60, `${p}: ${v}`);
  }
  assert.ok((await numberIn(page, 'amplification-retries')) > 10);
  assert.ok((await numberIn(page, 'amplification-token_bucket')) < 1.1);
  const longest = await maxLongTask(page);
  assert.ok(longest < FROZEN_MS, `main thread blocked for ${longest} ms`);
  app.assertNoErrors(page);
  await page.context().close();
});

test('Codex 3 × 3 = 9 with Retry-After, 3 without', async () => {
  const page = await app.open('#/amplify?view=load&preset=codex');
  await page.getByTestId('load-done').waitFor({ timeout: 60000 });
  assert.equal(await numberIn(page, 'amplification-retry_after'), 9);
  assert.equal(await numberIn(page, 'amplification-retry_after-no_retry_after'), 3);
  app.assertNoErrors(page);
  await page.context().close();
});

test("Brooker's sweep: retries → 3 at p = 1, token bucket ≤ 1.1, cancel works", async () => {
  const page = await openRecorded('#/amplify?view=sweep&calls=5000&seed=1');
  await page.getByTestId('sweep-done').waitFor({ timeout: 120000 });
  const cell = (policy, p, cls) =>
    page.getByTestId(`sweep-${policy}-${p}`).locator(`td.${cls}`).innerText().then(Number);
  assert.equal(await cell('retries', 1, 'amp'), 3);
  assert.ok((await cell('token_bucket', 1, 'amp')) <= 1.1);
  assert.ok(Math.abs((await cell('token_bucket', 0.05, 'amp')) - (await cell('retries', 0.05, 'amp'))) < 0.02);
  assert.equal(await page.getByTestId('sweep-table').locator('tbody tr').count(), 105);
  const longest = await maxLongTask(page);
  assert.ok(longest < FROZEN_MS, `main thread blocked for ${longest} ms`);
  // A full-size sweep can be cancelled while it runs (the setting is under
  // «more parameters»).
  await page.getByTestId('more-params').locator('summary').click();
  await page.getByTestId('field-calls').fill('200000');
  await page.getByTestId('field-calls').dispatchEvent('change');
  await page.getByTestId('sweep-cancel').click();
  await page.getByTestId('sweep-cancelled').waitFor();
  app.assertNoErrors(page);
  await page.context().close();
});

test('bad URL values show bounded notices and the page still works', async () => {
  const page = await app.open('#/amplify?layers=3,x,99&p=7&policy=bogus&zzz=1');
  await page.getByTestId('notices').waitFor();
  for (const p of ['layers', 'p', 'policy', 'zzz']) {
    await page.getByTestId(`notice-${p}`).waitFor();
  }
  await fanoutDone(page);
  assert.equal(await numberIn(page, 'amplification-expected'), 90);
  app.assertNoErrors(page);
  await page.context().close();
});

test('navigation and home list the three demos in the chapter order', async () => {
  const page = await app.open('#/');
  const nav = await page.locator('header nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.deepEqual(nav.slice(0, 3), ['#/herd', '#/amplify', '#/lab']);
  await page.getByTestId('card-amplify').click();
  await page.getByTestId('amplification').waitFor({ timeout: 60000 });
  app.assertNoErrors(page);
  await page.context().close();
});

test('embed mode: no header, the numbers still there', async () => {
  const page = await app.open('#/amplify?view=load&preset=codex&embed=1');
  await page.getByTestId('load-done').waitFor({ timeout: 60000 });
  assert.equal(await page.locator('.site-header').count(), 0);
  assert.equal(await page.getByTestId('policies-doc').count(), 0);
  assert.equal(await numberIn(page, 'amplification-retry_after'), 9);
  app.assertNoErrors(page);
  await page.context().close();
});

test("Brooker's full default sweep (21 p × 5 policies × 10⁵ calls) without long tasks", async () => {
  const page = await openRecorded('#/amplify?view=sweep');
  await page.getByTestId('sweep-done').waitFor({ timeout: 600000 });
  const elapsed = await page.getByTestId('sweep-done').innerText();
  const longest = await maxLongTask(page);
  console.log(`# browser Brooker sweep (105 points x 1e5 calls): ${elapsed}; longest task ${longest.toFixed(0)} ms`);
  assert.equal(await page.getByTestId('sweep-table').locator('tbody tr').count(), 105);
  assert.ok(longest < FROZEN_MS, `main thread blocked for ${longest} ms`);
  app.assertNoErrors(page);
  await page.context().close();
});

/** Every tick label of the charts inside `selector`: text, computed font size, and whether its svg is unscaled. */
async function ticks(page, selector) {
  return page.locator(`${selector} svg`).evaluateAll((svgs) =>
    svgs.flatMap((svg) => {
      const unscaled = Math.abs(svg.getBoundingClientRect().width - Number(svg.getAttribute('width'))) < 1;
      return [...svg.querySelectorAll('text.tick')].map((t) => ({
        text: t.textContent,
        px: parseFloat(getComputedStyle(t).fontSize),
        unscaled,
      }));
    }),
  );
}

for (const width of [1280, 360]) {
  test(`metastable at ${width} px: the lesson, each card's why, round ticks of at least 11 px`, async () => {
    const page = await app.open('#/amplify?view=load&preset=metastable', { viewport: { width, height: 800 } });
    await page.getByTestId('load-done').waitFor({ timeout: 120000 });
    const lesson = await page.getByTestId('amp-lesson').innerText();
    assert.match(lesson, /第 20–30 秒降到 30 %/);
    assert.match(lesson, /「各层重试（全抖动退避）」却在触发结束后一直没有恢复/);
    assert.match(lesson, /亚稳态（metastable failure/);
    // Each card says why, from its own run.
    assert.match(await page.getByTestId('why-retries').innerText(), /超过容量 100，积压只增不减/);
    assert.match(await page.getByTestId('why-deadline').innerText(), /丢掉了 \d+ 个.*goodput 立刻回来了/);
    assert.match(await page.getByTestId('why-retry_budget').innerText(), /过载时也照样放行.*每秒只能多消化约 \d+ 个/);
    assert.match(await page.getByTestId('why-token_bucket_fixed_rate').innerText(), /每秒 1 个令牌的固定速率/);
    const all = await ticks(page, '.amp-lane');
    assert.ok(all.length > 100, `${all.length} tick labels`);
    for (const t of all) {
      assert.ok(t.px >= 11, `tick «${t.text}» at ${t.px} px`);
      assert.ok(t.unscaled, `tick «${t.text}» in a scaled svg`);
      assert.match(t.text, /^-?\d+(\.\d*[1-9])?k?$/, `tick «${t.text}»`);
    }
    app.assertNoErrors(page);
    await page.context().close();
  });
}

test('Codex: requests per call, 9 against 3, and why the per-second amplification passes 9', async () => {
  const page = await app.open('#/amplify?view=load&preset=codex');
  await page.getByTestId('load-done').waitFor({ timeout: 60000 });
  assert.match(await page.getByTestId('amp-lesson').innerText(), /每次逻辑调用 9 个请求；不带时 HTTP 层不重试，只剩采样层的 3 个/);
  for (const [id, n] of [['retry_after', 9], ['retry_after-no_retry_after', 3]]) {
    // The first call's requests, one dot each, instead of flat charts at zero.
    assert.equal(await page.getByTestId(`chart-first-call-${id}`).locator('circle').count(), n, id);
    await page.getByTestId(`no-goodput-${id}`).waitFor();
    await page.getByTestId(`light-load-${id}`).waitFor();
    assert.equal(await page.getByTestId(`chart-goodput-${id}`).count(), 0);
    assert.equal(await page.getByTestId(`chart-load-${id}`).count(), 0);
  }
  const note = await page.getByTestId('amp-note-retry_after').innerText();
  const peak = Number(note.match(/最高 ([\d.]+)/)[1]);
  assert.ok(peak > 9, note);
  assert.match(note, /第一个调用的 9 个请求从头到尾用了 [\d.]+ 秒/);
  assert.match(note, /平均仍是 9/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('policies are chosen by name; their ids stay in the URL', async () => {
  const page = await app.open('#/amplify?view=load&preset=codex');
  await page.getByTestId('load-done').waitFor({ timeout: 60000 });
  const box = page.getByTestId('policy-circuit_breaker');
  assert.match(await page.locator('label', { has: box }).innerText(), /熔断器/);
  await box.check();
  await page.waitForFunction(() => /policies=circuit_breaker%2Cretry_after|policies=circuit_breaker,retry_after/.test(location.hash));
  await page.getByTestId('lane-circuit_breaker').waitFor({ timeout: 60000 });
  await page.getByTestId('policy-retry_after').uncheck();
  await page.waitForFunction(() => !/retry_after%2C|,retry_after/.test(location.hash) && /policies=circuit_breaker(&|$)/.test(location.hash));
  // The last one cannot be unchecked: a comparison needs a lane.
  assert.equal(await page.getByTestId('policy-circuit_breaker').isDisabled(), true);
  // The sweep has the same checkboxes; the fanout view a select of names.
  await page.getByTestId('tab-sweep').click();
  await page.getByTestId('policy-token_bucket_fixed_rate').waitFor();
  await page.getByTestId('tab-fanout').click();
  await page.getByTestId('field-policy').selectOption('top_only');
  await page.waitForFunction(() => /policy=top_only/.test(location.hash));
  app.assertNoErrors(page);
  await page.context().close();
});

test('the preset bar marks the preset that is active', async () => {
  const page = await app.open('#/amplify?view=load&preset=codex');
  const current = () => page.locator('.amp-presets [aria-current="true"]').evaluateAll((as) => as.map((a) => a.dataset.testid));
  assert.deepEqual(await current(), ['preset-codex']);
  await page.getByTestId('preset-243').click();
  await page.waitForFunction(() => location.hash.includes('layers=3%2C3%2C3%2C3%2C3') || location.hash.includes('layers=3,3,3,3,3'));
  // A preset is a link: the address changes at once, the page follows its
  // hashchange in a task after the click.
  await page.waitForFunction(() => document.querySelector('.amp-presets [aria-current="true"]')?.dataset.testid === 'preset-243');
  assert.deepEqual(await current(), ['preset-243']);
  // Another setting: no longer that preset.
  await page.getByTestId('field-p').fill('0.5');
  await page.getByTestId('field-p').dispatchEvent('change');
  // p = 0.5 is the fan-out view's default, so the address bar (the link to
  // this state) leaves it out.
  await page.waitForFunction(() => location.hash === '#/amplify?layers=3,3,3,3,3');
  assert.deepEqual(await current(), []);
  app.assertNoErrors(page);
  await page.context().close();
});

test('the default tree retries, and the fraction says what it counts', async () => {
  const page = await app.open('#/amplify');
  await fanoutDone(page);
  assert.ok((await numberIn(page, 'first-retries')) >= 1);
  assert.ok((await numberIn(page, 'first-bottom')) > 1);
  assert.match(await page.getByTestId('fraction-note').innerText(), /左边是到这一步最底层已经收到的请求，右边是这次调用一共让最底层收到的请求/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('at 360 px the load view shows results before its settings fill the screen', async () => {
  const page = await app.open('#/amplify?view=load&preset=metastable', { viewport: { width: 360, height: 740 } });
  await page.getByTestId('load-done').waitFor({ timeout: 120000 });
  // The numeric settings are folded away; only the policy checkboxes show.
  const visible = await page.locator('.amp-controls input').evaluateAll((els) => els.filter((e) => e.checkVisibility()).length);
  assert.ok(visible <= 10, `${visible} visible inputs`);
  // The run's lesson comes before the form, within the first screen, and the
  // form takes less than half a screen.
  const lesson = await page.getByTestId('amp-lesson').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  assert.ok(lesson < 740, `the lesson starts at ${lesson} px`);
  const form = await page.locator('.amp-controls').evaluate((el) => el.getBoundingClientRect().height);
  assert.ok(form < 740 / 2, `the form is ${form} px tall`);
  // Opening «more parameters» shows them all.
  await page.getByTestId('more-params').locator('summary').click();
  await page.getByTestId('field-refill').waitFor();
  app.assertNoErrors(page);
  await page.context().close();
});
