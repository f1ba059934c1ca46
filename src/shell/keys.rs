//! The page's keyboard shortcuts, and the one rule for which key presses
//! are shortcuts at all: none while a dialog is open or the student types
//! in a field, none with Ctrl, ⌘ or Alt held (those belong to the browser
//! and the system: Alt+← goes back, Ctrl+Home scrolls), and space is no
//! shortcut on a focused button or link, which presses it itself. Shift
//! is allowed: `?` is Shift+/ on most keyboards. Pure, so the rule is
//! tested natively; `crate::ui::shortcuts` feeds it the browser's events.

/// What has the focus when a key is pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A field that takes typing: `input`, `textarea`, `select`.
    Field,
    /// A button or a link, which handle space and Enter themselves.
    Button,
    /// Anything else (the page, a heading, a chart).
    Other,
}

/// A key press, as much of it as the rule needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyPress<'a> {
    /// `KeyboardEvent.key`, e.g. `ArrowLeft`, `?`, ` `.
    pub key: &'a str,
    pub ctrl: bool,
    pub meta: bool,
    pub alt: bool,
    pub target: Target,
    /// A modal dialog is open (the page behind it is inert).
    pub dialog_open: bool,
}

/// What a shortcut asks for; each page acts on the ones it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shortcut {
    /// `?`: the shortcut help.
    Help,
    /// `←`: one step back.
    Back,
    /// `→`: one step forward.
    Forward,
    /// `Home`: the first step.
    Start,
    /// `End`: the last step.
    End,
    /// Space: play or pause.
    TogglePlay,
}

/// The shortcut a key press stands for, if it stands for one.
pub fn shortcut(k: &KeyPress) -> Option<Shortcut> {
    if k.dialog_open || k.target == Target::Field || k.ctrl || k.meta || k.alt {
        return None;
    }
    Some(match k.key {
        "?" => Shortcut::Help,
        "ArrowLeft" => Shortcut::Back,
        "ArrowRight" => Shortcut::Forward,
        "Home" => Shortcut::Start,
        "End" => Shortcut::End,
        " " | "Spacebar" if k.target != Target::Button => Shortcut::TogglePlay,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(key: &str) -> KeyPress<'_> {
        KeyPress {
            key,
            ctrl: false,
            meta: false,
            alt: false,
            target: Target::Other,
            dialog_open: false,
        }
    }

    #[test]
    fn each_key_names_its_shortcut() {
        let keys = [
            "?",
            "ArrowLeft",
            "ArrowRight",
            "Home",
            "End",
            " ",
            "Spacebar",
        ];
        let got: Vec<_> = keys.iter().map(|k| shortcut(&press(k))).collect();
        use Shortcut::*;
        let want = [Help, Back, Forward, Start, End, TogglePlay, TogglePlay];
        assert_eq!(got, want.map(Some));
        for other in ["a", "Enter", "Escape", "Tab", "ArrowUp", "/", ""] {
            assert_eq!(shortcut(&press(other)), None, "{other:?}");
        }
    }

    #[test]
    fn modifiers_fields_and_dialogs_leave_the_key_alone() {
        for key in ["?", "ArrowLeft", "ArrowRight", "Home", "End", " "] {
            let base = press(key);
            assert!(shortcut(&base).is_some(), "{key:?}");
            for k in [
                KeyPress { ctrl: true, ..base },
                KeyPress { meta: true, ..base },
                KeyPress { alt: true, ..base },
                KeyPress {
                    target: Target::Field,
                    ..base
                },
                KeyPress {
                    dialog_open: true,
                    ..base
                },
            ] {
                assert_eq!(shortcut(&k), None, "{k:?}");
            }
        }
    }

    #[test]
    fn a_focused_button_keeps_space_but_not_the_arrows() {
        let on_button = |key| KeyPress {
            target: Target::Button,
            ..press(key)
        };
        assert_eq!(shortcut(&on_button(" ")), None);
        assert_eq!(shortcut(&on_button("Spacebar")), None);
        assert_eq!(shortcut(&on_button("ArrowRight")), Some(Shortcut::Forward));
        assert_eq!(shortcut(&on_button("?")), Some(Shortcut::Help));
    }
}
