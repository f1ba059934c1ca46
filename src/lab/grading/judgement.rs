//! The one judgement of a run: what it observed (per tenant), and the ways
//! it failed, computed once. Every reader of «did this run go well» (the
//! verdict, the end sentence, the workbench's pass rule, the matrix's marks,
//! the challenges, the hunt's property, the CLI) reads a [`Judgement`] and
//! computes nothing of its own.
//!
//! The pass rule asks for exactly one report where one is possible
//! ([`crate::lab::grading::reach`]), and none where none is, with the truth told: a run
//! that files nothing where one report was within reach has given up, not
//! passed (a claim stuck in `in_progress` included: every retry gets 409).

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

use crate::lab::grading::judgement_clause::possible_for;
use crate::lab::grading::retries::retries;
use crate::lab::grading::rules::{design_breaks, design_cautions, harness_breaks, Caution, Rule};
use crate::lab::model::ids::{Ending, ToolOutcome};
use crate::lab::model::result::Cell;
use crate::lab::model::result::{NoteCounts, RecordUse, Run};
use crate::lab::model::trace::AttemptOutcome;

pub use crate::lab::grading::judgement_clause::{tls_retry_step, Clause, FailureClass};

/// What one tenant's request came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct TenantView {
    pub tenant: usize,
    /// Reports its requests left in the database.
    pub reports: usize,
    /// What its model was finally told.
    pub tool: ToolOutcome,
    /// Its own ending (a leak or a refusal of its requests, if any).
    pub ending: Ending,
}

/// One tool call's answers to the chapter's three questions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct CallView {
    pub tenant: usize,
    /// HTTP requests it sent, every layer's.
    pub attempts: u32,
    /// Milliseconds from the model's call to its answer (`None` if the run
    /// was cut short first).
    pub answer_ms: Option<u64>,
    /// Its retries that could not have succeeded.
    pub wasted: usize,
}

/// What a run observed, and how it failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Judgement {
    /// The ways the run failed, in [`FailureClass::ALL`]'s order; empty
    /// when it passes.
    pub classes: Vec<FailureClass>,
    /// The clauses of the pass rule it broke, in [`Clause::ALL`]'s order.
    pub clauses: Vec<Clause>,
    /// Each tenant's reports, what its model was told, and its ending.
    pub tenants: Vec<TenantView>,
    /// Whether the first tenant's report could be filed at all
    /// ([`reachable_for`]; `None` where the schedule's faults do not say).
    pub possible: Option<bool>,
    /// The notifications: delivered, lost, duplicated, phantom.
    pub notes: NoteCounts,
    /// Requests answered with another tenant's stored response.
    pub leaks: usize,
    /// Requests refused for another tenant's key.
    pub tenant_refusals: usize,
    /// A changed body got the old body's response.
    pub changed_body: bool,
    /// A tenant's last answer was 409 with no report: its claim stuck.
    pub stuck_claim: bool,
    /// HTTP attempts, and those that could never succeed
    /// ([`wasted_retries`]).
    pub attempts: usize,
    pub wasted: usize,
    /// The chapter's three questions per tool call: how many attempts, how
    /// long until the model got its answer, how many wasted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub calls: Vec<CallView>,
    /// Retries in the whole run, every layer's (002's run budget counts
    /// these).
    #[serde(default)]
    pub retries: usize,
    /// How long until the model got its answer: the last call's.
    #[serde(default)]
    pub answer_ms: Option<u64>,
    /// The chapter's retry rules the harness breaks by design
    /// ([`crate::lab::grading::rules::harness_breaks`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub harness_rules: Vec<Rule>,
    /// What the combination may do but the grade marks (001: «仅在库能明确
    /// 分类时仍需谨慎»).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cautions: Vec<Caution>,
    /// The chapter's rules the combination breaks by design, and those the
    /// run broke itself ([`Judgement::run_rules`]).
    pub rules: Vec<Rule>,
    pub run_rules: Vec<Rule>,
    /// A good ending reached by luck.
    pub lucky: bool,
    /// How the run ended: the worst class's ending, or the worst of the
    /// tenants' own good endings when it passes.
    pub ending: Ending,
}

impl Judgement {
    /// Whether the run passes: it failed in no way.
    pub fn passes(&self) -> bool {
        self.classes.is_empty()
    }

    /// The ways the run failed.
    pub fn classes(&self) -> &[FailureClass] {
        &self.classes
    }

    /// Whether the combination breaks a rule of the chapter about side
    /// effects by design, or any rule in this run: the matrix marks it. A
    /// harness's retry rules by design (`harness_rules`: it would retry a
    /// TLS failure, it has no deadline) are told where the harness is
    /// built; on a matrix cell they would mark every cell of the row alike
    /// and hide the server's own rules, so a cell shows them only when its
    /// run broke one (a TLS failure retried is then a run rule).
    pub fn breaks_rule(&self) -> bool {
        !self.rules.is_empty() || !self.run_rules.is_empty()
    }

    /// The total report count (every tenant's).
    pub fn reports(&self) -> usize {
        self.tenants.iter().map(|t| t.reports).sum()
    }
}

/// The requests (their ids) that could not have succeeded: a retry after a
/// TLS failure (001's first branch: never retried), a 4xx other than 408,
/// 409 and 429 or a quota 429 («额度类 429 直接终止»), one sent before a
/// readable `Retry-After` was over, or one past the call's total deadline
/// ([`crate::lab::grading::retries::Waste`]).
pub fn wasted_retries(run: &Run) -> Vec<usize> {
    wasted_of(&retries(run))
}

fn wasted_of(retries: &[crate::lab::grading::retries::Retry]) -> Vec<usize> {
    retries
        .iter()
        .filter(|r| r.waste.is_some())
        .map(|r| r.request)
        .collect()
}

/// Each tool call's attempts, time to its answer and wasted retries.
fn call_views(run: &Run, wasted: &[usize]) -> Vec<CallView> {
    run.calls()
        .iter()
        .enumerate()
        .map(|(i, c)| CallView {
            tenant: c.tenant,
            attempts: c.attempts,
            answer_ms: c.answered_ms,
            wasted: run
                .requests()
                .iter()
                .filter(|r| r.call == i && r.tenant == c.tenant && wasted.contains(&r.id))
                .count(),
        })
        .collect()
}

/// Whether `tenant`'s last tool call ended on 409 with no report of its own.
fn stuck(run: &Run, tenant: usize) -> bool {
    let last = run.calls().iter().rev().find(|c| c.tenant == tenant);
    let conflict = last
        .and_then(|c| c.last)
        .is_some_and(|o| matches!(o, AttemptOutcome::Status { status: 409, .. }));
    conflict && run.done_of(tenant) == 0
}

fn tenant_view(run: &Run, tenant: usize, possible: Option<bool>, changed: bool) -> TenantView {
    let (reports, tool) = (run.done_of(tenant), run.tool_outcome_of(tenant));
    let of_tenant = |what| crate::lab::grading::judgement_clause::answered_by(run, tenant, what);
    let ending = if of_tenant(RecordUse::Leak) {
        Ending::Leak
    } else if of_tenant(RecordUse::TenantRefused) {
        Ending::TenantRefused
    } else if possible == Some(true) && reports == 0 {
        Ending::NothingFiled
    } else {
        Ending::of(reports, tool, changed)
    };
    TenantView {
        tenant,
        reports,
        tool,
        ending,
    }
}

/// Judges `run`, once.
pub fn judge(run: &Run) -> Judgement {
    let possible = possible_for(run, 0);
    let clauses = crate::lab::grading::judgement_clause::broken(run);
    let classes: Vec<FailureClass> = FailureClass::ALL
        .into_iter()
        .filter(|k| clauses.iter().any(|c| c.class() == *k))
        .collect();
    let changed = !run.changed_body_replays().is_empty();
    let tenants: Vec<TenantView> = run
        .tenants()
        .map(|t| tenant_view(run, t, possible_for(run, t), changed))
        .collect();
    let ending = classes
        .iter()
        .map(|c| c.ending())
        .chain(tenants.iter().map(|t| t.ending))
        .min_by_key(|e| e.rank())
        .unwrap_or(Ending::NoneUnknown);
    let run_rules = crate::lab::grading::judgement_clause::run_rules(&clauses);
    let all_retries = retries(run);
    let wasted = wasted_of(&all_retries);
    Judgement {
        calls: call_views(run, &wasted),
        retries: all_retries.len(),
        answer_ms: run.calls().last().and_then(|c| c.answered_ms),
        cautions: design_cautions(run.harness, run.design),
        harness_rules: harness_breaks(run.harness),
        tenants,
        possible,
        notes: run.note_counts(),
        leaks: run.leaks().len(),
        tenant_refusals: run.tenant_refusals().len(),
        changed_body: changed,
        stuck_claim: run.tenants().any(|t| stuck(run, t)),
        attempts: run.attempts(),
        wasted: wasted.len(),
        rules: design_breaks(run.harness, run.design),
        run_rules,
        lucky: run.lucky,
        ending,
        classes,
        clauses,
    }
}

/// What every reader of a run asks of it, answered by its judgement.
impl Run {
    /// The matrix cell of this run, read from its judgement.
    pub fn cell(&self) -> Cell {
        let j = self.judgement();
        Cell {
            reports: self.final_count,
            tool: self.tool_outcome(),
            lucky: j.lucky,
            changed_body: j.changed_body,
            notes: j.notes,
            ending: j.ending,
            attempts: j.attempts,
            leaks: j.leaks,
            tenant_refusals: j.tenant_refusals,
            pass: j.passes(),
            rule_break: j.breaks_rule(),
        }
    }

    /// The run's one judgement ([`crate::lab::grading::judgement::judge`]).
    pub fn judgement(&self) -> Judgement {
        judge(self)
    }

    /// How the run ended, in the lab's one vocabulary: the judgement's
    /// ending (its worst failure's, or the tenants' own good ending).
    pub fn ending(&self) -> Ending {
        self.judgement().ending
    }
}
