// The loader asks for every font strike the views draw their text in
// before the page needs it (static/boot.js `WARM_FONTS`, on a canvas, while
// the wasm downloads): each new strike is a blocking call to the browser
// process, 8–70 ms inside a view's first layout while the lab engine
// computes. So every text a view shows, on a desktop and on a phone, is in
// a strike of that list that names the view's family (the loader asks for
// the route's own strikes first): a new size in a stylesheet, or a size a
// family starts to draw, must be added there.
// A strike warmed with Latin alone (WARM_LATIN) must draw no Chinese: its
// Chinese face would then be loaded inside a layout.
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

/** The served boot script. */
function bootText() {
  const boot = fs.readdirSync(DIST).find((f) => /^boot-[0-9a-f]{10}\.js$/.test(f));
  return fs.readFileSync(path.join(DIST, boot), 'utf8');
}

/** The served boot script's WARM_FONTS: `weight size stack` → the name of
 *  its text and the families that draw it (`*`: every one). */
function warmList() {
  const block = bootText().split('var WARM_FONTS = [')[1].split('];')[0];
  const list = [...block.matchAll(/\["(\d+ [\d.]+px)", (SANS|MONO), (WARM_\w+), "([a-z* -]+)"\]/g)].map((m) => [
    `${m[1]} ${m[2]}`,
    { text: m[3], families: m[4].split(' ') },
  ]);
  assert.equal(list.length, block.split('[').length - 1, 'every WARM_FONTS entry reads as [strike, stack, text, families]');
  assert.ok(list.length >= 10, `WARM_FONTS has ${list.length} entries`);
  assert.ok(list.some(([, w]) => w.text === 'WARM_LATIN'), 'no strike is warmed with Latin alone: the check below checks nothing');
  assert.ok(list.some(([, w]) => !w.families.includes('*')), 'every strike is every family\'s: the family check below checks nothing');
  return new Map(list);
}

/** The served boot script's own ROUTES table, path → family
 *  (tests/boot_routes.rs holds it to the core's routing). */
function routeFamilies() {
  const block = bootText().split('var ROUTES = {')[1].split('};')[0];
  const routes = new Map([...block.matchAll(/^\s*"?([a-z/]*)"?: "([a-z-]+)",$/gm)].map((m) => [m[1], m[2]]));
  assert.ok(routes.size >= 7, `ROUTES read as ${[...routes]}`);
  return routes;
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
  ['#/exercises/builder', '[data-testid="builder-list"] li'],
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
    const text = n.textContent.trim();
    const chinese = /[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]/.test(text);
    const seen = out.get(key);
    if (!seen || (chinese && !seen.chinese)) out.set(key, { sample: text.slice(0, 30), chinese });
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
    const routes = routeFamilies();
    const missing = [];
    for (const [hash, ready] of VIEWS) {
      const family = routes.get(hash.replace(/^#\/?/, '').split('?')[0]) ?? 'home';
      for (const [strike, { sample, chinese }] of await strikesOf(hash, ready, options)) {
        const w = warm.get(strike);
        if (!w) missing.push(`${hash}: ${strike} («${sample}»)`);
        else if (!w.families.includes('*') && !w.families.includes(family)) missing.push(`${hash}: ${strike} («${sample}») is not marked as drawn by ${family}`);
        else if (chinese && w.text === 'WARM_LATIN') missing.push(`${hash}: ${strike} draws Chinese («${sample}»), warmed with Latin alone`);
      }
    }
    assert.deepEqual(missing, [], 'add these to static/boot.js WARM_FONTS');
  });
}
