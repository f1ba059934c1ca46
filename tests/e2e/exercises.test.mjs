// Self-check exercises (#/exercises): grading right and wrong, multiple
// choice, «predict, then run» revealing the model's value, progress kept
// across reloads, reset, and the single-question embed.
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

async function answerNumber(page, id, value) {
  await page.getByTestId(`answer-${id}`).fill(String(value));
  await page.getByTestId(`submit-${id}`).click();
  await page.getByTestId(`result-${id}`).waitFor();
  return page.getByTestId(`result-${id}`).innerText();
}

test('a numeric answer graded right (✓) and one graded wrong (✗), each with its explanation', async () => {
  const page = await app.open('#/exercises');
  await page.getByTestId('exercise-backoff_4th_retry').waitFor();
  assert.match(await page.getByTestId('exercises-score').innerText(), /已答 0 \/ \d+，答对 0/);

  assert.match(await answerNumber(page, 'backoff_4th_retry', 1600), /✓/);
  assert.match(await page.getByTestId('explanation-backoff_4th_retry').innerText(), /1600/);

  assert.match(await answerNumber(page, 'five_layers', 15), /✗/);
  const wrong = await page.getByTestId('result-five_layers').innerText();
  assert.match(wrong, /243/, 'a wrong answer shows the correct one');
  await page.getByTestId('explanation-five_layers').waitFor();

  // Multi-field: the capped bounds, one field wrong → ✗ and a per-field mark.
  const bounds = [0.5, 1, 2, 4, 8, 16];
  for (let k = 0; k < bounds.length; k++) {
    await page.getByTestId(`answer-capped_bounds_six-${k + 1}`).fill(String(bounds[k]));
  }
  await page.getByTestId('submit-capped_bounds_six').click();
  assert.match(await page.getByTestId('result-capped_bounds_six').innerText(), /✗/);
  await page.getByTestId('answer-capped_bounds_six-6').fill('8');
  await page.getByTestId('submit-capped_bounds_six').click();
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="result-capped_bounds_six"]')?.innerText.includes('✓'));

  assert.match(await page.getByTestId('exercises-score').innerText(), /已答 3 \/ \d+，答对 2/);
  // A formula is MathML.
  assert.ok(await page.locator('[data-testid="exercise-capped_bounds_six"] math').count() >= 1);
  app.assertNoErrors(page);
  await page.context().close();
});

test('multiple choice and true/false are real radio groups, graded with ✓/✗', async () => {
  const page = await app.open('#/exercises');
  // Cards mount a batch per frame: wait for this one before counting inside it.
  await page.getByTestId('exercise-same_key_diff_body').waitFor();
  const fs = page.locator('[data-testid="exercise-same_key_diff_body"] fieldset');
  assert.ok((await fs.locator('legend').count()) >= 1);
  // Keyboard: focus the first radio and move with the arrow keys.
  await page.getByTestId('option-same_key_diff_body-replay_stored').focus();
  await page.keyboard.press('ArrowDown');
  assert.ok(await page.getByTestId('option-same_key_diff_body-reject_422').isChecked());
  await page.getByTestId('submit-same_key_diff_body').press('Enter');
  assert.match(await page.getByTestId('result-same_key_diff_body').innerText(), /✓/);
  assert.match(await page.getByTestId('explanation-same_key_diff_body').innerText(), /422/);

  await page.getByTestId('option-tf_backoff_prevents_herd-true').check();
  await page.getByTestId('submit-tf_backoff_prevents_herd').click();
  assert.match(await page.getByTestId('result-tf_backoff_prevents_herd').innerText(), /✗/);
  assert.match(await page.getByTestId('explanation-tf_backoff_prevents_herd').innerText(), /抖动/);

  // Submitting without a choice is refused with a visible message.
  await page.getByTestId('submit-decide_get_429').click();
  await page.getByTestId('error-decide_get_429').waitFor();
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
  assert.match(await page.getByTestId('result-predict_lost_response').innerText(), /✗/);
  assert.match(await page.getByTestId('model-predict_lost_response-1').innerText(), /✓/);
  assert.match(await page.getByTestId('model-predict_lost_response-2').innerText(), /✗/);
  const href = await page.locator('[data-testid="model-predict_lost_response-2"] a').getAttribute('href');
  assert.match(href, /#\/lab\?client=new_key&server=atomic&step=end$/);
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
  const long = await page.evaluate(() => window.__long);
  console.log(`# predict_fewest_calls: main-thread tasks over 50 ms: ${JSON.stringify(long.map(Math.round))}`);
  assert.ok(long.every((d) => d < FROZEN_MS), `the page froze: ${JSON.stringify(long)}`);
  const none = await numberIn(page, 'model-calls-none');
  const full = await numberIn(page, 'model-calls-full');
  assert.ok(none > full, `none ${none} should make more calls than full ${full}`);
  assert.match(await page.getByTestId('result-predict_fewest_calls').innerText(), /✗/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('the linked preset runs agree with the values the exercise revealed', async () => {
  const page = await app.open('#/exercises?q=predict_lease_no_fence');
  await page.getByTestId('answer-predict_lease_no_fence-1').fill('1');
  await page.getByTestId('answer-predict_lease_no_fence-2').fill('1');
  await page.getByTestId('run-predict_lease_no_fence').click();
  await page.getByTestId('model-predict_lease_no_fence').waitFor({ timeout: 30000 });
  for (const k of [1, 2]) {
    const line = page.getByTestId(`model-predict_lease_no_fence-${k}`);
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

test('every demo link opens its demo without a notice', async () => {
  const page = await app.open('#/exercises');
  await page.getByTestId('exercise-backoff_4th_retry').waitFor();
  // Every card, not only the first batch (cards mount a few at a time).
  const total = Number((await page.getByTestId('exercises-score').innerText()).match(/\/ *([\d,]+)/)[1].replace(/,/g, ''));
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid^="exercise-"]').length === n, total);
  const hrefs = [...new Set(await page.locator('[data-testid^="demo-"]').evaluateAll((as) => as.map((a) => a.getAttribute('href'))))];
  assert.ok(hrefs.length >= 8, `only ${hrefs.length} distinct presets`);
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
  const page = await app.open('#/exercises');
  await answerNumber(page, 'urllib3_total3', 4);
  await page.getByTestId('option-tf_key_is_http_standard-false').check();
  await page.getByTestId('submit-tf_key_is_http_standard').click();
  await page.getByTestId('result-tf_key_is_http_standard').waitFor();
  assert.match(await page.getByTestId('exercises-score').innerText(), /已答 2 \/ \d+，答对 2/);

  await page.reload();
  await page.getByTestId('exercise-urllib3_total3').waitFor();
  assert.match(await page.getByTestId('exercises-score').innerText(), /已答 2 \/ \d+，答对 2/);
  assert.match(await page.getByTestId('result-urllib3_total3').innerText(), /✓/);
  assert.equal(await page.getByTestId('answer-urllib3_total3').inputValue(), '4');
  assert.ok(await page.getByTestId('option-tf_key_is_http_standard-false').isChecked());

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

test('single-question embed shows only that question; an unknown q shows a notice and the full list', async () => {
  const page = await app.open('#/exercises?q=three_layers&embed=1');
  await page.getByTestId('exercise-three_layers').waitFor();
  assert.equal(await page.locator('[data-testid^="exercise-"]').count(), 1);
  assert.equal(await page.locator('.site-header').count(), 0);
  assert.equal(await page.getByTestId('exercises-score').count(), 0);
  assert.match(await answerNumber(page, 'three_layers', 27), /✓/);
  app.assertNoErrors(page);
  await page.context().close();

  const bad = await app.open('#/exercises?q=no_such_question');
  await bad.getByTestId('notice-q').waitFor();
  assert.match(await bad.getByTestId('notice-q').innerText(), /no_such_question/);
  // The full list mounts a batch per frame: wait for it rather than count once.
  await bad.waitForFunction(() => document.querySelectorAll('[data-testid^="exercise-"]').length >= 20);
  app.assertNoErrors(bad);
  await bad.context().close();
});

test('English texts are complete on the page', async () => {
  const page = await app.open('#/exercises?lang=en');
  await page.getByTestId('exercise-backoff_4th_retry').waitFor();
  const text = await page.locator('.exercises').innerText();
  assert.doesNotMatch(text, /⟦/, 'no untranslated keys');
  assert.match(await page.getByTestId('exercises-score').innerText(), /Answered 0 \/ \d+, correct 0/);
  app.assertNoErrors(page);
  await page.context().close();
});

for (const width of [1280, 360]) {
  test(`questions are grouped by the chapter's sections, with counts, reading marks and ids (${width} px)`, async () => {
    const page = await app.open('#/exercises', { viewport: { width, height: 900 } });
    await page.getByTestId('section-agent').waitFor({ timeout: 30000 });
    const ids = ['truths', 'wait', 'layers', 'keys', 'agent'];
    let sum = 0;
    for (const id of ids) {
      const n = await numberIn(page, `section-count-${id}`);
      assert.ok(n > 0, id);
      sum += n;
    }
    const total = Number((await page.getByTestId('exercises-score').innerText()).match(/\/ (\d+)/)[1]);
    assert.equal(sum, total);
    // Headings in the chapter's order.
    const order = await page.locator('[data-testid^="section-"]:not([data-testid^="section-count"])').evaluateAll(
      (els) => els.map((e) => e.getAttribute('data-testid')));
    assert.deepEqual(order, ids.map((i) => `section-${i}`));
    // A question from a source reading is marked; one from the chapter is not.
    assert.match(await page.getByTestId('source-capped_bounds_six').innerText(), /出自阅读材料/);
    assert.equal(await page.getByTestId('source-backoff_4th_retry').count(), 0);
    assert.equal(await page.getByTestId('qid-backoff_4th_retry').innerText(), 'backoff_4th_retry');
    // A numeric question's screen-reader legend asks for an answer, not a choice.
    const legend = await page.locator('[data-testid="exercise-five_layers"] legend').first().textContent();
    assert.equal(legend, '填写答案');
    assert.match(await page.locator('[data-testid="exercise-five_layers"]').innerText(), /倍/);
    assert.equal(await page.evaluate(() => document.scrollingElement.scrollWidth > document.scrollingElement.clientWidth + 1), false);
    app.assertNoErrors(page);
    await page.context().close();
  });
}

test('predict, then run: no demo before the answer, and the grading rule up front', async () => {
  const page = await app.open('#/exercises');
  await page.getByTestId('exercise-predict_fewest_calls').waitFor();
  await page.getByTestId('exercise-predict_model_recall').waitFor({ timeout: 30000 });
  for (const id of ['predict_fewest_calls', 'predict_lost_response', 'predict_key_split_crash']) {
    assert.equal(await page.getByTestId(`demo-${id}`).count(), 0, `${id} links a demo before the answer`);
    await page.getByTestId(`rule-${id}`).waitFor();
  }
  assert.match(await page.getByTestId('rule-predict_lost_response').innerText(), /完全一致/);
  assert.match(await page.getByTestId('rule-predict_fewest_calls').innerText(), /105%/);
  // No link on the page opens a final step before its question is answered.
  const hrefs = await page.locator('a[href^="#/lab"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.ok(hrefs.every((h) => !/step=end/.test(h)), hrefs.join(' '));
  // After answering, the herd demo appears.
  await page.getByTestId('option-predict_fewest_calls-full').check();
  await page.getByTestId('run-predict_fewest_calls').click();
  await page.getByTestId('demo-predict_fewest_calls').waitFor({ timeout: 60000 });
  app.assertNoErrors(page);
  await page.context().close();
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
