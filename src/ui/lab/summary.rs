//! The result card of the run view, split into «after this step» and «when
//! the run settles», with the end-of-run sentence and the link to the nearest
//! fixing combination; and the line of parameters the lease rule is about.

use yew::prelude::*;

use crate::i18n::{render, t, tf, Lang, Sentence};
use crate::lab::grading::explain::{cause, reading_scenario, Cause};
use crate::lab::view::narrate::outcome_text;
use crate::lab::view::player::LabState;
use crate::lab::view::words::{model_view, tenant_lines, tool_text, verdict_line};
use crate::lab::{Cell, Harness, ATTEMPT_TIMEOUT_MS, LEASE_MS, SLOW_MS, WORK_MAX_MS};
use crate::ui::icons::{ending_icon, icon, Icon};
use crate::ui::link::AppLink;

/// A cell's mark: the icon of its ending (the verdict, refined by what the
/// model knows, or the changed-body fault).
pub fn cell_mark(c: Cell) -> Html {
    icon(ending_icon(c.ending()))
}

/// A parameter in seconds, the unit the line's text names.
fn secs_text(ms: u64) -> String {
    crate::kernel::num::num(ms as f64 / 1000.0, 3)
}

/// Timeout, lease and deadline as visible numbers, with the lease rule.
/// The deadline and attempts are the run's harness's (the six old clients
/// share them; a harness built from choices has its own). The timeout is
/// the one the server's lease was sized against, which the line's lease
/// rule is about.
pub fn lab_parameters(l: Lang, h: Harness) -> Html {
    let longest = SLOW_MS + WORK_MAX_MS;
    let timeout = ATTEMPT_TIMEOUT_MS;
    let deadline = h
        .deadline_ms
        .map_or("—".into(), |d| secs_text(u64::from(d)));
    html! {
        <p class="lab-params" data-testid="lab-params">
            { tf(l, "lab.params.line", &[
                ("timeout", secs_text(timeout)),
                ("lease", secs_text(LEASE_MS)),
                ("longest", secs_text(longest)),
                ("sum", secs_text(timeout + longest)),
                ("deadline", deadline),
                ("attempts", h.attempts.to_string()),
            ]) }
        </p>
    }
}

/// The rules of the chapter this run's combination breaks by design, and
/// those the run broke itself (a TLS failure retried), quoted: the
/// judgement's, with the matrix's and the workbench's mark.
fn broken_rules(l: Lang, s: &LabState) -> Html {
    let j = s.run.judgement();
    let rules: Vec<_> = j.rules.iter().chain(&j.run_rules).copied().collect();
    if rules.is_empty() {
        return Html::default();
    }
    html! {
        <div class="rules" data-testid="broken-rules">
            <p>{ icon(Icon::RuleBroken) }{ " " }{ t(l, "lab.end.rules") }</p>
            <ul>
                { for rules.iter().map(|r| html! { <li data-rule={r.id()}>{ t(l, &r.key()) }</li> }) }
            </ul>
        </div>
    }
}

/// With two tenants, each tenant's reports, ending and what its model was
/// told (the judgement's per-tenant view).
fn per_tenant(l: Lang, s: &LabState) -> Html {
    let lines = tenant_lines(&s.run.judgement());
    if lines.is_empty() {
        return Html::default();
    }
    let sep = if l == Lang::Zh { "；" } else { "; " };
    html! {
        <ul class="tenant-verdicts" data-testid="tenant-verdicts">
            { for lines.into_iter().map(|(tenant, line, view)| html! {
                <li data-testid={format!("tenant-verdict-{tenant}")}>{ render(l, &line) }{ sep }{ render(l, &view) }</li>
            }) }
        </ul>
    }
}

/// With a cross-tenant failure on a server without the tenant's namespace:
/// the server's fix that names it (`tenant_scope`, 003), whatever the
/// nearest preset combination is.
fn tenant_fix(l: Lang, s: &LabState) -> Html {
    use crate::lab::grading::judgement::FailureClass as F;
    use crate::lab::Mechanism;
    let j = s.run.judgement();
    let crossed = j
        .classes
        .iter()
        .any(|k| matches!(k, F::Leak | F::TenantRefused));
    let scope = Mechanism::find(|m| m.scopes_tenant);
    let Some(scope) = scope.filter(|_| crossed && !s.params.design.scopes_tenant()) else {
        return Html::default();
    };
    let p = &s.params;
    let to =
        crate::pages::links::Link::lab_end(p.scenario, p.harness, p.design.with(scope), p.seed);
    let text = tf(l, "lab.end.tenant_fix", &[("mech", t(l, &scope.key()))]);
    html! { <p><AppLink to={to.location()} testid="tenant-fix-link">{ text }</AppLink></p> }
}

fn end_sentence(l: Lang, s: &LabState) -> Html {
    let run = &s.run;
    let c = run.cell();
    // A schedule of its own reads as the scenario it resembles, and has no
    // nearest fix computed.
    let own = s.params.schedule.as_ref();
    let why = cause(own.map_or(s.params.scenario, reading_scenario), run);
    let fix = s.fix.map(|(client, server)| {
        let fixed =
            crate::pages::links::Link::lab_end(s.params.scenario, client, server, s.params.seed);
        let text = tf(
            l,
            "lab.end.fix",
            &[
                ("client", t(l, &format!("lab.client.{}", client.id()))),
                ("server", t(l, &format!("lab.server.{}", server.id()))),
            ],
        );
        html! { <AppLink to={fixed.location()} testid="fix-link">{ text }</AppLink> }
    });
    let good = why == Cause::Good;
    html! {
        <div class="end-sentence" data-testid="end-sentence" data-cause={format!("{why:?}")}>
            <p>
                { tf(l, "lab.end.sentence", &[
                    ("reports", render(l, &crate::lab::view::words::reports(c.reports))),
                    ("tool", t(l, &format!("lab.toolshort.{}", c.tool.id()))),
                ]) }
                { if l == Lang::En { " " } else { "" } }{ t(l, &why.key()) }
            </p>
            if good && c.lucky { <p class="lucky" data-testid="lucky">{ icon(Icon::Luck) }{ " " }{ t(l, "lab.end.lucky") }</p> }
            { broken_rules(l, s) }
            { tenant_fix(l, s) }
            if !good && own.is_none() {
                <p>{ fix.unwrap_or_else(|| html! { <span data-testid="no-fix">{ t(l, "lab.end.no_fix") }</span> }) }</p>
            } else if let Some(fix) = fix {
                // Right by luck: the advice names a combination that is right without it.
                <p>{ fix }</p>
            }
        </div>
    }
}

/// The settled run: verdict, what the model knows, the last HTTP outcome
/// and tool result, and why.
fn ending(l: Lang, s: &LabState) -> Html {
    let run = &s.run;
    let c = run.cell();
    let tool = run
        .tool_result()
        .map(|r| render(l, &tool_text(run, r, run.final_request())))
        .unwrap_or_default();
    html! {
        <>
            <p class="verdict" data-testid="final-verdict" data-count={c.reports.to_string()}
                data-verdict={run.verdict().id()} data-ending={c.ending().id()}
                data-leaks={c.leaks.to_string()} data-refusals={c.tenant_refusals.to_string()}
                data-attempts={c.attempts.to_string()}>
                { cell_mark(c) }{ " " }{ render(l, &verdict_line(c)) }
            </p>
            { super::notes_view::verdict_notes(l, c.notes) }
            { per_tenant(l, s) }
            <p class="model-view" data-testid="tool-outcome" data-tool={c.tool.id()}>
                { render(l, &model_view(c.tool)) }
            </p>
            <dl class="final-outcome" data-testid="final-outcome">
                <dt>{ t(l, "lab.final.label") }</dt>
                <dd data-testid="final-http">{ render(l, &outcome_text(run.final_outcome())) }</dd>
                <dt>{ t(l, "lab.final.tool") }</dt>
                <dd data-testid="tool-result">{ tool }</dd>
                <dd class="muted" data-testid="final-calls" data-attempts={run.attempts().to_string()}>{ tf(l, "lab.final.calls", &[
                    ("calls", render(l, &Sentence::counted(run.calls().len() as u64, "lab.unit.calls.one", "lab.unit.calls.other"))),
                    ("requests", render(l, &Sentence::counted(run.requests().len() as u64, "lab.unit.requests.one", "lab.unit.requests.other"))),
                ]) }</dd>
            </dl>
            if run.truncated { <p class="truncated" data-testid="truncated">{ t(l, "lab.n.truncated") }</p> }
            { super::tenants::tenants_block(l, run) }
            { end_sentence(l, s) }
        </>
    }
}

/// Before the last step: a prompt to predict, and a button that jumps to
/// the end for whoever wants the result now.
fn ending_hidden(l: Lang, show: Callback<MouseEvent>) -> Html {
    html! {
        <div class="end-hidden" data-testid="end-hidden">
            <p class="muted">{ t(l, "lab.end.predict") }</p>
            <button type="button" data-testid="show-result" onclick={show} title={t(l, "lab.end.show_title")}>
                { icon(Icon::ToEnd) }{ " " }{ t(l, "lab.end.show") }
            </button>
        </div>
    }
}

/// The card: the count after the current step (no verdict: a step is not an
/// ending), then the settled run, shown only at the last step (or after
/// «直接看结果», which jumps there), so a student can predict, then step.
pub fn summary_card(
    l: Lang,
    s: &LabState,
    step: usize,
    count: usize,
    show: Callback<MouseEvent>,
) -> Html {
    let at_end = step >= s.total();
    // The notifier's table after the current step (the view at `step`
    // shows steps 0..step).
    let notified = step
        .checked_sub(1)
        .and_then(|i| s.run.steps().get(i))
        .map_or(0, |st| st.notifications.len());
    let class = if at_end {
        s.run.cell().classes()
    } else {
        String::new()
    };
    html! {
        <div class="panel lab-summary">
            <section class="card-now" data-testid="card-now">
                <h3>{ t(l, "lab.card.now") }</h3>
                <div class="count-label">{ t(l, "lab.count.label") }</div>
                <div class="big-number report-count" data-testid="report-count">{ count }</div>
                <div class="count-label">{ t(l, "lab.notes.label") }</div>
                <div class="big-number notification-count" data-testid="notification-count">{ notified }</div>
            </section>
            <section class={classes!("card-end", class)} data-testid="card-end" data-shown={at_end.to_string()}>
                <h3>{ t(l, "lab.card.end") }</h3>
                if at_end { { ending(l, s) } } else { { ending_hidden(l, show) } }
            </section>
        </div>
    }
}
