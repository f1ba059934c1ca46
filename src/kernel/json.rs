//! JSON without serde_json, for the page families that read and write
//! more than an object of strings: the exercises' stored progress (records,
//! the model's values, the suite's rows) and the xAPI statements they post,
//! and the herd's sweep messages. serde_json's reader and writer and the
//! serde code of these types were 25 KB of the exercises' 375 KB gzipped
//! wasm and 21 KB of the herd's 241 KB. A value here reads what serde_json's
//! `Value` reads and refuses what it refuses, and an object keeps its keys
//! in the order read or written (as serde_json's `preserve_order`: a stored
//! value is written back as it was read); tests hold it to serde_json on
//! drawn values and broken texts. Each type says in its own module how it
//! is written and read ([`ToJson`], [`FromJson`]).

use crate::kernel::decimal::parse_f64;
use std::borrow::Cow;
use std::fmt;

/// Arrays and objects nested deeper than this are refused, as serde_json
/// refuses them (its recursion limit takes 127 levels, not 128), so no
/// text can exhaust the stack.
pub const MAX_DEPTH: usize = 127;

/// A JSON value. A number keeps its text: it is written back as it was
/// read, and read as an integer or a float only when asked.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<Json>),
    Obj(Map),
}

/// An object's fields in their order (a repeated key keeps its first place
/// and its last value, as in serde_json). Objects here are small (a
/// student's records), so a key is looked up by scanning.
#[derive(Clone, Debug, Default)]
pub struct Map(Vec<(String, Json)>);

impl Map {
    pub fn new() -> Map {
        Map::default()
    }

    pub fn get(&self, key: &str) -> Option<&Json> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Sets `key`, in its place if it has one, else last; the value it
    /// had.
    pub fn insert(&mut self, key: String, v: Json) -> Option<Json> {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, old)) => Some(std::mem::replace(old, v)),
            None => {
                self.0.push((key, v));
                None
            }
        }
    }

    /// Sets `key` to `v`'s JSON.
    pub fn put(&mut self, key: &str, v: &impl ToJson) {
        self.insert(key.to_string(), v.to_json());
    }

    /// Sets `key` to `v`'s JSON unless `v` is its type's default (none,
    /// zero): a field serde's `skip_serializing_if` left out, which
    /// [`field_or_default`] reads back.
    pub fn put_unless_default<T: ToJson + Default + PartialEq>(&mut self, key: &str, v: &T) {
        if *v != T::default() {
            self.put(key, v);
        }
    }

    /// Takes `key` out; the others keep their order.
    pub fn remove(&mut self, key: &str) -> Option<Json> {
        let i = self.0.iter().position(|(k, _)| k == key)?;
        Some(self.0.remove(i).1)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (&String, &Json)> {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

/// Two objects are equal when they have the same keys with equal values,
/// in any order (as serde_json's maps compare).
impl PartialEq for Map {
    fn eq(&self, other: &Map) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl IntoIterator for Map {
    type Item = (String, Json);
    type IntoIter = std::vec::IntoIter<(String, Json)>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl FromIterator<(String, Json)> for Map {
    fn from_iter<I: IntoIterator<Item = (String, Json)>>(items: I) -> Map {
        let mut m = Map::new();
        for (k, v) in items {
            m.insert(k, v);
        }
        m
    }
}

impl Json {
    /// Reads one JSON text (spaces around it allowed, nothing else).
    pub fn parse(text: &str) -> Result<Json, String> {
        let mut c = Cursor::new(text);
        c.space();
        let v = c.value()?;
        c.space();
        match c.peek() {
            None => Ok(v),
            Some(_) => Err(c.error("the end of the text")),
        }
    }

    /// An object of `fields`.
    pub fn obj<const N: usize>(fields: [(&str, Json); N]) -> Json {
        Json::Obj(
            fields
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        )
    }

    /// Field `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(m) => m.get(key),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    /// A number written as an integer (no sign, fraction or exponent) that
    /// fits a `u64`, as serde_json reads one (`-0` is a float to it).
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Json::Num(t) if !t.contains(['-', '.', 'e', 'E']) => t.parse().ok(),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Num(t) => parse_f64(t),
            _ => None,
        }
    }
}

impl From<u64> for Json {
    fn from(n: u64) -> Json {
        Json::Num(n.to_string())
    }
}

/// A finite float in its shortest text that reads back the same (`27.0`,
/// `0.1`, `1e-7`); not a number and the infinities are `null`, as
/// serde_json writes them.
impl From<f64> for Json {
    fn from(x: f64) -> Json {
        if x.is_finite() {
            Json::Num(format!("{x:?}"))
        } else {
            Json::Null
        }
    }
}

impl From<&str> for Json {
    fn from(s: &str) -> Json {
        Json::Str(s.to_string())
    }
}

impl From<bool> for Json {
    fn from(b: bool) -> Json {
        Json::Bool(b)
    }
}

/// Compact, as serde_json's `to_string`: no spaces; in a string only `"`,
/// `\` and control characters are escaped.
impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        write_value(&mut out, self);
        f.write_str(&out)
    }
}

fn write_value(out: &mut String, v: &Json) {
    match v {
        Json::Null => out.push_str("null"),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Json::Num(t) => out.push_str(t),
        Json::Str(s) => write_string(out, s),
        Json::Arr(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(out, item);
            }
            out.push(']');
        }
        Json::Obj(m) => {
            out.push('{');
            for (i, (k, item)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(out, k);
                out.push(':');
                write_value(out, item);
            }
            out.push('}');
        }
    }
}

fn write_string(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                out.push_str("\\u00");
                out.push(HEX[(c as usize) >> 4] as char);
                out.push(HEX[(c as usize) & 0xf] as char);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// How a stored type is written.
pub trait ToJson {
    fn to_json(&self) -> Json;
}

/// How a stored type is read back: what its serde derive accepted (a
/// struct from an object, unknown fields ignored), or why not.
pub trait FromJson: Sized {
    fn from_json(v: &Json) -> Result<Self, String>;
}

/// Field `name` of object `v`, read as a `T`; a missing field is an error.
pub fn field<T: FromJson>(v: &Json, name: &str) -> Result<T, String> {
    read_field(v, name, || Err(format!("missing field `{name}`")))
}

/// Field `name` of object `v`, or `T`'s default when it is missing (what
/// `#[serde(default)]` and an `Option` field read as).
pub fn field_or_default<T: FromJson + Default>(v: &Json, name: &str) -> Result<T, String> {
    read_field(v, name, || Ok(T::default()))
}

/// Field `name` of object `v` read as a `T`, or what `missing` says.
fn read_field<T: FromJson>(
    v: &Json,
    name: &str,
    missing: impl FnOnce() -> Result<T, String>,
) -> Result<T, String> {
    match v {
        Json::Obj(m) => match m.get(name) {
            Some(x) => T::from_json(x).map_err(|e| format!("{name}: {e}")),
            None => missing(),
        },
        _ => Err("expected an object".into()),
    }
}

fn wrong(v: &Json, wanted: &str) -> String {
    let got = match v {
        Json::Null => "null",
        Json::Bool(_) => "a boolean",
        Json::Num(_) => "a number",
        Json::Str(_) => "a string",
        Json::Arr(_) => "an array",
        Json::Obj(_) => "an object",
    };
    format!("expected {wanted}, found {got}")
}

impl ToJson for bool {
    fn to_json(&self) -> Json {
        Json::Bool(*self)
    }
}

impl FromJson for bool {
    fn from_json(v: &Json) -> Result<bool, String> {
        match v {
            Json::Bool(b) => Ok(*b),
            _ => Err(wrong(v, "a boolean")),
        }
    }
}

/// Unsigned integers: written as integers; read only from an integer that
/// fits (`5.0` and `-1` are refused, as serde refuses them).
macro_rules! unsigned {
    ($($t:ty),+) => {$(
        impl ToJson for $t {
            fn to_json(&self) -> Json {
                Json::Num(self.to_string())
            }
        }

        impl FromJson for $t {
            fn from_json(v: &Json) -> Result<$t, String> {
                v.as_u64()
                    .and_then(|n| <$t>::try_from(n).ok())
                    .ok_or_else(|| wrong(v, concat!("an integer that fits ", stringify!($t))))
            }
        }
    )+};
}
unsigned!(u32, u64, usize);

impl ToJson for f64 {
    fn to_json(&self) -> Json {
        Json::from(*self)
    }
}

impl FromJson for f64 {
    fn from_json(v: &Json) -> Result<f64, String> {
        v.as_f64().ok_or_else(|| wrong(v, "a number"))
    }
}

impl ToJson for String {
    fn to_json(&self) -> Json {
        Json::Str(self.clone())
    }
}

impl FromJson for String {
    fn from_json(v: &Json) -> Result<String, String> {
        v.as_str()
            .map(str::to_string)
            .ok_or_else(|| wrong(v, "a string"))
    }
}

impl<T: ToJson> ToJson for [T] {
    fn to_json(&self) -> Json {
        Json::Arr(self.iter().map(T::to_json).collect())
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn to_json(&self) -> Json {
        self.as_slice().to_json()
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    fn from_json(v: &Json) -> Result<Vec<T>, String> {
        match v {
            Json::Arr(items) => items.iter().map(T::from_json).collect(),
            _ => Err(wrong(v, "an array")),
        }
    }
}

/// `None` is `null`.
impl<T: ToJson> ToJson for Option<T> {
    fn to_json(&self) -> Json {
        self.as_ref().map_or(Json::Null, T::to_json)
    }
}

impl<T: FromJson> FromJson for Option<T> {
    fn from_json(v: &Json) -> Result<Option<T>, String> {
        match v {
            Json::Null => Ok(None),
            _ => T::from_json(v).map(Some),
        }
    }
}

/// A pair is an array of two, as serde writes a tuple.
impl<A: ToJson, B: ToJson> ToJson for (A, B) {
    fn to_json(&self) -> Json {
        Json::Arr(vec![self.0.to_json(), self.1.to_json()])
    }
}

impl<A: FromJson, B: FromJson> FromJson for (A, B) {
    fn from_json(v: &Json) -> Result<(A, B), String> {
        match v {
            Json::Arr(items) if items.len() == 2 => {
                Ok((A::from_json(&items[0])?, B::from_json(&items[1])?))
            }
            _ => Err(wrong(v, "an array of two")),
        }
    }
}

/// Gives a struct whose every field is written, in the order listed, and
/// required when read (what serde's derive does without attributes) its
/// [`ToJson`] and [`FromJson`]: `json_struct!(Spread { mean, sd })`.
macro_rules! json_struct {
    ($t:ident { $($f:ident),+ $(,)? }) => {
        impl $crate::kernel::json::ToJson for $t {
            fn to_json(&self) -> $crate::kernel::json::Json {
                $crate::kernel::json::Json::obj([
                    $((stringify!($f), $crate::kernel::json::ToJson::to_json(&self.$f))),+
                ])
            }
        }

        impl $crate::kernel::json::FromJson for $t {
            fn from_json(v: &$crate::kernel::json::Json) -> Result<Self, String> {
                Ok($t {
                    $($f: $crate::kernel::json::field(v, stringify!($f))?),+
                })
            }
        }
    };
}
pub(crate) use json_struct;

/// Gives a type written as a string of its own (`Into<String>`, read back
/// by `TryFrom<String>`, as serde's `into`/`try_from`: a design's ids, a
/// harness's value) its [`ToJson`] and [`FromJson`].
macro_rules! json_as_string {
    ($t:ty) => {
        impl $crate::kernel::json::ToJson for $t {
            fn to_json(&self) -> $crate::kernel::json::Json {
                $crate::kernel::json::Json::Str(String::from(*self))
            }
        }

        impl $crate::kernel::json::FromJson for $t {
            fn from_json(v: &$crate::kernel::json::Json) -> Result<Self, String> {
                <$t>::try_from(<String as $crate::kernel::json::FromJson>::from_json(v)?)
            }
        }
    };
}
pub(crate) use json_as_string;

/// The variant of an `id_enum!` named by the string `v` (its Rust name, as
/// serde's derive writes it).
pub fn variant_by_name<T: Copy>(v: &Json, names: &[&str], all: &[T]) -> Result<T, String> {
    let name = v.as_str().ok_or_else(|| wrong(v, "a variant's name"))?;
    names
        .iter()
        .position(|n| *n == name)
        .map(|i| all[i])
        .ok_or_else(|| format!("unknown variant `{name}`"))
}

/// A position in the text being read.
pub(super) struct Cursor<'a> {
    s: &'a str,
    at: usize,
    /// Arrays and objects open around the position.
    depth: usize,
}

impl<'a> Cursor<'a> {
    pub(super) fn new(s: &'a str) -> Self {
        Cursor { s, at: 0, depth: 0 }
    }

    pub(super) fn peek(&self) -> Option<u8> {
        self.s.as_bytes().get(self.at).copied()
    }

    pub(super) fn next(&mut self) -> Option<u8> {
        let b = self.peek();
        self.at += usize::from(b.is_some());
        b
    }

    /// JSON's whitespace: space, tab, line feed, carriage return.
    pub(super) fn space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    pub(super) fn error(&self, wanted: &str) -> String {
        format!("expected {wanted} at byte {}", self.at)
    }

    pub(super) fn expect(&mut self, b: u8) -> Result<(), String> {
        match self.next() {
            Some(got) if got == b => Ok(()),
            _ => Err(self.error(&format!("`{}`", b as char))),
        }
    }

    /// One value, at any depth up to [`MAX_DEPTH`].
    fn value(&mut self) -> Result<Json, String> {
        match self.peek() {
            Some(b'"') => Ok(Json::Str(self.string()?.into_owned())),
            Some(b'[') => self.nested(Self::array),
            Some(b'{') => self.nested(Self::object),
            Some(b't') => self.word("true", Json::Bool(true)),
            Some(b'f') => self.word("false", Json::Bool(false)),
            Some(b'n') => self.word("null", Json::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(self.error("a value")),
        }
    }

    fn nested(&mut self, read: fn(&mut Self) -> Result<Json, String>) -> Result<Json, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error("less nesting"));
        }
        let v = read(self);
        self.depth -= 1;
        v
    }

    fn word(&mut self, word: &str, v: Json) -> Result<Json, String> {
        if self.s[self.at..].starts_with(word) {
            self.at += word.len();
            Ok(v)
        } else {
            Err(self.error(word))
        }
    }

    /// `[v, …]`.
    fn array(&mut self) -> Result<Json, String> {
        let mut items = Vec::new();
        self.sequence(b'[', b']', |c| {
            items.push(c.value()?);
            Ok(())
        })?;
        Ok(Json::Arr(items))
    }

    /// `{"k": v, …}`.
    fn object(&mut self) -> Result<Json, String> {
        let mut map = Map::new();
        self.sequence(b'{', b'}', |c| {
            let key = c.string()?.into_owned();
            c.space();
            c.expect(b':')?;
            c.space();
            map.insert(key, c.value()?);
            Ok(())
        })?;
        Ok(Json::Obj(map))
    }

    /// `open item, item, … close` (or `open close`), spaces allowed around
    /// every part: the one loop of arrays, objects and objects of strings.
    pub(super) fn sequence(
        &mut self,
        open: u8,
        close: u8,
        mut item: impl FnMut(&mut Self) -> Result<(), String>,
    ) -> Result<(), String> {
        self.expect(open)?;
        self.space();
        if self.peek() == Some(close) {
            self.at += 1;
            return Ok(());
        }
        loop {
            self.space();
            item(self)?;
            self.space();
            match self.next() {
                Some(b',') => {}
                Some(b) if b == close => return Ok(()),
                _ => return Err(self.error(&format!("`,` or `{}`", close as char))),
            }
        }
    }

    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, kept as its text; a
    /// number too large for a float is refused, as serde_json refuses it.
    fn number(&mut self) -> Result<Json, String> {
        let start = self.at;
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        match self.peek() {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(self.error("a digit")),
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            self.some_digits()?;
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            self.some_digits()?;
        }
        let text = &self.s[start..self.at];
        match parse_f64(text) {
            Some(x) if x.is_finite() => Ok(Json::Num(text.to_string())),
            _ => Err(self.error("a number a float can hold")),
        }
    }

    fn digits(&mut self) {
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.at += 1;
        }
    }

    fn some_digits(&mut self) -> Result<(), String> {
        match self.peek() {
            Some(b'0'..=b'9') => {
                self.digits();
                Ok(())
            }
            _ => Err(self.error("a digit")),
        }
    }

    /// A string: borrowed up to its first escape, then copied.
    pub(super) fn string(&mut self) -> Result<Cow<'a, str>, String> {
        self.expect(b'"')?;
        let start = self.at;
        self.plain_run()?;
        if self.next() == Some(b'"') {
            return Ok(Cow::Borrowed(&self.s[start..self.at - 1]));
        }
        self.at -= 1;
        let mut out = String::from(&self.s[start..self.at]);
        loop {
            match self.next() {
                Some(b'"') => return Ok(Cow::Owned(out)),
                Some(b'\\') => out.push(self.escape()?),
                _ => return Err(self.error("a closing `\"`")),
            }
            let run = self.at;
            self.plain_run()?;
            out.push_str(&self.s[run..self.at]);
        }
    }

    /// Skips to the next `"` or `\` (both ASCII, so the run ends on a
    /// character's boundary); a control character is not allowed in a
    /// string.
    fn plain_run(&mut self) -> Result<(), String> {
        while let Some(b) = self.peek() {
            match b {
                b'"' | b'\\' => return Ok(()),
                0..=0x1f => return Err(self.error("no control character in a string")),
                _ => self.at += 1,
            }
        }
        Err(self.error("a closing `\"`"))
    }

    /// The character after a `\`.
    fn escape(&mut self) -> Result<char, String> {
        Ok(match self.next() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => return self.unicode(),
            _ => return Err(self.error("an escape")),
        })
    }

    /// `\uXXXX`, a surrogate pair as two of them; a lone surrogate is an
    /// error (as in serde_json).
    fn unicode(&mut self) -> Result<char, String> {
        let first = self.hex4()?;
        let code = match first {
            0xd800..=0xdbff => {
                if self.next() != Some(b'\\') || self.next() != Some(b'u') {
                    return Err(self.error("the second half of a surrogate pair"));
                }
                match self.hex4()? {
                    low @ 0xdc00..=0xdfff => 0x10000 + ((first - 0xd800) << 10) + (low - 0xdc00),
                    _ => return Err(self.error("the second half of a surrogate pair")),
                }
            }
            _ => first,
        };
        char::from_u32(code).ok_or_else(|| self.error("a character, not a lone surrogate"))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self.s.get(self.at..self.at + 4);
        let code = digits
            .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|d| u32::from_str_radix(d, 16).ok())
            .ok_or_else(|| self.error("four hex digits"))?;
        self.at += 4;
        Ok(code)
    }
}

#[cfg(all(test, not(target_family = "wasm")))]
mod tests {
    use super::{Json, MAX_DEPTH};
    use proptest::prelude::*;
    use serde_json::Value;

    /// What serde_json reads `text` as, and what this reader reads it as
    /// (written out and read by serde_json), or `None` where refused.
    fn both(text: &str) -> (Option<Value>, Option<Value>) {
        let theirs = serde_json::from_str::<Value>(text).ok();
        let ours = Json::parse(text)
            .ok()
            .map(|j| serde_json::from_str::<Value>(&j.to_string()).expect("writes JSON"));
        (ours, theirs)
    }

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            any::<String>().prop_map(Value::from),
        ];
        leaf.prop_recursive(4, 48, 6, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
                proptest::collection::vec((any::<String>(), inner), 0..6)
                    .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            ]
        })
    }

    /// Pieces of JSON text, whole and broken, for the refusal property.
    const PIECES: &[&str] = &[
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "\"a\"",
        "\"\\u00e9\"",
        "\"\\ud800\"",
        "1",
        "-",
        "0",
        "01",
        "1.",
        ".5",
        "1e",
        "1e5",
        "-0",
        "2.5E-3",
        "1e400",
        "true",
        "tru",
        "null",
        "nul",
        "false",
        " ",
        "\n",
        "\"",
        "\\",
        "x",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// Whatever serde_json writes reads back and is written again byte
        /// for byte (keys in their order, numbers as they were, strings
        /// escaped as serde_json escapes them).
        #[test]
        fn writes_back_what_serde_json_wrote(v in value()) {
            let text = serde_json::to_string(&v).unwrap();
            let j = Json::parse(&text).unwrap();
            prop_assert_eq!(j.to_string(), text);
        }

        /// Texts glued from pieces: taken exactly where serde_json takes
        /// them, and read as the same value.
        #[test]
        fn takes_what_serde_json_takes(pieces in proptest::collection::vec(proptest::sample::select(PIECES), 1..8)) {
            let text = pieces.concat();
            let (ours, theirs) = both(&text);
            prop_assert_eq!(ours, theirs, "{:?}", text);
        }

        /// A float is written so that it reads back bit for bit, and as a
        /// float (serde_json writes `27.0`, never `27`); not a number and
        /// the infinities as `null`.
        #[test]
        fn a_float_reads_back_as_itself(x in any::<f64>()) {
            let text = Json::from(x).to_string();
            if x.is_finite() {
                let back: Value = serde_json::from_str(&text).unwrap();
                prop_assert!(back.is_f64(), "{}", text);
                prop_assert_eq!(back.as_f64().unwrap().to_bits(), x.to_bits());
            } else {
                prop_assert_eq!(text, "null");
            }
        }
    }

    #[test]
    fn numbers_read_as_serde_json_reads_them() {
        for text in [
            "0",
            "-0",
            "7",
            "01",
            "-",
            "1.",
            ".5",
            "1e",
            "1e+",
            "1E5",
            "2.5e-3",
            "1e400",
            "-1e400",
            "1e-400",
            "123456789012345678901234567890",
            "18446744073709551615",
            "18446744073709551616",
            "-1",
            "5.0",
            " 3 ",
            "3 x",
        ] {
            let (ours, theirs) = both(text);
            assert_eq!(ours, theirs, "{text}");
            let ours_u64 = Json::parse(text).ok().and_then(|j| j.as_u64());
            let theirs_u64 = serde_json::from_str::<Value>(text)
                .ok()
                .and_then(|v| v.as_u64());
            assert_eq!(ours_u64, theirs_u64, "{text}");
        }
    }

    #[test]
    fn nesting_is_refused_beyond_serde_json_s_limit() {
        for depth in [MAX_DEPTH, MAX_DEPTH + 1] {
            let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
            let (ours, theirs) = both(&text);
            assert_eq!(ours.is_some(), theirs.is_some(), "{depth}");
            assert_eq!(ours.is_some(), depth <= MAX_DEPTH);
        }
    }

    #[test]
    fn a_repeated_key_keeps_its_place_and_its_last_value() {
        let j = Json::parse(r#"{"b":1,"a":2,"b":3}"#).unwrap();
        assert_eq!(j.to_string(), r#"{"b":3,"a":2}"#);
        assert_eq!(
            both(r#"{"b":1,"a":2,"b":3}"#).1.unwrap().to_string(),
            j.to_string()
        );
    }
}
