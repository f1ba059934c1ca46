//! The app's icons as HTML (their shapes and markup: [`crate::shell::icons`]).

use yew::prelude::*;

use crate::lab::Ending;
pub use crate::shell::icons::Icon;

/// The icon as HTML, one em square, in the text's colour.
pub fn icon(i: Icon) -> Html {
    Html::from_html_unchecked(AttrValue::from(i.element_markup()))
}

/// The mark of a run's ending (the matrix cells, the legend, the verdict).
pub fn ending_icon(e: Ending) -> Icon {
    match e {
        Ending::Duplicate | Ending::Misinformed => Icon::Cross,
        Ending::ChangedBody => Icon::ChangedBody,
        Ending::OneKnown => Icon::Check,
        Ending::OneUnknown => Icon::CheckUnknown,
        Ending::NoneKnown => Icon::Empty,
        Ending::NoneUnknown => Icon::Unknown,
        Ending::Leak => Icon::Leak,
        Ending::TenantRefused => Icon::TenantRefused,
        Ending::NothingFiled => Icon::Missing,
        Ending::Notification => Icon::BellWrong,
        Ending::RuleBroken => Icon::RuleBroken,
    }
}
