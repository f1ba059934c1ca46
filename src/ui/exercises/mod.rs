//! The self-check exercises page (`#/exercises`).

use yew::prelude::*;

use super::page::PageProps;
use crate::i18n::t;

/// Placeholder until the exercises UI lands.
#[function_component(ExercisesPage)]
pub fn exercises_page(p: &PageProps) -> Html {
    html! { <section><h1>{ t(p.lang, "common.nav.exercises") }</h1></section> }
}
