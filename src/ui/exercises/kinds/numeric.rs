//! A numeric question's card: one number field per value.

use yew::prelude::*;

use super::KindCard;
use crate::ui::exercises::form::Form;
use crate::ui::exercises::inputs::{number_fields, Ctx};

/// The card of [`crate::exercises::kinds::numeric::Numeric`].
pub(super) struct Numeric;

impl KindCard for Numeric {
    fn controls(&self, ctx: &Ctx, form: &Form) -> Html {
        let specs = ctx.q.kind.module().fields();
        number_fields(ctx, &specs, &form.inputs, "ex.fill")
    }
}
