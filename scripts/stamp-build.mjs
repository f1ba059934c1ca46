// Trunk post-build hook (Trunk.toml [[hooks]]): gives every file the loader
// and the workers fetch a name that carries the build id, so that a browser
// holding an older deploy in its cache never pairs that deploy's JavaScript
// with this deploy's .wasm (or the other way round).
//
// The build id is a SHA-256 over the files themselves; the hook renames
// them (page-herd.js → page-herd-<id>.js, …) and rewrites the references in
// index.html, static/boot.js and the worker scripts. index.html keeps its
// name: hosts serve it fresh, and it names everything else.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAMILY_GROUPS, chineseTable, englishTable } from './i18n-files.mjs';
import { markImages } from './icon-images.mjs';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('stamp-build: TRUNK_STAGING_DIR is not set (run me from Trunk)');
  process.exit(1);
}

// The translation table's English column, which the page's wasm is built
// without (the Cargo feature `english`): loaded when a student picks English.
// Its Chinese column (the feature `chinese`), one file per set of texts
// (FAMILY_GROUPS: the lab's three views share one): fetched with the
// family's wasm.
fs.writeFileSync(path.join(dir, 'i18n-en.json'), JSON.stringify(englishTable()));
const FAMILIES = ['home', 'herd', 'amplify', 'lab', 'lab-matrix', 'lab-build', 'exercises', 'exercises-builder'];
const chineseFiles = Object.keys(FAMILY_GROUPS).map((f) => `i18n-zh-${f}.json`);
for (const f of Object.keys(FAMILY_GROUPS)) {
  fs.writeFileSync(path.join(dir, `i18n-zh-${f}.json`), JSON.stringify(chineseTable(f)));
}

// The marks the lab's stylesheet draws as images, drawn from the icons'
// one source in the page's text colour.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const marks = markImages(
  fs.readFileSync(path.join(root, 'static/icons.svg'), 'utf8'),
  fs.readFileSync(path.join(dir, 'lab.css'), 'utf8'),
  fs.readFileSync(path.join(dir, 'style.css'), 'utf8'),
);
for (const [file, bytes] of marks) fs.writeFileSync(path.join(dir, file), bytes);

// Every file the loader chain fetches, and the files that name them: the
// page families' modules and wasm (`page-<family>.js`, `page-<family>_bg.wasm`,
// one pair per family of src/ui/families.rs), the lab engine's, the workers,
// and the marks the lab's stylesheet draws.
const pages = FAMILIES.flatMap((f) => [`page-${f}.js`, `page-${f}_bg.wasm`]);
const STAMPED = [
  'i18n-en.json',
  ...chineseFiles,
  'herd.css',
  'lab.css',
  'exercises.css',
  'amplify.css',
  ...marks.map(([file]) => file),
  'boot.js',
  ...pages,
  'herd-worker.js',
  'lab-worker.js',
  'lab-engine.js',
  'lab-engine_bg.wasm',
];
const REFERRERS = [
  'index.html',
  'boot.js',
  'lab.css',
  'herd-worker.js',
  'lab-worker.js',
  ...FAMILIES.map((f) => `page-${f}.js`),
  'lab-engine.js',
];

const missing = STAMPED.filter((f) => !fs.existsSync(path.join(dir, f)));
if (missing.length) {
  console.error(`stamp-build: missing in ${dir}: ${missing.join(', ')}`);
  process.exit(1);
}

const hash = crypto.createHash('sha256');
for (const f of STAMPED) {
  hash.update(f);
  hash.update(fs.readFileSync(path.join(dir, f)));
}
const id = hash.digest('hex').slice(0, 10);

const stamped = (f) => {
  const ext = path.extname(f);
  return `${f.slice(0, -ext.length)}-${id}${ext}`;
};

// Rewrite quoted references ("./boot.js", 'page-herd_bg.wasm', …) first,
// then rename. Longest names first, so no name is a prefix of another.
const names = [...STAMPED].sort((a, b) => b.length - a.length);
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pattern = new RegExp(`(["'/])(${names.map(escape).join('|')})(["'?#])`, 'g');
for (const f of REFERRERS) {
  const file = path.join(dir, f);
  const text = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, text.replace(pattern, (_, a, name, b) => `${a}${stamped(name)}${b}`));
}
for (const f of STAMPED) {
  fs.renameSync(path.join(dir, f), path.join(dir, stamped(f)));
}

// The service worker (static/sw.js, unstamped: a new deploy is a changed
// sw.js): this build's id and the files it precaches, i.e. every file of
// the build but itself, as paths relative to its scope ('./index.html',
// './page-herd-<id>.js', …), and a hash over their contents, so that a
// change to an unstamped file (index.html, a stylesheet) is a new deploy
// too.
const SW = 'sw.js';
const swFile = path.join(dir, SW);
if (!fs.existsSync(swFile)) {
  console.error(`stamp-build: missing in ${dir}: ${SW}`);
  process.exit(1);
}
const listed = [];
(function walk(sub) {
  for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walk(rel);
    else if (rel !== SW) listed.push(rel);
  }
})('');
listed.sort();
const content = crypto.createHash('sha256');
for (const f of listed) {
  content.update(f);
  content.update(fs.readFileSync(path.join(dir, f)));
}
const swText = fs.readFileSync(swFile, 'utf8');
const placeholders = ['"__RETRY_LAB_BUILD__"', '"__RETRY_LAB_CONTENT__"', '["__RETRY_LAB_FILES__"]'];
for (const p of placeholders) {
  if (!swText.includes(p)) {
    console.error(`stamp-build: ${SW} lacks ${p}`);
    process.exit(1);
  }
}
fs.writeFileSync(
  swFile,
  swText
    .replace(placeholders[0], JSON.stringify(id))
    .replace(placeholders[1], JSON.stringify(content.digest('hex').slice(0, 10)))
    .replace(placeholders[2], JSON.stringify(listed.map((f) => `./${f}`), null, 2)),
);
console.log(`stamp-build: build ${id}, ${listed.length} files precached by ${SW}`);
