// What the page's wasm is made of (prints numbers, changes nothing): builds
// a named copy of the release wasm, the same bytes of code as dist/ but
// with its function names kept, and sums the code by origin, with the data
// section (mostly the text tables) beside it.
//
//   node scripts/wasm-size.mjs [--wasm target/wasm32-unknown-unknown/page/retry-lab.wasm]
//                              [--opt O3] [--top 20] [--list '<regex of a group>']
//
// Run after `trunk build --release` (which leaves the linked, unstripped
// wasm under target/): wasm-bindgen --keep-debug, then wasm-opt at the level
// index.html uses with -g (names kept, code as in dist/). Needs tools/
// (scripts/setup.sh) and wasm-bindgen-cli on PATH.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const input = path.resolve(root, opt('--wasm', 'target/wasm32-unknown-unknown/page/retry-lab.wasm'));
const level = opt('--opt', 'O3');
const FEATURES = ['bulk-memory', 'nontrapping-float-to-int', 'sign-ext', 'mutable-globals', 'reference-types', 'multivalue'];
const env = { ...process.env, PATH: `${path.join(root, 'tools/node_modules/.bin')}:${process.env.HOME}/.cargo/bin:${process.env.PATH}` };

/** wasm-bindgen with names kept, then wasm-opt with -g. */
function namedCopy() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wasm-size-'));
  execFileSync('wasm-bindgen', ['--target', 'web', '--keep-debug', '--out-dir', dir, input], { env, stdio: 'inherit' });
  const bound = path.join(dir, fs.readdirSync(dir).find((f) => f.endsWith('_bg.wasm')));
  const out = path.join(dir, 'named.wasm');
  const features = FEATURES.map((f) => `--enable-${f}`);
  execFileSync('wasm-opt', [`-${level}`, '-g', ...features, bound, '-o', out], { env, stdio: 'inherit' });
  return out;
}

/** The module's sections, function body sizes and function names. */
function parse(buf) {
  let p = 8;
  const u = () => {
    let r = 0;
    let s = 0;
    let b;
    do {
      b = buf[p++];
      r += (b & 0x7f) * 2 ** s;
      s += 7;
    } while (b & 0x80);
    return r;
  };
  const sections = [];
  while (p < buf.length) {
    const id = buf[p++];
    const len = u();
    sections.push({ id, start: p, len });
    p += len;
  }
  let imported = 0;
  for (const s of sections.filter((s) => s.id === 2)) {
    p = s.start;
    for (let n = u(), i = 0; i < n; i++) {
      for (let part = 0; part < 2; part++) {
        const len = u(); // module, then field name
        p += len;
      }
      const kind = buf[p++];
      if (kind === 0) {
        u();
        imported++;
      } else if (kind === 1 || kind === 2) {
        if (kind === 1) p++;
        const flags = u();
        u();
        if (flags & 1) u();
      } else p += 2;
    }
  }
  const sizes = [];
  for (const s of sections.filter((s) => s.id === 10)) {
    p = s.start;
    for (let n = u(), i = 0; i < n; i++) {
      const len = u();
      sizes.push(len + 1);
      p += len;
    }
  }
  const names = new Map();
  for (const s of sections.filter((s) => s.id === 0)) {
    p = s.start;
    const nl = u();
    const custom = buf.subarray(p, p + nl).toString();
    p += nl;
    if (custom !== 'name') continue;
    while (p < s.start + s.len) {
      const sub = buf[p++];
      const len = u();
      const next = p + len;
      if (sub === 1) {
        for (let n = u(), i = 0; i < n; i++) {
          const idx = u();
          const l = u();
          names.set(idx, buf.subarray(p, p + l).toString().replace(/\[[0-9a-f]{16}\]/g, ''));
          p += l;
        }
      }
      p = next;
    }
  }
  const data = sections.filter((s) => s.id === 11).reduce((a, s) => a + s.len, 0);
  return { sizes, names, imported, data };
}

/** Where a function comes from: the outermost path first, our modules named. */
function group(name) {
  const outer = (name.match(/^<?&?(?:mut )?(?:dyn )?([a-z_0-9]+)::/) || [])[1] || '';
  const ours = name.match(/retry_lab::([a-z_0-9]+)/);
  if (/^<yew::html::component::lifecycle/.test(name)) return 'views (component code inlined into yew)';
  if (/serde/.test(name)) return ours ? `serde derives of retry_lab::${ours[1]}` : 'serde, serde_json';
  if (/borsh/.test(name)) return ours ? `borsh (binary messages) of retry_lab::${ours[1]}` : 'borsh';
  if (outer === 'retry_lab') return `retry_lab::${ours[1]}`;
  if (/fmt::|Formatter/.test(name)) return 'formatting (core::fmt)';
  if (outer === 'yew') return 'yew';
  if (/^(js_sys|web_sys|wasm_bindgen|gloo)/.test(outer) || /^__(wbg|wbindgen|externref)/.test(name)) return 'wasm-bindgen, js-sys, web-sys, gloo';
  if (['core', 'alloc', 'std', 'hashbrown', 'dlmalloc', 'compiler_builtins'].includes(outer)) {
    return ours ? `core/alloc generics for retry_lab::${ours[1]}` : 'core, alloc, std';
  }
  return outer || 'other';
}

const file = namedCopy();
const buf = fs.readFileSync(file);
const { sizes, names, imported, data } = parse(buf);
const code = sizes.reduce((a, b) => a + b, 0);
const by = new Map();
sizes.forEach((size, i) => {
  const g = group(names.get(i + imported) ?? '?');
  by.set(g, (by.get(g) ?? 0) + size);
});
const gz = zlib.gzipSync(buf, { level: 9 }).length;
console.log(`# ${path.relative(root, input)}, wasm-opt -${level}: code ${code} B, data ${data} B (named copy ${buf.length} B, ${gz} B gzipped with names)`);
console.log('| origin | KiB of code | share |');
console.log('|---|---:|---:|');
for (const [g, size] of [...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(opt('--top', 20)))) {
  console.log(`| ${g} | ${(size / 1024).toFixed(1)} | ${((100 * size) / code).toFixed(1)} % |`);
}
console.log(`| data section (texts, tables) | ${(data / 1024).toFixed(1)} | |`);
const list = opt('--list', null);
if (list) {
  const re = new RegExp(list);
  sizes
    .map((size, i) => [names.get(i + imported) ?? '?', size])
    .filter(([n]) => re.test(group(n)))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .forEach(([n, size]) => console.log(size, n.slice(0, 160)));
}
fs.rmSync(path.dirname(file), { recursive: true });
