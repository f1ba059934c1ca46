//! One contract for a page's URL parameters: how a page reads them from its
//! query (with a notice for everything not used as given), writes them
//! back, which keys it knows and the limits of its numbers. Links
//! (the pages layer's links), the address bar, the README's parameter table and
//! the property tests all go through it, for every page alike.
//!
//! The address bar and a link to the same state are one string: both are
//! [`PageParams::minimal_query`], the page's full query without every pair
//! whose absence reads back to the same parameters cleanly.

use crate::kernel::params::{Bound, Notice, Query};

/// The range and default of a numeric parameter, integers and floats alike
/// (every integer limit of a page is exact as an `f64`: at most 2⁵³−1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limit {
    pub name: &'static str,
    pub min: f64,
    pub max: f64,
    pub default: f64,
}

impl From<Bound<i64>> for Limit {
    fn from(b: Bound<i64>) -> Self {
        Limit {
            name: b.name,
            min: b.min as f64,
            max: b.max as f64,
            default: b.default as f64,
        }
    }
}

impl From<Bound<f64>> for Limit {
    fn from(b: Bound<f64>) -> Self {
        Limit {
            name: b.name,
            min: b.min,
            max: b.max,
            default: b.default,
        }
    }
}

/// A page's parameters as its URL holds them.
pub trait PageParams: Clone + PartialEq + Default + std::fmt::Debug {
    /// Every URL parameter name the page reads; any other is reported.
    const KNOWN: &'static [&'static str];

    /// The translation key of the form field that edits `param`, if the
    /// page has one (a notice names the field as the page shows it).
    fn label(param: &str) -> Option<&'static str>;

    /// The numeric parameters' ranges and defaults (where a default follows
    /// a view or a preset: the page opened bare, or for a setting only
    /// another view has, that view opened bare).
    fn limits() -> Vec<Limit>;

    /// Reads a query; every value not used as given becomes a notice.
    fn from_query(q: &Query) -> (Self, Vec<Notice>);

    /// A query that reads back to exactly these parameters.
    fn to_query(&self) -> Query;

    /// [`PageParams::to_query`] without every pair the page does not need
    /// to read these parameters back without a notice, in the same order
    /// (a value a limit would impose with a notice, such as `trials` held
    /// down by the work budget, stays written).
    fn minimal_query(&self) -> Query {
        let full = self.to_query();
        let keys: Vec<String> = full.keys().map(str::to_string).collect();
        keys.iter().fold(full, |q, k| {
            let mut shorter = q.clone();
            shorter.remove(k);
            match Self::from_query(&shorter) {
                (p, notices) if p == *self && notices.is_empty() => shorter,
                _ => q,
            }
        })
    }
}
