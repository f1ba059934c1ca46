//! Pure rendering helpers for a question card: answers, the graded result,
//! the model's value and the explanation.

use yew::prelude::*;

use crate::exercises::grade::{grade, Record, Response};
use crate::exercises::kinds::ChoiceLabel;
use crate::exercises::progress::Standing;
use crate::exercises::{option_key, Question};
use crate::i18n::{has, join_list, named, t, tf, Lang};
use crate::ui::link::AppLink;

/// A number as shown in a card or a result: grouped, up to three decimals,
/// no «.0».
pub fn fmt_num(v: f64) -> String {
    crate::kernel::num::answer(v)
}

/// The text of a choice, of true/false, or of a test's fault.
pub fn choice_text(l: Lang, q: &Question, choice: &str) -> String {
    match q.kind.module().choice_label(choice) {
        ChoiceLabel::Key(key) => t(l, key),
        ChoiceLabel::Fault => named(l, &t(l, &format!("lab.scenario.{choice}")), choice),
        // An old answer may name an option that no longer exists.
        ChoiceLabel::Option if !has(&option_key(choice)) => choice.to_string(),
        ChoiceLabel::Option => t(l, &option_key(choice)),
    }
}

/// A response as text, e.g. `0.5、1、2 秒` or an option's label.
pub(super) fn response_text(l: Lang, q: &Question, r: &Response) -> String {
    match r {
        Response::Numbers(v) => join_list(l, &v.iter().map(|x| fmt_num(*x)).collect::<Vec<_>>()),
        Response::Choice(c) => choice_text(l, q, c),
        Response::Bool(b) => t(l, if *b { "ex.true" } else { "ex.false" }),
        Response::Choices(v) => join_list(
            l,
            &v.iter().map(|c| choice_text(l, q, c)).collect::<Vec<_>>(),
        ),
        Response::Design(d) => super::build::design_text(l, *d),
        Response::Harness(h) => h.to_ids(),
        Response::Cases(v) => join_list(
            l,
            &v.iter()
                .map(|c| {
                    join_list(
                        l,
                        &c.iter().map(|o| choice_text(l, q, o)).collect::<Vec<_>>(),
                    )
                })
                .collect::<Vec<_>>(),
        ),
    }
}

/// Per-field verdicts of a stored record (re-graded, never stored).
pub fn field_marks(q: &Question, r: &Record) -> Vec<bool> {
    grade(q, &r.response, r.model.as_ref())
        .map(|g| g.fields)
        .unwrap_or_default()
}

/// A stored answer that no longer counts, because the question changed
/// since ([`Standing::Outdated`], [`Standing::Replaced`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Changed {
    /// The question's own record, of an earlier revision.
    Outdated(Record),
    /// A record of the question this one replaced, under that old id.
    Replaced(&'static str),
}

impl Changed {
    /// What a card shows for a question's standing (`None`: nothing
    /// changed, or nothing was answered).
    pub fn of(s: Standing<'_>) -> Option<Changed> {
        match s {
            Standing::Outdated(r) => Some(Changed::Outdated(r.clone())),
            Standing::Replaced(old) => Some(Changed::Replaced(old)),
            Standing::Answered(_) | Standing::Unanswered => None,
        }
    }
}

/// «题目改过了，请重新作答», with the old answer as the old answer (never
/// graded against today's key: it answered another question).
pub fn changed(l: Lang, q: &Question, c: &Changed) -> Html {
    let id = q.id;
    let detail = match c {
        Changed::Outdated(r) => html! {
            <p class="muted" data-testid={format!("old-answer-{id}")}>
                { tf(l, "ex.changed_old", &[("answer", response_text(l, q, &r.response))]) }
            </p>
        },
        Changed::Replaced(old) => html! {
            <p class="muted" data-testid={format!("old-answer-{id}")}>
                { tf(l, "ex.changed_replaced", &[("id", old.to_string())]) }
            </p>
        },
    };
    html! {
        <div class="ex-changed" data-testid={format!("changed-{id}")}>
            <p><strong>{ t(l, "ex.changed") }</strong></p>
            { detail }
        </div>
    }
}

/// The line under a later try's result: the first try is the one the
/// tally counts, so reading the key and answering again changes nothing.
pub fn first_try(l: Lang, id: &str, correct: bool) -> Html {
    let key = if correct {
        "ex.first_try_right"
    } else {
        "ex.first_try_wrong"
    };
    html! {
        <p class="ex-first-try muted" data-testid={format!("first-try-{id}")}
            data-verdict={if correct { "right" } else { "wrong" }}>{ t(l, key) }</p>
    }
}

/// A model value that does not fit its question (an old record).
pub(super) fn no_model_value(q: &Question) -> Html {
    html! { <p data-testid={format!("model-{}", q.id)}>{ "—" }</p> }
}

/// A link to a lab run, named by the lab's names, the ids in its title.
pub(super) fn run_link(l: Lang, run: &crate::exercises::LabRun) -> Html {
    html! {
        <AppLink to={run.link()} attrs={vec![("title", AttrValue::from(run_ids(run)))]}>{ tf(l, "ex.demo_run", &[("label", run_label(l, run))]) }</AppLink>
    }
}

/// A lab run in the lab's own names (scenario × client × server, and the
/// mechanisms added to the server), the ids in the link's title.
fn run_label(l: Lang, run: &crate::exercises::LabRun) -> String {
    let server = std::iter::once(t(l, &format!("lab.server.{}", run.server.id())))
        .chain(
            run.added_mechanisms()
                .iter()
                .map(|m| t(l, &format!("lab.mech.{}", m.id()))),
        )
        .collect::<Vec<_>>()
        .join(" + ");
    format!(
        "{} × {} × {server}",
        t(l, &format!("lab.scenario.{}", run.scenario.id())),
        match run.harness {
            Some(h) => t(l, &format!("lab.harness.preset.{}", h.id())),
            None => t(l, &format!("lab.client.{}", run.client.id())),
        },
    )
}

/// The run's ids, as the link's title shows them.
fn run_ids(run: &crate::exercises::LabRun) -> String {
    let added = run
        .added_mechanisms()
        .iter()
        .map(|m| format!("+{}", m.id()))
        .collect::<String>();
    format!(
        "{} × {} × {}{added}",
        run.scenario.id(),
        run.harness.map_or(run.client.id(), |h| h.id()),
        run.server.id()
    )
}
