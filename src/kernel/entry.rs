//! One row of the translation table: a key and its texts. Below every demo,
//! so a module that brings its own texts (a lab mechanism) writes its rows
//! without reaching up to the table that indexes them (`crate::i18n`).

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: &'static str,
    #[cfg(feature = "chinese")]
    pub zh: &'static str,
    #[cfg(feature = "english")]
    pub en: &'static str,
}

/// Shorthand used by the table slices. Without the `english` (`chinese`)
/// feature the English (Chinese) text is dropped at compile time (a
/// constant's unused literal is not in the binary).
#[cfg_attr(
    not(all(feature = "english", feature = "chinese")),
    allow(unused_variables)
)]
pub(crate) const fn e(key: &'static str, zh: &'static str, en: &'static str) -> Entry {
    Entry {
        key,
        #[cfg(feature = "chinese")]
        zh,
        #[cfg(feature = "english")]
        en,
    }
}
