//! Routes and state live in the URL hash (`#/herd?clients=50`), so the built
//! app works from any static host under any sub-path with no rewrite rules.
//! This module parses and builds such hashes; it is pure and natively tested.

pub use crate::kernel::params::Query;
use crate::kernel::params::{echo, Notice, NoticeKind};
use crate::kernel::text::Lang;

/// The app's pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Page {
    /// Landing page with the demos and the chapter's question.
    Home,
    /// `#/herd`: the thundering-herd simulator.
    Herd,
    /// `#/amplify`: retry amplification across layers.
    Amplify,
    /// `#/lab`: the idempotency lab, one run.
    Lab,
    /// `#/lab/matrix`: every scenario × client strategy for one server.
    LabMatrix,
    /// `#/lab/build`: the workbench, a design of mechanisms graded by a suite.
    LabBuild,
    /// `#/exercises`: graded self-check exercises.
    Exercises,
    /// `#/exercises/builder`: a course author's set builder («组一套题»).
    ExercisesBuilder,
    /// Anything else; the shell shows a notice and the home page.
    NotFound(String),
}

/// A family of pages: the views that ship in one wasm file of their own
/// (`src/bin/page_<id>.rs`), which the loader (`static/boot.js`, whose
/// table the tests hold equal to [`Page::family`]) fetches when one of its
/// routes is first opened. A view never pays for another family's code.
/// The lab's three views are three families: together they were one file
/// over the 300 KB a view may load, each alone is smaller (see README).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// The home page and every address that is no page.
    Home,
    Herd,
    Amplify,
    /// One run of the lab (`#/lab`).
    Lab,
    /// The lab's matrix (`#/lab/matrix`).
    LabMatrix,
    /// The lab's workbench (`#/lab/build`).
    LabBuild,
    Exercises,
    /// The set builder (`#/exercises/builder`): a course author's tool, so
    /// no student's exercises carry its code.
    ExercisesBuilder,
}

impl Family {
    pub const ALL: [Family; 8] = [
        Family::Home,
        Family::Herd,
        Family::Amplify,
        Family::Lab,
        Family::LabMatrix,
        Family::LabBuild,
        Family::Exercises,
        Family::ExercisesBuilder,
    ];

    /// The family's name in its files (`page-<id>.js`, `page-<id>_bg.wasm`)
    /// and in the loader's table.
    pub fn id(self) -> &'static str {
        match self {
            Family::Home => "home",
            Family::Herd => "herd",
            Family::Amplify => "amplify",
            Family::Lab => "lab",
            Family::LabMatrix => "lab-matrix",
            Family::LabBuild => "lab-build",
            Family::Exercises => "exercises",
            Family::ExercisesBuilder => "exercises-builder",
        }
    }
}

impl Page {
    /// Every page the app has, by its path.
    pub const ALL: [Page; 8] = [
        Page::Home,
        Page::Herd,
        Page::Amplify,
        Page::Lab,
        Page::LabMatrix,
        Page::LabBuild,
        Page::Exercises,
        Page::ExercisesBuilder,
    ];

    /// The family whose wasm draws the page.
    pub fn family(&self) -> Family {
        match self {
            Page::Home | Page::NotFound(_) => Family::Home,
            Page::Herd => Family::Herd,
            Page::Amplify => Family::Amplify,
            Page::Lab => Family::Lab,
            Page::LabMatrix => Family::LabMatrix,
            Page::LabBuild => Family::LabBuild,
            Page::Exercises => Family::Exercises,
            Page::ExercisesBuilder => Family::ExercisesBuilder,
        }
    }

    /// The hash path of the page, e.g. `/lab/matrix`.
    pub fn path(&self) -> &str {
        match self {
            Page::Home => "/",
            Page::Herd => "/herd",
            Page::Amplify => "/amplify",
            Page::Lab => "/lab",
            Page::LabMatrix => "/lab/matrix",
            Page::LabBuild => "/lab/build",
            Page::Exercises => "/exercises",
            Page::ExercisesBuilder => "/exercises/builder",
            Page::NotFound(p) => p,
        }
    }
}

/// A parsed location hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub page: Page,
    pub query: Query,
}

impl Location {
    /// A location with an empty query.
    pub fn new(page: Page) -> Self {
        Self {
            page,
            query: Query::new(),
        }
    }

    /// Parses `#/lab/matrix?server=fenced` (the leading `#` is optional).
    pub fn parse(hash: &str) -> Self {
        let h = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = match h.split_once('?') {
            Some((p, q)) => (p, q),
            None => (h, ""),
        };
        let trimmed = path.trim_matches('/');
        let page = Page::ALL
            .into_iter()
            .find(|p| p.path().trim_matches('/') == trimmed)
            .unwrap_or_else(|| Page::NotFound(format!("/{trimmed}")));
        Self {
            page,
            query: Query::parse(query),
        }
    }

    /// Builds the hash, e.g. `#/herd?clients=50`.
    pub fn to_hash(&self) -> String {
        let q = self.query.encode();
        if q.is_empty() {
            format!("#{}", self.page.path())
        } else {
            format!("#{}?{}", self.page.path(), q)
        }
    }
}

/// Shell-level settings split off the page's query.
pub struct ShellParams {
    pub lang_from_url: Option<Lang>,
    pub embed: bool,
    /// The query without `lang` and `embed`.
    pub page_query: Query,
    pub notices: Vec<Notice>,
}

/// Splits `lang` and `embed` off a location's query, with notices for
/// values that are not understood.
pub fn split_shell_params(loc: &Location) -> ShellParams {
    let mut notices = Vec::new();
    let mut page_query = loc.query.clone();
    let lang_from_url = loc.query.get("lang").and_then(|raw| {
        let l = Lang::from_code(raw);
        if l.is_none() {
            notices.push(Notice {
                kind: NoticeKind::Invalid,
                param: "lang".into(),
                given: echo(raw),
                range: "zh-CN, en".into(),
                used: "zh-CN".into(),
            });
        }
        l
    });
    let embed = match loc.query.get("embed") {
        None => false,
        Some("1") | Some("true") => true,
        Some("0") | Some("false") => false,
        Some(raw) => {
            notices.push(Notice {
                kind: NoticeKind::Invalid,
                param: "embed".into(),
                given: echo(raw),
                range: "0, 1".into(),
                used: "0".into(),
            });
            false
        }
    };
    page_query.remove("lang");
    page_query.remove("embed");
    ShellParams {
        lang_from_url,
        embed,
        page_query,
        notices,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_deep_link() {
        let l = Location::parse("#/herd?clients=50&strategies=full,exponential");
        assert_eq!(l.page, Page::Herd);
        assert_eq!(l.query.get("clients"), Some("50"));
        assert_eq!(l.query.get("strategies"), Some("full,exponential"));
    }

    #[test]
    fn parses_matrix_and_unknown() {
        assert_eq!(
            Location::parse("#/lab/matrix?server=fenced").page,
            Page::LabMatrix
        );
        assert_eq!(Location::parse("#/lab/build").page, Page::LabBuild);
        assert_eq!(
            Location::parse("#/exercises/builder").page,
            Page::ExercisesBuilder
        );
        assert_eq!(Location::parse("").page, Page::Home);
        assert_eq!(Location::parse("#/").page, Page::Home);
        assert_eq!(
            Location::parse("#/nope?x=1").page,
            Page::NotFound("/nope".into())
        );
    }

    #[test]
    fn round_trips() {
        let mut l = Location::new(Page::Lab);
        l.query.set("scenario", "response_lost");
        l.query.set("step", "end");
        l.query.set("note", "a b&c");
        let h = l.to_hash();
        assert_eq!(Location::parse(&h), l);
    }

    #[test]
    fn commas_stay_readable_and_round_trip() {
        let q = Query::new()
            .with("layers", "3,3")
            .with("note", "a,b&c=d%2C");
        assert_eq!(q.encode(), "layers=3,3&note=a,b%26c%3Dd%252C");
        assert_eq!(Query::parse(&q.encode()), q);
    }

    #[test]
    fn set_on_a_huge_repeated_key_is_linear() {
        let mut q = Query::parse(&"a=1&".repeat(200_000));
        q.set("a", "2");
        assert_eq!(q.encode(), "a=2");
    }

    #[test]
    fn set_replaces_duplicates_in_place() {
        let mut q = Query::parse("a=1&b=2&a=3");
        q.set("a", "9");
        assert_eq!(q.encode(), "a=9&b=2");
        q.remove("b");
        assert_eq!(q.encode(), "a=9");
    }
}
