//! The thundering-herd page (`#/herd`).

use yew::prelude::*;

use super::page::PageProps;
use crate::i18n::t;

/// Placeholder until the simulator UI lands.
#[function_component(HerdPage)]
pub fn herd_page(p: &PageProps) -> Html {
    html! { <section><h1>{ t(p.lang, "common.nav.herd") }</h1></section> }
}
