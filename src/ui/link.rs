//! In-app links as the UI renders them. The app provides the shell's
//! settings (`lang`, `embed`) as a context; [`AppLink`] is the one element
//! that turns a location
//! (a [`crate::pages::links::Link`]'s, converted where it is built) into an
//! `<a>` with that shell. So a link clicked inside a course page's iframe stays an embed
//! (compact, same language, height still reported to the host page), and a
//! link on the full page keeps the language the student chose.

use yew::html::IntoPropValue;
use yew::prelude::*;
use yew::virtual_dom::VTag;

use crate::pages::links::{with_shell, Link, Shell};
use crate::pages::route::Location;

/// The shell the app runs in (the default shell outside the app's context,
/// e.g. a component mounted alone by a browser test).
#[hook]
pub fn use_shell() -> Shell {
    use_context::<Shell>().unwrap_or_default()
}

/// An `<a>` to a page of the app.
#[derive(Properties, Clone, PartialEq)]
pub struct AppLinkProps {
    /// Where it leads: a [`Location`], or a [`Link`] of any page. A view
    /// that links only to pages it knows converts its links itself
    /// (`Link::location`, inlined where the page is known), so its wasm
    /// keeps only those pages' parameters.
    pub to: Location,
    #[prop_or_default]
    pub class: Classes,
    /// `data-testid`.
    #[prop_or_default]
    pub testid: Option<AttrValue>,
    /// Any other attribute (`aria-label`, `title`, `aria-current`, `data-*`).
    #[prop_or_default]
    pub attrs: Vec<(&'static str, AttrValue)>,
    #[prop_or_default]
    pub children: Html,
}

/// Renders `<a href="#/…">` with the shell's settings; the hash is built
/// once per link and shell (a page may redraw on every slice of a run).
#[function_component(AppLink)]
pub fn app_link(p: &AppLinkProps) -> Html {
    let shell = use_shell();
    let href = use_memo((p.to.clone(), shell), |(to, shell)| with_shell(to, *shell));
    let mut a = link_tag(AttrValue::from((*href).clone()), p.testid.clone(), &p.attrs);
    if !p.class.is_empty() {
        a.add_attribute("class", p.class.to_string());
    }
    a.add_child(p.children.clone());
    a.into()
}

/// [`AppLink`]'s `<a>` as markup, appended to `out`, for a view that
/// writes a big table as text (the matrix's cells): the same `href`, with
/// the shell's settings, then `data-testid` and `attrs`, escaped; `inner`
/// writes the link's content, markup already.
pub fn write_link(
    out: &mut String,
    shell: Shell,
    to: &Location,
    testid: &str,
    attrs: &[(&str, String)],
    inner: impl FnOnce(&mut String),
) {
    use crate::kernel::html::escape;
    out.push_str(&format!(
        "<a href=\"{}\" data-testid=\"{}\"",
        escape(&with_shell(to, shell)),
        escape(testid)
    ));
    for (key, value) in attrs {
        out.push_str(&format!(" {key}=\"{}\"", escape(value)));
    }
    out.push('>');
    inner(out);
    out.push_str("</a>");
}

fn link_tag(
    href: AttrValue,
    testid: Option<AttrValue>,
    attrs: &[(&'static str, AttrValue)],
) -> VTag {
    let mut a = VTag::new("a");
    a.add_attribute("href", href);
    if let Some(id) = testid {
        a.add_attribute("data-testid", id);
    }
    for (key, value) in attrs {
        a.add_attribute(key, value.clone());
    }
    a
}

/// A [`Link`] of a page not known where it is built (the exercises' links
/// to any demo): converted here, once, with every page's parameters.
impl IntoPropValue<Location> for Link {
    fn into_prop_value(self) -> Location {
        self.any_location()
    }
}
