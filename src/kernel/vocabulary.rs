//! The one way to declare a vocabulary whose words are modules: each word
//! is a type implementing the vocabulary's trait, in its own file, and the
//! registry lists them, one line each, in canonical order. `vocabulary!`
//! declares each word's module (`<id>.rs` next to the registry), writes the
//! handle enum (small, `Copy`, ordered as listed), its `ALL` array and
//! `def`, which hands out the word's type as a trait object.
//! Everything else about a word (its id, its texts, its behaviour) is asked
//! of `def`, so adding a word touches its file and the registry only.

/// Declares `pub enum $name` over the listed words (`Variant =>
/// module::Type`, the module a file next to the invoking one); `$def` is the trait
/// every word implements. A word may sit behind a `#[cfg(…)]` (e.g. a toy
/// that only a test enables); it must then come last, after every word
/// that is always there.
macro_rules! vocabulary {
    ($(#[$meta:meta])* $name:ident: dyn $def:path {
        $($(#[cfg($cfg:meta)])? $variant:ident => $module:ident :: $word:ident),+ $(,)?
    }) => {
        $($(#[cfg($cfg)])? pub mod $module;)+

        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($(#[cfg($cfg)])? $variant),+
        }

        impl $name {
            const LISTED: &'static [$name] = &[$($(#[cfg($cfg)])? $name::$variant),+];

            /// Every word, in canonical order.
            pub const ALL: [$name; $name::LISTED.len()] = {
                let mut all = [$name::LISTED[0]; $name::LISTED.len()];
                let mut i = 0;
                while i < all.len() {
                    all[i] = $name::LISTED[i];
                    i += 1;
                }
                all
            };

            /// The word's module.
            pub fn def(self) -> &'static dyn $def {
                match self {
                    $($(#[cfg($cfg)])? $name::$variant => &$module::$word),+
                }
            }
        }
    };
}

pub(crate) use vocabulary;
