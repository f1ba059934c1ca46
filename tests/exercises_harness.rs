//! «搭一个 harness»: every harness challenge is graded by running the
//! submitted harness with the one judgement. The chapter's harness passes
//! each; each fails on a harness that breaks what it asks (and on one that
//! dodges it by not retrying at all), for the reason it asks about. A
//! scenario the lab does not have yet (`many_tools`, `client_error`, the
//! `Retry-After` date and invalid values) is left out of the suite until
//! it exists, and its check joins then.

#![cfg(not(target_family = "wasm"))]

use retry_lab::exercises::grade::{grade, ModelValue, Response};
use retry_lab::exercises::harness::{read, HarnessChallenge, HarnessRow};
use retry_lab::exercises::{bank, Kind, Question};
use retry_lab::lab::{Harness, HarnessPreset, Scenario};

fn challenge(id: &str) -> (Question, HarnessChallenge) {
    bank()
        .into_iter()
        .find_map(|q| match q.kind.clone() {
            Kind::BuildHarness(c) if q.id == id => Some((q, c)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no harness challenge {id}"))
}

fn harness(text: &str) -> Harness {
    read(text).unwrap_or_else(|p| panic!("{text}: {p:?}"))
}

/// Grades `text` by running it, as the page does: the verdict and the rows.
fn submit(id: &str, text: &str) -> (bool, Vec<HarnessRow>) {
    let (q, c) = challenge(id);
    let h = harness(text);
    let rows = c.run(h);
    let g = grade(
        &q,
        &Response::Harness(h),
        Some(&ModelValue::HarnessRows { rows: rows.clone() }),
    )
    .expect("graded");
    assert_eq!(g.fields.len(), rows.len());
    (g.correct, rows)
}

fn row(rows: &[HarnessRow], s: Scenario) -> HarnessRow {
    *rows.iter().find(|r| r.scenario == s).expect("the row")
}

#[test]
fn there_are_four_and_the_chapters_harness_passes_each() {
    let ids: Vec<&str> = bank()
        .iter()
        .filter(|q| matches!(q.kind, Kind::BuildHarness(_)))
        .map(|q| q.id)
        .collect();
    assert_eq!(ids.len(), 4, "{ids:?}");
    for id in ids {
        let (pass, rows) = submit(id, "chapter");
        assert!(pass, "{id}: {rows:?}");
        assert!(rows.len() >= 2, "{id}: a suite of {} rows", rows.len());
        // Not retrying at all is no way round the question.
        assert!(!submit(id, "chapter,attempts_1").0, "{id}");
    }
}

#[test]
fn the_run_budget_counts_every_retry_of_the_run() {
    let id = "harness_run_budget";
    let (pass, rows) = submit(id, "chapter");
    assert!(pass);
    assert!(rows.iter().all(|r| r.retries() <= 8), "{rows:?}");
    // No key behind retries of what may have run: a second report.
    let (pass, rows) = submit(id, "naive");
    assert!(!pass && row(&rows, Scenario::ResponseLost).reports == 2);
    if let Some(many) = Scenario::from_id("many_tools") {
        // Every call retries to its own limit: far past 8 in the run.
        let (pass, rows) = submit(id, "chapter,budget_none");
        assert!(!pass && row(&rows, many).retries() > 8, "{rows:?}");
        assert!(row(&submit(id, "chapter").1, many).retries() <= 8);
    }
}

#[test]
fn the_tls_branch_is_never_retried_and_the_rest_is() {
    let id = "harness_tls_branch";
    let (pass, rows) = submit(id, "chapter");
    assert!(pass && row(&rows, Scenario::TlsError).attempts == 1);
    let (pass, rows) = submit(id, "chapter,retry_tls");
    let tls = row(&rows, Scenario::TlsError);
    assert!(!pass && tls.tls_retried && tls.wasted > 0, "{tls:?}");
    // Retrying nothing but a refused connection misses the 503's report.
    let (pass, rows) = submit(id, "careful");
    assert!(!pass && !row(&rows, Scenario::RetryAfter503).pass);
}

#[test]
fn retry_after_is_honoured_within_the_deadline() {
    let id = "harness_retry_after_deadline";
    let (pass, rows) = submit(id, "chapter");
    let long = row(&rows, Scenario::RetryAfterLong);
    assert!(
        pass && long.attempts == 1 && long.answered_ms <= 12_000,
        "{long:?}"
    );
    // Ignoring it retries before the server's 30 s are over.
    let (pass, rows) = submit(id, "chapter,ra_ignore");
    assert!(!pass && !row(&rows, Scenario::RetryAfterLong).pass);
    // Without a deadline the call waits the whole 30 s.
    let (pass, rows) = submit(id, "chapter,deadline_none,ra_honour");
    assert!(!pass && row(&rows, Scenario::RetryAfterLong).answered_ms > 30_000);
}

#[test]
fn retries_add_no_report_and_waste_no_attempt() {
    let id = "harness_no_dup_no_waste";
    let (pass, rows) = submit(id, "chapter");
    assert!(pass && rows.iter().all(|r| r.wasted == 0 && r.reports <= 1));
    // A quota 429 retried: an attempt that could never succeed.
    let (pass, rows) = submit(id, "chapter,retry_quota");
    assert!(!pass && row(&rows, Scenario::Quota429).wasted > 0);
    // A key per tool use without a query first: the model's re-call files
    // a second report.
    let (pass, rows) = submit(id, "chapter,key_per_tool_use,unknown_unknown");
    assert!(!pass && row(&rows, Scenario::ModelRetry).duplicate);
    // The same harness that queries first keeps one.
    assert!(submit(id, "chapter,key_per_tool_use").0);
}

#[test]
fn a_harness_that_cannot_be_read_is_not_graded() {
    assert!(read("").is_err());
    assert!(read("chapter,bogus").is_err());
    assert!(read("chapter,deadline_none,ra_fail_fast").is_err());
    assert_eq!(read("chapter"), Ok(HarnessPreset::Chapter.harness()));
    let (q, c) = challenge("harness_tls_branch");
    let h = harness("chapter");
    let rows = c.run(h);
    // Rows of another suite are not graded.
    let g = grade(
        &q,
        &Response::Harness(h),
        Some(&ModelValue::HarnessRows {
            rows: rows[..1].to_vec(),
        }),
    );
    assert!(g.is_err());
}

/// The page's job asks the engine for one row per scenario, each once the
/// last is in, and reads the same rows as the native grading.
#[test]
fn the_pages_job_reads_the_same_rows_from_the_engine() {
    use retry_lab::exercises::harness_job::HarnessRowsOut;
    use retry_lab::lab::jobs::engine_job::Answered;
    use retry_lab::lab::wire::{Request, Task};
    let (_, c) = challenge("harness_no_dup_no_waste");
    let h = harness("chapter,retry_quota");
    let (first, mut out) = HarnessRowsOut::start(&c, h);
    let mut want = Some(first);
    let mut asked = 0;
    while let Some(w) = want.take() {
        asked += 1;
        let reply = Task::new(Request { id: asked, want: w })
            .next_reply()
            .expect("a reply");
        let value = <HarnessRowsOut as Answered>::read(reply.answer).expect("a row");
        out.take(Ok(value), 0.0);
        want = out.follow_up();
    }
    assert!(out.done());
    assert_eq!(asked as usize, c.suite().len());
    assert_eq!(out.rows, Ok(c.run(h)));
}

/// Each row links the run view of its scenario with the student's harness
/// behind the challenge's server.
#[test]
fn each_row_links_its_run() {
    let (_, c) = challenge("harness_tls_branch");
    let h = harness("chapter,retry_tls");
    let rows = c.run(h);
    let href = c.row_link(h, &rows[0]).href();
    assert!(
        href.contains("scenario=tls_error")
            && href.contains("harness=chapter,retry_tls")
            && href.contains("server=fenced")
            && href.contains("step=end"),
        "{href}"
    );
}

/// A row of another scenario than the one asked (a stale reply) stops the
/// suite with an error instead of grading it as the asked one.
#[test]
fn a_row_out_of_turn_stops_the_suite() {
    use retry_lab::exercises::harness_job::HarnessRowsOut;
    use retry_lab::lab::jobs::engine_job::Answered;
    let (_, c) = challenge("harness_no_dup_no_waste");
    let h = harness("chapter");
    let rows = c.run(h);
    let (_, mut out) = HarnessRowsOut::start(&c, h);
    out.take(Ok(rows[1]), 0.0);
    assert!(out.rows.is_err(), "{:?}", out.rows);
    assert!(out.follow_up().is_none() && out.done());
}
