//! What a run says to the student in words: the count, the verdict line,
//! what the model was told and the text of a tool result. The verdict line,
//! the card, the matrix cells and the legend all speak of a run's
//! [`Ending`], so they cannot disagree; the native tests check every run's
//! words against its tool outcome.

use super::ids::{Ending, ToolOutcome};
use super::judgement::Judgement;
use super::result::{Cell, Run};
use super::trace::ToolResult;
use crate::i18n::num::counted;
use crate::i18n::{t, tf, Lang};

/// `2 份报告` / `2 reports`.
pub fn reports(l: Lang, n: usize) -> String {
    counted(
        l,
        n as u64,
        "lab.unit.reports.one",
        "lab.unit.reports.other",
    )
}

/// An ending in words, as the legend and the verdict line say it.
pub fn ending_text(l: Lang, e: Ending) -> String {
    t(l, &format!("lab.ending.{}", e.id()))
}

/// The verdict line of a settled run: its count and its ending.
pub fn verdict_line(l: Lang, c: Cell) -> String {
    tf(
        l,
        "lab.verdict.final",
        &[
            ("count", reports(l, c.reports)),
            ("ending", ending_text(l, c.ending())),
        ],
    )
}

/// What the model knows, as the card says it.
pub fn model_view(l: Lang, tool: ToolOutcome) -> String {
    t(l, &format!("lab.toolout.{}", tool.id()))
}

/// The tool result as the model reads it; `request` is the request whose
/// answer ended the call (a quota 429 has its own text).
pub fn tool_text(l: Lang, run: &Run, result: ToolResult, request: Option<usize>) -> String {
    let key = run.tool_text_key(result, request);
    match result {
        ToolResult::Created { report_id, .. } | ToolResult::Found { report_id } => {
            tf(l, key, &[("id", report_id.to_string())])
        }
        _ => t(l, key),
    }
}

/// With two tenants, one line per tenant: its name, its reports and its
/// own ending («租户 A：1 份报告，只有一份，模型知道已创建»), then what its
/// model was told; empty with one tenant (the verdict line says it all).
pub fn tenant_lines(l: Lang, j: &Judgement) -> Vec<(usize, String, String)> {
    if j.tenants.len() < 2 {
        return Vec::new();
    }
    j.tenants
        .iter()
        .map(|v| {
            let line = tf(
                l,
                "lab.verdict.tenant",
                &[
                    ("tenant", tenant_name(l, v.tenant)),
                    ("count", reports(l, v.reports)),
                    ("ending", ending_text(l, v.ending)),
                ],
            );
            (v.tenant, line, model_view(l, v.tool))
        })
        .collect()
}

/// A tenant's name as the page shows it («租户 A»).
pub fn tenant_name(l: Lang, tenant: usize) -> String {
    let letter = if tenant == 0 { "A" } else { "B" };
    tf(l, "lab.tenant.name", &[("t", letter.to_string())])
}
