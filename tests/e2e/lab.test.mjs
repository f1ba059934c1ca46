// The idempotency lab (#/lab, #/lab/matrix): deep links, stepping with
// buttons and keys, URL state, the matrix for two servers and its links.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, numberIn, waitStep, waitForRunEnd } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const DEEP = '#/lab?scenario=response_lost&client=stable_key&server=fenced&seed=1&step=4';

async function stepIndex(page) {
  return Number(await page.getByTestId('step-index').getAttribute('data-step'));
}

async function narration(page) {
  return page.getByTestId('narration').innerText();
}

async function dataRows(page, testId) {
  return page.getByTestId(testId).locator('tbody tr:not(:has(td[colspan]))').count();
}

test('a deep link opens exactly that run at that step', async () => {
  const page = await app.open(DEEP);
  await page.getByTestId('report-count').waitFor();
  assert.equal(await stepIndex(page), 4);
  // Step 4: the server inserted report #1 and marked the key done.
  assert.equal(await numberIn(page, 'report-count'), 1);
  // The card keeps «after this step» apart from «when the run settles»,
  // and keeps the ending for the end: no verdict before the last step.
  assert.match(await page.getByTestId('card-now').innerText(), /这一步之后/);
  assert.match(await page.getByTestId('card-end').innerText(), /整次运行结束时/);
  assert.equal(await page.getByTestId('final-verdict').count(), 0);
  assert.match(await page.getByTestId('end-hidden').innerText(), /先预测/);
  assert.doesNotMatch(await page.locator('.lab').innerText(), /恰好一次|★|\(render 1\)/);
  // Requests and reports are both numbered from 1.
  assert.match(await narration(page), /#1/);
  assert.equal(await page.getByTestId('narration').getAttribute('aria-live'), 'polite');
  assert.equal(await dataRows(page, 'table-reports'), 1);
  assert.match(await page.getByTestId('table-keys').innerText(), /done/);
  assert.match(await page.getByTestId('sql').innerText(), /INSERT INTO reports/);
  assert.match(await page.getByTestId('sql').innerText(), /fence = 1/);
  assert.ok(await page.locator('input[name="scenario"][value="response_lost"]').isChecked());
  assert.ok(await page.locator('input[name="server"][value="fenced"]').isChecked());
  // «直接看结果» jumps to the end, where the ending shows: the retry got
  // the stored 201 replayed.
  await page.getByTestId('show-result').click();
  await page.getByTestId('final-verdict').waitFor();
  assert.match(page.url(), /step=end/);
  assert.equal(await page.getByTestId('final-verdict').getAttribute('data-verdict'), 'one');
  assert.match(await page.getByTestId('final-verdict').innerText(), /只有一份，模型知道已创建/);
  assert.match(await page.getByTestId('final-outcome').innerText(), /201/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('stepping back and forward changes the narration and the count, and returns', async () => {
  const page = await app.open(DEEP);
  await page.getByTestId('report-count').waitFor();
  const at4 = await narration(page);
  await page.getByTestId('step-back').click();
  await waitStep(page, 3);
  assert.equal(await numberIn(page, 'report-count'), 0);
  assert.notEqual(await narration(page), at4);
  assert.match(page.url(), /step=3/);
  await page.getByTestId('step-forward').click();
  await waitStep(page, 4);
  assert.equal(await numberIn(page, 'report-count'), 1);
  assert.equal(await narration(page), at4);
  // The address bar is the link to this state: the defaults
  // (`scenario=response_lost`, `seed=1`) left out.
  assert.equal(await page.evaluate(() => location.hash), '#/lab?harness=stable_key&server=fenced&step=4');
  // The next step is the notifier's (the commit's notification is sent);
  // the one after it loses the response: the diagram marks it lost, in
  // text and with a drawn cross.
  await page.getByTestId('step-forward').click();
  await waitStep(page, 5);
  assert.equal(await page.getByTestId('table-notifications').getAttribute('data-rows'), '1');
  await page.getByTestId('step-forward').click();
  await waitStep(page, 6);
  assert.match(await page.getByTestId('sequence-diagram').textContent(), /丢失/);
  assert.ok((await page.locator('svg.seq .arrow.lost svg.icon-cross').count()) >= 1);
  assert.equal(await numberIn(page, 'report-count'), 1);
  app.assertNoErrors(page);
  await page.context().close();
});

test('keyboard: arrows step, Home/End jump, space plays and pauses', async () => {
  const page = await app.open(DEEP);
  await page.getByTestId('report-count').waitFor();
  await page.locator('h1').click();
  await page.keyboard.press('ArrowRight');
  await waitStep(page, 5);
  await page.keyboard.press('ArrowLeft');
  await waitStep(page, 4);
  await page.keyboard.press('End');
  const total = Number(await page.getByTestId('step-index').getAttribute('data-total'));
  await waitStep(page, total);
  assert.match(page.url(), /step=end/);
  assert.equal(await numberIn(page, 'report-count'), 1);
  await page.keyboard.press('Home');
  await waitStep(page, 0);
  assert.equal(await numberIn(page, 'report-count'), 0);
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelector('[data-testid="play"]').getAttribute('aria-pressed') === 'true');
  await waitStep(page, 1);
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelector('[data-testid="play"]').getAttribute('aria-pressed') === 'false');
  // Keys typed into the seed field do not step.
  const before = await stepIndex(page);
  await page.getByTestId('seed').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await stepIndex(page), before);
  app.assertNoErrors(page);
  await page.context().close();
});

test('the naive server duplicates a report whose response was lost', async () => {
  const page = await app.open('#/lab?scenario=response_lost&client=naive&server=naive&seed=1&step=end');
  await page.getByTestId('report-count').waitFor();
  assert.equal(await numberIn(page, 'report-count'), 2);
  assert.equal(await page.getByTestId('final-verdict').getAttribute('data-verdict'), 'duplicate');
  assert.match(await page.getByTestId('final-verdict').innerText(), /重复副作用/);
  assert.equal(await dataRows(page, 'table-reports'), 2);
  // One plain sentence of what happened and why, and the nearest fix.
  assert.match(await page.getByTestId('end-sentence').innerText(), /不带幂等键/);
  const fix = page.getByTestId('fix-link');
  assert.match(await fix.innerText(), /试试修好的版本/);
  const to = new URLSearchParams(new URL(await fix.getAttribute('href'), 'http://x/').hash.split('?')[1]);
  await fix.click();
  // A minimal link leaves out what equals the page's defaults (`naive`).
  await waitForRunEnd(page, to.get('harness') ?? 'naive', to.get('server') ?? 'naive');
  assert.equal(await page.getByTestId('final-verdict').getAttribute('data-count'), '1');
  // The nearest combination the judgement passes: on the same server, the
  // careful client (one report, the honest «unknown»), or a keyed one.
  assert.ok(['one_known', 'one_unknown'].includes(await page.getByTestId('final-verdict').getAttribute('data-ending')));
  app.assertNoErrors(page);
  await page.context().close();
});

test('play under reduced motion still steps', async () => {
  const page = await app.open('#/lab?scenario=none&client=stable_key&server=atomic&seed=1&step=0&speed=4', {
    reducedMotion: 'reduce',
  });
  await page.getByTestId('play').click();
  await waitStep(page, 2);
  const anim = await page.evaluate(
    () => getComputedStyle(document.querySelector('svg.seq .step')).animationName,
  );
  assert.equal(anim, 'none');
  app.assertNoErrors(page);
  await page.context().close();
});

test('a bad step is clamped with a notice naming the parameter', async () => {
  const page = await app.open('#/lab?scenario=none&client=naive&server=naive&seed=1&step=999');
  await page.getByTestId('notice-step').waitFor();
  assert.match(await page.getByTestId('notice-step').innerText(), /step/);
  const total = Number(await page.getByTestId('step-index').getAttribute('data-total'));
  assert.equal(await stepIndex(page), total);
  app.assertNoErrors(page);
  await page.context().close();
});

async function cell(page, scenario, client) {
  const el = page.getByTestId(`cell-${scenario}-${client}`);
  await page.waitForFunction(
    (id) => document.querySelector(`[data-testid="${id}"]`)?.hasAttribute('data-reports'),
    `cell-${scenario}-${client}`,
  );
  return Number(await el.getAttribute('data-reports'));
}

async function tool(page, scenario, client) {
  await cell(page, scenario, client);
  return page.getByTestId(`cell-${scenario}-${client}`).getAttribute('data-tool');
}

test('the matrix shows the outcomes the chapter claims, for two servers', async () => {
  const page = await app.open('#/lab/matrix?server=naive');
  assert.equal(await cell(page, 'response_lost', 'naive'), 2);
  assert.equal(await cell(page, 'response_lost', 'stable_key'), 2);
  assert.equal(await cell(page, 'none', 'business_key'), 1);
  assert.equal(await tool(page, 'response_lost', 'naive'), 'created');
  // The legend comes before the table.
  const legendFirst = await page.evaluate(() => {
    const legend = document.querySelector('[data-testid="matrix-legend"]');
    const table = document.querySelector('[data-testid="matrix"]');
    return !!(legend.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  assert.ok(legendFirst);
  // Switch server with the picker: the URL follows.
  await page.getByTestId('server-fenced').click();
  await page.waitForFunction(() => location.hash.includes('server=fenced'));
  assert.equal(await cell(page, 'response_lost', 'stable_key'), 1);
  assert.equal(await cell(page, 'lease_expired', 'stable_key'), 1);
  assert.equal(await cell(page, 'model_retry', 'stable_key'), 2);
  assert.equal(await cell(page, 'model_retry', 'business_key'), 1);
  assert.equal(await cell(page, 'response_lost', 'new_key'), 2);
  await page.getByTestId('matrix-elapsed').waitFor();
  app.assertNoErrors(page);
  await page.context().close();

  const leased = await app.open('#/lab/matrix?server=leased');
  // The status guard stops the stale writer that wakes after the taker.
  assert.equal(await cell(leased, 'lease_expired', 'stable_key'), 1);
  assert.equal(await cell(leased, 'stored_500', 'stable_key'), 0);
  // A replayed 500 proves nothing about side effects (003): unknown.
  assert.equal(await tool(leased, 'stored_500', 'stable_key'), 'unknown');
  assert.equal(await tool(leased, 'quota_429', 'stable_key'), 'not_created');
  assert.equal(await tool(leased, 'crash_between_commits', 'careful'), 'unknown');
  // «0, and the model knows» and «0, unknown» read differently.
  assert.notEqual(
    await leased.getByTestId('cell-quota_429-stable_key').innerText(),
    await leased.getByTestId('cell-request_lost-careful').innerText(),
  );
  // Cells that changed from the previous preset (leased_unguarded: the
  // same lease without the guard, 2 reports there) are marked.
  assert.equal(
    await leased.getByTestId('cell-lease_expired-stable_key').getAttribute('data-changed'),
    'true',
  );
  assert.equal(
    await leased.getByTestId('cell-crash_between_commits-stable_key').getAttribute('data-changed'),
    'false',
  );
  assert.equal(await cell(leased, 'crash_between_commits', 'stable_key'), 1);
  app.assertNoErrors(leased);
  await leased.context().close();

  const split = await app.open('#/lab/matrix?server=key_split');
  assert.equal(await cell(split, 'crash_between_commits', 'stable_key'), 2);
  assert.equal(await cell(split, 'response_lost', 'stable_key'), 1);
  app.assertNoErrors(split);
  await split.context().close();
});

/** In the page, before its scripts: counts what is posted to workers. */
function countWorkerMessages() {
  window.__posted = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (msg, ...rest) {
    let kind = typeof msg;
    if (msg instanceof Uint8Array || msg instanceof ArrayBuffer) kind = 'request';
    else if (msg && typeof msg === 'object') kind = 'route' in msg ? 'route' : 'cancel' in msg ? 'cancel' : 'object';
    window.__posted.push(kind);
    return post.call(this, msg, ...rest);
  };
}

test('the matrix opened directly adopts the table the engine computed for its route: no request of its own', async () => {
  const page = await app.open('#/lab/matrix?server=leased&lang=en', {}, { init: countWorkerMessages });
  await page.getByTestId('matrix-elapsed').waitFor({ timeout: 60000 });
  // The boot script asked for the route before the page ran; the page's
  // equal request was answered by that reply, never sent.
  assert.deepEqual(await page.evaluate(() => window.__posted), ['route']);
  assert.equal(await cell(page, 'lease_expired', 'stable_key'), 1);
  assert.equal(await cell(page, 'stored_500', 'stable_key'), 0);
  assert.equal(
    await page.getByTestId('cell-lease_expired-stable_key').getAttribute('data-changed'),
    'true',
  );
  // Another server is the page's own request.
  await page.getByTestId('server-fenced').click();
  await page.waitForFunction(() => window.__posted.includes('request'));
  await page.waitForFunction(() => location.hash.includes('server=fenced'));
  assert.equal(await cell(page, 'response_lost', 'stable_key'), 1);
  assert.equal(await cell(page, 'model_retry', 'stable_key'), 2);
  await page.getByTestId('matrix-elapsed').waitFor({ timeout: 60000 });
  assert.deepEqual(await page.evaluate(() => window.__posted), ['route', 'request']);
  app.assertNoErrors(page);
  await page.context().close();

  // A lab route that is no matrix asks nothing ahead.
  const run = await app.open('#/lab', {}, { init: countWorkerMessages });
  await run.getByTestId('card-end').waitFor({ timeout: 60000 });
  assert.ok(!(await run.evaluate(() => window.__posted)).includes('route'));
  app.assertNoErrors(run);
  await run.context().close();
});

test('clicking a matrix cell opens that run at its end', async () => {
  const page = await app.open('#/lab/matrix?server=leased');
  const n = await cell(page, 'lease_expired', 'business_key');
  await page.getByTestId('cell-lease_expired-business_key').click();
  await page.waitForFunction(() => location.hash.startsWith('#/lab?'));
  const url = page.url();
  for (const part of ['scenario=lease_expired', 'harness=business_key', 'server=leased', 'step=end']) {
    assert.ok(url.includes(part), `${part} in ${url}`);
  }
  await page.getByTestId('report-count').waitFor();
  assert.equal(await numberIn(page, 'report-count'), n);
  assert.ok(await page.locator('input[name="client"][value="business_key"]').isChecked());
  app.assertNoErrors(page);
  await page.context().close();
});

test('the server × scenario view answers «which server fixes my failure?»', async () => {
  const page = await app.open('#/lab/matrix?by=server&client=stable_key');
  assert.equal(await cell(page, 'concurrent_same_key', 'naive'), 2);
  assert.equal(await cell(page, 'concurrent_same_key', 'key_split'), 2);
  assert.equal(await cell(page, 'concurrent_same_key', 'atomic'), 1);
  assert.equal(await cell(page, 'lease_overlap', 'fenced'), 1);
  assert.equal(await cell(page, 'model_retry', 'fenced'), 2);
  await page.getByTestId('client-query_first').click();
  await page.waitForFunction(() => location.hash.includes('harness=query_first'));
  for (const server of ['naive', 'key_split', 'atomic', 'leased', 'fenced']) {
    assert.equal(await cell(page, 'model_retry', server), 1, server);
    assert.equal(await tool(page, 'model_retry', server), 'created', server);
  }
  app.assertNoErrors(page);
  await page.context().close();
});

test('the fence is the key moment of lease_overlap, with the lease rule on screen', async () => {
  const page = await app.open('#/lab?scenario=lease_overlap&client=stable_key&server=fenced&seed=1&step=end');
  await page.getByTestId('sequence-diagram').waitFor();
  assert.match(await page.getByTestId('sequence-diagram').textContent(), /fence 1 ≠ 2，影响 0 行，ROLLBACK/);
  assert.match(await page.getByTestId('sequence-diagram').textContent(), /停顿到/);
  // The stall and the waits are drawn as bars, not only named.
  assert.ok((await page.locator('svg.seq rect.stall-bar').count()) >= 1);
  assert.ok((await page.locator('svg.seq rect.wait-bar').count()) >= 1);
  assert.match(await page.getByTestId('sequence-diagram').textContent(), /Retry-After/);
  const params = await page.getByTestId('lab-params').innerText();
  assert.match(params, /租约 5 秒/);
  assert.match(params, /超时 2 秒/);
  assert.match(params, /12 秒/);
  assert.match(await page.getByTestId('table-keys').innerText(), /—/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('at 360 px the diagram scrolls sideways with a hint, headers stay, keys hint hides on touch', async () => {
  const page = await app.open('#/lab?scenario=lease_overlap&client=stable_key&server=leased&seed=1&step=end', {
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  await page.getByTestId('sequence-diagram').waitFor();
  assert.ok(await page.locator('.scroll-hint').isVisible());
  assert.ok(!(await page.locator('.keys-hint').isVisible()));
  const wrap = page.locator('.seq-wrap');
  const scrolls = await wrap.evaluate((el) => el.scrollWidth > el.clientWidth);
  assert.ok(scrolls, 'the diagram is wider than the screen and scrolls');
  const sticky = await page.getByTestId('lane-headers').evaluate((el) => getComputedStyle(el).position);
  assert.equal(sticky, 'sticky');
  // The key column does not wrap: one line per key.
  const keyCell = page.getByTestId('table-keys').locator('tbody td code').first();
  const ratio = await keyCell.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).fontSize));
  assert.ok(ratio < 2, `the key wraps (height ${ratio.toFixed(1)} × font size)`);
  // The leased server's stale writer: the report exists and the sentence says why.
  assert.match(await page.getByTestId('sequence-diagram').textContent(), /租约已过期，写回仍然成功/);
  app.assertNoErrors(page);
  await page.context().close();
});

test('stepping adds one diagram row, keeps the drawn rows and moves the one highlight; the end draws every step', async () => {
  const page = await app.open(DEEP);
  const diagram = page.getByTestId('sequence-diagram');
  await diagram.waitFor();
  const rows = () => diagram.locator('g.step').count();
  assert.equal(await rows(), 4);
  // Mark the first row's nodes: a step forward must keep them, not redraw them.
  await page.evaluate(() => {
    const first = document.querySelector('[data-testid="sequence-diagram"] g.step');
    first.__kept = true;
    first.querySelector('text.time').__kept = true;
  });
  await page.getByTestId('step-forward').click();
  await waitStep(page, 5);
  assert.equal(await rows(), 5);
  const kept = await page.evaluate(() => {
    const first = document.querySelector('[data-testid="sequence-diagram"] g.step');
    return first.__kept === true && first.querySelector('text.time').__kept === true;
  });
  assert.ok(kept, 'the first row was redrawn');
  const current = await diagram.locator('g.step:has(rect.current)').getAttribute('data-step');
  assert.equal(current, '5');
  assert.equal(await diagram.locator('rect.current').count(), 1);
  await page.getByTestId('to-end').click();
  const total = await page.getByTestId('step-index').getAttribute('data-total');
  await waitStep(page, Number(total));
  assert.equal(await rows(), Number(total));
  app.assertNoErrors(page);
  await page.context().close();
});
