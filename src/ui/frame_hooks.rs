//! Hooks that draw a page in parts, each in a task or frame of its own:
//! after the first task, in numbered stages a frame apart, a value a frame
//! late, a long list a few items per frame: no main-thread task may pass
//! 50 ms, and drawing a whole page in one task could. What a part shows is
//! counted by the kernel's [`Reveal`] (as a job's parts are, see
//! `kernel::job::Need::Frames`); these hooks only wait for the frames.
//!
//! A part drawn later is a function of its own, `#[inline(never)]`: the
//! browser compiles a wasm function on its first call, all of it, in the
//! calling task. Inlined into its page's view (a function called once is),
//! a later part's code was compiled in the first part's task: the lab run
//! view's was one function of 80 KB, and compiling the code its first
//! render called was 20–40 ms of that view's longest task.

use yew::prelude::*;

use crate::kernel::job::Reveal;

/// False for a component's first render, true from the next task on (the
/// browser may draw in between, or not).
///
/// A page drawn in parts, each in its own task: opening a view compiles its
/// code on first use and lays it out, and all of it in one task was the
/// longest task of a page load. The shell draws its header before the page
/// body, without waiting for a frame in between (the body comes as soon as
/// possible; its layout may include the header's).
#[hook]
pub fn use_after_first_task() -> bool {
    let ready = use_state(|| false);
    {
        let ready = ready.clone();
        use_effect_with((), move |_| {
            let pending = crate::ui::dom::post_task(move || ready.set(true));
            move || drop(pending)
        });
    }
    *ready
}

/// 0 for a component's first render, then one more per drawn frame, up to
/// `last`: for a page drawn in more than two parts (see [`use_revealed`]).
#[hook]
pub fn use_frame_stages(last: u8) -> u8 {
    let stage = use_revealed(usize::from(last), 0, 1, ());
    u8::try_from(stage).unwrap_or(last)
}

/// `value` as it was a drawn frame ago: `None` until the component's first
/// frame is drawn, then each change reaches the caller a frame after it
/// reached this hook.
///
/// Part of a page follows a change a frame after the rest, with a layout of
/// its own: redrawing the whole herd page in the other language (the
/// `<html lang>` change included) was one task of 55–68 ms, and swapping
/// its results for the other view inside the click one of 80–140 ms.
#[hook]
pub fn use_a_frame_late<T: Clone + PartialEq + 'static>(value: T) -> Option<T> {
    let shown = use_state(|| None::<T>);
    {
        let shown = shown.clone();
        use_effect_with(value, move |value| {
            let value = Some(value.clone());
            let pending = (*shown != value).then(|| {
                crate::ui::dom::after_next_frame(crate::ui::dom::FRAME_FALLBACK_MS, move || {
                    shown.set(value)
                })
            });
            move || drop(pending)
        });
    }
    (*shown).clone()
}

/// How many of `n` items to draw: `first` in the first render, then
/// `per_frame` more each drawn frame, and from `first` again whenever
/// `restart` changes (a list remounted under new keys).
///
/// Each step waits for the previous one to be drawn, so no frame lays out
/// two steps at once: a long list (the exercises' cards, the herd's small
/// multiples) mounted in one go was a task of over 100 ms.
#[hook]
pub fn use_revealed<K: Clone + PartialEq + 'static>(
    n: usize,
    first: usize,
    per_frame: usize,
    restart: K,
) -> usize {
    let steps = use_state(|| (restart.clone(), 0usize));
    let done = if steps.0 == restart { steps.1 } else { 0 };
    let shown = Reveal::new(n, first, per_frame).after(done).shown();
    {
        let steps = steps.clone();
        use_effect_with((restart, done, shown < n), move |(key, done, more)| {
            let (key, next) = (key.clone(), done + 1);
            let pending = more.then(|| {
                crate::ui::dom::after_next_frame(crate::ui::dom::FRAME_FALLBACK_MS, move || {
                    steps.set((key, next))
                })
            });
            move || drop(pending)
        });
    }
    shown
}
