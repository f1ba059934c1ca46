//! Small shared view pieces.

use yew::prelude::*;

use crate::i18n::{t, Lang};
use crate::params::Notice;

/// Props of [`NoticeList`].
#[derive(Properties, PartialEq)]
pub struct NoticeListProps {
    pub lang: Lang,
    pub notices: Vec<Notice>,
}

/// Visible notices about parameters that were not used as given.
#[function_component(NoticeList)]
pub fn notice_list(p: &NoticeListProps) -> Html {
    if p.notices.is_empty() {
        return html! {};
    }
    html! {
        <div class="notices" role="status" data-testid="notices">
            <strong>{ t(p.lang, "common.notice.title") }</strong>
            <ul>
                { for p.notices.iter().map(|n| html! {
                    <li data-testid={format!("notice-{}", n.param)}>{ n.message(p.lang) }</li>
                }) }
            </ul>
        </div>
    }
}

/// Renders a MathML formula. `inner` is the content of `<math>`, written in
/// this crate (never user input), so it is safe to insert as markup.
pub fn math(inner: &str, label: &str) -> Html {
    Html::from_html_unchecked(AttrValue::from(format!(
        "<math display=\"inline\" aria-label=\"{}\">{inner}</math>",
        label.replace('"', "&quot;")
    )))
}
