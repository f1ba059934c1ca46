//! The self-check exercises page (`#/exercises`, `#/exercises?q=<id>`).
//!
//! The page owns the progress (a reducer, mirrored to `localStorage`); each
//! question is a [`card::QuestionCard`] that grades through the pure core and
//! reports a [`Record`] back.

mod card;
mod runner;
mod view;

use std::rc::Rc;

use yew::prelude::*;

use super::dom;
use super::page::PageProps;
use super::widgets::NoticeList;
use crate::exercises::progress::{Progress, Record, STORAGE_KEY};
use crate::exercises::sections::{grouped, Section};
use crate::exercises::{bank, Question};
use crate::i18n::{t, tf, Lang};
use crate::params::{Notice, NoticeKind, Reader};
use card::QuestionCard;

/// Cards mounted per task. Mounting all 40-odd cards at once took over 100 ms
/// of main thread in one task; batches keep every task short, and the rest of
/// the list follows within a few frames.
const BATCH: usize = 8;

/// Progress plus a generation counter that remounts the cards on reset.
#[derive(Clone, PartialEq, Default)]
struct State {
    progress: Progress,
    generation: u32,
}

enum Action {
    Record(String, Record),
    Reset,
}

impl Reducible for State {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Record(id, r) => next.progress.set(&id, r),
            Action::Reset => {
                next.progress = Progress::default();
                next.generation += 1;
            }
        }
        Rc::new(next)
    }
}

/// Reads `q` (one question) and rejects anything else, with notices.
fn read_query(p: &PageProps, bank: &[Question]) -> (Option<String>, Vec<Notice>) {
    let mut r = Reader::new(&p.query);
    r.reject_unknown(&["q"]);
    let mut notices = r.notices;
    let q = p.query.get("q").map(str::trim).filter(|s| !s.is_empty());
    let selected = match q {
        Some(id) if bank.iter().any(|x| x.id == id) => Some(id.to_string()),
        Some(id) => {
            notices.push(Notice {
                kind: NoticeKind::Invalid,
                param: "q".into(),
                given: id.to_string(),
                range: t(p.lang, "ex.q_range"),
                used: t(p.lang, "ex.all"),
            });
            None
        }
        None => None,
    };
    (selected, notices)
}

#[function_component(ExercisesPage)]
pub fn exercises_page(p: &PageProps) -> Html {
    let bank = use_memo((), |_| bank());
    let state = use_reducer(|| State {
        progress: dom::storage_get(STORAGE_KEY)
            .map(|s| Progress::from_json(&s))
            .unwrap_or_default(),
        generation: 0,
    });
    let reset_note = use_state(|| false);
    let limit = use_state(|| BATCH);

    // Mount the remaining cards a batch per task.
    {
        let total = bank.len();
        let limit = limit.clone();
        use_effect_with(*limit, move |n| {
            let timer = (*n < total).then(|| {
                let next = *n + BATCH;
                gloo::timers::callback::Timeout::new(0, move || limit.set(next))
            });
            move || drop(timer)
        });
    }

    // Mirror the progress into localStorage whenever it changes.
    {
        let progress = state.progress.clone();
        use_effect_with(progress, |progress| {
            if progress.records.is_empty() {
                dom::storage_remove(STORAGE_KEY);
            } else {
                dom::storage_set(STORAGE_KEY, &progress.to_json());
            }
        });
    }

    let l = p.lang;
    let (selected, notices) = read_query(p, &bank);
    let on_record = {
        let state = state.dispatcher();
        let reset_note = reset_note.clone();
        Callback::from(move |(id, r): (String, Record)| {
            reset_note.set(false);
            state.dispatch(Action::Record(id, r));
        })
    };
    let on_reset = {
        let state = state.dispatcher();
        let reset_note = reset_note.clone();
        Callback::from(move |_| {
            state.dispatch(Action::Reset);
            reset_note.set(true);
        })
    };
    let shown: Vec<&Question> = match &selected {
        Some(id) => bank.iter().filter(|q| q.id == id).collect(),
        None => bank.iter().take(*limit).collect(),
    };
    let card = |q: &Question| {
        html! {
            <QuestionCard key={format!("{}-{}", q.id, state.generation)} lang={l}
                question={Rc::new(q.clone())} record={state.progress.get(q.id).cloned()}
                on_record={on_record.clone()} />
        }
    };
    let all: Vec<&Question> = bank.iter().collect();
    let totals = grouped(&all);
    let total_in = |s: Section| {
        totals
            .iter()
            .find(|(x, _)| *x == s)
            .map_or(0, |(_, qs)| qs.len())
    };
    let groups = grouped(&shown);

    if selected.is_some() && p.embed {
        return html! {
            <section class="exercises single" data-testid="exercises">
                <NoticeList lang={l} notices={notices} />
                { for shown.iter().map(|q| card(q)) }
            </section>
        };
    }
    let s = state.progress.summary(&bank);
    html! {
        <section class="exercises" data-testid="exercises">
            <h1>{ t(l, "ex.title") }</h1>
            <NoticeList lang={l} notices={notices} />
            if selected.is_none() { <p class="ex-intro">{ t(l, "ex.intro") }</p> }
            <div class="ex-progress panel" role="status">
                <span data-testid="exercises-score">{ tf(l, "ex.score", &[
                    ("answered", s.answered.to_string()),
                    ("total", s.total.to_string()),
                    ("correct", s.correct.to_string()),
                ]) }</span>
                <button type="button" data-testid="exercises-reset" onclick={on_reset}>{ t(l, "ex.reset") }</button>
                if *reset_note { <span class="muted">{ t(l, "ex.reset_done") }</span> }
                if selected.is_some() { <a href="#/exercises" data-testid="exercises-all">{ t(l, "ex.all") }</a> }
            </div>
            { for groups.iter().map(|(sec, qs)| html! {
                <section class="ex-section" data-testid={format!("section-{}", sec.id())}
                    aria-labelledby={format!("ex-section-{}", sec.id())}>
                    <h2 id={format!("ex-section-{}", sec.id())}>
                        { t(l, &sec.title_key()) }
                        <span class="ex-count muted" data-testid={format!("section-count-{}", sec.id())}>
                            { tf(l, "ex.section_count", &[("n", total_in(*sec).to_string())]) }
                        </span>
                    </h2>
                    <ol class="ex-list">{ for qs.iter().map(|q| html! { <li>{ card(q) }</li> }) }</ol>
                </section>
            }) }
        </section>
    }
}

/// Language-dependent helper shared by the card views.
pub(crate) fn lang_list(l: Lang, items: &[String]) -> String {
    items.join(if l == Lang::Zh { "、" } else { ", " })
}
