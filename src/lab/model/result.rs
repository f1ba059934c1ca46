//! What a finished run is, as the UI, the matrix, the workbench and the
//! tests read it: the run with its trace, its matrix cell, and who wrote the
//! reports that survived.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::kernel::json::json_struct;
use crate::lab::faults::FaultSchedule;
use crate::lab::harness::Harness;
use crate::lab::model::design::Design;
use crate::lab::model::ids::{Ending, ToolOutcome, Verdict};
use crate::lab::model::times::KEY_RETENTION_MS;
use crate::lab::model::trace::*;

/// One tool call as the harness ran it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct CallSummary {
    pub tool_use_id: String,
    pub attempts: u32,
    /// How the last attempt ended (the final HTTP outcome the harness saw).
    pub last: Option<AttemptOutcome>,
    /// The tool result handed to the model (`None` only if the run was cut short).
    pub result: Option<ToolResult>,
    pub give_up: Option<GiveUp>,
    /// `query_first`: the model's query after an unknown result, and the
    /// report it found.
    pub query: Option<Option<i64>>,
    /// Whose agent made the call (0: the first tenant's).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tenant: usize,
    /// How long after the model's call it got its answer (the last one, if
    /// a deferral queue answered again).
    #[serde(default)]
    pub answered_ms: Option<u64>,
    /// Which of its tenant's reports the call files (0 unless the run files
    /// several different ones, `many_tools`); a model re-call keeps it.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub task: usize,
    /// The status reference the service gave the call, if any (the model
    /// reads it with «结果未知»).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status_ref: Option<String>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl CallSummary {
    /// What this call finally told the model (its query included).
    pub fn outcome(&self) -> Option<ToolOutcome> {
        match self.query {
            Some(Some(_)) => Some(ToolOutcome::Created),
            _ => self.result.map(ToolResult::outcome),
        }
    }
}

/// A finished run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Run {
    pub harness: Harness,
    pub design: Design,
    pub seed: u64,
    pub schedule: FaultSchedule,
    pub(in crate::lab) steps: Vec<Step>,
    pub(in crate::lab) requests: Vec<RequestInfo>,
    pub(in crate::lab) calls: Vec<CallSummary>,
    pub(in crate::lab) final_count: usize,
    /// Every write-back that committed a report or was rolled back, in order.
    pub(in crate::lab) writes: Vec<Write>,
    /// Every call the service made to the notifier, and what the notifier
    /// did with those that reached it.
    pub(in crate::lab) note_calls: Vec<NoteCall>,
    pub(in crate::lab) notices: Vec<Notice>,
    /// A good ending reached by luck (see `lab::model::sim::lucky`).
    pub(in crate::lab) lucky: bool,
    /// The run hit the event cap (its last step says so).
    pub truncated: bool,
    /// Every call the service's work made to the refund-like downstream.
    pub(in crate::lab) effects: Vec<crate::lab::model::downstream::EffectCall>,
}

/// How the handler held the key when it wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum Holder {
    /// It held no claim: no key handling, a request without a key, or
    /// `record_after` (which records the key only after the report).
    Unclaimed,
    /// It claimed the key when it arrived.
    Claimant,
    /// It took over a claim whose lease had expired (`fence`: its token).
    Taker { fence: Option<i64> },
}

/// What became of one handler's report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum WriteOutcome {
    /// The report was committed. `stale`: the handler's lease had already
    /// ended when it committed (a stale write-back that got through).
    Committed { report_id: i64, stale: bool },
    /// The write-back matched no row, so the report was rolled back.
    RolledBack { why: RollbackCause },
}

/// Which condition of the write-back matched no row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum RollbackCause {
    /// `AND status = 'in_progress'`: someone else's write-back came first.
    Guard,
    /// `AND fence = ?`: a takeover raised the token from `held` to `current`.
    Fence { held: i64, current: i64 },
    /// The key's record was gone (released by another handler's failure).
    RecordGone,
}

/// One handler's write, as the narration tells it: which request, at which
/// step (index into [`Run::steps`]), holding the key how, with what result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Write {
    pub request: usize,
    pub step: usize,
    pub holder: Holder,
    pub outcome: WriteOutcome,
}

impl Write {
    /// The report this write committed, if it did.
    pub fn report(&self) -> Option<i64> {
        match self.outcome {
            WriteOutcome::Committed { report_id, .. } => Some(report_id),
            WriteOutcome::RolledBack { .. } => None,
        }
    }
}

/// One call the notifier handled: at which step, with what outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Notice {
    pub call: usize,
    pub step: usize,
    pub outcome: NoticeOutcome,
}

/// What became of the notifications: how many the notifier sent, and
/// against the committed reports, how many reports got none (lost), how
/// many extra ones a report got (duplicated), and how many name a report
/// that does not exist (phantom: its transaction rolled back, or never ran).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[derive(Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct NoteCounts {
    pub delivered: usize,
    pub lost: usize,
    pub duplicated: usize,
    pub phantom: usize,
}

json_struct!(NoteCounts {
    delivered,
    lost,
    duplicated,
    phantom
});

impl NoteCounts {
    /// Exactly one notification per committed report, none about another.
    pub fn is_exact(self) -> bool {
        self.lost == 0 && self.duplicated == 0 && self.phantom == 0
    }
}

/// One matrix cell: the final count, what the model was told, and whether
/// a changed body got the old body's response replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Cell {
    pub reports: usize,
    pub tool: ToolOutcome,
    /// A good ending reached by luck: some attempt may have run, and a retry
    /// carried no key or a different one.
    pub lucky: bool,
    /// Some request got a replayed stored response although its body
    /// differs from the one stored with its key (see
    /// [`Run::changed_body_replays`]).
    pub changed_body: bool,
    /// The notifications: «通知发了几次», and which were wrong.
    #[serde(default)]
    pub notes: NoteCounts,
    /// How the run ended ([`Run::ending`]: with two tenants, the worse of
    /// their endings, a leak or a cross-tenant refusal first).
    pub ending: Ending,
    /// HTTP attempts the harnesses sent.
    pub attempts: usize,
    /// Requests answered with another tenant's stored response.
    pub leaks: usize,
    /// Requests refused (422) because another tenant's record holds the
    /// same key string.
    pub tenant_refusals: usize,
    /// The judgement passes ([`crate::lab::grading::judgement::Judgement::passes`]).
    #[serde(default)]
    pub pass: bool,
    /// The combination breaks a rule of the chapter, by design or in the
    /// run ([`crate::lab::grading::judgement::Judgement::breaks_rule`]): marked even
    /// where the count is right, never offered as a fix.
    #[serde(default)]
    pub rule_break: bool,
}

impl Cell {
    /// A cell of one created attempt with `reports` reports, for the tests
    /// of the cell and of the tables that hold cells.
    #[cfg(test)]
    pub(crate) fn sample(reports: usize, ending: Ending, notes: NoteCounts) -> Cell {
        Cell {
            reports,
            tool: ToolOutcome::Created,
            lucky: false,
            changed_body: false,
            notes,
            ending,
            attempts: 1,
            leaks: 0,
            tenant_refusals: 0,
            pass: reports == 1,
            rule_break: false,
        }
    }

    /// How the run ended, in the lab's one vocabulary.
    pub fn ending(self) -> Ending {
        self.ending
    }

    /// The classes a cell or a result card is drawn with: the count's
    /// verdict, the ending, whether the model knows the truth, and whether
    /// the notifications are off (one report also needs one notification).
    pub fn classes(self) -> String {
        let e = self.ending;
        format!(
            "verdict-{} ending-{} {}{}{}",
            Verdict::from_count(self.reports).id(),
            e.id(),
            if e.model_knows() {
                "model-knows"
            } else {
                "model-unsure"
            },
            if self.notes.is_exact() {
                ""
            } else {
                " notes-wrong"
            },
            if self.rule_break { " rule-broken" } else { "" }
        )
    }

    /// One of the counts a student can predict.
    pub fn count(self, measure: Measure) -> usize {
        match measure {
            Measure::Reports => self.reports,
            Measure::Notifications => self.notes.delivered,
            Measure::Attempts => self.attempts,
            Measure::Leaks => self.leaks,
        }
    }
}

/// What a «predict, then run» question counts in a run: the rows in
/// `reports` (the default, and all a request meant before the notifier),
/// the notifications the notifier sent («通知发了几次»), the HTTP
/// attempts, or the requests answered with another tenant's response.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[derive(Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    #[default]
    Reports,
    Notifications,
    Attempts,
    Leaks,
}

/// Whether a handler that decided `decision` wrote its key's response (a
/// write-back after the work; a takeover's handler writes over the
/// claimant's record). A failure's 500 is written only with `store_errors`:
/// without it, `record_after` writes nothing and a claim is released.
fn writes_response(decision: &Decision, design: Design) -> bool {
    match decision {
        Decision::Created { .. } | Decision::StaleCreated { .. } => true,
        Decision::Failed => design.stores_errors(),
        _ => false,
    }
}

/// What a handler that died after a `COMMIT` (`crash_before_notify`'s
/// fault) had committed of its key's record, read from its step's SQL:
/// (created the record, wrote its response). `record_after` inserts the
/// record with its response; a claiming design's write-back fills it in.
fn crash_wrote(step: &Step) -> (bool, bool) {
    let (mut created, mut responded) = (false, false);
    let (mut insert, mut update) = (false, false);
    for q in &step.sql {
        match q.outcome {
            SqlOutcome::Begun => (insert, update) = (false, false),
            SqlOutcome::Committed => {
                created |= insert;
                responded |= insert || update;
            }
            SqlOutcome::Rows(n) if n > 0 => {
                insert |= q.sql.starts_with("INSERT INTO idempotency_keys");
                update |= q.sql.starts_with("UPDATE idempotency_keys")
                    && q.sql.contains("response_status");
            }
            _ => {}
        }
    }
    (created, responded)
}

/// A key's record as [`Run::record_uses`] follows it through the trace.
struct StoredRecord<'a> {
    /// The digest of the request that created the record.
    digest: &'a str,
    /// The tenant whose request created it.
    owner: usize,
    /// The tenant whose handler wrote its response.
    responder: usize,
    /// The digest of the request whose handler wrote its response: after a
    /// released key was claimed again, a stale handler's write-back can
    /// store its own (older) body's answer under the new claim.
    answered: &'a str,
    /// When it was created.
    at: u64,
}

impl<'a> StoredRecord<'a> {
    fn new(req: &'a RequestInfo, at: u64) -> Self {
        Self {
            digest: &req.digest,
            owner: req.tenant,
            responder: req.tenant,
            answered: &req.digest,
            at,
        }
    }

    /// Whether its stored response answers a request with `digest`: the
    /// record was made for that body, and its response written for it.
    fn answers(&self, digest: &str) -> bool {
        self.digest == digest && self.answered == digest
    }
}

/// Who answered whom from a key's record, read from the trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum RecordUse {
    /// A replay of the record of the same tenant, stored for another body.
    ChangedBody,
    /// A replay of another tenant's stored response.
    Leak,
    /// 422 because another tenant's record holds the key string.
    TenantRefused,
}

impl Run {
    /// What the (first tenant's) model finally knows, from every tool
    /// result it got: told «created» once, it knows a report exists;
    /// otherwise any «unknown» leaves it unknown; otherwise the last call's
    /// answer. A call without a result (a truncated run) counts as unknown.
    pub fn tool_outcome(&self) -> ToolOutcome {
        self.tool_outcome_of(0)
    }

    /// The tenants whose agents made calls (0 alone, unless a second
    /// tenant's agent ran).
    pub fn tenants(&self) -> impl Iterator<Item = usize> + '_ {
        let n = self.calls.iter().map(|c| c.tenant + 1).max().unwrap_or(1);
        0..n
    }

    /// Reports that `tenant`'s requests left in the database: with one
    /// tenant, all of them.
    /// How many times `tenant`'s request was done: its reports, or, where
    /// the work makes a downstream effect, its effects if more (an effect
    /// made and never persisted is done all the same; no rollback undoes
    /// it).
    pub fn done_of(&self, tenant: usize) -> usize {
        self.reports_of(tenant).max(self.effects_of(tenant))
    }

    /// The downstream effects `tenant`'s requests made.
    pub fn effects_of(&self, tenant: usize) -> usize {
        (self.effects.iter())
            .filter(|e| e.tenant == tenant && e.made())
            .count()
    }

    /// Every call the work made to the downstream.
    pub fn effect_calls(&self) -> &[crate::lab::model::downstream::EffectCall] {
        &self.effects
    }

    /// Downstream calls (their requests) that executed an operation again
    /// after its effect was made (deduplicated by the downstream or not):
    /// 003, «再次调用原写工具只会继续返回未知…更不会再次执行».
    pub fn re_executions(&self) -> Vec<usize> {
        let mut made = Vec::new();
        let mut again = Vec::new();
        for e in &self.effects {
            let task = self
                .requests
                .get(e.request)
                .and_then(|r| self.calls.get(r.call))
                .map(|c| c.task);
            let op = (e.tenant, task);
            if made.contains(&op) {
                again.push(e.request);
            } else if e.made() {
                made.push(op);
            }
        }
        again
    }

    /// Downstream effects (their requests) made without a valid approval.
    pub fn unapproved_effects(&self) -> Vec<usize> {
        (self.effects.iter())
            .filter(|e| e.made() && !e.approved)
            .map(|e| e.request)
            .collect()
    }

    /// Replays (their requests) of a stored response to a principal whose
    /// permission was revoked: «缓存命中跳过当前授权检查».
    pub fn revoked_replays(&self) -> Vec<usize> {
        let Some(at) = self.schedule.revoke_at_ms else {
            return Vec::new();
        };
        (self.steps.iter())
            .filter(|s| s.time_ms >= at)
            .filter_map(|s| match &s.kind {
                StepKind::Server {
                    request,
                    decision: Decision::Replay,
                    ..
                } => Some(*request),
                _ => None,
            })
            .filter(|r| self.requests.get(*r).is_some_and(|q| q.tenant == 0))
            .collect()
    }

    pub fn reports_of(&self, tenant: usize) -> usize {
        if self.calls.iter().any(|c| c.task > 0) {
            return self.most_reports_of_one_task(tenant);
        }
        if self.calls.iter().all(|c| c.tenant == 0) {
            return if tenant == 0 { self.final_count } else { 0 };
        }
        let of = |w: &&Write| self.requests.get(w.request).map(|r| r.tenant) == Some(tenant);
        self.survivors().filter(of).count()
    }

    /// Where a tenant files several different reports (`many_tools`), its
    /// count is that of its most-filed report: twenty reports for twenty
    /// tool calls are twenty right answers, two for one call a duplicate.
    fn most_reports_of_one_task(&self, tenant: usize) -> usize {
        let task_of = |w: &Write| {
            let r = self.requests.get(w.request)?;
            let c = self.calls.get(r.call)?;
            (c.tenant == tenant).then_some(c.task)
        };
        let mut counts = std::collections::BTreeMap::<usize, usize>::new();
        for t in self.survivors().filter_map(task_of) {
            *counts.entry(t).or_default() += 1;
        }
        counts.into_values().max().unwrap_or(0)
    }

    /// What `tenant`'s model finally knows (see [`Run::tool_outcome`]).
    pub fn tool_outcome_of(&self, tenant: usize) -> ToolOutcome {
        let outs: Vec<ToolOutcome> = self
            .calls
            .iter()
            .filter(|c| c.tenant == tenant)
            .map(|c| c.outcome().unwrap_or(ToolOutcome::Unknown))
            .collect();
        // A call's «nothing was created» speaks for its own requests only:
        // where another call of the same tool use ended unsure, refused or
        // handed to a human, the model knows no more than that (a copy of a
        // double submit that failed its TLS check beside one denied after
        // its lost 201 must not read as «not created»).
        let unsure = [
            ToolOutcome::Unknown,
            ToolOutcome::HumanReview,
            ToolOutcome::Denied,
        ];
        if outs.contains(&ToolOutcome::Created) {
            ToolOutcome::Created
        } else if outs.is_empty() {
            ToolOutcome::Unknown
        } else {
            (unsure.into_iter())
                .find(|o| outs.contains(o))
                .unwrap_or(outs[outs.len() - 1])
        }
    }

    /// Every call the service made to the notifier.
    pub fn note_calls(&self) -> &[NoteCall] {
        &self.note_calls
    }

    /// Every call the notifier handled, in order.
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// The ids of the reports in the database at the end.
    fn committed_reports(&self) -> Vec<i64> {
        self.survivors().filter_map(Write::report).collect()
    }

    /// The committed report a call's notification is about: the report it
    /// names (after a commit, or the relay's row), or for a call made
    /// before the transaction, the report its handler went on to commit.
    /// `None`: it names no report that exists (a phantom).
    pub fn notice_report(&self, call: usize) -> Option<i64> {
        let c = self.note_calls.get(call)?;
        let named = match c.sender {
            NoteSender::Handler {
                request,
                before_commit: true,
            } => self
                .writes
                .iter()
                .find(|w| w.request == request)
                .and_then(Write::report),
            _ => c.report_id,
        };
        named.filter(|id| self.committed_reports().contains(id))
    }

    /// The notifications the notifier sent, in order (refused and ignored
    /// calls sent nothing).
    pub fn sent_notices(&self) -> impl Iterator<Item = &Notice> {
        self.notices
            .iter()
            .filter(|n| matches!(n.outcome, NoticeOutcome::Recorded { .. }))
    }

    /// Sent notifications that name no existing report.
    pub fn phantom_notices(&self) -> Vec<Notice> {
        self.sent_notices()
            .filter(|n| self.notice_report(n.call).is_none())
            .copied()
            .collect()
    }

    /// Sent notifications about a report that had been notified already.
    pub fn duplicate_notices(&self) -> Vec<Notice> {
        let mut seen = Vec::new();
        let mut out = Vec::new();
        for n in self.sent_notices() {
            if let Some(r) = self.notice_report(n.call) {
                if seen.contains(&r) {
                    out.push(*n);
                } else {
                    seen.push(r);
                }
            }
        }
        out
    }

    /// The committed reports no notification was sent about.
    pub fn unnotified_reports(&self) -> Vec<i64> {
        let about: Vec<i64> = self
            .sent_notices()
            .filter_map(|n| self.notice_report(n.call))
            .collect();
        self.committed_reports()
            .into_iter()
            .filter(|r| !about.contains(r))
            .collect()
    }

    /// The notification counts of this run.
    pub fn note_counts(&self) -> NoteCounts {
        NoteCounts {
            delivered: self.sent_notices().count(),
            lost: self.unnotified_reports().len(),
            duplicated: self.duplicate_notices().len(),
            phantom: self.phantom_notices().len(),
        }
    }

    /// Requests (their ids) answered with another tenant's stored response.
    pub fn leaks(&self) -> Vec<usize> {
        let mut leaks: Vec<usize> = (self.record_uses(RecordUse::Leak).into_iter())
            .map(|(_, r)| r)
            .chain(self.revoked_replays())
            .collect();
        leaks.sort_unstable();
        leaks.dedup();
        leaks
    }

    /// Requests (their ids) refused with 422 because another tenant's
    /// record holds the same key string.
    pub fn tenant_refusals(&self) -> Vec<usize> {
        self.record_uses(RecordUse::TenantRefused)
            .into_iter()
            .map(|(_, r)| r)
            .collect()
    }

    /// Every HTTP attempt the harnesses sent.
    pub fn attempts(&self) -> usize {
        self.requests.len()
    }

    /// The requests (their ids) that got a replayed stored response
    /// although their body digest differs from the digest stored with
    /// their key: the server answered a changed body with the old body's
    /// response, where the chapter asks for 422 («同键、不同请求体 SHOULD
    /// 返回 422»).
    pub fn changed_body_replays(&self) -> Vec<usize> {
        self.changed_body_replay_steps()
            .into_iter()
            .map(|(_, request)| request)
            .collect()
    }

    /// [`Run::changed_body_replays`] with the index of the step at which
    /// each was answered. Read from the trace alone (no table snapshots
    /// needed): a key's stored digest is written where its record is
    /// created, whatever response it will hold ([`Run::records_key`]); the
    /// cleanup forgets keys past retention, as the server's own pruning does.
    pub fn changed_body_replay_steps(&self) -> Vec<(usize, usize)> {
        self.record_uses(RecordUse::ChangedBody)
    }

    /// The (step, request) pairs at which a key's record was used as
    /// `what` says. Read from the trace alone (no table snapshots needed):
    /// a key's record, with its request's digest and tenant, is written
    /// where it is created, whatever response it will hold
    /// ([`Run::records_key`]); with `tenant_scope` the tenant is part of
    /// the key; the cleanup forgets keys past retention, as the server's own
    /// pruning does.
    pub fn record_uses(&self, what: RecordUse) -> Vec<(usize, usize)> {
        type Scope<'a> = (Option<usize>, &'a str);
        let scoped = self.design.scopes_tenant();
        // Per key: the digest and tenant of the request that created the
        // record, the tenant whose handler wrote its response, and when. A
        // run has a few keys: a list searched in order (hashing each step's
        // key cost more than the rest of this pass).
        let mut stored: Vec<(Scope, StoredRecord)> = Vec::new();
        let mut out = Vec::new();
        for (i, s) in self.steps.iter().enumerate() {
            match &s.kind {
                StepKind::Server {
                    request,
                    decision,
                    response,
                    ..
                } => {
                    let Some(req) = self.requests.get(*request) else {
                        continue;
                    };
                    let Some(key) = req.key.as_deref() else {
                        continue;
                    };
                    let scope = (scoped.then_some(req.tenant), key);
                    let (creates, responds) = match decision {
                        Decision::Crashed => crash_wrote(s),
                        _ => (
                            self.records_key(decision),
                            writes_response(decision, self.design),
                        ),
                    };
                    let at = stored.iter().position(|(k, _)| *k == scope);
                    if creates {
                        let rec = StoredRecord::new(req, s.time_ms);
                        match at {
                            Some(at) => stored[at].1 = rec,
                            None => stored.push((scope, rec)),
                        }
                    } else if let (true, Some(at)) = (responds, at) {
                        let rec = &mut stored[at].1;
                        rec.responder = req.tenant;
                        rec.answered = &req.digest;
                    }
                    let Some((_, rec)) = stored.iter().find(|(k, _)| *k == scope) else {
                        continue;
                    };
                    let replayed = response.as_ref().is_some_and(|r| r.replayed);
                    let found = match (replayed, decision) {
                        (true, _) if rec.responder != req.tenant => Some(RecordUse::Leak),
                        (true, _) if rec.owner == req.tenant && !rec.answers(&req.digest) => {
                            Some(RecordUse::ChangedBody)
                        }
                        (_, Decision::DigestMismatch) if rec.owner != req.tenant => {
                            Some(RecordUse::TenantRefused)
                        }
                        _ => None,
                    };
                    if found == Some(what) {
                        out.push((i, *request));
                    }
                }
                StepKind::Cleanup { .. } => {
                    let cutoff = s.time_ms.saturating_sub(KEY_RETENTION_MS);
                    stored.retain(|(_, rec)| rec.at >= cutoff);
                }
                _ => {}
            }
        }
        out
    }

    /// Whether a handler that decided `decision` created its key's record,
    /// with its own request digest: a claim (`claim`), or the record written
    /// after the report (`record_after`), or after a failure whose 500 is
    /// stored (`record_after` with `store_errors`). A takeover keeps the
    /// claimant's digest, and a write-back only fills in the response.
    fn records_key(&self, decision: &Decision) -> bool {
        match decision {
            Decision::Claimed { .. } | Decision::KeyRecorded { .. } => true,
            Decision::Failed => self.design.records_after() && self.design.stores_errors(),
            _ => false,
        }
    }

    /// The last request of the last tool call (the one its result answers).
    pub fn final_request(&self) -> Option<usize> {
        let call = self.calls.len().checked_sub(1)?;
        self.requests
            .iter()
            .rev()
            .find(|r| r.call == call)
            .map(|r| r.id)
    }

    /// Every step, in time order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Every HTTP request the harness sent.
    pub fn requests(&self) -> &[RequestInfo] {
        &self.requests
    }

    /// Every write-back that committed a report or was rolled back.
    pub fn writes(&self) -> &[Write] {
        &self.writes
    }

    /// The writes whose reports are in the database at the end (reports
    /// are never deleted, so every committed one).
    pub fn survivors(&self) -> impl Iterator<Item = &Write> {
        self.writes.iter().filter(|w| w.report().is_some())
    }

    /// Every tool call (more than one when the model called again).
    pub fn calls(&self) -> &[CallSummary] {
        &self.calls
    }

    /// The last tool call: its final HTTP outcome and the tool result.
    pub fn final_call(&self) -> Option<&CallSummary> {
        self.calls.last()
    }

    /// The final HTTP outcome the harness saw on its last attempt.
    pub fn final_outcome(&self) -> Option<AttemptOutcome> {
        self.calls.last().and_then(|c| c.last)
    }

    /// The tool result the model got last.
    pub fn tool_result(&self) -> Option<ToolResult> {
        self.calls.last().and_then(|c| c.result)
    }

    /// Reports in the database when everything has settled.
    pub fn final_report_count(&self) -> usize {
        self.final_count
    }

    /// What the final count means.
    pub fn verdict(&self) -> Verdict {
        Verdict::from_count(self.final_count)
    }

    /// SHA-256 of the whole trace as JSON: equal natively and in wasm.
    pub fn trace_digest(&self) -> String {
        let json = serde_json::to_string(&self.steps).expect("trace serialises");
        hex::encode(Sha256::digest(json.as_bytes()))
    }
}

#[cfg(test)]
mod cell_tests {
    use super::*;

    fn cell(reports: usize, ending: Ending, notes: NoteCounts) -> Cell {
        Cell::sample(reports, ending, notes)
    }

    #[test]
    fn a_cells_classes_name_its_verdict_ending_knowledge_and_notifications() {
        let exact = NoteCounts::default();
        assert_eq!(
            cell(1, Ending::OneKnown, exact).classes(),
            "verdict-one ending-one_known model-knows"
        );
        let duplicated = NoteCounts {
            duplicated: 1,
            ..exact
        };
        assert_eq!(
            cell(2, Ending::Duplicate, duplicated).classes(),
            "verdict-duplicate ending-duplicate model-unsure notes-wrong"
        );
    }
}
