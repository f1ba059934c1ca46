//! What a finished run is, as the UI, the matrix and the tests read it.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::faults::{FaultSchedule, KEY_RETENTION_MS};
use super::ids::{ClientStrategy, Ending, ServerImpl, ToolOutcome, Verdict};
use super::trace::*;

/// One tool call as the harness ran it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
pub struct Run {
    pub client: ClientStrategy,
    pub server: ServerImpl,
    pub seed: u64,
    pub schedule: FaultSchedule,
    pub(super) steps: Vec<Step>,
    pub(super) requests: Vec<RequestInfo>,
    pub(super) calls: Vec<CallSummary>,
    pub(super) final_count: usize,
    /// The run hit the event cap (its last step says so).
    pub truncated: bool,
}

/// One matrix cell: the final count, what the model was told, and whether
/// a changed body got the old body's response replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    pub reports: usize,
    pub tool: ToolOutcome,
    /// A good ending reached by luck (see [`crate::lab::explain::lucky`]).
    pub lucky: bool,
    /// Some request got a replayed stored response although its body
    /// differs from the one stored with its key (see
    /// [`Run::changed_body_replays`]).
    pub changed_body: bool,
}

impl Cell {
    /// How the run ended, in the lab's one vocabulary.
    pub fn ending(self) -> Ending {
        Ending::of(self.reports, self.tool, self.changed_body)
    }
}

impl Run {
    /// What the model finally knows, from every tool result it got: told
    /// «created» once, it knows a report exists; otherwise any «unknown»
    /// leaves it unknown; otherwise the last call's answer. A call without a
    /// result (a truncated run) counts as unknown.
    pub fn tool_outcome(&self) -> ToolOutcome {
        let outs: Vec<ToolOutcome> = self
            .calls
            .iter()
            .map(|c| c.outcome().unwrap_or(ToolOutcome::Unknown))
            .collect();
        if outs.contains(&ToolOutcome::Created) {
            ToolOutcome::Created
        } else if outs.contains(&ToolOutcome::Unknown) || outs.is_empty() {
            ToolOutcome::Unknown
        } else {
            outs[outs.len() - 1]
        }
    }

    /// The matrix cell of this run.
    pub fn cell(&self) -> Cell {
        Cell {
            reports: self.final_count,
            tool: self.tool_outcome(),
            lucky: crate::lab::explain::lucky(self),
            changed_body: !self.changed_body_replays().is_empty(),
        }
    }

    /// How the run ended, in the lab's one vocabulary.
    pub fn ending(&self) -> Ending {
        Ending::of(
            self.final_count,
            self.tool_outcome(),
            !self.changed_body_replays().is_empty(),
        )
    }

    /// The requests (their ids) that got a replayed stored response
    /// although their body digest differs from the digest stored with
    /// their key: the server answered a changed body with the old body's
    /// response, where the chapter asks for 422 («同键、不同请求体 SHOULD
    /// 返回 422»). Read from the trace alone (no table snapshots needed):
    /// a key's digest is the one of the request that claimed it or, for
    /// `key_split`, recorded it; the cleanup forgets keys past retention,
    /// as the server's own pruning does.
    pub fn changed_body_replays(&self) -> Vec<usize> {
        let mut stored: std::collections::HashMap<&str, (&str, u64)> = Default::default();
        let mut out = Vec::new();
        for s in &self.steps {
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
                    if matches!(
                        decision,
                        Decision::Claimed { .. } | Decision::KeyRecorded { .. }
                    ) {
                        stored.insert(key, (&req.digest, s.time_ms));
                    }
                    let replayed = response.as_ref().is_some_and(|r| r.replayed);
                    if replayed && stored.get(key).is_some_and(|(d, _)| *d != req.digest) {
                        out.push(*request);
                    }
                }
                StepKind::Cleanup { .. } => {
                    let cutoff = s.time_ms.saturating_sub(KEY_RETENTION_MS);
                    stored.retain(|_, (_, at)| *at >= cutoff);
                }
                _ => {}
            }
        }
        out
    }

    /// Whether the server answered `request` with a quota 429 (no
    /// `Retry-After`, before any work).
    pub fn quota_refused(&self, request: usize) -> bool {
        self.steps.iter().any(|s| {
            matches!(
                s.kind,
                StepKind::Server {
                    request: r,
                    decision: Decision::RateLimited { quota: true },
                    ..
                } if r == request
            )
        })
    }

    /// The translation key of the tool result `result` that ended with the
    /// answer to `request`: a quota 429 gets its own text (nothing was
    /// created, and retrying will not help until the quota resets: the
    /// chapter's «额度类 429 直接终止»), never «try again later».
    pub fn tool_text_key(&self, result: ToolResult, request: Option<usize>) -> &'static str {
        match result {
            ToolResult::NotCreated if request.is_some_and(|r| self.quota_refused(r)) => {
                "lab.tool.quota"
            }
            _ => result.key(),
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
