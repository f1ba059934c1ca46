//! What a finished run means, in one sentence's worth of structure: whether
//! it ended well, the cause of a bad ending, whether a good ending was luck,
//! and the nearest combination that fixes it. Pure: the UI only translates.

use serde::{Deserialize, Serialize};

use super::ids::{ClientStrategy, Ending, Scenario, ServerImpl};
#[cfg(feature = "sqlite")]
use super::rules::design_breaks;
use super::run::{Cell, Run};
#[cfg(feature = "sqlite")]
use super::sim::cell;
use super::trace::{AttemptOutcome, StepKind};

/// A run ends well when there is one report and the model knows it, or none
/// and the model knows that nothing was created; never when a changed body
/// got the old body's response replayed (see [`crate::lab::Ending`]).
pub fn is_good(c: Cell) -> bool {
    c.ending().is_good()
}

/// Why a run ended as it did (a translation key suffix: `lab.why.<id>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cause {
    Good,
    NoKey,
    NewKey,
    ServerIgnoresKey,
    SplitCrash,
    SplitRace,
    ModelRecall,
    KeyPruned,
    StuckClaim,
    CarefulTimeout,
    ChangedBody,
    ReplayedOldResponse,
    StillInProgress,
    Unknown,
}

impl Cause {
    /// Translation key of the sentence.
    pub fn key(self) -> String {
        let id = match self {
            Cause::Good => "good",
            Cause::NoKey => "no_key",
            Cause::NewKey => "new_key",
            Cause::ServerIgnoresKey => "server_ignores_key",
            Cause::SplitCrash => "split_crash",
            Cause::SplitRace => "split_race",
            Cause::ModelRecall => "model_recall",
            Cause::KeyPruned => "key_pruned",
            Cause::StuckClaim => "stuck_claim",
            Cause::CarefulTimeout => "careful_timeout",
            Cause::ChangedBody => "changed_body",
            Cause::ReplayedOldResponse => "replayed_old_response",
            Cause::StillInProgress => "still_in_progress",
            Cause::Unknown => "unknown",
        };
        format!("lab.why.{id}")
    }
}

fn duplicate_cause(scenario: Scenario, run: &Run) -> Cause {
    use ClientStrategy as C;
    match (run.client, run.server, scenario) {
        (_, _, Scenario::KeyExpired) => Cause::KeyPruned,
        (C::Naive | C::Careful, _, _) => Cause::NoKey,
        (C::NewKey, _, _) => Cause::NewKey,
        (_, ServerImpl::Naive, _) => Cause::ServerIgnoresKey,
        (_, ServerImpl::KeySplit, Scenario::CrashBetweenCommits) => Cause::SplitCrash,
        (_, ServerImpl::KeySplit, _)
            if run.calls().len() == 1 || scenario != Scenario::ModelRetry =>
        {
            Cause::SplitRace
        }
        _ => Cause::ModelRecall,
    }
}

fn unknown_cause(run: &Run) -> Cause {
    let last = run.final_outcome();
    match (run.client, last) {
        (ClientStrategy::Careful, _) => Cause::CarefulTimeout,
        (_, Some(AttemptOutcome::Status { status: 422, .. })) => Cause::ChangedBody,
        (_, Some(AttemptOutcome::Status { status: 409, .. })) if run.final_report_count() == 0 => {
            Cause::StuckClaim
        }
        (_, Some(AttemptOutcome::Status { status: 409, .. })) => Cause::StillInProgress,
        _ => Cause::Unknown,
    }
}

/// The cause of the run's ending.
pub fn cause(scenario: Scenario, run: &Run) -> Cause {
    match run.ending() {
        e if e.is_good() => Cause::Good,
        Ending::Duplicate => duplicate_cause(scenario, run),
        Ending::ChangedBody => Cause::ReplayedOldResponse,
        _ => unknown_cause(run),
    }
}

/// A good ending that a retry without a covering key reached by luck: some
/// attempt may have run, and the retry carried no key or a different one
/// (e.g. `new_key` after a crash that rolled the first report back).
pub fn lucky(run: &Run) -> bool {
    if !run.ending().is_good() {
        return false;
    }
    let maybe_ran = |req: usize| {
        run.steps().iter().any(|s| match s.kind {
            StepKind::Timeout { request, .. } => request == req,
            StepKind::Received {
                request,
                outcome: AttemptOutcome::Status { status, .. },
                ..
            } => request == req && matches!(status, 409 | 500 | 502 | 504),
            _ => false,
        })
    };
    let reqs = run.requests();
    reqs.iter().enumerate().any(|(i, r)| {
        reqs[..i]
            .iter()
            .rev()
            .find(|p| p.call == r.call)
            .is_some_and(|p| maybe_ran(p.id) && (r.key.is_none() || r.key != p.key))
    })
}

/// The nearest combination (same scenario and seed) that ends well (the
/// lab engine computes it; the page receives it with the run): first
/// another server with the same client, nearest first; then another client
/// on the same server; then both. Only a combination that breaks none of the
/// chapter's rules ([`design_breaks`]) and ends well without luck counts.
/// `None` if the run already ends well without luck, or nothing fixes it.
#[cfg(feature = "sqlite")]
pub fn nearest_fix(
    scenario: Scenario,
    client: ClientStrategy,
    server: ServerImpl,
    seed: u64,
) -> Option<(ClientStrategy, ServerImpl)> {
    nearest_fix_among(client, server, |c, s| cell(scenario, c, s, seed))
}

/// [`nearest_fix`] over any source of cells (the tests pass a table of
/// cells computed once, so every run's advice can be checked).
#[cfg(feature = "sqlite")]
pub fn nearest_fix_among(
    client: ClientStrategy,
    server: ServerImpl,
    cell_of: impl Fn(ClientStrategy, ServerImpl) -> Cell,
) -> Option<(ClientStrategy, ServerImpl)> {
    let fixed = |c: Cell| is_good(c) && !c.lucky;
    if fixed(cell_of(client, server)) {
        return None;
    }
    let si = |s: ServerImpl| ServerImpl::ALL.iter().position(|x| *x == s).unwrap_or(0);
    let mut servers: Vec<ServerImpl> = ServerImpl::ALL.to_vec();
    // Nearest first; on a tie, the more careful (later) server.
    servers.sort_by_key(|s| (si(*s).abs_diff(si(server)), std::cmp::Reverse(si(*s))));
    let others = || {
        ClientStrategy::ALL
            .into_iter()
            .filter(move |c| *c != client)
    };
    let tiers = servers[1..]
        .iter()
        .map(|s| (client, *s))
        .chain(others().map(|c| (c, server)))
        .chain(others().flat_map(|c| servers[1..].iter().map(move |s| (c, *s))));
    tiers
        .filter(|(c, s)| design_breaks(*c, *s).is_empty())
        .find(|(c, s)| fixed(cell_of(*c, *s)))
}

#[cfg(all(test, feature = "sqlite"))]
mod tests {
    use super::*;
    use crate::lab::run;

    #[test]
    fn fixes_are_nearest_and_good() {
        // Lost response on the naive server: the nearest key-aware server
        // that breaks no rule of the chapter (not key_split, which inserts
        // before recording the key) fixes it with the same client.
        let fix = nearest_fix(
            Scenario::ResponseLost,
            ClientStrategy::StableKey,
            ServerImpl::Naive,
            1,
        );
        assert_eq!(fix, Some((ClientStrategy::StableKey, ServerImpl::Atomic)));
        // A model re-call with a tool_use key: no server helps; a business key does.
        let fix = nearest_fix(
            Scenario::ModelRetry,
            ClientStrategy::StableKey,
            ServerImpl::Fenced,
            1,
        );
        assert_eq!(fix, Some((ClientStrategy::BusinessKey, ServerImpl::Fenced)));
        // Already good: nothing to fix.
        assert_eq!(
            nearest_fix(Scenario::None, ClientStrategy::Naive, ServerImpl::Naive, 1),
            None
        );
    }

    #[test]
    fn causes_and_luck() {
        let r = run(
            Scenario::CrashBetweenCommits,
            ClientStrategy::StableKey,
            ServerImpl::KeySplit,
            1,
        );
        assert_eq!(cause(Scenario::CrashBetweenCommits, &r), Cause::SplitCrash);
        let r = run(
            Scenario::CrashBetweenCommits,
            ClientStrategy::StableKey,
            ServerImpl::Atomic,
            1,
        );
        assert_eq!(cause(Scenario::CrashBetweenCommits, &r), Cause::StuckClaim);
        let r = run(
            Scenario::CrashBetweenCommits,
            ClientStrategy::NewKey,
            ServerImpl::Atomic,
            1,
        );
        assert!(lucky(&r), "a new key survived the crash by luck");
        let r = run(
            Scenario::ResponseLost,
            ClientStrategy::StableKey,
            ServerImpl::Fenced,
            1,
        );
        assert!(!lucky(&r));
        assert_eq!(cause(Scenario::ResponseLost, &r), Cause::Good);
    }
}
