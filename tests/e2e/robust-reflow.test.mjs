// Reflow (WCAG 1.4.10) and limits: every view, full page and embed, fits
// 320 and 360 CSS px and a 20 px default font size without scrolling
// sideways (wide tables and charts scroll inside their own boxes), and the
// derived limits the README documents are reachable exactly.
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

/** Each view, small enough to finish quickly, and what shows it is done. */
const VIEWS = [
  ['#/', '.home'],
  ['#/herd?clients=20&trials=3&seed=2', '[data-testid="run-done"]'],
  ['#/herd?view=sweep&n_from=10&n_to=50&n_step=20&trials=2', '[data-testid="sweep-elapsed"]'],
  ['#/amplify', '[data-testid="amplification"]'],
  ['#/amplify?view=load&preset=metastable&duration=30', '[data-testid="load-done"]'],
  ['#/amplify?view=load&preset=codex', '[data-testid="load-done"]'],
  ['#/amplify?view=sweep&calls=1000&steps=3', '[data-testid="sweep-done"]'],
  ['#/lab?scenario=response_lost&client=stable_key&server=fenced&step=end', '[data-testid="final-verdict"]'],
  ['#/lab/matrix', '[data-testid="matrix-elapsed"]'],
  ['#/lab/matrix?by=server&client=stable_key', '[data-testid="matrix-elapsed"]'],
  ['#/lab/build', '[data-testid="build-next"]'],
  // The workbench's hunt, found ways listed (the third item: a button to press first).
  ['#/lab/build?preset=atomic&budget=300&suite=response_lost', '[data-testid="hunt-found"], [data-testid="hunt-none"]', 'hunt-start'],
  // The two-tenant run, and the notifications and outbox tables.
  ['#/lab?scenario=key_collision&client=stable_key&server=key_split&seed=1&step=end', '[data-testid="tenants"]'],
  ['#/lab?scenario=relay_crash&client=stable_key&design=claim,digest,store_errors,lease,guard,fence,outbox&seed=1&step=end', '[data-testid="table-outbox"]'],
  // The exercises page shows one section at a time: every section's cards.
  ...['truths', 'wait', 'layers', 'keys', 'agent', 'interview'].map((id) =>
    [`#/exercises?section=${id}`, `[data-testid="section-count-${id}"]`]),
];

/** Waits until every card of the shown exercises section is mounted (a
 *  batch a frame): as many cards as the section's count in the nav says. */
async function allCards(page, section) {
  await page.waitForFunction((id) => {
    const n = Number(document.querySelector(`[data-testid="section-count-${id}"]`)?.innerText.match(/\d+/)?.[0]);
    return n > 0 && document.querySelectorAll('[data-testid^="exercise-"]').length === n;
  }, section, { timeout: 60000 });
}

/** Elements that stick out to the right of the viewport, outside any box
 *  that scrolls on its own. */
function overflowing() {
  const width = window.innerWidth;
  const scrollsItself = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return p !== document.documentElement && p !== document.body;
    }
    return false;
  };
  const out = [];
  for (const el of document.querySelectorAll('#app *')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > width + 0.5 && !scrollsItself(el)) {
      const id = el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : '';
      out.push(`${el.tagName.toLowerCase()}${id}.${[...el.classList].join('.')} right=${Math.round(r.right)}`);
    }
  }
  // Text that does not break (a long identifier) sticks out of a box that
  // itself fits: only the text's own rectangle shows it.
  const texts = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
  for (let n; (n = texts.nextNode());) {
    const range = document.createRange();
    range.selectNodeContents(n);
    if (range.getBoundingClientRect().right > width + 0.5 && !scrollsItself(n)) {
      out.push(`text «${n.textContent.slice(0, 40)}» in ${n.parentElement.tagName.toLowerCase()}.${[...n.parentElement.classList].join('.')}`);
    }
  }
  return { scroll: document.documentElement.scrollWidth, width, out: out.slice(0, 8) };
}

async function sweep(width, fontPx, embed) {
  const page = await app.open('#/', { viewport: { width, height: 800 } });
  if (fontPx !== 16) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: fontPx, fixed: Math.round(fontPx * 0.8125) } });
  }
  const problems = [];
  for (const [hash, done, press] of VIEWS) {
    const h = embed ? `${hash}${hash.includes('?') ? '&' : '?'}embed=1` : hash;
    await page.evaluate((x) => { location.hash = x; }, h);
    if (press) await page.getByTestId(press).click({ timeout: 120000 });
    await page.locator(done).first().waitFor({ timeout: 120000 });
    const section = hash.match(/^#\/exercises\?section=(\w+)/)?.[1];
    if (section) await allCards(page, section);
    // The page's later frames (staged drawing) settle first.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const o = await page.evaluate(overflowing);
    if (o.scroll > o.width) problems.push(`${h}: scrollWidth ${o.scroll} > ${o.width}: ${o.out.join(', ')}`);
  }
  app.assertNoErrors(page);
  await page.context().close();
  return problems;
}

for (const [width, fontPx, embed] of [[320, 16, false], [360, 16, false], [320, 20, false], [320, 16, true], [320, 20, true]]) {
  test(`every ${embed ? 'embedded ' : ''}view reflows at ${width} CSS px with a ${fontPx} px default font`, async () => {
    const problems = await sweep(width, fontPx, embed);
    assert.deepEqual(problems, []);
  });
}

test('a derived limit is reachable exactly: 1..=200 by 2 is a sweep of exactly 100 points', async () => {
  const page = await app.open('#/herd?view=sweep&n_from=1&n_to=200&n_step=2&trials=1&strategies=full');
  await page.getByTestId('sweep-elapsed').waitFor({ timeout: 120000 });
  assert.equal(await page.locator('[data-testid^="notice-"]').count(), 0);
  assert.match(page.url(), /n_step=2(&|$)/);
  // One more point is refused with a notice naming the least step.
  await page.evaluate(() => { location.hash = '#/herd?view=sweep&n_from=1&n_to=201&n_step=2&trials=1&strategies=full'; });
  await page.getByTestId('notice-n_step').waitFor();
  assert.match(await page.getByTestId('notice-n_step').innerText(), /3/);
  app.assertNoErrors(page);
  await page.context().close();
});
