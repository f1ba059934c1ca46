//! A failing row's smallest fix may be on the harness's side: one choice
//! flipped (`noretry_tls`, `key_business`, `ra_fail_fast`, a deadline). A
//! certificate error retried four times, a model re-call under a tool_use
//! key: no server mechanism mends them, one token of the harness does. The
//! workbench proposes such a flip when no server change fixes the row, so
//! the server's fixes (and the chapter's order of them) come first.

use crate::lab::harness::spec::{tokens, NUMBERS};
use crate::lab::harness::{
    Class, Harness, HarnessPreset, KeyChoice, RetryAfterChoice, UnknownChoice, WaitChoice,
};

pub use crate::lab::grading::suite::Flip;

/// The tokens a flip may set, in the order of the chapter's table (key,
/// what it retries, how long to wait, how many, `Retry-After`, deadlines,
/// budget, when the outcome is unknown); a number is flipped to the
/// chapter's own value.
fn candidates(h: Harness) -> Vec<String> {
    let ids = |v: Vec<&'static str>| v.into_iter().map(String::from).collect::<Vec<_>>();
    let chapter = HarnessPreset::Chapter.harness();
    let number = |prefix: &str| {
        NUMBERS
            .iter()
            .filter(|n| n.prefix == prefix)
            .map(|n| n.token(n.value(chapter)))
            .collect::<Vec<_>>()
    };
    let classes = Class::ALL.into_iter().map(|c| {
        let on = if h.retries(c) { "noretry_" } else { "retry_" };
        format!("{on}{}", c.id())
    });
    let mut out = ids(KeyChoice::ids());
    out.extend(classes);
    out.extend(ids(WaitChoice::ids()));
    for prefix in ["base_", "cap_", "attempts_"] {
        out.extend(number(prefix));
    }
    out.push(if h.sdk { "nosdk" } else { "sdk" }.into());
    out.extend(ids(RetryAfterChoice::ids()));
    for prefix in ["connect_", "read_", "deadline_", "budget_"] {
        out.extend(number(prefix));
    }
    out.extend(ids(UnknownChoice::ids()));
    out
}

/// Every harness one token away from `h` that runs as written (no token
/// refused or mended), in the order of [`candidates`].
pub fn flips(h: Harness) -> Vec<Flip> {
    let mine = tokens(h);
    candidates(h)
        .into_iter()
        .filter(|t| !mine.contains(t))
        .filter_map(|token| {
            let (harness, problems) = Harness::parse(&format!("{},{token}", h.to_ids()));
            (problems.is_empty() && harness != h).then_some(Flip { token, harness })
        })
        .collect()
}

#[cfg(feature = "sqlite")]
pub use engine::*;

#[cfg(feature = "sqlite")]
mod engine {
    use super::*;
    use crate::lab::grading::rules::design_breaks;
    use crate::lab::grading::suite::{breaks, grade, smallest_fix, Fix, SuiteRow};
    use crate::lab::model::design::Design;
    use crate::lab::model::ids::Scenario;
    use crate::lab::model::sim::run_fast;

    /// The flip of `harness` toward the chapter's harness (a token the
    /// `chapter` preset has, as a server fix adds only the chapter's
    /// mechanisms: never «let the SDK retry too» or «stop retrying read
    /// timeouts» because this one schedule happens to pass then) that
    /// makes `scenario` pass on `design` and breaks no rule of the chapter
    /// the harness did not break already, preferring one that turns none of
    /// `rows` (the suite's rows now) red, then the first in the table's
    /// order; with the rows it turns red.
    pub fn harness_fix(
        design: Design,
        harness: Harness,
        seed: u64,
        scenario: Scenario,
        rows: &[SuiteRow],
    ) -> Option<(Flip, Vec<Scenario>)> {
        let now = design_breaks(harness, design);
        let chapter = tokens(HarnessPreset::Chapter.harness());
        let passes =
            |h: Harness| grade(scenario, &run_fast(&scenario.schedule(), h, design, seed)).pass;
        let mut best: Option<(Flip, Vec<Scenario>)> = None;
        for flip in flips(harness)
            .into_iter()
            .filter(|f| chapter.contains(&f.token))
        {
            let abides = design_breaks(flip.harness, design)
                .iter()
                .all(|r| now.contains(r));
            if !abides || !passes(flip.harness) {
                continue;
            }
            let red = breaks(design, flip.harness, seed, rows);
            if best.as_ref().is_none_or(|(_, b)| red.len() < b.len()) {
                let done = red.is_empty();
                best = Some((flip, red));
                if done {
                    break;
                }
            }
        }
        best
    }

    /// The workbench's fix of a failing row: the smallest server change
    /// ([`smallest_fix`]); where none helps, one flip of the harness
    /// ([`harness_fix`]); else why no server change helps.
    pub fn workbench_fix(
        design: Design,
        harness: impl Into<Harness>,
        seed: u64,
        scenario: Scenario,
        rows: &[SuiteRow],
    ) -> Option<Fix> {
        let harness = harness.into();
        let fix = smallest_fix(design, harness, seed, scenario, rows)?;
        if !matches!(fix, Fix::NoServerFix { .. }) {
            return Some(fix);
        }
        Some(
            harness_fix(design, harness, seed, scenario, rows)
                .map_or(fix, |(flip, breaks)| Fix::Harness { flip, breaks }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flips_are_one_token_each_and_run_as_written() {
        let naive = HarnessPreset::Naive.harness();
        let all = flips(naive);
        let tokens_of: Vec<&str> = all.iter().map(|f| f.token.as_str()).collect();
        assert_eq!(
            tokens_of[..3],
            ["key_per_attempt", "key_per_tool_use", "key_business"]
        );
        for want in [
            "noretry_tls",
            "retry_4xx",
            "wait_full",
            "cap_8000",
            "sdk",
            "budget_8",
            "unknown_query",
        ] {
            assert!(tokens_of.contains(&want), "{want}: {tokens_of:?}");
        }
        // `naive` already has the chapter's 12 s deadline and 4 attempts.
        assert!(!tokens_of
            .iter()
            .any(|t| t.starts_with("deadline_") || t.starts_with("attempts_")));
        for f in &all {
            assert_eq!(
                Harness::parse(&format!("naive,{}", f.token)),
                (f.harness, vec![])
            );
            let differ = tokens(naive)
                .iter()
                .zip(tokens(f.harness))
                .filter(|(a, b)| **a != *b)
                .count();
            assert_eq!(differ, 1, "{}", f.token);
        }
        // Without a deadline, «within the deadline» cannot run: no such flip.
        let sdk = HarnessPreset::SdkDefault.harness();
        let tokens_of: Vec<String> = flips(sdk).into_iter().map(|f| f.token).collect();
        assert!(
            !tokens_of.contains(&"ra_fail_fast".to_string()),
            "{tokens_of:?}"
        );
        assert!(
            tokens_of.contains(&"deadline_12000".to_string()),
            "{tokens_of:?}"
        );
    }
}
