//! The CSV the `amplify` CLI prints, built here so tests check it natively.

use super::fanout_run::run_fanout;
use super::load::job::LoadJob;
use super::params::{fmt_num, AmplifyParams};
use super::sweep::SweepJob;
use crate::kernel::csv::field;

/// `amplify fanout`.
pub fn fanout_csv(prm: &AmplifyParams) -> String {
    let run = run_fanout(&prm.fanout, prm.trials, prm.seed);
    let s = &run.summary;
    format!(
        "layers,p,policy,trials,amplification,amplification_expected,success_rate\n{},{},{},{},{:.6},{:.6},{:.6}\n",
        field(&prm.layers_text()),
        fmt_num(prm.fanout.p),
        prm.fanout.policy.id(),
        s.trials,
        s.amplification,
        s.amplification_expected,
        s.success_rate
    )
}

/// `amplify load`: one row per lane; `recovered_s` empty for never.
pub fn load_csv(prm: &AmplifyParams) -> String {
    let mut out = String::from(
        "policy,retry_after_s,calls,requests,amplification,success_rate,recovered_s\n",
    );
    let lanes = prm.lanes();
    let mut job = LoadJob::new(lanes.clone(), prm.seed);
    while !job.advance(u32::MAX) {}
    for (lane, r) in lanes.iter().zip(&job.results) {
        out.push_str(&format!(
            "{},{},{},{},{:.6},{:.6},{}\n",
            lane.policy.id(),
            fmt_num(lane.cfg.retry_after),
            r.calls,
            r.requests,
            r.amplification,
            r.success_rate,
            r.recovered.map(fmt_num).unwrap_or_default()
        ));
    }
    out
}

/// `amplify sweep`.
pub fn sweep_csv(prm: &AmplifyParams) -> String {
    let mut job = SweepJob::new(prm);
    while !job.advance(u32::MAX) {}
    let mut out = String::from("p,policy,calls,requests,amplification,success_rate\n");
    for pt in &job.points {
        out.push_str(&format!(
            "{},{},{},{},{:.6},{:.6}\n",
            fmt_num(pt.p),
            pt.policy,
            pt.calls,
            pt.requests,
            pt.amplification,
            pt.success_rate
        ));
    }
    out
}
