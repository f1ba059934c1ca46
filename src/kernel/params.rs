//! A page's URL query ([`Query`]) and the bounded parameters read from it
//! or from a form field.
//!
//! Bad input never panics and never silently changes meaning: every value that
//! is missing-but-malformed, out of range or unknown yields a [`Notice`] that
//! names the parameter, what was given, the allowed range and what was used.
//! A notice is data; `i18n` puts it into words (`Notice::message`).

use crate::kernel::decimal::parse_f64;
use crate::kernel::ids::UrlId;

/// Query parameters in their URL order. Kept as pairs (not a map) so that a
/// round trip preserves order and a share link stays readable.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    pairs: Vec<(String, String)>,
}

impl Query {
    /// An empty query.
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses `a=1&b=x%20y` (no leading `?`).
    pub fn parse(s: &str) -> Self {
        let pairs = form_urlencoded::parse(s.as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .filter(|(k, _)| !k.is_empty())
            .collect();
        Self { pairs }
    }

    /// The first value for `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets `key` (replacing every earlier value) keeping its position.
    pub fn set(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into();
        if let Some(pos) = self.pairs.iter().position(|(k, _)| k == key) {
            self.pairs[pos].1 = value;
            // One pass (not a remove per duplicate): a hash may repeat a key
            // 10⁵ times.
            let mut i = 0;
            self.pairs.retain(|(k, _)| {
                i += 1;
                i - 1 <= pos || k != key
            });
        } else {
            self.pairs.push((key.to_string(), value));
        }
    }

    /// Builder form of `set`.
    pub fn with(mut self, key: &str, value: impl Into<String>) -> Self {
        self.set(key, value);
        self
    }

    /// Removes every value of `key`.
    pub fn remove(&mut self, key: &str) {
        self.pairs.retain(|(k, _)| k != key);
    }

    /// All keys in order (duplicates included).
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.pairs.iter().map(|(k, _)| k.as_str())
    }

    /// All pairs in order.
    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }

    /// Whether there are no pairs.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// Encodes as `a=1&b=x+y` (no leading `?`). Commas stay literal
    /// (`strategies=full,equal`): they separate nothing in a query, parse
    /// back the same, and keep shared links readable.
    pub fn encode(&self) -> String {
        let mut ser = form_urlencoded::Serializer::new(String::new());
        for (k, v) in &self.pairs {
            ser.append_pair(k, v);
        }
        ser.finish().replace("%2C", ",")
    }
}

/// Why a parameter was not used as given.
#[derive(Clone, Debug, PartialEq)]
pub enum NoticeKind {
    /// Not a value of the right kind (garbage, NaN, empty); the default was used.
    Invalid,
    /// A number outside the allowed range; the nearest bound was used.
    Clamped,
    /// A parameter this view does not know; it was ignored.
    Unknown,
    /// A part of the value needs one of `range` (missing), so it was dropped.
    Needs,
    /// A part of the value cannot be combined with `range`, so it was dropped.
    Excludes,
    /// Stands for notices left out by the cap ([`MAX_NOTICES`]); `given`
    /// holds how many.
    More,
}

/// Most notices a page lists; the rest are counted in one «and N more».
/// A hash of 10⁵ bad pairs must not build 10⁵ list items.
pub const MAX_NOTICES: usize = 20;

/// Most characters of a given value a notice echoes (counted in characters,
/// so a cut never splits one).
pub const MAX_ECHO_CHARS: usize = 60;

/// `raw` cut to [`MAX_ECHO_CHARS`] characters, with «…» when cut.
pub fn echo(raw: &str) -> String {
    match raw.char_indices().nth(MAX_ECHO_CHARS) {
        Some((i, _)) => format!("{}…", &raw[..i]),
        None => raw.to_string(),
    }
}

/// The «and N more» notice.
pub fn more_notice(n: usize) -> Notice {
    Notice {
        kind: NoticeKind::More,
        param: "more".into(),
        given: n.to_string(),
        range: String::new(),
        used: String::new(),
    }
}

/// Adds `n` to a list of notices, the one place that keeps such a list
/// bounded: at most [`MAX_NOTICES`] notices, then one [`NoticeKind::More`]
/// last that counts every notice left out (an added `More` adds its count).
pub fn push_notice(list: &mut Vec<Notice>, n: Notice) {
    let has_more = list.last().is_some_and(|l| l.kind == NoticeKind::More);
    let shown = list.len() - usize::from(has_more);
    let left_out = match n.kind {
        NoticeKind::More => n.given.parse().unwrap_or(0),
        _ if shown < MAX_NOTICES => {
            list.insert(shown, n);
            return;
        }
        _ => 1,
    };
    match list.last_mut() {
        Some(last) if has_more => {
            let k: usize = last.given.parse().unwrap_or(0);
            last.given = k.saturating_add(left_out).to_string();
        }
        _ if left_out > 0 => list.push(more_notice(left_out)),
        _ => {}
    }
}

/// `notices` kept bounded as [`push_notice`] keeps them.
pub fn cap_notices(notices: Vec<Notice>) -> Vec<Notice> {
    let mut out = Vec::with_capacity(notices.len().min(MAX_NOTICES + 1));
    for n in notices {
        push_notice(&mut out, n);
    }
    out
}

/// Records a limit applied after reading, one that depends on other
/// parameters (a window that must end after it starts, a work budget): the
/// parameter's own notice, if it has one, now says what was used; otherwise a
/// new notice is added, its values echoed like every other. The list stays
/// capped, with «and N more» last.
pub fn limit_notice(
    notices: &mut Vec<Notice>,
    param: &str,
    given: String,
    range: String,
    used: String,
) {
    match notices.iter_mut().find(|o| o.param == param) {
        Some(o) => {
            o.kind = NoticeKind::Clamped;
            o.range = echo(&range);
            o.used = echo(&used);
        }
        None => notices.push(Notice {
            kind: NoticeKind::Clamped,
            param: echo(param),
            given: echo(&given),
            range: echo(&range),
            used: echo(&used),
        }),
    }
    *notices = cap_notices(std::mem::take(notices));
}

/// Uses `used` instead of `value`, a limit applied after reading, and says
/// so in the parameter's notice ([`limit_notice`]; `range` is what the
/// other parameters allow).
pub fn apply_limit<T: ToString>(
    notices: &mut Vec<Notice>,
    param: &str,
    value: &mut T,
    used: T,
    range: String,
) {
    limit_notice(notices, param, value.to_string(), range, used.to_string());
    *value = used;
}

/// A visible notice about one parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub kind: NoticeKind,
    /// The parameter's URL name, e.g. `clients`.
    pub param: String,
    /// The raw value as given.
    pub given: String,
    /// The allowed range or set, e.g. `1–1000` or `none, full, equal`.
    pub range: String,
    /// The value used instead (empty for `Unknown`).
    pub used: String,
}

/// The largest integer JavaScript represents exactly (2⁵³−1,
/// `Number.MAX_SAFE_INTEGER`): the ceiling of every seed a page shows, so
/// the random-seed button, the URL and the run always agree.
pub const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;

/// `seed` of a page whose runs any integer JavaScript holds can seed (the
/// herd's and the amplification's): the random-seed button, the URL and
/// the run agree on every one. The lab's pages keep a shorter seed of
/// their own.
pub const PAGE_SEED: Bound<i64> = Bound {
    name: "seed",
    min: 0,
    max: MAX_SAFE_INTEGER,
    default: 1,
};

/// A number for the URL: integers without `.0`, others as Rust prints them
/// (the shortest text that parses back to the same f64).
pub fn url_num(v: f64) -> String {
    super::num::url(v)
}

/// Inclusive bounds and a default for a numeric parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bound<T> {
    pub name: &'static str,
    pub min: T,
    pub max: T,
    pub default: T,
}

impl<T: std::fmt::Display> Bound<T> {
    /// The allowed range as text, e.g. `1–1000`.
    pub fn range_text(&self) -> String {
        format!("{}–{}", self.min, self.max)
    }
}

/// Collects notices while reading a query.
#[derive(Debug, Default)]
pub struct Reader<'a> {
    query: Option<&'a Query>,
    pub notices: Vec<Notice>,
}

impl<'a> Reader<'a> {
    /// Reads from `query`.
    pub fn new(query: &'a Query) -> Self {
        Self {
            query: Some(query),
            notices: Vec::new(),
        }
    }

    fn raw(&self, name: &str) -> Option<&'a str> {
        self.query.and_then(|q| q.get(name))
    }

    /// Adds a notice, echoing at most [`MAX_ECHO_CHARS`] of its parameter
    /// and value; the list stays bounded ([`push_notice`]).
    pub fn push(&mut self, mut n: Notice) {
        n.given = echo(&n.given);
        n.param = echo(&n.param);
        push_notice(&mut self.notices, n);
    }

    /// An integer parameter: missing → default; garbage → default + notice;
    /// out of range → clamped + notice. Signed (`i64`) for the pages,
    /// unsigned (`u64`) where a range reaches past `i64` (the `herd` CLI's
    /// seed).
    pub fn int<T: Integer>(&mut self, b: Bound<T>) -> T {
        self.bounded(b, check_int)
    }

    /// A float parameter, same rules as `int`. NaN and infinities are invalid.
    pub fn float(&mut self, b: Bound<f64>) -> f64 {
        self.bounded(b, check_float)
    }

    /// A number in `b`, read by `check` (its value and notice), or the
    /// default when missing.
    fn bounded<T: Copy>(&mut self, b: Bound<T>, check: CheckFn<T>) -> T {
        match self.raw(b.name) {
            None => b.default,
            Some(raw) => {
                let (v, n) = check(raw, b);
                n.into_iter().for_each(|n| self.push(n));
                v
            }
        }
    }

    /// One of a fixed set of ids.
    pub fn choice(&mut self, name: &str, allowed: &[&str], default: &str) -> String {
        match self.raw(name) {
            None => default.to_string(),
            Some(raw) => {
                let v = raw.trim();
                if allowed.contains(&v) {
                    v.to_string()
                } else {
                    self.push(Notice {
                        kind: NoticeKind::Invalid,
                        param: name.to_string(),
                        given: raw.to_string(),
                        range: allowed.join(", "),
                        used: default.to_string(),
                    });
                    default.to_string()
                }
            }
        }
    }

    /// One value of an `id_enum!` enum by its URL id; anything else is
    /// `default`, with a notice listing the ids.
    pub(crate) fn pick<T: UrlId>(&mut self, name: &str, default: T) -> T {
        T::from_id(&self.choice(name, &T::ids(), default.id())).unwrap_or(default)
    }

    /// A comma-separated subset of a fixed set of ids, in the given order.
    /// Unknown ids are dropped with a notice; an empty result uses `default`.
    pub fn subset(&mut self, name: &str, allowed: &[&str], default: &[&str]) -> Vec<String> {
        let Some(raw) = self.raw(name) else {
            return default.iter().map(|s| s.to_string()).collect();
        };
        let mut out: Vec<String> = Vec::new();
        let mut bad = Vec::new();
        for part in raw.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            if allowed.contains(&part) {
                if !out.iter().any(|o| o == part) {
                    out.push(part.to_string());
                }
            } else {
                bad.push(part.to_string());
            }
        }
        let none_picked = out.is_empty();
        if none_picked {
            out = default.iter().map(|s| s.to_string()).collect();
        }
        if !bad.is_empty() || none_picked {
            self.push(Notice {
                kind: NoticeKind::Invalid,
                param: name.to_string(),
                given: raw.to_string(),
                range: allowed.join(", "),
                used: out.join(","),
            });
        }
        out
    }

    /// A subset of an `id_enum!` enum's values ([`Reader::subset`] of its
    /// ids), kept in the enum's display order; `default` when none is given.
    pub(crate) fn pick_set<T: UrlId>(&mut self, name: &str, default: &[T]) -> Vec<T> {
        let ids = T::ids();
        let default: Vec<&str> = default.iter().map(|v| v.id()).collect();
        let chosen = self.subset(name, &ids, &default);
        ids.into_iter()
            .filter(|id| chosen.iter().any(|c| c == id))
            .filter_map(T::from_id)
            .collect()
    }

    /// Reports every query key not in `known` as ignored, once per key.
    pub fn reject_unknown(&mut self, known: &[&str]) {
        let Some(q) = self.query else { return };
        let mut seen = std::collections::HashSet::new();
        for (k, v) in q.pairs() {
            if !known.contains(&k.as_str()) && seen.insert(k.as_str()) {
                self.push(Notice {
                    kind: NoticeKind::Unknown,
                    param: k.clone(),
                    given: v.clone(),
                    range: known.join(", "),
                    used: String::new(),
                });
            }
        }
    }
}

/// How a number parameter's raw text is read: its value, and the notice
/// it earns.
type CheckFn<T> = fn(&str, Bound<T>) -> (T, Option<Notice>);

/// An integer type a [`Bound`] may hold: checked in `i128`, which holds
/// every value of both, so a bound's own type never overflows while reading.
pub trait Integer: Copy + std::fmt::Display + Into<i128> + TryFrom<i128> {}

impl Integer for i64 {}
impl Integer for u64 {}

/// Checks one integer value (from a URL or a form field).
pub fn check_int<T: Integer>(raw: &str, b: Bound<T>) -> (T, Option<Notice>) {
    let (min, max, default) = (b.min.into(), b.max.into(), b.default.into());
    let (used, kind) = read_int(raw.trim(), min, max, default);
    let notice = kind.map(|kind| Notice {
        kind,
        param: b.name.to_string(),
        given: echo(raw),
        range: b.range_text(),
        used: used.to_string(),
    });
    // `used` is the default or lies in `min..=max`: it fits `T`.
    (T::try_from(used).unwrap_or(b.default), notice)
}

/// The integer `t` stands for within `min..=max` (`default` when it is no
/// number), and the kind of notice that earns, if any.
fn read_int(t: &str, min: i128, max: i128, default: i128) -> (i128, Option<NoticeKind>) {
    match t.parse::<i128>() {
        Ok(v) if v < min => (min, Some(NoticeKind::Clamped)),
        Ok(v) if v > max => (max, Some(NoticeKind::Clamped)),
        Ok(v) => (v, None),
        // A huge or fractional number is still a number: clamp or round it.
        Err(_) => match parse_f64(t) {
            Some(f) if f.is_finite() => {
                let used = (f.round() as i128).clamp(min, max);
                let kind = if f < min as f64 || f > max as f64 {
                    NoticeKind::Clamped
                } else {
                    NoticeKind::Invalid
                };
                (used, Some(kind))
            }
            Some(f) if f == f64::INFINITY => (max, Some(NoticeKind::Clamped)),
            Some(f) if f == f64::NEG_INFINITY => (min, Some(NoticeKind::Clamped)),
            _ => (default, Some(NoticeKind::Invalid)),
        },
    }
}

/// Checks one float value (from a URL or a form field).
pub fn check_float(raw: &str, b: Bound<f64>) -> (f64, Option<Notice>) {
    let notice = |kind, used: f64| Notice {
        kind,
        param: b.name.to_string(),
        given: echo(raw),
        range: b.range_text(),
        used: used.to_string(),
    };
    match parse_f64(raw.trim()) {
        Some(v) if v.is_nan() => (b.default, Some(notice(NoticeKind::Invalid, b.default))),
        Some(v) if v < b.min => (b.min, Some(notice(NoticeKind::Clamped, b.min))),
        Some(v) if v > b.max => (b.max, Some(notice(NoticeKind::Clamped, b.max))),
        Some(v) => (v, None),
        None => (b.default, Some(notice(NoticeKind::Invalid, b.default))),
    }
}

#[cfg(test)]
#[path = "params_tests.rs"]
mod tests;
