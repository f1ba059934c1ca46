//! One shape of JSON, an object of strings (`{"key": "text", …}`), read
//! without serde_json: the text files (as `scripts/i18n-files.mjs` writes
//! them) and the lab's request bodies (the harness writes only strings) are
//! all the JSON most page families read, so their wasm ships no JSON parser
//! at all (17–20 KB gzipped each).

use std::borrow::Cow;

use super::json::Cursor;

/// Every key of `json` with its text, in the text's order (a repeated key:
/// the later text wins where they are collected into a map, as with
/// serde_json). A text without escapes is borrowed from `json`; a key must
/// have none. Anything else than one object of strings is an error that
/// says at which byte the text stops being one.
pub fn read(json: &str) -> Result<Vec<(&str, Cow<'_, str>)>, String> {
    let mut c = Cursor::new(json);
    let mut out = Vec::new();
    c.space();
    c.sequence(b'{', b'}', |c| {
        out.push(entry(c)?);
        Ok(())
    })?;
    c.space();
    match c.peek() {
        None => Ok(out),
        Some(_) => Err(c.error("the end of the text")),
    }
}

/// `"key": "text"`.
fn entry<'a>(c: &mut Cursor<'a>) -> Result<(&'a str, Cow<'a, str>), String> {
    let key = match c.string()? {
        Cow::Borrowed(key) => key,
        Cow::Owned(_) => return Err(c.error("a key without escapes")),
    };
    c.space();
    c.expect(b':')?;
    c.space();
    Ok((key, c.string()?))
}

/// The string field `name` of an object of strings (its last, as
/// serde_json keeps it), or `None` when it has none or is not one.
pub fn field<'a>(json: &'a str, name: &str) -> Option<Cow<'a, str>> {
    let entries = read(json).ok()?;
    entries
        .into_iter()
        .rev()
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

#[cfg(all(test, not(target_family = "wasm")))]
mod tests {
    use super::{field, read};
    use proptest::prelude::*;
    use std::borrow::Cow;
    use std::collections::HashMap;

    /// A text as the column read it before this reader: borrowed where
    /// it can be.
    #[derive(serde::Deserialize)]
    struct Text<'a>(#[serde(borrow)] Cow<'a, str>);

    /// What serde_json reads the same text as, with the column's old
    /// types (borrowed keys: a key with escapes is refused; None: refused).
    fn by_serde(json: &str) -> Option<HashMap<String, String>> {
        let map: HashMap<&str, Text> = serde_json::from_str(json).ok()?;
        Some(
            map.into_iter()
                .map(|(k, v)| (k.to_string(), v.0.into_owned()))
                .collect(),
        )
    }

    fn by_reader(json: &str) -> Option<HashMap<String, String>> {
        let entries = read(json).ok()?;
        Some(
            entries
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.into_owned()))
                .collect(),
        )
    }

    #[test]
    fn texts_without_escapes_are_borrowed_and_escapes_are_resolved() {
        let json = r#" { "a" : "一 b" , "c":"x\"y\\z\/\n\t\u00e9\ud83d\ude00" } "#;
        let got = read(json).unwrap();
        assert!(matches!(got[0].1, Cow::Borrowed("一 b")));
        assert_eq!(got[1].0, "c");
        assert_eq!(got[1].1, "x\"y\\z/\n\té😀");
        assert_eq!(read("{}").unwrap(), vec![]);
        let body = r#"{"details":"d","title":"old","title":"new \u00e9"}"#;
        assert_eq!(field(body, "title").as_deref(), Some("new é"));
        assert_eq!(field(body, "module"), None);
        assert_eq!(field(r#"{"title":"t","n":1}"#, "title"), None);
    }

    #[test]
    fn what_is_not_an_object_of_strings_is_refused_as_serde_json_refuses_it() {
        for bad in [
            "",
            "[]",
            "{\"a\": 1}",
            "{\"a\": \"b\",}",
            "{\"a\": \"b\"} x",
            "{\"a\" \"b\"}",
            "{\"a\": \"b\"",
            "{\"a\": \"b",
            "{\"a\": \"\\x\"}",
            "{\"a\": \"\\ud800\"}",
            "{\"a\": \"\\udc00\"}",
            "{\"a\": \"\\u12\"}",
            "{\"a\": \"line\nbreak\"}",
            "<!doctype html><p>not found",
        ] {
            assert_eq!(by_reader(bad), None, "{bad:?}");
            assert_eq!(by_serde(bad), None, "{bad:?}");
        }
        let err = read("{\"a\": 1}").unwrap_err();
        assert_eq!(err, "expected `\"` at byte 7");
    }

    /// The pieces of a text's value in the second property: plain text,
    /// every kind of escape, and escapes JSON does not allow.
    const PIECES: &[&str] = &[
        "x",
        "字",
        " ",
        "\\n",
        "\\\"",
        "\\/",
        "\\u00e9",
        "\\ud83d\\ude00",
        "\\ud800",
        "\\udc00",
        "\\u12",
        "\\x",
        "\u{1}",
        "\\",
        "\"",
    ];

    /// What the second property inserts into an object to break it (or not).
    const BREAKS: &[&str] = &[
        "{", "}", "\"", ":", ",", " ", "\n", "a", "\\", "[", "1", "\\u",
    ];

    /// An object of `entries` (a key, a value's pieces), spaced or not,
    /// with `insert` (a break, at a character's position) put in.
    fn object(
        entries: &[(&str, Vec<&str>)],
        spaced: bool,
        insert: Option<(&str, usize)>,
    ) -> String {
        let sp = if spaced { " " } else { "" };
        let body: Vec<String> = entries
            .iter()
            .map(|(k, v)| format!("{sp}\"{k}\"{sp}:{sp}\"{}\"", v.concat()))
            .collect();
        let mut text = format!("{sp}{{{}{sp}}}{sp}", body.join(","));
        if let Some((piece, at)) = insert {
            let at = text
                .char_indices()
                .map(|(i, _)| i)
                .nth(at % text.chars().count())
                .unwrap_or(0);
            text.insert_str(at, piece);
        }
        text
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// Any object of strings as the build writes it (serde_json's
        /// writer, like JSON.stringify, escapes quotes, backslashes and
        /// control characters) reads as serde_json reads it.
        #[test]
        fn reads_what_serde_json_reads(
            entries in proptest::collection::vec(("[a-z._]{1,12}", any::<String>()), 0..12),
            pretty in any::<bool>(),
        ) {
            let map: HashMap<String, String> = entries.into_iter().collect();
            let json = if pretty {
                serde_json::to_string_pretty(&map).unwrap()
            } else {
                serde_json::to_string(&map).unwrap()
            };
            prop_assert_eq!(by_reader(&json), Some(map));
        }

        /// Objects of every kind of escape, with one piece put in anywhere
        /// or not: the reader takes exactly what serde_json took, and reads
        /// it the same.
        #[test]
        fn takes_what_serde_json_takes(
            entries in proptest::collection::vec(
                (
                    proptest::sample::select(&["a", "k", "字", "a.b"][..]),
                    proptest::collection::vec(proptest::sample::select(PIECES), 0..4),
                ),
                0..4,
            ),
            spaced in any::<bool>(),
            insert in proptest::option::of((proptest::sample::select(BREAKS), any::<usize>())),
        ) {
            let text = object(&entries, spaced, insert);
            prop_assert_eq!(by_reader(&text), by_serde(&text), "{:?}", text);
        }
    }
}
