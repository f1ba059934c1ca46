//! A true/false card: «对» and «错» as a radio group, the right verdict
//! beside a wrong one.

use yew::prelude::*;

use super::KindCard;
use crate::exercises::kinds::statement::verdict_key;
use crate::exercises::order;
use crate::i18n::{t, Lang};
use crate::ui::exercises::card::Form;
use crate::ui::exercises::inputs::{radios, Ctx};

/// The card of [`crate::exercises::kinds::statement::Statement`].
pub(super) struct Statement(pub bool);

impl KindCard for Statement {
    fn controls(&self, ctx: &Ctx, form: &Form) -> Html {
        radios(ctx, &order::shown(ctx.q), &form.choice, "ex.statement")
    }

    fn expected(&self, l: Lang) -> Option<String> {
        Some(t(l, verdict_key(self.0)))
    }
}
