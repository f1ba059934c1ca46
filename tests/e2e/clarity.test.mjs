// What a student reads, checked as shown: one time format in the lab view
// (seconds, hours past an hour), the «?» help on how to read each view's
// charts, and the herd sweep legend previewing a curve on hover and focus.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, PHONE } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** Whether every label of the diagram's time column ends left of the harness lane. */
async function timesFit(page) {
  return page.evaluate(() => {
    const lane = Number(document.querySelector('[data-testid=sequence-diagram] .lane line').getAttribute('x1'));
    return [...document.querySelectorAll('[data-testid=sequence-diagram] text.time')].every((t) => {
      const b = t.getBBox();
      return b.x + b.width < lane - 2;
    });
  });
}

/** Every text in the lab view that carries a time: the step line, the diagram's time column, the table cells. */
async function labTimes(page) {
  return page.evaluate(() => {
    const q = (s) => [...document.querySelectorAll(s)].map((e) => e.textContent.trim());
    return {
      step: document.querySelector('[data-testid=step-index]').textContent,
      column: q('[data-testid=sequence-diagram] text.time'),
      cells: q('[data-testid=report-created], [data-testid=key-created], [data-testid=key-lease-expires]'),
      narration: document.querySelector('[data-testid=narration]').textContent,
      texts: q('[data-testid=sequence-diagram] text'),
    };
  });
}

for (const [label, options] of [['1280 px', {}], ['360 px', PHONE]]) {
  test(`lab, key retention at ${label}: a day reads in hours, never as tens of thousands of seconds or raw ms`, async () => {
    const page = await app.open('#/lab?scenario=key_expired&client=stable_key&server=fenced&seed=1&step=end', options);
    await page.getByTestId('sequence-diagram').waitFor();
    const got = await labTimes(page);
    assert.match(got.step, /t = 25 小时 0\.098 秒/);
    assert.ok(got.column.includes('24 小时 30 分钟'), got.column.join(' / '));
    assert.ok(got.column.every((c) => /^(\d+ 小时( \d+ 分钟)?( [\d.]+ 秒)?|[\d.]+ 秒)$/.test(c)), got.column.join(' / '));
    // Table cells: seconds (the header says so, once) or hours, the stored milliseconds in the title.
    assert.ok(got.cells.length >= 4);
    assert.ok(got.cells.every((c) => /^[\d.]+$|小时/.test(c) && !/\d{4}/.test(c.replace(/,/g, ''))), got.cells.join(' / '));
    assert.match(await page.getByTestId('table-reports').locator('thead').innerText(), /created_ms（秒）/);
    const lease = page.getByTestId('key-lease-expires').first();
    assert.equal(await lease.innerText(), '25 小时 5.028 秒');
    assert.equal(await lease.getAttribute('title'), '90005028 ms');
    assert.ok(got.texts.every((x) => !/\d{5}/.test(x)), got.texts.join(' / '));
    assert.ok(await timesFit(page), 'a time label runs into the harness lane');
    app.assertNoErrors(page);
    await page.context().close();
  });
}

test('lab waits and wake-ups are in seconds in the narration and the diagram, in both languages', async () => {
  // lease_expired behind a fence: a stall, a Retry-After wait and backoff waits.
  const page = await app.open('#/lab?scenario=lease_expired&client=stable_key&server=fenced&seed=1&step=end');
  await page.getByTestId('sequence-diagram').waitFor();
  const diagram = await page.getByTestId('sequence-diagram').textContent();
  assert.match(diagram, /停顿到 t = 7\.\d+ 秒/);
  assert.match(diagram, /等 3 秒 \(Retry-After\)/);
  assert.doesNotMatch(diagram, /毫秒| ms\b/);
  // The narration says the pause, as the diagram draws it.
  await page.goto(page.url().replace(/step=[^&]*/, 'step=3'));
  assert.match(await page.getByTestId('narration').textContent(), /停顿（比如 GC 停顿），到 t = 7\.\d+ 秒才醒来/);
  for (let step = 1; step <= 14; step++) {
    await page.goto(page.url().replace(/step=[^&]*/, `step=${step}`));
    const n = await page.getByTestId('narration').textContent();
    assert.doesNotMatch(n, /\d ms|毫秒/, `step ${step}: ${n}`);
  }
  const en = await app.open('#/lab?scenario=response_lost&client=stable_key&server=atomic&seed=1&step=end&lang=en');
  await en.getByTestId('sequence-diagram').waitFor();
  const t = await labTimes(en);
  assert.ok(t.column.every((c) => /^[\d.]+ s$/.test(c)), t.column.join(' / '));
  assert.ok(await timesFit(en), 'a time label runs into the harness lane');
  assert.match(await en.getByTestId('sequence-diagram').textContent(), /waits 0\.\d+ s/);
  app.assertNoErrors(page);
  await page.context().close();
  await en.context().close();
});

test('the lab parameters and the matrix compute time read in native units', async () => {
  const page = await app.open('#/lab/matrix?server=atomic');
  await page.waitForSelector('[data-testid=matrix] [data-reports]');
  await page.waitForFunction(() => /计算用时/.test(document.body.innerText), null, { timeout: 60000 });
  assert.match(await page.locator('body').innerText(), /\d[\d,]* 次运行，计算用时 [\d,.]+ (毫秒|秒)/);
  app.assertNoErrors(page);
  await page.context().close();
});

/** The «how to read this page» part of the «?» help on `hash`. */
async function readingHelp(hash, options) {
  const page = await app.open(hash, options);
  await page.getByTestId('help-open').click();
  const text = await page.getByTestId('help-reading').innerText();
  const title = await page.locator('#help-title').innerText();
  // The marks the help explains, drawn as the views draw them.
  const icons = await page.getByTestId('help-reading').evaluate((el) =>
    [...el.querySelectorAll('svg.icon')].filter((i) => i.getBoundingClientRect().width > 0).map((i) => i.getAttribute('class')));
  app.assertNoErrors(page);
  await page.context().close();
  return { text, title, icons };
}

test('the ? help says how to read the lab run view: lanes, lost messages, bars, the fence, the two cards', async () => {
  const { text, title, icons } = await readingHelp('#/lab?scenario=lease_overlap&client=stable_key&server=fenced');
  assert.match(title, /怎么读/);
  for (const bit of [/泳道/, /叉/, /丢/, /黄色竖条/, /蓝色竖条/, /fence 1 ≠ 2/, /这一步之后/, /整次运行结束时/, /租约 > 客户端超时/, /直接看结果/]) {
    assert.match(text, bit);
  }
  for (const mark of ['icon-cross', 'icon-pause', 'icon-wait']) assert.ok(icons.some((c) => c.includes(mark)), `${mark} in ${icons}`);
  const en = await readingHelp('#/lab?lang=en');
  for (const bit of [/lanes/, /lost/, /yellow bar/, /fence 1 ≠ 2/, /After this step/, /When the run settles/]) {
    assert.match(en.text, bit);
  }
});

test('the ? help says how to read the matrix, the amplify charts and the exercise results', async () => {
  const matrix = await readingHelp('#/lab/matrix', PHONE);
  for (const bit of [/报告份数/, /图例/, /场景 × 服务端/, /换了请求体，却重放旧响应/, /没有报告，模型知道没有创建/, /结果对，但靠运气/]) assert.match(matrix.text, bit);
  for (const mark of ['icon-cross', 'icon-changed-body', 'icon-check', 'icon-check-unknown', 'icon-empty', 'icon-unknown', 'icon-luck', 'icon-changed']) {
    assert.ok(matrix.icons.some((c) => c.includes(mark)), `${mark} in ${matrix.icons}`);
  }
  const amp = await readingHelp('#/amplify');
  for (const bit of [/尝试树/, /容量/, /Brooker/]) assert.match(amp.text, bit);
  const ex = await readingHelp('#/exercises?lang=en');
  for (const bit of [/grade/, /★/, /scenario × client × server/]) assert.match(ex.text, bit);
});

/** Classes of the series in the sweep's call chart, by strategy. */
async function seriesClasses(page) {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-testid=sweep-chart-calls] g.series')].map((g) => [
        g.dataset.strategy,
        g.getAttribute('class'),
      ]),
    ),
  );
}

for (const [label, options] of [['1280 px', {}], ['360 px', PHONE]]) {
  test(`herd sweep at ${label}: hovering or focusing a legend entry brings its curve to the front`, async () => {
    const page = await app.open('#/herd?view=sweep&n_from=10&n_to=30&n_step=10&trials=3&strategies=none,full,equal', options);
    await page.getByTestId('sweep-start').click();
    await page.waitForSelector('[data-testid=sweep-state][data-state=done]', { timeout: 60000 });
    assert.deepEqual(Object.values(await seriesClasses(page)), ['series', 'series', 'series']);
    const full = page.getByTestId('highlight-full').first();
    await full.hover();
    await page.waitForFunction(() => document.querySelector('[data-testid=sweep-chart-calls] g[data-strategy=full]')?.classList.contains('front'));
    let c = await seriesClasses(page);
    assert.equal(c.full, 'series front');
    assert.equal(c.none, 'series dim');
    // A preview is not a pin: not pressed, not in the URL.
    assert.equal(await full.getAttribute('aria-pressed'), 'false');
    assert.doesNotMatch(page.url(), /highlight=/);
    await page.mouse.move(1, 1);
    await page.waitForFunction(() => !document.querySelector('[data-testid=sweep-chart-calls] g.dim'));
    // Keyboard focus previews too; Enter pins it.
    await page.getByTestId('highlight-equal').first().focus();
    await page.waitForFunction(() => document.querySelector('[data-testid=sweep-chart-calls] g[data-strategy=equal]')?.classList.contains('front'));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /highlight=equal/.test(location.href));
    await page.getByTestId('highlight-equal').first().blur();
    c = await seriesClasses(page);
    assert.equal(c.equal, 'series front');
    assert.equal(c.full, 'series dim');
    // No inline style attributes were added for the highlight (CSP).
    assert.equal(await page.locator('.herd-legend-list [style]').count(), 0);
    app.assertNoErrors(page);
    await page.context().close();
  });
}

test('the lab reads naturally in English: plurals agree, the server replays the stored response', async () => {
  const page = await app.open('#/lab?scenario=response_lost&client=stable_key&server=atomic&seed=1&step=end&lang=en', PHONE);
  await page.getByTestId('end-sentence').waitFor();
  const card = await page.getByTestId('card-end').innerText();
  assert.match(card, /1 report: only one/);
  assert.match(card, /1 tool call, 2 HTTP requests/);
  assert.match(card, /the server replays the stored response/);
  assert.match(await page.getByTestId('end-sentence').innerText(), /the database holds 1 report, and the model was last told: created\./);
  assert.match(await page.getByTestId('table-reports').innerText(), /The reports table/);
  assert.doesNotMatch(await page.locator('body').innerText(), /\(s\)/);
  const zh = await app.open('#/lab?scenario=response_lost&client=naive&server=naive&seed=1&step=end', PHONE);
  await zh.getByTestId('final-verdict').waitFor();
  assert.match(await zh.getByTestId('final-verdict').innerText(), /2 份报告：多于一份，重复副作用/);
  assert.equal(await zh.getByTestId('final-verdict').locator('svg.icon-cross').count(), 1);
  assert.match(await zh.getByTestId('end-sentence').innerText(), /结束时库里有 2 份报告，模型最后知道的是「已创建」/);
  app.assertNoErrors(page);
  await page.context().close();
  await zh.context().close();
});

test('exercises call each scenario, client and server by the lab name with its id', async () => {
  const page = await app.open('#/exercises?q=predict_stored_500', PHONE);
  const card = page.getByTestId('exercise-predict_stored_500');
  await card.waitFor();
  const text = await card.innerText();
  assert.match(text, /故障场景「500 被存下」（stored_500）/);
  assert.match(text, /原子占键（atomic）/);
  assert.match(text, /朴素（naive）/);
  assert.doesNotMatch(text, /naive 服务端|atomic 服务端|场景 stored_500/);
  await page.getByTestId('answer-predict_stored_500-1').fill('0');
  await page.getByTestId('answer-predict_stored_500-2').fill('1');
  await page.getByTestId('run-predict_stored_500').click();
  await page.getByTestId('model-predict_stored_500').waitFor({ timeout: 30000 });
  // The run link says which run in the lab's names, not as ids joined by slashes.
  const link = page.locator('[data-testid="model-predict_stored_500-1"] a');
  assert.match(await link.innerText(), /500 被存下 × 稳定键 × 原子占键/);
  assert.equal(await link.getAttribute('title'), 'stored_500 × stable_key × atomic');
  app.assertNoErrors(page);
  await page.context().close();
});

test('amplify counts carry thousands separators and compute time is labelled as such, at 360 px', async () => {
  const page = await app.open('#/amplify?view=load&preset=codex', PHONE);
  await page.getByTestId('load-done').waitFor({ timeout: 60000 });
  assert.match(await page.getByTestId('load-done').innerText(), /计算用时 [\d,.]+ (毫秒|秒)/);
  const requests = await page.getByTestId('requests-retry_after').innerText();
  assert.match(requests, /^\d{1,3}(,\d{3})+$/);
  // The parameter form is a grid again: the first two fields share a row at 1280 px.
  const wide = await app.open('#/amplify');
  const boxes = await wide.locator('.amp-controls .field').evaluateAll((els) => els.slice(0, 2).map((e) => e.getBoundingClientRect().top));
  assert.equal(boxes[0], boxes[1]);
  app.assertNoErrors(page);
  await page.context().close();
  await wide.context().close();
});

test('herd times read in one unit: the results column, and seconds on axes that reach 10 s', async () => {
  const page = await app.open('#/herd?clients=100&trials=5&seed=1&strategies=none,exponential,full');
  await page.getByTestId('time-exponential').waitFor({ timeout: 60000 });
  const column = await Promise.all(['none', 'exponential', 'full'].map((s) => page.getByTestId(`time-${s}`).innerText()));
  // Exponential backoff takes over 10 s, so the whole column is in seconds.
  assert.ok(column.every((c) => /^[\d,.]+ 秒$/.test(c)), column.join(' / '));
  const timeline = page.getByTestId('timeline-exponential');
  await timeline.waitFor();
  assert.match(await timeline.locator('.axis-title').first().textContent(), /时间（秒）/);
  assert.ok((await timeline.locator('.tick').allTextContents()).every((x) => !/k$/.test(x)));
  app.assertNoErrors(page);
  await page.context().close();

  const sweep = await app.open('#/herd?view=sweep&n_from=10&n_to=30&n_step=10&trials=3&strategies=full,exponential');
  await sweep.getByTestId('sweep-start').click();
  await sweep.waitForSelector('[data-testid=sweep-state][data-state=done]', { timeout: 60000 });
  const titles = await sweep.getByTestId('sweep-chart-time').locator('.axis-title').allTextContents();
  // The default log axis, labelled in seconds and saying so.
  assert.ok(titles.includes('平均完成时间（秒，对数刻度）'), titles.join(' / '));
  app.assertNoErrors(sweep);
  await sweep.context().close();
});

test('a pause past the lease is drawn as a stall, slow but normal work as work', async () => {
  const slow = await app.open('#/lab?scenario=slow_server&client=stable_key&server=atomic&seed=1&step=end');
  await slow.getByTestId('sequence-diagram').waitFor();
  assert.equal(await slow.locator('svg.seq rect.stall-bar').count(), 0);
  assert.ok((await slow.locator('svg.seq rect.work-bar').count()) >= 1);
  assert.match(await slow.getByTestId('sequence-diagram').textContent(), /还在处理，到 t = 2\.\d+ 秒/);
  assert.doesNotMatch(await slow.getByTestId('sequence-diagram').textContent(), /停顿/);
  const overlap = await app.open('#/lab?scenario=lease_overlap&client=stable_key&server=fenced&seed=1&step=end');
  await overlap.getByTestId('sequence-diagram').waitFor();
  // The first handler pauses 6 s (past the 5 s lease); the taker works 1.5 s.
  assert.equal(await overlap.locator('svg.seq rect.stall-bar').count(), 1);
  assert.equal(await overlap.locator('svg.seq rect.work-bar').count(), 1);
  app.assertNoErrors(slow);
  app.assertNoErrors(overlap);
  await slow.context().close();
  await overlap.context().close();
});

test('the matrix title names what its columns are', async () => {
  const page = await app.open('#/lab/matrix?by=server&client=new_key', PHONE);
  assert.equal(await page.getByTestId('matrix-title').innerText(), '矩阵：每种故障 × 每种服务端实现');
  const byClient = await app.open('#/lab/matrix?server=atomic&lang=en');
  assert.equal(await byClient.getByTestId('matrix-title').innerText(), 'Matrix: every fault × every client strategy');
  app.assertNoErrors(page);
  await page.context().close();
  await byClient.context().close();
});

test('lab notices name the field, the value used by its picker name, and group thousands, at 360 px', async () => {
  const page = await app.open('#/lab?scenario=foo&seed=1234567', PHONE);
  const scenario = page.getByTestId('notice-scenario').first();
  await scenario.waitFor();
  assert.match(await scenario.innerText(), /「故障场景」（URL 参数 scenario）.*已改用「响应丢失（response_lost）」/);
  assert.match(await page.getByTestId('notice-seed').first().innerText(), /允许：0–999,999）.*已改用「999,999」/);
  app.assertNoErrors(page);
  await page.context().close();
});
