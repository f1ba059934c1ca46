// Self-check exercises (#/exercises): one section of the chapter at a time,
// grading right and wrong, shuffled multiple choice, a test graded
// by running the lab, «predict, then run» revealing the model's value, demo
// links only after answering, progress kept across reloads, reset, and the
// single-question embed.
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

const SECTIONS = ['truths', 'wait', 'layers', 'keys', 'agent', 'interview'];

async function answerNumber(page, id, value) {
  await page.getByTestId(`answer-${id}`).fill(String(value));
  await page.getByTestId(`submit-${id}`).click();
  await page.getByTestId(`result-${id}`).waitFor();
  return page.getByTestId(`result-${id}`).getAttribute('data-verdict');
}

/** Opens a section by its tab and waits for all its cards. */
async function openSection(page, id) {
  await page.getByTestId(`section-tab-${id}`).click();
  await page.getByTestId(`section-${id}`).waitFor();
  const n = await numberIn(page, `section-count-${id}`);
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid^="exercise-"]').length === n, n);
  return n;
}

/** The question ids of the shown cards. */
const shownIds = (page) =>
  page.locator('[data-testid^="qid-"]').evaluateAll((els) => els.map((e) => e.textContent));

test('a numeric answer graded right and one graded wrong, each with its drawn mark and its explanation', async () => {
  const page = await app.open('#/exercises?section=wait');
  await page.getByTestId('exercise-backoff_4th_retry').waitFor();
  assert.match(await page.getByTestId('exercises-score').innerText(), /已答 0 \/ \d+，答对 0/);

  assert.equal(await answerNumber(page, 'backoff_4th_retry', 1600), 'right');
  // The mark is drawn (an icon beside the word), never a font glyph.
  assert.equal(await page.locator('[data-testid="result-backoff_4th_retry"] svg.icon-check').count(), 1);
  assert.doesNotMatch(await page.getByTestId('exercise-backoff_4th_retry').innerText(), /[✓✗✔✘]/);
  assert.match(await page.getByTestId('explanation-backoff_4th_retry').innerText(), /1600/);

  // Multi-field: the capped bounds, one field wrong → wrong, and a per-field mark.
  const bounds = [0.5, 1, 2, 4, 8, 16];
  for (let k = 0; k < bounds.length; k++) {
    await page.getByTestId(`answer-capped_bounds_six-${k + 1}`).fill(String(bounds[k]));
  }
  await page.getByTestId('submit-capped_bounds_six').click();
  assert.equal(await page.getByTestId('result-capped_bounds_six').getAttribute('data-verdict'), 'wrong');
  assert.equal(await page.locator('[data-testid="exercise-capped_bounds_six"] .ex-mark[data-mark="bad"] svg.icon-cross').count(), 1);
  await page.getByTestId('answer-capped_bounds_six-6').fill('8');
  await page.getByTestId('submit-capped_bounds_six').click();
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="result-capped_bounds_six"]')?.dataset.verdict === 'right');
  // Shown right, scored as its first try: wrong.
  assert.equal(await page.getByTestId('first-try-capped_bounds_six').getAttribute('data-verdict'), 'wrong');
  // No formula is printed above the inputs: the prompt states the convention.
  assert.equal(await page.locator('[data-testid="exercise-capped_bounds_six"] math').count(), 0);

  await openSection(page, 'layers');
  assert.equal(await answerNumber(page, 'three_layers', 9), 'wrong');
  assert.match(await page.getByTestId('result-three_layers').innerText(), /27/, 'a wrong answer shows the correct one');
  await page.getByTestId('explanation-three_layers').waitFor();
  // capped_bounds_six was right only at its second try: the first counts.
  assert.match(await page.getByTestId('exercises-score').innerText(), /已答 3 \/ \d+，答对 1/);
  assert.equal(await page.locator('[data-testid="exercise-three_layers"] .ex-kind-name').innerText(), '计算题');
  app.assertNoErrors(page);
  await page.context().close();
});

test('multiple choice: real radio groups in a shuffled order that is the same in both languages, graded by option id', async () => {
  const order = async (lang) => {
    const page = await app.open(`#/exercises?q=same_key_in_progress${lang}`);
    await page.getByTestId('exercise-same_key_in_progress').waitFor();
    const ids = await page.locator('[data-testid^="option-same_key_in_progress-"]').evaluateAll(
      (els) => els.map((e) => e.getAttribute('data-testid')));
    await page.context().close();
    return ids;
  };
  const zh = await order('');
  assert.deepEqual(await order('&lang=en'), zh);
  assert.equal(zh.length, 4);

  const page = await app.open('#/exercises?q=same_key_in_progress');
  await page.getByTestId('exercise-same_key_in_progress').waitFor();
  assert.ok((await page.locator('[data-testid="exercise-same_key_in_progress"] fieldset legend').count()) >= 1);
  // Keyboard: an arrow key moves the choice to the next radio of the group.
  await page.getByTestId(zh[0]).check();
  await page.getByTestId(zh[0]).focus();
  await page.keyboard.press('ArrowDown');
  assert.ok(await page.getByTestId(zh[1]).isChecked());
  await page.getByTestId('option-same_key_in_progress-reject_409').check();
  await page.getByTestId('submit-same_key_in_progress').press('Enter');
  assert.equal(await page.getByTestId('result-same_key_in_progress').getAttribute('data-verdict'), 'right');
  assert.match(await page.getByTestId('explanation-same_key_in_progress').innerText(), /409/);
  await page.context().close();

  const tf = await app.open('#/exercises?q=tf_backoff_without_jitter');
  await tf.getByTestId('option-tf_backoff_without_jitter-true').check();
  await tf.getByTestId('submit-tf_backoff_without_jitter').click();
  assert.equal(await tf.getByTestId('result-tf_backoff_without_jitter').getAttribute('data-verdict'), 'wrong');
  assert.match(await tf.getByTestId('explanation-tf_backoff_without_jitter').innerText(), /抖动/);
  // Submitting without a choice is refused with a visible message.
  await tf.goto(tf.url().replace(/#.*$/, '#/exercises?q=decide_retry_after_long'));
  await tf.getByTestId('submit-decide_retry_after_long').click();
  await tf.getByTestId('error-decide_retry_after_long').waitFor();
  app.assertNoErrors(tf);
  await tf.context().close();
});

test('a test graded by running the lab: «2» on naive, then «only 1» red on naive and green on fenced is right, a test that never goes red is not', async () => {
  const id = 'test_naive_then_fenced';
  const page = await app.open(`#/exercises?q=${id}`);
  await page.getByTestId(`exercise-${id}`).waitFor();
  await page.getByTestId(`rule-${id}`).waitFor();
  await page.getByTestId(`run-${id}`).click();
  await page.getByTestId(`error-${id}`).waitFor();
  await page.getByTestId(`fault-${id}-concurrent_same_key`).check();
  await page.getByTestId(`assert-${id}-assert_exactly_two`).check();
  await page.getByTestId(`regression-${id}-assert_exactly_one`).check();
  await page.getByTestId(`run-${id}`).click();
  await page.getByTestId(`model-${id}`).waitFor({ timeout: 60000 });
  assert.equal(await page.getByTestId(`result-${id}`).getAttribute('data-verdict'), 'right');
  assert.match(await page.getByTestId(`model-${id}-repro`).innerText(), /绿.*2 份/);
  assert.match(await page.getByTestId(`model-${id}-red`).innerText(), /红.*2 份/);
  assert.match(await page.getByTestId(`model-${id}-green`).innerText(), /绿.*1 份/);
  // Every fault's counts come from the runs: the happy path is 1 on both.
  assert.equal(await numberIn(page, `model-${id}-none-red`), 1);
  assert.equal(await numberIn(page, `model-${id}-crash_between_commits-red`), 2);

  await page.getByTestId(`fault-${id}-none`).check();
  await page.getByTestId(`run-${id}`).click();
  await page.waitForFunction((id) =>
    document.querySelector(`[data-testid="result-${id}"]`)?.dataset.verdict === 'wrong', id, { timeout: 60000 });
  assert.match(await page.getByTestId(`model-${id}-red`).innerText(), /绿/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('predict, then run: the lab model runs and reveals its report counts', async () => {
  const page = await app.open('#/exercises?q=predict_lost_response');
  await page.getByTestId('exercise-predict_lost_response').waitFor();
  // No prediction yet: refused.
  await page.getByTestId('run-predict_lost_response').click();
  await page.getByTestId('error-predict_lost_response').waitFor();
  await page.getByTestId('answer-predict_lost_response-1').fill('2');
  await page.getByTestId('answer-predict_lost_response-2').fill('1');
  await page.getByTestId('answer-predict_lost_response-3').fill('1');
  await page.getByTestId('run-predict_lost_response').click();
  await page.getByTestId('model-predict_lost_response').waitFor({ timeout: 30000 });
  // The seeds: no key → 2, a new key per retry → 2, one key reused → 1.
  assert.match(await page.getByTestId('model-predict_lost_response').innerText(), /2、2、1/);
  assert.equal(await page.getByTestId('result-predict_lost_response').getAttribute('data-verdict'), 'wrong');
  assert.equal(await page.getByTestId('model-predict_lost_response-1').getAttribute('data-mark'), 'ok');
  assert.equal(await page.getByTestId('model-predict_lost_response-2').getAttribute('data-mark'), 'bad');
  const href = await page.locator('[data-testid="model-predict_lost_response-2"] a').getAttribute('href');
  assert.match(href, /#\/lab\?harness=new_key&server=atomic&step=end$/);
  // The link opens that run: the lab's view takes over the exercises' engine
  // (one engine worker in all).
  await page.locator('[data-testid="model-predict_lost_response-2"] a').click();
  await page.getByTestId('final-verdict').waitFor({ timeout: 60000 });
  assert.equal(page.workers().length, 1, page.workers().map((w) => w.url()).join(', '));
  app.assertNoErrors(page);
  await page.context().close();
});

test('predict, then run: the herd model runs in chunks and names the strategy with the fewest calls', async () => {
  const page = await app.open('#/exercises?q=predict_fewest_calls');
  await page.getByTestId('exercise-predict_fewest_calls').waitFor();
  // Record main-thread tasks over 50 ms while the model runs (the 50 ms
  // goal is scripts/bench-web.mjs's; here only a frozen page fails).
  await page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push(e.duration)))
      .observe({ type: 'longtask' });
  });
  await page.getByTestId('option-predict_fewest_calls-none').check();
  await page.getByTestId('run-predict_fewest_calls').click();
  await page.getByTestId('model-predict_fewest_calls').waitFor({ timeout: 60000 });
  // A freeze detector, not the 50 ms goal (scripts/bench-web.mjs measures
  // that): on a shared, loaded machine single tasks of the sliced run can
  // exceed 50 ms, a page frozen by an unsliced run blocks for seconds.
  const long = await page.evaluate(() => window.__long);
  console.log(`# predict_fewest_calls: main-thread tasks over 50 ms: ${JSON.stringify(long.map(Math.round))}`);
  assert.ok(long.every((d) => d < FROZEN_MS), `the page froze: ${JSON.stringify(long)}`);
  const none = await numberIn(page, 'model-calls-none');
  const full = await numberIn(page, 'model-calls-full');
  assert.ok(none > full, `none ${none} should make more calls than full ${full}`);
  assert.equal(await page.getByTestId('result-predict_fewest_calls').getAttribute('data-verdict'), 'wrong');
  app.assertNoErrors(page);
  await page.context().close();
});

test('the linked preset runs agree with the values the exercise revealed', async () => {
  const page = await app.open('#/exercises?q=predict_lease_write_back');
  for (const k of [1, 2, 3]) {
    await page.getByTestId(`answer-predict_lease_write_back-${k}`).fill('1');
  }
  await page.getByTestId('run-predict_lease_write_back').click();
  await page.getByTestId('model-predict_lease_write_back').waitFor({ timeout: 30000 });
  for (const k of [1, 2, 3]) {
    const line = page.getByTestId(`model-predict_lease_write_back-${k}`);
    const shown = Number((await line.innerText()).match(/[:：]\s*(\d+)/)[1]);
    const href = await line.locator('a').getAttribute('href');
    const lab = await app.open(href);
    await lab.getByTestId('report-count').waitFor();
    assert.equal(await numberIn(lab, 'report-count'), shown, `${href} shows another count`);
    app.assertNoErrors(lab);
    await lab.context().close();
  }

  const herd = await app.open('#/exercises?q=predict_fewest_calls');
  await herd.getByTestId('option-predict_fewest_calls-full').check();
  await herd.getByTestId('run-predict_fewest_calls').click();
  await herd.getByTestId('model-predict_fewest_calls').waitFor({ timeout: 60000 });
  const mine = await numberIn(herd, 'model-calls-full');
  const href = await herd.getByTestId('demo-predict_fewest_calls').getAttribute('href');
  const demo = await app.open(href);
  await demo.getByTestId('calls-full').waitFor({ timeout: 60000 });
  await demo.waitForFunction(() => !document.querySelector('[data-testid="run-progress"]'), null, { timeout: 60000 });
  assert.ok(Math.abs((await numberIn(demo, 'calls-full')) - mine) < 0.051, 'herd page and exercise disagree');
  assert.equal(await demo.getByTestId('notices').count(), 0);
  app.assertNoErrors(demo);
  await demo.context().close();
  await herd.context().close();
  await page.context().close();
});

test('no demo link before an answer on any section; once answered, every demo link opens its demo without a notice', async () => {
  const page = await app.open('#/exercises');
  await page.getByTestId('section-nav').waitFor();
  const ids = [];
  for (const s of SECTIONS) {
    await openSection(page, s);
    assert.equal(await page.locator('a[data-testid^="demo-"]').count(), 0, `${s}: a demo before the answer`);
    const hrefs = await page.locator('a[href^="#/lab"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.ok(hrefs.every((h) => !/step=end/.test(h)), hrefs.join(' '));
    ids.push(...(await shownIds(page)));
  }
  // Mark every question answered (what the page stores), then collect the links.
  await page.evaluate((ids) => {
    const key = 'retry-lab.exercises@' + location.pathname.replace(/[^/]*$/, '');
    const records = Object.fromEntries(ids.map((id) => [id, { response: { t: 'bool', v: true }, correct: false }]));
    localStorage.setItem(key, JSON.stringify({ v: 2, records }));
  }, ids);
  await page.reload();
  const hrefs = new Set();
  for (const s of SECTIONS) {
    await openSection(page, s);
    for (const h of await page.locator('a[data-testid^="demo-"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      hrefs.add(h);
    }
  }
  assert.ok(hrefs.size >= 15, `only ${hrefs.size} distinct presets`);
  await page.context().close();
  for (const href of hrefs) {
    const demo = await app.open(href);
    await demo.locator('.page > *').first().waitFor();
    await demo.waitForTimeout(150);
    assert.equal(await demo.getByTestId('notices').count(), 0, `${href} shows notices`);
    assert.equal(await demo.getByTestId('notice-route').count(), 0, `${href} is not a page`);
    app.assertNoErrors(demo);
    await demo.context().close();
  }
});

test('progress survives a reload, and reset clears it', async () => {
  const page = await app.open('#/exercises?section=layers');
  await answerNumber(page, 'urllib3_total3', 4);
  await openSection(page, 'keys');
  await page.getByTestId('option-tf_idempotency_key_status-false').check();
  await page.getByTestId('submit-tf_idempotency_key_status').click();
  await page.getByTestId('result-tf_idempotency_key_status').waitFor();
  assert.match(await page.getByTestId('exercises-score').innerText(), /已答 2 \/ \d+，答对 2/);
  assert.match(await page.getByTestId('section-answered-keys').innerText(), /已答 1$/);

  await page.reload();
  await page.getByTestId('exercise-tf_idempotency_key_status').waitFor();
  assert.ok(await page.getByTestId('option-tf_idempotency_key_status-false').isChecked());
  await openSection(page, 'layers');
  assert.match(await page.getByTestId('exercises-score').innerText(), /已答 2 \/ \d+，答对 2/);
  assert.equal(await page.getByTestId('result-urllib3_total3').getAttribute('data-verdict'), 'right');
  assert.equal(await page.getByTestId('answer-urllib3_total3').inputValue(), '4');

  await page.getByTestId('exercises-reset').click();
  assert.match(await page.getByTestId('exercises-score').innerText(), /已答 0 \/ \d+，答对 0/);
  assert.equal(await page.getByTestId('result-urllib3_total3').count(), 0);
  assert.equal(await page.getByTestId('answer-urllib3_total3').inputValue(), '');
  await page.reload();
  await page.getByTestId('exercise-urllib3_total3').waitFor();
  assert.match(await page.getByTestId('exercises-score').innerText(), /已答 0 \/ \d+，答对 0/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('single-question embed shows only that question; an unknown q shows a notice and the first section; an old id opens today\'s question', async () => {
  const page = await app.open('#/exercises?q=three_layers&embed=1');
  await page.getByTestId('exercise-three_layers').waitFor();
  assert.equal(await page.locator('[data-testid^="exercise-"]').count(), 1);
  assert.equal(await page.locator('.site-header').count(), 0);
  assert.equal(await page.getByTestId('exercises-score').count(), 0);
  assert.equal(await answerNumber(page, 'three_layers', 27), 'right');
  app.assertNoErrors(page);
  await page.context().close();

  const bad = await app.open('#/exercises?q=no_such_question');
  await bad.getByTestId('notice-q').waitFor();
  assert.match(await bad.getByTestId('notice-q').innerText(), /no_such_question/);
  await bad.getByTestId('section-truths').waitFor();
  await bad.waitForFunction(() => document.querySelectorAll('[data-testid^="exercise-"]').length >= 10);
  app.assertNoErrors(bad);
  await bad.context().close();

  // A link from the previous version, by its old id.
  const old = await app.open('#/exercises?q=tf_cap_needed&embed=1');
  await old.getByTestId('exercise-tf_backoff_cap').waitFor();
  assert.equal(await old.getByTestId('notices').count(), 0);
  assert.equal(await old.getByTestId('qid-tf_backoff_cap').innerText(), 'tf_backoff_cap');
  app.assertNoErrors(old);
  await old.context().close();
});

test('English texts are complete in every section', async () => {
  const page = await app.open('#/exercises?lang=en');
  await page.getByTestId('section-nav').waitFor();
  assert.match(await page.getByTestId('exercises-score').innerText(), /Answered 0 \/ \d+, correct 0/);
  for (const s of SECTIONS) {
    await openSection(page, s);
    const text = await page.locator('.exercises').innerText();
    assert.doesNotMatch(text, /⟦/, `${s}: untranslated keys`);
    assert.doesNotMatch(text, /[\u4e00-\u9fff]/, `${s}: Chinese on the English page`);
  }
  app.assertNoErrors(page);
  await page.context().close();
});

for (const width of [1280, 360]) {
  test(`one section at a time, with every section's count, reading marks and ids (${width} px)`, async () => {
    const page = await app.open('#/exercises', { viewport: { width, height: 900 } });
    await page.getByTestId('section-truths').waitFor({ timeout: 30000 });
    const tabs = await page.locator('[data-testid^="section-tab-"]').evaluateAll(
      (els) => els.map((e) => e.getAttribute('data-testid').replace('section-tab-', '')));
    assert.deepEqual(tabs, SECTIONS);
    let sum = 0;
    for (const id of SECTIONS) {
      const n = await numberIn(page, `section-count-${id}`);
      assert.ok(n > 0 && n < 25, `${id}: ${n}`);
      sum += n;
    }
    const total = Number((await page.getByTestId('exercises-score').innerText()).match(/\/ (\d+)/)[1]);
    assert.equal(sum, total);
    assert.equal(await page.getByTestId('section-tab-truths').getAttribute('aria-current'), 'page');
    // Only the first section's cards are on the page.
    assert.equal(await page.locator('[data-testid^="section-"][aria-labelledby]').count(), 1);
    const n = await openSection(page, 'wait');
    assert.ok(n < total / 3, `${n} of ${total} cards on one page`);
    assert.match(page.url(), /section=wait/);
    assert.equal(await page.getByTestId('section-tab-wait').getAttribute('aria-current'), 'page');
    // A question from a source reading is marked; one from the chapter is not.
    assert.match(await page.getByTestId('source-capped_bounds_six').innerText(), /出自阅读材料/);
    assert.equal(await page.getByTestId('source-backoff_4th_retry').count(), 0);
    assert.equal(await page.getByTestId('qid-backoff_4th_retry').innerText(), 'backoff_4th_retry');
    await openSection(page, 'layers');
    const legend = await page.locator('[data-testid="exercise-three_layers"] legend').first().textContent();
    assert.equal(legend, '填写答案');
    assert.match(await page.locator('[data-testid="exercise-three_layers"]').innerText(), /个请求/);
    assert.equal(await page.evaluate(() => document.scrollingElement.scrollWidth > document.scrollingElement.clientWidth + 1), false);
    app.assertNoErrors(page);
    await page.context().close();
  });
}

test('predict, then run: the grading rule up front, and the demo appears once answered', async () => {
  const page = await app.open('#/exercises?section=keys');
  await page.getByTestId('exercise-predict_key_split_crash').waitFor({ timeout: 30000 });
  for (const id of ['predict_lost_response', 'predict_key_split_crash']) {
    await page.getByTestId(`rule-${id}`).waitFor();
  }
  assert.match(await page.getByTestId('rule-predict_lost_response').innerText(), /完全一致/);
  // A choice with a demo: the note before, the link after.
  await page.getByTestId('pending-demo-same_key_in_progress').waitFor();
  assert.equal(await page.getByTestId('demo-same_key_in_progress').count(), 0);
  await page.getByTestId('option-same_key_in_progress-reject_409').check();
  await page.getByTestId('submit-same_key_in_progress').click();
  const href = await page.getByTestId('demo-same_key_in_progress').getAttribute('href');
  assert.match(href, /scenario=slow_server/, 'the in-progress question links the slow server');
  await page.context().close();

  const herd = await app.open('#/exercises?q=predict_fewest_calls');
  assert.match(await herd.getByTestId('rule-predict_fewest_calls').innerText(), /105%/);
  assert.equal(await herd.getByTestId('demo-predict_fewest_calls').count(), 0);
  await herd.getByTestId('option-predict_fewest_calls-full').check();
  await herd.getByTestId('run-predict_fewest_calls').click();
  await herd.getByTestId('demo-predict_fewest_calls').waitFor({ timeout: 60000 });
  app.assertNoErrors(herd);
  await herd.context().close();
});

test('single-question embed: the chrome above the question, its id shown, the height follows the feedback', async () => {
  const page = await app.open('#/exercises?q=three_layers&embed=1', { viewport: { width: 360, height: 800 } });
  await page.getByTestId('exercise-three_layers').waitFor();
  const bar = await page.locator('.embed-toolbar').boundingBox();
  const card = await page.getByTestId('exercise-three_layers').boundingBox();
  assert.ok(bar.y + bar.height <= card.y + 1, `toolbar ${JSON.stringify(bar)} overlaps or follows the card ${JSON.stringify(card)}`);
  assert.equal(await page.getByTestId('qid-three_layers').innerText(), 'three_layers');
  await page.context().close();

  const host = await app.openHost('#/exercises?q=three_layers&embed=1');
  const frame = host.frameLocator('#demo');
  await frame.getByTestId('exercise-three_layers').waitFor({ timeout: 30000 });
  await host.waitForFunction(() => window.__heights.length > 0);
  const before = await host.evaluate(() => window.__heights.at(-1));
  await frame.getByTestId('answer-three_layers').fill('27');
  await frame.getByTestId('submit-three_layers').click();
  await frame.getByTestId('explanation-three_layers').waitFor();
  await host.waitForFunction((h) => window.__heights.at(-1) > h + 40, before, { timeout: 10000 });
  const after = await host.evaluate(() => window.__heights.at(-1));
  const iframe = await host.locator('#demo').boundingBox();
  assert.ok(Math.abs(iframe.height - after) < 2, `iframe ${iframe.height} vs posted ${after}`);
  await host.context().close();
});
