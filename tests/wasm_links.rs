//! Browser tier: in-app links carry the shell the app runs in.
#![cfg(target_arch = "wasm32")]

use retry_lab::i18n::Lang;
use retry_lab::pages::links::{Link, Shell};
use retry_lab::ui::link::AppLink;
use wasm_bindgen_test::*;
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "common/app.rs"]
mod app;
use app::{mount, wait_for};

fn hrefs(root: &web_sys::Element, selector: &str) -> Vec<String> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(n).ok())
        .filter_map(|e| e.get_attribute("href"))
        .collect()
}

#[wasm_bindgen_test]
async fn an_english_embed_links_stay_english_embeds() {
    let root = mount("#/?embed=1&lang=en");
    wait_for(&root, ".home .card").await;
    let cards = hrefs(&root, ".home a.card");
    assert_eq!(cards.len(), 5, "{cards:?}");
    for h in &cards {
        assert!(h.ends_with("lang=en&embed=1"), "{h}");
    }
}

#[wasm_bindgen_test]
async fn the_full_page_links_carry_no_shell_settings() {
    let root = mount("#/");
    wait_for(&root, ".site-header nav a").await;
    let nav = hrefs(&root, ".site-header a");
    assert_eq!(
        nav,
        [
            "#/",
            "#/herd",
            "#/amplify",
            "#/lab",
            "#/lab/build",
            "#/exercises"
        ],
        "{nav:?}"
    );
}

#[derive(Properties, PartialEq)]
struct InShell {
    shell: Shell,
}

#[function_component(Frame)]
fn frame(p: &InShell) -> Html {
    html! {
        <ContextProvider<Shell> context={p.shell}>
            <AppLink to={Link::Exercises(Some("three_layers".into()))} class="x" testid="the-link"
                attrs={vec![("data-n", "7".into())]}>{ "go" }</AppLink>
        </ContextProvider<Shell>>
    }
}

#[wasm_bindgen_test]
async fn app_link_writes_the_context_shell_and_its_attributes() {
    let doc = web_sys::window().unwrap().document().unwrap();
    let root = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&root).unwrap();
    let shell = Shell {
        lang: Lang::En,
        embed: true,
    };
    yew::Renderer::<Frame>::with_root_and_props(root.clone(), InShell { shell }).render();
    let a = wait_for(&root, "a[data-testid=the-link]").await;
    assert_eq!(
        a.get_attribute("href").as_deref(),
        Some("#/exercises?q=three_layers&lang=en&embed=1")
    );
    assert_eq!(a.get_attribute("class").as_deref(), Some("x"));
    assert_eq!(a.get_attribute("data-n").as_deref(), Some("7"));
    assert_eq!(a.text_content().as_deref(), Some("go"));
    root.remove();
}
