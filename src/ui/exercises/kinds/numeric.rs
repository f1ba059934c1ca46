//! A numeric question's card: one number field per value, the expected
//! values beside a wrong verdict.

use yew::prelude::*;

use super::KindCard;
use crate::exercises::NumField;
use crate::i18n::{join_list, t, Lang};
use crate::ui::exercises::card::Form;
use crate::ui::exercises::inputs::{number_fields, Ctx};
use crate::ui::exercises::view::fmt_num;

/// The card of [`crate::exercises::kinds::numeric::Numeric`].
pub(super) struct Numeric<'a>(pub &'a [NumField]);

impl KindCard for Numeric<'_> {
    fn controls(&self, ctx: &Ctx, form: &Form) -> Html {
        let specs = ctx.q.kind.module().fields();
        number_fields(ctx, &specs, &form.inputs, "ex.fill")
    }

    fn expected(&self, l: Lang) -> Option<String> {
        let unit = self
            .0
            .first()
            .map(|f| t(l, f.unit.key()))
            .unwrap_or_default();
        let v: Vec<String> = self.0.iter().map(|f| fmt_num(f.answer())).collect();
        Some(format!("{} {unit}", join_list(l, &v)))
    }
}
