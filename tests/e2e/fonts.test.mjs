// The loader asks for every font strike the views draw their text in
// before the page needs it (static/boot.js `WARM_FONTS`, on a canvas, while
// the wasm downloads): each new strike is a blocking call to the browser
// process, 8–70 ms inside a view's first layout while the lab engine
// computes. So every text a view shows, on a desktop and on a phone, is in
// a strike of that list: a new size in a stylesheet must be added there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, DIST, PHONE } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** The served boot script's WARM_FONTS as `weight size stack` strings. */
function warmList() {
  const boot = fs.readdirSync(DIST).find((f) => /^boot-[0-9a-f]{10}\.js$/.test(f));
  const text = fs.readFileSync(path.join(DIST, boot), 'utf8');
  const block = text.split('var WARM_FONTS = [')[1].split('];')[0];
  const list = [...block.matchAll(/\["(\d+ [\d.]+px)", (SANS|MONO),/g)].map((m) => `${m[1]} ${m[2]}`);
  assert.ok(list.length >= 10, `WARM_FONTS has ${list.length} entries`);
  return new Set(list);
}

/** Each view and what shows it is drawn in full. */
const VIEWS = [
  ['#/', 'h1'],
  ['#/herd', '[data-testid="calls-full"]'],
  ['#/amplify', '[data-testid="amplification"]'],
  ['#/lab', '.seq-wrap'],
  ['#/lab/matrix', '[data-testid="matrix-elapsed"]'],
  ['#/lab/build', '[data-testid="build-score"]'],
  ['#/exercises?q=predict_lost_response', '[data-testid="exercise-predict_lost_response"]'],
  ['#/exercises', '.ex-card'],
];

/** Every strike the page's laid-out text is drawn in (MathML apart: its
 *  script sizes scale with the formula, in the math font). */
function strikesOnPage() {
  const stack = (family) =>
    family.startsWith('"Noto Sans CJK SC"') ? 'SANS' : family.startsWith('ui-monospace') ? 'MONO' : family;
  const out = new Map();
  const walker = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim() || n.parentElement.closest('math')) continue;
    range.selectNodeContents(n);
    if (range.getClientRects().length === 0) continue;
    const cs = getComputedStyle(n.parentElement);
    const key = `${cs.fontWeight} ${cs.fontSize} ${stack(cs.fontFamily)}`;
    if (!out.has(key)) out.set(key, n.textContent.trim().slice(0, 30));
  }
  return [...out];
}

async function strikesOf(hash, ready, options) {
  const page = await app.open(hash, options);
  await page.locator(ready).first().waitFor({ timeout: 60000 });
  // The views draw their last parts a few frames after their first.
  await page.evaluate(() => new Promise((r) => {
    let frames = 6;
    const tick = () => (--frames > 0 ? requestAnimationFrame(tick) : r());
    requestAnimationFrame(tick);
  }));
  const strikes = await page.evaluate(strikesOnPage);
  app.assertNoErrors(page);
  await page.context().close();
  return strikes;
}

for (const [name, options] of [['a desktop', {}], ['a phone', PHONE]]) {
  test(`on ${name}, every view's text is in a strike the loader warms`, async () => {
    const warm = warmList();
    const missing = [];
    for (const [hash, ready] of VIEWS) {
      for (const [strike, sample] of await strikesOf(hash, ready, options)) {
        if (!warm.has(strike)) missing.push(`${hash}: ${strike} («${sample}»)`);
      }
    }
    assert.deepEqual(missing, [], 'add these to static/boot.js WARM_FONTS');
  });
}
