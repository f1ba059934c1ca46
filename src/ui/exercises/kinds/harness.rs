//! The «搭一个 harness» card: the challenge's terms and the harness's text
//! field, then the graded rows ([`crate::ui::exercises::harness`] draws the
//! parts).

use yew::prelude::*;

use super::KindCard;
use crate::exercises::grade::{ModelValue, Record, Response};
use crate::exercises::harness::HarnessChallenge;
use crate::exercises::Question;
use crate::i18n::Lang;
use crate::ui::exercises::form::Form;
use crate::ui::exercises::harness;
use crate::ui::exercises::inputs::Ctx;

/// The card of [`crate::exercises::kinds::harness::BuildHarness`].
pub(super) struct BuildHarness<'a>(pub &'a HarnessChallenge);

impl KindCard for BuildHarness<'_> {
    fn controls(&self, ctx: &Ctx, form: &Form) -> Html {
        html! { <>
            { harness::terms(ctx.l, ctx.q, self.0) }
            { harness::field(ctx.l, ctx.q, &form.choice, ctx.running) }
        </> }
    }

    fn graded(&self, l: Lang, q: &Question, r: &Record) -> Html {
        match (&r.response, &r.model) {
            (Response::Harness(h), Some(ModelValue::HarnessRows { rows })) => {
                harness::graded(l, q, self.0, *h, rows)
            }
            _ => html! {},
        }
    }
}
