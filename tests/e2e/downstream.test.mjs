// The lab past its own database, as a student meets it: each new scenario
// runs to its end in the run view with the report count and «通知发了几次»
// side by side (the cells tests/lab_downstream.rs asserts natively), the
// notifier has its lane and its own table, a phantom notification is marked
// in the verdict, and the workbench shows the new mechanisms in their own
// group and grades the new rows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from './harness.mjs';

const FENCED = 'claim,digest,store_errors,lease,guard,fence';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** Waits for the settled run of `scenario` on `design` (its ids; the fenced
 *  preset's are shown as the preset) and reads its numbers. */
async function runEnd(page, scenario, design) {
  await settled(page, scenario, design).catch(async (e) => {
    // Say what the page showed instead, so a failure names its cause.
    const seen = await page.evaluate(() => ({
      hash: location.hash,
      scenario: document.querySelector('input[name="scenario"]:checked')?.value,
      design: document.querySelector('[data-testid="design"]')?.getAttribute('data-design'),
      engine: document.querySelector('[data-testid="engine-status"]')?.innerText,
      verdict: !!document.querySelector('[data-testid="final-notifications"]'),
      lanes: !!document.querySelector('[data-testid="lane-headers"]'),
    }));
    throw new Error(`${scenario} did not settle: ${JSON.stringify(seen)} (${e.message})`);
  });
  return readEnd(page);
}

/** Waits until the run view shows the settled run of `scenario` on `design`. */
function settled(page, scenario, design) {
  return page.waitForFunction(
    ([sc, d]) => {
      const shown = document.querySelector('[data-testid="design"]')?.getAttribute('data-design');
      const fenced = document.querySelector('input[name="server"][value="fenced"]')?.checked;
      return document.querySelector(`input[name="scenario"][value="${sc}"]`)?.checked &&
        (d === null ? fenced && shown === undefined : shown === d) &&
        !document.querySelector('[data-testid="engine-status"]') &&
        document.querySelector('[data-testid="final-notifications"]') &&
        // The diagram and the tables are drawn a frame after the summary.
        document.querySelector('[data-testid="lane-headers"]');
    },
    [scenario, design === FENCED ? null : design],
    { timeout: 60000 },
  );
}

/** The settled run's numbers, as the page shows them. */
function readEnd(page) {
  return page.evaluate(() => {
    const v = document.querySelector('[data-testid="final-verdict"]');
    const n = document.querySelector('[data-testid="final-notifications"]').dataset;
    const table = document.querySelector('[data-testid="table-notifications"]');
    return {
      reports: Number(v.dataset.count),
      notifications: Number(n.notifications),
      lost: Number(n.lost),
      duplicated: Number(n.duplicated),
      phantom: Number(n.phantom),
      card: document.querySelector('[data-testid="notification-count"]').innerText.trim(),
      tableRows: Number(table?.dataset.rows ?? -1),
      lanes: document.querySelector('[data-testid="lane-headers"]').textContent,
    };
  });
}

// (scenario, mechanisms added to fenced, reports, notifications, the fault mark).
const CASES = [
  ['crash_before_notify', '', 1, 0, 'lost'],
  ['notify_then_crash', 'notify_before_commit', 1, 2, 'phantom'],
  ['notifier_timeout', '', 1, 2, 'duplicated'],
  ['relay_crash', 'outbox', 1, 2, 'duplicated'],
  ['lease_notify', 'notify_before_commit,downstream_fence', 1, 1, null],
];

test('each new scenario runs to its end with reports and notifications side by side', async () => {
  const page = await app.open('#/lab');
  for (const [scenario, added, reports, notifications, mark] of CASES) {
    const design = added ? `${FENCED},${added}` : FENCED;
    await page.evaluate(
      (h) => { location.hash = h; },
      `#/lab?scenario=${scenario}&client=stable_key&design=${design}&seed=1&step=end`,
    );
    const got = await runEnd(page, scenario, design);
    assert.equal(got.reports, reports, scenario);
    assert.equal(got.notifications, notifications, scenario);
    // The card's count and the notifier's own table agree at the last step.
    assert.equal(got.card, String(notifications), scenario);
    assert.equal(got.tableRows, notifications, scenario);
    assert.match(got.lanes, /通知/);
    for (const m of ['lost', 'duplicated', 'phantom']) {
      assert.equal(got[m] > 0, m === mark, `${scenario}: ${m}`);
    }
    if (mark) {
      const marked = page.locator(`[data-testid="final-notifications"] [data-note-mark="${mark}"]`);
      assert.equal(await marked.count(), 1, `${scenario}: the ${mark} mark`);
    }
  }
  app.assertNoErrors(page);
});

test('the workbench shows the downstream group and grades the new rows', async () => {
  const page = await app.open(`#/lab/build?design=${FENCED},outbox,downstream_key&client=stable_key`);
  const group = page.getByTestId('group-downstream');
  await group.waitFor();
  for (const m of ['notify_before_commit', 'outbox', 'downstream_key', 'downstream_fence']) {
    assert.equal(await group.getByTestId(`mech-${m}`).count(), 1, m);
  }
  assert.match(await group.innerText(), /outbox 模式/);
  await page.waitForFunction(
    () => document.querySelector('[data-testid="build-score"]') &&
      !document.querySelector('[data-testid="build-progress"]'),
    null,
    { timeout: 60000 },
  );
  for (const sc of ['crash_before_notify', 'notify_then_crash', 'notifier_timeout', 'relay_crash', 'lease_notify']) {
    const row = page.getByTestId(`build-${sc}`);
    assert.equal(await row.getAttribute('data-pass'), 'true', sc);
    assert.equal(await row.getAttribute('data-notifications'), '1', sc);
  }
  // Without delivery dedupe the lost answer and the relay's restart notify twice.
  await group.getByTestId('mech-downstream_key').uncheck();
  // The score says which design its rows grade: right after the click the
  // page names the new design while the last suite's rows are still drawn.
  await page.waitForFunction(
    () => document.querySelector('[data-testid="build-design"]')?.getAttribute('data-design')?.endsWith('outbox') &&
      document.querySelector('[data-testid="build-score"]')?.getAttribute('data-design')?.endsWith('outbox') &&
      !document.querySelector('[data-testid="build-progress"]'),
    null,
    { timeout: 60000 },
  );
  for (const sc of ['notifier_timeout', 'relay_crash']) {
    const row = page.getByTestId(`build-${sc}`);
    assert.equal(await row.getAttribute('data-pass'), 'false', sc);
    assert.equal(await row.getAttribute('data-notifications'), '2', sc);
  }
  app.assertNoErrors(page);
});

test('predict, then run: the notifications the relay sends, from the lab engine, each run linked with its design', async () => {
  const id = 'predict_relay_crash';
  const page = await app.open(`#/exercises?q=${id}`);
  await page.getByTestId(`exercise-${id}`).waitFor();
  assert.match(await page.getByTestId(`exercise-${id}`).innerText(), /次通知/);
  await page.getByTestId(`answer-${id}-1`).fill('2');
  await page.getByTestId(`answer-${id}-2`).fill('2');
  await page.getByTestId(`run-${id}`).click();
  await page.getByTestId(`model-${id}`).waitFor({ timeout: 30000 });
  // The relay redelivers after its restart (2); delivery dedupe makes it 1.
  assert.match(await page.getByTestId(`model-${id}`).innerText(), /2、1/);
  assert.equal(await page.getByTestId(`model-${id}-1`).getAttribute('data-mark'), 'ok');
  assert.equal(await page.getByTestId(`model-${id}-2`).getAttribute('data-mark'), 'bad');
  const href = await page.locator(`[data-testid="model-${id}-2"] a`).getAttribute('href');
  const design = `${FENCED},outbox,downstream_key`;
  assert.ok(href.includes(`design=${encodeURIComponent(design)}`) || href.includes(`design=${design}`), href);
  // The linked run shows the count the question revealed.
  await page.locator(`[data-testid="model-${id}-2"] a`).click();
  const got = await runEnd(page, 'relay_crash', design);
  assert.equal(got.notifications, 1);
  app.assertNoErrors(page);
  await page.context().close();
});
