//! The one way to declare an enum whose values have URL ids (`Strategy`,
//! `View`, `Scenario`, `ClientStrategy`, `Preset`, …): `id_enum!` writes
//! the enum, its `ALL` array (display order), `id`, `from_id` and `ids`
//! (and, `serde_by_name;`, its reading and writing by name).

/// Declares `pub enum $name` with URL ids; extra derives (e.g. `Serialize`)
/// and docs go in the attributes before the name, and `serde_by_name;`
/// before those gives it the `Deserialize` that matches a derived
/// `Serialize`.
macro_rules! id_enum {
    // `serde_by_name;` first: also `Deserialize`, reading what
    // `#[derive(Serialize)]` writes (the variant's name as a string) with
    // one small reader shared by every such enum, instead of the derive's
    // visitors for names, bytes, indexes and maps in each.
    (serde_by_name; $(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident => $id:literal),+ $(,)? }) => {
        $crate::kernel::ids::id_enum! { $(#[$meta])* $name { $($(#[$vmeta])* $variant => $id),+ } }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                const NAMES: &[&str] = &[$(stringify!($variant)),+];
                $crate::kernel::ids::variant_by_name(d, NAMES).map(|i| Self::ALL[i])
            }
        }

        /// The variant's name, as the derived `Serialize` writes it.
        impl $crate::kernel::json::ToJson for $name {
            fn to_json(&self) -> $crate::kernel::json::Json {
                const NAMES: &[&str] = &[$(stringify!($variant)),+];
                let i = Self::ALL.iter().position(|v| v == self).unwrap_or(0);
                $crate::kernel::json::Json::from(NAMES[i])
            }
        }

        impl $crate::kernel::json::FromJson for $name {
            fn from_json(v: &$crate::kernel::json::Json) -> Result<Self, String> {
                const NAMES: &[&str] = &[$(stringify!($variant)),+];
                $crate::kernel::json::variant_by_name(v, NAMES, &Self::ALL)
            }
        }
    };
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

/// The position of the variant named by the string `d` holds in `names`
/// (an `id_enum!`'s variants, in order); any other value is refused.
pub fn variant_by_name<'de, D: serde::Deserializer<'de>>(
    d: D,
    names: &'static [&'static str],
) -> Result<usize, D::Error> {
    struct Name(&'static [&'static str]);

    impl serde::de::Visitor<'_> for Name {
        type Value = usize;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a variant's name")
        }

        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<usize, E> {
            self.0
                .iter()
                .position(|name| *name == v)
                .ok_or_else(|| E::unknown_variant(v, self.0))
        }
    }
    d.deserialize_str(Name(names))
}

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

    id_enum! {
        serde_by_name;
        /// A test enum read by name, as the derive writes it.
        #[derive(serde::Serialize)]
        Named { First => "first", SecondOne => "second_one" }
    }

    /// What a derived `Deserialize` read from what the derived `Serialize`
    /// wrote (stored progress, the engine's JSON requests), the by-name
    /// reader reads too, from text and from a parsed value; anything else
    /// is refused, naming the variants.
    #[test]
    fn serde_by_name_reads_what_the_derive_writes() {
        for v in Named::ALL {
            let json = serde_json::to_string(&v).unwrap();
            assert_eq!(serde_json::from_str::<Named>(&json).unwrap(), v);
            let value = serde_json::to_value(v).unwrap();
            assert_eq!(serde_json::from_value::<Named>(value).unwrap(), v);
        }
        assert_eq!(
            serde_json::to_string(&Named::SecondOne).unwrap(),
            "\"SecondOne\""
        );
        assert_eq!(
            serde_json::from_str::<Vec<Named>>(r#"["SecondOne","First"]"#).unwrap(),
            [Named::SecondOne, Named::First]
        );
        for bad in [
            r#""second_one""#,
            r#""Third""#,
            "1",
            "null",
            r#"{"First":null}"#,
        ] {
            let err = serde_json::from_str::<Named>(bad).unwrap_err().to_string();
            assert!(!err.is_empty(), "{bad}");
        }
        let err = serde_json::from_str::<Named>(r#""Third""#)
            .unwrap_err()
            .to_string();
        assert!(err.contains("First") && err.contains("SecondOne"), "{err}");
    }

    #[test]
    fn ids_round_trip_in_order() {
        assert_eq!(Sample::ALL, [Sample::A, Sample::Bee]);
        assert_eq!(Sample::ids(), vec!["a", "bee"]);
        assert_ids_round_trip::<Sample>();
        assert_eq!(Sample::from_id("B"), None);
    }
}
