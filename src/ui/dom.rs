//! Thin wrappers over browser APIs used by the shell and pages. Each one
//! degrades quietly (returns a default) when an API is missing, because a
//! missing clipboard or storage must not break a lesson.

use wasm_bindgen::{JsCast, JsValue};

fn window() -> web_sys::Window {
    gloo::utils::window()
}

/// `location.hash`, e.g. `#/herd?clients=50`.
pub fn current_hash() -> String {
    window().location().hash().unwrap_or_default()
}

/// The full current URL, for share links.
pub fn current_href() -> String {
    window().location().href().unwrap_or_default()
}

thread_local! {
    /// The address the app last followed or wrote ([`follow_hash`],
    /// [`replace_hash`]). When the address bar says something else, a
    /// navigation is on its way whose `hashchange` the app has not handled
    /// yet (a link clicked while the page was being drawn).
    static KNOWN_HASH: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// `location.hash`, which the app now follows: at its start and on each
/// `hashchange`.
pub fn follow_hash() -> String {
    let hash = current_hash();
    KNOWN_HASH.with(|k| *k.borrow_mut() = Some(hash.clone()));
    hash
}

/// Replaces the hash without adding a history entry or firing `hashchange`,
/// unless a navigation is on its way: a page mirroring its state into the
/// address bar must not write over the place the student went to (its
/// `hashchange` will draw that place).
pub fn replace_hash(hash: &str) {
    let current = current_hash();
    let pending = KNOWN_HASH.with(|k| k.borrow().as_ref().is_some_and(|known| *known != current));
    if current == hash || pending {
        return;
    }
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(hash));
    }
    // As the browser keeps it (it may encode what `hash` spelled plainly).
    follow_hash();
}

/// Navigates to a hash (adds a history entry and fires `hashchange`).
pub fn navigate(hash: &str) {
    let _ = window().location().set_hash(hash);
}

/// Milliseconds from `performance.now()`.
pub fn now_ms() -> f64 {
    window().performance().map(|p| p.now()).unwrap_or(0.0)
}

/// Whether a CSS media query matches now.
fn media_matches(query: &str) -> bool {
    window()
        .match_media(query)
        .ok()
        .flatten()
        .map(|m| m.matches())
        .unwrap_or(false)
}

/// Whether the user asked the system for reduced motion.
pub fn prefers_reduced_motion() -> bool {
    media_matches("(prefers-reduced-motion: reduce)")
}

/// Whether the screen is as narrow as a phone's (the styles' 760 px
/// breakpoint).
pub fn narrow_screen() -> bool {
    media_matches("(max-width: 760px)")
}

/// Reads a `localStorage` value.
pub fn storage_get(key: &str) -> Option<String> {
    window()
        .local_storage()
        .ok()
        .flatten()
        .and_then(|s| s.get_item(key).ok().flatten())
}

/// Writes a `localStorage` value (ignored when storage is unavailable).
pub fn storage_set(key: &str, value: &str) {
    if let Some(s) = window().local_storage().ok().flatten() {
        let _ = s.set_item(key, value);
    }
}

/// Copies `text` to the clipboard; resolves to whether it worked. Never
/// throws: a page that is not a secure context (a classroom server on a LAN
/// address over http) has no `navigator.clipboard` at all, and a browser
/// may refuse the write; both resolve to `false`, and the caller shows the
/// text to copy by hand.
pub async fn copy_text(text: &str) -> bool {
    let get = |obj: &JsValue, name: &str| js_sys::Reflect::get(obj, &JsValue::from_str(name)).ok();
    let Some(clipboard) = get(&window().navigator(), "clipboard").filter(JsValue::is_object) else {
        return false;
    };
    let Some(write) =
        get(&clipboard, "writeText").and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    else {
        return false;
    };
    let Ok(promise) = write.call1(&clipboard, &JsValue::from_str(text)) else {
        return false;
    };
    match promise.dyn_into::<js_sys::Promise>() {
        Ok(p) => wasm_bindgen_futures::JsFuture::from(p).await.is_ok(),
        Err(_) => false,
    }
}

/// Whether this document may not submit forms: in an `<iframe sandbox>`
/// without `allow-forms`, submitting a form does nothing at all (not even a
/// `submit` event), so the self-check's «提交» buttons would do nothing.
/// Probed once with a hidden form whose `submit` event is cancelled (so
/// nothing is sent anywhere).
pub fn forms_blocked() -> bool {
    let doc = gloo::utils::document();
    let (Some(body), Ok(form)) = (doc.body(), doc.create_element("form")) else {
        return false;
    };
    let request = js_sys::Reflect::get(&form, &JsValue::from_str("requestSubmit"))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let Some(request) = request else {
        return false; // an old browser: nothing to probe with
    };
    let fired = std::rc::Rc::new(std::cell::Cell::new(false));
    let seen = fired.clone();
    let listener = gloo::events::EventListener::new_with_options(
        &form,
        "submit",
        gloo::events::EventListenerOptions::enable_prevent_default(),
        move |ev| {
            ev.prevent_default();
            seen.set(true);
        },
    );
    let _ = form.set_attribute("hidden", "");
    if body.append_child(&form).is_err() {
        return false;
    }
    let _ = request.call0(&form);
    form.remove();
    drop(listener);
    !fired.get()
}

/// Longest wait for a [`probe`]'s answer: a network that does not answer
/// at all (a dead link, a server gone from the classroom's network) counts
/// as none, so the page says «offline» in time instead of waiting for the
/// browser's connection timeout.
pub const PROBE_MS: u32 = 2000;

/// Asks the server for `url` again (a `HEAD` request past every cache):
/// its HTTP status, or `None` when the request failed (no network) or got
/// no answer within [`PROBE_MS`].
pub async fn probe(url: &str) -> Option<u16> {
    let init = web_sys::RequestInit::new();
    init.set_method("HEAD");
    init.set_cache(web_sys::RequestCache::NoStore);
    // An AbortController (through Reflect: no web-sys feature for it).
    let global = js_sys::global();
    let controller = js_sys::Reflect::get(&global, &JsValue::from_str("AbortController"))
        .ok()
        .and_then(|c| c.dyn_into::<js_sys::Function>().ok())
        .and_then(|c| js_sys::Reflect::construct(&c, &js_sys::Array::new()).ok());
    let timer = controller.map(|controller| {
        if let Ok(signal) = js_sys::Reflect::get(&controller, &JsValue::from_str("signal")) {
            let _ = js_sys::Reflect::set(&init, &JsValue::from_str("signal"), &signal);
        }
        gloo::timers::callback::Timeout::new(PROBE_MS, move || {
            let abort = js_sys::Reflect::get(&controller, &JsValue::from_str("abort")).ok();
            if let Some(abort) = abort.and_then(|a| a.dyn_into::<js_sys::Function>().ok()) {
                let _ = abort.call0(&controller);
            }
        })
    });
    let promise = window().fetch_with_str_and_init(url, &init);
    let response = wasm_bindgen_futures::JsFuture::from(promise).await.ok();
    drop(timer);
    response?
        .dyn_into::<web_sys::Response>()
        .ok()
        .map(|r| r.status())
}

/// Moves the focus to the element with `id` (it needs a `tabindex`).
pub fn focus_by_id(id: &str) {
    if let Some(el) = gloo::utils::document()
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}

/// Brings the element with `top_id` to the top of the view, with the
/// element `focus_id` (below it, close enough to be in view too). On its
/// own page the focus goes to `focus_id` (it needs a `tabindex`), so a
/// keyboard or screen reader user lands where the link pointed. Embedded,
/// only the frame's own document scrolls: `scrollIntoView` and `focus`
/// would also scroll the host page around the frame, and focus would leave
/// the host's reader.
pub fn bring_into_view(top_id: &str, focus_id: &str, embed: bool) {
    let doc = gloo::utils::document();
    let Some(top) = doc.get_element_by_id(top_id) else {
        return;
    };
    if embed {
        let w = window();
        let y = top.get_bounding_client_rect().top() + w.scroll_y().unwrap_or(0.0);
        w.scroll_to_with_x_and_y(0.0, y.max(0.0));
        return;
    }
    if let Some(h) = doc
        .get_element_by_id(focus_id)
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = h.focus();
    }
    top.scroll_into_view_with_bool(true);
}

/// Reloads the page (a newer version was deployed).
pub fn reload() {
    let _ = window().location().reload();
}

/// Sets `<html lang>` and the document title.
pub fn set_document_lang(code: &str, title: &str) {
    let doc = gloo::utils::document();
    if let Some(el) = doc.document_element() {
        let _ = el.set_attribute("lang", code);
    }
    doc.set_title(title);
}

/// Posts `{type: "retry-lab:height", height}` to the embedding page. Only
/// when framed; the app never reads incoming messages.
pub fn post_height(height: f64) {
    let w = window();
    let Ok(Some(parent)) = w.parent() else { return };
    if parent == w {
        return;
    }
    let msg = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&msg, &"type".into(), &"retry-lab:height".into());
    let _ = js_sys::Reflect::set(&msg, &"height".into(), &JsValue::from_f64(height));
    let _ = parent.post_message(&msg, "*");
}

/// Posts `json` (a message, as JSON text) to the embedding page at exactly
/// `origin` (never `*`: the browser drops it when the parent is another
/// origin). Only when framed.
pub fn post_to_parent(json: &str, origin: &str) {
    let w = window();
    let Ok(Some(parent)) = w.parent() else { return };
    if parent == w {
        return;
    }
    if let Ok(msg) = js_sys::JSON::parse(json) {
        let _ = parent.post_message(&msg, origin);
    }
}

/// The page's address without its hash (`…/index.html`): what an app
/// link is resolved against.
pub fn address_without_hash() -> String {
    let href = window().location().href().unwrap_or_default();
    match href.split_once('#') {
        Some((base, _)) => base.to_string(),
        None => href,
    }
}

/// The page's origin (`http://127.0.0.1:8080`): where the app is served from.
pub fn page_origin() -> String {
    window().location().origin().unwrap_or_default()
}

/// Opens the browser's print dialog (print, or save as PDF).
pub fn print() {
    let _ = window().print();
}

/// The content height of the page, for the embed message.
pub fn content_height() -> f64 {
    let doc = gloo::utils::document();
    doc.get_element_by_id("app")
        .map(|e| e.get_bounding_client_rect().height())
        .unwrap_or_else(|| {
            doc.document_element()
                .map(|e| e.scroll_height() as f64)
                .unwrap_or(0.0)
        })
        .ceil()
}

/// Lays the page out now (reading a size does): a render timed to size the
/// next part of a drawing then counts the style and layout of what it
/// added, which otherwise follow in the frame, unmeasured (a table whose
/// rows the browser parses from markup costs little to render and much to
/// lay out).
pub fn lay_out() {
    let _ = content_height();
}

/// Calls `f` whenever the size of `<main id="app">` changes. The returned
/// guard disconnects the observer when dropped.
pub fn observe_app_size(f: impl Fn() + 'static) -> Option<ResizeGuard> {
    let target = gloo::utils::document().get_element_by_id("app")?;
    let closure = wasm_bindgen::closure::Closure::<dyn FnMut(JsValue)>::new(move |_| f());
    let observer = web_sys::ResizeObserver::new(closure.as_ref().unchecked_ref()).ok()?;
    observer.observe(&target);
    Some(ResizeGuard {
        observer,
        _closure: closure,
    })
}

/// Keeps a `ResizeObserver` alive; disconnects on drop.
pub struct ResizeGuard {
    observer: web_sys::ResizeObserver,
    _closure: wasm_bindgen::closure::Closure<dyn FnMut(JsValue)>,
}

impl Drop for ResizeGuard {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}

/// Runs `f` in a new task: `scheduler.postTask(f)` or `setTimeout(f, 0)`.
/// Unlike nested `setTimeout(0)`, `postTask` is not clamped to 4 ms, so a
/// computation that yields after every slice loses little time.
/// Returns the timer when the fallback was used (dropping it cancels).
pub fn post_task(f: impl FnOnce() + 'static) -> Option<gloo::timers::callback::Timeout> {
    let global = js_sys::global();
    let post = js_sys::Reflect::get(&global, &JsValue::from_str("scheduler"))
        .ok()
        .filter(|s| s.is_object())
        .and_then(|s| {
            let p = js_sys::Reflect::get(&s, &JsValue::from_str("postTask")).ok()?;
            p.dyn_into::<js_sys::Function>().ok().map(|p| (s, p))
        });
    match post {
        Some((scheduler, post_task)) => {
            let cb = wasm_bindgen::closure::Closure::once_into_js(f);
            // The returned promise rejects only if the task is aborted (never
            // here) or the callback throws (a panic, shown by the panic hook).
            let _ = post_task.call1(&scheduler, &cb);
            None
        }
        None => Some(gloo::timers::callback::Timeout::new(0, f)),
    }
}

/// What the loader (static/boot.js) published on `globalThis` under `name`
/// (the build's file names, the English texts' loader, the lab engine kept
/// between families), if it did.
pub fn loader_global(name: &str) -> Option<JsValue> {
    js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str(name))
        .ok()
        .filter(|v| !v.is_undefined())
}

/// A function the loader published under `name`.
pub fn loader_function(name: &str) -> Option<js_sys::Function> {
    loader_global(name)?.dyn_into().ok()
}

/// The URL of a script of this build (`herd-worker`, `lab-worker`): the
/// loader (static/boot.js) publishes the build's own, build-stamped names in
/// `globalThis.retryLabFiles`, so a page never starts a worker from another
/// deploy. Without that map (browser tests), `./<name>.js`.
pub fn build_file(name: &str) -> String {
    loader_global("retryLabFiles")
        .filter(|files| files.is_object())
        .and_then(|files| js_sys::Reflect::get(&files, &JsValue::from_str(name)).ok())
        .and_then(|url| url.as_string())
        .unwrap_or_else(|| format!("./{name}.js"))
}

/// A fresh random seed in `0..=max` for the «换一个随机种子» buttons, drawn
/// from the browser's `crypto.getRandomValues` through `getrandom`. Callers
/// put the seed into the URL and the seed field, so the drawn seed is always
/// shown and the run it gives can be shared.
pub fn fresh_seed(max: u64) -> u64 {
    crate::kernel::rng::uniform_up_to(max, || {
        let mut word = [0u8; 8];
        // Web Crypto exists wherever this wasm runs; if it ever fails, the
        // zero word still gives a valid (if fixed) seed rather than a panic.
        let _ = getrandom::fill(&mut word);
        u64::from_le_bytes(word)
    })
}

/// Longest wait for a frame before [`after_next_frame`] runs its call
/// anyway.
pub const FRAME_FALLBACK_MS: u32 = 100;

/// A pending [`after_next_frame`] call; dropping it cancels the call.
pub struct AfterFrame {
    live: std::rc::Rc<std::cell::Cell<bool>>,
    _fallback: gloo::timers::callback::Timeout,
}

impl Drop for AfterFrame {
    fn drop(&mut self) {
        self.live.set(false);
    }
}

/// Runs `f` once, in a task after the next frame is drawn (a
/// `requestAnimationFrame` callback posts it), or after `fallback_ms` if no
/// frame comes (a hidden tab or an off-screen frame draws none). Work split
/// over `setTimeout(0)` calls can run several pieces before one frame and
/// then lay them all out in one long task; this gives each piece its own
/// layout.
pub fn after_next_frame(fallback_ms: u32, f: impl FnOnce() + 'static) -> AfterFrame {
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;
    let live = Rc::new(Cell::new(true));
    let f = Rc::new(RefCell::new(Some(f)));
    let run = {
        let (live, f) = (live.clone(), f.clone());
        move || {
            let pending = f.borrow_mut().take();
            if let Some(f) = pending.filter(|_| live.get()) {
                f();
            }
        }
    };
    let on_frame = {
        let run = run.clone();
        wasm_bindgen::closure::Closure::once_into_js(move || {
            gloo::timers::callback::Timeout::new(0, run).forget();
        })
    };
    let _ = window().request_animation_frame(on_frame.unchecked_ref());
    AfterFrame {
        live,
        _fallback: gloo::timers::callback::Timeout::new(fallback_ms, run),
    }
}
