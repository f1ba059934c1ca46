//! A graded card: the verdict, the expected answer beside a wrong one, the
//! student's prediction or test, what the question's kind adds (the
//! model's value, the suite, the cases' table) and the explanation.

use yew::prelude::*;

use super::kinds;
use super::marks::mark_icon;
use super::view::response_text;
use crate::exercises::grade::Record;
use crate::exercises::Question;
use crate::i18n::{render, t, tf, Lang, Sentence};

/// The graded result, what the kind adds to it (the model's value, the
/// suite, the cases' table) and the explanation.
pub fn result(l: Lang, q: &Question, r: &Record) -> Html {
    let id = q.id;
    let verdict = if r.correct { "ex.right" } else { "ex.wrong" };
    let kind = q.kind.module();
    let expected = (!r.correct).then(|| kind.expected()).flatten();
    let expected =
        expected.map(|e| render(l, &Sentence::new("ex.correct_answer").arg("answer", e)));
    let answer_key = kind.answer_key();
    html! {
        <>
            <p class={classes!("ex-result", if r.correct { "ok" } else { "bad" })} data-testid={format!("result-{id}")}
                data-verdict={if r.correct { "right" } else { "wrong" }}>
                <strong>{ mark_icon(r.correct) }{ " " }{ t(l, verdict) }</strong>
                if let Some(e) = expected {
                    { " " }<span>{ e }</span>
                }
                if let Some(key) = answer_key {
                    { " " }<span class="muted">{ tf(l, key, &[("answer", response_text(l, q, &r.response))]) }</span>
                }
            </p>
            { kinds::card_of(q).graded(l, q, r) }
            <div class="ex-explanation" data-testid={format!("explanation-{id}")}>
                <h4>{ t(l, "ex.explanation") }</h4>
                <p>{ t(l, &q.explain_key()) }</p>
            </div>
        </>
    }
}
