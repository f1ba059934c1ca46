//! `print=1`: a set's (or a section's) answers on paper, for a student who
//! hands in a PDF: each question with the student's answer, its mark and
//! the explanation, and the score. The print stylesheet
//! (`static/exercises.css`, `@media print`) leaves out the app's header and
//! the page's buttons.

use yew::prelude::*;

use super::marks::{mark_attr, mark_icon};
use super::view::response_text;
use crate::exercises::progress::Progress;
use crate::exercises::set::Scope;
use crate::exercises::Question;
use crate::i18n::{render, t, tf, Lang};
use crate::ui::dom;
use crate::ui::link::AppLink;

/// The printable summary of `scope` (its `questions`), with a way back to
/// the page without `print=1`.
pub fn print_page(l: Lang, scope: &Scope, questions: &[&Question], progress: &Progress) -> Html {
    let s = progress.summary(questions.iter().copied());
    let print = Callback::from(|_: MouseEvent| dom::print());
    let what = render(l, &scope.title());
    html! {
        <section class="exercises ex-print" data-testid="print">
            <h1>{ tf(l, "ex.print_title", &[("what", what)]) }</h1>
            <p class="ex-print-score" data-testid="print-score">{ super::score_line(l, s) }</p>
            <p class="ex-print-actions">
                <button type="button" class="primary" data-testid="print-button" onclick={print}>{ t(l, "ex.print_button") }</button>
                { " " }<AppLink to={scope.link()} testid="print-back">{ t(l, "ex.print_back") }</AppLink>
            </p>
            <ol class="ex-print-list">{ for questions.iter().map(|q| item(l, q, progress)) }</ol>
        </section>
    }
}

/// One question: its prompt, the answer and mark (or «未作答»), and the
/// explanation once answered (never before: it gives the answer away).
fn item(l: Lang, q: &Question, progress: &Progress) -> Html {
    let id = q.id;
    let record = progress.current(id);
    let answer = match record {
        Some(r) => html! { <>
            <span data-testid={format!("print-answer-{id}")}>{ response_text(l, q, &r.response) }</span>
            { " " }<span class="ex-print-mark" data-testid={format!("print-mark-{id}")} data-mark={mark_attr(r.correct)}>
                { mark_icon(r.correct) }{ t(l, if r.correct { "ex.mark_ok" } else { "ex.mark_bad" }) }
            </span>
        </> },
        None => {
            html! { <span data-testid={format!("print-answer-{id}")} class="muted">{ t(l, "ex.print_none") }</span> }
        }
    };
    let first = progress.counted_first_try(id).map(|f| html! {
        <p class="muted">{ t(l, "ex.print_first") }{ " " }{ t(l, if f.correct { "ex.mark_ok" } else { "ex.mark_bad" }) }</p>
    });
    html! {
        <li class="ex-print-q" data-testid={format!("print-{id}")}>
            <p class="ex-print-prompt">{ t(l, &q.prompt_key()) }{ " " }<code class="muted">{ id }</code></p>
            <p>{ t(l, "ex.print_answer") }{ " " }{ answer }</p>
            { first.unwrap_or_default() }
            if record.is_some() {
                <p class="ex-print-explain" data-testid={format!("print-explain-{id}")}>{ t(l, &q.explain_key()) }</p>
            }
        </li>
    }
}
