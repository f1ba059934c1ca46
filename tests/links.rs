//! Every in-app link goes through `retry_lab::pages::links`: each one produced
//! (exercise demos, `#/amplify` presets and tabs, lab fix and matrix links,
//! nav links) parses back through the route and the page's own parser with
//! no notice and the same typed parameters, and holds only non-defaults.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::amplify::page_presets::Demo;
use retry_lab::amplify::{AmplifyParams, View as AmpView};
use retry_lab::exercises::{bank, Kind, Model};
use retry_lab::herd::HerdParams;
use retry_lab::i18n::Lang;
use retry_lab::kernel::page_params::PageParams;
use retry_lab::kernel::params::Notice;
use retry_lab::lab::{
    nearest_fix, BuildParams, ClientStrategy, Design, Harness, HarnessAxis, HarnessPreset,
    LabParams, MatrixBy, MatrixParams, Preset, Scenario,
};
use retry_lab::pages::links::{with_shell, Link, Shell};
use retry_lab::pages::route::{split_shell_params, Location, Page};
use retry_lab::shell::fields::OnPage;

/// Reads a hash the way the app does: route, shell split, page parser.
fn parse(hash: &str) -> (Link, Vec<Notice>) {
    let loc = Location::parse(hash);
    let shell = split_shell_params(&loc);
    let q = &shell.page_query;
    let mut notices = shell.notices;
    let link = match loc.page {
        Page::Home => Link::Home,
        Page::Herd => {
            let (p, n) = HerdParams::from_query(q);
            notices.extend(n);
            Link::Herd(p)
        }
        Page::Amplify => {
            let (p, n) = AmplifyParams::from_query(q);
            notices.extend(n);
            Link::Amplify(p)
        }
        Page::Lab => {
            let (p, n) = LabParams::from_query(q);
            notices.extend(n);
            Link::Lab(p)
        }
        Page::LabMatrix => {
            let (p, n) = MatrixParams::from_query(q);
            notices.extend(n);
            Link::LabMatrix(p)
        }
        Page::LabBuild => {
            let (p, n) = BuildParams::from_query(q);
            notices.extend(n);
            Link::LabBuild(p)
        }
        Page::Exercises => {
            let read = retry_lab::exercises::query::read_query(q, &bank());
            let n = retry_lab::shell::exercise_notices::worded(Lang::Zh, &read);
            let sel = read.selection;
            notices.extend(n);
            if !sel.set.is_empty() {
                let ids = sel.set.iter().map(|s| s.to_string()).collect();
                return (
                    Link::ExerciseSet {
                        ids,
                        origin: read.origin,
                    },
                    notices,
                );
            }
            match (sel.question, q.get("section")) {
                (Some(id), _) => Link::Exercises(Some(id)),
                (None, Some(_)) => Link::ExerciseSection(sel.section.id().to_string()),
                (None, None) => Link::Exercises(None),
            }
        }
        Page::ExercisesBuilder => Link::ExercisesBuilder,
        Page::NotFound(p) => panic!("{hash}: no page {p}"),
    };
    (link, notices)
}

/// The link parses back to itself, cleanly, and drops no pair it needs nor
/// keeps one it does not.
fn round_trip(what: &str, link: &Link) {
    let hash = link.href();
    let (back, notices) = parse(&hash);
    assert!(notices.is_empty(), "{what}: {hash} gives {notices:?}");
    assert_eq!(&back, link, "{what}: {hash}");
    let loc = link.location();
    for k in loc.query.keys() {
        let mut shorter = loc.clone();
        shorter.query.remove(k);
        let (p, notices) = parse(&shorter.to_hash());
        assert!(
            &p != link || !notices.is_empty(),
            "{what}: {hash} carries the default {k}"
        );
    }
    // The shell's settings ride along without changing the page.
    let en = link.href_in(Shell {
        lang: Lang::En,
        embed: true,
    });
    let loc = Location::parse(&en);
    let shell = split_shell_params(&loc);
    assert_eq!(shell.lang_from_url, Some(Lang::En), "{en}");
    assert!(shell.embed, "{en}");
    assert_eq!(parse(&en).0, *link, "{en}");
}

#[test]
fn every_exercise_link_parses_back_to_its_typed_params() {
    let mut n = 0;
    for q in bank() {
        if let Some(link) = &q.demo {
            round_trip(q.id, link);
            n += 1;
        }
        if let Kind::Predict { model, .. } = &q.kind {
            match model {
                Model::HerdFewestCalls(h) => {
                    round_trip(q.id, &h.link());
                    n += 1;
                }
                _ => {
                    for r in model.lab_runs() {
                        round_trip(q.id, &r.link());
                        n += 1;
                    }
                }
            }
        }
        round_trip(q.id, &Link::Exercises(Some(q.id.to_string())));
    }
    for s in retry_lab::exercises::sections::Section::ALL {
        round_trip(s.id(), &Link::ExerciseSection(s.id().to_string()));
    }
    let b = bank();
    let ids: Vec<String> = b.iter().rev().take(5).map(|q| q.id.to_string()).collect();
    for origin in [None, Some("https://course.example:8443".to_string())] {
        let set = Link::ExerciseSet {
            ids: ids.clone(),
            origin,
        };
        round_trip("a set", &set);
    }
    assert!(n >= 50, "only {n} demo links");
}

#[test]
fn every_amplify_preset_and_tab_parses_back() {
    for d in Demo::ALL {
        round_trip(d.id(), &Link::Amplify(d.params()));
    }
    for v in AmpView::ALL {
        let l = Link::amplify_view(v);
        round_trip(v.id(), &l);
        assert!(matches!(&l, Link::Amplify(p) if p.view == v));
    }
    assert_eq!(
        Link::Amplify(Demo::Layers243.params()).href(),
        "#/amplify?layers=3,3,3,3,3&p=1"
    );
    assert_eq!(
        Link::amplify_view(AmpView::Load).href(),
        "#/amplify?view=load"
    );
}

#[test]
fn every_fix_and_matrix_link_parses_back() {
    let mut fixes = 0;
    for sc in Scenario::ALL {
        for c in ClientStrategy::ALL {
            for s in Preset::ALL {
                round_trip("cell", &Link::lab_end(sc, c, s, 1));
                if let Some((fc, fs)) = nearest_fix(sc, c, s, 1) {
                    round_trip("fix", &Link::lab_end(sc, fc, fs, 1));
                    fixes += 1;
                }
            }
        }
    }
    assert!(fixes > 0);
    for design in Design::all_valid_walked() {
        for seed in [1, 7] {
            for by in [MatrixBy::Client, MatrixBy::Server] {
                let m = MatrixParams {
                    by,
                    design,
                    seed,
                    ..MatrixParams::default()
                };
                round_trip("matrix", &Link::LabMatrix(m));
            }
        }
        let run = LabParams {
            design,
            ..LabParams::default()
        };
        round_trip("to-run", &Link::Lab(run));
    }
    for c in ClientStrategy::ALL {
        let m = MatrixParams {
            by: MatrixBy::Server,
            harness: c.into(),
            ..MatrixParams::default()
        };
        round_trip("matrix by server", &Link::LabMatrix(m));
    }
    // Every harness preset and a custom harness, in both views and on
    // either axis.
    let custom = Harness::parse("chapter,sdk,deadline_none").0;
    let harnesses = HarnessPreset::ALL.map(Harness::from);
    for harness in harnesses.into_iter().chain([custom]) {
        for (by, axis) in [
            (MatrixBy::Server, HarnessAxis::Six),
            (MatrixBy::Client, HarnessAxis::Six),
            (MatrixBy::Client, HarnessAxis::All),
        ] {
            let m = MatrixParams {
                by,
                harness,
                axis,
                ..MatrixParams::default()
            };
            let shown = m.to_query().get("harness").is_some();
            if by == MatrixBy::Client && !shown {
                continue; // a column of the axis: the view is the axis's
            }
            round_trip("matrix harness", &Link::LabMatrix(m));
        }
        let run = Link::lab_end(Scenario::RetryAfter503, harness, Preset::Fenced, 1);
        round_trip("harness run", &run);
    }
    assert_eq!(
        Link::lab_end(Scenario::None, ClientStrategy::NewKey, Preset::Atomic, 3).href(),
        "#/lab?scenario=none&harness=new_key&server=atomic&seed=3&step=end"
    );
    // A design that is no preset is written by its mechanisms, in canonical order.
    let custom = Design::parse("lease,store_errors,claim,digest").0;
    assert_eq!(
        Link::lab_end(Scenario::LeaseOverlap, ClientStrategy::StableKey, custom, 1).href(),
        "#/lab?scenario=lease_overlap&harness=stable_key&server=leased_unguarded&step=end"
    );
    let custom = Design::parse("lease,claim").0;
    assert_eq!(
        Link::lab_end(Scenario::LeaseOverlap, ClientStrategy::StableKey, custom, 1).href(),
        "#/lab?scenario=lease_overlap&harness=stable_key&design=claim,lease&step=end"
    );
}

#[test]
fn every_page_start_is_its_bare_path() {
    for page in Page::ALL {
        let l = Link::start_of(&page);
        round_trip(page.path(), &l);
        assert_eq!(l.href(), format!("#{}", page.path()));
    }
    assert_eq!(Link::start_of(&Page::NotFound("/x".into())), Link::Home);
}

#[test]
fn the_shell_is_written_in_one_place() {
    let loc = Location::parse("#/herd?lang=zh&clients=50&embed=0&embed=1&lang=en");
    let zh = with_shell(&loc, Shell::default());
    assert_eq!(zh, "#/herd?clients=50");
    let en = with_shell(
        &loc,
        Shell {
            lang: Lang::En,
            embed: true,
        },
    );
    assert_eq!(en, "#/herd?clients=50&lang=en&embed=1");
}

#[path = "common/fuzz.rs"]
mod fuzz;

use proptest::prelude::*;

/// A query for page `P`: pairs of its known keys (and strangers) with
/// hostile values, or numbers drawn inside the page's own limits, so that
/// the states reached are the page's ordinary ones as well as its clamped
/// ones.
fn state_query<P: PageParams>() -> BoxedStrategy<String> {
    let numbers: Vec<BoxedStrategy<String>> = P::limits()
        .into_iter()
        .map(|l| {
            let whole = l.min.fract() == 0.0 && l.max.fract() == 0.0 && l.default.fract() == 0.0;
            (0.0..=1.0f64)
                .prop_map(move |u| {
                    let v = l.min + (l.max - l.min) * u;
                    let v = if whole { v.round() } else { v };
                    format!("{}={}", l.name, retry_lab::kernel::params::url_num(v))
                })
                .boxed()
        })
        .collect();
    let in_range = proptest::collection::vec(proptest::strategy::Union::new(numbers), 0..6)
        .prop_map(|pairs| pairs.join("&"));
    (fuzz::query_strategy(P::KNOWN), in_range, any::<bool>())
        .prop_map(|(hostile, numbers, both)| match both {
            true => format!("{numbers}&{hostile}"),
            false => numbers,
        })
        .boxed()
}

/// The state a query leaves page `P` in, written as the address bar writes
/// it (its [`Link`], with and without the shell's settings), opens exactly
/// that state again with no notice, and is the same string as a link to it.
fn reopens<P>(raw: &str) -> Result<(), TestCaseError>
where
    P: OnPage + Into<Link>,
{
    let (state, _) = P::from_query(&retry_lab::pages::route::Query::parse(raw));
    let link: Link = state.clone().into();
    let address_bar = Location {
        page: P::PAGE,
        query: state.minimal_query(),
    }
    .to_hash();
    prop_assert_eq!(&address_bar, &link.href());
    let (back, notices) = parse(&address_bar);
    prop_assert!(
        notices.is_empty(),
        "{} → {}: {:?}",
        raw,
        address_bar,
        notices
    );
    let back_state = reread::<P>(&back).map_err(TestCaseError::fail)?;
    // `#/amplify` writes only the current view's settings, so what must
    // match is what the page writes; every other page matches field for field.
    prop_assert_eq!(back_state.to_query(), state.to_query(), "{}", address_bar);
    if P::PAGE != Page::Amplify {
        prop_assert_eq!(back, link, "{}", address_bar);
    }
    Ok(())
}

/// A link's state read back by page `P`.
fn reread<P: OnPage>(link: &Link) -> Result<P, String> {
    let loc = link.location();
    (loc.page == P::PAGE)
        .then(|| P::from_query(&loc.query).0)
        .ok_or(link.href())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Any state a page reaches has a link that opens exactly that state,
    /// and the address bar shows that link.
    #[test]
    fn herd_states_reopen(raw in state_query::<HerdParams>()) {
        reopens::<HerdParams>(&raw)?;
    }

    #[test]
    fn amplify_states_reopen(raw in state_query::<AmplifyParams>()) {
        reopens::<AmplifyParams>(&raw)?;
    }

    #[test]
    fn lab_states_reopen(raw in state_query::<LabParams>()) {
        reopens::<LabParams>(&raw)?;
    }

    #[test]
    fn matrix_states_reopen(raw in state_query::<MatrixParams>()) {
        reopens::<MatrixParams>(&raw)?;
    }

    #[test]
    fn workbench_states_reopen(raw in state_query::<BuildParams>()) {
        reopens::<BuildParams>(&raw)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A counterexample's link: any drawn schedule, at any step, opens the
    /// same schedule with no notice.
    #[test]
    fn a_schedule_link_reopens_its_schedule(seed in any::<u64>(), step in 0usize..40) {
        use rand::SeedableRng;
        let s = retry_lab::lab::grading::hunt::generate(
            &mut rand_pcg::Pcg64::seed_from_u64(seed),
            retry_lab::lab::grading::hunt::KindSet::all(),
        );
        let link = Link::lab_schedule(
            &s,
            ClientStrategy::StableKey,
            Preset::Atomic.design(),
            7,
            retry_lab::lab::StepParam::Raw(step.to_string()),
        );
        round_trip("schedule", &link);
        let Link::Lab(p) = &link else { unreachable!() };
        let got = p.fault_schedule();
        for n in 0..s.attempts.len() + 1 {
            prop_assert_eq!(got.attempt(n), s.attempt(n));
        }
    }
}

#[test]
fn a_bad_schedule_gets_a_notice_and_the_scenario_runs() {
    for bad in ["2.a", "1.a.zz", "1.pl", "1.a.s9999999"] {
        let (p, notices) =
            LabParams::from_query(&retry_lab::pages::route::Query::new().with("schedule", bad));
        assert_eq!(p.schedule, None, "{bad}");
        assert_eq!(notices.len(), 1, "{bad}");
        assert_eq!(notices[0].param, "schedule");
        assert_eq!(p.fault_schedule(), p.scenario.schedule());
    }
}

#[test]
fn workbench_links_carry_their_design_and_a_failing_row_opens_where_it_broke() {
    let build = |q: &str| {
        Link::LabBuild(BuildParams::from_query(&retry_lab::pages::route::Query::parse(q)).0)
    };
    assert_eq!(Link::LabBuild(BuildParams::default()).href(), "#/lab/build");
    let atomic = build("design=digest,store_errors,claim&client=business_key");
    round_trip("workbench preset", &atomic);
    // The old `client=` is read as the harness; the app writes `harness=`.
    assert_eq!(
        atomic.href(),
        "#/lab/build?preset=atomic&harness=business_key"
    );
    let custom = build("design=lease,claim&suite=lease_overlap,lease_expired");
    round_trip("workbench design", &custom);
    assert_eq!(
        custom.href(),
        "#/lab/build?design=claim,lease&suite=lease_expired,lease_overlap"
    );
    let design = Design::parse("claim,lease").0;
    let at = Link::lab_step(
        Scenario::LeaseOverlap,
        ClientStrategy::StableKey,
        design,
        1,
        9,
    );
    round_trip("break step", &at);
    assert_eq!(
        at.href(),
        "#/lab?scenario=lease_overlap&harness=stable_key&design=claim,lease&step=9"
    );
}

/// Links written before the harness was a design say `client=<id>`: each
/// opens the same run as the `harness=` link the app writes now, without a
/// notice (the README's examples among them).
#[test]
fn an_old_client_link_opens_the_same_page() {
    let old_and_new = [
        (
            "#/lab?scenario=response_lost&client=stable_key&server=fenced&seed=1&step=4",
            "#/lab?harness=stable_key&server=fenced&step=4",
        ),
        (
            "#/lab?scenario=lease_overlap&client=stable_key&design=claim,digest,store_errors,lease",
            "#/lab?scenario=lease_overlap&harness=stable_key&server=leased_unguarded",
        ),
        (
            "#/lab/matrix?by=server&client=careful",
            "#/lab/matrix?by=server&harness=careful",
        ),
        (
            "#/lab/matrix?by=server&client=stable_key&design=claim,lease",
            "#/lab/matrix?by=server&design=claim,lease",
        ),
        (
            "#/lab?client=careful&step=end",
            "#/lab?harness=careful&step=end",
        ),
    ];
    for (old, new) in old_and_new {
        let (link, notices) = parse(old);
        assert!(notices.is_empty(), "{old}: {notices:?}");
        assert_eq!(link, parse(new).0, "{old}");
        assert_eq!(link.href(), new, "{old}");
    }
    for c in ClientStrategy::ALL {
        let old = parse(&format!("#/lab?client={}", c.id())).0;
        assert_eq!(
            old,
            Link::lab_start(Scenario::ResponseLost, c, Design::NONE, 1)
        );
    }
}

/// `harness=` takes a preset or a spec; what it cannot use becomes a
/// notice naming the harness used, and `harness=` wins over a `client=`.
#[test]
fn a_harness_spec_is_read_with_bounded_notices() {
    let (link, notices) = parse("#/lab?harness=stable_key,sdk,budget_8");
    assert!(notices.is_empty(), "{notices:?}");
    let Link::Lab(p) = &link else {
        panic!("{link:?}")
    };
    assert!(p.harness.sdk && p.harness.budget == Some(8));
    assert_eq!(link.href(), "#/lab?harness=stable_key,sdk,budget_8");
    // «Within the deadline» needs a deadline: dropped, with a notice.
    let (_, notices) = parse("#/lab?harness=stable_key,deadline_none");
    let n = &notices[0];
    assert_eq!(
        (n.given.as_str(), n.range.as_str()),
        ("ra_fail_fast", "deadline_<ms>")
    );
    let (link, notices) = parse("#/lab?harness=chapter,warp,attempts_99");
    assert_eq!(link, parse("#/lab?harness=chapter").0);
    let got: Vec<_> = notices
        .iter()
        .map(|n| (n.param.as_str(), n.given.as_str()))
        .collect();
    assert_eq!(got, [("harness", "warp"), ("harness", "attempts_99")]);
    assert!(notices.iter().all(|n| n.used == "chapter"), "{notices:?}");
    let (link, notices) = parse("#/lab?client=careful&harness=chapter");
    assert_eq!(link, parse("#/lab?harness=chapter").0);
    assert_eq!(notices.len(), 1);
    assert_eq!(
        (notices[0].param.as_str(), notices[0].used.as_str()),
        ("client", "chapter")
    );
    let (link, notices) = parse("#/lab?client=chapter");
    assert_eq!(link, Link::Lab(LabParams::default()));
    assert_eq!(notices.len(), 1, "client= names only the six old clients");
    let long = format!("#/lab?harness=chapter,{}", "x".repeat(500));
    let (_, notices) = parse(&long);
    assert!(notices[0].given.chars().count() <= 61, "{notices:?}");
}
