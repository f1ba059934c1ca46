//! What a run says to the student in words: the count, the verdict line,
//! what the model was told and the text of a tool result. The verdict line,
//! the card, the matrix cells and the legend all speak of a run's
//! [`Ending`], so they cannot disagree; the native tests check every run's
//! words against its tool outcome.

use crate::kernel::text::{Arg, Sentence};
use crate::lab::grading::judgement::Judgement;
use crate::lab::model::ids::{Ending, ToolOutcome};
use crate::lab::model::result::{Cell, Run};
use crate::lab::model::trace::ToolResult;

/// `2 份报告` / `2 reports`: the table's singular or plural, by `n`.
pub fn reports(n: usize) -> Sentence {
    Sentence::counted(n as u64, "lab.unit.reports.one", "lab.unit.reports.other")
}

/// An ending in words, as the legend and the verdict line say it.
pub fn ending_text(e: Ending) -> Sentence {
    Sentence::new(format!("lab.ending.{}", e.id()))
}

/// The verdict line of a settled run: its count and its ending.
pub fn verdict_line(c: Cell) -> Sentence {
    Sentence::new("lab.verdict.final")
        .arg("count", reports(c.reports))
        .arg("ending", ending_text(c.ending()))
}

/// What the model knows, as the card says it.
pub fn model_view(tool: ToolOutcome) -> Sentence {
    Sentence::new(format!("lab.toolout.{}", tool.id()))
}

/// The tool result as the model reads it; `request` is the request whose
/// answer ended the call (a quota 429 has its own text). «结果未知» names
/// the call's `status_ref` when the service gave one: 003's model needs it
/// to query instead of resending.
pub fn tool_text(run: &Run, result: ToolResult, request: Option<usize>) -> Sentence {
    let key = run.tool_text_key(result, request);
    match result {
        ToolResult::Created { report_id, .. }
        | ToolResult::Found { report_id }
        | ToolResult::Reconciled { report_id } => {
            Sentence::new(key).arg("id", Arg::Raw(report_id.to_string().into()))
        }
        ToolResult::Unknown => {
            match request.and_then(|r| super::recovery::status_ref_line(run, r)) {
                Some(line) => Sentence::sentences([Sentence::new(key), line]),
                None => Sentence::new(key),
            }
        }
        _ => Sentence::new(key),
    }
}

/// With two tenants, one line per tenant: its name, its reports and its
/// own ending («租户 A：1 份报告，只有一份，模型知道已创建»), then what its
/// model was told; empty with one tenant (the verdict line says it all).
pub fn tenant_lines(j: &Judgement) -> Vec<(usize, Sentence, Sentence)> {
    if j.tenants.len() < 2 {
        return Vec::new();
    }
    j.tenants
        .iter()
        .map(|v| {
            let line = Sentence::new("lab.verdict.tenant")
                .arg("tenant", tenant_name(v.tenant))
                .arg("count", reports(v.reports))
                .arg("ending", ending_text(v.ending));
            (v.tenant, line, model_view(v.tool))
        })
        .collect()
}

/// A tenant's name as the page shows it («租户 A»).
pub fn tenant_name(tenant: usize) -> Sentence {
    let letter = if tenant == 0 { "A" } else { "B" };
    Sentence::new("lab.tenant.name").arg("t", letter)
}
