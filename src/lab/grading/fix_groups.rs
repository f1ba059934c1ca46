//! The workbench says each fix once: the failing rows of a suite grouped by
//! the change that fixes them («加上 X：修好这 9 行，但会让这 1 行变红»),
//! and the rows no server change fixes in one group, by their reason. On
//! `naive` one smallest fix stood under twelve rows, and the page was four
//! screens tall. Pure: the page groups what the engine answered.

use crate::lab::grading::harness_fix::Flip;
use crate::lab::grading::suite::{Change, Fix, Unfixable};
use crate::lab::model::ids::{ClientStrategy, Scenario};

/// Why no server change fixes some rows, and what may help instead: the
/// rows sharing it are listed under it once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    pub why: Unfixable,
    pub instead: Option<ClientStrategy>,
    pub no_client: bool,
    pub rows: Vec<Scenario>,
}

/// Failing rows that share what fixes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FixGroup {
    /// `change` makes every one of `rows` pass, and turns `breaks` (rows
    /// that pass now) red.
    Change {
        change: Change,
        breaks: Vec<Scenario>,
        rows: Vec<Scenario>,
    },
    /// No server change makes these rows pass; this flip of the harness
    /// does, and turns `breaks` red.
    Harness {
        flip: Flip,
        breaks: Vec<Scenario>,
        rows: Vec<Scenario>,
    },
    /// No server change makes these rows pass, reason by reason.
    NoServerFix { reasons: Vec<Reason> },
}

impl FixGroup {
    /// Every row of the group, in the order listed.
    pub fn rows(&self) -> Vec<Scenario> {
        match self {
            FixGroup::Change { rows, .. } | FixGroup::Harness { rows, .. } => rows.clone(),
            FixGroup::NoServerFix { reasons } => reasons
                .iter()
                .flat_map(|r| r.rows.iter().copied())
                .collect(),
        }
    }

    /// The group of a fix that is said once for all its rows (a change of
    /// the server or a flip of the harness), still without rows.
    fn of(fix: &Fix) -> Option<FixGroup> {
        match fix {
            Fix::Change { change, breaks } => Some(FixGroup::Change {
                change: change.clone(),
                breaks: breaks.clone(),
                rows: Vec::new(),
            }),
            Fix::Harness { flip, breaks } => Some(FixGroup::Harness {
                flip: flip.clone(),
                breaks: breaks.clone(),
                rows: Vec::new(),
            }),
            Fix::NoServerFix { .. } => None,
        }
    }

    /// The rows of a change or a flip.
    fn rows_mut(&mut self) -> Option<&mut Vec<Scenario>> {
        match self {
            FixGroup::Change { rows, .. } | FixGroup::Harness { rows, .. } => Some(rows),
            FixGroup::NoServerFix { .. } => None,
        }
    }

    /// Adds `sc` to the group's rows if it is the group `fix` (rowless).
    fn take(&mut self, fix: &FixGroup, sc: Scenario) -> bool {
        let mut bare = self.clone();
        if let Some(rows) = bare.rows_mut() {
            rows.clear();
        }
        bare == *fix && self.rows_mut().map(|r| r.push(sc)).is_some()
    }
}

/// The groups of `fixes` (each failing row's smallest fix, in suite
/// order): one per distinct change or flip (same fix, same rows turned
/// red), the one that fixes the most rows first (ties in suite order), then
/// one group of the rows no server change fixes, if any.
pub fn group_fixes(fixes: &[(Scenario, Fix)]) -> Vec<FixGroup> {
    let mut changes: Vec<FixGroup> = Vec::new();
    let mut reasons: Vec<Reason> = Vec::new();
    for (sc, fix) in fixes {
        if let Some(head) = FixGroup::of(fix) {
            if !changes.iter_mut().any(|g| g.take(&head, *sc)) {
                let mut g = head.clone();
                g.take(&head, *sc);
                changes.push(g);
            }
            continue;
        }
        let Fix::NoServerFix {
            why,
            instead,
            no_client,
        } = fix
        else {
            continue;
        };
        let key = |r: &Reason| r.why == *why && r.instead == *instead && r.no_client == *no_client;
        match reasons.iter_mut().find(|r| key(r)) {
            Some(r) => r.rows.push(*sc),
            None => reasons.push(Reason {
                why: *why,
                instead: *instead,
                no_client: *no_client,
                rows: vec![*sc],
            }),
        }
    }
    // A stable sort: equal counts keep the suite's order.
    changes.sort_by_key(|g| std::cmp::Reverse(g.rows().len()));
    if !reasons.is_empty() {
        changes.push(FixGroup::NoServerFix { reasons });
    }
    changes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::model::design::{Design, Mechanism::*};
    use Scenario::*;

    fn change(add: &[crate::lab::Mechanism]) -> Change {
        Change::of(Design::NONE, add).expect("a valid change")
    }

    fn fix(add: &[crate::lab::Mechanism], breaks: &[Scenario]) -> Fix {
        Fix::Change {
            change: change(add),
            breaks: breaks.to_vec(),
        }
    }

    fn none(why: Unfixable) -> Fix {
        Fix::NoServerFix {
            why,
            instead: Option::None,
            no_client: true,
        }
    }

    #[test]
    fn one_change_is_said_once_for_all_the_rows_it_fixes() {
        let claim_digest = fix(&[Claim, Digest], &[KeyCollision]);
        let fixes = vec![
            (ResponseLost, claim_digest.clone()),
            (ModelRetry, none(Unfixable::KeyChangesOnModelRecall)),
            (CrashBetweenCommits, claim_digest.clone()),
            (SlowServer, fix(&[Claim, Digest, StoreErrors], &[])),
            (LeaseExpired, claim_digest),
        ];
        let groups = group_fixes(&fixes);
        assert_eq!(groups.len(), 3);
        assert_eq!(
            groups[0],
            FixGroup::Change {
                change: change(&[Claim, Digest]),
                breaks: vec![KeyCollision],
                rows: vec![ResponseLost, CrashBetweenCommits, LeaseExpired],
            }
        );
        assert_eq!(groups[1].rows(), vec![SlowServer]);
        assert_eq!(groups[2].rows(), vec![ModelRetry]);
        let listed: usize = groups.iter().map(|g| g.rows().len()).sum();
        assert_eq!(
            listed,
            fixes.len(),
            "every failing row is in exactly one group"
        );
    }

    #[test]
    fn the_same_change_that_turns_other_rows_red_is_another_group() {
        let fixes = vec![
            (ResponseLost, fix(&[Claim, Digest], &[])),
            (SlowServer, fix(&[Claim, Digest], &[KeyCollision])),
        ];
        assert_eq!(group_fixes(&fixes).len(), 2);
    }

    #[test]
    fn rows_no_design_fixes_share_one_group_listed_by_reason() {
        let fixes = vec![
            (ModelRetry, none(Unfixable::KeyChangesOnModelRecall)),
            (ResponseLost, fix(&[Claim, Digest], &[])),
            (KeyExpired, none(Unfixable::KeyPruned)),
            (BodyMismatch, none(Unfixable::TitleRewritten)),
            (Quota429, none(Unfixable::KeyChangesOnModelRecall)),
        ];
        let groups = group_fixes(&fixes);
        assert_eq!(groups.len(), 2);
        let FixGroup::NoServerFix { reasons } = &groups[1] else {
            panic!("the unfixable rows come last: {groups:?}");
        };
        let by: Vec<(Unfixable, Vec<Scenario>)> =
            reasons.iter().map(|r| (r.why, r.rows.clone())).collect();
        assert_eq!(
            by,
            vec![
                (
                    Unfixable::KeyChangesOnModelRecall,
                    vec![ModelRetry, Quota429]
                ),
                (Unfixable::KeyPruned, vec![KeyExpired]),
                (Unfixable::TitleRewritten, vec![BodyMismatch]),
            ]
        );
    }

    #[test]
    fn no_failing_row_no_group() {
        assert!(group_fixes(&[]).is_empty());
    }
}
