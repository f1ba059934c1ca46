//! Browser tier: the icons are drawn, not typed. Every icon renders as an
//! SVG with a non-zero width and height and no text (so no platform font can
//! turn it into an empty box), and the «?» help of the lab and its matrix
//! shows its marks as those icons, never as glyphs in its text.
#![cfg(target_arch = "wasm32")]

use gloo_timers::future::TimeoutFuture;
use retry_lab::i18n::Lang;
use retry_lab::lab::Ending;
use retry_lab::pages::route::Page;
use retry_lab::ui::help::reading_help;
use retry_lab::ui::icons::{icon, Icon};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Glyphs that Debian's Chromium may draw as boxes (or that mark something
/// the app now draws as an icon).
const GLYPHS: &[char] = &[
    '⏮', '⏭', '⏸', '⏳', '☒', '▶', '◀', '✕', '✗', '✓', '∅', '☘', 'Δ',
];

#[derive(Properties, PartialEq)]
struct Probe {
    lang: Lang,
}

#[function_component(Icons)]
fn icons(_: &Probe) -> Html {
    html! {
        <p>{ for Icon::ALL.iter().map(|i| html! { <span data-icon={i.id()}>{ icon(*i) }</span> }) }</p>
    }
}

#[function_component(Help)]
fn help(p: &Probe) -> Html {
    html! {
        <div>
            { reading_help(p.lang, &Page::Lab) }
            { reading_help(p.lang, &Page::LabMatrix) }
        </div>
    }
}

fn root() -> web_sys::Element {
    let doc = web_sys::window().unwrap().document().unwrap();
    let root = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&root).unwrap();
    root
}

/// Every `svg.icon` under `root`, after the render has landed.
async fn drawn_icons(root: &web_sys::Element) -> Vec<web_sys::Element> {
    for _ in 0..100 {
        let list = root.query_selector_all("svg.icon").unwrap();
        if list.length() > 0 {
            return (0..list.length())
                .filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok())
                .collect();
        }
        TimeoutFuture::new(20).await;
    }
    Vec::new()
}

fn assert_drawn(el: &web_sys::Element) {
    let b = el.get_bounding_client_rect();
    let class = el.get_attribute("class").unwrap_or_default();
    assert!(
        b.width() > 0.0 && b.height() > 0.0,
        "{class}: {} × {}",
        b.width(),
        b.height()
    );
    let shapes = el.query_selector_all("path, circle").unwrap().length();
    assert!(shapes > 0, "{class}: nothing drawn");
    assert_eq!(
        el.text_content().unwrap_or_default(),
        "",
        "{class} carries text"
    );
    assert_eq!(
        el.get_attribute("aria-hidden").as_deref(),
        Some("true"),
        "{class}"
    );
}

#[wasm_bindgen_test]
async fn every_icon_is_drawn_with_a_size_and_no_text() {
    let root = root();
    let app = yew::Renderer::<Icons>::with_root_and_props(root.clone(), Probe { lang: Lang::Zh })
        .render();
    let drawn = drawn_icons(&root).await;
    assert_eq!(drawn.len(), Icon::ALL.len());
    for el in &drawn {
        assert_drawn(el);
    }
    app.destroy();
}

#[wasm_bindgen_test]
async fn the_lab_help_shows_its_marks_as_icons_not_glyphs() {
    for lang in [Lang::Zh, Lang::En] {
        let root = root();
        let app = yew::Renderer::<Help>::with_root_and_props(root.clone(), Probe { lang }).render();
        let drawn = drawn_icons(&root).await;
        // A cross (lost), pause and hourglass (bars), every ending of the
        // legend, luck, change and a rule broken, and the two good endings
        // of the by-server view.
        assert_eq!(drawn.len(), 3 + Ending::LEGEND.len() + 3 + 2, "{lang:?}");
        for el in &drawn {
            assert_drawn(el);
        }
        let text = root.text_content().unwrap_or_default();
        let glyphs: Vec<char> = text.chars().filter(|c| GLYPHS.contains(c)).collect();
        assert!(
            glyphs.is_empty(),
            "{lang:?}: the help's text names glyphs {glyphs:?}"
        );
        app.destroy();
    }
}
