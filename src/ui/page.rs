//! The contract between the shell and a demo page.

use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::Lang;
use crate::pages::route::{Location, Query};

/// What the shell hands every page.
#[derive(Properties, Clone, PartialEq)]
pub struct PageProps {
    /// The UI language.
    pub lang: Lang,
    /// `embed=1`: compact layout without header, for iframes.
    pub embed: bool,
    /// The page's own query parameters as loaded from the URL (without the
    /// shell's `lang` and `embed`). Pages read it when mounted; the shell
    /// remounts the page (new `key`) when the user navigates.
    pub query: Rc<Query>,
    /// Writes the page's current state into the URL (history.replaceState),
    /// so that "copy link" and reload restore exactly this view: the hash
    /// of the state's [`Link`], the same string as any link to it. The
    /// shell adds `lang`/`embed` itself.
    pub set_link: Callback<Location>,
}
