// Element screenshots (not a test): node tests/e2e/.shots2.mjs <prefix>
import { startApp } from './harness.mjs';
const prefix = process.argv[2] || 'after';
const app = await startApp();
const out = (n) => `/tmp/shots/clarity/${prefix}-${n}.png`;
for (const width of [1280, 360]) {
  const page = await app.open('#/herd?clients=100&trials=20&seed=1', { viewport: { width, height: 900 } });
  await page.getByTestId('run-done').waitFor({ timeout: 120000 });
  await page.locator('section[aria-labelledby="herd-hist-title"]').waitFor();
  await page.waitForTimeout(800);
  await page.locator('section[aria-labelledby="herd-hist-title"]').screenshot({ path: out(`hist-${width}`) });
  await page.locator('form.herd-controls').screenshot({ path: out(`controls-${width}`) });
  await page.locator('.herd-results').screenshot({ path: out(`results-${width}`) });
  const tl = page.locator('section[aria-labelledby="herd-timeline-title"]');
  if (await tl.count()) await tl.screenshot({ path: out(`timeline-${width}`) });
  await page.context().close();
  const ex = await app.open('#/exercises', { viewport: { width, height: 1400 } });
  await ex.getByTestId('exercises').waitFor();
  await ex.waitForTimeout(800);
  await ex.screenshot({ path: out(`extop-${width}`) });
  await ex.context().close();
}
await app.close();
