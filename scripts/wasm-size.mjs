// What the page's wasm is made of (prints numbers, changes nothing): builds
// a named copy of the release wasm, the same bytes of code as dist/ but
// with its function names kept, and sums the code by origin, with the data
// section (mostly the text tables) beside it.
//
//   node scripts/wasm-size.mjs [--wasm target/wasm32-unknown-unknown/page/retry-lab.wasm]...
//                              [--opt O3] [--top 20] [--list '<regex of a group>']
//
// Run after `trunk build --release` (which leaves the linked, unstripped
// wasm under target/): wasm-bindgen --keep-debug, then wasm-opt at the level
// index.html uses with -g (names kept, code as in dist/). Needs tools/
// (scripts/setup.sh) and wasm-bindgen-cli on PATH. `--wasm` may be given
// once per family's wasm (page-home, page-herd, …, lab-engine).
//
// Which components the views' code is (the code yew's lifecycle inlines a
// component's body into, named by that component; needs the v0 symbol
// mangling, so it builds its own copy under target/wasm-size-v0):
//
//   node scripts/wasm-size.mjs --components page-lab [--components page-exercises]
//
// Without building anything, on wasm files as they are:
//
//   node scripts/wasm-size.mjs --dist dist            (every .wasm in dist/, one report each)
//   node scripts/wasm-size.mjs --file X.wasm [--file Y.wasm] [Z.wasm …]
//
// Each report: raw and gzip -9 bytes, the sections, the code by origin when
// the file has a name section (a dist/ file usually has none: then the
// largest functions by index, and the crates whose source paths the data
// section names, i.e. what was linked in), and `twiggy top` /
// `twiggy dominators` when twiggy is on PATH.
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
/** Every value of a flag given several times. */
const opts = (name) => args.flatMap((a, i) => (a === name && i + 1 < args.length ? [args[i + 1]] : []));
const level = opt('--opt', 'O3');
const FEATURES = ['bulk-memory', 'nontrapping-float-to-int', 'sign-ext', 'mutable-globals', 'reference-types', 'multivalue'];
const env = { ...process.env, PATH: `${path.join(root, 'tools/node_modules/.bin')}:${process.env.HOME}/.cargo/bin:${process.env.PATH}` };

/** wasm-bindgen with names kept, then wasm-opt with -g. */
function namedCopy(input) {
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
  const exports = new Map();
  for (const s of sections.filter((s) => s.id === 7)) {
    p = s.start;
    for (let n = u(), i = 0; i < n; i++) {
      const l = u();
      const name = buf.subarray(p, p + l).toString();
      p += l;
      const kind = buf[p++];
      const idx = u();
      if (kind === 0 && !exports.has(idx)) exports.set(idx, name);
    }
  }
  for (const s of sections.filter((s) => s.id === 0)) {
    p = s.start;
    const nl = u();
    s.name = buf.subarray(p, p + nl).toString();
  }
  const data = sections.filter((s) => s.id === 11).reduce((a, s) => a + s.len, 0);
  const dataBytes = Buffer.concat(sections.filter((s) => s.id === 11).map((s) => buf.subarray(s.start, s.start + s.len)));
  return { sizes, names, imported, data, sections, exports, dataBytes };
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

/**
 * The views' code by component: with the v0 mangling a function's name
 * carries its generic arguments, so the lifecycle functions yew
 * instantiates per component (`CompStateInner<…::LabRunView>::view`, into
 * which the component's body and its helpers are inlined) say whose they
 * are. Prints nothing for names without them (the legacy mangling).
 */
function components(sizes, names, imported, top) {
  const by = new Map();
  sizes.forEach((size, i) => {
    const m = (names.get(i + imported) ?? '').match(/CompStateInner<retry_lab::([A-Za-z0-9_:]+)>/);
    if (m) by.set(m[1], (by.get(m[1]) ?? 0) + size);
  });
  if (!by.size) return;
  console.log('\n| component (its lifecycle, with the body and helpers inlined) | KiB of code |');
  console.log('|---|---:|');
  for (const [c, size] of [...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`| ${c} | ${kib(size)} |`);
  }
}

/** A page wasm built with the v0 symbol mangling (generic arguments in names). */
function buildWithComponentNames(bin) {
  const targetDir = path.join(root, 'target/wasm-size-v0');
  const cargoArgs = ['build', '--quiet', '--target', 'wasm32-unknown-unknown', '--no-default-features', '--profile', 'page', '--bin', bin, '--target-dir', targetDir];
  execFileSync('cargo', cargoArgs, { cwd: root, env: { ...env, RUSTFLAGS: '-C symbol-mangling-version=v0' }, stdio: 'inherit' });
  return path.join(targetDir, 'wasm32-unknown-unknown/page', `${bin}.wasm`);
}

const SECTION = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'data count'];
const kib = (b) => (b / 1024).toFixed(1);

/**
 * The crates a module links, from the source paths in its data section
 * (panic and location strings): registry crates by name, the standard
 * library by part, our own code by module (src/ui/herd/… → retry_lab::ui::herd).
 */
function cratesInData(bytes) {
  const text = bytes.toString('latin1');
  const files = new Map();
  const add = (crate, file) => {
    if (!files.has(crate)) files.set(crate, new Set());
    files.get(crate).add(file);
  };
  for (const m of text.matchAll(/([A-Za-z0-9_-]+)-\d+\.\d+\.\d+[A-Za-z0-9.+-]*\/src\/([A-Za-z0-9_/]+\.rs)/g)) {
    add(m[1].replace(/-/g, '_'), m[0]);
  }
  for (const m of text.matchAll(/library\/(core|alloc|std)\/src\/([A-Za-z0-9_/]+\.rs)/g)) add(m[1], m[0]);
  for (const m of text.matchAll(/(?<![A-Za-z0-9_./-])(src\/([A-Za-z0-9_/]+)\.rs)/g)) {
    const parts = m[2].split('/');
    const mod = parts.length > 1 ? parts.slice(0, Math.min(2, parts.length - 1)).join('::') : parts[0];
    add(`retry_lab::${mod}`, m[1]);
  }
  return files;
}

/** twiggy's view of `file`, when twiggy is on PATH. */
function twiggy(file) {
  const dirs = env.PATH.split(':');
  if (!dirs.some((d) => d && fs.existsSync(path.join(d, 'twiggy')))) {
    console.log('\n(twiggy not on PATH: `cargo install twiggy` for its `top` and `dominators` views)');
    return;
  }
  for (const cmd of [
    ['top', '-n', '30', file],
    ['dominators', '-d', '2', '-r', '30', file],
  ]) {
    try {
      const out = execFileSync('twiggy', cmd, { env, encoding: 'utf8', maxBuffer: 64 << 20 });
      console.log(`\n\`twiggy ${cmd.slice(0, -1).join(' ')}\`:\n\`\`\`\n${out.trimEnd()}\n\`\`\``);
    } catch (e) {
      console.log(`\n(twiggy ${cmd[0]} failed: ${e.message.split('\n')[0]})`);
    }
  }
}

/** One module's report; `label` names it, `named` says whether it is a named copy we built. */
function report(file, label) {
  const buf = fs.readFileSync(file);
  const { sizes, names, imported, data, sections, exports, dataBytes } = parse(buf);
  const code = sizes.reduce((a, b) => a + b, 0);
  const gz = zlib.gzipSync(buf, { level: 9 }).length;
  console.log(
    `\n# ${label}: ${buf.length} B raw, ${gz} B gzip -9 (${kib(gz)} KiB); code ${code} B in ${sizes.length} functions, ` +
      `data ${data} B${names.size ? '' : '; no name section'}`,
  );
  console.log('| section | KiB |');
  console.log('|---|---:|');
  for (const sec of [...sections].sort((a, b) => b.len - a.len)) {
    if (sec.len < 512) continue;
    console.log(`| ${SECTION[sec.id] ?? sec.id}${sec.id === 0 ? ` (${sec.name})` : ''} | ${kib(sec.len)} |`);
  }
  const top = Number(opt('--top', 20));
  if (names.size) {
    const by = new Map();
    sizes.forEach((size, i) => {
      const g = group(names.get(i + imported) ?? '?');
      by.set(g, (by.get(g) ?? 0) + size);
    });
    console.log('\n| origin | KiB of code | share |');
    console.log('|---|---:|---:|');
    for (const [g, size] of [...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`| ${g} | ${kib(size)} | ${((100 * size) / code).toFixed(1)} % |`);
    }
    console.log(`| data section (texts, tables) | ${kib(data)} | |`);
    components(sizes, names, imported, top);
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
  } else {
    console.log(`\nlargest functions (no names in this file; exports named; a named copy: --wasm, see above)`);
    console.log('| function | B | share of code |');
    console.log('|---|---:|---:|');
    sizes
      .map((size, i) => [i + imported, size])
      .sort((a, b) => b[1] - a[1])
      .slice(0, Math.min(top, 10))
      .forEach(([idx, size]) => {
        const name = exports.get(idx);
        console.log(`| ${name ? `export ${name}` : `func ${idx}`} | ${size} | ${((100 * size) / code).toFixed(1)} % |`);
      });
  }
  const crates = cratesInData(dataBytes);
  if (crates.size) {
    console.log('\n| crates linked in (source paths named in the data section) | files named |');
    console.log('|---|---:|');
    for (const [crate, set] of [...crates.entries()].sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0]))) {
      console.log(`| ${crate} | ${set.size} |`);
    }
  }
  twiggy(file);
  return { label: path.basename(label), raw: buf.length, gz, code, data };
}

const files = [...opts('--file'), ...args.filter((a, i) => a.endsWith('.wasm') && !['--file', '--wasm'].includes(args[i - 1]))];
const dist = opt('--dist', null);
if (dist) {
  const dir = path.resolve(process.cwd(), dist);
  if (!fs.existsSync(dir)) {
    console.error(`wasm-size: no such directory: ${dir}`);
    process.exit(1);
  }
  const found = fs.readdirSync(dir).filter((f) => f.endsWith('.wasm')).sort();
  if (!found.length) {
    console.error(`wasm-size: no .wasm in ${dir}`);
    process.exit(1);
  }
  files.push(...found.map((f) => path.join(dir, f)));
}
if (files.length) {
  // As they are: no cargo, no wasm-bindgen, no wasm-opt.
  const label = (f) => {
    const rel = path.relative(process.cwd(), f);
    return rel.startsWith('..') ? f : rel;
  };
  const missing = files.map((f) => path.resolve(f)).filter((f) => !fs.existsSync(f));
  if (missing.length) {
    console.error(`wasm-size: no such file: ${missing.join(', ')}`);
    process.exit(1);
  }
  const rows = files.map((f) => report(path.resolve(f), label(path.resolve(f))));
  if (rows.length > 1) {
    console.log('\n# all files (KiB; gzip -9)');
    console.log('| file | raw | gzip -9 | code | data |');
    console.log('|---|---:|---:|---:|---:|');
    for (const r of rows) console.log(`| ${r.label} | ${kib(r.raw)} | ${kib(r.gz)} | ${kib(r.code)} | ${kib(r.data)} |`);
  }
} else {
  const inputs = opts('--wasm');
  inputs.push(...opts('--components').map(buildWithComponentNames));
  if (!inputs.length) inputs.push('target/wasm32-unknown-unknown/page/retry-lab.wasm');
  for (const input of inputs.map((w) => path.resolve(root, w))) {
    const file = namedCopy(input);
    report(file, `${path.relative(root, input)}, wasm-opt -${level} (named copy)`);
    fs.rmSync(path.dirname(file), { recursive: true });
  }
}
