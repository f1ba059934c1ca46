//! Browser tier: the hooks that draw a page in parts, a frame apart.
//! `use_revealed` grows a list step by step and starts over when its key
//! changes; `use_frame_stages` counts drawn frames up to its last stage;
//! `use_a_frame_late` hands a change on one frame later.
#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::future::TimeoutFuture;
use retry_lab::ui::frame_hooks::{use_a_frame_late, use_frame_stages, use_revealed};
use wasm_bindgen_test::*;
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

/// What each render of the probe saw.
type Log<T> = Rc<RefCell<Vec<T>>>;

#[derive(Properties, Clone)]
struct RevealProps {
    restart: u32,
    log: Log<usize>,
}

impl PartialEq for RevealProps {
    fn eq(&self, other: &Self) -> bool {
        self.restart == other.restart
    }
}

#[function_component(RevealProbe)]
fn reveal_probe(p: &RevealProps) -> Html {
    let shown = use_revealed(10, 3, 2, p.restart);
    p.log.borrow_mut().push(shown);
    html! { <p>{ shown }</p> }
}

#[derive(Properties, Clone)]
struct StagesProps {
    log: Log<u8>,
}

impl PartialEq for StagesProps {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

#[function_component(StagesProbe)]
fn stages_probe(p: &StagesProps) -> Html {
    let stage = use_frame_stages(2);
    p.log.borrow_mut().push(stage);
    html! {}
}

#[derive(Properties, Clone)]
struct LateProps {
    value: u32,
    log: Log<Option<u32>>,
}

impl PartialEq for LateProps {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

#[function_component(LateProbe)]
fn late_probe(p: &LateProps) -> Html {
    let late = use_a_frame_late(p.value);
    p.log.borrow_mut().push(late);
    html! {}
}

fn root() -> web_sys::Element {
    let doc = web_sys::window().unwrap().document().unwrap();
    let root = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&root).unwrap();
    root
}

/// Waits (up to ~5 s) until the log's last entry is `want`.
async fn settle<T: PartialEq + Clone>(log: &Log<T>, want: T) {
    for _ in 0..100 {
        if log.borrow().last() == Some(&want) {
            return;
        }
        TimeoutFuture::new(50).await;
    }
}

/// The distinct values in the order they were seen.
fn steps<T: PartialEq + Clone>(log: &Log<T>) -> Vec<T> {
    let mut out: Vec<T> = Vec::new();
    for v in log.borrow().iter() {
        if out.last() != Some(v) {
            out.push(v.clone());
        }
    }
    out
}

#[wasm_bindgen_test]
async fn revealed_grows_by_steps_and_starts_over_on_a_new_key() {
    let log: Log<usize> = Rc::default();
    let mut app = yew::Renderer::<RevealProbe>::with_root_and_props(
        root(),
        RevealProps {
            restart: 0,
            log: log.clone(),
        },
    )
    .render();
    settle(&log, 10).await;
    assert_eq!(steps(&log), vec![3, 5, 7, 9, 10]);

    log.borrow_mut().clear();
    app.update(RevealProps {
        restart: 1,
        log: log.clone(),
    });
    settle(&log, 10).await;
    assert_eq!(steps(&log), vec![3, 5, 7, 9, 10]);
    app.destroy();
}

#[wasm_bindgen_test]
async fn frame_stages_count_up_to_the_last_and_stop() {
    let log: Log<u8> = Rc::default();
    let app =
        yew::Renderer::<StagesProbe>::with_root_and_props(root(), StagesProps { log: log.clone() })
            .render();
    settle(&log, 2).await;
    // A few more frames: no stage past the last.
    TimeoutFuture::new(200).await;
    assert_eq!(steps(&log), vec![0, 1, 2]);
    app.destroy();
}

#[wasm_bindgen_test]
async fn a_frame_late_hands_each_change_on_after_a_frame() {
    let log: Log<Option<u32>> = Rc::default();
    let mut app = yew::Renderer::<LateProbe>::with_root_and_props(
        root(),
        LateProps {
            value: 1,
            log: log.clone(),
        },
    )
    .render();
    settle(&log, Some(1)).await;
    assert_eq!(steps(&log), vec![None, Some(1)]);

    log.borrow_mut().clear();
    app.update(LateProps {
        value: 2,
        log: log.clone(),
    });
    settle(&log, Some(2)).await;
    // The render with the new value still shows the old one.
    assert_eq!(steps(&log), vec![Some(1), Some(2)]);
    app.destroy();
}
