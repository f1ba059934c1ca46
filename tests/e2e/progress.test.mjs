// Self-check progress under real course conditions: answers typed before a
// render, two embedded questions on one host page, two tabs, reset with
// undo, storage that fails or holds unreadable data, progress stored by the
// previous version (old ids), and an embed's lang.
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

test('an answer typed while the cards mount in batches stays in its card', async () => {
  const page = await app.open('#/exercises?section=wait');
  // Before the app starts: type into the first card the moment it appears,
  // i.e. while later batches are still to come.
  await page.addInitScript(() => {
    new MutationObserver((_, obs) => {
      const input = document.querySelector('[data-testid="answer-backoff_4th_retry"]');
      if (!input) return;
      obs.disconnect();
      window.__cardsWhenTyped = document.querySelectorAll('[data-testid^="exercise-"]').length;
      window.__typed = input;
      input.value = '1600';
      input.dispatchEvent(new InputEvent('input', { bubbles: true }));
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  const total = Number((await page.getByTestId('section-count-wait').innerText()).match(/\d+/)[0]);
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid^="exercise-"]').length === n, total);
  const typedAt = await page.evaluate(() => window.__cardsWhenTyped);
  assert.ok(typedAt < total, `typed when ${typedAt} of ${total} cards were mounted`);
  // The very input the student typed into is still there, with its value.
  assert.ok(await page.evaluate(() => window.__typed.isConnected), 'the card was mounted again');
  assert.equal(await page.getByTestId('answer-backoff_4th_retry').inputValue(), '1600');
  await page.getByTestId('submit-backoff_4th_retry').click();
  assert.equal(await page.getByTestId('result-backoff_4th_retry').getAttribute('data-verdict'), 'right');
  app.assertNoErrors(page);
  await page.context().close();
});

test('the first graded try counts: a resubmit after reading the key is shown, not scored', async () => {
  const page = await app.open('#/exercises?q=backoff_4th_retry');
  await page.getByTestId('answer-backoff_4th_retry').waitFor();
  await answer(page, 'backoff_4th_retry', 800);
  assert.equal(await page.getByTestId('result-backoff_4th_retry').getAttribute('data-verdict'), 'wrong');
  assert.equal(await page.getByTestId('first-try-backoff_4th_retry').count(), 0, 'a first try needs no line');
  // The key is shown; change the answer and submit again.
  await answer(page, 'backoff_4th_retry', 1600);
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="result-backoff_4th_retry"]')?.dataset.verdict === 'right');
  const check = async () => {
    assert.match(await score(page), /已答 1 \/ \d+，答对 0/);
    const line = page.getByTestId('first-try-backoff_4th_retry');
    await line.waitFor();
    assert.match(await line.innerText(), /计分的是第一次作答：答错；之后的作答不计分/);
    assert.equal(await page.getByTestId('result-backoff_4th_retry').getAttribute('data-verdict'), 'right');
  };
  await check();
  await page.reload();
  await page.getByTestId('result-backoff_4th_retry').waitFor();
  await check();
  app.assertNoErrors(page);
  await page.context().close();
});

test('two embedded questions on one host page: both answers survive a reload', async () => {
  const host = await app.openHostHtml((src) => `<!doctype html><meta charset="utf-8"><title>course</title>
<iframe id="a" src="${src}#/exercises?q=three_layers&embed=1" width="700" height="500"></iframe>
<iframe id="b" src="${src}#/exercises?q=amp_budget&embed=1" width="700" height="500"></iframe>`);
  const a = host.frameLocator('#a');
  const b = host.frameLocator('#b');
  await a.getByTestId('answer-three_layers').waitFor();
  await b.getByTestId('answer-amp_budget').waitFor();
  await answer(a, 'three_layers', 27);
  await answer(b, 'amp_budget', 5);
  await host.reload();
  await a.getByTestId('result-three_layers').waitFor();
  await b.getByTestId('result-amp_budget').waitFor();
  assert.equal(await a.getByTestId('result-three_layers').getAttribute('data-verdict'), 'right');
  assert.equal(await b.getByTestId('result-amp_budget').getAttribute('data-verdict'), 'right');
  assert.equal(await a.getByTestId('answer-three_layers').inputValue(), '27');
  app.assertNoErrors(host);
  await host.context().close();
});

test('a reset in one tab is not undone by the other tab, and undo restores it', async () => {
  const one = await app.open('#/exercises?section=layers');
  const two = await one.context().newPage();
  await two.goto(one.url());
  await answer(one, 'three_layers', 27);
  await answer(two, 'amp_budget', 5);
  // Each tab follows the other's writes.
  await one.waitForFunction(() =>
    /已答 2/.test(document.querySelector('[data-testid="exercises-score"]').innerText));
  await one.getByTestId('exercises-reset').click();
  assert.match(await score(one), /已答 0/);
  await two.waitForFunction(() =>
    /已答 0/.test(document.querySelector('[data-testid="exercises-score"]').innerText));
  await answer(two, 'urllib3_total3', 4);
  await one.reload();
  await one.getByTestId('exercise-urllib3_total3').waitFor();
  assert.match(await score(one), /已答 1 \/ \d+，答对 1/);
  assert.equal(await one.getByTestId('result-three_layers').count(), 0);

  // Undo a reset: everything comes back, the newer answers stay.
  await one.getByTestId('exercises-reset').click();
  assert.match(await score(one), /已答 0/);
  await one.getByTestId('exercises-undo').click();
  assert.match(await score(one), /已答 1 \/ \d+，答对 1/);
  await one.getByTestId('result-urllib3_total3').waitFor();
  app.assertNoErrors(one);
  await one.context().close();
});

test('unreadable stored progress is kept, and a failed write is shown', async () => {
  const page = await app.open('#/exercises?section=layers');
  const key = await page.evaluate(() => {
    const k = Object.keys(localStorage).find((k) => k.startsWith('retry-lab.exercises@'))
      || 'retry-lab.exercises@' + location.pathname.replace(/[^/]*$/, '');
    localStorage.setItem(k, 'not json {');
    return k;
  });
  await page.reload();
  await page.getByTestId('storage-problem').waitFor();
  await answer(page, 'three_layers', 27);
  const stored = await page.evaluate((k) => ({
    value: localStorage.getItem(k),
    backups: Object.keys(localStorage).filter((x) => x.startsWith(k + '.unreadable.'))
      .map((x) => localStorage.getItem(x)),
  }), key);
  assert.deepEqual(stored.backups, ['not json {'], 'the unreadable value was copied aside');
  assert.match(stored.value, /"v":2/);
  assert.equal(await page.getByTestId('storage-problem').count(), 0);
  await page.context().close();

  const full = await app.open('#/exercises?section=layers');
  await full.evaluate(() => {
    Storage.prototype.setItem = function () {
      throw new DOMException('full', 'QuotaExceededError');
    };
  });
  await answer(full, 'three_layers', 27);
  await full.getByTestId('storage-problem').waitFor();
  assert.match(await full.getByTestId('storage-problem').innerText(), /没能保存/);
  app.assertNoErrors(full);
  await full.context().close();
});

test('progress stored by the previous version: renamed ids move, a replaced question asks again, nothing is dropped', async () => {
  const page = await app.open('#/exercises?section=wait');
  await page.getByTestId('section-nav').waitFor();
  const key = await page.evaluate(() => {
    const k = 'retry-lab.exercises@' + location.pathname.replace(/[^/]*$/, '');
    localStorage.setItem(k, JSON.stringify({ v: 2, records: {
      tf_cap_needed: { response: { t: 'bool', v: true }, correct: true },
      tf_backoff_prevents_herd: { response: { t: 'bool', v: true }, correct: false },
      amp_243: { response: { t: 'numbers', v: [243] }, correct: true },
      tf_retry_4xx: { response: { t: 'bool', v: false }, correct: true },
    } }));
    return k;
  });
  await page.reload();
  await page.getByTestId('result-tf_backoff_cap').waitFor();
  assert.equal(await page.getByTestId('result-tf_backoff_cap').getAttribute('data-verdict'), 'right');
  assert.ok(await page.getByTestId('option-tf_backoff_cap-true').isChecked());
  assert.equal(await page.getByTestId('result-tf_backoff_without_jitter').getAttribute('data-verdict'), 'wrong');
  // Two renamed statements move with their grades; the merged amp_243 and
  // the rewritten tf_retry_4xx stay under their old ids, kept, not counted.
  assert.match(await score(page), /已答 2 \/ \d+，答对 1/);
  await page.getByTestId('section-tab-layers').click();
  // three_layers replaced amp_243: it asks for a new answer, empty, ungraded.
  await page.getByTestId('changed-three_layers').waitFor();
  assert.match(await page.getByTestId('changed-three_layers').innerText(), /题目改过了，请重新作答/);
  assert.match(await page.getByTestId('old-answer-three_layers').innerText(), /amp_243/);
  assert.equal(await page.getByTestId('result-three_layers').count(), 0);
  assert.equal(await page.getByTestId('answer-three_layers').inputValue(), '');
  await answer(page, 'three_layers', 27);
  assert.equal(await page.getByTestId('changed-three_layers').count(), 0);
  assert.match(await score(page), /已答 3 \/ \d+，答对 2/);
  const stored = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), key));
  assert.deepEqual(Object.keys(stored.records).sort(),
    ['amp_243', 'tf_backoff_cap', 'tf_backoff_without_jitter', 'tf_retry_4xx', 'three_layers']);
  assert.deepEqual(stored.records.amp_243.response, { t: 'numbers', v: [243] }, 'kept as it was');
  app.assertNoErrors(page);
  await page.context().close();
});

test("an embed's lang=en does not switch the origin's language", async () => {
  const page = await app.open('#/exercises?q=three_layers&embed=1&lang=en');
  await page.getByTestId('exercise-three_layers').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  // A fresh load of the origin without `lang` (a hash-only change would keep
  // the running page, whose language came from the embed's URL).
  const plain = page.url().replace(/#.*$/, '#/exercises');
  await page.goto('about:blank');
  await page.goto(plain);
  await page.getByTestId('exercises-score').waitFor();
  assert.match(await score(page), /已答/);
  app.assertNoErrors(page);
  await page.context().close();
});
