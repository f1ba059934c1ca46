//! The home page: the chapter's question and a card per demo.

use yew::prelude::*;

use super::link::AppLink;
use crate::i18n::{t, Lang};
use crate::pages::links::Link;
use crate::pages::route::Page;

/// The home page's cards, in order: the page, its title's and its text's
/// keys, and the `data-testid` of those the browser tests click.
fn home_cards() -> [(Page, &'static str, &'static str, Option<&'static str>); 5] {
    [
        (Page::Herd, "common.nav.herd", "common.home.herd", None),
        (
            Page::Amplify,
            "amplify.nav",
            "amplify.home",
            Some("card-amplify"),
        ),
        (Page::Lab, "common.nav.lab", "common.home.lab", None),
        (
            Page::LabBuild,
            "build.title",
            "common.home.build",
            Some("card-build"),
        ),
        (
            Page::Exercises,
            "common.nav.exercises",
            "common.home.exercises",
            None,
        ),
    ]
}

pub fn home(l: Lang) -> Html {
    let card = |(page, title, text, testid): (Page, &str, &str, Option<&'static str>)| {
        html! {
            <AppLink to={Link::start_of(&page)} class="card" testid={testid.map(AttrValue::from)}>
                <h2>{ t(l, title) }</h2><p>{ t(l, text) }</p>
            </AppLink>
        }
    };
    html! {
        <section class="home">
            <h1>{ t(l, "common.chapter") }</h1>
            <p>{ t(l, "common.home.intro") }</p>
            <div class="cards">
                { for home_cards().into_iter().map(card) }
            </div>
            <p class="muted">{ t(l, "common.offline_note") }</p>
        </section>
    }
}
