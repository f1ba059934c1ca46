//! The app shell: route from the URL hash, language, embed mode, share link,
//! shortcut help and the embed height message.

use std::rc::Rc;

use gloo::events::EventListener;
use yew::prelude::*;

use super::amplify::AmplifyPage;
use super::dom;
use super::english::{shown, use_english, English};
use super::exercises::ExercisesPage;
use super::herd::HerdPage;
use super::lab::{BuildPage, LabPage, MatrixPage};
use super::link::AppLink;
use super::modal::{shortcuts_paused, Modal};
use super::page::PageProps;
use super::share::ShareButtons;
use super::widgets::{use_after_first_task, NoticeList};
use crate::i18n::{t, tf, Lang};
use crate::links::{with_shell, Link, Shell};
use crate::params::{Notice, NoticeKind};
use crate::route::{split_shell_params, Location, Page, Query};

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

/// Builds the hash for `page` + `query` with the shell's own parameters.
fn shell_hash(page: &Page, query: &Query, lang: Lang, embed: bool) -> String {
    let loc = Location {
        page: page.clone(),
        query: query.clone(),
    };
    with_shell(&loc, Shell { lang, embed })
}

/// The root component.
#[function_component(App)]
pub fn app() -> Html {
    let here = use_state(|| Here {
        loc: Location::parse(&dom::current_hash()),
        visit: 0,
    });
    let loc = &here.loc;
    let shell = split_shell_params(loc);
    let lang = use_state(|| {
        shell
            .lang_from_url
            .or_else(|| dom::storage_get(LANG_KEY).and_then(|s| Lang::from_code(&s)))
            .unwrap_or_default()
    });
    // The language asked for (URL, storage, the switch) and the one drawn:
    // Chinese until the English texts are there.
    let (english, retry_english) = use_english(*lang);
    let l = shown(*lang, &english);
    let help_open = use_state(|| false);
    let body_ready = use_after_first_task();
    let forms_blocked = *use_memo((), |_| dom::forms_blocked());

    // Follow navigation (links, back/forward, edited URL). The count lives
    // outside the state: the listener's handle keeps the first render's value.
    let visits = use_mut_ref(|| 0u32);
    {
        let here = here.clone();
        let lang = lang.clone();
        use_effect_with((), move |_| {
            let listener = EventListener::new(&gloo::utils::window(), "hashchange", move |_| {
                let next = Location::parse(&dom::current_hash());
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

    // `?` opens the shortcut help (the dialog itself handles Escape and Tab).
    {
        let help_open = help_open.clone();
        use_effect_with((), move |_| {
            let listener = EventListener::new(&gloo::utils::document(), "keydown", move |ev| {
                let Some(ev) = wasm_bindgen::JsCast::dyn_ref::<web_sys::KeyboardEvent>(ev) else {
                    return;
                };
                if ev.key() == "?" && !shortcuts_paused(ev) {
                    help_open.set(true);
                }
            });
            move || drop(listener)
        });
    }

    // Language: <html lang>, title, storage. An embed never stores it: a
    // course page's `lang=en` frame must not switch the origin's language.
    {
        use_effect_with(l, move |l| {
            dom::set_document_lang(l.code(), &t(*l, "common.app_title"))
        });
        use_effect_with((*lang, shell.embed), move |(wanted, embed)| {
            if !*embed {
                dom::storage_set(LANG_KEY, wanted.code());
            }
        });
    }

    // Embed mode: tell the host page our height whenever it changes.
    {
        let embed = shell.embed;
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

    let page = match &loc.page {
        Page::NotFound(_) => Page::Home,
        p => p.clone(),
    };
    super::lab::use_engine_warmup(&page);
    let mut notices = shell.notices.clone();
    if let Page::NotFound(path) = &loc.page {
        notices.insert(
            0,
            Notice {
                kind: NoticeKind::Unknown,
                param: "route".into(),
                given: path.clone(),
                range: String::new(),
                used: String::new(),
            },
        );
    }
    let embed = shell.embed;

    let set_query = {
        let page = page.clone();
        let lang = lang.clone();
        Callback::from(move |q: Query| dom::replace_hash(&shell_hash(&page, &q, *lang, embed)))
    };

    let switch_lang = {
        let lang = lang.clone();
        Callback::from(move |_| {
            let next = lang.other();
            let cur = Location::parse(&dom::current_hash());
            let embed = split_shell_params(&cur).embed;
            dom::replace_hash(&with_shell(&cur, Shell { lang: next, embed }));
            // The whole page redraws in the other language in a task of its
            // own: inside the click's task, the browser's hover update after
            // the redraw laid the whole page out there too.
            let lang = lang.clone();
            let _ =
                dom::post_task(move || lang.set(next)).map(gloo::timers::callback::Timeout::forget);
        })
    };

    let props = PageProps {
        lang: l,
        embed,
        query: Rc::new(shell.page_query.clone()),
        set_query,
    };
    let key = format!("{}@{}", here.visit, loc.to_hash());
    let body = match page {
        Page::Herd => html! { <HerdPage key={key} ..props /> },
        Page::Amplify => html! { <AmplifyPage key={key} ..props /> },
        Page::Lab => html! { <LabPage key={key} ..props /> },
        Page::LabMatrix => html! { <MatrixPage key={key} ..props /> },
        Page::LabBuild => html! { <BuildPage key={key} ..props /> },
        Page::Exercises => html! { <ExercisesPage key={key} ..props /> },
        _ => home(l),
    };

    let toolbar = html! {
        <div class="toolbar">
            // A new key on every navigation: what was copied on the previous
            // view (its URL, in a field that says «复制链接») goes with it.
            <ShareButtons key={here.visit} lang={l} />
            <button type="button" class="lang-switch" data-testid="lang-switch"
                aria-label={t(l, "common.lang.switch_label")} onclick={switch_lang}>
                { t(l, "common.lang.switch") }
            </button>
            <button type="button" class="help-button" data-testid="help-open" aria-haspopup="dialog"
                onclick={ { let h = help_open.clone(); Callback::from(move |_| h.set(true)) } }>
                { "?" }<span class="sr-only">{ t(l, "common.help.open") }</span>
            </button>
        </div>
    };

    let route_notice = notices.iter().find(|n| n.param == "route").map(|n| {
        html! { <div class="notices" role="status" data-testid="notice-route">
            { tf(l, "common.notice.route", &[("path", n.given.clone())]) }
        </div> }
    });
    let other_notices: Vec<Notice> = notices.into_iter().filter(|n| n.param != "route").collect();
    let english_line = english_line(*lang, &english, retry_english);

    // Behind an open dialog the page is inert: no focus, no clicks.
    let inert = *help_open;
    html! {
        <ContextProvider<Page> context={page.clone()}>
        <ContextProvider<Shell> context={Shell { lang: l, embed }}>
        <div class={classes!("shell", embed.then_some("embed"))} data-lang={l.code()}>
            <div class="shell-main" inert={inert}>
            if !embed {
                <header class="site-header">
                    // Past the header's nine stops in one: a button, since
                    // an `href="#…"` would be a route.
                    <button type="button" class="skip-link" data-testid="skip-link"
                        onclick={Callback::from(|_| dom::focus_by_id(PAGE_ID))}>{ t(l, "common.skip") }</button>
                    <AppLink to={Link::Home} class="brand">{ t(l, "common.app_title") }</AppLink>
                    <nav aria-label={t(l, "common.nav.main")}>
                        { nav_link(l, &loc.page, Page::Herd, "common.nav.herd", "nav-herd") }
                        { nav_link(l, &loc.page, Page::Amplify, "amplify.nav", "nav-amplify") }
                        { nav_link(l, &loc.page, Page::Lab, "common.nav.lab", "nav-lab") }
                        { nav_link(l, &loc.page, Page::LabBuild, "build.nav", "nav-build") }
                        { nav_link(l, &loc.page, Page::Exercises, "common.nav.exercises", "nav-exercises") }
                    </nav>
                    { toolbar.clone() }
                </header>
            }
            // In their own element: a component that renders nothing keeps
            // its next sibling as its place, and Yew 0.23 panics («failed to
            // insert node before next sibling») once that sibling (the embed
            // toolbar) is gone.
            <div class="shell-notices">
                { route_notice.unwrap_or_default() }
                { english_line }
                if forms_blocked {
                    <div class="notices" role="alert" data-testid="sandbox-forms">{ t(l, "common.sandbox.forms") }</div>
                }
                <NoticeList lang={l} notices={other_notices} />
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
    }
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
    let active = current == &page || (page == Page::Lab && current == &Page::LabMatrix);
    let attrs = if active {
        vec![("aria-current", "page".into())]
    } else {
        vec![]
    };
    html! {
        <AppLink to={Link::start_of(&page)} testid={testid.to_string()} attrs={attrs}>
            { t(l, key) }
        </AppLink>
    }
}

fn home(l: Lang) -> Html {
    html! {
        <section class="home">
            <h1>{ t(l, "common.chapter") }</h1>
            <p>{ t(l, "common.home.intro") }</p>
            <div class="cards">
                <AppLink to={Link::start_of(&Page::Herd)} class="card">
                    <h2>{ t(l, "common.nav.herd") }</h2><p>{ t(l, "common.home.herd") }</p>
                </AppLink>
                <AppLink to={Link::start_of(&Page::Amplify)} class="card" testid="card-amplify">
                    <h2>{ t(l, "amplify.nav") }</h2><p>{ t(l, "amplify.home") }</p>
                </AppLink>
                <AppLink to={Link::start_of(&Page::Lab)} class="card">
                    <h2>{ t(l, "common.nav.lab") }</h2><p>{ t(l, "common.home.lab") }</p>
                </AppLink>
                <AppLink to={Link::start_of(&Page::Exercises)} class="card">
                    <h2>{ t(l, "common.nav.exercises") }</h2><p>{ t(l, "common.home.exercises") }</p>
                </AppLink>
            </div>
            <p class="muted">{ t(l, "common.offline_note") }</p>
        </section>
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
