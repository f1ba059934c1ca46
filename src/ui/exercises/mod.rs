//! The self-check exercises page (`#/exercises`, `#/exercises?section=<id>`,
//! `#/exercises?q=<id>`).
//!
//! The page shows one section of the chapter at a time, with every
//! section's count and progress in a bar of links, and the stored progress;
//! each question is a
//! [`card::QuestionCard`] that grades through the pure core and reports a
//! [`Record`]. Every change is applied to what is stored at that moment
//! ([`store::edit`]: read, merge, write), and the page follows `storage`
//! events, so embedded questions and other tabs never overwrite each other.

mod build;
mod card;
mod form;
mod graded;
mod harness;
mod inputs;
mod kinds;
mod marks;
mod print;
mod report;
mod runner;
mod set_builder;
pub use set_builder::SetBuilderPage;
mod store;
mod view;

use std::rc::Rc;

use gloo::events::EventListener;
use yew::prelude::*;

use super::frame_hooks::use_revealed;
use super::page::PageProps;
use super::widgets::NoticeList;
use crate::exercises::grade::Record;
use crate::exercises::progress::{Edit, Progress, Summary, Write};
use crate::exercises::query::read_query;
use crate::exercises::query::Selection;
use crate::exercises::sections::Section;
use crate::exercises::set::Scope;
use crate::exercises::{bank, Question};
use crate::i18n::{t, tf, Lang};
use crate::kernel::params::Notice;
use crate::pages::links::Link;
use crate::ui::link::AppLink;
use card::QuestionCard;
use store::Problem;

/// Cards mounted per frame after the first: mounting all 60-odd cards at
/// once took over 100 ms of main thread in one task. A remount (reset,
/// undo) starts again at the first batch, for the same reason.
const BATCH: usize = 6;

/// Cards in the first frame, fewer than a batch: that frame's layout also
/// loads the page's fonts (weights, sizes, monospace, MathML), which took
/// most of a 100 ms task when it came with eight cards.
const FIRST_BATCH: usize = 3;

/// What the page shows: the stored progress, a generation counter that
/// remounts the cards on reset, the records an undo would restore and the
/// last storage problem.
#[derive(Clone, PartialEq, Default)]
struct State {
    progress: Progress,
    generation: u32,
    undo: Option<Progress>,
    problem: Option<Problem>,
}

enum Action {
    /// A write went through (or failed with a problem) for an answer.
    Answered(Progress, Option<Problem>),
    /// A clear: the progress after it and what it removed.
    Cleared(Progress, Progress, Option<Problem>),
    /// An undo of the clear went through.
    Restored(Progress, Option<Problem>),
    /// Another frame or tab changed the stored progress.
    Reloaded(Progress, Option<Problem>),
}

impl State {
    /// Remounts every card, a batch at a time.
    fn remount(&mut self) {
        self.generation += 1;
    }
}

impl Reducible for State {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Answered(p, e) => {
                next.progress = p;
                next.problem = e;
                next.undo = None;
            }
            Action::Cleared(p, removed, e) => {
                next.progress = p;
                next.problem = e;
                next.undo = (!removed.is_empty()).then_some(removed);
                next.remount();
            }
            Action::Restored(p, e) => {
                next.progress = p;
                next.problem = e;
                next.undo = None;
                next.remount();
            }
            Action::Reloaded(p, e) => {
                if next.progress.ids().any(|k| !p.contains(k)) {
                    // Records disappeared (a reset elsewhere): clear the forms.
                    next.remount();
                }
                next.progress = p;
                next.problem = e;
            }
        }
        Rc::new(next)
    }
}

/// Performs `edit` and turns the outcome into the progress to show.
fn perform(edit: &Edit) -> (Write, Option<Problem>) {
    match store::edit(edit) {
        Ok(w) => (w, None),
        Err((w, p)) => (w, Some(p)),
    }
}

/// What the page holds across redraws.
struct PageState {
    bank: Rc<Vec<Question>>,
    /// The cards' questions, one `Rc` each, never rebuilt.
    questions: Rc<Vec<Rc<Question>>>,
    state: UseReducerHandle<State>,
}

/// The bank, the cards' questions and the page's state, loaded from
/// storage once.
#[hook]
fn use_page_state() -> PageState {
    let bank = use_memo((), |_| bank());
    // The cards' questions, shared and never rebuilt: with the memoized
    // `on_record` below, a card's props stay equal across the page's redraws,
    // so an answer redraws only its own card (and the page's counts), not
    // every mounted card.
    let questions = {
        let bank = bank.clone();
        use_memo((), move |_| {
            bank.iter().cloned().map(Rc::new).collect::<Vec<_>>()
        })
    };
    let state = use_reducer(|| {
        let (progress, problem) = store::load();
        State {
            progress,
            problem,
            ..State::default()
        }
    });
    PageState {
        bank,
        questions,
        state,
    }
}

#[function_component(ExercisesPage)]
pub fn exercises_page(p: &PageProps) -> Html {
    let PageState {
        bank,
        questions,
        state,
    } = use_page_state();
    let l = p.lang;
    let read = read_query(&p.query, &bank);
    let notices = crate::shell::exercise_notices::worded(l, &read);
    let Selection {
        question,
        section,
        set,
    } = read.selection;
    let in_section = bank.iter().filter(|q| q.section == section).count();
    let mounted = use_revealed(in_section, FIRST_BATCH, BATCH, (state.generation, section));

    use_stored_changes(&state);

    let scope = Scope::of(&set, section);
    let origin = read.origin.clone().filter(|_| p.embed);
    let report = report::use_report(l, origin, scope.clone(), bank.clone());
    let Edits {
        on_record,
        on_reset,
        on_undo,
    } = use_edits(&state, report);
    let shown = shown(&bank, question.as_deref(), section, mounted);
    // Every card is keyed (and so is its `<li>` below): Yew matches unkeyed
    // siblings from the end of the list, so when a batch was appended every
    // mounted card was destroyed and mounted again in another `<li>`, losing
    // what the student had typed. Keyed lists match by key.
    let card_key = |q: &Question| format!("{}-{}", q.id, state.generation);
    let card = |q: &Question| {
        let question = questions.iter().find(|x| x.id == q.id).cloned();
        html! {
            <QuestionCard key={card_key(q)} lang={l}
                question={crate::ui::same::Same(question.unwrap_or_else(|| Rc::new(q.clone())))} record={state.progress.current(q.id).cloned()}
                first_try={state.progress.counted_first_try(q.id).map(|t| t.correct)}
                changed={view::Changed::of(state.progress.standing(q.id))} on_record={on_record.clone()} />
        }
    };
    let problem = state.problem.map(|e| problem_line(l, e));

    if read.print {
        return print::print_page(l, &scope, &scope.questions(&bank), &state.progress);
    }
    if !set.is_empty() {
        let chosen = scope.questions(&bank);
        let cards = chosen.iter().map(|q| (card_key(q), card(q)));
        let score = state.progress.summary(chosen.iter().copied());
        return set_page(l, p.embed, (notices, problem), score, cards);
    }
    if question.is_some() && p.embed {
        return single_page(l, (notices, problem), shown.iter().map(|q| card(q)));
    }
    let s = state.progress.summary(bank.iter());
    html! {
        <section class="exercises" data-testid="exercises">
            <h1>{ t(l, "ex.title") }</h1>
            <NoticeList lang={l} notices={notices} />
            if question.is_none() { <p class="ex-intro">{ t(l, "ex.intro") }</p> }
            { score_panel(l, s, state.undo.is_some(), (on_reset, on_undo), question.is_some().then_some(section)) }
            { section_nav(l, &bank, &state.progress, section) }
            if question.is_none() { { builder_link(l) } }
            { problem.unwrap_or_default() }
            { section_cards(l, section, shown.iter().map(|q| (card_key(q), card(q)))) }
        </section>
    }
}

/// What went wrong with the stored progress.
fn problem_line(l: Lang, e: Problem) -> Html {
    html! { <p class="ex-error" role="alert" data-testid="storage-problem">{ t(l, e.key()) }</p> }
}

/// One question embedded alone: its card and the page's notices.
fn single_page(
    l: Lang,
    (notices, problem): (Vec<Notice>, Option<Html>),
    cards: impl Iterator<Item = Html>,
) -> Html {
    html! {
        <section class="exercises single" data-testid="exercises">
            <NoticeList lang={l} notices={notices} />
            { problem.unwrap_or_default() }
            <div class="ex-sections">{ for cards }</div>
        </section>
    }
}

/// A course author's set: its questions in the set's order, one score for
/// them (answers count in the bank's progress too: one stored record).
fn set_page(
    l: Lang,
    embed: bool,
    (notices, problem): (Vec<Notice>, Option<Html>),
    s: Summary,
    cards: impl Iterator<Item = (String, Html)>,
) -> Html {
    html! {
        <section class={classes!("exercises", "ex-set", embed.then_some("single"))} data-testid="exercises">
            if !embed {
                <h1 data-testid="set-title">{ tf(l, "ex.set_title", &[("n", s.total.to_string())]) }</h1>
                <p class="ex-intro">{ t(l, "ex.set_intro") }</p>
            }
            <NoticeList lang={l} notices={notices} />
            <div class="ex-progress panel" role="status">
                <span data-testid="set-score">{ score_line(l, s) }</span>
            </div>
            { problem.unwrap_or_default() }
            <div class="ex-sections">
                <section class="ex-section" data-testid="set">
                    <ol class="ex-list">{ for cards.map(|(key, card)| html! { <li key={key}>{ card }</li> }) }</ol>
                </section>
            </div>
        </section>
    }
}

/// «已答 N / M，答对 K»: the bank's, a section's, a set's.
fn score_line(l: Lang, s: Summary) -> String {
    tf(
        l,
        "ex.score",
        &[
            ("answered", s.answered.to_string()),
            ("total", s.total.to_string()),
            ("correct", s.correct.to_string()),
        ],
    )
}

/// «组一套题»: a link to the builder, a page of its own, so a student's
/// exercises never load its code.
fn builder_link(l: Lang) -> Html {
    html! {
        <p class="ex-builder-box panel" data-testid="set-builder-box">
            <AppLink to={Link::ExercisesBuilder.location()} testid="set-builder-open">
                { t(l, "ex.builder.title") }
            </AppLink>
        </p>
    }
}

/// The shown section's cards, each in a `<li>` keyed like its card.
fn section_cards(l: Lang, section: Section, cards: impl Iterator<Item = (String, Html)>) -> Html {
    let id = section.id();
    html! {
        // The keyed list sits alone in its own element: Yew 0.23 loses
        // its place («failed to insert node before next sibling») when a
        // keyed list whose first node changes follows an empty sibling.
        <div class="ex-sections">
            <section key={id} class="ex-section" data-testid={format!("section-{id}")}
                aria-labelledby={format!("ex-section-{id}")}>
                <h2 id={format!("ex-section-{id}")}>{ t(l, &section.title_key()) }</h2>
                <ol class="ex-list">{ for cards.map(|(key, card)| html! { <li key={key}>{ card }</li> }) }</ol>
            </section>
        </div>
    }
}

/// The questions on the page: the one asked for, or the first `mounted`
/// of the section.
fn shown<'a>(
    bank: &'a [Question],
    question: Option<&str>,
    section: Section,
    mounted: usize,
) -> Vec<&'a Question> {
    match question {
        Some(id) => bank.iter().filter(|q| q.id == id).collect(),
        None => bank
            .iter()
            .filter(|q| q.section == section)
            .take(mounted)
            .collect(),
    }
}

/// Follows changes made by other frames and tabs of this origin.
#[hook]
fn use_stored_changes(state: &UseReducerHandle<State>) {
    let state = state.dispatcher();
    use_effect_with((), move |_| {
        let listener = EventListener::new(&gloo::utils::window(), "storage", move |_| {
            let (progress, problem) = store::load();
            state.dispatch(Action::Reloaded(progress, problem));
        });
        move || drop(listener)
    });
}

/// The page's edit callbacks: an answer, «清空进度» and its undo.
struct Edits {
    on_record: Callback<(String, Record)>,
    on_reset: Callback<MouseEvent>,
    on_undo: Callback<MouseEvent>,
}

#[hook]
fn use_edits(state: &UseReducerHandle<State>, report: Option<report::Report>) -> Edits {
    let on_record = {
        let state = state.dispatcher();
        use_callback(report, move |(id, r): (String, Record), report| {
            let (w, problem) = perform(&Edit::Set(id.clone(), r));
            if let Some(report) = report {
                report.emit((id, w.progress.clone()));
            }
            state.dispatch(Action::Answered(w.progress, problem));
        })
    };
    let on_reset = {
        let state = state.dispatcher();
        Callback::from(move |_| {
            let (w, problem) = perform(&Edit::Clear);
            state.dispatch(Action::Cleared(w.progress, *w.cleared, problem));
        })
    };
    let on_undo = {
        let (dispatch, undo) = (state.dispatcher(), state.undo.clone());
        Callback::from(move |_| {
            if let Some(old) = &undo {
                let (w, problem) = perform(&Edit::Restore(old.clone()));
                dispatch.dispatch(Action::Restored(w.progress, problem));
            }
        })
    };
    Edits {
        on_record,
        on_reset,
        on_undo,
    }
}

/// The score, «清空进度» (and its undo once used), and for a single question
/// the way back to its section.
fn score_panel(
    l: Lang,
    s: Summary,
    can_undo: bool,
    (on_reset, on_undo): (Callback<MouseEvent>, Callback<MouseEvent>),
    back_to: Option<Section>,
) -> Html {
    html! {
        <div class="ex-progress panel" role="status">
            <span data-testid="exercises-score">{ score_line(l, s) }</span>
            <button type="button" data-testid="exercises-reset" onclick={on_reset}>{ t(l, "ex.reset") }</button>
            if can_undo {
                <span class="muted" data-testid="exercises-reset-done">{ t(l, "ex.reset_done") }</span>
                <button type="button" data-testid="exercises-undo" onclick={on_undo}>{ t(l, "ex.undo") }</button>
            }
            if let Some(section) = back_to {
                <AppLink to={Link::ExerciseSection(section.id().to_string())} testid="exercises-all">{ t(l, "ex.all") }</AppLink>
            }
        </div>
    }
}

/// The chapter's six sections as links, each with its count and how many of
/// its questions are answered; the shown one marked as current.
fn section_nav(l: Lang, bank: &[Question], progress: &Progress, current: Section) -> Html {
    let tab = |s: Section| {
        let sum = progress.summary(bank.iter().filter(|q| q.section == s));
        let id = s.id();
        html! {
            <li>
                <AppLink to={Link::ExerciseSection(id.to_string())} testid={format!("section-tab-{id}")}
                    class={if s == current { "ex-tab current" } else { "ex-tab" }}
                    attrs={if s == current { vec![("aria-current", AttrValue::from("page"))] } else { vec![] }}>
                    <span class="ex-tab-title">{ t(l, &s.title_key()) }</span>
                    <span class="ex-count muted">
                        <span data-testid={format!("section-count-{id}")}>{ tf(l, "ex.section_count", &[("n", sum.total.to_string())]) }</span>
                        { " · " }
                        <span data-testid={format!("section-answered-{id}")}>{ tf(l, "ex.section_answered", &[("answered", sum.answered.to_string())]) }</span>
                    </span>
                </AppLink>
            </li>
        }
    };
    html! {
        <nav class="ex-nav" aria-label={t(l, "ex.sections")} data-testid="section-nav">
            <ol>{ for Section::ALL.into_iter().map(tab) }</ol>
        </nav>
    }
}
