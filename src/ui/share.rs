//! «复制链接» and «复制嵌入代码»: copy the current URL, or an `<iframe>`
//! snippet for it ([`crate::shell::embed`]), to the clipboard. Where the clipboard
//! is missing or refuses (a page served over http on a classroom's LAN
//! address is not a secure context and has no `navigator.clipboard`), the
//! text appears in a field that is already selected, with a message saying
//! to copy it by hand; nothing throws.

use yew::prelude::*;

use super::dom;
use super::families::FamilyApp;
use crate::i18n::{t, Lang};
use crate::pages::route::Location;
use crate::shell::embed::{embed_snippet, embed_title_with, is_local_preview};

/// Which button copied.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Link,
    Embed,
}

/// What the last copy button copied, and whether the clipboard took it.
#[derive(Clone, PartialEq)]
struct Copied {
    kind: Kind,
    ok: bool,
    text: String,
    /// The text points at a local preview (`localhost`, `127.0.0.1`).
    local: bool,
}

#[derive(Properties, Clone)]
pub struct ShareProps {
    pub lang: Lang,
    /// The page family drawn: it names its own views in an embed's title.
    pub family: &'static FamilyApp,
}

impl PartialEq for ShareProps {
    fn eq(&self, other: &Self) -> bool {
        self.lang == other.lang && std::ptr::eq(self.family, other.family)
    }
}

/// Focuses and selects the text of an `<input>` or `<textarea>`.
fn select_all(field: &NodeRef) {
    if let Some(input) = field.cast::<web_sys::HtmlInputElement>() {
        let _ = input.focus();
        input.select();
    } else if let Some(area) = field.cast::<web_sys::HtmlTextAreaElement>() {
        let _ = area.focus();
        area.select();
    }
}

/// The two copy buttons and what they copied.
#[function_component(ShareButtons)]
pub fn share_buttons(p: &ShareProps) -> Html {
    let (l, family) = (p.lang, p.family);
    let copied = use_state(|| None::<Copied>);
    let field = use_node_ref();
    {
        // The clipboard refused: the text is selected, ready for Ctrl+C.
        let field = field.clone();
        use_effect_with((*copied).clone(), move |c| {
            if c.as_ref().is_some_and(|c| !c.ok) {
                select_all(&field);
            }
        });
    }
    let copy = |kind: Kind| {
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| {
            let href = dom::current_href();
            let text = match kind {
                Kind::Link => href.clone(),
                Kind::Embed => {
                    let hash = dom::current_hash();
                    let parts = (family.title)(&Location::parse(&hash).page);
                    embed_snippet(&href, &embed_title_with(l, &hash, parts))
                }
            };
            let local = kind == Kind::Embed && is_local_preview(&href);
            let copied = copied.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let ok = dom::copy_text(&text).await;
                copied.set(Some(Copied {
                    kind,
                    ok,
                    text,
                    local,
                }));
            });
        })
    };
    let copy_link = copy(Kind::Link);
    let copy_embed = copy(Kind::Embed);
    html! {
        <>
            <button type="button" class="copy-link" data-testid="copy-link" onclick={copy_link}>
                { t(l, "common.copy_link") }
            </button>
            <button type="button" class="copy-embed" data-testid="copy-embed" onclick={copy_embed}>
                { t(l, "common.copy_embed") }
            </button>
            { status(l, copied.as_ref(), &field) }
        </>
    }
}

fn status(l: Lang, copied: Option<&Copied>, field: &NodeRef) -> Html {
    let Some(c) = copied else {
        return Html::default();
    };
    let key = match (c.kind, c.ok) {
        (Kind::Link, true) => "common.copy_link.done",
        (Kind::Link, false) => "common.copy_link.failed",
        (Kind::Embed, true) => "common.copy_embed.done",
        (Kind::Embed, false) => "common.copy_embed.failed",
    };
    let message = html! {
        <span data-testid="copy-message" data-copied={c.ok.to_string()}>{ t(l, key) }</span>
    };
    match c.kind {
        Kind::Embed => html! {
            <span class="copy-status" role="status">
                { message }
                if c.local {
                    <span class="copy-local" data-testid="embed-local">{ t(l, "common.copy_embed.local") }</span>
                }
                <textarea ref={field.clone()} class="share-url" readonly=true rows="4" data-testid="embed-code"
                    aria-label={t(l, "common.copy_embed")} value={c.text.clone()} />
            </span>
        },
        Kind::Link => html! {
            <span class="copy-status" role="status">
                { message }
                <input ref={field.clone()} class="share-url" readonly=true data-testid="share-url" value={c.text.clone()}
                    aria-label={t(l, "common.copy_link")} />
            </span>
        },
    }
}
