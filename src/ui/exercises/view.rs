//! Pure rendering helpers for a question card: answers, the graded result,
//! the model's value and the explanation.

use yew::prelude::*;

use crate::exercises::grade::{grade, ModelValue, Record, Response, FEWEST_REL_TOL};
use crate::exercises::progress::Standing;
use crate::exercises::{
    option_key, redgreen, CaseRow, CaseRun, Cases, Kind, Model, PredictInput, Question,
};
use crate::i18n::num::count;
use crate::i18n::{has, join_list, named, t, tf, Lang};
use crate::ui::link::AppLink;

use super::marks::{case_mark, mark, mark_attr, mark_icon};

/// A number as shown in a card or a result: grouped, up to three decimals,
/// no «.0».
pub fn fmt_num(v: f64) -> String {
    crate::kernel::num::answer(v)
}

/// The text of a choice, of true/false, or of a test's fault.
pub fn choice_text(l: Lang, q: &Question, choice: &str) -> String {
    match &q.kind {
        Kind::TrueFalse(_) => t(
            l,
            if choice == "true" {
                "ex.true"
            } else {
                "ex.false"
            },
        ),
        Kind::Predict {
            model: Model::RedGreen(b),
            ..
        } if b.fault_ids().contains(&choice) => {
            named(l, &t(l, &format!("lab.scenario.{choice}")), choice)
        }
        // An old answer may name an option that no longer exists.
        _ if !has(&option_key(choice)) => choice.to_string(),
        _ => t(l, &option_key(choice)),
    }
}

/// A response as text, e.g. `0.5、1、2 秒` or an option's label.
fn response_text(l: Lang, q: &Question, r: &Response) -> String {
    match r {
        Response::Numbers(v) => join_list(l, &v.iter().map(|x| fmt_num(*x)).collect::<Vec<_>>()),
        Response::Choice(c) => choice_text(l, q, c),
        Response::Bool(b) => t(l, if *b { "ex.true" } else { "ex.false" }),
        Response::Choices(v) => join_list(
            l,
            &v.iter().map(|c| choice_text(l, q, c)).collect::<Vec<_>>(),
        ),
        Response::Design(d) => super::build::design_text(l, *d),
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

/// The expected answer as text (not for predictions: those come from the
/// model, and a cases question's table shows its own).
fn expected_text(l: Lang, q: &Question) -> Option<String> {
    match &q.kind {
        Kind::Numeric(fields) => {
            let unit = fields
                .first()
                .map(|f| t(l, f.unit.key()))
                .unwrap_or_default();
            let v: Vec<String> = fields.iter().map(|f| fmt_num(f.answer())).collect();
            Some(format!("{} {unit}", join_list(l, &v)))
        }
        Kind::Choice { correct, .. } => Some(t(l, &option_key(correct))),
        Kind::TrueFalse(b) => Some(t(l, if *b { "ex.true" } else { "ex.false" })),
        // A cases question shows every part's answer in its table.
        Kind::Predict { .. } | Kind::Build(_) | Kind::Cases(_) => None,
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

/// The graded result, the model's value and the explanation.
pub fn result(l: Lang, q: &Question, r: &Record) -> Html {
    let id = q.id;
    let verdict = if r.correct { "ex.right" } else { "ex.wrong" };
    let expected = (!r.correct).then(|| expected_text(l, q)).flatten();
    let is_predict = matches!(q.kind, Kind::Predict { .. });
    let is_test = matches!(
        q.kind,
        Kind::Predict {
            input: PredictInput::RedGreen(_),
            ..
        }
    );
    html! {
        <>
            <p class={classes!("ex-result", if r.correct { "ok" } else { "bad" })} data-testid={format!("result-{id}")}
                data-verdict={if r.correct { "right" } else { "wrong" }}>
                <strong>{ mark_icon(r.correct) }{ " " }{ t(l, verdict) }</strong>
                if let Some(e) = expected {
                    { " " }<span>{ tf(l, "ex.correct_answer", &[("answer", e)]) }</span>
                }
                if is_predict {
                    { " " }<span class="muted">{ tf(l, if is_test { "ex.your_test" } else { "ex.your_prediction" }, &[("answer", response_text(l, q, &r.response))]) }</span>
                }
            </p>
            if let (Kind::Predict { input, model }, Some(mv)) = (&q.kind, &r.model) {
                { model_value(l, q, r, input, model, mv) }
            }
            if let (Kind::Build(c), Response::Design(d), Some(ModelValue::Suite { rows })) = (&q.kind, &r.response, &r.model) {
                { super::build::graded(l, q, c, *d, rows) }
            }
            if let (Kind::Cases(c), Response::Cases(picked)) = (&q.kind, &r.response) {
                { cases_graded(l, q, r, c, picked) }
            }
            <div class="ex-explanation" data-testid={format!("explanation-{id}")}>
                <h4>{ t(l, "ex.explanation") }</h4>
                <p>{ t(l, &q.explain_key()) }</p>
            </div>
        </>
    }
}

/// What the model produced, per field (lab), per strategy (herd) or per
/// fault (a red/green test).
fn model_value(
    l: Lang,
    q: &Question,
    r: &Record,
    input: &PredictInput,
    model: &Model,
    mv: &ModelValue,
) -> Html {
    match (input, model, mv) {
        (PredictInput::Numbers(fields), Model::LabCounts(runs), ModelValue::Numbers { values }) => {
            lab_counts(l, q, r, fields, runs, values)
        }
        (
            PredictInput::Choice(_),
            Model::HerdFewestCalls(_),
            ModelValue::Fewest { winner, calls },
        ) => herd_calls(l, q, winner, calls),
        (PredictInput::RedGreen(_), Model::RedGreen(bench), ModelValue::Numbers { values }) => {
            test_runs(l, q, r, bench, values)
        }
        _ => html! { <p data-testid={format!("model-{}", q.id)}>{ "—" }</p> },
    }
}

/// Each lab run's final count, its mark and its link.
fn lab_counts(
    l: Lang,
    q: &Question,
    r: &Record,
    fields: &[crate::exercises::PredictField],
    runs: &[crate::exercises::LabRun],
    values: &[f64],
) -> Html {
    let id = q.id;
    let marks = field_marks(q, r);
    let joined = join_list(l, &values.iter().map(|v| fmt_num(*v)).collect::<Vec<_>>());
    html! {
        <div class="ex-model">
            <p data-testid={format!("model-{id}")}>{ tf(l, "ex.model_value", &[("value", joined)]) }</p>
            <ul>
                { for fields.iter().zip(runs).zip(values).enumerate().map(|(i, ((f, run), v))| {
                    let ok = marks.get(i).copied().unwrap_or(false);
                    let predicted = match &r.response {
                        Response::Numbers(p) => p.get(i).map(|x| fmt_num(*x)).unwrap_or_default(),
                        _ => String::new(),
                    };
                    let line = tf(l, "ex.model_field", &[
                        ("label", t(l, f.label)),
                        ("value", fmt_num(*v)),
                        ("unit", t(l, f.unit.key())),
                    ]);
                    html! { <li data-testid={format!("model-{id}-{}", i + 1)} data-mark={mark_attr(ok)}>
                        { mark(l, ok) }{ format!(" {line} ") }
                        if !ok { <span class="muted">{ tf(l, "ex.predicted_was", &[("answer", predicted)]) }{ " " }</span> }
                        { run_link(l, run) }
                    </li> }
                }) }
            </ul>
        </div>
    }
}

/// A link to a lab run, named by the lab's names, the ids in its title.
fn run_link(l: Lang, run: &crate::exercises::LabRun) -> Html {
    html! {
        <AppLink to={run.link()} attrs={vec![("title", AttrValue::from(run_ids(run)))]}>{ tf(l, "ex.demo_run", &[("label", run_label(l, run))]) }</AppLink>
    }
}

/// Every strategy's mean calls, the near-fewest starred.
fn herd_calls(l: Lang, q: &Question, winner: &str, calls: &[(String, f64)]) -> Html {
    let id = q.id;
    let min = calls.iter().map(|(_, c)| *c).fold(f64::INFINITY, f64::min);
    html! {
        <div class="ex-model">
            <p data-testid={format!("model-{id}")}>{ tf(l, "ex.model_fewest", &[("winner", t(l, &option_key(winner)))]) }</p>
            <div class="scroll-x"><table class="data">
                <thead><tr><th scope="col">{ t(l, "ex.col.strategy") }</th><th scope="col" class="num">{ t(l, "ex.col.calls") }</th></tr></thead>
                <tbody>{ for calls.iter().map(|(s, c)| html! {
                    <tr><th scope="row">{ t(l, &option_key(s)) }{ if *c <= min * (1.0 + FEWEST_REL_TOL) { " ★" } else { "" } }</th>
                    <td class="num" data-testid={format!("model-calls-{s}")}>{ count(*c) }</td></tr>
                }) }</tbody>
            </table></div>
            <p class="muted">{ t(l, "ex.fewest_star") }</p>
        </div>
    }
}

/// A red/green test: how the picked test fared on each server, and every
/// fault's counts with links to its runs.
fn test_runs(l: Lang, q: &Question, r: &Record, bench: &redgreen::Bench, values: &[f64]) -> Html {
    let id = q.id;
    let Response::Choices(picked) = &r.response else {
        return html! {};
    };
    let pick = |i: usize| picked.get(i).map_or("", |s| s.as_str());
    let (fault, repro, regression) = (pick(0), pick(1), pick(2));
    let server = |s: &str| t(l, &format!("lab.server.{s}"));
    let verdict = |pass: bool| t(l, if pass { "ex.test_green" } else { "ex.test_red" });
    let on = |assertion: &str, srv: &str, pass: bool, n: f64, testid: String| {
        let args = [
            ("assertion", choice_text(l, q, assertion)),
            ("server", server(srv)),
            ("verdict", verdict(pass)),
            ("count", fmt_num(n)),
        ];
        html! { <li data-testid={testid}>{ tf(l, "ex.test_on_assert", &args) }</li> }
    };
    let outcome = redgreen::outcome(bench, values, fault, repro, regression);
    let counts = bench.counts(values, fault);
    let runs = bench.runs();
    html! {
        <div class="ex-model">
            if let (Some(o), Some((red, green))) = (outcome, counts) {
                <ul data-testid={format!("model-{id}")}>
                    { on(repro, bench.red.id(), o.repro_on_red, red, format!("model-{id}-repro")) }
                    { on(repro, bench.green.id(), o.repro_on_green, green, format!("model-{id}-repro-green")) }
                    { on(regression, bench.red.id(), o.passes_on_red, red, format!("model-{id}-red")) }
                    { on(regression, bench.green.id(), o.passes_on_green, green, format!("model-{id}-green")) }
                </ul>
            }
            <div class="scroll-x"><table class="data">
                <caption>{ t(l, "ex.test_table") }</caption>
                <thead><tr>
                    <th scope="col">{ t(l, "ex.test_col_fault") }</th>
                    <th scope="col" class="num">{ tf(l, "ex.test_col_count", &[("server", server(bench.red.id()))]) }</th>
                    <th scope="col" class="num">{ tf(l, "ex.test_col_count", &[("server", server(bench.green.id()))]) }</th>
                </tr></thead>
                <tbody>{ for bench.fault_ids().into_iter().enumerate().map(|(i, f)| html! {
                    <tr>
                        <th scope="row">{ t(l, &format!("lab.scenario.{f}")) }{ if f == fault { " ★" } else { "" } }</th>
                        { for [0, 1].into_iter().map(|k| html! {
                            <td class="num" data-testid={format!("model-{id}-{f}-{}", if k == 0 { "red" } else { "green" })}>
                                { values.get(2 * i + k).map(|v| fmt_num(*v)).unwrap_or_default() }{ " " }
                                { runs.get(2 * i + k).map(|run| run_link(l, run)).unwrap_or_default() }
                            </td>
                        }) }
                    </tr>
                }) }</tbody>
            </table></div>
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

/// A lab run in the lab's own names (scenario × client × server, and the
/// mechanisms added to the server), the ids in the link's title.
fn run_label(l: Lang, run: &crate::exercises::LabRun) -> String {
    let server = std::iter::once(t(l, &format!("lab.server.{}", run.server.id())))
        .chain(
            run.added
                .iter()
                .map(|m| t(l, &format!("lab.mech.{}", m.id()))),
        )
        .collect::<Vec<_>>()
        .join(" + ");
    format!(
        "{} × {} × {server}",
        t(l, &format!("lab.scenario.{}", run.scenario.id())),
        t(l, &format!("lab.client.{}", run.client.id())),
    )
}

/// The run's ids, as the link's title shows them.
fn run_ids(run: &crate::exercises::LabRun) -> String {
    let added = run
        .added
        .iter()
        .map(|m| format!("+{}", m.id()))
        .collect::<String>();
    format!(
        "{} × {} × {}{added}",
        run.scenario.id(),
        run.client.id(),
        run.server.id()
    )
}
