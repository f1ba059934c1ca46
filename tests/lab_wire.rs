//! The lab engine's binary messages (`lab::wire`), over generated runs: a
//! run of any fault schedule, on any valid design, with any harness, reads
//! back from its reply equal to the run itself (its trace digest too), and
//! the same request sent as bytes or as JSON gets the same replies (as far
//! as JSON can tell: it reads a call's `query: Some(None)`, «the model
//! queried and found nothing», back as `None`; the binary form is exact).
//! Damaged messages read as errors, never as panics.

#![cfg(not(target_family = "wasm"))]

use proptest::prelude::*;
use rand::SeedableRng;
use retry_lab::lab::grading::hunt;
use retry_lab::lab::grading::suite;
use retry_lab::lab::wire::{parse_reply, Answer, Reply, Request, Task, Want};
use retry_lab::lab::*;

/// A fault schedule as the counterexample hunt draws them (every kind).
fn schedule() -> impl Strategy<Value = FaultSchedule> {
    any::<u64>().prop_map(|seed| {
        hunt::generate(
            &mut rand_pcg::Pcg64::seed_from_u64(seed),
            hunt::KindSet::all(),
        )
    })
}

fn design() -> impl Strategy<Value = Design> {
    prop::sample::select(Design::all_valid())
}

/// Every harness preset, and each with its SDK layer switched and its run
/// budget set: the harness travels whole, not as a preset's name.
fn harness() -> impl Strategy<Value = Harness> {
    let presets = HarnessPreset::ALL.map(Harness::from).to_vec();
    (prop::sample::select(presets), any::<bool>()).prop_map(|(h, custom)| match custom {
        true => Harness::parse(&format!("{},sdk,budget_3", h.to_ids())).0,
        false => h,
    })
}

/// Replies as JSON text, to compare what both formats carry.
fn as_json(replies: &[Reply]) -> String {
    serde_json::to_string(replies).unwrap()
}

/// Every reply to `req` through the binary messages, and through JSON.
fn both_ways(req: &Request) -> (Vec<Reply>, Vec<Reply>) {
    let mut task = Task::from_bytes(&req.to_bytes());
    let binary = std::iter::from_fn(|| task.next_bytes())
        .map(|b| Reply::from_bytes(&b).expect("a reply the engine wrote reads back"))
        .collect();
    let mut task = Task::from_json(&req.to_json());
    let json = std::iter::from_fn(|| task.next_json())
        .map(|j| parse_reply(&j).expect("a JSON reply reads back"))
        .collect();
    (binary, json)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn a_generated_run_reads_back_from_its_reply(
        schedule in schedule(),
        design in design(),
        harness in harness(),
        seed in 0u64..1_000,
    ) {
        let want = Want::RunSchedule { schedule: schedule.clone(), harness, design, seed };
        let (binary, json) = both_ways(&Request { id: 9, want });
        prop_assert_eq!(as_json(&binary), as_json(&json));
        prop_assert_eq!(binary.len(), 1);
        let Answer::Run { run, fix: None } = &binary[0].answer else {
            return Err(TestCaseError::fail(format!("a run expected: {:?}", binary[0])));
        };
        let expected = run_schedule(&schedule, harness, design, seed);
        prop_assert_eq!(run.trace_digest(), expected.trace_digest());
        prop_assert_eq!(&**run, &expected);
    }

    #[test]
    fn a_suite_of_a_generated_design_reads_back(
        design in design(),
        client in prop::sample::select(ClientStrategy::ALL.to_vec()),
        seed in 0u64..1_000,
    ) {
        let want = Want::Suite { design, harness: client.into(), seed, scenarios: Scenario::ALL.to_vec() };
        let (binary, json) = both_ways(&Request { id: 4, want });
        prop_assert_eq!(as_json(&binary), as_json(&json));
        let rows = suite::suite(design, client, seed, &Scenario::ALL);
        prop_assert_eq!(&binary[0].answer, &Answer::Rows(rows));
    }

    /// A harness challenge's row is the row of the run it names, judged as
    /// the native grading judges it.
    #[test]
    fn a_harness_row_of_a_generated_harness_reads_back(
        scenario in prop::sample::select(Scenario::ALL.to_vec()),
        design in design(),
        harness in harness(),
        seed in 0u64..1_000,
    ) {
        let want = Want::HarnessRow { scenario, harness, design, seed };
        let (binary, json) = both_ways(&Request { id: 5, want });
        prop_assert_eq!(as_json(&binary), as_json(&json));
        let run = retry_lab::lab::run(scenario, harness, design, seed);
        let row = retry_lab::lab::grading::harness_row::HarnessRow::of(scenario, &run, &run.judgement());
        prop_assert_eq!(&binary[0].answer, &Answer::HarnessRow(row));
    }

    #[test]
    fn any_bytes_read_as_a_reply_or_an_error(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        // Never a panic, on either side.
        let _ = Reply::from_bytes(&bytes);
        let mut task = Task::from_bytes(&bytes);
        let reply = task.next_reply().expect("one reply");
        prop_assert!(reply.last);
        prop_assert!(task.next_reply().is_none());
    }
}

#[test]
fn a_hunts_counterexample_reads_back() {
    let spec = hunt::HuntSpec {
        design: Preset::Atomic.design(),
        client: ClientStrategy::StableKey,
        seed: 2,
        budget: 2_000,
        kinds: hunt::KindSet::all(),
    };
    let (binary, json) = both_ways(&Request {
        id: 5,
        want: Want::Hunt { spec },
    });
    assert_eq!(as_json(&binary), as_json(&json));
    let outcome = hunt::hunt(spec);
    assert!(
        matches!(outcome, hunt::HuntOutcome::Found(_)),
        "a counterexample to carry: {outcome:?}"
    );
    assert_eq!(binary.last().unwrap().answer, Answer::Hunt(outcome));
}

/// The largest matrix the page can ask for (every harness preset and a
/// custom harness, on a server with a previous one to compare) is one
/// request the engine accepts.
#[test]
fn the_largest_matrix_fits_one_request() {
    use retry_lab::kernel::params::Query;
    let q = Query::parse("server=fenced&harnesses=all&harness=chapter,sdk");
    let (m, n) = MatrixParams::from_query(&q);
    assert!(n.is_empty(), "{n:?}");
    let cells = m.cells().len() + m.previous_cells().map_or(0, |p| p.len());
    assert_eq!(cells, retry_lab::lab::wire::MAX_CELLS);
}
