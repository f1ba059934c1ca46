//! A true/false card: «对» and «错» as a radio group.

use yew::prelude::*;

use super::KindCard;
use crate::exercises::order;
use crate::ui::exercises::form::Form;
use crate::ui::exercises::inputs::{radios, Ctx};

/// The card of [`crate::exercises::kinds::statement::Statement`].
pub(super) struct Statement;

impl KindCard for Statement {
    fn controls(&self, ctx: &Ctx, form: &Form) -> Html {
        radios(ctx, &order::shown(ctx.q), &form.choice, "ex.statement")
    }
}
