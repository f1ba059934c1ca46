// A student answers one whole section of the self-check (every card, of
// every kind the section has: numbers, a choice, true/false, a prediction
// run by the model), and the tally agrees with the cards: every card
// answered, and «答对» equal to the cards whose drawn mark is a check.
// A stored answer to another revision of a question is shown as the old
// answer, asks for a new one, and is not counted until answered again.
//
// The cards are read from the page (the section's ids, each card's
// controls), so the test follows the bank as it changes.
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

const SECTION = 'wait';

/** The tally: answered, total, right. */
async function tally(page) {
  const text = await page.getByTestId('exercises-score').innerText();
  const m = text.match(/已答 (\d+) \/ (\d+)，答对 (\d+)/);
  assert.ok(m, text);
  return { answered: Number(m[1]), total: Number(m[2]), right: Number(m[3]) };
}

/** Opens the section and waits for all its cards; returns their ids. */
async function openSection(page) {
  await page.getByTestId(`section-${SECTION}`).waitFor();
  const n = await numberIn(page, `section-count-${SECTION}`);
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid^="exercise-"]').length === n, n, { timeout: 60000 });
  const ids = await page.locator('[data-testid^="qid-"]').evaluateAll((els) => els.map((e) => e.textContent));
  assert.equal(ids.length, n);
  return ids;
}

/** Fills every control of card `id` (the first choice of each select and
 *  radio group, 1 in each number field, a preset in each text field) and
 *  submits it; waits for its
 *  grade (a prediction waits for the model's run). */
async function answerCard(page, id) {
  const card = page.getByTestId(`exercise-${id}`);
  for (const select of await card.locator('select').all()) {
    const first = await select.locator('option').evaluateAll((os) => os.map((o) => o.value).find((v) => v));
    await select.selectOption(first);
  }
  const groups = await card.locator('input[type=radio]').evaluateAll(
    (els) => [...new Set(els.map((e) => e.name))]);
  for (const name of groups) await card.locator(`input[type=radio][name="${name}"]`).first().check();
  for (const input of await card.locator('input[type=number]').all()) await input.fill('1');
  // A harness card asks for a written harness: a preset is a valid one.
  for (const input of await card.locator('input[type=text]').all()) await input.fill('stable_key');
  await card.locator(`[data-testid="submit-${id}"], [data-testid="run-${id}"]`).click();
  await page.waitForFunction(
    (id) => document.querySelector(`[data-testid="result-${id}"]`) || document.querySelector(`[data-testid="error-${id}"]`),
    id, { timeout: 120000 });
  assert.equal(await page.getByTestId(`error-${id}`).count(), 0,
    `${id}: ${await page.getByTestId(`error-${id}`).allInnerTexts()}`);
}

test(`a student answers every card of section «${SECTION}», and the tally counts each card and each check mark`, async () => {
  const page = await app.open(`#/exercises?section=${SECTION}`);
  const ids = await openSection(page);
  const kinds = await page.locator(`[data-testid="section-${SECTION}"] .ex-kind-name`).allInnerTexts();
  assert.ok(new Set(kinds).size >= 3, `a section of mixed kinds: ${kinds}`);
  assert.deepEqual(await tally(page).then((t) => [t.answered, t.right]), [0, 0]);

  for (const id of ids) await answerCard(page, id);

  const results = page.locator(`[data-testid="section-${SECTION}"] [data-testid^="result-"]`);
  assert.equal(await results.count(), ids.length, 'every card graded');
  const t = await tally(page);
  assert.equal(t.answered, ids.length, 'the tally counts every card of the section');
  assert.equal(await numberIn(page, `section-answered-${SECTION}`), ids.length);
  // «答对» is the number of results drawn with a check mark, and every
  // other result is drawn with a cross.
  const checks = await results.locator('svg.icon-check').count();
  const crosses = await results.locator('svg.icon-cross').count();
  assert.equal(t.right, checks);
  assert.equal(checks + crosses, ids.length);
  assert.equal(await results.and(page.locator('[data-verdict="right"]')).count(), checks);
  // No mark is a font glyph.
  assert.doesNotMatch(await page.getByTestId(`section-${SECTION}`).innerText(), /[✓✗✔✘]/);

  // A reload shows the same tally and the same marks.
  await page.reload();
  await openSection(page);
  await page.waitForFunction(
    ([s, n]) => document.querySelectorAll(`[data-testid="section-${s}"] [data-testid^="result-"]`).length === n,
    [SECTION, ids.length]);
  assert.deepEqual(await tally(page), t);
  assert.equal(await results.locator('svg.icon-check').count(), checks);
  app.assertNoErrors(page);
  await page.context().close();
});

test('a stored answer to another revision of a question is kept, shown as the old answer, and not counted until answered again', async () => {
  const page = await app.open(`#/exercises?section=${SECTION}`);
  const ids = await openSection(page);
  // A numeric card of the section (one number field, whatever its id).
  const id = await page.evaluate((ids) => ids.find((id) => document.querySelector(`[data-testid="answer-${id}"]`)), ids);
  assert.ok(id, 'the section has a numeric card');
  // Revisions are compiled into the page, so the stored record claims one
  // that no question has: the page must not count it for today's question.
  const key = await page.evaluate((id) => {
    const k = 'retry-lab.exercises@' + location.pathname.replace(/[^/]*$/, '');
    localStorage.setItem(k, JSON.stringify({ v: 2, records: {
      [id]: { response: { t: 'numbers', v: [4321] }, correct: true, revision: 99, at: 1 },
    } }));
    return k;
  }, id);
  await page.reload();
  await openSection(page);
  await page.getByTestId(`changed-${id}`).waitFor();
  assert.match(await page.getByTestId(`changed-${id}`).innerText(), /题目改过了，请重新作答/);
  assert.match(await page.getByTestId(`old-answer-${id}`).innerText(), /4,321/);
  assert.equal(await page.getByTestId(`result-${id}`).count(), 0, 'not graded against today\'s key');
  assert.equal(await page.getByTestId(`answer-${id}`).inputValue(), '');
  assert.deepEqual(await tally(page).then((t) => [t.answered, t.right]), [0, 0]);
  assert.equal(await numberIn(page, `section-answered-${SECTION}`), 0);
  // Kept as it was in storage.
  const before = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), key));
  assert.equal(before.records[id].revision, 99);

  // Answering again replaces it and counts.
  await answerCard(page, id);
  assert.equal(await page.getByTestId(`changed-${id}`).count(), 0);
  assert.equal((await tally(page)).answered, 1);
  const after = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), key));
  assert.notEqual(after.records[id].revision, 99);
  assert.deepEqual(after.records[id].response, { t: 'numbers', v: [1] });
  app.assertNoErrors(page);
  await page.context().close();
});

test('a stored answer under the id of a replaced question: the replacing card asks again, and the tally does not count it', async () => {
  // amp_where was rewritten into another question; its link opens today's.
  const page = await app.open('#/exercises?q=amp_where');
  const card = page.locator('[data-testid^="exercise-"]').first();
  await card.waitFor();
  const id = (await card.getAttribute('data-testid')).replace(/^exercise-/, '');
  assert.notEqual(id, 'amp_where');
  const key = await page.evaluate(() => {
    const k = 'retry-lab.exercises@' + location.pathname.replace(/[^/]*$/, '');
    localStorage.setItem(k, JSON.stringify({ v: 2, records: {
      amp_where: { response: { t: 'choice', v: 'amp_where_one' }, correct: true, at: 1 },
    } }));
    return k;
  });
  await page.reload();
  await page.getByTestId(`changed-${id}`).waitFor();
  assert.match(await page.getByTestId(`changed-${id}`).innerText(), /题目改过了，请重新作答/);
  assert.equal(await page.getByTestId(`result-${id}`).count(), 0);
  assert.deepEqual(await tally(page).then((t) => [t.answered, t.right]), [0, 0]);
  await answerCard(page, id);
  assert.equal(await page.getByTestId(`changed-${id}`).count(), 0);
  assert.equal((await tally(page)).answered, 1);
  const stored = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), key));
  assert.deepEqual(stored.records.amp_where.response, { t: 'choice', v: 'amp_where_one' }, 'kept, never dropped');
  app.assertNoErrors(page);
  await page.context().close();
});
