// The matrix's marks as bitmaps, drawn at build time from static/icons.svg
// (the one place the icons' shapes live). Chromium paints an SVG image on
// the main thread each time it draws it, so a table of SVG marks (inline,
// <use> or an SVG file as a CSS image) cost tasks over 50 ms at 4× CPU
// throttling; a bitmap is decoded once, off the main thread.
//
// The icons use a small part of SVG: paths (M L H V C S A Z, absolute and
// relative) and circles, filled or stroked (width 2, round caps and joins),
// in a 16 × 16 box. Each pixel's coverage is sampled on a SAMPLES × SAMPLES
// grid: inside a filled shape (non-zero winding), or within half the stroke
// width of a stroked segment (round caps and joins are then exact).
import zlib from 'node:zlib';

/** Pixels per side of each image: 1 em at up to 3 device pixels per CSS px. */
export const IMAGE_PX = 48;
const BOX = 16;
const SAMPLES = 4;
const CURVE_STEPS = 16;
const STROKE_HALF_WIDTH = 1;

/** The page's text colour, `--fg: #rrggbb` in `css` (static/style.css). */
export function ink(css) {
  const hex = /--fg:\s*#([0-9a-fA-F]{6})\b/.exec(css)?.[1];
  if (!hex) throw new Error('icon-images: no `--fg: #rrggbb` in static/style.css');
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

/** Every icon's group in `svg`: id → the group's markup (its shapes). */
export function iconGroups(svg) {
  return new Map([...svg.matchAll(/<g id="([\w-]+)">([\s\S]*?)<\/g>/g)].map((m) => [m[1], m[2]]));
}

/** Every icon's group in `svg`: id → [{ kind, d | cx cy r, filled }]. */
export function iconShapes(svg) {
  const icons = new Map();
  for (const [id, body] of iconGroups(svg)) {
    const shapes = [];
    for (const [, tag, attrs] of body.matchAll(/<(path|circle)\b([^>]*)>/g)) {
      const attr = (n) => new RegExp(`\\b${n}="([^"]*)"`).exec(attrs)?.[1];
      const filled = attr('fill') !== 'none';
      if (tag === 'path') shapes.push({ kind: 'path', d: attr('d'), filled });
      else shapes.push({ kind: 'circle', cx: +attr('cx'), cy: +attr('cy'), r: +attr('r'), filled });
    }
    icons.set(id, shapes);
  }
  return icons;
}

/** A path's data as polylines (one per subpath), curves and arcs flattened. */
export function flatten(d) {
  const tokens = d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g);
  const lines = [];
  let line = null;
  let x = 0, y = 0, sx = 0, sy = 0, cmd = '', lastCtrl = null;
  let i = 0;
  const num = () => Number(tokens[i++]);
  const to = (nx, ny) => {
    line.push([nx, ny]);
    x = nx;
    y = ny;
  };
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i])) cmd = tokens[i++];
    const rel = cmd === cmd.toLowerCase();
    const ox = rel ? x : 0, oy = rel ? y : 0;
    switch (cmd.toUpperCase()) {
      case 'M': {
        line = [];
        lines.push(line);
        to(ox + num(), oy + num());
        sx = x;
        sy = y;
        cmd = rel ? 'l' : 'L';
        lastCtrl = null;
        break;
      }
      case 'L': to(ox + num(), oy + num()); lastCtrl = null; break;
      case 'H': to(ox + num(), y); lastCtrl = null; break;
      case 'V': to(x, oy + num()); lastCtrl = null; break;
      case 'Z': to(sx, sy); lastCtrl = null; break;
      case 'C':
      case 'S': {
        const c1 = cmd.toUpperCase() === 'C'
          ? [ox + num(), oy + num()]
          : lastCtrl ? [2 * x - lastCtrl[0], 2 * y - lastCtrl[1]] : [x, y];
        const c2 = [ox + num(), oy + num()];
        const end = [ox + num(), oy + num()];
        cubic([x, y], c1, c2, end).forEach((p) => to(...p));
        lastCtrl = c2;
        break;
      }
      case 'A': {
        const [rx, ry, rot, large, sweep] = [num(), num(), num(), num(), num()];
        const end = [ox + num(), oy + num()];
        arc([x, y], rx, ry, rot, large, sweep, end).forEach((p) => to(...p));
        lastCtrl = null;
        break;
      }
      default:
        throw new Error(`icon-images: path command ${cmd} is not drawn (in "${d}")`);
    }
  }
  return lines;
}

function cubic(p0, p1, p2, p3) {
  const out = [];
  for (let s = 1; s <= CURVE_STEPS; s++) {
    const t = s / CURVE_STEPS, u = 1 - t;
    const a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, e = t * t * t;
    out.push([a * p0[0] + b * p1[0] + c * p2[0] + e * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + e * p3[1]]);
  }
  return out;
}

/** An elliptical arc (SVG's endpoint form, F.6.5 of SVG 1.1) as points. */
function arc([x1, y1], rx, ry, rotDeg, large, sweep, [x2, y2]) {
  const phi = (rotDeg * Math.PI) / 180, cos = Math.cos(phi), sin = Math.sin(phi);
  const dx = (x1 - x2) / 2, dy = (y1 - y2) / 2;
  const xp = cos * dx + sin * dy, yp = -sin * dx + cos * dy;
  const scale = Math.max(1, Math.sqrt((xp * xp) / (rx * rx) + (yp * yp) / (ry * ry)));
  rx *= scale;
  ry *= scale;
  const num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp;
  const den = rx * rx * yp * yp + ry * ry * xp * xp;
  const k = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, num / den));
  const cxp = (k * rx * yp) / ry, cyp = (-k * ry * xp) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2, cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const angle = (ux, uy) => Math.atan2(uy, ux);
  const t1 = angle((xp - cxp) / rx, (yp - cyp) / ry);
  let dt = angle((-xp - cxp) / rx, (-yp - cyp) / ry) - t1;
  if (sweep && dt < 0) dt += 2 * Math.PI;
  if (!sweep && dt > 0) dt -= 2 * Math.PI;
  const out = [];
  for (let s = 1; s <= CURVE_STEPS; s++) {
    const t = t1 + (dt * s) / CURVE_STEPS;
    out.push([cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin, cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos]);
  }
  out[out.length - 1] = [x2, y2];
  return out;
}

function segmentDistance([px, py], [ax, ay], [bx, by]) {
  const vx = bx - ax, vy = by - ay;
  const len2 = vx * vx + vy * vy;
  const t = len2 ? Math.max(0, Math.min(1, ((px - ax) * vx + (py - ay) * vy) / len2)) : 0;
  return Math.hypot(px - ax - t * vx, py - ay - t * vy);
}

/** Non-zero winding number of `lines` (each closed) around `p`. */
function winding([px, py], lines) {
  let w = 0;
  for (const line of lines) {
    for (let j = 0; j < line.length; j++) {
      const [ax, ay] = line[j], [bx, by] = line[(j + 1) % line.length];
      const side = (bx - ax) * (py - ay) - (px - ax) * (by - ay);
      if (ay <= py && by > py && side > 0) w++;
      else if (ay > py && by <= py && side < 0) w--;
    }
  }
  return w;
}

/** Whether a point of the 16 × 16 box is inked by one of `shapes`. */
function inked(p, shapes) {
  return shapes.some((s) => {
    if (s.kind === 'circle') {
      const d = Math.hypot(p[0] - s.cx, p[1] - s.cy);
      return s.filled ? d <= s.r : Math.abs(d - s.r) <= STROKE_HALF_WIDTH;
    }
    if (s.filled) return winding(p, s.lines) !== 0;
    return s.lines.some((line) => nearLine(p, line));
  });
}

/** Whether `p` is within half the stroke width of `line`. */
function nearLine(p, line) {
  if (line.length === 1) return segmentDistance(p, line[0], line[0]) <= STROKE_HALF_WIDTH;
  return line.some((a, j) => j > 0 && segmentDistance(p, line[j - 1], a) <= STROKE_HALF_WIDTH);
}

/** One icon's coverage, IMAGE_PX × IMAGE_PX values in 0..=1. */
export function coverage(shapes) {
  const ready = shapes.map((s) => (s.kind === 'path' ? { ...s, lines: flatten(s.d) } : s));
  const out = new Float64Array(IMAGE_PX * IMAGE_PX);
  const unit = BOX / IMAGE_PX;
  for (let py = 0; py < IMAGE_PX; py++) {
    for (let px = 0; px < IMAGE_PX; px++) {
      let hits = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const p = [(px + (sx + 0.5) / SAMPLES) * unit, (py + (sy + 0.5) / SAMPLES) * unit];
          if (inked(p, ready)) hits++;
        }
      }
      out[py * IMAGE_PX + px] = hits / (SAMPLES * SAMPLES);
    }
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** `cover` (IMAGE_PX² values) as a PNG: `rgb` with coverage as alpha. */
export function png(cover, rgb) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(IMAGE_PX, 0);
  ihdr.writeUInt32BE(IMAGE_PX, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(IMAGE_PX * (1 + 4 * IMAGE_PX));
  for (let y = 0; y < IMAGE_PX; y++) {
    const row = y * (1 + 4 * IMAGE_PX);
    for (let x = 0; x < IMAGE_PX; x++) {
      raw.set([...rgb, Math.round(255 * cover[y * IMAGE_PX + x])], row + 1 + 4 * x);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The file name of a mark's image, as static/lab.css names it. */
export const markFile = (id) => `mark-${id}.png`;

/** The marks `css` draws (`url("mark-<id>.png")`), each as [file name,
 *  PNG bytes] drawn from its group in `svg` in the text colour of
 *  `styleCss`; throws on a mark `svg` lacks. */
export function markImages(svg, css, styleCss) {
  const shapes = iconShapes(svg);
  const rgb = ink(styleCss);
  const ids = [...new Set([...css.matchAll(/url\("mark-([\w-]+)\.png"\)/g)].map((m) => m[1]))];
  return ids.map((id) => {
    if (!shapes.has(id)) throw new Error(`icon-images: no icon "${id}" in static/icons.svg`);
    return [markFile(id), png(coverage(shapes.get(id)), rgb)];
  });
}
