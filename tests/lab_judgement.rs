//! The lab's judgement of every run: the «试试修好的版本» advice never
//! suggests a design that breaks one of the chapter's rules and always ends
//! well; a changed body answered with the old body's response is a fault of
//! its own; and the words a run ends with (verdict line, model view, tool
//! result) agree with what the model was told. Every valid design of the
//! closed mechanism set, not only the presets: scripts/test.sh runs this
//! file in release (tier 1b) over all of them; a debug `cargo test` judges
//! the presets and every seventh design, so it stays quick.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashMap;

use retry_lab::i18n::{render, t, Lang};
use retry_lab::lab::grading::explain;
use retry_lab::lab::grading::explain::is_good;
use retry_lab::lab::grading::rules::{design_breaks, Rule};
use retry_lab::lab::view::words::{model_view, tool_text, verdict_line};
use retry_lab::lab::*;

const SEEDS: [u64; 4] = [1, 2, 3, 42];

type Combo = (Scenario, ClientStrategy, Design, u64);

/// The designs judged: every valid one in an optimised build; in a debug
/// build the presets and every seventh of the others (a fixed sample, so a
/// failure reproduces). There are hundreds of designs, and every check
/// below runs each of them on every scenario and client.
fn designs() -> Vec<Design> {
    let all = Design::all_valid_walked();
    if !cfg!(debug_assertions) {
        return all;
    }
    all.into_iter()
        .enumerate()
        .filter(|(i, d)| d.preset().is_some() || i % 7 == 0)
        .map(|(_, d)| d)
        .collect()
}

/// Every lab run's cell (every valid design), computed once.
fn every_cell() -> &'static HashMap<Combo, Cell> {
    static CELLS: std::sync::OnceLock<HashMap<Combo, Cell>> = std::sync::OnceLock::new();
    CELLS.get_or_init(|| {
        let mut out = HashMap::new();
        let designs = designs();
        for seed in SEEDS {
            for sc in Scenario::ALL {
                for c in ClientStrategy::ALL {
                    for &d in &designs {
                        out.insert((sc, c, d, seed), cell(sc, c, d, seed));
                    }
                }
            }
        }
        out
    })
}

fn fix_of(
    sc: Scenario,
    c: ClientStrategy,
    d: Design,
    seed: u64,
) -> Option<(ClientStrategy, Preset)> {
    let cells = every_cell();
    nearest_fix_among(c, d, |c2, d2| cells[&(sc, c2, d2, seed)])
}

#[test]
fn no_fix_breaks_a_rule_of_the_chapter_and_every_fix_ends_well() {
    let cells = every_cell();
    let mut fixes = 0;
    for (&(sc, c, s, seed), here) in cells {
        let Some((fc, fs)) = fix_of(sc, c, s, seed) else {
            // No advice only when this run already ends well without luck,
            // or when no rule-abiding combination (of a preset) does.
            if !is_good(*here) || here.lucky {
                for c2 in ClientStrategy::ALL {
                    for s2 in Preset::ALL {
                        let other = cells[&(sc, c2, s2.design(), seed)];
                        let clean = design_breaks(c2, s2).is_empty();
                        assert!(
                            !(clean && is_good(other) && !other.lucky),
                            "{sc:?} {c:?} {s:?} {seed}: no advice, but {c2:?} + {s2:?} fixes it"
                        );
                    }
                }
            }
            continue;
        };
        fixes += 1;
        let rules = design_breaks(fc, fs);
        assert!(
            rules.is_empty(),
            "{sc:?} {c:?} {s:?} {seed}: suggests {fc:?} + {fs:?}, which breaks {rules:?}"
        );
        assert_ne!(fs, Preset::LeasedUnguarded);
        let fixed = cells[&(sc, fc, fs.design(), seed)];
        assert!(
            is_good(fixed) && !fixed.lucky,
            "{sc:?} {c:?} {s:?} {seed}: suggests {fc:?} + {fs:?}, which ends {:?}",
            fixed.ending()
        );
        assert!(!fixed.changed_body, "{sc:?} {c:?} {s:?} {seed}");
    }
    assert!(fixes > 100, "only {fixes} runs got advice");
}

#[test]
fn the_table_lookup_is_the_engines_advice() {
    // The advice the engine sends with a run is the one checked above.
    let designs = designs();
    for sc in [
        Scenario::BodyMismatch,
        Scenario::ResponseLost,
        Scenario::LeaseOverlap,
    ] {
        for c in ClientStrategy::ALL {
            for &s in &designs {
                assert_eq!(
                    nearest_fix(sc, c, s, 1),
                    fix_of(sc, c, s, 1),
                    "{sc:?} {c:?} {s:?}"
                );
            }
        }
    }
}

#[test]
fn the_issues_two_runs_get_advice_that_follows_the_chapter() {
    // #/lab?scenario=body_mismatch&client=stable_key&server=atomic&step=end
    // was sent to key_split, which replays the old body's 201.
    let fix = nearest_fix(
        Scenario::BodyMismatch,
        ClientStrategy::StableKey,
        Preset::Atomic,
        SEED_BOUND.default as u64,
    );
    assert!(
        fix.is_none_or(|(c, s)| design_breaks(c, s).is_empty()),
        "{fix:?}"
    );
    // #/lab?scenario=response_lost&client=careful&server=naive&step=end
    // was sent to stable_key + key_split.
    let fix = nearest_fix(
        Scenario::ResponseLost,
        ClientStrategy::Careful,
        Preset::Naive,
        SEED_BOUND.default as u64,
    );
    // The careful client's one report, told «unknown», now passes (one
    // report where one was possible, and the truth): no advice at all; any
    // advice would follow the chapter.
    if let Some((c, s)) = fix {
        assert!(design_breaks(c, s).is_empty(), "{c:?} {s:?}");
        assert_ne!(s, Preset::KeySplit);
    }
}

#[test]
fn a_changed_body_answered_with_the_old_response_is_its_own_fault() {
    let here = cell(
        Scenario::BodyMismatch,
        ClientStrategy::StableKey,
        Preset::KeySplit,
        1,
    );
    assert_eq!((here.reports, here.tool), (1, ToolOutcome::Created));
    assert!(here.changed_body);
    assert_eq!(here.ending(), Ending::ChangedBody);
    assert!(
        !is_good(here),
        "key_split is not rewarded for replaying a changed body"
    );
    let r = run(
        Scenario::BodyMismatch,
        ClientStrategy::StableKey,
        Preset::KeySplit,
        1,
    );
    assert_eq!(
        r.changed_body_replays(),
        vec![1],
        "the retry (request #2) got the old 201"
    );
    assert_eq!(
        explain::cause(Scenario::BodyMismatch, &r),
        explain::Cause::ReplayedOldResponse
    );
    // atomic answers 422, as the chapter asks: not this fault.
    let atomic = cell(
        Scenario::BodyMismatch,
        ClientStrategy::StableKey,
        Preset::Atomic,
        1,
    );
    assert!(!atomic.changed_body);
    assert_eq!(atomic.ending(), Ending::OneUnknown);
    // Only a design that keeps keys but never compares bodies does it,
    // when a retry changed its body under a key it had already recorded; or
    // a lease without a fence, when a stale handler's write-back lands on a
    // released key's new claim made by a changed body (`lease_reclaimed`).
    for (&(sc, c, s, seed), x) in every_cell() {
        if x.changed_body {
            let no_digest = !s.has(Mechanism::Digest);
            let unfenced = s.has(Mechanism::Lease) && !s.has(Mechanism::Fence);
            assert!(
                s.keyed() && (no_digest || unfenced),
                "{sc:?} {c:?} {s:?} {seed}"
            );
            let rule = match no_digest {
                true => Rule::ReplayChangedBody,
                false => Rule::LeaseWithoutFence,
            };
            assert!(design_breaks(c, s).contains(&rule));
        }
    }
}

#[test]
fn every_ending_a_run_reaches_is_in_the_legend_and_no_model_is_misinformed() {
    let mut seen = std::collections::HashSet::new();
    for (combo, x) in every_cell() {
        assert_ne!(x.ending(), Ending::Misinformed, "{combo:?}");
        seen.insert(x.ending());
    }
    for e in &seen {
        assert!(Ending::LEGEND.contains(e), "{e:?}");
    }
    assert_eq!(
        seen.len(),
        Ending::LEGEND.len(),
        "the legend explains an ending no run reaches"
    );
}

/// What a text claims the model knows: (unknown, not created, created).
fn claims(l: Lang, text: &str) -> (bool, bool, bool) {
    match l {
        Lang::Zh => (
            text.contains("结果未知"),
            text.contains("没有创建")
                || text.contains("没有执行")
                || text.contains("没有报告被创建"),
            text.contains("已创建") || text.contains("已提交") || text.contains("已经存在"),
        ),
        Lang::En => {
            let lower = text.to_lowercase();
            (
                lower.contains("outcome unknown") || lower.contains("outcome is unknown"),
                lower.contains("nothing was created")
                    || lower.contains("not created")
                    || lower.contains("did nothing"),
                lower.contains("knows it was created")
                    || lower.contains("knows: created")
                    || lower.contains("submitted: report")
                    || lower.contains("report #"),
            )
        }
    }
}

/// «需要人工核对» and «没有权限» leave the model not knowing the outcome: the
/// ending words them with «结果未知».
fn agrees(tool: ToolOutcome, (unknown, not_created, created): (bool, bool, bool)) -> bool {
    use ToolOutcome as T;
    (!unknown || matches!(tool, T::Unknown | T::HumanReview | T::Denied))
        && (!not_created || matches!(tool, T::NotCreated | T::Rejected))
        && (!created || tool == T::Created)
}

#[test]
fn every_runs_words_agree_with_what_the_model_was_told() {
    for (&(sc, c, s, seed), x) in every_cell() {
        for l in [Lang::Zh, Lang::En] {
            let verdict = render(l, &verdict_line(*x));
            let view = render(l, &model_view(x.tool));
            for text in [&verdict, &view] {
                assert!(
                    agrees(x.tool, claims(l, text)),
                    "{sc:?} {c:?} {s:?} {seed} {l:?}: «{text}» but the model was told {:?}",
                    x.tool
                );
            }
            // An ending that speaks of what the model knows says it (a
            // leak and a cross-tenant refusal speak of the other tenant;
            // nothing filed, the notifications and a rule broken in the run
            // speak of what went wrong besides).
            let speaks = !matches!(
                x.ending(),
                Ending::Duplicate
                    | Ending::ChangedBody
                    | Ending::Leak
                    | Ending::TenantRefused
                    | Ending::NothingFiled
                    | Ending::Notification
                    | Ending::RuleBroken
            );
            let (u, n, k) = claims(l, &verdict);
            assert!(
                !speaks || u || n || k,
                "{l:?}: «{verdict}» says nothing of the model"
            );
            // The verdict is the legend's words for the same ending.
            assert!(verdict.ends_with(&t(l, &format!("lab.ending.{}", x.ending().id()))));
        }
    }
}

#[test]
fn every_tool_result_text_agrees_with_its_outcome_and_a_quota_says_retrying_wont_help() {
    let designs = designs();
    for seed in [1, 2] {
        for sc in Scenario::ALL {
            for c in ClientStrategy::ALL {
                for &s in &designs {
                    let r = run_fast(&sc.schedule(), c, s, seed);
                    let Some(result) = r.tool_result() else {
                        continue;
                    };
                    for l in [Lang::Zh, Lang::En] {
                        let text = render(l, &tool_text(&r, result, r.final_request()));
                        assert!(
                            agrees(result.outcome(), claims(l, &text)),
                            "{sc:?} {c:?} {s:?} {seed} {l:?}: «{text}» for {result:?}"
                        );
                        if sc == Scenario::Quota429 {
                            assert!(
                                !text.contains("稍后再试") && !text.contains("try again later"),
                                "{text}"
                            );
                            assert!(
                                text.contains("额度重置之前")
                                    || text.contains("until the quota resets"),
                                "{text}"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn every_designs_cause_agrees_with_its_ending_and_has_its_sentence() {
    use explain::Cause;
    let mut seen = Vec::new();
    for d in designs() {
        for sc in Scenario::ALL {
            for c in ClientStrategy::ALL {
                let r = run_fast(&sc.schedule(), c, d, 1);
                let why = explain::cause(sc, &r);
                let e = r.ending();
                let at = format!("{sc:?} {c:?} {}", d.label());
                // The two faults of a changed body never mix: the old
                // response replayed (no digest) or a 422 (a digest).
                assert_eq!(
                    why == Cause::ReplayedOldResponse,
                    e == Ending::ChangedBody,
                    "{at}"
                );
                if why == Cause::ChangedBody {
                    assert!(d.has(Mechanism::Digest), "{at}");
                }
                // A stale write-back is a duplicate a lease without a
                // write-back condition let through.
                if why == Cause::StaleWriteBack {
                    assert_eq!(e, Ending::Duplicate, "{at}");
                    assert!(d.has(Mechanism::Lease) && !d.has(Mechanism::Guard), "{at}");
                }
                assert_eq!(why == Cause::Good, e.is_good(), "{at}");
                assert!(retry_lab::i18n::has(&why.key()), "{at}: {}", why.key());
                seen.push(why);
            }
        }
    }
    // (A 422 that leaves the outcome unknown, `Cause::ChangedBody`, is an
    // honest ending where the first attempt filed the report: it passes.)
    for must in [
        Cause::ReplayedOldResponse,
        Cause::StaleWriteBack,
        Cause::GaveUp,
        Cause::StuckClaim,
        Cause::Notification,
        Cause::TlsRetried,
        Cause::RerunFailure,
    ] {
        assert!(seen.contains(&must), "{must:?} never reached");
    }
}

/// Every reader of «did this run go well» agrees with the run's one
/// judgement: the verdict's ending, the matrix cell (its pass and its
/// rule-break mark), the end sentence's cause, the workbench's row and
/// break step, a one-row challenge, and the hunt's property. Every valid
/// design in the release tier (scripts/test.sh), the fixed sample in debug.
#[test]
fn every_reader_agrees_with_the_judgement() {
    use retry_lab::exercises::build::Challenge;
    use retry_lab::lab::grading::hunt::{HuntJob, HuntSpec, KindSet};
    use retry_lab::lab::grading::judgement::judge;
    use retry_lab::lab::grading::suite::{break_index, grade};
    static SCENARIOS: [Scenario; Scenario::ALL.len()] = Scenario::ALL;
    // In debug, a third of the sample (presets kept): each run is read by
    // every judge here, several times over.
    let sample = designs()
        .into_iter()
        .enumerate()
        .filter(|(i, d)| !cfg!(debug_assertions) || d.preset().is_some() || i % 3 == 0)
        .map(|(_, d)| d);
    for d in sample {
        for sc in &SCENARIOS {
            let sc = *sc;
            let suite = std::slice::from_ref(SCENARIOS.iter().find(|s| **s == sc).unwrap());
            for c in ClientStrategy::ALL {
                for seed in 1..=3 {
                    let r = run_fast(&sc.schedule(), c, d, seed);
                    let j = judge(&r);
                    let pass = j.passes();
                    let at = format!("{sc:?} {c:?} {} {seed}", d.label());
                    assert_eq!(r.ending().is_good(), pass, "{at}: ending");
                    assert_eq!(j.ending.is_good(), pass, "{at}");
                    let x = r.cell();
                    assert_eq!((x.pass, is_good(x)), (pass, pass), "{at}: cell");
                    assert_eq!(x.ending(), j.ending, "{at}");
                    let marked = x.classes().contains("rule-broken");
                    assert_eq!(marked, j.breaks_rule(), "{at}: mark");
                    let why = explain::cause(sc, &r);
                    assert_eq!(why == explain::Cause::Good, pass, "{at}: cause");
                    let row = grade(sc, &r);
                    assert_eq!(row.pass, pass, "{at}: row");
                    assert_eq!(row.ending, j.ending, "{at}");
                    assert_eq!(row.break_step.is_some(), !pass, "{at}: break");
                    assert_eq!(break_index(&r).is_some(), !pass, "{at}");
                    let one = Challenge {
                        client: c,
                        suite,
                        max: None,
                        requires: Design::NONE,
                        seed,
                    };
                    let v = one.verdict(d, &[row]).unwrap();
                    let abiding = design_breaks(c, d).is_empty();
                    assert_eq!(v.passes(), pass && abiding, "{at}: challenge");
                    let spec = HuntSpec {
                        design: d,
                        client: c,
                        seed,
                        budget: 1,
                        kinds: KindSet::all(),
                    };
                    let hunted = HuntJob::classes(&spec, &sc.schedule());
                    assert_eq!(hunted.is_empty(), pass, "{at}: hunt");
                }
            }
        }
    }
}

/// The must-hold of the grade: on the most complete design (003's
/// `reconciled`), the keyless `careful` client does not outscore
/// `stable_key` or `business_key` (the judgement asks for exactly one
/// report where one is possible, so giving up no longer pays).
#[test]
fn on_the_most_complete_design_giving_up_does_not_outscore_a_key() {
    use retry_lab::lab::grading::suite::{score, suite};
    let d = Preset::Reconciled.design();
    let pass = |c| score(&suite(d, c, 1, &Scenario::ALL)).pass;
    let careful = pass(ClientStrategy::Careful);
    assert!(careful <= pass(ClientStrategy::StableKey), "{careful}");
    assert!(careful <= pass(ClientStrategy::BusinessKey), "{careful}");
}

/// Each rule the lab names has its passage in the translation table (the
/// table is above the lab, so the check is here).
#[test]
fn every_rule_has_its_passage() {
    for r in Rule::ALL {
        assert!(retry_lab::i18n::has(&r.key()), "{}", r.key());
    }
}
