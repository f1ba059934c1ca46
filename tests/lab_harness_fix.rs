//! The workbench's fix may be on the harness's side: where no server
//! mechanism makes a failing row pass, one flipped token of the harness
//! may. The server's own fixes keep their place.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::lab::grading::fix_groups::{group_fixes, FixGroup};
use retry_lab::lab::grading::harness_fix::{harness_fix, workbench_fix};
use retry_lab::lab::grading::rules::design_breaks;
use retry_lab::lab::grading::suite::*;
use retry_lab::lab::harness::{Class, Harness, HarnessPreset, KeyChoice};
use retry_lab::lab::*;

fn rows(d: Design, h: Harness) -> Vec<SuiteRow> {
    suite(d, h, 1, &Scenario::ALL)
}

fn row(d: Design, h: Harness, sc: Scenario) -> SuiteRow {
    suite(d, h, 1, &[sc])[0]
}

#[test]
fn a_retried_certificate_error_is_fixed_by_not_retrying_tls_not_by_a_server_mechanism() {
    let naive = HarnessPreset::Naive.harness();
    for d in [Design::NONE, Preset::Fenced.design()] {
        let now = rows(d, naive);
        assert!(!row(d, naive, Scenario::TlsError).pass, "{d:?}");
        let server = smallest_fix(d, naive, 1, Scenario::TlsError, &now);
        assert!(
            matches!(server, Some(Fix::NoServerFix { .. })),
            "{server:?}"
        );
        let Some(Fix::Harness { flip, breaks }) =
            workbench_fix(d, naive, 1, Scenario::TlsError, &now)
        else {
            panic!("{d:?}: a harness flip");
        };
        assert_eq!(flip.token, "noretry_tls");
        assert!(!flip.harness.retries(Class::Tls));
        assert_eq!(flip.harness.to_ids(), "naive,noretry_tls");
        assert!(breaks.is_empty(), "{breaks:?}");
        assert!(row(d, flip.harness, Scenario::TlsError).pass);
        // It breaks no rule the harness did not break already.
        let before = design_breaks(naive, d);
        assert!(design_breaks(flip.harness, d)
            .iter()
            .all(|r| before.contains(r)));
    }
}

#[test]
fn a_model_recall_under_a_tool_use_key_is_fixed_by_a_business_key() {
    let fenced = Preset::Fenced.design();
    let stable = HarnessPreset::StableKey.harness();
    let now = rows(fenced, stable);
    let fix = harness_fix(fenced, stable, 1, Scenario::ModelRetry, &now);
    let (flip, breaks) = fix.expect("a flip fixes it");
    assert_eq!(flip.token, "key_business");
    assert_eq!(flip.harness.key, KeyChoice::Business);
    assert_eq!(flip.harness, HarnessPreset::BusinessKey.harness());
    assert!(breaks.is_empty(), "{breaks:?}");
    // A new key per attempt also changes the key, but breaks a rule: never proposed.
    assert_ne!(flip.token, "key_per_attempt");
}

#[test]
fn a_row_a_server_change_fixes_keeps_its_server_fix_and_groups_say_each_fix_once() {
    let stable = HarnessPreset::StableKey.harness();
    let now = rows(Design::NONE, stable);
    let fixes: Vec<(Scenario, Fix)> = [
        Scenario::ResponseLost,
        Scenario::ModelRetry,
        Scenario::TlsError,
    ]
    .into_iter()
    .filter_map(|sc| Some((sc, workbench_fix(Design::NONE, stable, 1, sc, &now)?)))
    .collect();
    assert_eq!(fixes.len(), 3, "all three fail on the naive server");
    assert_eq!(
        fixes[0].1,
        smallest_fix(Design::NONE, stable, 1, Scenario::ResponseLost, &now).unwrap()
    );
    assert!(matches!(fixes[0].1, Fix::Change { .. }));
    let tokens: Vec<String> = fixes[1..]
        .iter()
        .map(|(_, f)| match f {
            Fix::Harness { flip, .. } => flip.token.clone(),
            other => panic!("{other:?}"),
        })
        .collect();
    // The naive server ignores keys, so a business key cannot tie the
    // model's re-call to the first call; querying by the business identity
    // before any resend can (it finds the report).
    assert_eq!(tokens, ["unknown_query", "noretry_tls"]);
    let groups = group_fixes(&fixes);
    let kinds: Vec<(&str, Vec<Scenario>)> = groups
        .iter()
        .map(|g| match g {
            FixGroup::Change { .. } => ("change", g.rows()),
            FixGroup::Harness { .. } => ("harness", g.rows()),
            FixGroup::NoServerFix { .. } => ("none", g.rows()),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("change", vec![Scenario::ResponseLost]),
            ("harness", vec![Scenario::ModelRetry]),
            ("harness", vec![Scenario::TlsError]),
        ]
    );
}

#[test]
fn a_flip_only_moves_toward_the_chapters_harness_and_rows_no_one_fixes_keep_their_reason() {
    // On `fenced`, letting the SDK retry too makes the rewritten title's
    // schedule pass and not retrying read timeouts the pruned key's; neither
    // is the chapter's advice, so both rows keep why no server change helps.
    let fenced = Preset::Fenced.design();
    let stable = HarnessPreset::StableKey.harness();
    let now = rows(fenced, stable);
    for (sc, why) in [
        (Scenario::TitleRewrite, Unfixable::TitleRewritten),
        (Scenario::KeyExpired, Unfixable::KeyPruned),
    ] {
        let fix = workbench_fix(fenced, stable, 1, sc, &now);
        assert!(
            matches!(fix, Some(Fix::NoServerFix { why: w, .. }) if w == why),
            "{sc:?}: {fix:?}"
        );
        assert_eq!(harness_fix(fenced, stable, 1, sc, &now), None, "{sc:?}");
    }
}
