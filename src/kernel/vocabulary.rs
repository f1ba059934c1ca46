//! The one way to declare a vocabulary whose words are modules: each word
//! is an item of its own file (a `const` of the vocabulary's struct, or a
//! type implementing its trait), and the registry lists them, one line
//! each, in canonical order. `vocabulary!` declares each word's module
//! (`<id>.rs` next to the registry), writes the handle enum (small, `Copy`,
//! ordered as listed), its `ALL` array and `def`, which hands out the
//! word's item (as a trait object, when `$def` is `dyn Trait`).
//! Everything else about a word (its id, its texts, its behaviour) is asked
//! of `def`, so adding a word touches its file and the registry only.

/// Declares `pub enum $name` over the listed words (`Variant =>
/// module::ITEM`, the module a file next to the invoking one); `$def` is the
/// type every word's item has (a struct, or `dyn Trait`). A word may sit behind a `#[cfg(…)]` (e.g. a toy
/// that only a test enables); it must then come last, after every word
/// that is always there.
macro_rules! vocabulary {
    ($(#[$meta:meta])* $name:ident: $def:ty {
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
            pub fn def(self) -> &'static $def {
                match self {
                    $($(#[cfg($cfg)])? $name::$variant => &$module::$word),+
                }
            }
        }
    };
}

pub(crate) use vocabulary;
