// A course author opens the set builder from #/exercises («组一套题»: a
// page of its own, #/exercises/builder, with a wasm of its own): filters by
// section and kind, ticks questions (from the keyboard too), reorders them,
// and the link it shows opens exactly that set, in that order; it fits a
// 360 px phone. Then a student's printable summary of a set (print=1) at
// A4 width: answer, mark and explanation per question, no app chrome.
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

const listed = (page) =>
  page.locator('[data-testid="builder-list"] input[type="checkbox"]').evaluateAll((els) =>
    els.map((e) => e.dataset.testid.slice('pick-'.length)));

test('the builder makes a link that opens the same set, at 360 px and from the keyboard', async () => {
  const page = await app.open('#/exercises', { viewport: { width: 360, height: 800 } });
  await page.getByTestId('set-builder-open').click();
  await page.getByTestId('set-builder').waitFor();
  assert.match(page.url(), /#\/exercises\/builder$/);
  assert.ok(app.requests(page).some((u) => /page-exercises-builder_bg-[0-9a-f]+\.wasm$/.test(u)), 'the builder loads its own wasm');
  assert.equal(await page.getByTestId('builder-empty').count(), 1);

  await page.getByTestId('builder-section').selectOption('keys');
  const keys = await listed(page);
  assert.ok(keys.length >= 2, keys.join());
  await page.getByTestId(`pick-${keys[0]}`).check();
  // From the keyboard: focus the box, Space ticks it.
  await page.getByTestId(`pick-${keys[1]}`).focus();
  await page.keyboard.press('Space');
  assert.equal(await page.getByTestId(`pick-${keys[1]}`).isChecked(), true);

  await page.getByTestId('builder-section').selectOption('truths');
  const kinds = await page.getByTestId('builder-kind').locator('option').evaluateAll((os) => os.map((o) => o.value));
  assert.ok(kinds.length > 2, kinds.join());
  const truths = await listed(page);
  const third = truths[0];
  await page.getByTestId(`pick-${third}`).check();
  // The third moves to the front: two «上移», the second from the keyboard.
  await page.getByTestId(`up-${third}`).click();
  await page.getByTestId(`up-${third}`).focus();
  await page.keyboard.press('Enter');
  const order = [third, keys[0], keys[1]];
  const chosen = await page.getByTestId('builder-chosen').locator('li').evaluateAll((ls) =>
    ls.map((l) => l.dataset.testid.slice('chosen-'.length)));
  assert.deepEqual(chosen, order);

  const link = await page.getByTestId('builder-link').inputValue();
  assert.ok(decodeURIComponent(link).includes(`#/exercises?set=${order.join(',')}`), link);
  const embed = await page.getByTestId('builder-embed').inputValue();
  assert.match(embed, /<iframe/);
  assert.ok(embed.includes(`set=${order.join(',')}`) || embed.includes(`set=${order.join('%2C')}`), embed);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'no sideways scroll at 360 px');

  // The course page's origin: refused when it is none, carried once it is one, with the listener.
  await page.getByTestId('builder-origin').fill('*');
  await page.getByTestId('builder-origin-refused').waitFor();
  assert.doesNotMatch(await page.getByTestId('builder-link').inputValue(), /origin=/);
  await page.getByTestId('builder-origin').fill(app.hostOrigin);
  await page.getByTestId('builder-listener').waitFor();
  assert.equal(await page.getByTestId('builder-origin-refused').count(), 0);
  const withOrigin = await page.getByTestId('builder-link').inputValue();
  assert.ok(decodeURIComponent(withOrigin).includes(`&origin=${app.hostOrigin}`), withOrigin);
  const listener = await page.getByTestId('builder-listener').inputValue();
  assert.ok(listener.includes(`const APP = "${app.origin}"`), listener);
  assert.ok(listener.includes('retry-lab:xapi'));
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'no sideways scroll at 360 px');

  const opened = await app.open(link.slice(link.indexOf('#')));
  await opened.getByTestId('set').waitFor();
  const ids = await opened.locator('[data-testid^="qid-"]').evaluateAll((els) => els.map((e) => e.textContent));
  assert.deepEqual(ids, order);
  // Back to the exercises, drawn by their own wasm.
  await page.getByTestId('builder-back').click();
  await page.getByTestId('exercises').waitFor();
  app.assertNoErrors(page);
  app.assertNoErrors(opened);
  await page.context().close();
  await opened.context().close();
});

test('print=1 lists each answer, its mark and explanation, and prints without the app chrome at A4 width', async () => {
  const A = 'tf_idempotency_key_status';
  const B = 'tf_backoff_without_jitter';
  const page = await app.open(`#/exercises?set=${A},${B}`, { viewport: { width: 794, height: 1123 } });
  await page.getByTestId(`option-${A}-false`).check();
  await page.getByTestId(`submit-${A}`).click();
  await page.getByTestId(`result-${A}`).waitFor();
  const verdict = await page.getByTestId(`result-${A}`).getAttribute('data-verdict');

  await page.goto(page.url().replace(/#.*/, `#/exercises?set=${A},${B}&print=1`));
  await page.getByTestId('print').waitFor();
  assert.match(await page.getByTestId('print-score').innerText(), /已答 1 \/ 2/);
  assert.match(await page.getByTestId(`print-answer-${A}`).innerText(), /错|false/);
  assert.equal(await page.getByTestId(`print-mark-${A}`).getAttribute('data-mark'), verdict === 'right' ? 'ok' : 'bad');
  assert.ok((await page.getByTestId(`print-explain-${A}`).innerText()).length > 10);
  assert.match(await page.getByTestId(`print-answer-${B}`).innerText(), /未作答/);
  assert.equal(await page.getByTestId(`print-explain-${B}`).count(), 0, 'no explanation before an answer');

  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('.site-header').isVisible(), false);
  assert.equal(await page.getByTestId('print-button').isVisible(), false);
  assert.equal(await page.getByTestId(`print-explain-${A}`).isVisible(), true);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 794), 'fits A4 width');
  const pdf = await page.pdf({ format: 'A4' });
  assert.ok(pdf.length > 1000);
  app.assertNoErrors(page);
  await page.context().close();
});
