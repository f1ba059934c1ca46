//! Reading `#/herd`'s query: every parameter within its bounds, then the
//! limits that depend on several parameters (the sweep's range and step,
//! the work budget), each with one notice naming what was changed.

use crate::params::{cap_notices, limit_notice, Notice, Reader};
use crate::route::Query;

use super::bounds::{self, MAX_SWEEP_POINTS};
use super::chart_data::HistAxis;
use super::params::{HerdParams, View, KNOWN};
use super::strategy::Strategy;

impl HerdParams {
    /// Reads every parameter; never panics. Notices name each parameter that
    /// was not used as given.
    pub fn from_query(q: &Query) -> (HerdParams, Vec<Notice>) {
        let mut r = Reader::new(q);
        let view = r.pick("view", View::Run);
        let clients = r.int(bounds::CLIENTS) as u32;
        let trials = r.int(bounds::TRIALS) as u32;
        let seed = r.int(bounds::SEED) as u64;
        let ids = Strategy::ids();
        let chosen = r.subset("strategies", &ids, &ids);
        let strategies = Strategy::ALL
            .into_iter()
            .filter(|s| chosen.iter().any(|c| c == s.id()))
            .collect();
        let base_ms = r.float(bounds::BASE);
        let cap_ms = r.float(bounds::CAP);
        let net_mean_ms = r.float(bounds::NET_MEAN);
        let net_sd_ms = r.float(bounds::NET_SD);
        let n_from = r.int(bounds::N_FROM) as u32;
        let mut n_to = r.int(bounds::N_TO) as u32;
        let mut n_step = r.int(bounds::N_STEP) as u32;
        let hist_axis = r.pick("hist_axis", HistAxis::Own);
        let timeline_axis = r.pick("timeline_axis", HistAxis::Own);
        let time_log = r.choice("time_scale", &["linear", "log"], "log") == "log";
        // `all` (the default) highlights nothing; `none` is the no-backoff strategy.
        let mut focus = vec!["all"];
        focus.extend(ids);
        let highlight = Strategy::from_id(&r.choice("highlight", &focus, "all"));
        r.reject_unknown(&KNOWN);
        let mut notices = r.notices;
        if n_to < n_from {
            limit_notice(
                &mut notices,
                "n_to",
                n_to.to_string(),
                format!("{n_from}–{}", bounds::N_TO.max),
                n_from.to_string(),
            );
            n_to = n_from;
        }
        // The sweep has ⌊(n_to − n_from) / n_step⌋ + 1 points, at most
        // MAX_SWEEP_POINTS: the least step is ⌊span / MAX⌋ + 1 (so 1..=199
        // step 2 and 10..=1000 step 10, exactly 100 points, are allowed).
        let min_step = (n_to - n_from) / MAX_SWEEP_POINTS as u32 + 1;
        if n_step < min_step {
            limit_notice(
                &mut notices,
                "n_step",
                n_step.to_string(),
                format!("{min_step}–{}", bounds::N_STEP.max),
                min_step.to_string(),
            );
            n_step = min_step;
        }
        let mut p = HerdParams {
            view,
            clients,
            trials,
            seed,
            strategies,
            base_ms,
            cap_ms,
            net_mean_ms,
            net_sd_ms,
            n_from,
            n_to,
            n_step,
            hist_axis,
            timeline_axis,
            time_log,
            highlight,
        };
        if let Some(fit) = p.largest_fitting_n_to() {
            limit_notice(
                &mut notices,
                "n_to",
                p.n_to.to_string(),
                format!("{}–{fit}", p.n_from),
                fit.to_string(),
            );
            p.n_to = fit;
        }
        let max_trials = p.max_trials();
        if p.trials > max_trials {
            limit_notice(
                &mut notices,
                "trials",
                p.trials.to_string(),
                format!("1–{max_trials}"),
                max_trials.to_string(),
            );
            p.trials = max_trials;
        }
        (p, cap_notices(notices))
    }
}
