//! `#/lab`: one run, stepped forward and back. The state lives in a reducer
//! and is mirrored into the URL after every render; whenever a picker
//! changes, the lab engine's worker computes the new run.

use std::rc::Rc;

use gloo::timers::callback::Interval;
use yew::prelude::*;

use super::diagram::Diagram;
use super::engine_job::{use_engine_runner, EngineRunner};
use super::engine_view::engine_note;
use super::summary::{lab_parameters, summary_card};
use super::tables::{keys_table, reports_table, sql_list};
use crate::i18n::{render, t, tf, Lang};
use crate::kernel::num::clock;
use crate::kernel::params::{check_int, Notice};
use crate::lab::jobs::engine_job::{run_job, EngineJob, RunOut};
use crate::lab::view::narrate::narrate;
use crate::lab::view::player::{wanted, Action, LabState, Loaded, Wanted};
use crate::lab::{self, HarnessPreset, KeyRow, Preset, ReportRow, Scenario, Step};
use crate::shell::keys::Shortcut;
use crate::ui::dom::now_ms;
use crate::ui::frame_hooks::use_frame_stages;
use crate::ui::icons::{icon, Icon};
use crate::ui::job_hook::After;
use crate::ui::link::AppLink;
use crate::ui::page::PageProps;
use crate::ui::same::Same;
use crate::ui::shortcuts::use_shortcuts;
use crate::ui::widgets::{Later, NoticeList};

/// A schedule of its own (`schedule=<code>`, a counterexample) in words,
/// above the pickers; picking a scenario leaves it. Worded from what came
/// of its attempts in the run shown, once that run is the schedule's.
fn own_schedule(
    l: Lang,
    schedule: Option<&crate::lab::FaultSchedule>,
    run: Option<&lab::Run>,
) -> Html {
    let Some(s) = schedule else {
        return Html::default();
    };
    let fates = run.map(|r| crate::lab::grading::hunt::fate::fates(s, r));
    let code = crate::lab::grading::hunt::encode(s);
    html! {
        <div class="own-schedule" data-testid="lab-schedule" data-code={code.clone()}>
            <p>{ t(l, "hunt.own") }{ " " }<code>{ code }</code></p>
            <ol>
                { for crate::lab::grading::hunt::lines::lines(s, fates.as_deref()).iter().map(|x| html! { <li>{ render(l, x) }</li> }) }
            </ol>
        </div>
    }
}

/// One picker over `all`, drawn by [`picker_of`] from the values' ids (one
/// copy of the drawing for every kind of value).
fn picker<T: Copy + PartialEq + 'static>(
    l: Lang,
    name: &'static str,
    all: &'static [T],
    current: Option<T>,
    otherwise: String,
    id: fn(T) -> &'static str,
    onpick: Callback<T>,
) -> Html {
    let ids: Vec<&'static str> = all.iter().map(|v| id(*v)).collect();
    let at = current.and_then(|c| all.iter().position(|v| *v == c));
    picker_of(
        l,
        name,
        &ids,
        at,
        otherwise,
        onpick.reform(move |i: usize| all[i]),
    )
}

/// One picker, folded into one line (its name and the choice) until the
/// student opens it: 26 scenario descriptions above the step panel pushed
/// it two screens down. Opened, each option's description is one line
/// until it is the one picked (styles: `.picker .option-desc`).
fn picker_of(
    l: Lang,
    name: &'static str,
    ids: &[&'static str],
    current: Option<usize>,
    otherwise: String,
    onpick: Callback<usize>,
) -> Html {
    let legend = t(l, &format!("lab.pick.{name}"));
    let chosen = current.map_or(otherwise, |i| t(l, &format!("lab.{name}.{}", ids[i])));
    html! {
        <details class="picker-fold" data-testid={format!("fold-{name}")}>
            <summary>
                <span class="picker-legend">{ legend.to_string() }{ t(l, "lab.pick.colon") }</span>
                <strong data-testid={format!("chosen-{name}")}>{ chosen }</strong>
                <span class="muted picker-count">{ tf(l, "lab.pick.count", &[("n", ids.len().to_string())]) }</span>
            </summary>
            <Later>
            <fieldset class="picker" data-testid={format!("pick-{name}")}>
                <legend class="sr-only">{ legend.to_string() }</legend>
                { for ids.iter().enumerate().map(|(i, id)| {
                    let checked = Some(i) == current;
                    let onpick = onpick.clone();
                    let onchange = Callback::from(move |_| onpick.emit(i));
                    html! {
                        <label class={classes!("option", checked.then_some("checked"))}>
                            <input type="radio" name={name} value={*id} checked={checked} onchange={onchange} />
                            <span class="option-text">
                                <span class="option-name">{ t(l, &format!("lab.{name}.{id}")) }</span>
                                <span class="option-desc">{ t(l, &format!("lab.{name}.{id}.desc")) }</span>
                            </span>
                        </label>
                    }
                }) }
            </fieldset>
            </Later>
        </details>
    }
}

/// The page's reducer is the core's [`LabState::apply`].
impl Reducible for LabState {
    type Action = Action;

    fn reduce(self: std::rc::Rc<Self>, action: Action) -> std::rc::Rc<Self> {
        self.apply(action)
    }
}

/// What the run view starts from: the first run, already computed.
#[derive(Properties, Clone, PartialEq)]
pub struct RunViewProps {
    pub page: PageProps,
    pub first: LabState,
    pub notices: Vec<Notice>,
}

type State = UseReducerHandle<LabState>;

/// Asks the engine for the run the pickers name, as a job of the page's
/// one job hook: its answer replaces the shown run (a stale answer is
/// ignored by the reducer). While the job waits for the engine, the view
/// says it computes; a failure ends the job and is shown until the student
/// retries (`attempt`) or picks another run.
#[hook]
fn use_engine_runs(state: &State, attempt: u32) -> EngineRunner<EngineJob<RunOut>> {
    let jobs = use_engine_runner::<EngineJob<RunOut>>();
    let want = state.computing.then(|| wanted(&state.params));
    {
        let (jobs, dispatch) = (jobs.clone(), state.dispatcher());
        use_effect_with((want, attempt), move |(want, _)| {
            if let Some(want) = want.clone() {
                let after = load_when_answered(&jobs, want.clone(), dispatch);
                jobs.start(run_job(want, now_ms()), Some(after));
            }
        });
    }
    jobs
}

/// Hands the job's run to the reducer once it is in.
fn load_when_answered(
    jobs: &EngineRunner<EngineJob<RunOut>>,
    wanted: Wanted,
    dispatch: UseReducerDispatcher<LabState>,
) -> After {
    let job = jobs.runner.job.clone();
    Rc::new(move |_, _| {
        let answer = job.borrow().as_ref().and_then(|j| match j.out.0.as_ref() {
            Some(Ok(answer)) => Some(answer.clone()),
            _ => None,
        });
        if let Some((run, fix)) = answer {
            dispatch.dispatch(Action::Loaded(Loaded {
                wanted: wanted.clone(),
                run,
                fix,
            }))
        }
    })
}

/// Playback: a tick at the chosen speed while playing.
#[hook]
fn use_playback(state: &State) {
    let dispatch = state.dispatcher();
    let ms = state.params.speed.interval_ms();
    use_effect_with((state.playing, state.params.speed), move |(playing, _)| {
        let interval = playing.then(|| Interval::new(ms, move || dispatch.dispatch(Action::Tick)));
        move || drop(interval)
    });
}

/// Keyboard: ← → step, space play/pause, Home/End.
#[hook]
fn use_step_keys(state: &State) {
    let dispatch = state.dispatcher();
    use_shortcuts((), move |s| {
        let action = match s {
            Shortcut::Forward => Action::Forward,
            Shortcut::Back => Action::Back,
            Shortcut::Start => Action::ToStart,
            Shortcut::End => Action::ToEnd,
            Shortcut::TogglePlay => Action::TogglePlay,
            Shortcut::Help => return false,
        };
        dispatch.dispatch(action);
        true
    });
}

/// Keeps the newest row of the sequence diagram in view.
#[hook]
fn use_newest_row_in_view(step: usize, drawn: bool) -> NodeRef {
    let seq_ref = use_node_ref();
    {
        let seq_ref = seq_ref.clone();
        use_effect_with((step, drawn), move |_| {
            // After the frame: reading the height now would lay the page out
            // inside this task.
            let later = crate::ui::dom::after_next_frame(100, move || {
                if let Some(el) = seq_ref.cast::<web_sys::Element>() {
                    el.set_scroll_top(el.scroll_height());
                }
            });
            move || drop(later)
        });
    }
    seq_ref
}

/// The step panel's element id: a link with `step=` lands on it.
pub const STEP_PANEL_ID: &str = "step-panel";

/// The stepper's row, above the step panel: a landing shows it too (which
/// step of how many, and the buttons to go on from there).
const STEPPER_ID: &str = "step-controls";

/// A link that names a step (`landing`) opens at the step panel, once it
/// is drawn, with the stepper's row above it: the pickers and their
/// descriptions above those are not what the link points at. Once per
/// mount; later steps leave the scroll alone.
#[hook]
fn use_land_on_step(landing: bool, drawn: bool, embed: bool) {
    use_effect_with(drawn, move |drawn| {
        let later = (landing && *drawn).then(|| {
            crate::ui::dom::after_next_frame(100, move || {
                crate::ui::dom::bring_into_view(STEPPER_ID, STEP_PANEL_ID, embed)
            })
        });
        move || drop(later)
    });
}

/// The idempotency lab's run view, once the engine has sent the first run
/// (see [`super::page::LabPage`]).
#[function_component(LabRunView)]
pub fn lab_run_view(props: &RunViewProps) -> Html {
    let p = &props.page;
    let l = p.lang;
    let state = {
        let first = props.first.clone();
        use_reducer(move || first)
    };
    let notices = use_state(|| props.notices.clone());
    let attempt = use_state(|| 0u32);
    let jobs = use_engine_runs(&state, *attempt);

    // Mirror the state into the URL.
    {
        let set_link = p.set_link.clone();
        let here = state.params.at_step(state.step, state.total());
        use_effect_with(here, move |here| {
            set_link.emit(crate::pages::links::OnPage::location(here))
        });
    }
    use_playback(&state);
    use_step_keys(&state);

    // The first render draws the controls and the pickers' folded lines
    // (their options, three closed folds of 300 nodes, a task later:
    // `Later`); the story and the summary follow a frame later, the diagram
    // and the tables a frame after that, so the run's arrival never builds
    // and lays out the whole page in one main-thread task.
    let stage = use_frame_stages(2);
    let (middle, lower) = (stage >= 1, stage >= 2);
    let seq_ref = use_newest_row_in_view(state.step, lower);
    use_land_on_step(props.first.params.lands_on_step(), middle, p.embed);

    // No animation for users who asked for reduced motion; play still steps.
    let reduced = *use_memo((), |_| crate::ui::dom::prefers_reduced_motion());
    // A phone gets the diagram's narrow lanes (the same width the styles
    // switch at), so all five lanes are on screen when the view opens.
    let narrow = *use_memo((), |_| crate::ui::dom::narrow_screen());
    let s = &*state;
    let retry = {
        let attempt = attempt.clone();
        Callback::from(move |()| attempt.set(*attempt + 1))
    };
    let job = jobs.runner.job.borrow();
    let waiting = job.as_ref().is_some_and(|j| j.is_waiting());
    let engine_error = job.as_ref().and_then(|j| j.out.0.as_ref()?.as_ref().err());

    html! {
        <section class={classes!("lab", p.embed.then_some("compact"), reduced.then_some("no-motion"))}>
            <h1>{ t(l, "lab.title") }</h1>
            if !p.embed { <p class="lab-intro">{ t(l, "lab.intro") }</p> }
            { lab_links(l, s.params.design) }
            <NoticeList lang={l} notices={(*notices).clone()} />
            { own_schedule(l, s.params.schedule.as_ref(), (!s.computing).then_some(&*s.run)) }
            { pickers(l, &state, &notices) }
            { controls(l, &state, &notices) }
            { engine_note(l, waiting, engine_error, retry) }
            if !p.embed { <p class="muted keys-hint">{ t(l, "lab.ctl.keys") }</p> }
            { lab_parameters(l, s.params.harness) }
            if middle { { story(l, &state) } }
            if lower { { lower_panels(l, s, seq_ref, narrow) } }
        </section>
    }
}

/// The links to the matrix and the workbench, with this run's design.
fn lab_links(l: Lang, design: crate::lab::Design) -> Html {
    let to_matrix = crate::pages::links::Link::LabMatrix(crate::lab::MatrixParams {
        design,
        ..Default::default()
    });
    let to_build = crate::pages::links::Link::LabBuild(crate::lab::BuildParams {
        design,
        ..Default::default()
    });
    html! {
        <p class="lab-links">
            <AppLink to={to_matrix.location()} testid="to-matrix">{ t(l, "lab.to_matrix") }</AppLink>
            <AppLink to={to_build.location()} testid="to-build">{ t(l, "lab.to_build") }</AppLink>
        </p>
    }
}

/// A callback that sends `a()` to the reducer.
fn act(state: &State, a: fn() -> Action) -> Callback<MouseEvent> {
    let d = state.dispatcher();
    Callback::from(move |_: MouseEvent| d.dispatch(a()))
}

/// A callback that sends a picked value to the reducer as `f(value)`.
fn pick<T: 'static>(state: &State, f: fn(T) -> Action) -> Callback<T> {
    let d = state.dispatcher();
    Callback::from(move |x| d.dispatch(f(x)))
}

/// The harness a picked preset is.
fn harness_of(p: HarnessPreset) -> Action {
    Action::Harness(p.harness())
}

/// The scenario, harness and server pickers, the harness as written, and a
/// design that is no preset. The harness picker keeps its old name
/// (`client`): its ten presets are the six clients and four more.
fn pickers(l: Lang, state: &State, notices: &UseStateHandle<Vec<Notice>>) -> Html {
    let s = &**state;
    let harness = s.params.harness;
    let scenario = s.params.schedule.is_none().then_some(s.params.scenario);
    html! { <>
        <div class="pickers">
            { picker(l, "scenario", &Scenario::ALL, scenario, t(l, "lab.pick.own_schedule"), Scenario::id, pick(state, Action::Scenario)) }
            { picker(l, "client", &HarnessPreset::ALL, harness.preset(), harness.to_ids(), HarnessPreset::id, pick(state, harness_of)) }
            { picker(l, "server", &Preset::ALL, s.params.design.preset(), crate::i18n::design_name(l, s.params.design), Preset::id, pick(state, Action::Server)) }
        </div>
        { super::layers::harness_spec(l, state, notices) }
        if s.params.design.preset().is_none() {
            <p data-testid="design" data-design={s.params.design.to_ids()}>
                { t(l, "lab.pick.design") }{ ": " }{ crate::i18n::design_name(l, s.params.design) }
            </p>
        }
    </> }
}

/// The seed field: a checked value goes to the reducer, its notice (if
/// any) replaces the seed's earlier one.
fn on_seed(state: &State, notices: &UseStateHandle<Vec<Notice>>) -> Callback<Event> {
    let d = state.dispatcher();
    let notices = notices.clone();
    Callback::from(move |e: Event| {
        let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else {
            return;
        };
        let (v, n) = check_int(&input.value(), lab::SEED_BOUND);
        let mut list: Vec<Notice> = (*notices)
            .iter()
            .filter(|x| x.param != "seed")
            .cloned()
            .collect();
        list.extend(n);
        notices.set(list);
        input.set_value(&v.to_string());
        d.dispatch(Action::Seed(v as u64));
    })
}

/// «换一个随机种子»: a seed from Web Crypto; the seed field and the URL show it.
fn random_seed(state: &State) -> Callback<MouseEvent> {
    let d = state.dispatcher();
    Callback::from(move |_: MouseEvent| {
        let max = lab::SEED_BOUND.max as u64;
        d.dispatch(Action::Seed(crate::ui::dom::fresh_seed(max)));
    })
}

fn on_speed(state: &State) -> Callback<Event> {
    let d = state.dispatcher();
    Callback::from(move |e: Event| {
        let Some(sel) = e.target_dyn_into::<web_sys::HtmlSelectElement>() else {
            return;
        };
        if let Some(sp) = lab::Speed::from_id(&sel.value()) {
            d.dispatch(Action::Speed(sp));
        }
    })
}

/// The seed, the stepper, the speed and where the run is.
fn controls(l: Lang, state: &State, notices: &UseStateHandle<Vec<Notice>>) -> Html {
    let s = &**state;
    html! {
        <div class="controls lab-controls" id={STEPPER_ID}>
            <label>{ t(l, "common.seed") }
                <input type="number" min="0" max={lab::SEED_BOUND.max.to_string()} value={s.params.seed.to_string()}
                    data-testid="seed" onchange={on_seed(state, notices)} title={t(l, "lab.seed.help")} />
            </label>
            <button type="button" data-testid="seed-random" onclick={random_seed(state)}>{ t(l, "lab.seed.random") }</button>
            { stepper(l, state) }
            <label>{ t(l, "lab.ctl.speed") }
                <select data-testid="speed" onchange={on_speed(state)}>
                    { for lab::Speed::ALL.iter().map(|sp| html! {
                        <option value={sp.id()} selected={*sp == s.params.speed}>{ sp.id() }</option>
                    }) }
                </select>
            </label>
            { step_index(l, s) }
        </div>
    }
}

/// To the start, back, play/pause, forward, to the end.
fn stepper(l: Lang, state: &State) -> Html {
    let s = &**state;
    let total = s.total();
    let step = s.step.min(total);
    html! {
        <div class="buttons" role="group">
            <button type="button" data-testid="to-start" onclick={act(state, || Action::ToStart)} disabled={step == 0}
                aria-label={t(l, "lab.ctl.to_start")} title={t(l, "lab.ctl.to_start")}>{ icon(Icon::ToStart) }</button>
            <button type="button" data-testid="step-back" onclick={act(state, || Action::Back)} disabled={step == 0}
                aria-label={t(l, "lab.ctl.back")} title={t(l, "lab.ctl.back")}>{ icon(Icon::Back) }</button>
            <button type="button" data-testid="play" onclick={act(state, || Action::TogglePlay)}
                aria-pressed={s.playing.to_string()}>
                if s.playing { <>{ icon(Icon::Pause) }{ " " }{ t(l, "lab.ctl.pause") }</> }
                else { <>{ icon(Icon::Play) }{ " " }{ t(l, "lab.ctl.play") }</> }
            </button>
            <button type="button" data-testid="step-forward" onclick={act(state, || Action::Forward)} disabled={step >= total}
                aria-label={t(l, "lab.ctl.forward")} title={t(l, "lab.ctl.forward")}>{ icon(Icon::Play) }</button>
            <button type="button" data-testid="to-end" onclick={act(state, || Action::ToEnd)} disabled={step >= total}
                aria-label={t(l, "lab.ctl.to_end")} title={t(l, "lab.ctl.to_end")}>{ icon(Icon::ToEnd) }</button>
        </div>
    }
}

/// The step shown, of how many, and its time.
fn step_index(l: Lang, s: &LabState) -> Html {
    let total = s.total();
    let step = s.step.min(total);
    html! {
        <span class="step-index" data-testid="step-index" data-step={step.to_string()} data-total={total.to_string()}>
            { tf(l, "lab.step_index", &[("step", step.to_string()), ("total", total.to_string())]) }
            { " · " }
            { tf(l, "lab.time", &[("t", clock(l, current(s).map(|c| c.time_ms).unwrap_or(0)))]) }
        </span>
    }
}

/// The step shown (none before the first) and the one before it.
fn current(s: &LabState) -> Option<&Step> {
    s.step
        .min(s.total())
        .checked_sub(1)
        .and_then(|i| s.run.steps().get(i))
}

fn before(s: &LabState) -> Option<&Step> {
    s.step
        .min(s.total())
        .checked_sub(2)
        .and_then(|i| s.run.steps().get(i))
}

/// The step's narration and SQL, and the run's summary.
// Drawn in a later part: compiled then (`ui::frame_hooks`).
#[inline(never)]
fn story(l: Lang, state: &State) -> Html {
    let s = &**state;
    let step = s.step.min(s.total());
    let now = current(s);
    let count = now.map_or(0, |c| c.reports.len());
    html! {
        <div class="lab-grid">
            <div class="panel lab-story" id={STEP_PANEL_ID} tabindex="-1" data-testid="step-panel">
                <h2>{ t(l, "lab.narration.title") }</h2>
                <p class="narration" aria-live="polite" data-testid="narration">{ render(l, &narrate(&s.run, now)) }</p>
                { super::tables_effects::state_badge(l, now) }
                <h3>{ t(l, "lab.sql.title") }</h3>
                { sql_list(l, now.map(|c| &c.sql[..]).unwrap_or(&[])) }
            </div>
            { summary_card(l, s, step, count, act(state, || Action::ToEnd)) }
        </div>
    }
}

/// A step's reports and keys tables (empty before the first step).
fn tables(c: Option<&Step>) -> (&[ReportRow], &[KeyRow]) {
    c.map(|c| (&c.reports[..], &c.keys[..]))
        .unwrap_or((&[], &[]))
}

/// The timers, the sequence diagram and the tables.
// Drawn in a later part: compiled then (`ui::frame_hooks`).
#[inline(never)]
fn lower_panels(l: Lang, s: &LabState, seq_ref: NodeRef, narrow: bool) -> Html {
    let run = &s.run;
    let (now, then) = (current(s), before(s));
    let ((reports, keys), (reports_before, keys_before)) = (tables(now), tables(then));
    let step = s.step.min(s.total());
    html! { <>
        { super::tenants::timers_panel(l, run) }
        { super::layers::layers_panel(l, run, step) }
        <div class="panel">
            <h2>{ t(l, "lab.diagram.title") }</h2>
            <p class="muted bars-legend">{ t(l, "lab.diagram.bars") }</p>
            <p class="muted scroll-hint" aria-hidden="true">{ t(l, "lab.diagram.scroll_hint") }</p>
            <div class="scroll-x seq-wrap" ref={seq_ref}><Diagram lang={l} run={Same(s.run.clone())} upto={step} narrow={narrow} /></div>
        </div>
        <div class="lab-tables">
            { reports_table(l, reports, reports_before) }
            { keys_table(l, keys, keys_before) }
            { super::tables_downstream::downstream_tables(l, super::tables_downstream::has_outbox(run.design), now, then) }
            { super::tables_effects::recovery_tables(l, run, step) }
            { super::tenants::key_notes(l, s.run.design.scopes_tenant()) }
        </div>
    </> }
}
