//! The workbench's grading: a design against every scenario with one
//! client, the step where a row broke, the smallest change that fixes it (or
//! why none on the server can), and the chapter's next mechanism.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::lab::grading::suite::*;
use retry_lab::lab::*;

fn rows(d: impl Into<Design>, c: ClientStrategy) -> Vec<SuiteRow> {
    suite(d.into(), c, 1, &Scenario::ALL)
}

fn failing(rows: &[SuiteRow]) -> Vec<Scenario> {
    rows.iter()
        .filter(|r| !r.pass)
        .map(|r| r.scenario)
        .collect()
}

#[test]
fn a_row_passes_with_exactly_one_report_where_possible_the_truth_told_no_old_response_to_a_changed_body_and_one_notification_per_report(
) {
    for p in Preset::ALL {
        for c in ClientStrategy::ALL {
            for r in rows(p, c) {
                let full = run(r.scenario, c, p, 1);
                assert_eq!(r.reports, full.final_report_count());
                assert_eq!(r.tool, full.tool_outcome());
                assert_eq!(r.ending, full.ending());
                // What was done: the reports, or the refund-like
                // downstream's effects where there are more.
                let done = full.done_of(0);
                let truthful = r.tool.is_truthful(done);
                let replayed = !full.changed_body_replays().is_empty();
                let notes = full.note_counts();
                assert_eq!(r.notes, notes);
                // Exactly one where a report could be filed, none where it
                // could not (the reach table), at most one where the
                // schedule does not say (an approval or a permission that
                // ends); no TLS failure retried; 003's: no rerun after an
                // effect, no effect unapproved.
                let ends = full.schedule.approval_until_ms.is_some()
                    || full.schedule.revoke_at_ms.is_some();
                let want = |n: usize| match r.scenario.reach().possible {
                    _ if ends => n <= 1,
                    true => n == 1,
                    false => n == 0,
                };
                let tls_retried = r.scenario == Scenario::TlsError && full.attempts() > 1;
                let recovered =
                    full.re_executions().is_empty() && full.unapproved_effects().is_empty();
                if full.tenants().count() == 1 {
                    assert_eq!(
                        r.pass,
                        want(done)
                            && truthful
                            && !replayed
                            && notes.is_exact()
                            && !tls_retried
                            && recovered
                            && full.leaks().is_empty(),
                        "{p:?} {c:?} {r:?}"
                    );
                }
                // With two tenants, the count and the truth are counted per
                // tenant's request; a leak or a cross-tenant refusal never
                // passes.
                let per_tenant = full.tenants().all(|t| {
                    let n = full.done_of(t);
                    want(n) && full.tool_outcome_of(t).is_truthful(n)
                });
                let across = full.leaks().is_empty() && full.tenant_refusals().is_empty();
                assert_eq!(
                    r.pass,
                    per_tenant
                        && !replayed
                        && across
                        && notes.is_exact()
                        && !tls_retried
                        && recovered,
                    "{p:?} {c:?} {r:?}"
                );
                assert_eq!(r.pass, broken_clauses(&full).is_empty());
                assert_eq!(r.break_step.is_some(), !r.pass);
            }
        }
    }
    let s = score(&rows(Preset::Naive, ClientStrategy::StableKey));
    assert_eq!(s.total, Scenario::ALL.len());
}

#[test]
fn the_break_step_is_right_after_the_second_report_was_committed() {
    for (p, sc) in [
        (Preset::Naive, Scenario::ResponseLost),
        (Preset::KeySplit, Scenario::CrashBetweenCommits),
        (Preset::LeasedUnguarded, Scenario::LeaseOverlap),
        (Preset::Fenced, Scenario::ModelRetry),
    ] {
        let r = run(sc, ClientStrategy::StableKey, p, 1);
        let row = grade(sc, &r);
        let at = row.break_step.expect("it fails");
        // The view at `step` shows steps 0..step: two reports after it, one before.
        assert_eq!(r.steps()[at - 1].report_count(), 2, "{p:?} {sc:?}");
        assert_eq!(r.steps()[at - 2].report_count(), 1, "{p:?} {sc:?}");
        let link = retry_lab::pages::links::Link::Lab(LabParams {
            scenario: sc,
            harness: ClientStrategy::StableKey.into(),
            design: p.design(),
            step: StepParam::Raw(at.to_string()),
            ..LabParams::default()
        });
        assert!(link.href().contains(&format!("step={at}")));
    }
}

#[test]
fn a_changed_body_answered_with_the_old_response_fails_though_one_report_and_the_truth() {
    // «换了请求体，却重放旧响应»: key_split records the key but never compares
    // bodies, so the retry with a changed body hears the old 201. One
    // report, and the model was told «created», which is true, yet the
    // chapter asks for 422 («同键、不同请求体 SHOULD 返回 422»).
    let c = ClientStrategy::StableKey;
    for d in [Preset::KeySplit.design(), Design::of(&[Mechanism::Claim])] {
        let r = run(Scenario::BodyMismatch, c, d, 1);
        assert_eq!(
            (r.final_report_count(), r.tool_outcome()),
            (1, ToolOutcome::Created),
            "{d:?}"
        );
        assert!(r.tool_outcome().is_truthful(1));
        let replays = r.changed_body_replay_steps();
        assert!(!replays.is_empty(), "{d:?}");
        let row = grade(Scenario::BodyMismatch, &r);
        assert!(!row.pass, "{d:?}: a replayed old response passed");
        assert_eq!(row.ending, Ending::ChangedBody);
        // The run view stops right after the replay.
        assert_eq!(row.break_step, Some(replays[0].0 + 1), "{d:?}");
        // With the digest the server answers 422, and the row passes.
        let with = run(Scenario::BodyMismatch, c, d.with(Mechanism::Digest), 1);
        assert!(passes(&with), "{d:?} + digest");
    }
}

#[test]
fn a_replayed_500_is_no_lie_when_a_stale_handler_commits_later() {
    // A lease without a write-back condition stores the taker's 500; a retry
    // hears it replayed; then the stale handler commits. The model was told
    // «unknown» (003: a failed write proves nothing), which stays true.
    let stall = AttemptFault::server(ServerFault::Stall(STALL_MS));
    let fail = AttemptFault::server(ServerFault::Fail);
    let s = FaultSchedule {
        attempts: vec![stall, AttemptFault::default(), fail],
        ..FaultSchedule::default()
    };
    let r = run_schedule(&s, ClientStrategy::StableKey, Preset::LeasedUnguarded, 1);
    assert_eq!(
        (r.final_report_count(), r.tool_outcome()),
        (1, ToolOutcome::Unknown)
    );
    assert!(Clause::TruthTold.holds(&r));
    let commit = r.survivors().next().unwrap().step;
    assert!(r.steps()[..commit].iter().any(|st| matches!(
        st.kind,
        StepKind::Received {
            next: Next::Finish {
                result: ToolResult::Unknown,
                give_up: Some(GiveUp::StoredError),
            },
            ..
        }
    )));
}

#[test]
fn starting_red_one_mechanism_at_a_time_reaches_all_green_but_the_unfixable() {
    let client = ClientStrategy::StableKey;
    let mut design = Design::NONE;
    let mut now = rows(design, client);
    assert!(
        failing(&now).len() >= 9,
        "naive starts red: {:?}",
        failing(&now)
    );
    let mut added = Vec::new();
    while let Some(step) = next_step(design, client, 1, &now) {
        assert_eq!(step.change.add.len(), 1);
        assert!(step.change.design.is_valid());
        let after = rows(step.change.design, client);
        assert_eq!(
            compare(&now, &after),
            (step.fixed.clone(), step.broken.clone())
        );
        added.push((step.change.add[0], step.fixed, step.broken));
        design = step.change.design;
        now = after;
    }
    // Past `fenced`: the outbox, delivery dedupe and the tenant's scope,
    // then 003's recovery mechanisms (`unknown_on_failure` taking
    // `store_errors`' place): the walk ends at `reconciled`.
    assert_eq!(design, Preset::Reconciled.design());
    let order: Vec<Mechanism> = added.iter().map(|a| a.0).collect();
    assert_eq!(order, fix_order());
    // Past the database: the outbox fixes the notification lost in a crash
    // after the commit, and delivery dedupe the repeats of a lost answer and
    // of a relay that died before marking its row.
    let outbox = added.iter().find(|a| a.0 == Mechanism::Outbox).unwrap();
    assert!(
        outbox.1.contains(&Scenario::CrashBeforeNotify),
        "{outbox:?}"
    );
    let dedupe = added
        .iter()
        .find(|a| a.0 == Mechanism::DownstreamKey)
        .unwrap();
    assert_eq!(dedupe.1, [Scenario::NotifierTimeout, Scenario::RelayCrash]);
    // The claim fixes the most; the lease alone turns the lease scenarios
    // red («先看它变红»), the guard turns all but the re-claimed key green
    // again, and the fence that one (a guard cannot tell whose claim is in
    // progress once a released key was claimed again).
    let (_, fixed, _) = &added[0];
    assert!(
        fixed.contains(&Scenario::ResponseLost) && fixed.contains(&Scenario::ConcurrentSameKey)
    );
    let lease = added.iter().find(|a| a.0 == Mechanism::Lease).unwrap();
    let leases = [
        Scenario::LeaseExpired,
        Scenario::LeaseOverlap,
        Scenario::LeaseNotify,
    ];
    // (and the refund-like crash after the downstream's effect: the taker
    // runs the refund again; only 003's status_ref stops that).
    let refunds = [Scenario::DownstreamDoneCrash, Scenario::ReceiptLate];
    assert_eq!(
        lease.2,
        [&leases[..], &[Scenario::LeaseReclaimed], &refunds[..]].concat()
    );
    let guard = added.iter().find(|a| a.0 == Mechanism::Guard).unwrap();
    assert_eq!(guard.1, leases);
    let fence = added.iter().find(|a| a.0 == Mechanism::Fence).unwrap();
    assert_eq!(fence.1, [Scenario::LeaseReclaimed]);
    // The stored 500 turns green with `store_errors` (a failed handler is
    // replayed, never re-run), the stuck claim with the lease.
    let store = added
        .iter()
        .find(|a| a.0 == Mechanism::StoreErrors)
        .unwrap();
    // (and the refund-like failure after the effect, which release reran).
    assert_eq!(store.1, [Scenario::Stored500, Scenario::FailAfterEffect]);
    let lease = added.iter().find(|a| a.0 == Mechanism::Lease).unwrap();
    assert!(
        lease.1.contains(&Scenario::CrashBetweenCommits),
        "{lease:?}"
    );
    // What stays red: what no server mechanism fixes (the TLS failure this
    // client retries, against 001's first branch, among them).
    let unfixable = [
        Scenario::ModelRetry,
        Scenario::KeyExpired,
        Scenario::TitleRewrite,
        Scenario::TlsError,
    ];
    assert_eq!(failing(&now), unfixable);
    for sc in unfixable {
        let fix = smallest_fix(design, client, 1, sc, &now).unwrap();
        assert!(matches!(fix, Fix::NoServerFix { .. }), "{sc:?}: {fix:?}");
    }
    // Two tenants' equal key strings stay red until `tenant_scope` (the
    // reading's rule, the last step), which the fix names.
    let design = design.without(Mechanism::TenantScope);
    let now = rows(design, client);
    let fix = smallest_fix(design, client, 1, Scenario::KeyCollision, &now);
    let Some(Fix::Change { change, breaks }) = fix else {
        panic!("{fix:?}");
    };
    assert_eq!(change.add, [Mechanism::TenantScope]);
    assert!(breaks.is_empty());
}

#[test]
fn from_key_split_the_chapter_replaces_record_after_by_claim() {
    let next = next_mechanism(Preset::KeySplit.design()).unwrap();
    assert_eq!(next.add, [Mechanism::Claim]);
    assert_eq!(next.remove, [Mechanism::RecordAfter]);
    assert_eq!(next.design, Design::of(&[Mechanism::Claim]));
    // After the fence, the chapter's 追问 goes past the database; the
    // hurried notify gives way to the outbox.
    let fenced = Preset::Fenced.design();
    assert_eq!(next_mechanism(fenced).unwrap().add, [Mechanism::Outbox]);
    let hurried = fenced.with(Mechanism::NotifyBeforeCommit);
    let next = next_mechanism(hurried).unwrap();
    assert_eq!(next.remove, [Mechanism::NotifyBeforeCommit]);
    let end = fenced
        .with(Mechanism::Outbox)
        .with(Mechanism::DownstreamKey);
    // Then the tenant's namespace, which a row's fix may name: «本章的机制都
    // 已经加上了» waits for it.
    let scoped = end.with(Mechanism::TenantScope);
    assert_eq!(next_mechanism(end).unwrap().design, scoped);
    // Then 003's recovery mechanisms, `unknown_on_failure` in
    // `store_errors`' place, up to `reconciled`, where nothing is left.
    let mut design = scoped;
    while let Some(next) = next_mechanism(design) {
        assert_eq!(next.add.len(), 1);
        assert_eq!(next.add[0].group(), Group::Recovery, "{next:?}");
        design = next.design;
    }
    assert_eq!(design, Preset::Reconciled.design());
}

#[test]
fn the_smallest_fix_never_leaves_a_design_that_breaks_a_rule_of_the_chapter() {
    let client = ClientStrategy::StableKey;
    let now = rows(Preset::Naive, client);
    let fix = smallest_fix(Design::NONE, client, 1, Scenario::ResponseLost, &now);
    let Some(Fix::Change { change, breaks }) = fix else {
        panic!("{fix:?}");
    };
    // The claim alone would pass, but a key record without a digest answers
    // a changed body with the old response: the claim comes with its digest.
    // Its key table is global, so the page says what it breaks: the second
    // tenant, whose key string collides, is refused with 422; and a claim
    // without a lease stays `in_progress` when the process dies before the
    // report's COMMIT, so every retry gets 409 and nothing is filed.
    assert_eq!(change.add, [Mechanism::Claim, Mechanism::Digest]);
    // And a refund-like retry after the permission was revoked: the naive
    // server refuses the new execution, the claim replays the stored
    // response to the revoked principal.
    assert_eq!(
        breaks,
        [
            Scenario::NotifyThenCrash,
            Scenario::KeyCollision,
            Scenario::PermissionRevoked
        ]
    );
    // From key_split, the claim replaces record_after (inserting before the
    // key is recorded), and the digest comes with it; the crash leaves the
    // claim `in_progress`, so the lease (with its fence) comes too.
    let split = rows(Preset::KeySplit, client);
    let fix = smallest_fix(
        Preset::KeySplit.design(),
        client,
        1,
        Scenario::CrashBetweenCommits,
        &split,
    );
    let Some(Fix::Change { change, .. }) = fix else {
        panic!("{fix:?}");
    };
    assert_eq!(
        change.add,
        [
            Mechanism::Claim,
            Mechanism::Digest,
            Mechanism::Lease,
            Mechanism::Fence
        ]
    );
    assert_eq!(change.remove, [Mechanism::RecordAfter]);
    let unguarded = rows(Preset::LeasedUnguarded, client);
    let fix = smallest_fix(
        unguarded_design(),
        client,
        1,
        Scenario::LeaseOverlap,
        &unguarded,
    );
    let Some(Fix::Change { change, .. }) = fix else {
        panic!("{fix:?}");
    };
    // The guard alone would pass, but a lease without a fencing token is
    // what the chapter warns of («再用 fencing token 兜底»).
    assert_eq!(change.add, [Mechanism::Fence]);
    assert!(retry_lab::lab::grading::rules::server_breaks(change.design).is_empty());
    // A passing row needs no fix.
    assert_eq!(
        smallest_fix(Design::NONE, client, 1, Scenario::None, &now),
        None
    );
    // Every change any fix proposes is valid, never adds record_after, and
    // leaves a design that breaks no rule of the chapter (so never
    // leased_unguarded, leased, or a key record without a digest).
    // Every valid design in an optimised build; in debug the presets and
    // every seventh other (a fixed sample: a fix may add four mechanisms).
    let designs = Design::all_valid_walked()
        .into_iter()
        .enumerate()
        .filter(|(i, d)| !cfg!(debug_assertions) || d.preset().is_some() || i % 7 == 0)
        .map(|(_, d)| d);
    for d in designs {
        let now = rows(d, client);
        for sc in failing(&now) {
            if let Some(Fix::Change { change, breaks }) = smallest_fix(d, client, 1, sc, &now) {
                assert!(change.design.is_valid() && !change.add.contains(&Mechanism::RecordAfter));
                let rules = retry_lab::lab::grading::rules::server_breaks(change.design);
                assert!(
                    rules.is_empty(),
                    "{d:?} {sc:?}: {change:?} breaks {rules:?}"
                );
                assert!(!matches!(
                    change.design.preset(),
                    Some(Preset::LeasedUnguarded | Preset::Leased | Preset::KeySplit)
                ));
                assert!(rows(change.design, client)
                    .iter()
                    .any(|r| r.scenario == sc && r.pass));
                for b in breaks {
                    assert!(
                        now.iter().any(|r| r.scenario == b && r.pass),
                        "{d:?} {sc:?}"
                    );
                }
            }
        }
    }
}

fn unguarded_design() -> Design {
    Preset::LeasedUnguarded.design()
}

#[test]
fn what_no_server_can_fix_is_named_with_what_can() {
    let client = ClientStrategy::StableKey;
    for d in [
        Design::NONE,
        Preset::Atomic.design(),
        Preset::Fenced.design(),
    ] {
        let now = rows(d, client);
        let fix = smallest_fix(d, client, 1, Scenario::ModelRetry, &now);
        assert_eq!(
            fix,
            Some(Fix::NoServerFix {
                why: Unfixable::KeyChangesOnModelRecall,
                instead: Some(ClientStrategy::BusinessKey),
                no_client: false,
            }),
            "{d:?}"
        );
        let fix = smallest_fix(d, client, 1, Scenario::KeyExpired, &now);
        assert!(
            matches!(
                fix,
                Some(Fix::NoServerFix {
                    why: Unfixable::KeyPruned,
                    ..
                })
            ),
            "{d:?}: {fix:?}"
        );
    }
    // No key at all: the client must send one.
    let naive_client = rows(Preset::Fenced, ClientStrategy::Naive);
    let fix = smallest_fix(
        Preset::Fenced.design(),
        ClientStrategy::Naive,
        1,
        Scenario::ResponseLost,
        &naive_client,
    );
    assert!(
        matches!(
            fix,
            Some(Fix::NoServerFix {
                why: Unfixable::NoKey,
                ..
            })
        ),
        "{fix:?}"
    );
}
