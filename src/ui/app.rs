//! The app shell: route from the URL hash, language, embed mode, share link,
//! shortcut help and the embed height message.

use std::rc::Rc;

use gloo::events::EventListener;
use yew::prelude::*;

use super::dom;
use super::english::{shown, use_english, English};
use super::families::FamilyApp;
use super::frame_hooks::use_after_first_task;
use super::link::AppLink;
use super::modal::Modal;
use super::page::PageProps;
use super::share::ShareButtons;
use super::shortcuts::use_shortcuts;
use super::widgets::{FieldKeys, NoticeList};
use crate::i18n::{t, tf, Lang};
use crate::pages::links::{with_shell, Shell};
use crate::pages::route::{split_shell_params, Location, Page};
use crate::shell::keys::Shortcut;

const LANG_KEY: &str = "retry-lab.lang";

/// The id of the page's content, where «跳到正文» moves the focus.
const PAGE_ID: &str = "content";

/// Where the app is: the URL's location, and how many navigations led here.
/// Every navigation (a `hashchange`) mounts the page anew, even to the
/// location the shell already had: a page mirrors its state into the URL
/// without a navigation, so after «clients = 50» the address bar says
/// `#/herd?clients=50` while the shell still holds `#/herd`, and the nav
/// link «惊群模拟器» (`#/herd`) must reset the view to what the URL says.
#[derive(Clone, PartialEq)]
struct Here {
    loc: Location,
    visit: u32,
}

/// Follows navigation (links, back/forward, an edited URL): every
/// `hashchange` is a new [`Here`], and a `lang` in the new URL switches the
/// language. The count lives outside the state: the listener's handle keeps
/// the first render's value.
#[hook]
fn use_follow_navigation(here: UseStateHandle<Here>, lang: UseStateHandle<Lang>) {
    let visits = use_mut_ref(|| 0u32);
    use_effect_with((), move |_| {
        let listener = EventListener::new(&gloo::utils::window(), "hashchange", move |_| {
            let next = Location::parse(&dom::follow_hash());
            if let Some(l) = split_shell_params(&next).lang_from_url {
                lang.set(l);
            }
            let visit = {
                let mut n = visits.borrow_mut();
                *n = n.wrapping_add(1);
                *n
            };
            here.set(Here { loc: next, visit });
        });
        move || drop(listener)
    });
}

/// Language: `<html lang>` and title follow the language drawn (`shown`);
/// storage keeps the one asked for (`wanted`). An embed never stores it: a
/// course page's `lang=en` frame must not switch the origin's language.
#[hook]
fn use_document_lang(shown: Lang, wanted: Lang, embed: bool) {
    use_effect_with(shown, move |l| {
        dom::set_document_lang(l.code(), &t(*l, "common.app_title"))
    });
    use_effect_with((wanted, embed), move |(wanted, embed)| {
        if !*embed {
            dom::storage_set(LANG_KEY, wanted.code());
        }
    });
}

/// Embed mode: tell the host page our height whenever it changes.
#[hook]
fn use_embed_height(embed: bool) {
    use_effect_with(embed, move |embed| {
        let guard = if *embed {
            dom::post_height(dom::content_height());
            dom::observe_app_size(|| dom::post_height(dom::content_height()))
        } else {
            None
        };
        move || drop(guard)
    });
}

/// «English / 中文»: the URL's `lang` changes at once, the page redraws in
/// the other language in a task of its own (inside the click's task, the
/// browser's hover update after the redraw laid the whole page out there
/// too).
fn switch_lang(lang: UseStateHandle<Lang>) -> Callback<MouseEvent> {
    Callback::from(move |_| {
        let next = lang.other();
        let cur = Location::parse(&dom::current_hash());
        let embed = split_shell_params(&cur).embed;
        dom::replace_hash(&with_shell(&cur, Shell { lang: next, embed }));
        let lang = lang.clone();
        let _ = dom::post_task(move || lang.set(next)).map(gloo::timers::callback::Timeout::forget);
    })
}

/// The page's component, mounted anew for every `key`, when the family
/// draws it; else a loading line until the loader has swapped the apps.
fn page_body(family: &'static FamilyApp, page: &Page, key: String, props: PageProps) -> Html {
    if family.draws(page) {
        (family.body)(page, key, props)
    } else {
        html! { <p class="boot-wait" data-testid="page-wait">{ t(props.lang, "common.loading") }</p> }
    }
}

/// Share, language and help buttons. `visit` keys the share buttons: what
/// was copied on the previous view (its URL, in a field that says
/// «复制链接») goes with it.
fn toolbar(
    family: &'static FamilyApp,
    l: Lang,
    visit: u32,
    lang: UseStateHandle<Lang>,
    help: UseStateHandle<bool>,
) -> Html {
    html! {
        <div class="toolbar">
            <ShareButtons key={visit} lang={l} {family} />
            <button type="button" class="lang-switch" data-testid="lang-switch"
                aria-label={t(l, "common.lang.switch_label")} onclick={switch_lang(lang)}>
                { t(l, "common.lang.switch") }
            </button>
            <button type="button" class="help-button" data-testid="help-open" aria-haspopup="dialog"
                onclick={Callback::from(move |_| help.set(true))}>
                { "?" }<span class="sr-only">{ t(l, "common.help.open") }</span>
            </button>
        </div>
    }
}

/// The header of the full page: skip link, brand, the demos, the toolbar.
fn site_header(l: Lang, current: &Page, toolbar: Html) -> Html {
    html! {
        <header class="site-header">
            // Past the header's nine stops in one: a button, since
            // an `href="#…"` would be a route.
            <button type="button" class="skip-link" data-testid="skip-link"
                onclick={Callback::from(|_| dom::focus_by_id(PAGE_ID))}>{ t(l, "common.skip") }</button>
            <AppLink to={Location::new(Page::Home)} class="brand">{ t(l, "common.app_title") }</AppLink>
            <nav aria-label={t(l, "common.nav.main")}>
                { nav_link(l, current, Page::Herd, "common.nav.herd", "nav-herd") }
                { nav_link(l, current, Page::Amplify, "amplify.nav", "nav-amplify") }
                { nav_link(l, current, Page::Lab, "common.nav.lab", "nav-lab") }
                { nav_link(l, current, Page::LabBuild, "build.nav", "nav-build") }
                { nav_link(l, current, Page::Exercises, "common.nav.exercises", "nav-exercises") }
            </nav>
            { toolbar }
        </header>
    }
}

/// The notice of an address that is no page of the app.
fn route_notice(l: Lang, page: &Page) -> Html {
    match page {
        Page::NotFound(path) => {
            html! { <div class="notices" role="status" data-testid="notice-route">
                { tf(l, "common.notice.route", &[("path", path.clone())]) }
            </div> }
        }
        _ => Html::default(),
    }
}

/// The family a page wasm draws (see [`super::families`]).
#[derive(Properties)]
pub struct AppProps {
    pub family: &'static FamilyApp,
}

impl PartialEq for AppProps {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.family, other.family)
    }
}

/// The root component of every page wasm: the shell, and the page when it
/// is one of its family's. Another family's page is the loader's to open
/// (`static/boot.js` follows the same `hashchange` and swaps the apps);
/// until then the shell says it is loading.
#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let here = use_state(|| Here {
        loc: Location::parse(&dom::follow_hash()),
        visit: 0,
    });
    let loc = &here.loc;
    let shell = split_shell_params(loc);
    let lang = use_state(|| initial_lang(shell.lang_from_url));
    let help_open = use_state(|| false);
    let body_ready = use_after_first_task();
    let forms_blocked = *use_memo((), |_| dom::forms_blocked());
    use_follow_navigation(here.clone(), lang.clone());
    use_help_key(help_open.clone());
    // The language asked for (URL, storage, the switch) and the one drawn:
    // Chinese until the English texts are there.
    let (english, retry_english) = use_english(*lang);
    let (l, embed) = (shown(*lang, &english), shell.embed);
    use_document_lang(l, *lang, embed);
    use_embed_height(embed);
    let page = shown_page(&loc.page);

    let page_props = PageProps {
        lang: l,
        embed,
        query: Rc::new(shell.page_query.clone()),
        set_link: link_setter(lang.clone(), embed),
    };
    let (family, key) = (props.family, format!("{}@{}", here.visit, loc.to_hash()));
    let body = page_body(family, &page, key, page_props);
    let toolbar = toolbar(family, l, here.visit, lang.clone(), help_open.clone());

    // Behind an open dialog the page is inert: no focus, no clicks.
    let inert = *help_open;
    html! {
        <ContextProvider<FieldKeys> context={FieldKeys(family.field_key)}>
        <ContextProvider<Page> context={page.clone()}>
        <ContextProvider<Shell> context={Shell { lang: l, embed }}>
        <div class={classes!("shell", embed.then_some("embed"))} data-lang={l.code()}>
            <div class="shell-main" inert={inert}>
            if !embed { { site_header(l, &loc.page, toolbar.clone()) } }
            // In their own element: a component that renders nothing keeps
            // its next sibling as its place, and Yew 0.23 panics («failed to
            // insert node before next sibling») once that sibling (the embed
            // toolbar) is gone.
            <div class="shell-notices">
                { route_notice(l, &loc.page) }
                { english_line(*lang, &english, retry_english) }
                if forms_blocked {
                    <div class="notices" role="alert" data-testid="sandbox-forms">{ t(l, "common.sandbox.forms") }</div>
                }
                <NoticeList lang={l} notices={shell.notices.clone()} />
            </div>
            if embed { <div class="embed-toolbar">{ toolbar }</div> }
            <div class="page" id={PAGE_ID} tabindex="-1">
                if body_ready { { body } } else {
                    <p class="boot-wait" data-testid="page-wait">{ t(l, "common.loading") }</p>
                }
            </div>
            </div>
            if *help_open { { help_dialog(l, help_open.clone(), &page) } }
        </div>
        </ContextProvider<Shell>>
        </ContextProvider<Page>>
        </ContextProvider<FieldKeys>>
    }
}

/// The page drawn for an address: an unknown one shows the home page (with
/// its notice).
fn shown_page(page: &Page) -> Page {
    match page {
        Page::NotFound(_) => Page::Home,
        p => p.clone(),
    }
}

/// The language to start in: the URL's, else the one stored, else Chinese.
fn initial_lang(from_url: Option<Lang>) -> Lang {
    from_url
        .or_else(|| dom::storage_get(LANG_KEY).and_then(|s| Lang::from_code(&s)))
        .unwrap_or_default()
}

/// `?` opens the shortcut help (the dialog itself handles Escape and Tab).
#[hook]
fn use_help_key(help_open: UseStateHandle<bool>) {
    use_shortcuts((), move |s| {
        if s == Shortcut::Help {
            help_open.set(true);
        }
        // The key itself goes on (nothing of the browser's to prevent).
        false
    });
}

/// What a page calls to mirror its state into the URL: the address bar
/// gets the link with the shell's language and embed mode, without a
/// navigation.
fn link_setter(lang: UseStateHandle<Lang>, embed: bool) -> Callback<Location> {
    Callback::from(move |to: Location| {
        dom::replace_hash(&with_shell(&to, Shell { lang: *lang, embed }))
    })
}

/// While English is wanted but its texts are not there: a loading line, or
/// why they failed with «重试». Drawn in Chinese, so both texts say it in
/// both languages.
fn english_line(wanted: Lang, english: &English, retry: Callback<()>) -> Html {
    match (wanted, english) {
        (Lang::En, English::Loading) => html! {
            <div class="notices" role="status" data-testid="lang-loading">
                { t(Lang::Zh, "common.lang.loading") }
            </div>
        },
        (Lang::En, English::Failed(why)) => html! {
            <div class="notices" role="alert" data-testid="lang-failed">
                { tf(Lang::Zh, "common.lang.failed", &[("why", why.clone())]) }
                { " " }
                <button type="button" data-testid="lang-retry" onclick={retry.reform(|_| ())}>
                    { t(Lang::Zh, "common.lang.retry") }
                </button>
            </div>
        },
        _ => Html::default(),
    }
}

fn nav_link(l: Lang, current: &Page, page: Page, key: &str, testid: &str) -> Html {
    let active = current == &page
        || (page == Page::Lab && current == &Page::LabMatrix)
        || (page == Page::Exercises && current == &Page::ExercisesBuilder);
    let attrs = if active {
        vec![("aria-current", "page".into())]
    } else {
        vec![]
    };
    html! {
        <AppLink to={Location::new(page)} testid={testid.to_string()} attrs={attrs}>
            { t(l, key) }
        </AppLink>
    }
}

fn help_dialog(l: Lang, open: UseStateHandle<bool>, page: &Page) -> Html {
    let close = {
        let open = open.clone();
        Callback::from(move |_| open.set(false))
    };
    let on_close = Callback::from(move |()| open.set(false));
    let row = |k: &str, key: &str| html! { <tr><th scope="row"><kbd>{ k.to_string() }</kbd></th><td>{ t(l, key) }</td></tr> };
    html! {
        <Modal on_close={on_close} labelledby="help-title" testid="help-dialog">
            <h2 id="help-title">{ t(l, "common.help.title") }</h2>
            <table>
                { row("?", "common.help.question") }
                { row("← →", "common.help.arrows") }
                { row("Space", "common.help.space") }
                { row("Home End", "common.help.home_end") }
                { row("Tab", "common.help.tab") }
                { row("Esc", "common.help.escape") }
            </table>
            { super::help::reading_help(l, page) }
            <button type="button" data-testid="help-close" onclick={close}>{ t(l, "common.help.close") }</button>
        </Modal>
    }
}
