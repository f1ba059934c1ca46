//! The workbench's «找一个反例»: the lab worker searches random fault
//! schedules for every way the design fails ([`HuntJob`]), shows the
//! seed (a control, and «再找一次» for the next one), schedules tried and
//! per second, and a cancel; then «这个设计有 N 种坏法», each way with its
//! class, its shrunk schedule in words and a link into the step-through
//! view, or the honest «没有找到反例，这不是证明». The state is
//! [`HuntWatch`] (pure, natively tested); this module wires it and draws it.

use yew::prelude::*;

use super::engine_job::use_engine_runner;
use crate::i18n::{render, render_all, t, tf, Lang, Sentence};
use crate::kernel::num::group;
use crate::lab::grading::hunt::lines::{kind_name, uncovered_names};
use crate::lab::grading::hunt::report::{
    kind_names, no_server_label, unused_names, way_lines, ways_headline,
};
use crate::lab::grading::hunt::{
    encode, next_seed, Counterexample, FaultKind, Findings, HuntOutcome, HuntSpec, KindSet,
    HUNT_SEED,
};
use crate::lab::jobs::hunt_watch::{hunt_job, HuntJob, HuntStatus, HuntWatch};
use crate::lab::LabParams;
use crate::pages::links::Link;
use crate::ui::dom::now_ms;
use crate::ui::link::AppLink;

#[derive(Properties, PartialEq)]
pub struct HuntProps {
    pub lang: Lang,
    pub spec: HuntSpec,
    /// The student ticked or unticked fault kinds.
    pub on_kinds: Callback<KindSet>,
    /// The student set the hunt's seed.
    pub on_seed: Callback<u64>,
}

/// The panel under the suite. The hunt is a job of the page's one job
/// hook: its progress replies redraw the panel, a cancel keeps what was
/// tried, and a new design, client, seed, budget or kinds makes it moot.
#[function_component(HuntPanel)]
pub fn hunt_panel(p: &HuntProps) -> Html {
    let l = p.lang;
    let jobs = use_engine_runner::<HuntJob>();
    // «再找一次» sets the next seed; the hunt starts once the page's
    // parameters carry it.
    let again = use_mut_ref(|| None::<u64>);
    {
        let (jobs, again) = (jobs.clone(), again.clone());
        use_effect_with(p.spec, move |spec| {
            if again.borrow_mut().take() == Some(spec.seed) {
                jobs.start(hunt_job(*spec, now_ms()), None);
            }
            move || jobs.stop()
        });
    }
    let on_start = {
        let (spec, jobs) = (p.spec, jobs.clone());
        Callback::from(move |_| jobs.start(hunt_job(spec, now_ms()), None))
    };
    let on_again = {
        let (seed, on_seed) = (p.spec.seed, p.on_seed.clone());
        Callback::from(move |_| {
            let next = next_seed(seed);
            *again.borrow_mut() = Some(next);
            on_seed.emit(next);
        })
    };
    let on_cancel = {
        let jobs = jobs.clone();
        Callback::from(move |_| jobs.cancel())
    };
    let w = jobs
        .runner
        .job
        .borrow()
        .as_ref()
        .map(|j| j.out.clone())
        .filter(|w| w.spec == p.spec)
        .unwrap_or_else(|| HuntWatch::idle(p.spec));
    let running = w.is_running();
    html! {
        <section class="hunt" data-testid="hunt" data-status={status_id(&w.status)}>
            <h2>{ t(l, "hunt.title") }</h2>
            <p>{ t(l, "hunt.intro") }</p>
            { kind_boxes(l, p.spec.kinds, &p.on_kinds, running) }
            <p class="hunt-actions">
                { seed_input(l, p.spec.seed, &p.on_seed, running) }{ " " }
                if running {
                    <button data-testid="hunt-cancel" onclick={on_cancel}>{ t(l, "hunt.cancel") }</button>
                } else {
                    <button class="primary" data-testid="hunt-start" onclick={on_start}>{ t(l, "hunt.start") }</button>
                    { " " }<button data-testid="hunt-again" onclick={on_again}>{ t(l, "hunt.again") }</button>
                }
            </p>
            { progress(l, &w) }
            { outcome(l, &w) }
        </section>
    }
}

/// The hunt's seed as a number field (the URL's `hunt_seed`); a value
/// outside its range is clamped, one that is no number (an emptied field)
/// is ignored.
fn seed_input(l: Lang, seed: u64, on_seed: &Callback<u64>, running: bool) -> Html {
    let on_seed = on_seed.clone();
    // On every input: the field is controlled, so the page's parameters
    // must follow each keystroke or the old value comes back.
    let oninput = Callback::from(move |e: InputEvent| {
        let typed = e
            .target_dyn_into::<web_sys::HtmlInputElement>()
            .and_then(|i| i.value().trim().parse::<i64>().ok());
        if let Some(v) = typed {
            on_seed.emit(v.clamp(HUNT_SEED.min, HUNT_SEED.max) as u64);
        }
    });
    html! {
        <label>
            { t(l, "hunt.field.hunt_seed") }{ " " }
            <input type="number" data-testid="hunt-seed-input" min={HUNT_SEED.min.to_string()}
                max={HUNT_SEED.max.to_string()} value={seed.to_string()}
                disabled={running} oninput={oninput} />
        </label>
    }
}

fn status_id(s: &HuntStatus) -> &'static str {
    match s {
        HuntStatus::Idle => "idle",
        HuntStatus::Running { .. } => "running",
        HuntStatus::Done(HuntOutcome::Found(_)) => "found",
        HuntStatus::Done(HuntOutcome::NoneWithin { .. }) => "none",
        HuntStatus::Cancelled { .. } => "cancelled",
    }
}

/// The fault-kind checkboxes; the last ticked one cannot be unticked.
fn kind_boxes(l: Lang, kinds: KindSet, on_kinds: &Callback<KindSet>, running: bool) -> Html {
    let boxes = FaultKind::ALL.into_iter().map(|k| {
        let on = kinds.has(k);
        let onchange = on_kinds.reform(move |e: Event| {
            let ticked = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .is_some_and(|i| i.checked());
            if ticked {
                kinds.with(k)
            } else {
                kinds.without(k)
            }
        });
        let last = on && kinds.kinds().len() == 1;
        html! {
            <label class="mech">
                <input type="checkbox" data-testid={format!("hunt-kind-{}", k.id())}
                    checked={on} disabled={running || last} onchange={onchange} />
                { " " }{ render(l, &kind_name(k)) }
            </label>
        }
    });
    html! {
        <fieldset class="mech-group hunt-kinds">
            <legend>{ t(l, "hunt.field.kinds") }</legend>
            { for boxes }
            <p class="muted" data-testid="hunt-uncovered">
                { tf(l, "hunt.not_yet", &[("kinds", crate::i18n::join_list(l, &render_all(l, &uncovered_names())))]) }
            </p>
        </fieldset>
    }
}

/// Seed, schedules tried, per second, and the budget as a bar.
fn progress(l: Lang, w: &HuntWatch) -> Html {
    if w.status == HuntStatus::Idle {
        return Html::default();
    }
    let rate = w
        .per_second()
        .map_or("–".to_string(), |r| group(r.round() as u64));
    let shrinking = matches!(
        w.status,
        HuntStatus::Running {
            shrinking: true,
            ..
        }
    );
    html! {
        <p class="hunt-progress" role="status">
            { t(l, "hunt.seed") }{ " " }<span data-testid="hunt-seed">{ w.spec.seed }</span>
            { t(l, "hunt.sep") }
            { t(l, "hunt.tried") }{ " " }<span data-testid="hunt-tried">{ group(w.tried().into()) }</span>
            { " / " }{ group(w.spec.budget.into()) }
            { t(l, "hunt.sep") }
            { t(l, "hunt.rate") }{ " " }<span data-testid="hunt-rate">{ rate }</span>
            if w.is_running() {
                { " " }<progress data-testid="hunt-bar" max={w.spec.budget.to_string()} value={w.tried().to_string()}></progress>
            }
            if shrinking { { " " }<span data-testid="hunt-shrinking">{ t(l, "hunt.shrinking") }</span> }
        </p>
    }
}

fn outcome(l: Lang, w: &HuntWatch) -> Html {
    match &w.status {
        HuntStatus::Done(HuntOutcome::Found(f)) => found(l, &w.spec, f),
        HuntStatus::Done(HuntOutcome::NoneWithin { tried }) => none_found(l, &w.spec, *tried),
        HuntStatus::Cancelled { tried } => html! {
            <p data-testid="hunt-cancelled">{ tf(l, "hunt.cancelled", &[("n", group((*tried).into()))]) }</p>
        },
        _ => Html::default(),
    }
}

/// «这个设计有 N 种坏法», then each way.
fn found(l: Lang, spec: &HuntSpec, f: &Findings) -> Html {
    let classes: Vec<&str> = f.ways.iter().map(|c| c.way.class.id()).collect();
    html! {
        <div class="hunt-found" data-testid="hunt-found" data-ways={f.ways.len().to_string()}
            data-classes={classes.join(",")}>
            <p data-testid="hunt-ways"><strong>{ render(l, &ways_headline(f)) }</strong></p>
            <ol class="hunt-way-list">
                { for f.ways.iter().map(|c| way(l, spec, c)) }
            </ol>
        </div>
    }
}

/// One way: its class (labelled where no server fixes it), the shrunk
/// schedule's lines, its outcome and its link at the step where it broke.
fn way(l: Lang, spec: &HuntSpec, c: &Counterexample) -> Html {
    let link = Link::Lab(LabParams::counterexample(spec, c));
    let step = c.break_step.map_or(String::new(), |s| s.to_string());
    let code = encode(c.minimal());
    html! {
        <li class="hunt-way" data-testid="hunt-way" data-class={c.way.class.id()}
            data-no-server-fixes={c.way.no_server_fixes.to_string()}
            data-needs={c.way.needs.map_or("", |k| k.id())}
            data-reports={c.reports.to_string()} data-step={step.clone()} data-code={code.clone()}>
            <p>
                <strong data-testid="hunt-way-class">{ t(l, &c.way.class.key()) }</strong>
                if let Some(label) = no_server_label(c) {
                    { " " }<span class="badge muted" data-testid="hunt-way-label">{ render(l, &label) }</span>
                }
                <br/>
                <span class="muted">{ tf(l, "hunt.shrunk", &[
                    ("tried", group(c.tried.into())),
                    ("steps", c.path.len().to_string()),
                    ("runs", group(c.shrink_tried.into())),
                ]) }</span>
            </p>
            <ol data-testid="hunt-lines">
                { for way_lines(c).iter().map(|x| html! { <li>{ render(l, x) }</li> }) }
            </ol>
            <p>
                { tf(l, "hunt.outcome", &[("reports", render(l, &crate::lab::view::words::reports(c.reports)))]) }{ " " }
                <AppLink to={link.location()} testid="hunt-link">{ tf(l, "hunt.open", &[("step", step)]) }</AppLink>
            </p>
            <p class="muted">{ t(l, "hunt.code") }{ " " }<code data-testid="hunt-code">{ code }</code></p>
        </li>
    }
}

fn none_found(l: Lang, spec: &HuntSpec, tried: u32) -> Html {
    let covered = Sentence::new("hunt.covered").arg("kinds", kind_names(spec.kinds));
    let unused = Sentence::new("hunt.uncovered").arg("kinds", unused_names(spec.kinds));
    html! {
        <div class="hunt-none" data-testid="hunt-none" data-tried={tried.to_string()}>
            <p><strong>{ tf(l, "hunt.none", &[("n", group(tried.into()))]) }</strong></p>
            <p>{ render(l, &covered) }</p>
            <p>{ render(l, &unused) }</p>
        </div>
    }
}
