// The lab's judgement as a student meets it: the ending stays hidden until
// the run's end (predict, then step), one vocabulary for verdict, card and
// legend, a changed body answered with the old response marked as a fault,
// fix advice that follows the chapter, a quota 429 that does not invite a
// retry, drawn icons, and what a 360 px phone shows of the matrix and the
// diagram.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, PHONE, waitStep, waitForRunEnd } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const GLYPHS = /[⏮⏭⏸⏳☒▶◀✕✗✓∅☘Δ]/;

test('the ending shows only at the end: predict, step, then read the verdict', async () => {
  const page = await app.open('#/lab?scenario=quota_429&client=stable_key&server=atomic&seed=1');
  await page.getByTestId('card-end').waitFor();
  assert.equal(await page.getByTestId('card-end').getAttribute('data-shown'), 'false');
  assert.equal(await page.getByTestId('final-verdict').count(), 0);
  assert.equal(await page.getByTestId('tool-outcome').count(), 0);
  assert.doesNotMatch(await page.getByTestId('card-end').innerText(), /\d 份报告|模型知道：|没有报告/);
  assert.ok(await page.getByTestId('show-result').isVisible());
  // Stepping to the end by keyboard shows it; one step back hides it again.
  await page.locator('h1').click();
  await page.keyboard.press('End');
  const verdict = page.getByTestId('final-verdict');
  await verdict.waitFor();
  // One vocabulary: verdict, card and legend agree on «nothing was created».
  assert.equal(await verdict.getAttribute('data-ending'), 'none_known');
  assert.match(await verdict.innerText(), /0 份报告：没有报告，模型知道没有创建/);
  assert.doesNotMatch(await verdict.innerText(), /结果未知/);
  assert.match(await page.getByTestId('tool-outcome').innerText(), /模型知道：没有创建/);
  await page.keyboard.press('ArrowLeft');
  await page.getByTestId('end-hidden').waitFor();
  assert.equal(await page.getByTestId('final-verdict').count(), 0);
  app.assertNoErrors(page);
  await page.context().close();
});

test('a quota 429 says nothing was created and that retrying will not help until the quota resets', async () => {
  for (const [lang, want, never] of [
    ['', /额度重置之前，重试也不会成功/, /稍后再试/],
    ['&lang=en', /retrying will not help until the quota resets/i, /try again later/],
  ]) {
    const page = await app.open(`#/lab?scenario=quota_429&client=stable_key&server=fenced&seed=1&step=end${lang}`);
    const tool = page.getByTestId('tool-result');
    await tool.waitFor();
    assert.match(await tool.innerText(), want);
    assert.doesNotMatch(await tool.innerText(), never);
    assert.equal(await page.getByTestId('final-verdict').getAttribute('data-ending'), 'none_known');
    app.assertNoErrors(page);
    await page.context().close();
  }
});

test('key_split replaying the old response to a changed body is a fault of its own, with the rules it breaks', async () => {
  const page = await app.open('#/lab?scenario=body_mismatch&client=stable_key&server=key_split&seed=1&step=end');
  const verdict = page.getByTestId('final-verdict');
  await verdict.waitFor();
  assert.equal(await verdict.getAttribute('data-ending'), 'changed_body');
  assert.match(await verdict.innerText(), /换了请求体，却重放旧响应/);
  assert.equal(await verdict.locator('svg.icon-changed-body').count(), 1);
  assert.match(await page.getByTestId('end-sentence').innerText(), /SHOULD 返回 422/);
  const rules = await page.getByTestId('broken-rules').innerText();
  assert.match(rules, /先插数据，再记幂等键就行/);
  assert.match(rules, /同键、不同请求体/);
  // The diagram marks the step, and the narration of that step says it.
  await page.getByTestId('sequence-diagram').waitFor();
  assert.match(await page.getByTestId('sequence-diagram').textContent(), /换了请求体，却重放旧响应/);
  const step = await page.locator('svg.seq g.step:has(svg.icon-changed-body)').getAttribute('data-step');
  await page.goto(page.url().replace(/step=[^&]*/, `step=${step}`));
  await waitStep(page, Number(step));
  assert.match(await page.getByTestId('narration').innerText(), /换了请求体，却重放旧响应/);
  // The fix it offers breaks no rule: not key_split.
  await page.goto(page.url().replace(/step=[^&]*/, 'step=end'));
  const fix = page.getByTestId('fix-link');
  await fix.waitFor();
  assert.doesNotMatch(await fix.innerText(), /先插数据再记键|每次新键/);
  app.assertNoErrors(page);
  await page.context().close();
});

test("the issue's two runs now pass: one report where one was possible, and the model told the honest «unknown»", async () => {
  // Once sent to key_split (a rule broken); by the one judgement both pass,
  // so no fix is offered and no rule is named.
  for (const hash of [
    '#/lab?scenario=body_mismatch&client=stable_key&server=atomic&step=end',
    '#/lab?scenario=response_lost&client=careful&server=naive&step=end',
  ]) {
    const page = await app.open(hash);
    const verdict = page.getByTestId('final-verdict');
    await verdict.waitFor();
    assert.equal(await verdict.getAttribute('data-ending'), 'one_unknown', hash);
    assert.equal(await page.getByTestId('end-sentence').getAttribute('data-cause'), 'Good', hash);
    assert.equal(await page.getByTestId('fix-link').count(), 0, hash);
    assert.equal(await page.getByTestId('broken-rules').count(), 0, hash);
    app.assertNoErrors(page);
    await page.context().close();
  }
});

test('the matrix marks the changed-body fault, not «✓», and its legend explains every mark with a drawn icon', async () => {
  const page = await app.open('#/lab/matrix?by=server&client=stable_key');
  const cell = page.getByTestId('cell-body_mismatch-key_split');
  await page.waitForFunction(() => document.querySelector('[data-testid="cell-body_mismatch-key_split"]')?.hasAttribute('data-ending'));
  assert.equal(await cell.getAttribute('data-ending'), 'changed_body');
  assert.match(await cell.getAttribute('aria-label'), /换了请求体，却重放旧响应/);
  await page.waitForFunction(() => document.querySelector('[data-testid="cell-body_mismatch-atomic"]')?.hasAttribute('data-ending'));
  assert.equal(await page.getByTestId('cell-body_mismatch-atomic').getAttribute('data-ending'), 'one_unknown');
  const legend = page.getByTestId('matrix-legend');
  assert.match(await legend.innerText(), /换了请求体，却重放旧响应/);
  const sizes = await legend.evaluate((el) => [...el.querySelectorAll('svg.icon')].map((i) => i.getBoundingClientRect().width));
  // Eleven endings (a leak, a cross-tenant refusal, nothing filed, the
  // notifications and a rule broken in the run among them), luck, «changed»
  // and the rule-break mark.
  assert.equal(sizes.length, 14);
  assert.ok(sizes.every((w) => w > 0), sizes.join(', '));
  await page.getByTestId('matrix-elapsed').waitFor({ timeout: 120000 });
  assert.doesNotMatch(await page.locator('section.matrix').innerText(), GLYPHS);
  // A cell's marks are the build's stamped bitmaps, each of its own icon,
  // one em square, and each file loads as an image.
  const marks = await page.getByTestId('matrix').evaluate((t) =>
    [...t.querySelectorAll('td.cell .mark')].map((m) => ({
      cls: m.getAttribute('class'),
      image: getComputedStyle(m).backgroundImage,
      w: m.getBoundingClientRect().width,
    })));
  assert.ok(marks.length >= 20, `${marks.length} marks`);
  const files = new Set();
  for (const m of marks) {
    const id = /mark-([\w-]+)/.exec(m.cls)[1];
    const file = new RegExp(`url\\("([^"]*/mark-${id}-[0-9a-f]{10}\\.png)"\\)$`).exec(m.image);
    assert.ok(file, `${m.cls}: ${m.image}`);
    assert.ok(m.w > 0, `${m.cls}: ${m.w}`);
    files.add(file[1]);
  }
  // Each is 48 px square, in the page's text colour (its most opaque pixel).
  const bitmaps = await page.evaluate((urls) => Promise.all(urls.map(async (u) => {
    const b = await createImageBitmap(await (await fetch(u)).blob());
    const g = new OffscreenCanvas(b.width, b.height).getContext('2d');
    g.drawImage(b, 0, 0);
    const px = g.getImageData(0, 0, b.width, b.height).data;
    let best = 0;
    for (let i = 3; i < px.length; i += 4) if (px[i] > px[best + 3]) best = i - 3;
    const hex = [...px.slice(best, best + 3)].map((v) => v.toString(16).padStart(2, '0')).join('');
    return `${b.width}×${b.height} #${hex}`;
  })), [...files]);
  const fg = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--fg').trim());
  assert.deepEqual(new Set(bitmaps), new Set([`48×48 ${fg}`]), bitmaps.join(', '));
  // In forced colours a cell's background is the system's (dark in a dark
  // theme): the dark marks keep their image, on a light chip.
  await page.emulateMedia({ forcedColors: 'active', colorScheme: 'dark' });
  const forced = await page.locator('td.cell .mark').first().evaluate((m) =>
    [getComputedStyle(m).backgroundColor, getComputedStyle(m).backgroundImage]);
  assert.equal(forced[0], 'rgb(255, 255, 255)');
  assert.match(forced[1], /mark-[\w-]+-[0-9a-f]{10}\.png/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('controls and marks are drawn icons with a size, in the lab and the amplify stepper', async () => {
  const page = await app.open('#/lab?scenario=lease_overlap&client=stable_key&server=fenced&seed=1&step=end');
  await page.getByTestId('sequence-diagram').waitFor();
  for (const id of ['to-start', 'step-back', 'play', 'step-forward', 'to-end']) {
    const w = await page.getByTestId(id).locator('svg.icon').evaluate((i) => i.getBoundingClientRect().width);
    assert.ok(w > 0, `${id}: ${w}`);
  }
  assert.ok((await page.locator('svg.seq svg.icon-pause').count()) >= 1, 'the stall note has its pause icon');
  assert.ok((await page.locator('svg.seq svg.icon-wait').count()) >= 1, 'a wait note has its hourglass');
  assert.doesNotMatch(await page.locator('section.lab').innerText(), GLYPHS);
  const amp = await app.open('#/amplify?view=fanout');
  for (const id of ['step-first', 'step-prev', 'step-next', 'step-last']) {
    const w = await amp.getByTestId(id).locator('svg.icon').evaluate((i) => i.getBoundingClientRect().width);
    assert.ok(w > 0, `${id}: ${w}`);
  }
  app.assertNoErrors(page);
  app.assertNoErrors(amp);
  await page.context().close();
  await amp.context().close();
});

test('at 360 px the matrix says more columns follow and keeps the scenario column in view', async () => {
  const page = await app.open('#/lab/matrix?server=atomic', PHONE);
  await page.getByTestId('matrix-elapsed').waitFor({ timeout: 120000 });
  const more = page.getByTestId('matrix-more');
  await more.waitFor();
  assert.ok(await more.isVisible(), 'the scroll cue is visible');
  assert.match(await more.innerText(), /左右滑动/);
  const scroll = page.getByTestId('matrix-scroll');
  assert.ok(await scroll.evaluate((el) => el.scrollWidth > el.clientWidth), 'the table is wider than the screen');
  // The cue sits right above the table, on screen with it.
  const [cue, table] = await Promise.all([more.boundingBox(), scroll.boundingBox()]);
  assert.ok(cue.y < table.y && table.y - (cue.y + cue.height) < 20, `${cue.y} ${table.y}`);
  // Scrolled sideways, the scenario names stay.
  await scroll.evaluate((el) => { el.scrollLeft = el.scrollWidth; });
  const head = page.locator('[data-testid=matrix] tbody th[scope=row]').first();
  const box = await head.boundingBox();
  assert.ok(box.x >= 0 && box.x < 40, `row header at ${box.x}`);
  // A count and its marks stay on one line in a cell.
  const mids = await page.locator('[data-testid=matrix] .cell-main').first().evaluate((el) =>
    [...el.children].map((c) => c.getBoundingClientRect()).map((b) => b.top + b.height / 2));
  assert.ok(Math.max(...mids) - Math.min(...mids) < 10, `a cell's count and marks wrap: ${mids.join(', ')}`);
  app.assertNoErrors(page);
  await page.context().close();
  // The cue speaks only when more columns exist: a wide screen fits the table.
  const wide = await app.open('#/lab/matrix?server=atomic');
  await wide.getByTestId('matrix-elapsed').waitFor({ timeout: 120000 });
  assert.ok(await wide.getByTestId('matrix-scroll').evaluate((el) => el.scrollWidth <= el.clientWidth));
  assert.equal(await wide.getByTestId('matrix-more').count(), 0);
  app.assertNoErrors(wide);
  await wide.context().close();
});

test('at 360 px the diagram opens with all five lanes on screen', async () => {
  for (const hash of [
    '#/lab?scenario=lease_overlap&client=stable_key&server=fenced&seed=1&step=end',
    '#/lab?scenario=key_expired&client=stable_key&server=fenced&seed=1&step=end',
    '#/lab?scenario=response_lost&client=stable_key&server=atomic&seed=1',
  ]) {
    const page = await app.open(hash, PHONE);
    await page.getByTestId('sequence-diagram').waitFor();
    const lanes = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid=sequence-diagram] .lane line')].map((l) => l.getBoundingClientRect().x));
    assert.equal(lanes.length, 5);
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    assert.ok(lanes.every((x) => x > 0 && x < width), `${hash}: lanes at ${lanes.join(', ')} of ${width}`);
    const heads = await page.getByTestId('lane-headers').evaluate((svg) =>
      [...svg.querySelectorAll('text')].map((t) => t.getBoundingClientRect()).map((b) => b.x + b.width));
    assert.ok(heads.every((right) => right <= width), `${hash}: lane names end at ${heads.join(', ')}`);
    assert.equal(await page.locator('.seq-wrap').evaluate((el) => el.scrollLeft), 0);
    app.assertNoErrors(page);
    await page.context().close();
  }
});
