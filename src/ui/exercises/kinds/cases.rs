//! A cases question's card: one select per part of each case, then the
//! graded table with each case's lab run.

use yew::prelude::*;

use super::KindCard;
use crate::exercises::grade::{Record, Response};
use crate::exercises::{order, CasePart, CaseRow, CaseRun, Cases, Question, Recovery};
use crate::i18n::{t, tf, Lang};
use crate::ui::exercises::form::Form;
use crate::ui::exercises::inputs::{input_value, set_pick, Ctx};
use crate::ui::exercises::marks;
use crate::ui::exercises::marks::case_mark;
use crate::ui::exercises::view::{choice_text, field_marks, run_link};
use crate::ui::link::AppLink;

/// The card of [`crate::exercises::kinds::cases::CaseTable`].
pub(super) struct CaseTable<'a>(pub &'a Cases);

impl KindCard for CaseTable<'_> {
    fn controls(&self, ctx: &Ctx, form: &Form) -> Html {
        cases(ctx, self.0, &form.picks)
    }

    fn graded(&self, l: Lang, q: &Question, r: &Record) -> Html {
        match &r.response {
            Response::Cases(picked) => cases_graded(l, q, r, self.0, picked),
            _ => html! {},
        }
    }
}

/// One fieldset per case of a cases question, one select per part, each
/// part's options in that case's shuffled order, and each part marked once
/// graded (picks and marks case by case).
fn cases(c: &Ctx, cs: &Cases, picks: &UseStateHandle<Vec<Option<String>>>) -> Html {
    let (l, id) = (c.l, c.q.id);
    let n = cs.parts.len();
    let part = |i: usize, row: &CaseRow, j: usize, p: &CasePart| {
        let slot = i * n + j;
        let select_id = format!("ex-{id}-case-{}-{}", i + 1, j + 1);
        let onchange = {
            let picks = picks.clone();
            Callback::from(move |e: Event| set_pick(&picks, slot, input_value(&e)))
        };
        let current = picks.get(slot).cloned().flatten();
        html! {
            <div class="ex-row">
                <label for={select_id.clone()}>{ t(l, p.label) }</label>
                <span class="ex-input">
                    <select id={select_id} data-testid={format!("case-{id}-{}-{}", i + 1, j + 1)} {onchange} disabled={c.running}>
                        <option value="" selected={current.is_none()}>{ t(l, "ex.case_placeholder") }</option>
                        { for order::case_options(id, row, p).into_iter().map(|o| html! {
                            <option value={o} selected={current.as_deref() == Some(o)}>{ choice_text(l, c.q, o) }</option>
                        }) }
                    </select>
                    if let Some(ok) = c.marks.get(slot) {
                        { marks::case_mark(l, *ok, format!("case-mark-{id}-{}-{}", i + 1, j + 1)) }
                    }
                </span>
            </div>
        }
    };
    let case = |(i, row): (usize, &CaseRow)| {
        html! {
            <fieldset class="ex-rows ex-case" data-testid={format!("case-{id}-{}", i + 1)}>
                <legend>{ t(l, row.label) }</legend>
                { for cs.parts.iter().enumerate().map(|(j, p)| part(i, row, j, p)) }
            </fieldset>
        }
    };
    html! {
        <div class="ex-cases">
            <p class="muted">{ t(l, "ex.cases_legend") }</p>
            { for cs.rows.iter().enumerate().map(case) }
        </div>
    }
}

/// A cases question graded: how many parts were right, then per case
/// and part the pick, its mark and (when wrong) the key, and the lab run
/// that shows the case, or why the lab cannot run it yet.
fn cases_graded(l: Lang, q: &Question, r: &Record, c: &Cases, picked: &[Vec<String>]) -> Html {
    let id = q.id;
    let marks = field_marks(q, r);
    let right = marks.iter().filter(|ok| **ok).count();
    let score = tf(
        l,
        "ex.cases_score",
        &[
            ("right", right.to_string()),
            ("total", c.picks().to_string()),
        ],
    );
    let cell = |i: usize, j: usize, row: &CaseRow| {
        let ok = marks.get(i * c.parts.len() + j).copied().unwrap_or(false);
        let pick = picked
            .get(i)
            .and_then(|p| p.get(j))
            .map_or("", String::as_str);
        let key = row.keys.get(j).copied().unwrap_or_default();
        html! {
            <td data-testid={format!("case-result-{id}-{}-{}", i + 1, j + 1)}>
                { case_mark(l, ok, format!("case-verdict-{id}-{}-{}", i + 1, j + 1)) }{ " " }
                { choice_text(l, q, pick) }
                if !ok { <span class="muted">{ " " }{ tf(l, "ex.case_should_be", &[("answer", choice_text(l, q, key))]) }</span> }
            </td>
        }
    };
    let lab = |i: usize, row: &CaseRow| match &row.run {
        CaseRun::Lab(run) => {
            html! { <td data-testid={format!("case-run-{id}-{}", i + 1)}>{ run_link(l, run) }</td> }
        }
        CaseRun::Recovery(rec) => {
            html! { <td data-testid={format!("case-run-{id}-{}", i + 1)}>{ recovery_links(l, rec, &format!("{id}-{}", i + 1)) }</td> }
        }
        CaseRun::Later(why) => {
            html! { <td class="muted" data-testid={format!("case-later-{id}-{}", i + 1)}>{ t(l, why) }</td> }
        }
    };
    html! {
        <div class="ex-model ex-cases-result">
            <p data-testid={format!("cases-score-{id}")}>{ score }</p>
            <div class="scroll-x"><table class="data">
                <caption>{ t(l, "ex.cases_table") }</caption>
                <thead><tr>
                    <th scope="col">{ t(l, "ex.cases_col_case") }</th>
                    { for c.parts.iter().map(|p| html! { <th scope="col">{ t(l, p.label) }</th> }) }
                    <th scope="col">{ t(l, "ex.cases_col_lab") }</th>
                </tr></thead>
                <tbody>{ for c.rows.iter().enumerate().map(|(i, row)| html! {
                    <tr>
                        <th scope="row">{ t(l, row.label) }</th>
                        { for (0..c.parts.len()).map(|j| cell(i, j, row)) }
                        { lab(i, row) }
                    </tr>
                }) }</tbody>
            </table></div>
        </div>
    }
}

/// A case's two runs: as 003 says, and with one piece missing (the clause
/// that then breaks named), or why nothing can break.
/// `at` names the question and case in the links' testids.
fn recovery_links(l: Lang, rec: &Recovery, at: &str) -> Html {
    let testid = |what: &str| Some(AttrValue::from(format!("case-{what}-{at}")));
    let broken = match (&rec.broken, rec.broken_link()) {
        (Some(m), Some(link)) => {
            let text = tf(
                l,
                "ex.case.run_broken",
                &[("missing", m.ids()), ("clause", t(l, &m.breaks.key()))],
            );
            html! { <AppLink to={link} testid={testid("broken")}>{ text }</AppLink> }
        }
        _ => {
            html! { <span class="muted" data-testid={format!("case-unbroken-{at}")}>{ t(l, "ex.case.nothing_breaks") }</span> }
        }
    };
    html! {
        <>
            <AppLink to={rec.link()} testid={testid("run003")}>{ t(l, "ex.case.run_003") }</AppLink>
            <br />
            { broken }
        </>
    }
}
