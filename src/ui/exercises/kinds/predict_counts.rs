//! «Predict, then run» with numbers: one field per lab run, then each
//! run's final count beside the prediction, with a link to the run.

use yew::prelude::*;

use super::KindCard;
use crate::exercises::grade::{ModelValue, Record, Response};
use crate::exercises::{LabRun, PredictField, Question};
use crate::i18n::{join_list, t, tf, Lang};
use crate::ui::exercises::form::Form;
use crate::ui::exercises::inputs::{number_fields, Ctx};
use crate::ui::exercises::marks::{mark, mark_attr};
use crate::ui::exercises::view::{field_marks, fmt_num, no_model_value, run_link};

/// The card of [`crate::exercises::kinds::predict_counts::PredictCounts`]:
/// its fields and, when its model is lab counts, the runs.
pub(super) struct PredictCounts<'a> {
    pub fields: &'a [PredictField],
    pub runs: Option<&'a [LabRun]>,
}

impl KindCard for PredictCounts<'_> {
    fn controls(&self, ctx: &Ctx, form: &Form) -> Html {
        let specs = ctx.q.kind.module().fields();
        number_fields(ctx, &specs, &form.inputs, "ex.predict_legend")
    }

    fn graded(&self, l: Lang, q: &Question, r: &Record) -> Html {
        match (self.runs, &r.model) {
            (Some(runs), Some(ModelValue::Numbers { values })) => {
                lab_counts(l, q, r, self.fields, runs, values)
            }
            (_, Some(_)) => no_model_value(q),
            (_, None) => html! {},
        }
    }
}

/// Each lab run's final count, its mark and its link.
fn lab_counts(
    l: Lang,
    q: &Question,
    r: &Record,
    fields: &[PredictField],
    runs: &[LabRun],
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
