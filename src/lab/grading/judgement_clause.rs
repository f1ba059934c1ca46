//! The clauses of the one pass rule, each tied to its [`FailureClass`] (the
//! ways a run can fail): the judgement ([`crate::lab::grading::judgement::judge`]) is
//! their only reader; the workbench, the verdict and the hunt read the
//! judgement.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::Serialize;

use crate::kernel::ids::id_enum;
use crate::lab::faults::ServerFault;
use crate::lab::grading::reach::reachable_for;
use crate::lab::grading::retries::{first_wasted, Waste};
use crate::lab::grading::rules::Rule;
use crate::lab::harness::RetryAfterChoice;
use crate::lab::model::ids::Ending;
use crate::lab::model::result::{RecordUse, Run};
use crate::lab::model::times::CALL_DEADLINE_MS;
use crate::lab::model::trace::{AttemptOutcome, Next, StepKind};

id_enum! {
    serde_by_name;
    /// One clause of the one pass rule. A row passes when every clause
    /// holds; a rule a row must also meet is a new clause here, and only
    /// here. With two tenants, the report count and the truth are counted
    /// per tenant's request: each tenant's agent files one report, so two
    /// tenants' two reports are no duplicate.
    #[derive(Serialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    Clause {
        /// At most one report per tenant's request.
        AtMostOneReport => "at_most_one_report",
        /// Where a report could be filed ([`reachable_for`]), each tenant's
        /// request filed one: «库里只有一份» is exactly one, not at most one.
        ReportWherePossible => "report_where_possible",
        /// Where none could be filed (a failed handler's 500 is replayed,
        /// never re-run), none was.
        NoReportWhereImpossible => "no_report_where_impossible",
        /// Every tenant's model was told the truth
        /// ([`crate::lab::ToolOutcome::is_truthful`]).
        TruthTold => "truth_told",
        /// No changed body answered with the old body's response («同键、不同
        /// 请求体 SHOULD 返回 422», [`Run::changed_body_replays`]).
        NoChangedBodyReplay => "no_changed_body_replay",
        /// Every committed report was notified ([`Run::unnotified_reports`]).
        NoLostNotification => "no_lost_notification",
        /// No report was notified twice ([`Run::duplicate_notices`]).
        NoDuplicateNotification => "no_duplicate_notification",
        /// No notification names a report that does not exist
        /// ([`Run::phantom_notices`]).
        NoPhantomNotification => "no_phantom_notification",
        /// No tenant answered with another tenant's stored response
        /// (`003_*.txt`: «不能让其他租户用相同字符串占用全局 key»;
        /// [`Run::leaks`]).
        NoLeak => "no_leak",
        /// No tenant refused for another tenant's key ([`Run::tenant_refusals`]).
        NoCrossTenantRefusal => "no_cross_tenant_refusal",
        /// No TLS, certificate or host name failure was retried (`001_*.txt`'s
        /// first branch: stop and check the CA, the host name and the proxy).
        NoTlsRetry => "no_tls_retry",
        /// No 4xx other than 408, 409 and 429 with `Retry-After`, and no
        /// quota 429, was retried (000: «额度类 429 直接终止»; 001: «对 400、
        /// 401、403、404、422 自动重试» is a common mistake).
        NoHopelessRetry => "no_hopeless_retry",
        /// No retry went out before a readable `Retry-After` was over (001:
        /// «不能把 120 秒静默截成 2 秒后提前重试»).
        NoEarlyRetry => "no_early_retry",
        /// No operation whose downstream effect was made was executed
        /// again (003: an uncertain record «只能对账或转人工»; a resend of
        /// the write «不会再次执行»), even where the downstream deduplicated
        /// the call ([`Run::re_executions`]).
        NoReExecution => "no_re_execution",
        /// No downstream effect was made without a valid one-time approval
        /// ([`Run::unapproved_effects`]).
        NoUnapprovedEffect => "no_unapproved_effect",
    }
}

id_enum! {
    serde_by_name;
    /// One way a run can fail. The hunt looks for one minimal
    /// counterexample per class; the verdict names the worst class.
    #[derive(Serialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    FailureClass {
        /// More than one report for one tenant's request.
        Duplicate => "duplicate",
        /// No report where one could have been filed (a claim stuck in
        /// `in_progress` included).
        NothingFiled => "nothing_filed",
        /// A model was told something false.
        Lie => "lie",
        /// A notification lost, duplicated, or about a report that does
        /// not exist.
        Notification => "notification",
        /// A tenant answered with another tenant's stored response.
        Leak => "leak",
        /// A tenant refused for another tenant's key.
        TenantRefused => "tenant_refused",
        /// A changed body answered with the old body's stored response.
        ChangedBody => "changed_body",
        /// A rule of the chapter broken in the run itself (a TLS failure
        /// retried, say).
        RuleBroken => "rule_broken",
    }
}

impl FailureClass {
    /// Translation key of the class's name (`lab.class.<id>`).
    pub fn key(self) -> String {
        format!("lab.class.{}", self.id())
    }

    /// The ending a run that fails this way reads as.
    pub fn ending(self) -> Ending {
        match self {
            FailureClass::Duplicate => Ending::Duplicate,
            FailureClass::NothingFiled => Ending::NothingFiled,
            FailureClass::Lie => Ending::Misinformed,
            FailureClass::Notification => Ending::Notification,
            FailureClass::Leak => Ending::Leak,
            FailureClass::TenantRefused => Ending::TenantRefused,
            FailureClass::ChangedBody => Ending::ChangedBody,
            FailureClass::RuleBroken => Ending::RuleBroken,
        }
    }
}

/// The index of the first step that retried a TLS failure (the harness or
/// the SDK inside it).
pub fn tls_retry_step(run: &Run) -> Option<usize> {
    run.steps().iter().position(|s| {
        matches!(
            s.kind,
            StepKind::Received {
                outcome: AttemptOutcome::TlsFailed,
                next: Next::Backoff { .. } | Next::RetryAfter { .. } | Next::SdkRetry { .. },
                ..
            }
        )
    })
}

/// Whether `tenant`'s report could be filed, for this run's harness: the
/// reach of a chapter-following harness ([`reachable_for`], whose deadline
/// is the chapter's), except where the only bar is a `Retry-After` past
/// that deadline and this harness may wait it out (a deferral queue, the
/// SDK's minute, or a longer deadline or none, 001: «或交给队列延期»):
/// the schedule alone then does not say.
pub(in crate::lab) fn possible_for(run: &Run, tenant: usize) -> Option<bool> {
    if run.schedule.approval_until_ms.is_some() || run.schedule.revoke_at_ms.is_some() {
        // Whether an execution may still come in time depends on when the
        // approval or the permission ends: the schedule alone does not say.
        return None;
    }
    let reach = reachable_for(&run.schedule, tenant);
    let h = run.harness;
    let waits_long = h.retry_after == RetryAfterChoice::Defer
        || h.sdk
        || h.deadline_ms
            .is_none_or(|d| u64::from(d) > CALL_DEADLINE_MS);
    if reach == Some(false) && waits_long && long_retry_after(run) {
        None
    } else {
        reach
    }
}

/// Whether the schedule asks for a wait past the chapter's deadline: a
/// `Retry-After`, or an outage, that a harness with a longer deadline (or
/// none) may wait out and then file.
fn long_retry_after(run: &Run) -> bool {
    let long = |s: u64| s * 1_000 >= CALL_DEADLINE_MS;
    if run
        .schedule
        .outage_ms
        .is_some_and(|ms| ms >= CALL_DEADLINE_MS)
    {
        return true;
    }
    run.schedule.attempts.iter().any(|a| match a.server {
        ServerFault::Unavailable { retry_after_s } => long(retry_after_s),
        ServerFault::RateLimited {
            retry_after_s: Some(s),
            quota: false,
            ..
        } => long(s),
        _ => false,
    })
}

/// Whether another tenant's record answered one of `tenant`'s requests (a
/// leak or a cross-tenant refusal): the report it never filed is that
/// failure's, not one of its own.
fn answered_by_another(run: &Run, tenant: usize) -> bool {
    answered_by(run, tenant, RecordUse::Leak) || answered_by(run, tenant, RecordUse::TenantRefused)
}

/// Whether a key's record answered one of `tenant`'s requests as `what`
/// says (a leak, a cross-tenant refusal).
pub(in crate::lab) fn answered_by(run: &Run, tenant: usize, what: RecordUse) -> bool {
    run.record_uses(what)
        .iter()
        .any(|(_, r)| run.requests().get(*r).is_some_and(|q| q.tenant == tenant))
}

impl Clause {
    /// Whether this clause holds for `run`.
    pub fn holds(self, run: &Run) -> bool {
        let each = |ok: &dyn Fn(usize) -> bool| run.tenants().all(ok);
        let possible = |t: usize| possible_for(run, t);
        match self {
            Clause::AtMostOneReport => each(&|t| run.done_of(t) <= 1),
            Clause::ReportWherePossible => each(&|t| {
                possible(t) != Some(true) || run.done_of(t) >= 1 || answered_by_another(run, t)
            }),
            Clause::NoReportWhereImpossible => {
                each(&|t| possible(t) != Some(false) || run.done_of(t) == 0)
            }
            Clause::TruthTold => each(&|t| run.tool_outcome_of(t).is_truthful(run.done_of(t))),
            Clause::NoChangedBodyReplay => run.changed_body_replays().is_empty(),
            Clause::NoLostNotification => run.unnotified_reports().is_empty(),
            Clause::NoDuplicateNotification => run.duplicate_notices().is_empty(),
            Clause::NoPhantomNotification => run.phantom_notices().is_empty(),
            Clause::NoLeak => run.leaks().is_empty(),
            Clause::NoCrossTenantRefusal => run.tenant_refusals().is_empty(),
            Clause::NoTlsRetry => tls_retry_step(run).is_none(),
            Clause::NoHopelessRetry => first_wasted(run, &[Waste::Hopeless]).is_none(),
            Clause::NoEarlyRetry => first_wasted(run, &[Waste::BeforeRetryAfter]).is_none(),
            Clause::NoReExecution => run.re_executions().is_empty(),
            Clause::NoUnapprovedEffect => run.unapproved_effects().is_empty(),
        }
    }

    /// Translation key of the clause (`lab.clause.<id>`).
    pub fn key(self) -> String {
        format!("lab.clause.{}", self.id())
    }

    /// The way a run fails when this clause breaks.
    pub fn class(self) -> FailureClass {
        match self {
            Clause::AtMostOneReport => FailureClass::Duplicate,
            Clause::ReportWherePossible => FailureClass::NothingFiled,
            Clause::TruthTold => FailureClass::Lie,
            Clause::NoChangedBodyReplay => FailureClass::ChangedBody,
            Clause::NoLostNotification
            | Clause::NoDuplicateNotification
            | Clause::NoPhantomNotification => FailureClass::Notification,
            Clause::NoLeak => FailureClass::Leak,
            Clause::NoCrossTenantRefusal => FailureClass::TenantRefused,
            Clause::NoReportWhereImpossible
            | Clause::NoTlsRetry
            | Clause::NoHopelessRetry
            | Clause::NoEarlyRetry
            | Clause::NoReExecution
            | Clause::NoUnapprovedEffect => FailureClass::RuleBroken,
        }
    }

    /// The rule of the chapter a run breaks when this clause breaks, if the
    /// clause is one.
    pub fn rule(self) -> Option<Rule> {
        match self {
            Clause::NoTlsRetry => Some(Rule::RetryTls),
            Clause::NoReportWhereImpossible => Some(Rule::RerunFailure),
            Clause::NoHopelessRetry => Some(Rule::RetryHopeless),
            Clause::NoEarlyRetry => Some(Rule::ShortenRetryAfter),
            Clause::NoReExecution => Some(Rule::RerunUncertain),
            Clause::NoUnapprovedEffect => Some(Rule::ApprovalBypassed),
            _ => None,
        }
    }
}

/// The clauses `run` breaks, in their order.
pub(in crate::lab) fn broken(run: &Run) -> Vec<Clause> {
    Clause::ALL.into_iter().filter(|c| !c.holds(run)).collect()
}

/// The chapter's rules the broken `clauses` stand for.
pub(in crate::lab) fn run_rules(clauses: &[Clause]) -> Vec<Rule> {
    clauses.iter().filter_map(|c| c.rule()).collect()
}
