//! How a notice names a page's field: its label (the page's parameter
//! table gives the key) with the URL name, or the URL name alone. The
//! shell's own parameters (`lang`, `embed`) have the same label on every
//! page.

use super::{t, tf, Lang};

/// The translation key of the field label of the shell's parameter
/// `param`, on every page.
pub fn shell_key(param: &str) -> Option<&'static str> {
    match param {
        "lang" => Some("common.field.lang"),
        "embed" => Some("common.field.embed"),
        _ => None,
    }
}

/// How a notice names parameter `param` whose field's label key is
/// `label`: the label with the URL name, or the URL name alone when the
/// parameter has no field.
pub fn field_words(lang: Lang, label: Option<&str>, param: &str) -> String {
    match label {
        Some(key) => tf(
            lang,
            "common.notice.field",
            &[("label", t(lang, key)), ("param", param.to_string())],
        ),
        None => tf(lang, "common.notice.param", &[("param", param.to_string())]),
    }
}
