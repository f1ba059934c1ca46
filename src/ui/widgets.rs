//! Small shared view pieces.

use yew::prelude::*;

use crate::i18n::{t, Lang};
use crate::params::{cap_notices, Notice};
use crate::route::Page;

/// Props of [`NoticeList`].
#[derive(Properties, PartialEq)]
pub struct NoticeListProps {
    pub lang: Lang,
    pub notices: Vec<Notice>,
}

/// Visible notices about parameters that were not used as given, at most
/// [`crate::params::MAX_NOTICES`] and then one «and N more».
#[function_component(NoticeList)]
pub fn notice_list(p: &NoticeListProps) -> Html {
    let notices = cap_notices(p.notices.clone());
    // The page shown (provided by the shell): a field is named as that
    // page's form names it.
    let page = use_context::<Page>().unwrap_or(Page::Home);
    if notices.is_empty() {
        return html! {};
    }
    html! {
        <div class="notices" role="status" data-testid="notices">
            <strong>{ t(p.lang, "common.notice.title") }</strong>
            <ul>
                { for notices.iter().map(|n| html! {
                    <li data-testid={format!("notice-{}", n.param)}>{ n.message(p.lang, &page) }</li>
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
        crate::html::escape(label)
    )))
}

/// Props of [`LazyDetails`].
#[derive(Properties, PartialEq)]
pub struct LazyDetailsProps {
    pub summary: AttrValue,
    #[prop_or_default]
    pub class: Classes,
    /// The `<details>` element's `data-testid`.
    #[prop_or_default]
    pub testid: Option<AttrValue>,
    /// Builds the content; called only while the details are open.
    pub render: Callback<(), Html>,
}

/// A `<details>` whose content exists only while it is open. Table views of
/// large charts have thousands of cells: building them for a closed box cost
/// a long main-thread task for nothing.
#[function_component(LazyDetails)]
pub fn lazy_details(p: &LazyDetailsProps) -> Html {
    let open = use_state(|| false);
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            if let Some(el) = e.target_dyn_into::<web_sys::Element>() {
                open.set(el.has_attribute("open"));
            }
        })
    };
    html! {
        <details class={p.class.clone()} data-testid={p.testid.clone()} open={*open} {ontoggle}>
            <summary>{ p.summary.clone() }</summary>
            if *open { { p.render.emit(()) } }
        </details>
    }
}

/// False for a component's first render, true from the next task on (the
/// browser may draw in between, or not).
///
/// A page drawn in parts, each in its own task: opening a view compiles its
/// code on first use and lays it out, and all of it in one task was the
/// longest task of a page load. The shell draws its header before the page
/// body, without waiting for a frame in between (the body comes as soon as
/// possible; its layout may include the header's).
#[hook]
pub fn use_after_first_task() -> bool {
    let ready = use_state(|| false);
    {
        let ready = ready.clone();
        use_effect_with((), move |_| {
            let pending = crate::ui::dom::post_task(move || ready.set(true));
            move || drop(pending)
        });
    }
    *ready
}

/// 0 for a component's first render, then one more per drawn frame, up to
/// `last`: for a page drawn in more than two parts (see [`use_revealed`]).
#[hook]
pub fn use_frame_stages(last: u8) -> u8 {
    let stage = use_revealed(usize::from(last), 0, 1, ());
    u8::try_from(stage).unwrap_or(last)
}

/// `value` as it was a drawn frame ago: `None` until the component's first
/// frame is drawn, then each change reaches the caller a frame after it
/// reached this hook.
///
/// Part of a page follows a change a frame after the rest, with a layout of
/// its own: redrawing the whole herd page in the other language (the
/// `<html lang>` change included) was one task of 55–68 ms, and swapping
/// its results for the other view inside the click one of 80–140 ms.
#[hook]
pub fn use_a_frame_late<T: Clone + PartialEq + 'static>(value: T) -> Option<T> {
    let shown = use_state(|| None::<T>);
    {
        let shown = shown.clone();
        use_effect_with(value, move |value| {
            let value = Some(value.clone());
            let pending = (*shown != value)
                .then(|| crate::ui::dom::after_next_frame(100, move || shown.set(value)));
            move || drop(pending)
        });
    }
    (*shown).clone()
}

/// How many of `n` items to draw: `first` in the first render, then
/// `per_frame` more each drawn frame, and from `first` again whenever
/// `restart` changes (a list remounted under new keys).
///
/// Each step waits for the previous one to be drawn, so no frame lays out
/// two steps at once: a long list (the exercises' cards, the herd's small
/// multiples) mounted in one go was a task of over 100 ms.
#[hook]
pub fn use_revealed<K: Clone + PartialEq + 'static>(
    n: usize,
    first: usize,
    per_frame: usize,
    restart: K,
) -> usize {
    let steps = use_state(|| (restart.clone(), 0usize));
    let done = if steps.0 == restart { steps.1 } else { 0 };
    let shown = first
        .saturating_add(done.saturating_mul(per_frame.max(1)))
        .min(n);
    {
        let steps = steps.clone();
        use_effect_with((restart, done, shown < n), move |(key, done, more)| {
            let (key, next) = (key.clone(), done + 1);
            let pending =
                more.then(|| crate::ui::dom::after_next_frame(100, move || steps.set((key, next))));
            move || drop(pending)
        });
    }
    shown
}
