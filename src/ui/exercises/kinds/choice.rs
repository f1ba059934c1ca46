//! A single choice's card: a radio group in the shown order, the correct
//! option beside a wrong verdict.

use yew::prelude::*;

use super::KindCard;
use crate::exercises::{option_key, order};
use crate::i18n::{t, Lang};
use crate::ui::exercises::card::Form;
use crate::ui::exercises::inputs::{radios, Ctx};

/// The card of [`crate::exercises::kinds::choice::Choice`]: the correct
/// option.
pub(super) struct Choice(pub &'static str);

impl KindCard for Choice {
    fn controls(&self, ctx: &Ctx, form: &Form) -> Html {
        radios(ctx, &order::shown(ctx.q), &form.choice, "ex.choose")
    }

    fn expected(&self, l: Lang) -> Option<String> {
        Some(t(l, &option_key(self.0)))
    }
}
