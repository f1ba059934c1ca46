//! The English texts of a page built without them (the Cargo feature
//! `english`): the loader (static/boot.js) fetches the build's own file, at
//! once when the page is likely to open in English, and the shell asks for
//! it whenever English is wanted. Until the texts are there the page stays
//! in Chinese with a visible loading line; a failed fetch says why and
//! offers to try again. Never a blank page, never a key.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use super::dom::{loader_function, loader_global};
use crate::i18n::{self, Lang};

/// Where the English texts are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum English {
    Ready,
    /// Being fetched (or not asked for yet).
    Loading,
    /// The fetch failed, and why.
    Failed(String),
}

/// The state of the English texts for a page that wants `wanted`, and a
/// callback that tries again after a failure.
#[hook]
pub fn use_english(wanted: Lang) -> (English, Callback<()>) {
    let state = use_state_eq(|| {
        if i18n::english_ready() || install_fetched() {
            English::Ready
        } else {
            English::Loading
        }
    });
    let attempt = use_state_eq(|| 0u32);
    {
        let state = state.clone();
        use_effect_with((wanted, *attempt), move |(wanted, _)| {
            if *wanted == Lang::En && !i18n::english_ready() {
                state.set(English::Loading);
                wasm_bindgen_futures::spawn_local(async move {
                    state.set(match load().await {
                        Ok(()) => English::Ready,
                        Err(why) => English::Failed(why),
                    });
                });
            }
        });
    }
    let retry = Callback::from(move |_| attempt.set(attempt.wrapping_add(1)));
    ((*state).clone(), retry)
}

/// The language the page is drawn in: English only once its texts are there.
pub fn shown(wanted: Lang, english: &English) -> Lang {
    match (wanted, english) {
        (Lang::En, English::Ready) => Lang::En,
        _ => Lang::Zh,
    }
}

/// Installs the texts the loader fetched before the app started (it sets
/// `retryLabEnglishText` when they arrive), so a page opened in English
/// draws its first frame in English.
fn install_fetched() -> bool {
    loader_global("retryLabEnglishText")
        .and_then(|v| v.as_string())
        .is_some_and(|text| i18n::install_english(&text).is_ok())
}

/// Fetches the texts through the loader's `retryLabEnglish()` and installs them.
async fn load() -> Result<(), String> {
    let loader = loader_function("retryLabEnglish").ok_or("no loader for the English texts")?;
    let promise = loader
        .call0(&JsValue::NULL)
        .map_err(describe)?
        .dyn_into::<js_sys::Promise>()
        .map_err(describe)?;
    let text = JsFuture::from(promise).await.map_err(describe)?;
    i18n::install_english(&text.as_string().unwrap_or_default())
}

fn describe(e: JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}
