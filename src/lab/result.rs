//! What a finished run is, as the UI, the matrix, the workbench and the
//! tests read it: the run with its trace, its matrix cell, and who wrote the
//! reports that survived.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::design::Design;
use super::faults::FaultSchedule;
use super::ids::{ClientStrategy, ToolOutcome, Verdict};
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
    pub design: Design,
    pub seed: u64,
    pub schedule: FaultSchedule,
    pub(super) steps: Vec<Step>,
    pub(super) requests: Vec<RequestInfo>,
    pub(super) calls: Vec<CallSummary>,
    pub(super) final_count: usize,
    /// Every write-back that committed a report or was rolled back, in order.
    pub(super) writes: Vec<Write>,
    /// A good ending reached by luck (see `lab::sim::lucky`).
    pub(super) lucky: bool,
    /// The run hit the event cap (its last step says so).
    pub truncated: bool,
}

/// How the handler held the key when it wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
pub enum WriteOutcome {
    /// The report was committed. `stale`: the handler's lease had already
    /// ended when it committed (a stale write-back that got through).
    Committed { report_id: i64, stale: bool },
    /// The write-back matched no row, so the report was rolled back.
    RolledBack { why: RollbackCause },
}

/// Which condition of the write-back matched no row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

/// One matrix cell: the final count and what the model was told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    pub reports: usize,
    pub tool: ToolOutcome,
    /// A good ending reached by luck: some attempt may have run, and a retry
    /// carried no key or a different one.
    pub lucky: bool,
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
            lucky: self.lucky,
        }
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
