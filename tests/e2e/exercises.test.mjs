// Self-check exercises (#/exercises): grading right and wrong, multiple
// choice, «predict, then run» revealing the model's value, progress kept
// across reloads, reset, and the single-question embed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, numberIn } from './harness.mjs';

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
  assert.match(href, /#\/lab\?scenario=response_lost&client=new_key&server=atomic&seed=1/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('predict, then run: the herd model runs in chunks and names the strategy with the fewest calls', async () => {
  const page = await app.open('#/exercises?q=predict_fewest_calls');
  await page.getByTestId('exercise-predict_fewest_calls').waitFor();
  // Record main-thread tasks over 50 ms while the model runs.
  await page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push(e.duration)))
      .observe({ type: 'longtask' });
  });
  await page.getByTestId('option-predict_fewest_calls-none').check();
  await page.getByTestId('run-predict_fewest_calls').click();
  await page.getByTestId('model-predict_fewest_calls').waitFor({ timeout: 60000 });
  const long = await page.evaluate(() => window.__long);
  assert.ok(long.every((d) => d <= 50), `main-thread tasks over 50 ms: ${JSON.stringify(long)}`);
  const none = Number(await page.getByTestId('model-calls-none').innerText());
  const full = Number(await page.getByTestId('model-calls-full').innerText());
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
  const hrefs = [...new Set(await page.locator('[data-testid^="demo-"]').evaluateAll((as) => as.map((a) => a.getAttribute('href'))))];
  assert.ok(hrefs.length >= 10, `only ${hrefs.length} distinct presets`);
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
  assert.ok((await bad.locator('[data-testid^="exercise-"]').count()) >= 20);
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
