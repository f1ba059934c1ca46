// The English column of the translation table (src/i18n/*.rs) as a JSON
// object of keys and texts. The page's wasm is built without it (the Cargo
// feature `english`); Trunk's post-build hook (scripts/stamp-build.mjs)
// writes this file next to the wasm, build-stamped like it, and the page
// loads it when a student picks English.
//
//   node scripts/i18n-en.mjs            prints the JSON (tests/i18n_file.rs
//                                       checks it equals the table)
//
// Every row of the table is one call `e("key", "zh", "en")` (over one or
// more lines); a row this reader cannot read stops the build rather than
// ship a gap.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A Rust string literal's body (between the quotes) as its text. */
function unescape(body, where) {
  return body.replace(/\\(u\{([0-9a-fA-F]+)\}|\n\s*|.)/g, (_, esc, hex) => {
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    if (esc.startsWith('\n')) return '';
    const simple = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'", 0: '\0' }[esc];
    if (simple === undefined) throw new Error(`${where}: unknown escape \\${esc}`);
    return simple;
  });
}

const LITERAL = String.raw`"((?:[^"\\]|\\[\s\S])*)"`;
const ROW = new RegExp(String.raw`^[ \t]*e\(\s*${LITERAL}\s*,\s*${LITERAL}\s*,\s*${LITERAL}\s*,?\s*\)`, 'gm');

/** Every `e(…)` row of the table's files (and of the lab's mechanisms, which
 * bring their own rows; a file compiled only under a `#![cfg(…)]` is left
 * out), as { key: english }. */
export function englishTable(dirs = ['src/i18n', 'src/lab/mechanisms']) {
  const table = {};
  for (const dir of dirs) {
    for (const file of fs.readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.rs')).sort()) {
      const text = fs.readFileSync(path.join(root, dir, file), 'utf8');
      if (/^#!\[cfg\(/m.test(text)) continue;
      readRows(text, `${dir}/${file}`, table);
    }
  }
  return table;
}

function readRows(text, where, table) {
  const rows = [...text.matchAll(ROW)];
  const calls = text.match(/^[ \t]*e\(/gm)?.length ?? 0;
  if (rows.length !== calls) {
    throw new Error(`${where}: ${calls} rows, of which this reader can read ${rows.length}`);
  }
  for (const m of rows) {
    const key = unescape(m[1], where);
    if (key in table) throw new Error(`${where}: key ${key} twice`);
    table[key] = unescape(m[3], where);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(JSON.stringify(englishTable()));
}
