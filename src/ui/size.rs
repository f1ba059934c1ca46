//! An element's width in px, so charts draw at real size (text in
//! them keeps its CSS size instead of scaling with a view box).

use yew::prelude::*;

use crate::ui::dom;

/// Width of the element behind `node`, updated when the app resizes (and
/// first reported once the page has been laid out).
#[hook]
pub fn use_width(node: NodeRef) -> f64 {
    let width = use_state_eq(|| 640.0);
    {
        let width = width.clone();
        use_effect_with((), move |_| {
            let measure = move || {
                if let Some(el) = node.cast::<web_sys::Element>() {
                    let w = f64::from(el.client_width());
                    if w > 0.0 {
                        width.set(w.floor());
                    }
                }
            };
            // No measurement now: reading a width here would lay the page
            // out inside this task. The observer's first report comes right
            // after the browser's own layout, before the results draw.
            let guard = dom::observe_app_size(measure);
            move || drop(guard)
        });
    }
    *width
}
