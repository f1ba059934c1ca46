//! The «搭一个服务端» card: the challenge's terms and the design picker,
//! then the graded suite ([`crate::ui::exercises::build`] draws the parts).

use yew::prelude::*;

use super::KindCard;
use crate::exercises::build::Challenge;
use crate::exercises::grade::{ModelValue, Record, Response};
use crate::exercises::Question;
use crate::i18n::Lang;
use crate::ui::exercises::build;
use crate::ui::exercises::form::Form;
use crate::ui::exercises::inputs::Ctx;

/// The card of [`crate::exercises::kinds::build::BuildServer`].
pub(super) struct BuildServer<'a>(pub &'a Challenge);

impl KindCard for BuildServer<'_> {
    fn controls(&self, ctx: &Ctx, form: &Form) -> Html {
        html! { <>
            { build::terms(ctx.l, ctx.q, self.0) }
            { build::picker(ctx.l, ctx.q, &form.design, ctx.running) }
        </> }
    }

    fn graded(&self, l: Lang, q: &Question, r: &Record) -> Html {
        match (&r.response, &r.model) {
            (Response::Design(d), Some(ModelValue::Suite { rows })) => {
                build::graded(l, q, self.0, *d, rows)
            }
            _ => html! {},
        }
    }
}
