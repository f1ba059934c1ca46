//! What a finished run is, as the UI, the matrix and the tests read it.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::faults::FaultSchedule;
use super::ids::{ClientStrategy, ServerImpl, ToolOutcome, Verdict};
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

/// One matrix cell: the final count and what the model was told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    pub reports: usize,
    pub tool: ToolOutcome,
    /// A good ending reached by luck (see [`crate::lab::explain::lucky`]).
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
            lucky: crate::lab::explain::lucky(self),
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
