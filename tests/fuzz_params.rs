//! Arbitrary hashes (non-ASCII, huge numbers, `%` escapes, repeated keys)
//! fed to the hash parser and to every view's parameter parser: no panic, at
//! most the capped number of notices, every value inside its documented
//! range. 10 000 cases in all (see `CASES`), over the hash, the herd, the
//! lab, the matrix, the exercises and the amplification parsers.
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/fuzz.rs"]
mod fuzz;

use proptest::prelude::*;
use retry_lab::amplify::bounds as ab;
use retry_lab::amplify::fanout::MAX_LAYERS;
use retry_lab::amplify::params::{AmplifyParams, KNOWN as AMPLIFY_KNOWN};
use retry_lab::exercises::{bank, query::read_query};
use retry_lab::herd::params::{bounds, KNOWN, MAX_SWEEP_POINTS, MAX_WRITES};
use retry_lab::herd::{HerdParams, View};
use retry_lab::i18n::Lang;
use retry_lab::kernel::params::MAX_ECHO_CHARS;
use retry_lab::lab::{LabParams, MatrixParams, Speed, SEED_BOUND as SEED};
use retry_lab::pages::route::{split_shell_params, Location, Page, Query};
use retry_lab::shell::exercise_notices::worded;

/// Cases per property; the six properties below run 10 000 in total.
const CASES: [u32; 6] = [2000, 2500, 2000, 1000, 1000, 1500];

fn in_range<T: PartialOrd + Copy>(v: T, b: retry_lab::kernel::params::Bound<T>) -> bool {
    b.min <= v && v <= b.max
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES[0]))]
    /// The whole hash: any path, any query; the shell's own parameters.
    #[test]
    fn hash_parser(
        path in prop_oneof![Just("/herd".to_string()), Just("/lab/matrix".to_string()), ".{0,30}"],
        raw in fuzz::query_strategy(&["lang", "embed", "q", "clients"]),
    ) {
        let hash = format!("#{path}?{raw}");
        let loc = Location::parse(&hash);
        if let Page::NotFound(p) = &loc.page {
            prop_assert!(p.starts_with('/'));
        }
        let shell = split_shell_params(&loc);
        fuzz::assert_bounded(&shell.notices)?;
        prop_assert!(shell.page_query.get("lang").is_none());
        prop_assert!(shell.page_query.get("embed").is_none());
        // A written hash reads back to the same location.
        prop_assert_eq!(Location::parse(&loc.to_hash()).query, loc.query.clone());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES[1]))]
    #[test]
    fn herd_params(raw in fuzz::query_strategy(&KNOWN)) {
        let (p, notices) = HerdParams::from_query(&Query::parse(&raw));
        fuzz::assert_bounded(&notices)?;
        prop_assert!(in_range(i64::from(p.clients), bounds::CLIENTS));
        prop_assert!(in_range(i64::from(p.trials), bounds::TRIALS));
        prop_assert!(in_range(p.seed as i64, bounds::SEED));
        for (v, b) in [
            (p.base_ms, bounds::BASE),
            (p.cap_ms, bounds::CAP),
            (p.net_mean_ms, bounds::NET_MEAN),
            (p.net_sd_ms, bounds::NET_SD),
        ] {
            prop_assert!(in_range(v, b), "{} = {v}", b.name);
        }
        prop_assert!(!p.strategies.is_empty());
        prop_assert!(p.n_from <= p.n_to);
        prop_assert!(in_range(i64::from(p.n_from), bounds::N_FROM));
        prop_assert!(in_range(i64::from(p.n_to), bounds::N_TO));
        prop_assert!(in_range(i64::from(p.n_step), bounds::N_STEP));
        prop_assert!(p.sweep_clients().len() <= MAX_SWEEP_POINTS);
        prop_assert!(p.worst_writes() <= MAX_WRITES);
        prop_assert!(matches!(p.view, View::Run | View::Sweep));
        // What the page writes back reads back without a notice.
        let (again, n2) = HerdParams::from_query(&p.to_query());
        prop_assert!(n2.is_empty(), "{:?}", n2);
        prop_assert_eq!(again, p);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES[2]))]
    #[test]
    fn lab_params(raw in fuzz::query_strategy(&["scenario", "client", "server", "seed", "step", "speed"]),
                  steps in 0usize..40) {
        let (p, notices) = LabParams::from_query(&Query::parse(&raw));
        fuzz::assert_bounded(&notices)?;
        prop_assert!(in_range(p.seed as i64, SEED));
        prop_assert!(Speed::ALL.contains(&p.speed));
        let (step, notice) = p.resolve_step(steps);
        prop_assert!(step <= steps);
        if let Some(n) = notice {
            prop_assert!(n.message(Lang::En, &retry_lab::pages::route::Page::Herd).chars().count() < 400 + 2 * MAX_ECHO_CHARS);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES[3]))]
    #[test]
    fn matrix_params(raw in fuzz::query_strategy(&["server", "seed"])) {
        let (p, notices) = MatrixParams::from_query(&Query::parse(&raw));
        fuzz::assert_bounded(&notices)?;
        prop_assert!(in_range(p.seed as i64, SEED));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES[4]))]
    #[test]
    fn exercises_params(raw in fuzz::query_strategy(&["q", "section"]), en in any::<bool>()) {
        let b = bank();
        let lang = if en { Lang::En } else { Lang::Zh };
        let read = read_query(&Query::parse(&raw), &b);
        let notices = worded(lang, &read);
        let selected = read.selection;
        fuzz::assert_bounded(&notices)?;
        if let Some(id) = selected.question {
            let q = b.iter().find(|q| q.id == id);
            prop_assert!(q.is_some_and(|q| q.section == selected.section));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES[5]))]
    /// `#/amplify`: every setting inside its bound, windows that end after
    /// they start, and the work of each view within its budget.
    #[test]
    fn amplify_params(raw in fuzz::query_strategy(&AMPLIFY_KNOWN)) {
        let (p, notices) = AmplifyParams::from_query(&Query::parse(&raw));
        fuzz::assert_bounded(&notices)?;
        let layers = &p.fanout.layers;
        prop_assert!(!layers.is_empty() && layers.len() <= MAX_LAYERS, "{layers:?}");
        for &a in layers {
            prop_assert!(in_range(i64::from(a), ab::ATTEMPTS));
        }
        prop_assert_eq!(layers, &p.load.layers);
        for (v, b) in [(p.fanout.p, ab::P), (p.load.rate, ab::RATE), (p.load.capacity, ab::CAPACITY),
            (p.load.timeout, ab::TIMEOUT), (p.load.duration, ab::DURATION),
            (p.load.incident.start, ab::INCIDENT_START), (p.load.incident.end, ab::INCIDENT_END),
            (p.load.trigger.start, ab::TRIGGER_START), (p.load.trigger.end, ab::TRIGGER_END),
            (p.load.trigger_capacity, ab::TRIGGER_CAPACITY), (p.load.base, ab::BASE),
            (p.load.cap, ab::CAP), (p.load.deadline, ab::DEADLINE),
            (p.load.retry_after, ab::RETRY_AFTER), (p.load.shed, ab::SHED),
            (p.load.budget_ratio, ab::BUDGET_RATIO), (p.load.refill, ab::REFILL),
            (p.load.recover_pct, ab::RECOVER_PCT)] {
            prop_assert!(v.is_finite() && in_range(v, b), "{} = {v}", b.name);
        }
        for (v, b) in [(i64::from(p.fanout.budget), ab::BUDGET), (i64::from(p.trials), ab::TRIALS),
            (p.step, ab::STEP), (p.seed as i64, ab::SEED), (i64::from(p.calls), ab::CALLS),
            (i64::from(p.steps), ab::STEPS)] {
            prop_assert!(in_range(v, b), "{} = {v}", b.name);
        }
        prop_assert!(p.load.incident.end >= p.load.incident.start);
        prop_assert!(p.load.trigger.end >= p.load.trigger.start);
        prop_assert!(p.load.rate * p.load.duration <= ab::LOAD_CALLS.max(p.load.rate));
        let worst = p.fanout.max_bottom().max(1) as f64;
        prop_assert!(p.trials == 1 || f64::from(p.trials) * worst <= ab::FANOUT_WORK);
    }
}

#[test]
fn the_case_count_is_ten_thousand() {
    assert_eq!(CASES.iter().sum::<u32>(), 10_000);
}
