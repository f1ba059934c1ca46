// 003's 动手实践 (#/exercises?q=create_refund_design): seven cases, three
// picks each (state transition, retry, what the user sees), each part marked
// on its own, the count of right parts, each case's two lab runs (on 003's
// server and harness, and the one that breaks without one piece), the
// tally, and an answer
// stored for the matching question it replaced kept and not counted.
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

const ID = 'create_refund_design';

// 003's keys per case: transition, retry, what the user sees.
const KEYS = [
  ['refund_tr_created', 'refund_re_replay', 'refund_user_done'],
  ['refund_tr_kept', 'refund_re_replay', 'refund_user_done'],
  ['refund_tr_kept', 'refund_re_stop', 'refund_user_conflict'],
  ['refund_tr_unknown', 'refund_re_query', 'refund_user_checking'],
  ['refund_tr_none', 'refund_re_authz', 'refund_user_approval'],
  ['refund_tr_kept', 'refund_re_authz', 'refund_user_denied'],
  ['refund_tr_none', 'refund_re_wait', 'refund_user_later'],
];

const score = (page) => page.getByTestId('exercises-score').innerText();

async function pick(page, answers) {
  for (let c = 0; c < answers.length; c++) {
    for (let p = 0; p < 3; p++) {
      await page.getByTestId(`case-${ID}-${c + 1}-${p + 1}`).selectOption(answers[c][p]);
    }
  }
}

/** Whether the result table marks case `c`, part `p` (1-based) right. */
const verdict = (page, c, p) =>
  page.getByTestId(`case-verdict-${ID}-${c}-${p}`).getAttribute('data-ok');

test('each part of each case is marked on its own, with the count of right parts and the tally', async () => {
  const page = await app.open(`#/exercises?q=${ID}`);
  await page.getByTestId(`exercise-${ID}`).waitFor();
  assert.match(await score(page), /已答 0 \/ \d+，答对 0/);
  // Nothing picked: refused, naming the first case and part.
  await page.getByTestId(`submit-${ID}`).click();
  const error = await page.getByTestId(`error-${ID}`).innerText();
  assert.match(error, /第一次请求/);
  assert.match(error, /状态转移/);
  // No run and no note before answering.
  assert.equal(await page.getByTestId(`case-run-${ID}-1`).count(), 0);
  // Case 4 told «failed» and resent with a new key; case 7 recorded as failed.
  const wrong = KEYS.map((k) => [...k]);
  wrong[3][1] = 'refund_re_new_key';
  wrong[3][2] = 'refund_user_failed';
  wrong[6][0] = 'refund_tr_failed';
  await pick(page, wrong);
  await page.getByTestId(`submit-${ID}`).click();
  await page.getByTestId(`result-${ID}`).waitFor();
  assert.match(await page.getByTestId(`result-${ID}`).innerText(), /答错/);
  assert.match(await page.getByTestId(`cases-score-${ID}`).innerText(), /18\/21/);
  assert.equal(await verdict(page, 4, 1), 'true');
  assert.equal(await verdict(page, 4, 2), 'false');
  assert.equal(await verdict(page, 4, 3), 'false');
  assert.equal(await verdict(page, 7, 1), 'false');
  assert.equal(await verdict(page, 7, 2), 'true');
  assert.equal(await verdict(page, 1, 1), 'true');
  // The marks next to the selects agree.
  assert.equal(await page.getByTestId(`case-mark-${ID}-4-2`).getAttribute('data-ok'), 'false');
  assert.equal(await page.getByTestId(`case-mark-${ID}-2-3`).getAttribute('data-ok'), 'true');
  // A wrong part shows the key; a right one does not.
  assert.match(await page.getByTestId(`case-result-${ID}-4-2`).innerText(), /应为「不重发写请求/);
  assert.match(await page.getByTestId(`case-result-${ID}-7-1`).innerText(), /应为「无记录 → 无记录/);
  assert.doesNotMatch(await page.getByTestId(`case-result-${ID}-1-1`).innerText(), /应为/);
  // Every case runs on 003's server and harness, next to the run that
  // breaks without one piece (none for the first success).
  for (let c = 1; c <= 7; c++) {
    const href = await page.getByTestId(`case-run003-${ID}-${c}`).getAttribute('href');
    assert.match(href, /#\/lab\?.*harness=reconciling&server=reconciled/);
  }
  assert.match(await page.getByTestId(`case-run003-${ID}-7`).getAttribute('href'), /scenario=rate_limited_429/);
  assert.match(await page.getByTestId(`case-broken-${ID}-7`).getAttribute('href'), /harness=reconciling,ra_ignore/);
  assert.match(await page.getByTestId(`case-broken-${ID}-4`).getAttribute('href'), /scenario=downstream_done_crash&.*design=/);
  assert.match(await page.getByTestId(`case-broken-${ID}-6`).innerText(), /recheck_auth/);
  assert.match(await page.getByTestId(`case-unbroken-${ID}-1`).innerText(), /没有会坏的运行/);
  // The tally: answered, not right.
  assert.match(await score(page), /已答 1 \/ \d+，答对 0/);
  // After a reload the picks and marks are back.
  await page.reload();
  await page.getByTestId(`cases-score-${ID}`).waitFor();
  assert.equal(await page.getByTestId(`case-${ID}-4-2`).inputValue(), 'refund_re_new_key');
  assert.match(await page.getByTestId(`cases-score-${ID}`).innerText(), /18\/21/);
  // The three parts fixed: all right, shown as a later try; the first try
  // (wrong) is the one the tally counts.
  await pick(page, KEYS);
  await page.getByTestId(`submit-${ID}`).click();
  await page.waitForFunction((id) =>
    document.querySelector(`[data-testid="cases-score-${id}"]`)?.innerText.includes('21/21'), ID);
  assert.match(await page.getByTestId(`result-${ID}`).innerText(), /答对/);
  assert.match(await score(page), /已答 1 \/ \d+，答对 0/);
  assert.match(await page.getByTestId(`first-try-${ID}`).innerText(), /计分的是第一次作答：答错/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('in English, and an answer stored for the old matching question is kept but not counted', async () => {
  const page = await app.open(`#/exercises?q=${ID}&lang=en`);
  await page.getByTestId(`exercise-${ID}`).waitFor();
  const key = await page.evaluate(() => {
    const k = 'retry-lab.exercises@' + location.pathname.replace(/[^/]*$/, '');
    localStorage.setItem(k, JSON.stringify({ v: 2, records: {
      create_refund_cases: { response: { t: 'choices', v: ['refund_execute', 'refund_replay',
        'refund_conflict', 'refund_reconcile', 'refund_reapprove', 'refund_deny', 'refund_wait_retry'] },
      correct: true },
    } }));
    return k;
  });
  await page.reload();
  await page.getByTestId(`exercise-${ID}`).waitFor();
  assert.match(await score(page), /Answered 0 \/ \d+, correct 0/);
  assert.equal(await page.getByTestId(`result-${ID}`).count(), 0);
  await pick(page, KEYS);
  await page.getByTestId(`submit-${ID}`).click();
  await page.getByTestId(`cases-score-${ID}`).waitFor();
  assert.match(await page.getByTestId(`cases-score-${ID}`).innerText(), /21 of 21 parts right/);
  assert.match(await page.getByTestId(`case-broken-${ID}-4`).innerText(), /The run without status_ref/);
  assert.match(await score(page), /Answered 1 \/ \d+, correct 1/);
  const stored = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), key));
  assert.deepEqual(Object.keys(stored.records).sort(), ['create_refund_cases', ID]);
  app.assertNoErrors(page);
  await page.context().close();
});
