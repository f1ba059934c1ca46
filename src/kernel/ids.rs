//! The one way to declare an enum whose values have URL ids (`Strategy`,
//! `View`, `Scenario`, `ClientStrategy`, `Preset`, …): `id_enum!` writes
//! the enum, its `ALL` array (display order), `id`, `from_id` and `ids`.

/// Declares `pub enum $name` with URL ids; extra derives (e.g. `Serialize`)
/// and docs go in the attributes before the name.
macro_rules! id_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident => $id:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            /// Every value, in the order pickers, tables and charts show them.
            pub const ALL: [Self; [$(stringify!($variant)),+].len()] = [$(Self::$variant),+];

            /// The URL id, e.g. `response_lost` (const: fixed lists of ids
            /// are built from the values).
            pub const fn id(self) -> &'static str {
                match self {
                    $(Self::$variant => $id),+
                }
            }

            /// Parses a URL id (exact); `None` for anything else.
            pub fn from_id(id: &str) -> Option<Self> {
                Self::ALL.into_iter().find(|v| v.id() == id)
            }

            /// Every id, for notices that list the allowed values.
            pub fn ids() -> Vec<&'static str> {
                Self::ALL.iter().map(|v| v.id()).collect()
            }
        }

        impl $crate::kernel::ids::UrlId for $name {
            fn id(self) -> &'static str {
                $name::id(self)
            }

            fn from_id(id: &str) -> Option<Self> {
                $name::from_id(id)
            }

            fn ids() -> Vec<&'static str> {
                $name::ids()
            }
        }
    };
}

/// What `id_enum!` gives every enum, for code generic over them (reading
/// one from a query: [`crate::kernel::params::Reader::pick`]).
pub(crate) trait UrlId: Copy + Sized {
    /// The URL id.
    fn id(self) -> &'static str;
    /// Parses a URL id (exact).
    fn from_id(id: &str) -> Option<Self>;
    /// Every id, in display order.
    fn ids() -> Vec<&'static str>;
}

pub(crate) use id_enum;

/// Checks an id table's ids: each parses back to a value with that id
/// (exactly: not in another case, not empty), and no two values share one
/// (`from_id` would find only the first). For every `id_enum!`'s tests.
#[cfg(test)]
pub(crate) fn assert_ids_round_trip<T: UrlId>() {
    let ids = T::ids();
    for id in &ids {
        assert_eq!(T::from_id(id).map(T::id), Some(*id));
        let upper = id.to_uppercase();
        assert!(upper == *id || T::from_id(&upper).is_none(), "{upper}");
    }
    let unique: std::collections::BTreeSet<_> = ids.iter().collect();
    assert_eq!(unique.len(), ids.len(), "an id used twice: {ids:?}");
    assert!(T::from_id("").is_none());
}

#[cfg(test)]
mod tests {
    use super::assert_ids_round_trip;

    id_enum! {
        /// A test enum.
        Sample { A => "a", Bee => "bee" }
    }

    #[test]
    fn ids_round_trip_in_order() {
        assert_eq!(Sample::ALL, [Sample::A, Sample::Bee]);
        assert_eq!(Sample::ids(), vec!["a", "bee"]);
        assert_ids_round_trip::<Sample>();
        assert_eq!(Sample::from_id("B"), None);
    }
}
