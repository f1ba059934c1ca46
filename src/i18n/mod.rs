//! The one translation table. zh-CN is the default language, English the
//! alternative. Every user-visible string is looked up here by key.
//!
//! The table's rows are data: one plain-text file per area, next to that
//! area's code (`src/herd/texts.txt`, `src/lab/texts/*.txt`, …; the format
//! is described in `build.rs`), which `build.rs` checks and writes as Rust
//! ([`table`]). Rows written in Rust (`e(…)`) are chained after them.
//! `t` searches all of them as one table, and the tests below reject
//! duplicate keys, empty texts, mismatched `{placeholders}` and any key used
//! in `src/` that the table lacks.
//!
//! The page's own wasm is built without the `english` feature: its English
//! column stays out of the wasm (a third of the page's texts), and the build
//! writes it to a build-stamped file (`scripts/i18n-files.mjs`) that the page
//! loads when a student asks for English ([`install_english`]). Until it is
//! there, English falls back to the Chinese text, never to a key. Built
//! without `chinese` too, the loader fetches the family's Chinese column
//! (`i18n-zh-<family>.json`) beside the wasm and hands it over before the
//! first render ([`install_chinese`]). Without either column the generated
//! table has no rows at all, only the digest of each group's keys
//! ([`KeySum`]): the page looks its texts up in the columns it loaded, and
//! checks a loaded file's keys against the digest.

mod family;
pub mod fields;
pub use family::{chinese_file_id, family_texts};
mod lab;
mod lab_design;
pub use lab_design::{design_desc, design_name};
pub mod notice;
pub mod table;

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::kernel::num;
pub use crate::kernel::text::{Arg, Join, Lang, Sentence};

pub use crate::kernel::entry::{Entry, KeySum};

/// The texts one page family draws (`ui::families`): groups of the data
/// files' tables ([`table`]: one group per area folder) and the rows
/// written in Rust (the lab's mechanisms). A page wasm is built without the
/// `all_texts` feature and installs its family's set before its first
/// render, so the linker keeps no other family's texts.
#[derive(Clone, Copy)]
pub struct TextSet {
    pub groups: &'static [TextGroup],
    pub rust_rows: fn() -> Vec<&'static Entry>,
}

/// One area folder's part of the table ([`table`]): its files' rows (none
/// in the page's wasm) and the digest of their keys, rows or not.
#[derive(Clone, Copy)]
pub struct TextGroup {
    pub rows: &'static [&'static [Entry]],
    pub keys: KeySum,
}

impl TextSet {
    /// The digest of every key of the set: its groups' and its Rust rows'.
    pub fn key_sum(self) -> KeySum {
        let groups = self
            .groups
            .iter()
            .fold(KeySum::EMPTY, |sum, g| sum.plus(g.keys));
        groups.plus(KeySum::of((self.rust_rows)().iter().map(|e| e.key)))
    }

    /// The set's entries: its groups' rows in table order, then its Rust rows.
    pub fn entries(self) -> impl Iterator<Item = &'static Entry> {
        self.groups
            .iter()
            .flat_map(|g| g.rows.iter())
            .flat_map(|rows| rows.iter())
            .chain((self.rust_rows)())
    }
}

#[cfg(not(feature = "all_texts"))]
static INSTALLED: OnceLock<TextSet> = OnceLock::new();

/// Installs the page family's texts (the first call wins; it must come
/// before the first lookup). Built with `all_texts` (tests, CLIs, the
/// browser tests), the whole table is always there and this does nothing.
pub fn install_texts(set: TextSet) {
    #[cfg(not(feature = "all_texts"))]
    let _ = INSTALLED.set(set);
    #[cfg(feature = "all_texts")]
    let _ = set;
}

/// Every entry of the table, in table order: the data files' tables
/// ([`table::TABLES`]), then the rows written in Rust (`e(…)`).
#[cfg(feature = "all_texts")]
pub fn entries() -> impl Iterator<Item = &'static Entry> {
    table::TABLES
        .iter()
        .flat_map(|rows| rows.iter())
        .chain(crate::lab::mechanisms::texts())
}

/// The installed family's entries (none before [`install_texts`]).
#[cfg(not(feature = "all_texts"))]
pub fn entries() -> impl Iterator<Item = &'static Entry> {
    INSTALLED.get().into_iter().flat_map(|set| set.entries())
}

/// Whether the built-in columns' rows are in this build (not in the
/// page's wasm: [`table`]).
const ROWS_BUILT_IN: bool = cfg!(any(feature = "chinese", feature = "english"));

#[cfg_attr(not(any(feature = "chinese", feature = "english")), allow(dead_code))]
fn index() -> &'static HashMap<&'static str, &'static Entry> {
    static INDEX: OnceLock<HashMap<&'static str, &'static Entry>> = OnceLock::new();
    INDEX.get_or_init(|| entries().map(|e| (e.key, e)).collect())
}

/// Whether `key` has a text (in Chinese, which every page has).
pub fn has(key: &str) -> bool {
    chinese(key).is_some()
}

/// The text for `key` in `lang`. A missing key shows as `⟦key⟧` so that it is
/// visible in the page; the tests make sure none is missing.
pub fn t(lang: Lang, key: &str) -> String {
    let text = match lang {
        Lang::Zh => chinese(key),
        Lang::En => english(key).or_else(|| chinese(key)),
    };
    match text {
        Some(text) => text.to_string(),
        None => format!("⟦{key}⟧"),
    }
}

#[cfg(feature = "english")]
fn english(key: &str) -> Option<&'static str> {
    index().get(key).map(|e| e.en)
}

#[cfg(not(feature = "english"))]
fn english(key: &str) -> Option<&'static str> {
    ENGLISH.text(key)
}

#[cfg(feature = "chinese")]
fn chinese(key: &str) -> Option<&'static str> {
    index().get(key).map(|e| e.zh)
}

#[cfg(not(feature = "chinese"))]
fn chinese(key: &str) -> Option<&'static str> {
    CHINESE.text(key)
}

/// A column built into the wasm (its feature on), or loaded at run time
/// from the build's file, once: the first column that reads wins.
struct Column {
    lang: Lang,
    built_in: bool,
    loaded: OnceLock<TextColumn>,
}

impl Column {
    const fn new(lang: Lang, built_in: bool) -> Column {
        Column {
            lang,
            built_in,
            loaded: OnceLock::new(),
        }
    }

    fn ready(&self) -> bool {
        self.built_in || self.loaded.get().is_some()
    }

    /// Reads `json`; a built-in column only checks it.
    fn install(&self, json: &str) -> Result<(), String> {
        let column = TextColumn::parse(json, self.lang)?;
        if !self.built_in {
            let _ = self.loaded.set(column);
        }
        Ok(())
    }

    #[cfg_attr(all(feature = "english", feature = "chinese"), allow(dead_code))]
    fn text(&'static self, key: &str) -> Option<&'static str> {
        self.loaded.get().and_then(|column| column.get(key))
    }
}

/// The English column (loaded when a student asks for English).
static ENGLISH: Column = Column::new(Lang::En, cfg!(feature = "english"));

/// The family's Chinese column, handed over by the loader before the first
/// render.
static CHINESE: Column = Column::new(Lang::Zh, cfg!(feature = "chinese"));

/// Whether English texts are there (built in, or loaded).
pub fn english_ready() -> bool {
    ENGLISH.ready()
}

/// Whether Chinese texts are there (built in, or handed over).
pub fn chinese_ready() -> bool {
    CHINESE.ready()
}

/// Installs the English column from the build's file (JSON: key → text);
/// the first column that reads wins. Built with `english`, the built-in
/// column is used and the file is only checked.
pub fn install_english(json: &str) -> Result<(), String> {
    ENGLISH.install(json)
}

/// Installs the family's Chinese column from its file (JSON: key → text),
/// after [`install_texts`] and before the first lookup; the first column
/// that reads wins. Built with `chinese`, the file is only checked.
pub fn install_chinese(json: &str) -> Result<(), String> {
    CHINESE.install(json)
}

/// One language's column as the build writes it to its own file. Its keys
/// and texts point into the file's text, which it keeps for the page's
/// lifetime (a column is installed once): reading 1,800 texts then
/// allocates only for the few with escapes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextColumn(HashMap<&'static str, Text>);

/// One text of a file: borrowed from it, unless it had escapes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Text(std::borrow::Cow<'static, str>);

impl TextColumn {
    /// Reads a file: a JSON object of keys and texts in `lang`. A file that
    /// is not one, or that covers less than the table's keys (another
    /// build's or another family's file), is refused, so the page never
    /// mixes builds.
    pub fn parse(json: &str, lang: Lang) -> Result<TextColumn, String> {
        let what = match lang {
            Lang::Zh => "Chinese",
            Lang::En => "English",
        };
        let kept: &'static str = Box::leak(json.into());
        let map: HashMap<&'static str, Text> = crate::kernel::json_strings::read(kept)
            .map_err(|e| format!("unreadable {what} texts: {e}"))?
            .into_iter()
            .map(|(key, text)| (key, Text(text)))
            .collect();
        match lacking(&map, lang) {
            Some(lack) => Err(format!("the {what} texts lack {lack}")),
            None => Ok(TextColumn(map)),
        }
    }

    /// The column's keys.
    pub fn keys(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.0.keys().copied()
    }

    /// The text of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(|text| &*text.0)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// What a file's keys lack of the page's: a key of the table the file does
/// not have (the table's rows built in), or, in the page's wasm (no rows),
/// a Chinese file whose keys are not exactly the family's (by their digest)
/// or an English file without a key of the family's Chinese column.
fn lacking(map: &HashMap<&'static str, Text>, lang: Lang) -> Option<String> {
    if ROWS_BUILT_IN {
        return entries()
            .find(|e| !map.contains_key(e.key))
            .map(|e| e.key.to_string());
    }
    match lang {
        Lang::Zh => keys_differ(installed_key_sum(), map.keys().copied()),
        Lang::En => match CHINESE.loaded.get() {
            Some(column) => column
                .keys()
                .find(|k| !map.contains_key(k))
                .map(str::to_string),
            None => Some("the page's keys (its Chinese texts are not there yet)".into()),
        },
    }
}

/// Whether a file's `keys` are other than the ones `want` digests: what
/// they lack, said by count, for the notice.
fn keys_differ<'a>(want: KeySum, keys: impl Iterator<Item = &'a str>) -> Option<String> {
    let have = KeySum::of(keys);
    (have != want).then(|| format!("this page's keys ({} for {})", have.count, want.count))
}

/// The digest of the installed family's keys.
#[cfg(not(feature = "all_texts"))]
fn installed_key_sum() -> KeySum {
    INSTALLED.get().map(|set| set.key_sum()).unwrap_or_default()
}

/// The digest of the whole table's keys (every family's).
#[cfg(feature = "all_texts")]
fn installed_key_sum() -> KeySum {
    KeySum::of(entries().map(|e| e.key))
}

/// `t` with `{name}` placeholders filled from `args`.
pub fn tf(lang: Lang, key: &str, args: &[(&str, String)]) -> String {
    let mut s = t(lang, key);
    for (name, value) in args {
        s = s.replace(&format!("{{{name}}}"), value);
    }
    s
}

/// Between two sentences: Chinese runs them together after «。», English
/// puts a space.
pub fn sentence_sep(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "",
        Lang::En => " ",
    }
}

/// A name with its URL id: «响应丢失（response_lost）», "Response lost
/// (response_lost)".
pub fn named(lang: Lang, name: &str, id: &str) -> String {
    match lang {
        Lang::Zh => format!("{name}（{id}）"),
        Lang::En => format!("{name} ({id})"),
    }
}

/// `items` as one list in `lang` («甲、乙、丙», "a, b, c").
pub fn join_list(lang: Lang, items: &[String]) -> String {
    items.join(&t(lang, "common.list_sep"))
}

/// The `{placeholder}` names in a text, sorted, for the consistency test.
pub fn placeholders(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        let after = &rest[start + 1..];
        match after.find('}') {
            Some(end) => {
                let name = &after[..end];
                if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    out.push(name.to_string());
                }
                rest = &after[end + 1..];
            }
            None => break,
        }
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(all(test, not(target_family = "wasm")))]
mod tests;

/// A core [`Sentence`] as text in `lang`: its key's text with each
/// `{placeholder}` filled by its argument, written by the one number
/// formatter ([`num`]); a nested sentence or key in the same language.
pub fn render(lang: Lang, s: &Sentence) -> String {
    if s.key.is_empty() {
        // A sentence without a key is only its argument (`Sentence::joined`).
        return s.args.iter().map(|(_, a)| render_arg(lang, a)).collect();
    }
    let args: Vec<(&str, String)> = s
        .args
        .iter()
        .map(|(name, arg)| (*name, render_arg(lang, arg)))
        .collect();
    tf(lang, &s.key, &args)
}

fn render_arg(lang: Lang, arg: &Arg) -> String {
    match arg {
        Arg::Int(v) => num::num(*v as f64, 0),
        Arg::Num(v, decimals) => num::num(*v, usize::from(*decimals)),
        Arg::DurationMs(ms) => num::duration(lang, *ms),
        Arg::Raw(text) => text.to_string(),
        Arg::Key(key) => t(lang, key),
        Arg::Sentence(inner) => render(lang, inner),
        Arg::ClockMs(ms) => num::clock(lang, *ms),
        Arg::Fixed(v, decimals) => num::fixed(*v, usize::from(*decimals)),
        Arg::Pct(v, decimals) => num::pct(*v, usize::from(*decimals)),
        Arg::Joined(join, parts) => {
            let sep = match join {
                Join::Sentences => sentence_sep(lang).to_string(),
                Join::Key(key) => t(lang, key),
                Join::Raw(text) => text.to_string(),
            };
            let parts: Vec<String> = parts.iter().map(|a| render_arg(lang, a)).collect();
            parts.join(&sep)
        }
    }
}

/// Each sentence of a list, in `lang`.
pub fn render_all(lang: Lang, sentences: &[Sentence]) -> Vec<String> {
    sentences.iter().map(|s| render(lang, s)).collect()
}
