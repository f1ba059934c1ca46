//! The idempotency lab pages (`#/lab`, `#/lab/matrix`).

use yew::prelude::*;

use super::page::PageProps;
use crate::i18n::t;

/// Placeholder until the lab UI lands.
#[function_component(LabPage)]
pub fn lab_page(p: &PageProps) -> Html {
    html! { <section><h1>{ t(p.lang, "common.nav.lab") }</h1></section> }
}

/// Placeholder until the matrix UI lands.
#[function_component(MatrixPage)]
pub fn matrix_page(p: &PageProps) -> Html {
    html! { <section><h1>{ t(p.lang, "common.nav.lab") }</h1></section> }
}
