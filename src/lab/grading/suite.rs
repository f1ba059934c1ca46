//! The workbench's grading: a design runs every scenario of a suite with one
//! client; a scenario passes when its run's one judgement passes
//! ([`crate::lab::grading::judgement`]: exactly one report where one is possible, none
//! where none is, the truth told, no changed body answered with the old
//! body's response, exactly one notification per committed report, no
//! tenant answered or refused by another's key, no TLS failure retried).
//! For a failing scenario: the step where it broke, and the
//! smallest change of the design that makes it pass without breaking a rule
//! of the chapter (or why no server mechanism can). And «先看它变红»: which
//! mechanism the chapter adds next.
//!
//! The types and the chapter's order are pure (the page holds them); what
//! runs a design needs the engine (`sqlite`).

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

use crate::kernel::ids::id_enum;
use crate::kernel::json::{field, field_or_default, FromJson, Json, Map, ToJson};
use crate::lab::grading::judgement::FailureClass;
use crate::lab::grading::retries::{first_wasted, Waste};
use crate::lab::model::design::{Design, Mechanism};
use crate::lab::model::ids::{ClientStrategy, Ending, Scenario, ToolOutcome};
use crate::lab::model::result::{NoteCounts, RecordUse, Run};
use crate::lab::model::trace::{Next, StepKind};

/// One scenario of a suite, graded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct SuiteRow {
    pub scenario: Scenario,
    pub reports: usize,
    /// What the model was finally told.
    pub tool: ToolOutcome,
    /// How the run ended, in the lab's one vocabulary.
    pub ending: Ending,
    pub pass: bool,
    /// The notifications: «通知发了几次», and which were wrong (rows stored
    /// before the notifier existed read as none).
    #[serde(default)]
    pub notes: NoteCounts,
    /// For a failing row, the run view's `step` at which it broke: right
    /// after the step that committed the second report or made what the
    /// model was told false.
    pub break_step: Option<usize>,
    /// HTTP attempts the harnesses sent (absent from rows stored by
    /// earlier versions).
    #[serde(default)]
    pub attempts: usize,
    /// Requests answered with another tenant's stored response.
    #[serde(default)]
    pub leaks: usize,
    /// The chapter's other two questions beside «how many»: attempts that
    /// could not have succeeded, and how long until the model got its
    /// answer ([`crate::lab::grading::judgement::Judgement`]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub wasted: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer_ms: Option<u64>,
    /// Retries in the whole run, and the tool calls it made (a run of
    /// several calls shows its total beside each call's).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub retries: usize,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub calls: usize,
    /// For a failing row, why no harness makes it pass on this server, if
    /// none does ([`harness_cannot`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub beyond: Option<HarnessCannot>,
}

/// As the derived `Serialize` writes a row, field by field in its order:
/// the fields left out when zero or none are left out here too.
impl ToJson for SuiteRow {
    fn to_json(&self) -> Json {
        let mut m = Map::new();
        m.put("scenario", &self.scenario);
        m.put("reports", &self.reports);
        m.put("tool", &self.tool);
        m.put("ending", &self.ending);
        m.put("pass", &self.pass);
        m.put("notes", &self.notes);
        m.put("break_step", &self.break_step);
        m.put("attempts", &self.attempts);
        m.put("leaks", &self.leaks);
        m.put_unless_default("wasted", &self.wasted);
        m.put_unless_default("answer_ms", &self.answer_ms);
        m.put_unless_default("retries", &self.retries);
        m.put_unless_default("calls", &self.calls);
        m.put_unless_default("beyond", &self.beyond);
        Json::Obj(m)
    }
}

/// A row stored by an earlier version reads its later fields as none.
impl FromJson for SuiteRow {
    fn from_json(v: &Json) -> Result<SuiteRow, String> {
        Ok(SuiteRow {
            scenario: field(v, "scenario")?,
            reports: field(v, "reports")?,
            tool: field(v, "tool")?,
            ending: field(v, "ending")?,
            pass: field(v, "pass")?,
            notes: field_or_default(v, "notes")?,
            break_step: field_or_default(v, "break_step")?,
            attempts: field_or_default(v, "attempts")?,
            leaks: field_or_default(v, "leaks")?,
            wasted: field_or_default(v, "wasted")?,
            answer_ms: field_or_default(v, "answer_ms")?,
            retries: field_or_default(v, "retries")?,
            calls: field_or_default(v, "calls")?,
            beyond: field_or_default(v, "beyond")?,
        })
    }
}

id_enum! {
    serde_by_name;
    /// Why no harness makes a failing row pass on its server: the harness
    /// side's counterpart of [`Unfixable`], read from the failing run.
    #[derive(Serialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    HarnessCannot {
        /// The model rewrote the title when it called again: a business key
        /// digests the title, so no key the harness can make ties the two
        /// calls («只能靠评测侧去重»).
        TitleRewritten => "title_rewritten",
        /// The resend came after the server pruned the key: whatever key the
        /// harness sends, the server no longer knows it.
        KeyPruned => "key_pruned",
        /// The reports are right and only the notifications are wrong: the
        /// server's handler or its notifier sent them, after the harness's
        /// request; only the server's outbox and downstream key mend them.
        ServerNotifies => "server_notifies",
    }
}

impl HarnessCannot {
    /// Translation key of the reason (`lab.beyond.<id>`).
    pub fn key(self) -> String {
        format!("lab.beyond.{}", self.id())
    }
}

/// Why no harness makes `run` (a failing one) pass on its server, if so:
/// a duplicate no key can prevent (a rewritten title, a pruned key), or
/// notifications the server alone sends wrong.
pub fn harness_cannot(run: &Run, classes: &[FailureClass]) -> Option<HarnessCannot> {
    let pruned = run
        .steps()
        .iter()
        .any(|s| matches!(s.kind, StepKind::Cleanup { pruned } if pruned > 0));
    let duplicate = classes.contains(&FailureClass::Duplicate);
    if duplicate && crate::lab::faults::title_rewrite::rewritten(run) {
        Some(HarnessCannot::TitleRewritten)
    } else if duplicate && pruned {
        Some(HarnessCannot::KeyPruned)
    } else if !classes.is_empty() && classes.iter().all(|c| *c == FailureClass::Notification) {
        Some(HarnessCannot::ServerNotifies)
    } else {
        None
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Rows passed out of rows run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Score {
    pub pass: usize,
    pub total: usize,
}

/// The score of a suite's rows.
pub fn score(rows: &[SuiteRow]) -> Score {
    Score {
        pass: rows.iter().filter(|r| r.pass).count(),
        total: rows.len(),
    }
}

pub use crate::lab::grading::judgement::Clause;

/// The clauses `run` breaks, in their order (the judgement's).
pub fn broken_clauses(run: &Run) -> Vec<Clause> {
    run.judgement().clauses
}

/// The one pass rule: the judgement passes.
pub fn passes(run: &Run) -> bool {
    run.judgement().passes()
}

/// Steps at which a tool call of `tenant` got its result (what its model is told).
fn told_steps(run: &Run, tenant: usize) -> impl Iterator<Item = usize> + '_ {
    let tenant_of = |request: &usize| run.requests().get(*request).map_or(0, |r| r.tenant);
    run.steps().iter().enumerate().filter_map(move |(i, s)| {
        let told = match &s.kind {
            StepKind::Received { next, request, .. }
            | StepKind::Timeout { next, request }
            | StepKind::Deadline { next, request } => {
                matches!(next, Next::Finish { .. }) && tenant_of(request) == tenant
            }
            StepKind::Query { call, .. } => {
                run.calls().get(*call).map_or(0, |c| c.tenant) == tenant
            }
            StepKind::StatusQuery { call, next, .. } => {
                matches!(next, Next::Finish { .. })
                    && run.calls().get(*call).map_or(0, |c| c.tenant) == tenant
            }
            StepKind::HarnessBack => true,
            _ => false,
        };
        told.then_some(i)
    })
}

/// The index of the step at which the run broke the pass rule, if it did:
/// the commit of a tenant's second report, the moment what a tenant's model
/// was told became false (the telling, or a later commit that falsified
/// it), the replay of the old body's response to a changed body, or the use
/// of another tenant's record, whichever came first.
pub fn break_index(run: &Run) -> Option<usize> {
    let of_tenant = |t: usize| {
        run.survivors()
            .filter(move |w| run.requests().get(w.request).map_or(0, |r| r.tenant) == t)
            .map(|w| w.step)
            .collect::<Vec<usize>>()
    };
    let per_tenant = run.tenants().flat_map(|t| {
        let commits = of_tenant(t);
        let second = commits.get(1).copied();
        let n = run.done_of(t);
        let false_at = (!run.tool_outcome_of(t).is_truthful(n)).then(|| {
            let told = told_steps(run, t).last().unwrap_or(0);
            told.max(commits.first().copied().unwrap_or(0))
        });
        [second, false_at]
    });
    let first_use = |what| run.record_uses(what).first().map(|(i, _)| *i);
    let uses = [
        RecordUse::ChangedBody,
        RecordUse::Leak,
        RecordUse::TenantRefused,
    ]
    .map(first_use);
    per_tenant
        .chain(uses)
        .chain([
            notification_break(run),
            judged_break(run),
            effect_break(run),
        ])
        .flatten()
        .min()
}

/// Where the refund-like downstream's clauses broke: a tenant's second
/// effect, the first execution of an operation again after its effect,
/// the first effect without a valid approval, or the first replay to a
/// revoked principal (the server step that made it).
fn effect_break(run: &Run) -> Option<usize> {
    let step_of = |request: usize, at_ms: Option<u64>| {
        run.steps().iter().position(|s| {
            matches!(s.kind, StepKind::Server { request: r, .. } if r == request)
                && at_ms.is_none_or(|t| s.time_ms == t)
        })
    };
    let effect_step = |e: &crate::lab::EffectCall| step_of(e.request, Some(e.at_ms));
    let second = run.tenants().filter_map(|t| {
        let mut made = (run.effect_calls().iter()).filter(|e| e.tenant == t && e.made());
        made.nth(1).and_then(effect_step)
    });
    let at_request = |r: usize| {
        (run.effect_calls().iter())
            .find(|e| e.request == r)
            .and_then(effect_step)
    };
    let rerun = run.re_executions().first().and_then(|r| at_request(*r));
    let unapproved = run
        .unapproved_effects()
        .first()
        .and_then(|r| at_request(*r));
    let revoked = run
        .revoked_replays()
        .first()
        .and_then(|r| step_of(*r, None));
    second
        .chain([rerun, unapproved, revoked].into_iter().flatten())
        .min()
}

/// Where the clauses only the judgement knows broke: the first retry of a
/// TLS failure, the first commit where no report could be filed, or, for
/// nothing filed where a report was possible, the run's last step.
fn judged_break(run: &Run) -> Option<usize> {
    let clauses = run.judgement().clauses;
    let last = run.steps().len().checked_sub(1);
    let nothing = clauses
        .contains(&Clause::ReportWherePossible)
        .then_some(last)
        .flatten();
    let rerun = clauses
        .contains(&Clause::NoReportWhereImpossible)
        .then(|| run.survivors().map(|w| w.step).next())
        .flatten();
    let hopeless = [Waste::Hopeless, Waste::BeforeRetryAfter];
    let wasted = (clauses.contains(&Clause::NoHopelessRetry)
        || clauses.contains(&Clause::NoEarlyRetry))
    .then(|| first_wasted(run, &hopeless))
    .flatten();
    [
        crate::lab::grading::judgement::tls_retry_step(run),
        nothing,
        rerun,
        wasted,
    ]
    .into_iter()
    .flatten()
    .min()
}

/// Where the notifications went wrong: the second notification about a
/// report, or a notification whose report does not exist (from the later of
/// its sending and the end of its handler's chance to commit: the run's last
/// write or crash), or for a report never notified, the run's last step.
fn notification_break(run: &Run) -> Option<usize> {
    let dup = run.duplicate_notices().first().map(|n| n.step);
    let phantom = run.phantom_notices().first().map(|n| n.step);
    let last = run.steps().len().checked_sub(1);
    let lost = (!run.unnotified_reports().is_empty())
        .then_some(last)
        .flatten();
    [dup, phantom, lost].into_iter().flatten().min()
}

/// A run graded as a suite row.
pub fn grade(scenario: Scenario, run: &Run) -> SuiteRow {
    let judgement = run.judgement();
    let pass = judgement.passes();
    SuiteRow {
        scenario,
        reports: run.final_report_count(),
        tool: run.tool_outcome(),
        ending: judgement.ending,
        pass,
        notes: run.note_counts(),
        break_step: if pass {
            None
        } else {
            break_index(run).map(|i| i + 1)
        },
        attempts: judgement.attempts,
        leaks: judgement.leaks,
        wasted: judgement.wasted,
        answer_ms: judgement.answer_ms,
        retries: judgement.retries,
        calls: judgement.calls.len(),
        beyond: harness_cannot(run, &judgement.classes),
    }
}

/// A change of a design: mechanisms added, and those they replace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Change {
    pub add: Vec<Mechanism>,
    /// Mechanisms the added ones exclude (`claim` replaces `record_after`).
    pub remove: Vec<Mechanism>,
    /// The design after the change.
    pub design: Design,
}

impl Change {
    /// `design` with `add`, minus what they exclude; `None` if the result
    /// breaks a rule or changes nothing.
    pub fn of(design: Design, add: &[Mechanism]) -> Option<Change> {
        if add.iter().any(|m| design.has(*m)) || add.is_empty() {
            return None;
        }
        let added = add.iter().fold(design, |d, m| d.with(*m));
        let remove: Vec<Mechanism> = design
            .mechanisms()
            .into_iter()
            .filter(|m| m.gives_way_to().iter().any(|w| added.has(*w)))
            .collect();
        let result = remove.iter().fold(added, |d, m| d.without(*m));
        result.is_valid().then(|| Change {
            add: add.to_vec(),
            remove,
            design: result,
        })
    }
}

/// The order in which the chapter builds the server, after `naive`:
/// - `claim`: «服务端把"记下键"和"执行副作用"放进同一个事务»; its opposite,
///   «先插数据，再记幂等键», is one of the chapter's «常见错误说法», so
///   `record_after` is never a step (from `key_split`, `claim` replaces it);
/// - `digest`: «同键、不同请求体 SHOULD 返回 422»;
/// - `store_errors`: «SHOULD 返回上一次的结果（成功或错误）», Stripe «包括 500»;
/// - `lease`: 追问 «占了键之后进程被 kill -9 怎么办？…超过租约还没完成就允许新请求接管»;
/// - `guard`, then `fence`: «写回时 UPDATE … WHERE key=? AND status='in_progress'
///   AND fence=?», the token being the last line («再用 fencing token 兜底»);
/// - past the database, the first 追问: `outbox` («先在本地事务里写一条"待发送"
///   记录，再由单独的发送流程按记录投递»), then `downstream_key` («投递本身也要
///   能去重», «把幂等键继续传给下游»). `notify_before_commit` is the hurried
///   handler, never a step; `downstream_fence` is not the chapter's.
///
/// Each mechanism states its place ([`crate::lab::mechanisms::Def::chapter_place`]);
/// `tenant_scope` (`003_*.txt`), which the chapter's own order never
/// reaches, comes after it, then 003's recovery mechanisms: what a fix may
/// add.
pub fn fix_order() -> Vec<Mechanism> {
    let mut placed: Vec<(u8, Mechanism)> = Mechanism::ALL
        .into_iter()
        .filter_map(|m| m.def().chapter_place.map(|p| (p, m)))
        .collect();
    placed.sort();
    placed.into_iter().map(|(_, m)| m).collect()
}

/// The mechanism the chapter adds next to `design`, `tenant_scope` last
/// ([`fix_order`]: a row's fix may name it, so «本章的机制都已经加上了» waits
/// for it too); `None` once every one is in it.
pub fn next_mechanism(design: Design) -> Option<Change> {
    fix_order()
        .into_iter()
        .filter(|m| !design.has(*m))
        .find_map(|m| Change::of(design, &[m]))
}

/// Why no server mechanism makes a scenario pass, read from its failing run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum Unfixable {
    /// The requests carry no key, so the server cannot tell a retry.
    NoKey,
    /// The key changed between attempts of one tool call (`new_key`).
    KeyChangesPerAttempt,
    /// The model called the tool again: a new tool_use id, a new key. Only
    /// a key that survives a model re-call (a business key) can tie them.
    KeyChangesOnModelRecall,
    /// The key was pruned before the resend: outside any retention, only
    /// deduplication on the evaluation side can help.
    KeyPruned,
    /// None of the above; nothing within two mechanisms helps.
    Other,
    /// The model rewrote the title when it called again: neither a tool_use
    /// key nor a business key ties the two calls; only deduplication on the
    /// evaluation side can («只能靠评测侧去重»).
    TitleRewritten,
}

impl Unfixable {
    /// Translation key of the sentence (`lab.unfixable.<id>`).
    pub fn key(self) -> String {
        let id = match self {
            Unfixable::NoKey => "no_key",
            Unfixable::KeyChangesPerAttempt => "key_changes_per_attempt",
            Unfixable::KeyChangesOnModelRecall => "key_changes_on_model_recall",
            Unfixable::KeyPruned => "key_pruned",
            Unfixable::Other => "other",
            Unfixable::TitleRewritten => "title_rewritten",
        };
        format!("lab.unfixable.{id}")
    }
}

/// The smallest change that makes a failing scenario pass.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum Fix {
    /// This change makes it pass; `breaks` lists the suite's scenarios that
    /// pass now and would fail after it (the page must say so).
    Change {
        change: Change,
        breaks: Vec<Scenario>,
    },
    /// No server change does; `instead` is a client that breaks no rule of
    /// the chapter with which this design (or it after a change a fix may
    /// make) passes this row, and which scores strictly higher than the
    /// current client on the suite's scenarios with every mechanism a fix
    /// may add (one fixed design, so the hints order the clients and never
    /// go round in a circle: under `careful` «换成「稳定键」», never back).
    NoServerFix {
        why: Unfixable,
        instead: Option<ClientStrategy>,
        /// No client that breaks no rule of the chapter makes this row
        /// pass, on this design or after any change a fix may make: the
        /// row no design reaches with any client.
        #[serde(default)]
        no_client: bool,
    },
    /// No server change does, and this flip of the harness (one token)
    /// does; `breaks` as for a change.
    Harness { flip: Flip, breaks: Vec<Scenario> },
}

/// One token of a harness changed (a fix on the harness's side, see
/// `grading::harness_fix`): the token (`noretry_tls`) and the harness it makes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Flip {
    pub token: String,
    pub harness: crate::lab::harness::Harness,
}

/// What the chapter's next mechanism does to a suite.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct NextStep {
    pub change: Change,
    /// Rows that turn green, and rows that turn red.
    pub fixed: Vec<Scenario>,
    pub broken: Vec<Scenario>,
}

/// Rows that pass in `after` but not in `before`, and the reverse.
pub fn compare(before: &[SuiteRow], after: &[SuiteRow]) -> (Vec<Scenario>, Vec<Scenario>) {
    let pass = |rows: &[SuiteRow], sc: Scenario| rows.iter().any(|r| r.scenario == sc && r.pass);
    let scenarios = || before.iter().map(|r| r.scenario);
    let fixed = scenarios()
        .filter(|sc| !pass(before, *sc) && pass(after, *sc))
        .collect();
    let broken = scenarios()
        .filter(|sc| pass(before, *sc) && !pass(after, *sc))
        .collect();
    (fixed, broken)
}

/// Why `run` (a failing one) cannot be fixed on the server.
pub fn unfixable(run: &Run) -> Unfixable {
    let pruned = run
        .steps()
        .iter()
        .any(|s| matches!(s.kind, StepKind::Cleanup { pruned } if pruned > 0));
    let reqs = run.requests();
    let differs = |same_call: bool| {
        reqs.iter().enumerate().any(|(i, r)| {
            reqs[..i]
                .iter()
                .any(|p| (p.call == r.call) == same_call && p.key != r.key)
        })
    };
    if pruned {
        Unfixable::KeyPruned
    } else if crate::lab::faults::title_rewrite::rewritten(run) {
        Unfixable::TitleRewritten
    } else if reqs.iter().all(|r| r.key.is_none()) {
        Unfixable::NoKey
    } else if differs(true) {
        Unfixable::KeyChangesPerAttempt
    } else if differs(false) {
        Unfixable::KeyChangesOnModelRecall
    } else {
        Unfixable::Other
    }
}

#[cfg(feature = "sqlite")]
pub use engine::*;

#[cfg(feature = "sqlite")]
mod engine {
    use super::*;
    use crate::lab::grading::rules::{design_breaks, server_breaks};
    use crate::lab::harness::Harness;
    use crate::lab::model::ids::Preset;
    use crate::lab::model::sim::run_fast;

    fn row(design: Design, harness: Harness, seed: u64, sc: Scenario) -> SuiteRow {
        grade(sc, &run_fast(&sc.schedule(), harness, design, seed))
    }

    /// Runs `design` against every scenario with one harness (one of the
    /// six clients, or any harness design).
    pub fn suite(
        design: Design,
        harness: impl Into<Harness>,
        seed: u64,
        scenarios: &[Scenario],
    ) -> Vec<SuiteRow> {
        let harness = harness.into();
        scenarios
            .iter()
            .map(|sc| row(design, harness, seed, *sc))
            .collect()
    }

    /// The scenarios of `rows` that pass now and fail on `design`.
    pub(crate) fn breaks(
        design: Design,
        harness: Harness,
        seed: u64,
        rows: &[SuiteRow],
    ) -> Vec<Scenario> {
        rows.iter()
            .filter(|r| r.pass && !row(design, harness, seed, r.scenario).pass)
            .map(|r| r.scenario)
            .collect()
    }

    /// The most mechanisms a fix adds: the claim and the lease a stuck
    /// claim needs, and one for each rule the result would otherwise break
    /// (`claim` wants `digest`, `lease` wants `fence`).
    const MAX_ADDED: usize = 4;

    /// Every change of one, then two, then three mechanisms, in the
    /// chapter's order, whose result breaks none of the chapter's rules
    /// ([`server_breaks`]): never `record_after` (inserting before the key
    /// is recorded), never a key record without `digest` (a changed body
    /// would get the old response), never a lease without `fence` (so
    /// neither `leased_unguarded` nor `leased`).
    fn changes(design: Design) -> Vec<Change> {
        let order = fix_order();
        let n = order.len();
        let mut subsets: Vec<Vec<usize>> = (1u32..1 << n)
            .map(|bits| (0..n).filter(|i| bits >> i & 1 == 1).collect::<Vec<_>>())
            .filter(|s| s.len() <= MAX_ADDED)
            .collect();
        subsets.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
        subsets
            .iter()
            .map(|s| s.iter().map(|i| order[*i]).collect::<Vec<_>>())
            .filter_map(|add| Change::of(design, &add))
            .filter(|c| server_breaks(c.design).is_empty())
            .collect()
    }

    /// Whether `client` breaks none of the chapter's rules on its own (it
    /// neither retries without a key nor draws a new key per attempt).
    fn abiding(client: ClientStrategy) -> bool {
        design_breaks(client, Preset::Fenced).is_empty()
    }

    /// The smallest change of `design` that makes `scenario` pass with
    /// `client` and leaves a design that breaks no rule of the chapter
    /// (see [`changes`]), preferring one that breaks no other row of `rows`
    /// (the suite's rows on `design`); `None` if it passes already.
    pub fn smallest_fix(
        design: Design,
        harness: impl Into<Harness>,
        seed: u64,
        scenario: Scenario,
        rows: &[SuiteRow],
    ) -> Option<Fix> {
        let client = harness.into();
        let failing = run_fast(&scenario.schedule(), client, design, seed);
        if passes(&failing) {
            return None;
        }
        let all = changes(design);
        let size = |c: &Change| c.add.len();
        let mut found: Option<(Change, Vec<Scenario>)> = None;
        for change in all
            .iter()
            .filter(|c| row(c.design, client, seed, scenario).pass)
        {
            if found.as_ref().is_some_and(|(f, _)| size(f) < size(change)) {
                break;
            }
            let broken = breaks(change.design, client, seed, rows);
            let better = found.as_ref().is_none_or(|(_, b)| b.len() > broken.len());
            if better {
                found = Some((change.clone(), broken));
            }
        }
        if let Some((change, breaks)) = found {
            return Some(Fix::Change { change, breaks });
        }
        let designs: Vec<Design> = std::iter::once(design)
            .chain(all.iter().map(|ch| ch.design))
            .collect();
        let fixers: Vec<ClientStrategy> = ClientStrategy::ALL
            .into_iter()
            .filter(|c| Harness::from(*c) != client && abiding(*c))
            .filter(|c| {
                designs
                    .iter()
                    .any(|d| row(*d, (*c).into(), seed, scenario).pass)
            })
            .collect();
        let scenarios: Vec<Scenario> = rows.iter().map(|r| r.scenario).collect();
        let full = fix_order().into_iter().fold(Design::NONE, |d, m| d.with(m));
        let on_full = |c: Harness| score(&suite(full, c, seed, &scenarios)).pass;
        let now = on_full(client);
        let instead = fixers.iter().copied().find(|c| on_full((*c).into()) > now);
        let no_client = fixers.is_empty();
        // The reason shows on the design itself or, for one that ignores
        // keys, once it keeps them (a key can only be pruned if recorded).
        let why = std::iter::once(failing)
            .chain(
                all.iter()
                    .map(|ch| run_fast(&scenario.schedule(), client, ch.design, seed)),
            )
            .map(|r| unfixable(&r))
            .find(|u| *u != Unfixable::Other)
            .unwrap_or(Unfixable::Other);
        Some(Fix::NoServerFix {
            why,
            instead,
            no_client,
        })
    }

    /// The chapter's next mechanism for `design`, and which rows of the
    /// suite it turns green or red.
    pub fn next_step(
        design: Design,
        harness: impl Into<Harness>,
        seed: u64,
        rows: &[SuiteRow],
    ) -> Option<NextStep> {
        let client = harness.into();
        let change = next_mechanism(design)?;
        let scenarios: Vec<Scenario> = rows.iter().map(|r| r.scenario).collect();
        let after = suite(change.design, client, seed, &scenarios);
        let (fixed, broken) = compare(rows, &after);
        Some(NextStep {
            change,
            fixed,
            broken,
        })
    }
}
