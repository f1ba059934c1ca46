//! The one place that turns a page and its typed parameters into an in-app
//! link (`#/herd?clients=50`). Every preset, exercise demo, tab, card, fix
//! and matrix link, and the address bar of every page, is a [`Link`] value;
//! its hash holds only what differs from the page's defaults
//! ([`PageParams::minimal_query`]), so a link, the address bar and the
//! page's parser can never disagree. The shell's own parameters
//! (`lang`, `embed`) are added in one place, [`with_shell`]. Pure: no
//! browser APIs, natively tested.

use crate::amplify::{AmplifyParams, View as AmplifyView};
use crate::herd::HerdParams;
use crate::kernel::page_params::PageParams;
use crate::kernel::text::Lang;
use crate::lab::{
    BuildParams, Design, FaultSchedule, Harness, LabParams, MatrixParams, Scenario, StepParam,
};
use crate::pages::route::{split_shell_params, Location, Page, Query};

/// A page with its parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum Link {
    /// The landing page.
    Home,
    /// `#/herd`.
    Herd(HerdParams),
    /// `#/amplify`.
    Amplify(AmplifyParams),
    /// `#/lab`, at the step its parameters name.
    Lab(LabParams),
    /// `#/lab/matrix`.
    LabMatrix(MatrixParams),
    /// `#/lab/build`.
    LabBuild(BuildParams),
    /// `#/exercises`, its first section or the question with this id.
    Exercises(Option<String>),
    /// `#/exercises?section=<id>`: one section of the exercises.
    ExerciseSection(String),
    /// `#/exercises?set=<id>,…`: a course author's set, in its order, and
    /// the course page it reports to (`origin=`), if any.
    ExerciseSet {
        ids: Vec<String>,
        origin: Option<String>,
    },
    /// `#/exercises/builder`: the set builder (it keeps no state in the URL).
    ExercisesBuilder,
}

/// The shell's settings carried by a hash next to the page's parameters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shell {
    /// The language; only `lang=en` is written (Chinese is the default).
    pub lang: Lang,
    /// Whether the page runs inside a course page's iframe (`embed=1`).
    pub embed: bool,
}

/// The constructors and `location` are inlined (`#[inline(always)]`): where
/// a link is built, its page is known, and the match on it folds to that
/// page's parameters. A `location()` of a link whose page is not known
/// there keeps every page's parameter table in the page's wasm (the herd's
/// and the amplifier's in the lab's: 10 KB gzipped).
impl Link {
    /// A lab run shown to its end.
    #[inline(always)]
    pub fn lab_end(
        scenario: Scenario,
        harness: impl Into<Harness>,
        design: impl Into<Design>,
        seed: u64,
    ) -> Link {
        Self::lab_at(scenario, harness, design.into(), seed, StepParam::End)
    }

    /// A lab run at its start: nothing has happened yet.
    #[inline(always)]
    pub fn lab_start(
        scenario: Scenario,
        harness: impl Into<Harness>,
        design: impl Into<Design>,
        seed: u64,
    ) -> Link {
        let start = StepParam::Raw("0".into());
        Self::lab_at(scenario, harness, design.into(), seed, start)
    }

    /// A lab run at step `step` (the workbench's «where it broke»).
    #[inline(always)]
    pub fn lab_step(
        scenario: Scenario,
        harness: impl Into<Harness>,
        design: Design,
        seed: u64,
        step: usize,
    ) -> Link {
        Self::lab_at(
            scenario,
            harness,
            design,
            seed,
            StepParam::Raw(step.to_string()),
        )
    }

    /// A lab run at `step`.
    #[inline(always)]
    pub fn lab_at(
        scenario: Scenario,
        harness: impl Into<Harness>,
        design: Design,
        seed: u64,
        step: StepParam,
    ) -> Link {
        Link::Lab(LabParams {
            scenario,
            harness: harness.into(),
            design,
            seed,
            step,
            ..LabParams::default()
        })
    }

    /// A lab run of a fault schedule of its own (a counterexample) at
    /// `step`. The schedule is stored as its code reads it back (trailing
    /// attempts without faults dropped), so the link round-trips.
    pub fn lab_schedule(
        schedule: &FaultSchedule,
        harness: impl Into<Harness>,
        design: Design,
        seed: u64,
        step: StepParam,
    ) -> Link {
        Link::Lab(LabParams::replay(
            schedule,
            harness.into(),
            design,
            seed,
            step,
        ))
    }

    /// A page at its defaults (an unknown page: the landing page).
    pub fn start_of(page: &Page) -> Link {
        match page {
            Page::Herd => Link::Herd(HerdParams::default()),
            Page::Amplify => Link::Amplify(AmplifyParams::default()),
            Page::Lab => Link::Lab(LabParams::default()),
            Page::LabMatrix => Link::LabMatrix(MatrixParams::default()),
            Page::LabBuild => Link::LabBuild(BuildParams::default()),
            Page::Exercises => Link::Exercises(None),
            Page::ExercisesBuilder => Link::ExercisesBuilder,
            Page::Home | Page::NotFound(_) => Link::Home,
        }
    }

    /// One view of `#/amplify` at its defaults.
    pub fn amplify_view(view: AmplifyView) -> Link {
        Link::Amplify(AmplifyParams::view_start(view))
    }

    /// The page the link opens.
    #[inline(always)]
    pub fn page(&self) -> Page {
        match self {
            Link::Home => Page::Home,
            Link::Herd(_) => Page::Herd,
            Link::Amplify(_) => Page::Amplify,
            Link::Lab(_) => Page::Lab,
            Link::LabMatrix(_) => Page::LabMatrix,
            Link::LabBuild(_) => Page::LabBuild,
            Link::Exercises(_) | Link::ExerciseSection(_) | Link::ExerciseSet { .. } => {
                Page::Exercises
            }
            Link::ExercisesBuilder => Page::ExercisesBuilder,
        }
    }

    /// The page's query: [`PageParams::minimal_query`], what the address
    /// bar shows for the same state.
    #[inline(always)]
    pub fn query(&self) -> Query {
        match self {
            Link::Home | Link::ExercisesBuilder => Query::new(),
            Link::Herd(p) => p.location().query,
            Link::Amplify(p) => p.location().query,
            Link::Lab(p) => p.location().query,
            Link::LabMatrix(p) => p.location().query,
            Link::LabBuild(p) => p.location().query,
            Link::Exercises(None) => Query::new(),
            Link::Exercises(Some(id)) => Query::new().with("q", id.as_str()),
            Link::ExerciseSection(id) => Query::new().with("section", id.as_str()),
            Link::ExerciseSet { ids, origin } => {
                let q = Query::new().with("set", ids.join(",").as_str());
                match origin {
                    Some(o) => q.with("origin", o.as_str()),
                    None => q,
                }
            }
        }
    }

    /// The location the link opens.
    #[inline(always)]
    pub fn location(&self) -> Location {
        Location {
            page: self.page(),
            query: self.query(),
        }
    }

    /// The bare hash, e.g. `#/lab?harness=stable_key&step=end`, without the
    /// shell's settings: for data and tests. The UI renders every in-app link
    /// with [`Link::href_in`] and the current shell, so that a link clicked
    /// in an embed stays an embed in the same language.
    pub fn href(&self) -> String {
        self.any_location().to_hash()
    }

    /// The hash with the shell's settings.
    pub fn href_in(&self, shell: Shell) -> String {
        with_shell(&self.any_location(), shell)
    }

    /// [`Link::location`] where the link's page is not known (one copy of
    /// the match on every page, not one per caller).
    #[inline(never)]
    pub fn any_location(&self) -> Location {
        self.location()
    }
}

/// The page a page's parameters belong to, and those parameters as a
/// location of that page, typed: a page family
/// that links only to its own pages (its form, its presets, its address
/// bar) reaches only its own parameters' encoding, where [`Link`] (a link
/// to any page) reaches every page's.
pub trait OnPage: PageParams {
    const PAGE: Page;

    /// The location of these parameters: [`PageParams::minimal_query`], what
    /// the address bar shows, as for the same [`Link`].
    fn location(&self) -> Location {
        Location {
            page: Self::PAGE,
            query: self.minimal_query(),
        }
    }
}

macro_rules! link_from_params {
    ($($params:ty => $variant:ident),* $(,)?) => {$(
        impl From<$params> for Link {
            fn from(p: $params) -> Link {
                Link::$variant(p)
            }
        }

        impl OnPage for $params {
            const PAGE: Page = Page::$variant;
        }
    )*};
}

link_from_params! {
    HerdParams => Herd,
    AmplifyParams => Amplify,
    LabParams => Lab,
    MatrixParams => LabMatrix,
    BuildParams => LabBuild,
}

/// The request the matrix page sends when it opens on the location hash
/// `hash` (`#/lab/matrix?server=fenced&lang=en`), read as the shell and the
/// page read it; `None` when `hash` is no matrix page. The lab engine's
/// worker answers it before the page's first render (`static/boot.js`
/// posts the route), and the page adopts that reply when its own request
/// is equal: one function for both, so they cannot differ.
pub fn matrix_want_for_route(hash: &str) -> Option<crate::lab::wire::Want> {
    let loc = Location::parse(hash);
    if loc.page != Page::LabMatrix {
        return None;
    }
    let (m, _) = crate::lab::MatrixParams::from_query(&split_shell_params(&loc).page_query);
    Some(crate::lab::jobs::matrix_table_job::matrix_want(&m))
}

/// The hash of `loc` with the shell's settings in place of any `lang` and
/// `embed` it carried.
pub fn with_shell(loc: &Location, shell: Shell) -> String {
    let mut loc = loc.clone();
    loc.query.remove("lang");
    loc.query.remove("embed");
    if shell.lang == Lang::En {
        loc.query.set("lang", Lang::En.code());
    }
    if shell.embed {
        loc.query.set("embed", "1");
    }
    loc.to_hash()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::{ClientStrategy, Preset, Scenario};

    const EMBED_EN: Shell = Shell {
        lang: Lang::En,
        embed: true,
    };

    fn links() -> Vec<Link> {
        vec![
            Link::Home,
            Link::Exercises(None),
            Link::Exercises(Some("three_layers".into())),
            Link::ExerciseSection("keys".into()),
            Link::lab_end(
                Scenario::CrashBetweenCommits,
                ClientStrategy::StableKey,
                Preset::Fenced,
                7,
            ),
            Link::LabMatrix(MatrixParams::default()),
            Link::LabBuild(BuildParams::default()),
            Link::amplify_view(AmplifyView::Load),
            Link::Herd(HerdParams::default()),
        ]
    }

    #[test]
    fn the_default_shell_adds_nothing() {
        for link in links() {
            assert_eq!(link.href_in(Shell::default()), link.href());
        }
    }

    #[test]
    fn an_embed_link_stays_an_embed_in_its_language() {
        for link in links() {
            let hash = link.href_in(EMBED_EN);
            let loc = Location::parse(&hash);
            let shell = split_shell_params(&loc);
            assert!(shell.embed, "{hash}");
            assert_eq!(shell.lang_from_url, Some(Lang::En), "{hash}");
            assert!(shell.notices.is_empty(), "{hash}");
            assert_eq!(shell.page_query, link.query(), "{hash}");
            assert_eq!(loc.page, link.page(), "{hash}");
        }
        assert_eq!(Link::Home.href_in(EMBED_EN), "#/?lang=en&embed=1");
        assert_eq!(
            Link::Exercises(None).href_in(Shell {
                lang: Lang::Zh,
                embed: true
            }),
            "#/exercises?embed=1"
        );
    }

    #[test]
    fn a_page_query_cannot_smuggle_in_shell_settings() {
        let loc = Location::parse("#/exercises?q=x&embed=1&lang=en");
        assert_eq!(with_shell(&loc, Shell::default()), "#/exercises?q=x");
        let lang_only = Shell {
            lang: Lang::En,
            embed: false,
        };
        assert_eq!(with_shell(&loc, lang_only), "#/exercises?q=x&lang=en");
    }
}
