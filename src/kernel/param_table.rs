//! A page's URL parameters as one table: one [`Param`] row per parameter,
//! giving its name, its form field, its label, its bound and how it is read
//! from and written to the query. The names the page knows
//! ([`names`]), its reader ([`read_rows`]), its writer ([`write_rows`]),
//! its numeric limits ([`limits`]) and the labels a notice names
//! ([`label`]) all come from the table, so a new parameter is one row.
//! A row of a common kind (a bounded number, an id, a set of ids) is built
//! by `param!` from that kind, so the row says only what is its own.
//!
//! The rules that tie several parameters together (a default that follows
//! the view or the preset, a limit applied after reading) are not rows:
//! the page's reader applies them, before the rows (the context `C` the
//! rows read with) or after them.

use crate::kernel::page_params::Limit;
use crate::kernel::params::{Bound, Notice, Query, Reader};

/// How the student edits a parameter on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// A whole number typed in; the row's [`Param::limit`] bounds it.
    Int,
    /// A decimal number typed in; the row's [`Param::limit`] bounds it.
    Float,
    /// A comma-separated list of numbers (`layers=4,3`).
    Numbers,
    /// One id of a fixed set: a select, tabs or buttons.
    Choice,
    /// A subset of a fixed set: check boxes.
    Set,
    /// A code or a list of ids typed or built by the page.
    Text,
}

/// How a row reads its parameter: from the reader and the context `C` the
/// page read first (its view, preset or limits), into the parameters `P`.
pub type ReadFn<P, C> = fn(&mut Reader, &C, &mut P);

/// One URL parameter of a page.
pub struct Param<P: 'static, C: 'static> {
    /// The URL name, e.g. `clients`.
    pub name: &'static str,
    /// The translation key of its form field's label.
    pub label: &'static str,
    /// The form field that edits it.
    pub field: Field,
    /// Its range and default, for a number (the README's table and the
    /// property tests read them through `PageParams::limits`).
    pub limit: Option<Limit>,
    /// Reads it; `None` when the page's reader reads it before the rows,
    /// because other rows' defaults follow it (a view, a preset).
    pub read: Option<ReadFn<P, C>>,
    /// Its value as the URL writes it (and the form shows it).
    pub value: fn(&P) -> String,
    /// Whether the URL holds it for these parameters (a view's own
    /// settings are written on that view only).
    pub written: fn(&P) -> bool,
}

/// A row's [`Param::written`] for a parameter every state writes.
pub fn always<P>(_: &P) -> bool {
    true
}

impl Limit {
    /// An integer bound as a limit (every page integer is exact in `f64`).
    pub const fn int(b: Bound<i64>) -> Limit {
        Limit {
            name: b.name,
            min: b.min as f64,
            max: b.max as f64,
            default: b.default as f64,
        }
    }

    /// A float bound as a limit.
    pub const fn float(b: Bound<f64>) -> Limit {
        Limit {
            name: b.name,
            min: b.min,
            max: b.max,
            default: b.default,
        }
    }
}

impl Limit {
    /// The limit as an integer bound (for a [`Field::Int`] row).
    pub const fn as_int(self) -> Bound<i64> {
        Bound {
            name: self.name,
            min: self.min as i64,
            max: self.max as i64,
            default: self.default as i64,
        }
    }

    /// The limit as a float bound (for a [`Field::Float`] row).
    pub const fn as_float(self) -> Bound<f64> {
        Bound {
            name: self.name,
            min: self.min,
            max: self.max,
            default: self.default,
        }
    }
}

/// The table's names in its order: the page's known parameters.
pub const fn names<P, C, const N: usize>(rows: &[Param<P, C>; N]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = rows[i].name;
        i += 1;
    }
    out
}

/// Reads every row that reads itself, in the table's order (the notices
/// follow it), then reports every key the table does not name.
pub fn read_rows<P, C>(rows: &[Param<P, C>], r: &mut Reader, ctx: &C, p: &mut P) {
    for read in rows.iter().filter_map(|row| row.read) {
        read(r, ctx, p);
    }
    let known: Vec<&str> = rows.iter().map(|row| row.name).collect();
    r.reject_unknown(&known);
}

/// A page's parameters read by its rows alone, from its `Default`, with
/// the context `ctx`, and the notices they earned: the whole reader of a
/// page whose rows need nothing read before them.
pub fn read_table<P: Default, C>(rows: &[Param<P, C>], q: &Query, ctx: &C) -> (P, Vec<Notice>) {
    let mut r = Reader::new(q);
    let mut p = P::default();
    read_rows(rows, &mut r, ctx, &mut p);
    (p, r.notices)
}

/// The query of every row `p` writes, in the table's order.
pub fn write_rows<P, C>(rows: &[Param<P, C>], p: &P) -> Query {
    let mut q = Query::new();
    for row in rows.iter().filter(|row| (row.written)(p)) {
        q.set(row.name, (row.value)(p));
    }
    q
}

/// The numeric rows' ranges and defaults.
pub fn limits<P, C>(rows: &[Param<P, C>]) -> Vec<Limit> {
    rows.iter().filter_map(|row| row.limit).collect()
}

/// The label key of the row named `name`.
pub fn label<P, C>(rows: &[Param<P, C>], name: &str) -> Option<&'static str> {
    rows.iter()
        .find(|row| row.name == name)
        .map(|row| row.label)
}

/// The row named `name`.
pub fn row<'a, P, C>(rows: &'a [Param<P, C>], name: &str) -> Option<&'a Param<P, C>> {
    rows.iter().find(|row| row.name == name)
}

/// Checks what a table's rows promise each other: unique names, a limit
/// under its row's name, a limit on every number field and on no other
/// (a list of numbers bounds each entry), whole-number limits on an
/// integer field.
#[cfg(test)]
pub(crate) fn assert_rows_hold<P, C>(rows: &[Param<P, C>]) {
    for (i, row) in rows.iter().enumerate() {
        assert!(
            rows[..i].iter().all(|r| r.name != row.name),
            "{} twice",
            row.name
        );
        let numeric = matches!(row.field, Field::Int | Field::Float | Field::Numbers);
        assert_eq!(
            row.limit.is_some(),
            numeric,
            "{}: {:?}",
            row.name,
            row.field
        );
        if let Some(l) = row.limit {
            assert_eq!(l.name, row.name);
            if row.field == Field::Int {
                assert!(
                    [l.min, l.max, l.default].iter().all(|v| v.fract() == 0.0),
                    "{l:?}"
                );
            }
        }
    }
}

/// One row of a parameter table, its codec built from its kind, so that a
/// page's table is one short row a parameter and no row spells out how a
/// number or an id is read and written:
///
/// - `param!(int LABEL, BOUND, field)`: a whole number within `BOUND` (the
///   row is named by it), cast to the field's type, written in digits;
/// - `param!(float LABEL, BOUND, field)`: a decimal within `BOUND`, written
///   by the one URL number writer;
/// - `param!(pick NAME, LABEL, field)`: one id of an `id_enum!` enum;
/// - `param!(set NAME, LABEL, field)`: a subset of an `id_enum!` enum's
///   ids, comma-separated, in the enum's order.
///
/// A choice's default is the field's value before the rows read (the
/// page's `Default`, or what its reader set first), so each default is
/// declared once. Every row is written always; a row the URL holds on some
/// states only replaces `written` (`Param { written: …, ..param!(…) }`).
macro_rules! param {
    (int $label:literal, $bound:expr, $($f:ident).+) => {
        $crate::kernel::param_table::Param {
            field: $crate::kernel::param_table::Field::Int,
            limit: Some($crate::kernel::page_params::Limit::int($bound)),
            read: Some(|r, _, p| p.$($f).+ = r.int($bound) as _),
            value: |p| p.$($f).+.to_string(),
            ..$crate::kernel::param_table::param!(@row $bound.name, $label)
        }
    };
    (float $label:literal, $bound:expr, $($f:ident).+) => {
        $crate::kernel::param_table::Param {
            field: $crate::kernel::param_table::Field::Float,
            limit: Some($crate::kernel::page_params::Limit::float($bound)),
            read: Some(|r, _, p| p.$($f).+ = r.float($bound)),
            value: |p| $crate::kernel::params::url_num(p.$($f).+),
            ..$crate::kernel::param_table::param!(@row $bound.name, $label)
        }
    };
    (pick $name:literal, $label:literal, $($f:ident).+) => {
        $crate::kernel::param_table::Param {
            field: $crate::kernel::param_table::Field::Choice,
            read: Some(|r, _, p| p.$($f).+ = r.pick($name, p.$($f).+)),
            value: |p| p.$($f).+.id().into(),
            ..$crate::kernel::param_table::param!(@row $name, $label)
        }
    };
    (set $name:literal, $label:literal, $($f:ident).+) => {
        $crate::kernel::param_table::Param {
            field: $crate::kernel::param_table::Field::Set,
            read: Some(|r, _, p| p.$($f).+ = r.pick_set($name, &p.$($f).+)),
            value: |p| {
                let ids: Vec<&str> = p.$($f).+.iter().map(|v| v.id()).collect();
                ids.join(",")
            },
            ..$crate::kernel::param_table::param!(@row $name, $label)
        }
    };
    // What every kind shares: the name and label, no limit, no reader of
    // its own (each kind sets one), written always.
    (@row $name:expr, $label:literal) => {
        $crate::kernel::param_table::Param {
            name: $name,
            label: $label,
            field: $crate::kernel::param_table::Field::Text,
            limit: None,
            read: None,
            value: |_| String::new(),
            written: $crate::kernel::param_table::always,
        }
    };
}
pub(crate) use param;

/// Declares a page's [`PageParams`](crate::kernel::page_params::PageParams) from its parameter table `$rows`
/// (this module): its known names, labels and limits are the
/// rows', its reader is the page's `from_query` and its writer `$write`.
macro_rules! page_params {
    ($params:ty, $rows:expr, $write:ident) => {
        impl $crate::kernel::page_params::PageParams for $params {
            const KNOWN: &'static [&'static str] = &$crate::kernel::param_table::names(&$rows);

            fn label(param: &str) -> Option<&'static str> {
                $crate::kernel::param_table::label(&$rows, param)
            }

            fn limits() -> Vec<$crate::kernel::page_params::Limit> {
                $crate::kernel::param_table::limits(&$rows)
            }

            fn from_query(
                q: &$crate::kernel::params::Query,
            ) -> (Self, Vec<$crate::kernel::params::Notice>) {
                <$params>::from_query(q)
            }

            fn to_query(&self) -> $crate::kernel::params::Query {
                <$params>::$write(self)
            }
        }
    };
}
pub(crate) use page_params;

#[cfg(test)]
mod tests {
    use super::*;

    crate::kernel::ids::id_enum! {
        /// An id enum for the choice rows.
        Mode { Fast => "fast", Slow => "slow" }
    }

    /// One field of each kind `param!` builds, and one a row of its own
    /// reads and writes.
    #[derive(Debug, PartialEq)]
    struct Kinds {
        n: u32,
        x: f64,
        mode: Mode,
        modes: Vec<Mode>,
        shown: bool,
    }

    impl Default for Kinds {
        fn default() -> Self {
            Kinds {
                n: 3,
                x: 3.0,
                mode: Mode::Slow,
                modes: Mode::ALL.to_vec(),
                shown: false,
            }
        }
    }

    /// `x` has the range and default of `n`, as a decimal.
    const X: Bound<f64> = Bound {
        name: "x",
        ..Limit::int(N).as_float()
    };
    const N: Bound<i64> = Bound {
        name: "n",
        min: 0,
        max: 9,
        default: 3,
    };

    const ROWS: [Param<Kinds, ()>; 5] = [
        Param {
            name: "shown",
            label: "l.shown",
            field: Field::Choice,
            limit: None,
            read: Some(|r, _, p| p.shown = r.choice("shown", &["no", "yes"], "no") == "yes"),
            value: |_| "yes".into(),
            written: |p| p.shown,
        },
        param!(int "l.n", N, n),
        param!(float "l.x", X, x),
        param!(pick "mode", "l.mode", mode),
        param!(set "modes", "l.modes", modes),
    ];

    /// The parameters `query` reads to, and the parameters of its notices.
    fn read(query: &str) -> (Kinds, Vec<String>) {
        let (p, notices) = read_table(&ROWS, &Query::parse(query), &());
        (p, notices.into_iter().map(|n| n.param).collect())
    }

    #[test]
    fn each_kind_builds_its_codec_and_keeps_the_default() {
        assert_rows_hold(&ROWS);
        let fields: Vec<Field> = ROWS.iter().map(|r| r.field).collect();
        let kinds = [Field::Int, Field::Float, Field::Choice, Field::Set];
        assert_eq!(fields[1..], kinds);
        assert_eq!(read(""), (Kinds::default(), Vec::new()));
        let (p, notices) = read("n=7&x=12.5&mode=fast&modes=slow,warp,fast");
        let expected = Kinds {
            n: 7,
            x: 9.0,
            mode: Mode::Fast,
            modes: vec![Mode::Fast, Mode::Slow],
            shown: false,
        };
        assert_eq!(p, expected);
        assert_eq!(notices, ["x", "modes"]);
        let (p, _) = read("mode=warp&n=7&x=0.25&modes=slow");
        assert_eq!(p.mode, Mode::Slow, "an unknown id keeps the default");
        let written = write_rows(&ROWS, &p).encode();
        assert_eq!(written, "n=7&x=0.25&mode=slow&modes=slow");
    }

    #[test]
    fn a_table_reads_writes_and_names_its_rows() {
        assert_eq!(names(&ROWS), ["shown", "n", "x", "mode", "modes"]);
        let (mut p, notices) = read("shown=yes&n=12&y=1");
        assert_eq!((p.n, p.shown), (9, true));
        assert_eq!(notices, ["n", "y"]);
        let all = "n=9&x=3&mode=slow&modes=fast,slow";
        assert_eq!(write_rows(&ROWS, &p).encode(), format!("shown=yes&{all}"));
        p.shown = false;
        assert_eq!(write_rows(&ROWS, &p).encode(), all);
        assert_eq!(limits(&ROWS), [Limit::int(N), Limit::float(X)]);
        assert_eq!(label(&ROWS, "shown"), Some("l.shown"));
        assert_eq!(label(&ROWS, "y"), None);
    }
}
