//! A single choice's card: a radio group in the shown order.

use yew::prelude::*;

use super::KindCard;
use crate::exercises::order;
use crate::ui::exercises::form::Form;
use crate::ui::exercises::inputs::{radios, Ctx};

/// The card of [`crate::exercises::kinds::choice::Choice`].
pub(super) struct Choice;

impl KindCard for Choice {
    fn controls(&self, ctx: &Ctx, form: &Form) -> Html {
        radios(ctx, &order::shown(ctx.q), &form.choice, "ex.choose")
    }
}
