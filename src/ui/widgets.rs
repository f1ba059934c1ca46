//! The small view pieces the pages share: the list of notices about
//! parameters, a MathML formula, a `<details>` built only while open, a
//! lab picker's buttons, and what each choice of a picker does.
//! The hooks that draw a page in parts are [`super::frame_hooks`].

use yew::prelude::*;

use crate::i18n::{t, Lang};
use crate::kernel::ids::UrlId;
use crate::kernel::params::{cap_notices, Notice};
use crate::pages::route::Page;

/// How the page family drawn names a URL parameter's field on its pages
/// (`ui::families`: each family reaches only its own pages' tables); the
/// shell provides it to [`NoticeList`].
#[derive(Clone, Copy)]
pub struct FieldKeys(pub fn(&Page, &str) -> Option<&'static str>);

impl PartialEq for FieldKeys {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::fn_addr_eq(self.0, other.0)
    }
}

/// Props of [`NoticeList`].
#[derive(Properties, PartialEq)]
pub struct NoticeListProps {
    pub lang: Lang,
    pub notices: Vec<Notice>,
}

/// Visible notices about parameters that were not used as given, at most
/// [`crate::kernel::params::MAX_NOTICES`] and then one «and N more».
#[function_component(NoticeList)]
pub fn notice_list(p: &NoticeListProps) -> Html {
    let notices = cap_notices(p.notices.clone());
    // The page shown (provided by the shell): a field is named as that
    // page's form names it.
    let page = use_context::<Page>().unwrap_or(Page::Home);
    // The family's own lookup of field labels (the shell provides it).
    let keys = use_context::<FieldKeys>();
    let key = move |param: &str| match keys {
        Some(FieldKeys(lookup)) => lookup(&page, param),
        None => crate::shell::fields::shell_field_key(&page, param),
    };
    if notices.is_empty() {
        return html! {};
    }
    html! {
        <div class="notices" role="status" data-testid="notices">
            <strong>{ t(p.lang, "common.notice.title") }</strong>
            <ul>
                { for notices.iter().map(|n| html! {
                    <li data-testid={format!("notice-{}", n.param)}>{ n.message_with(p.lang, key(&n.param)) }</li>
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
        crate::kernel::html::escape(label)
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

/// What each choice of a picker does, folded under one line: the buttons'
/// and boxes' hover titles say it too, but a touch screen has no hover.
/// The folded list is built a task after its page ([`Later`]): closed, it
/// shows nothing, and the workbench's lists were a third of its first
/// render's nodes.
pub fn what_they_do(
    l: Lang,
    summary: &str,
    id: &str,
    items: impl Iterator<Item = (String, String)>,
) -> Html {
    html! {
        <details class="what-they-do" data-testid={format!("what-{id}")}>
            <summary>{ t(l, summary) }</summary>
            <Later>
                <dl>
                    { for items.map(|(name, desc)| html! { <><dt>{ name }</dt><dd>{ desc }</dd></> }) }
                </dl>
            </Later>
        </details>
    }
}

/// Props of [`Later`].
#[derive(Properties, PartialEq)]
pub struct LaterProps {
    pub children: Html,
}

/// Its children, put in the page a task after the component's first
/// render: for content that is not seen at once (a closed fold), so that
/// a page's first render does not build it.
#[function_component(Later)]
pub fn later(p: &LaterProps) -> Html {
    if crate::ui::frame_hooks::use_after_first_task() {
        p.children.clone()
    } else {
        Html::default()
    }
}

/// The translation key of a lab choice's name, `lab.{kind}.{id}` (a
/// server preset's, a client's); its description's key adds `.desc`.
fn choice_key<C: UrlId>(kind: &str, c: C) -> String {
    format!("lab.{kind}.{}", c.id())
}

/// One picker's buttons, a choice each: its name (followed by its id
/// `with_id`, where a table's columns show the ids), its description as
/// the title, pressed while `chosen`; a click `pick`s it. The matrix and
/// the workbench pick servers and clients alike.
pub(crate) fn choice_buttons<C: UrlId + 'static>(
    l: Lang,
    choices: impl IntoIterator<Item = C>,
    kind: &str,
    testid: &str,
    chosen: impl Fn(C) -> bool,
    pick: &Callback<C>,
    with_id: bool,
) -> Html {
    let button = |c: C| {
        let key = choice_key(kind, c);
        let name = t(l, &key);
        let label = if with_id {
            format!("{name} ({})", c.id())
        } else {
            name
        };
        html! {
            <button type="button" aria-pressed={chosen(c).to_string()} data-testid={format!("{testid}-{}", c.id())}
                onclick={pick.reform(move |_| c)} title={t(l, &format!("{key}.desc"))}>
                { label }
            </button>
        }
    };
    choices.into_iter().map(button).collect()
}

/// Each of `choices`' name and description, for [`what_they_do`].
pub(crate) fn choice_names<'a, C: UrlId + 'a>(
    l: Lang,
    kind: &'a str,
    choices: impl IntoIterator<Item = C> + 'a,
) -> impl Iterator<Item = (String, String)> + 'a {
    choices.into_iter().map(move |c| {
        let key = choice_key(kind, c);
        (t(l, &key), t(l, &format!("{key}.desc")))
    })
}
