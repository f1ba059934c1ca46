//! The page families: which views, texts and start-up work each page wasm
//! (`src/bin/page_<id>.rs`) carries. A family's binary names only its own
//! [`FamilyApp`], so the linker leaves every other family's components and
//! texts out of that file; the shell ([`super::App`]) is in all of them.

use yew::prelude::*;

use super::amplify::AmplifyPage;
use super::exercises::{ExercisesPage, SetBuilderPage};
use super::herd::HerdPage;
use super::home::home;
use super::lab::{BuildPage, LabPage, MatrixPage};
use super::page::PageProps;
use crate::amplify::AmplifyParams;
use crate::herd::HerdParams;
use crate::i18n::{family_texts, TextSet};
use crate::lab::answer_read::kinds;
use crate::lab::{BuildParams, LabParams, MatrixParams};
use crate::pages::route::{Family, Page};
use crate::shell::embed::{self, TitleParts};
use crate::shell::fields::{self, field_key_on, shell_field_key};

/// What one page wasm draws.
pub struct FamilyApp {
    /// `None`: every page (the browser tests' one app).
    pub family: Option<Family>,
    /// The page's component, mounted anew for every `key`; called only for
    /// pages of the family.
    pub body: fn(&Page, String, PageProps) -> Html,
    /// The texts it draws.
    pub texts: TextSet,
    /// Runs once when the family mounts.
    pub on_mount: fn(),
    /// Runs when the family unmounts, for another family's.
    pub on_unmount: fn(),
    /// What an embed's frame title says about its pages («复制嵌入代码»).
    pub title: fn(&Page) -> TitleParts,
    /// The key of a URL parameter's field label on its pages (a notice
    /// names the field as the page shows it).
    pub field_key: fn(&Page, &str) -> Option<&'static str>,
}

impl FamilyApp {
    /// Whether this wasm draws `page`.
    pub fn draws(&self, page: &Page) -> bool {
        self.family.is_none_or(|f| f == page.family())
    }
}

fn nothing() {}

pub static HOME: FamilyApp = FamilyApp {
    family: Some(Family::Home),
    body: |_, _, props| home(props.lang),
    texts: family_texts(Family::Home),
    on_mount: nothing,
    on_unmount: nothing,
    title: |_| embed::no_title,
    field_key: shell_field_key,
};

pub static HERD_PAGES: FamilyApp = FamilyApp {
    family: Some(Family::Herd),
    body: |_, key, props| html! { <HerdPage key={key} ..props /> },
    texts: family_texts(Family::Herd),
    on_mount: nothing,
    on_unmount: nothing,
    title: |_| embed::herd_title,
    field_key: field_key_on::<HerdParams>,
};

pub static AMPLIFY_PAGES: FamilyApp = FamilyApp {
    family: Some(Family::Amplify),
    body: |_, key, props| html! { <AmplifyPage key={key} ..props /> },
    texts: family_texts(Family::Amplify),
    on_mount: nothing,
    on_unmount: nothing,
    title: |_| embed::amplify_title,
    field_key: field_key_on::<AmplifyParams>,
};

/// Every lab view computes with the engine, reading only the answers it
/// asks for (`lab::answer_read`): its worker starts with the family (or is
/// taken over from the loader, which started it early or kept
/// the engine another lab family left), and goes back to the loader when
/// another family opens ([`super::lab::hand_back`]).
pub static LAB_PAGES: FamilyApp = lab_view(
    Family::Lab,
    |_, key, props| html! { <LabPage key={key} ..props /> },
    super::lab::warm::<{ kinds::LAB_RUN_PAGE }>,
    |_| embed::lab_title,
    field_key_on::<LabParams>,
);

pub static MATRIX_PAGES: FamilyApp = lab_view(
    Family::LabMatrix,
    |_, key, props| html! { <MatrixPage key={key} ..props /> },
    super::lab::warm::<{ kinds::MATRIX_PAGE }>,
    |_| embed::matrix_title,
    field_key_on::<MatrixParams>,
);

pub static BUILD_PAGES: FamilyApp = lab_view(
    Family::LabBuild,
    |_, key, props| html! { <BuildPage key={key} ..props /> },
    super::lab::warm::<{ kinds::WORKBENCH_PAGE }>,
    |_| embed::build_title,
    field_key_on::<BuildParams>,
);

/// One lab view's family: its texts, and the engine handed back when
/// another family opens.
const fn lab_view(
    family: Family,
    body: fn(&Page, String, PageProps) -> Html,
    on_mount: fn(),
    title: fn(&Page) -> TitleParts,
    field_key: fn(&Page, &str) -> Option<&'static str>,
) -> FamilyApp {
    FamilyApp {
        family: Some(family),
        body,
        texts: family_texts(family),
        on_mount,
        on_unmount: super::lab::hand_back,
        title,
        field_key,
    }
}

/// The exercises draw the other demos' terms (scenarios, strategies,
/// policies) and run the lab's engine, not its views (and pass it on, as
/// the lab's views do).
pub static EXERCISES_PAGES: FamilyApp = FamilyApp {
    family: Some(Family::Exercises),
    body: |_, key, props| html! { <ExercisesPage key={key} ..props /> },
    texts: family_texts(Family::Exercises),
    on_mount: super::lab::reads::<{ kinds::EXERCISES_PAGE }>,
    on_unmount: super::lab::hand_back,
    title: |_| embed::exercises_title,
    field_key: fields::field_key,
};

/// The set builder (`#/exercises/builder`): the bank and its texts, none
/// of the cards, grading, stored progress or the lab's engine.
pub static BUILDER_PAGES: FamilyApp = FamilyApp {
    family: Some(Family::ExercisesBuilder),
    body: |_, key, props| html! { <SetBuilderPage key={key} ..props /> },
    texts: family_texts(Family::ExercisesBuilder),
    on_mount: nothing,
    on_unmount: nothing,
    title: |_| embed::builder_title,
    field_key: shell_field_key,
};

fn every_body(page: &Page, key: String, props: PageProps) -> Html {
    match page.family() {
        Family::Home => (HOME.body)(page, key, props),
        Family::Herd => (HERD_PAGES.body)(page, key, props),
        Family::Amplify => (AMPLIFY_PAGES.body)(page, key, props),
        Family::Lab => (LAB_PAGES.body)(page, key, props),
        Family::LabMatrix => (MATRIX_PAGES.body)(page, key, props),
        Family::LabBuild => (BUILD_PAGES.body)(page, key, props),
        Family::Exercises => (EXERCISES_PAGES.body)(page, key, props),
        Family::ExercisesBuilder => (BUILDER_PAGES.body)(page, key, props),
    }
}

/// Every page in one app (the browser tests, built with `all_texts`).
pub static EVERY: FamilyApp = FamilyApp {
    family: None,
    body: every_body,
    texts: family_texts(Family::Exercises),
    on_mount: nothing,
    on_unmount: nothing,
    title: embed::title_parts,
    field_key: fields::field_key,
};
