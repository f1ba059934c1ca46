// Screenshot helper (not a test): node tests/e2e/.shots.mjs <prefix>
import { startApp } from './harness.mjs';
const prefix = process.argv[2] || 'after';
const app = await startApp();
const views = [
  ['herd', '#/herd?clients=100&trials=20&seed=1', 'run-done'],
  ['sweep', '#/herd?view=sweep&trials=10&n_to=100&strategies=none,exponential,full,equal,decorrelated', 'sweep-start'],
  ['exercises', '#/exercises', 'exercises'],
  ['embedq', '#/exercises?q=jitter_range_4th&embed=1', 'exercises'],
];
for (const width of [1280, 360]) {
  for (const [name, hash, wait] of views) {
    const page = await app.open(hash, { viewport: { width, height: 900 } });
    await page.getByTestId(wait).first().waitFor({ timeout: 120000 });
    if (name === 'sweep') {
      await page.getByTestId('sweep-start').click();
      await page.waitForSelector('[data-testid=sweep-state][data-state=done]', { timeout: 300000 });
    }
    if (name === 'herd') await page.getByTestId('timeline-none').first().waitFor({ timeout: 60000 }).catch(() => {});
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots/clarity/${prefix}-${name}-${width}.png`, fullPage: true });
    await page.context().close();
  }
}
await app.close();
