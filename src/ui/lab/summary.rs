//! The result card of the run view, split into «after this step» and «when
//! the run settles», with the end-of-run sentence and the link to the nearest
//! fixing combination; and the line of parameters the lease rule is about.

use yew::prelude::*;

use super::narrate::{outcome_text, tool_text};
use super::state::LabState;
use crate::i18n::num::counted;
use crate::i18n::{t, tf, Lang};
use crate::lab::explain::cause;
use crate::lab::{
    Cell, ToolOutcome, Verdict, ATTEMPT_TIMEOUT_MS, CALL_DEADLINE_MS, LEASE_MS, MAX_ATTEMPTS,
    SLOW_MS, WORK_MAX_MS,
};
use crate::ui::link::AppLink;

/// A cell's symbol: the count's verdict and whether the model knows it, so
/// «0, and the model knows» (∅) differs from «0, unknown» (?).
pub fn cell_symbol(c: Cell) -> &'static str {
    match (c.reports, c.tool) {
        (n, _) if n > 1 => "✕",
        (1, ToolOutcome::Created) => "✓",
        (1, _) => "✓?",
        (_, ToolOutcome::NotCreated | ToolOutcome::Rejected) => "∅",
        _ => "?",
    }
}

/// CSS class of a cell or card: the verdict, refined by what the model knows.
pub fn cell_class(c: Cell) -> String {
    let v = Verdict::from_count(c.reports);
    let known = matches!(
        (c.reports, c.tool),
        (1, ToolOutcome::Created) | (0, ToolOutcome::NotCreated | ToolOutcome::Rejected)
    );
    format!(
        "verdict-{} {}",
        v.id(),
        if known { "model-knows" } else { "model-unsure" }
    )
}

/// A parameter in seconds, the unit the line's text names.
fn secs_text(ms: u64) -> String {
    crate::i18n::num::num(ms as f64 / 1000.0, 3)
}

/// Timeout, lease and deadline as visible numbers, with the lease rule.
pub fn lab_parameters(l: Lang) -> Html {
    let longest = SLOW_MS + WORK_MAX_MS;
    html! {
        <p class="lab-params" data-testid="lab-params">
            { tf(l, "lab.params.line", &[
                ("timeout", secs_text(ATTEMPT_TIMEOUT_MS)),
                ("lease", secs_text(LEASE_MS)),
                ("longest", secs_text(longest)),
                ("sum", secs_text(ATTEMPT_TIMEOUT_MS + longest)),
                ("deadline", secs_text(CALL_DEADLINE_MS)),
                ("attempts", MAX_ATTEMPTS.to_string()),
            ]) }
        </p>
    }
}

/// `2 份报告` / `2 reports`.
fn reports(l: Lang, n: usize) -> String {
    counted(
        l,
        n as u64,
        "lab.unit.reports.one",
        "lab.unit.reports.other",
    )
}

fn end_sentence(l: Lang, s: &LabState) -> Html {
    let run = &s.run;
    let c = run.cell();
    let why = cause(s.params.scenario, run);
    let fix = s.fix.map(|(client, server)| {
        let fixed = crate::links::Link::lab_end(s.params.scenario, client, server, s.params.seed);
        let text = tf(
            l,
            "lab.end.fix",
            &[
                ("client", t(l, &format!("lab.client.{}", client.id()))),
                ("server", t(l, &format!("lab.server.{}", server.id()))),
            ],
        );
        html! { <AppLink to={fixed} testid="fix-link">{ text }</AppLink> }
    });
    let good = why == crate::lab::explain::Cause::Good;
    html! {
        <div class="end-sentence" data-testid="end-sentence" data-cause={format!("{why:?}")}>
            <p>
                { tf(l, "lab.end.sentence", &[
                    ("reports", reports(l, c.reports)),
                    ("tool", t(l, &format!("lab.toolshort.{}", c.tool.id()))),
                ]) }
                { if l == Lang::En { " " } else { "" } }{ t(l, &why.key()) }
            </p>
            if good && c.lucky { <p class="lucky" data-testid="lucky">{ t(l, "lab.end.lucky") }</p> }
            if !good {
                <p>{ fix.unwrap_or_else(|| html! { <span data-testid="no-fix">{ t(l, "lab.end.no_fix") }</span> }) }</p>
            }
        </div>
    }
}

/// The card: the count after the current step (no verdict: a step is not an
/// ending), then everything about the settled run, labelled as such.
pub fn summary_card(l: Lang, s: &LabState, step: usize, count: usize) -> Html {
    let run = &s.run;
    let c = run.cell();
    let v = run.verdict();
    let at_end = step >= s.total();
    html! {
        <div class="panel lab-summary">
            <section class="card-now" data-testid="card-now">
                <h3>{ t(l, "lab.card.now") }</h3>
                <div class="count-label">{ t(l, "lab.count.label") }</div>
                <div class="big-number report-count" data-testid="report-count">{ count }</div>
            </section>
            <section class={classes!("card-end", cell_class(c))} data-testid="card-end">
                <h3>{ t(l, "lab.card.end") }</h3>
                <p class="verdict" data-testid="final-verdict" data-count={c.reports.to_string()} data-verdict={v.id()}>
                    { format!("{} {}", cell_symbol(c), tf(l, "lab.verdict.final", &[
                        ("count", reports(l, c.reports)),
                        ("verdict", t(l, &format!("lab.verdict.{}", v.id()))),
                    ])) }
                </p>
                <p class="model-view" data-testid="tool-outcome" data-tool={c.tool.id()}>
                    { t(l, &format!("lab.toolout.{}", c.tool.id())) }
                </p>
                <dl class="final-outcome" data-testid="final-outcome">
                    <dt>{ t(l, "lab.final.label") }</dt>
                    <dd data-testid="final-http">{ outcome_text(l, run.final_outcome()) }</dd>
                    <dt>{ t(l, "lab.final.tool") }</dt>
                    <dd data-testid="tool-result">{ run.tool_result().map(|r| tool_text(l, r)).unwrap_or_default() }</dd>
                    <dd class="muted">{ tf(l, "lab.final.calls", &[
                        ("calls", counted(l, run.calls().len() as u64, "lab.unit.calls.one", "lab.unit.calls.other")),
                        ("requests", counted(l, run.requests().len() as u64, "lab.unit.requests.one", "lab.unit.requests.other")),
                    ]) }</dd>
                </dl>
                if run.truncated { <p class="truncated" data-testid="truncated">{ t(l, "lab.n.truncated") }</p> }
                if at_end { { end_sentence(l, s) } }
            </section>
        </div>
    }
}
