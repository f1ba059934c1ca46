// The translation table's columns as files of the build, each a JSON object
// of keys and texts. The page's wasm is built without either column (the
// Cargo features `english` and `chinese`); Trunk's post-build hook
// (scripts/stamp-build.mjs) writes these files next to the wasm,
// build-stamped like it:
//
//   i18n-en.json             the English column, loaded when a student picks English;
//   i18n-zh-<id>.json        the Chinese texts of a page family (its groups,
//                            as src/i18n/family.rs lists them; the lab's three
//                            views share one file), fetched by the loader
//                            beside the family's wasm.
//
//   node scripts/i18n-files.mjs             prints the English JSON
//   node scripts/i18n-files.mjs --zh lab    prints the lab family's Chinese JSON
//                                           (tests/i18n_file.rs checks both
//                                           equal the table)
//
// The table is the data files (`src/**/texts.txt`, `src/**/texts/*.txt`; their
// format is described in build.rs, which reads them for the Rust side) and the
// rows still written in Rust, one call `e("key", "zh", "en")` each (over one
// or more lines), in src/i18n/*.rs and src/lab/mechanisms/ (a file under
// `#![cfg(…)]` is left out: a test's toy mechanism). An entry or a
// row this reader cannot read stops the build rather than ship a gap.
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

/** The Rust files under `dir` and its folders. */
function rustFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...rustFiles(full));
    else if (entry.name.endsWith('.rs')) out.push(full);
  }
  return out.sort();
}

/** The languages, and where each is in a Rust row `e(key, zh, en)`. */
const COLUMN = { zh: 2, en: 3 };

/** Every `e(…)` row's `lang` text of the Rust files under `dir` into
 * `table`; a file compiled only under a `#![cfg(…)]` (a test's toy
 * mechanism) is left out. */
function rustRows(dir, table, lang) {
  for (const file of rustFiles(dir)) {
    const text = fs.readFileSync(file, 'utf8');
    if (/^#!\[cfg\(/m.test(text)) continue;
    readRows(text, path.relative(root, file), table, lang);
  }
}

function readRows(text, where, table, lang) {
  const rows = [...text.matchAll(ROW)];
  const calls = text.match(/^[ \t]*e\(/gm)?.length ?? 0;
  if (rows.length !== calls) {
    throw new Error(`${where}: ${calls} rows, of which this reader can read ${rows.length}`);
  }
  for (const m of rows) add(table, unescape(m[1], where), unescape(m[COLUMN[lang]], where), where);
}

function add(table, key, text, where) {
  if (key in table) throw new Error(`${where}: key ${key} twice`);
  table[key] = text;
}

/** The data files under `dir`: every `texts.txt`, and every `.txt` in a `texts` folder. */
function dataFiles(dir, inTexts = false) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...dataFiles(full, entry.name === 'texts'));
    else if (entry.name === 'texts.txt' || (inTexts && entry.name.endsWith('.txt'))) out.push(full);
  }
  return out.sort();
}

/** A data file's text as written, its escapes (`\n`, `\s`, `\\`) resolved. */
function unescapeData(text, where) {
  return text.replace(/\\(.?)/g, (_, esc) => {
    const simple = { n: '\n', s: ' ', '\\': '\\' }[esc];
    if (simple === undefined) throw new Error(`${where}: unknown escape \\${esc}`);
    return simple;
  });
}

/** The `lang` texts of one data file into `table` (build.rs checks the rest). */
function dataRows(file, table, lang) {
  const where = path.relative(root, file);
  const field = `${lang}: `;
  let key = null;
  fs.readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
    const at = `${where}:${i + 1}`;
    const section = /^\[([a-z0-9_.]+)\]$/.exec(line);
    if (section) key = section[1];
    else if (line.startsWith(field)) {
      if (key === null) throw new Error(`${at}: a text before any [key]`);
      add(table, key, unescapeData(line.slice(field.length), at), at);
      key = null;
    } else if (!(line === '' || line.startsWith('#') || /^(zh|en): /.test(line))) {
      throw new Error(`${at}: cannot read ${line}`);
    }
  });
}

/** The group of a data file: the folder of its area, as build.rs's
 * `group_of` says (a file elsewhere is the kernel's). */
const GROUPS = ['kernel', 'herd', 'amplify', 'lab', 'exercises'];
function groupOf(file, src) {
  const rel = path.relative(src, file).split(path.sep);
  return GROUPS.includes(rel[0]) ? rel[0] : 'kernel';
}

/** Each Chinese file's groups, as src/i18n/family.rs lists them, by the
 * file's id (`chinese_file_id`: the lab's three views share `lab`; the
 * lab's mechanisms' rows, written in Rust, belong to `lab`). */
export const FAMILY_GROUPS = {
  home: ['kernel'],
  herd: ['kernel', 'herd'],
  amplify: ['kernel', 'amplify'],
  lab: ['kernel', 'lab'],
  exercises: ['kernel', 'herd', 'amplify', 'lab', 'exercises'],
};

/** The table's English column, as { key: english }. */
export function englishTable(src = path.join(root, 'src')) {
  const table = {};
  for (const file of dataFiles(src)) dataRows(file, table, 'en');
  rustRows(path.join(src, 'i18n'), table, 'en');
  rustRows(path.join(src, 'lab/mechanisms'), table, 'en');
  return table;
}

/** The Chinese texts one page family draws, as { key: chinese }. */
export function chineseTable(family, src = path.join(root, 'src')) {
  const groups = FAMILY_GROUPS[family];
  if (!groups) throw new Error(`no page family ${family}`);
  const table = {};
  for (const file of dataFiles(src)) {
    if (groups.includes(groupOf(file, src))) dataRows(file, table, 'zh');
  }
  if (groups.includes('lab')) rustRows(path.join(src, 'lab/mechanisms'), table, 'zh');
  return table;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const zh = process.argv.indexOf('--zh');
  const table = zh >= 0 ? chineseTable(process.argv[zh + 1]) : englishTable();
  process.stdout.write(JSON.stringify(table));
}
