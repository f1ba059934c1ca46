//! One contract for a page's URL parameters: how a page reads them from its
//! query (with a notice for everything not used as given), writes them
//! back, which keys it knows and the limits of its numbers. Links
//! ([`crate::pages::links`]), the address bar, the README's parameter table and
//! the property tests all go through it, for every page alike.
//!
//! The address bar and a link to the same state are one string: both are
//! [`PageParams::minimal_query`], the page's full query without every pair
//! whose absence reads back to the same parameters cleanly.

use crate::amplify::{bounds as amp, AmplifyParams};
use crate::herd::{bounds as herd, HerdParams};
use crate::kernel::params::{Bound, Notice, Query};
use crate::lab::hunt::{BUDGET, HUNT_SEED};
use crate::lab::{BuildParams, LabParams, MatrixParams, SEED_BOUND};
use crate::pages::route::Page;

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
    /// The page they belong to.
    const PAGE: Page;
    /// Every URL parameter name the page reads; any other is reported.
    const KNOWN: &'static [&'static str];

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

/// The contract for a page whose parameter type already reads and writes
/// its query (`from_query` and the query writer named after `to_query`).
macro_rules! page_params {
    ($params:ty, $page:expr, $known:expr, to_query: $write:ident, limits: $limits:expr) => {
        impl PageParams for $params {
            const PAGE: Page = $page;
            const KNOWN: &'static [&'static str] = $known;
            fn limits() -> Vec<Limit> {
                $limits
            }
            fn from_query(q: &Query) -> (Self, Vec<Notice>) {
                <$params>::from_query(q)
            }
            fn to_query(&self) -> Query {
                <$params>::$write(self)
            }
        }
    };
}

page_params!(HerdParams, Page::Herd, &crate::herd::params::KNOWN, to_query: to_query, limits: herd_limits());
page_params!(AmplifyParams, Page::Amplify, &crate::amplify::params::KNOWN, to_query: to_query, limits: amplify_limits());
// The lab's `step` is bounded by the run's length, known only after the run
// (`LabParams::resolve_step`).
page_params!(LabParams, Page::Lab, &crate::lab::KNOWN, to_query: query, limits: vec![SEED_BOUND.into()]);
page_params!(MatrixParams, Page::LabMatrix, &crate::lab::MATRIX_KNOWN, to_query: to_query, limits: vec![SEED_BOUND.into()]);
page_params!(BuildParams, Page::LabBuild, &crate::lab::BUILD_KNOWN, to_query: to_query, limits: vec![SEED_BOUND.into(), BUDGET.into(), HUNT_SEED.into()]);

fn herd_limits() -> Vec<Limit> {
    let ints = [
        herd::CLIENTS,
        herd::TRIALS,
        herd::SEED,
        herd::N_FROM,
        herd::N_TO,
        herd::N_STEP,
    ];
    let floats = [herd::BASE, herd::CAP, herd::NET_MEAN, herd::NET_SD];
    ints.map(Limit::from)
        .into_iter()
        .chain(floats.map(Limit::from))
        .collect()
}

/// The seed's default is the fan-out view's (the page opened bare).
fn amplify_limits() -> Vec<Limit> {
    let fanout_seed = Bound {
        default: amp::FANOUT_SEED,
        ..amp::SEED
    };
    let ints = [
        amp::ATTEMPTS,
        amp::TRIALS,
        amp::BUDGET,
        fanout_seed,
        amp::STEP,
        amp::CALLS,
        amp::STEPS,
    ];
    let floats = [
        amp::P,
        amp::RATE,
        amp::CAPACITY,
        amp::TIMEOUT,
        amp::DURATION,
        amp::INCIDENT_START,
        amp::INCIDENT_END,
        amp::TRIGGER_START,
        amp::TRIGGER_END,
        amp::TRIGGER_CAPACITY,
        amp::BASE,
        amp::CAP,
        amp::DEADLINE,
        amp::RETRY_AFTER,
        amp::SHED,
        amp::BUDGET_RATIO,
        amp::REFILL,
        amp::RECOVER_PCT,
    ];
    ints.map(Limit::from)
        .into_iter()
        .chain(floats.map(Limit::from))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits_are_known_and_hold_their_default<P: PageParams>() {
        let limits = P::limits();
        assert!(!limits.is_empty(), "{:?}", P::PAGE);
        for l in limits {
            assert!(P::KNOWN.contains(&l.name), "{:?}: {}", P::PAGE, l.name);
            assert!(l.min <= l.default && l.default <= l.max, "{l:?}");
        }
        assert_eq!(P::from_query(&Query::new()), (P::default(), vec![]));
        assert!(P::default().minimal_query().is_empty(), "{:?}", P::PAGE);
    }

    #[test]
    fn every_page_names_its_limits_and_opens_bare_at_its_default() {
        limits_are_known_and_hold_their_default::<HerdParams>();
        limits_are_known_and_hold_their_default::<AmplifyParams>();
        limits_are_known_and_hold_their_default::<LabParams>();
        limits_are_known_and_hold_their_default::<MatrixParams>();
        limits_are_known_and_hold_their_default::<BuildParams>();
    }
}
