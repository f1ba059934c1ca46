// The matrix's marks are bitmaps the build draws from static/icons.svg
// (scripts/icon-images.mjs), while every other icon is that SVG inline. So
// the bitmaps must show what Chromium draws from the same shapes: each mark
// is compared, pixel by pixel at 48 px, with Chromium's own rendering of its
// SVG group, and must be nearer to it than to any other icon's.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { iconGroups, iconShapes, coverage, png, ink, IMAGE_PX } from '../../scripts/icon-images.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SVG = fs.readFileSync(path.join(root, 'static/icons.svg'), 'utf8');
const INK = ink(fs.readFileSync(path.join(root, 'static/style.css'), 'utf8'));

/** Mean absolute difference of alpha (0..1) a bitmap may have from Chromium's
 *  rendering: anti-aliasing differs at the edges only. */
const SAME_INK = 0.015;

let browser;
before(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
});
after(async () => {
  await browser?.close();
});

/** Each icon's alpha as Chromium draws its SVG group and as the build's
 *  bitmap, both on a 48 px canvas (a blank page: no CSP for data: images). */
async function alphas(page, icons) {
  return page.evaluate(async ({ icons, px }) => {
    const draw = async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const c = new OffscreenCanvas(px, px);
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0, px, px);
      return [...g.getImageData(0, 0, px, px).data].filter((_, i) => i % 4 === 3).map((a) => a / 255);
    };
    const out = {};
    for (const { id, group, pngBase64 } of icons) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" width="${px}" height="${px}">${group}</svg>`;
      out[id] = {
        svg: await draw(`data:image/svg+xml,${encodeURIComponent(svg)}`),
        png: await draw(`data:image/png;base64,${pngBase64}`),
      };
    }
    return out;
  }, { icons, px: IMAGE_PX });
}

const distance = (a, b) => a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0) / a.length;

test('every mark bitmap draws its own icon as Chromium draws the SVG', async () => {
  const groups = iconGroups(SVG);
  const icons = [...iconShapes(SVG)].map(([id, shapes]) => ({
    id,
    group: groups.get(id),
    pngBase64: png(coverage(shapes), INK).toString('base64'),
  }));
  assert.ok(icons.length >= 13, `${icons.length} icons`);
  const page = await browser.newPage();
  const drawn = await alphas(page, icons);
  await page.close();
  for (const { id } of icons) {
    const own = distance(drawn[id].png, drawn[id].svg);
    assert.ok(own < SAME_INK, `${id}: ${own.toFixed(4)} from its SVG`);
    for (const { id: other } of icons) {
      if (other === id) continue;
      const d = distance(drawn[id].png, drawn[other].svg);
      assert.ok(d > own, `${id} is as near to ${other} (${d.toFixed(4)}) as to itself (${own.toFixed(4)})`);
    }
  }
});
