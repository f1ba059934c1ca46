//! What the page and the lab engine's worker say to each other. The page
//! sends a [`Request`]; the engine (built with the `sqlite` feature,
//! `src/bin/lab_engine.rs`) answers it with replies, the final one marked
//! `last` (a hunt reports its progress before that). A whole matrix or suite
//! comes back in one message, so the page reads and draws it once (a message
//! per cell cost more than its run). Servers travel as designs (their ids,
//! checked on arrival). Everything is data, so the page's own wasm never
//! links the engine, and the format is tested natively.
//!
//! Between the page and its worker the messages are binary (`borsh`: every
//! field in declaration order, enums by variant index; [`Request::to_bytes`],
//! [`Reply::from_bytes`]): reading a whole run's trace that way takes a
//! fraction of the code serde_json's derived readers took in the page's
//! wasm. Both sides are built from this file in one build, so they always
//! agree. The native `lab-engine` reads and writes the same data as JSON,
//! one request per line, so the format is easy to try by hand.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

use crate::lab::faults::FaultSchedule;
use crate::lab::grading::harness_row::HarnessRow;
use crate::lab::grading::hunt::{HuntOutcome, HuntSpec};
use crate::lab::grading::suite::{Fix, NextStep, SuiteRow};
use crate::lab::harness::Harness;
use crate::lab::model::design::Design;
use crate::lab::model::ids::{ClientStrategy, Preset, Scenario};
use crate::lab::model::result::{Cell, Measure, Run};
use crate::lab::Combo;

/// The most cells one matrix request may ask for: the largest view, every
/// scenario × every harness preset and a custom harness, twice with the
/// previous server's column.
pub const MAX_CELLS: usize = 2 * Scenario::ALL.len() * (crate::lab::HarnessPreset::ALL.len() + 1);

/// What the page wants computed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
#[serde(rename_all = "snake_case")]
pub enum Want {
    /// One run with its whole trace, and the nearest combination that ends
    /// well if this one does not (the «试试修好的版本» link).
    Run { combo: Combo, seed: u64 },
    /// Only one count of the run («predict, then run» questions): its
    /// final reports unless `measure` says otherwise.
    Count {
        combo: Combo,
        seed: u64,
        #[serde(default)]
        measure: Measure,
    },
    /// Matrix cells, all in one reply, in order.
    Matrix { combos: Vec<Combo>, seed: u64 },
    /// The workbench: a design against scenarios with one harness, every
    /// graded row in one reply, in order.
    Suite {
        design: Design,
        #[serde(alias = "client")]
        harness: Harness,
        seed: u64,
        scenarios: Vec<Scenario>,
    },
    /// The smallest change that makes a failing row pass (`rows`: the
    /// suite's rows on `design`, to tell which a change would break).
    Fix {
        design: Design,
        #[serde(alias = "client")]
        harness: Harness,
        seed: u64,
        scenario: Scenario,
        rows: Vec<SuiteRow>,
    },
    /// The chapter's next mechanism and the rows it turns green or red.
    Next {
        design: Design,
        #[serde(alias = "client")]
        harness: Harness,
        seed: u64,
        rows: Vec<SuiteRow>,
    },
    /// One run of a fault schedule of its own, with its whole trace.
    RunSchedule {
        schedule: FaultSchedule,
        harness: Harness,
        design: Design,
        seed: u64,
    },
    /// The counterexample hunt: progress replies, then its outcome.
    Hunt { spec: HuntSpec },
    /// One scenario of a harness challenge, run with the student's harness
    /// behind the challenge's server, as its graded row («搭一个 harness»).
    HarnessRow {
        scenario: Scenario,
        harness: Harness,
        design: Design,
        seed: u64,
    },
}

/// The id of the request the engine's worker makes itself of the route the
/// page opened on (`static/boot.js` posts `{route}` before the page runs,
/// see `crate::pages::links::matrix_want_for_route`); the
/// page's own requests count from 1.
pub const ROUTE_REQUEST_ID: u64 = 0;

/// A request: an id the replies carry, and what is wanted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Request {
    pub id: u64,
    pub want: Want,
}

/// One answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    Run {
        run: Box<Run>,
        fix: Option<(ClientStrategy, Preset)>,
    },
    Count(usize),
    /// A matrix's cells, in the order of its combinations.
    Cells(Vec<Cell>),
    /// A suite's graded rows, in the order of its scenarios.
    Rows(Vec<SuiteRow>),
    Fix(Option<Fix>),
    Next(Option<NextStep>),
    /// A hunt's progress: schedules tried, and simplifications that still
    /// failed once it shrinks.
    HuntProgress {
        tried: u32,
        shrinking: bool,
        shrink_steps: usize,
    },
    /// A hunt's end.
    Hunt(HuntOutcome),
    /// A harness challenge's row.
    HarnessRow(HarnessRow),
    /// The request could not be read or asks for too much.
    Error(String),
}

impl Answer {
    /// Which answer this is, in a word (for a message about an answer
    /// nobody asked for: formatting the whole answer would keep every
    /// type of a run's `Debug` in the page's wasm).
    pub fn kind(&self) -> &'static str {
        match self {
            Answer::Run { .. } => "run",
            Answer::Count(_) => "count",
            Answer::Cells(_) => "cells",
            Answer::Rows(_) => "rows",
            Answer::Fix(_) => "fix",
            Answer::Next(_) => "next",
            Answer::HuntProgress { .. } => "hunt progress",
            Answer::Hunt(_) => "hunt",
            Answer::HarnessRow(_) => "harness row",
            Answer::Error(_) => "error",
        }
    }
}

/// A reply to request `id`; `last` says no more replies to it follow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Reply {
    pub id: u64,
    pub answer: Answer,
    pub last: bool,
}

impl Request {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The binary message the page posts to the engine's worker (its first
    /// eight bytes are the id, little-endian: the worker script reads it to
    /// answer a request the engine trapped on).
    pub fn to_bytes(&self) -> Vec<u8> {
        borsh::to_vec(self).unwrap_or_default()
    }

    /// Reads a binary request; all of `bytes`, or an error.
    pub fn from_bytes(bytes: &[u8]) -> Result<Request, String> {
        borsh::from_slice(bytes).map_err(|e| format!("bad request: {e}"))
    }
}

impl Reply {
    /// The binary message the engine's worker posts back.
    pub fn to_bytes(&self) -> Vec<u8> {
        borsh::to_vec(self).unwrap_or_default()
    }

    /// Reads a binary reply; all of `bytes`, or an error (never a panic: a
    /// damaged or foreign message becomes a visible engine failure).
    pub fn from_bytes(bytes: &[u8]) -> Result<Reply, String> {
        borsh::from_slice(bytes).map_err(|e| format!("unreadable reply: {e}"))
    }
}

/// Why the lab engine is not available, in the terms the lab tells the
/// student (each with its own remedy).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineFault {
    /// This browser cannot start the engine's Web Worker.
    NoWorkers(String),
    /// The engine's build-stamped files are gone from the server: a newer
    /// version was deployed after this page loaded. Reloading fixes it.
    Redeployed,
    /// The engine's files could not be fetched at all (the network is
    /// down); trying again once it is back fixes it.
    Offline(String),
    /// The engine failed otherwise (an error, no answer); a restart may help.
    Failed(String),
}

impl EngineFault {
    /// Classifies a failed engine load by fetching the worker's script
    /// again: `probe` is that request's HTTP status, or `None` when the
    /// request itself failed. A 404 or 410 means the file is gone (a
    /// redeploy renamed every stamped file); no answer at all means no
    /// network; a file that is there means the load failed for `why`.
    pub fn from_probe(probe: Option<u16>, why: String) -> Self {
        match probe {
            Some(404 | 410) => EngineFault::Redeployed,
            None => EngineFault::Offline(why),
            Some(_) => EngineFault::Failed(why),
        }
    }

    /// Whether starting the engine again can help (a redeploy needs a
    /// reload of the page; a browser without workers, another browser).
    pub fn retryable(&self) -> bool {
        matches!(self, EngineFault::Offline(_) | EngineFault::Failed(_))
    }

    /// The translation key of what the lab says.
    pub fn message_key(&self) -> &'static str {
        match self {
            EngineFault::NoWorkers(_) => "lab.engine.no_workers",
            EngineFault::Redeployed => "lab.engine.redeployed",
            EngineFault::Offline(_) => "lab.engine.offline",
            EngineFault::Failed(_) => "lab.engine.failed",
        }
    }

    /// The technical detail shown with the message.
    pub fn detail(&self) -> &str {
        match self {
            EngineFault::NoWorkers(why) | EngineFault::Offline(why) | EngineFault::Failed(why) => {
                why
            }
            EngineFault::Redeployed => "",
        }
    }
}

impl std::fmt::Display for EngineFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineFault::Redeployed => f.write_str("a newer version of the app was deployed"),
            other => f.write_str(other.detail()),
        }
    }
}

/// Reads a reply as JSON (the native `lab-engine`'s output).
pub fn parse_reply(json: &str) -> Result<Reply, String> {
    serde_json::from_str(json).map_err(|e| format!("unreadable reply: {e}"))
}

/// The engine's side of one request: the replies still to send.
#[cfg(feature = "sqlite")]
#[derive(Clone, Debug)]
pub struct Task {
    id: u64,
    work: Work,
}

#[cfg(feature = "sqlite")]
#[derive(Clone, Debug)]
enum Work {
    /// One reply, computed on demand; `None` once sent.
    Single(Option<Want>),
    Refused(Option<String>),
    Matrix(crate::lab::jobs::matrix_job::MatrixJob),
    Hunt(Box<crate::lab::grading::hunt::HuntJob>),
}

#[cfg(feature = "sqlite")]
impl Task {
    /// Reads a JSON request; bad input gives a task whose one reply is an
    /// error (never a panic).
    pub fn from_json(json: &str) -> Self {
        match serde_json::from_str::<Request>(json) {
            Ok(r) => Self::new(r),
            Err(e) => Self::refused(0, format!("bad request: {e}")),
        }
    }

    /// Reads a binary request ([`Request::to_bytes`]), as [`Task::from_json`].
    pub fn from_bytes(bytes: &[u8]) -> Self {
        match Request::from_bytes(bytes) {
            Ok(r) => Self::new(r),
            // The id, if the message is long enough to hold one.
            Err(e) => Self::refused(request_id(bytes), e),
        }
    }

    /// The task of a request read, or refused when it asks for too much.
    pub fn new(req: Request) -> Self {
        use crate::lab::jobs::matrix_job::MatrixJob;
        let work = match req.want {
            Want::Matrix { combos, .. } if combos.is_empty() || combos.len() > MAX_CELLS => {
                return Self::refused(req.id, format!("matrix of {} cells", combos.len()))
            }
            Want::Matrix { combos, seed } => Work::Matrix(MatrixJob::new(combos, seed)),
            Want::Suite { scenarios, .. }
                if scenarios.is_empty() || scenarios.len() > Scenario::ALL.len() =>
            {
                return Self::refused(req.id, format!("suite of {} scenarios", scenarios.len()))
            }
            Want::Hunt { spec }
                if spec.budget as i64 > crate::lab::grading::hunt::BUDGET.max
                    || spec.kinds.is_empty() =>
            {
                return Self::refused(req.id, format!("hunt of {} schedules", spec.budget))
            }
            Want::Hunt { spec } => {
                Work::Hunt(Box::new(crate::lab::grading::hunt::HuntJob::new(spec)))
            }
            other => Work::Single(Some(other)),
        };
        Self { id: req.id, work }
    }

    fn refused(id: u64, why: String) -> Self {
        Self {
            id,
            work: Work::Refused(Some(why)),
        }
    }

    pub fn id(&self) -> u64 {
        self.id
    }

    /// Computes the reply (a whole matrix or suite at once); `None` once sent.
    pub fn next_reply(&mut self) -> Option<Reply> {
        let (answer, last) = match &mut self.work {
            Work::Single(want) => (single(want.take()?), true),
            Work::Refused(why) => (Answer::Error(why.take()?), true),
            Work::Matrix(job) if !job.is_done() => (
                Answer::Cells(std::iter::from_fn(|| job.step()).map(|(_, c)| c).collect()),
                true,
            ),
            Work::Matrix(_) => return None,
            Work::Hunt(job) => hunt_reply(job)?,
        };
        Some(Reply {
            id: self.id,
            answer,
            last,
        })
    }

    /// [`Task::next_reply`] as JSON.
    pub fn next_json(&mut self) -> Option<String> {
        self.next_reply()
            .map(|r| serde_json::to_string(&r).unwrap_or_default())
    }

    /// [`Task::next_reply`] as a binary message ([`Reply::from_bytes`]).
    pub fn next_bytes(&mut self) -> Option<Vec<u8>> {
        self.next_reply().map(|r| r.to_bytes())
    }
}

/// The id a binary request starts with, or 0 when it is too short.
#[cfg(feature = "sqlite")]
fn request_id(bytes: &[u8]) -> u64 {
    bytes
        .get(..8)
        .and_then(|b| b.try_into().ok())
        .map_or(0, u64::from_le_bytes)
}

/// Runs per hunt reply: a few milliseconds of work, so the worker reads a
/// cancel soon and the page's progress moves smoothly.
#[cfg(feature = "sqlite")]
pub const HUNT_RUNS_PER_REPLY: usize = 16;

/// The next reply of a hunt: progress after a few runs, or its outcome
/// (the last reply); `None` once that was sent.
#[cfg(feature = "sqlite")]
fn hunt_reply(job: &mut crate::lab::grading::hunt::HuntJob) -> Option<(Answer, bool)> {
    use crate::kernel::job::Stepped;
    if job.outcome().is_some() {
        return None;
    }
    for _ in 0..HUNT_RUNS_PER_REPLY {
        if !job.step() {
            break;
        }
    }
    Some(match job.outcome() {
        Some(o) => (Answer::Hunt(o.clone()), true),
        None => (
            Answer::HuntProgress {
                tried: job.tried(),
                shrinking: job.shrinking(),
                shrink_steps: job.shrink_steps(),
            },
            false,
        ),
    })
}

#[cfg(feature = "sqlite")]
fn single(want: Want) -> Answer {
    use crate::lab::grading::suite;
    match want {
        Want::Run {
            combo: (sc, cl, d),
            seed,
        } => Answer::Run {
            run: Box::new(crate::lab::model::sim::run(sc, cl, d, seed)),
            // The nearest fix is searched among the six old clients and
            // the server presets: a harness that is none of them gets none.
            fix: cl
                .preset()
                .and_then(crate::lab::HarnessPreset::client)
                .and_then(|c| crate::lab::grading::nearest_fix::nearest_fix(sc, c, d, seed)),
        },
        Want::Count {
            combo: (sc, cl, d),
            seed,
            measure,
        } => Answer::Count(crate::lab::model::sim::cell(sc, cl, d, seed).count(measure)),
        Want::Suite {
            design,
            harness,
            seed,
            scenarios,
        } => Answer::Rows(suite::suite(design, harness, seed, &scenarios)),
        Want::Fix {
            design,
            harness,
            seed,
            scenario,
            rows,
        } => Answer::Fix(crate::lab::grading::harness_fix::workbench_fix(
            design, harness, seed, scenario, &rows,
        )),
        Want::Next {
            design,
            harness,
            seed,
            rows,
        } => Answer::Next(suite::next_step(design, harness, seed, &rows)),
        Want::RunSchedule {
            schedule,
            harness,
            design,
            seed,
        } => Answer::Run {
            run: Box::new(crate::lab::model::sim::run_schedule(
                &schedule, harness, design, seed,
            )),
            fix: None,
        },
        Want::HarnessRow {
            scenario,
            harness,
            design,
            seed,
        } => Answer::HarnessRow(crate::lab::grading::harness_row::harness_row(
            scenario, harness, design, seed,
        )),
        Want::Matrix { .. } | Want::Hunt { .. } => {
            Answer::Error("a stream in a single reply".into())
        }
    }
}

#[cfg(all(test, feature = "sqlite"))]
mod tests {
    use super::*;
    use crate::lab::{cell, nearest_fix, run, Scenario};

    /// Every reply to `req`, as the page reads them (binary), checked
    /// against the same replies as JSON (the native `lab-engine`).
    fn all_replies(req: &Request) -> Vec<Reply> {
        let mut task = Task::from_bytes(&req.to_bytes());
        let binary: Vec<Reply> = std::iter::from_fn(|| task.next_bytes())
            .map(|b| Reply::from_bytes(&b).unwrap())
            .collect();
        let mut task = Task::from_json(&req.to_json());
        let json: Vec<Reply> = std::iter::from_fn(|| task.next_json())
            .map(|j| parse_reply(&j).unwrap())
            .collect();
        assert_eq!(binary, json, "the two formats carry the same replies");
        binary
    }

    /// Request `id`: `measure` counted in `combo`'s run on `seed`.
    pub(super) fn count(id: u64, combo: Combo, seed: u64, measure: Measure) -> Request {
        let want = Want::Count {
            combo,
            seed,
            measure,
        };
        Request { id, want }
    }

    #[test]
    fn a_run_and_its_fix_survive_the_round_trip() {
        let combo = (
            Scenario::ResponseLost,
            ClientStrategy::StableKey.into(),
            Design::NONE,
        );
        let replies = all_replies(&Request {
            id: 7,
            want: Want::Run { combo, seed: 42 },
        });
        assert_eq!(replies.len(), 1);
        assert!(replies[0].last && replies[0].id == 7);
        let expected = run(combo.0, combo.1, combo.2, 42);
        let Answer::Run { run: got, fix } = &replies[0].answer else {
            panic!("a run expected: {:?}", replies[0]);
        };
        assert_eq!(got.trace_digest(), expected.trace_digest());
        assert_eq!(**got, expected);
        assert_eq!(
            *fix,
            nearest_fix(combo.0, ClientStrategy::StableKey, combo.2, 42)
        );
        assert!(
            fix.is_some(),
            "a lost response on the naive server needs a fix"
        );
    }

    #[test]
    fn a_matrix_answers_every_cell_in_one_reply() {
        let combos = crate::lab::MatrixParams::default().cells();
        let replies = all_replies(&Request {
            id: 3,
            want: Want::Matrix {
                combos: combos.clone(),
                seed: 2,
            },
        });
        assert_eq!(replies.len(), 1);
        assert!(replies[0].last && replies[0].id == 3);
        let want: Vec<_> = combos
            .iter()
            .map(|&(sc, cl, sv)| cell(sc, cl, sv, 2))
            .collect();
        assert_eq!(replies[0].answer, Answer::Cells(want));
    }

    #[test]
    fn a_count_equals_the_runs_final_count() {
        for sv in Preset::ALL.map(Preset::design) {
            let combo = (Scenario::SlowServer, ClientStrategy::NewKey.into(), sv);
            let r = all_replies(&count(1, combo, 3, Measure::Reports));
            let n = run(combo.0, combo.1, sv, 3).final_report_count();
            assert_eq!(r[0].answer, Answer::Count(n), "{sv:?}");
        }
    }

    #[test]
    fn a_count_of_each_measure_is_the_cells() {
        let design = Preset::Fenced.design().with(crate::lab::Mechanism::Outbox);
        let combo = (
            Scenario::RelayCrash,
            ClientStrategy::StableKey.into(),
            design,
        );
        let c = cell(combo.0, combo.1, combo.2, 1);
        let all = [
            (Measure::Reports, c.reports),
            (Measure::Notifications, c.notes.delivered),
            (Measure::Attempts, c.attempts),
            (Measure::Leaks, c.leaks),
        ];
        for (measure, n) in all {
            let r = all_replies(&count(1, combo, 1, measure));
            assert_eq!(r[0].answer, Answer::Count(n), "{measure:?}");
        }
        assert_eq!(c.notes.delivered, 2, "the relay delivers twice");
    }

    #[test]
    fn a_count_request_without_a_measure_counts_reports() {
        let text = r#"{"id":1,"want":{"count":{"combo":["ResponseLost","naive",""],"seed":1}}}"#;
        let req: Result<Request, _> = serde_json::from_str(text);
        let combo = (
            Scenario::ResponseLost,
            ClientStrategy::Naive.into(),
            Design::NONE,
        );
        let sent = count(1, combo, 1, Measure::Reports);
        assert_eq!(sent.to_json().replace(r#","measure":"reports""#, ""), text);
        assert!(matches!(
            req.map(|r| r.want),
            Ok(Want::Count {
                measure: Measure::Reports,
                ..
            })
        ));
    }

    #[test]
    fn a_suite_a_fix_and_the_next_step_each_answer_once() {
        use crate::lab::grading::suite::{next_step, smallest_fix, suite};
        let design = Preset::LeasedUnguarded.design();
        let client: Harness = ClientStrategy::StableKey.into();
        let scenarios = vec![Scenario::None, Scenario::LeaseOverlap, Scenario::ModelRetry];
        let replies = all_replies(&Request {
            id: 11,
            want: Want::Suite {
                design,
                harness: client,
                seed: 2,
                scenarios: scenarios.clone(),
            },
        });
        let want = suite(design, client, 2, &scenarios);
        assert_eq!(replies.len(), 1);
        assert!(replies[0].last);
        assert_eq!(replies[0].answer, Answer::Rows(want.clone()));
        let fix = all_replies(&Request {
            id: 12,
            want: Want::Fix {
                design,
                harness: client,
                seed: 2,
                scenario: Scenario::LeaseOverlap,
                rows: want.clone(),
            },
        });
        let expected = smallest_fix(design, client, 2, Scenario::LeaseOverlap, &want);
        assert!(expected.is_some());
        assert_eq!(fix[0].answer, Answer::Fix(expected));
        let next = all_replies(&Request {
            id: 13,
            want: Want::Next {
                design,
                harness: client,
                seed: 2,
                rows: want.clone(),
            },
        });
        assert_eq!(
            next[0].answer,
            Answer::Next(next_step(design, client, 2, &want))
        );
        assert!(fix[0].last && next[0].last);
    }

    #[test]
    fn bad_requests_get_one_error_reply_not_a_panic() {
        let huge = Request {
            id: 9,
            want: Want::Matrix {
                combos: vec![
                    (Scenario::None, ClientStrategy::Naive.into(), Design::NONE);
                    MAX_CELLS + 1
                ],
                seed: 1,
            },
        }
        .to_json();
        let empty = r#"{"id":4,"want":{"matrix":{"combos":[],"seed":1}}}"#;
        for bad in [
            "",
            "{}",
            "null",
            "{\"id\":3,\"want\":{\"run\":{\"combo\":[\"x\",\"naive\",\"\"],\"seed\":1}}}",
            "{\"id\":3,\"want\":{\"run\":{\"combo\":[\"none\",\"naive\",\"fence\"],\"seed\":1}}}",
            "{\"id\":5,\"want\":{\"suite\":{\"design\":\"\",\"harness\":\"naive\",\"seed\":1,\"scenarios\":[]}}}",
            empty,
            &huge,
        ] {
            let mut task = Task::from_json(bad);
            let reply = parse_reply(&task.next_json().unwrap()).unwrap();
            assert!(matches!(reply.answer, Answer::Error(_)), "{bad}: {reply:?}");
            assert!(reply.last);
            assert_eq!(task.next_json(), None);
        }
    }
}

#[cfg(all(test, feature = "sqlite"))]
mod binary_tests {
    use super::*;

    fn error_of(bytes: &[u8]) -> Reply {
        let mut task = Task::from_bytes(bytes);
        let reply = Reply::from_bytes(&task.next_bytes().unwrap()).unwrap();
        assert!(task.next_bytes().is_none());
        reply
    }

    #[test]
    fn bad_binary_requests_get_one_error_reply_with_their_id() {
        let combo = (Scenario::None, ClientStrategy::Naive.into(), Design::NONE);
        let good = super::tests::count(77, combo, 1, Measure::Reports).to_bytes();
        let mut trailing = good.clone();
        trailing.push(0);
        let mut bad_variant = good.clone();
        bad_variant[8] = 200;
        // The same request written field by field (a count is the second
        // kind of request; reports are the first measure), then with a design
        // that is no design: read as strictly as in JSON.
        let by_hand = |design: &str| {
            let fields = (
                77u64,
                1u8,
                Scenario::None,
                Harness::from(ClientStrategy::Naive),
            );
            borsh::to_vec(&(fields, design.to_string(), 1u64, 0u8)).unwrap()
        };
        assert_eq!(by_hand(""), good);
        assert!(matches!(error_of(&by_hand("")).answer, Answer::Count(_)));
        let unknown_design = by_hand("bogus");
        for (bad, id) in [
            (&good[..good.len() - 1], 77),
            (&trailing[..], 77),
            (&bad_variant[..], 77),
            (&unknown_design[..], 77),
            (&good[..5], 0),
            (&[][..], 0),
        ] {
            let reply = error_of(bad);
            assert!(
                matches!(reply.answer, Answer::Error(_)),
                "{bad:?}: {reply:?}"
            );
            assert!(reply.last);
            assert_eq!(reply.id, id, "{bad:?}");
        }
    }

    #[test]
    fn a_damaged_reply_is_an_error_never_a_panic() {
        let mut task = Task::from_bytes(
            &Request {
                id: 2,
                want: Want::Run {
                    combo: (
                        Scenario::ResponseLost,
                        ClientStrategy::StableKey.into(),
                        Design::NONE,
                    ),
                    seed: 1,
                },
            }
            .to_bytes(),
        );
        let bytes = task.next_bytes().unwrap();
        assert!(Reply::from_bytes(&bytes).is_ok());
        for cut in (0..bytes.len()).step_by(97) {
            assert!(Reply::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(1);
        assert!(Reply::from_bytes(&longer).is_err());
        // A length far past the message's end allocates nothing absurd.
        let huge = [2u8, 0, 0, 0, 0, 0, 0, 0, 2, 0xff, 0xff, 0xff, 0x7f];
        assert!(Reply::from_bytes(&huge).is_err());
    }
}

#[cfg(all(test, feature = "sqlite"))]
mod hunt_tests {
    use super::*;
    use crate::lab::grading::hunt::{hunt, KindSet};

    fn replies(spec: HuntSpec) -> Vec<Reply> {
        let req = Request {
            id: 5,
            want: Want::Hunt { spec },
        };
        let mut task = Task::from_bytes(&req.to_bytes());
        std::iter::from_fn(|| task.next_bytes())
            .map(|b| Reply::from_bytes(&b).unwrap())
            .collect()
    }

    #[test]
    fn a_hunt_streams_progress_then_ends_as_the_library_does() {
        let spec = HuntSpec {
            design: Preset::Atomic.design(),
            client: ClientStrategy::StableKey,
            seed: 2,
            budget: 20_000,
            kinds: KindSet::all(),
        };
        let r = replies(spec);
        let (last, progress) = r.split_last().unwrap();
        assert!(last.last && progress.iter().all(|p| !p.last));
        assert_eq!(last.answer, Answer::Hunt(hunt(spec)));
        let tried: Vec<u32> = progress
            .iter()
            .map(|p| match p.answer {
                Answer::HuntProgress { tried, .. } => tried,
                ref other => panic!("{other:?}"),
            })
            .collect();
        assert!(tried.windows(2).all(|w| w[0] <= w[1]), "{tried:?}");
        // None within a small budget: progress, then the honest end.
        let none = replies(HuntSpec {
            budget: 40,
            kinds: KindSet::none().with(crate::lab::grading::hunt::FaultKind::Delayed),
            design: Preset::Fenced.design(),
            ..spec
        });
        let end = &none.last().unwrap().answer;
        assert_eq!(*end, Answer::Hunt(HuntOutcome::NoneWithin { tried: 40 }));
        assert_eq!(none.len(), 1 + 40 / HUNT_RUNS_PER_REPLY);
    }

    #[test]
    fn a_hunt_past_the_budget_or_without_kinds_is_refused() {
        let spec = HuntSpec {
            design: Preset::Atomic.design(),
            client: ClientStrategy::StableKey,
            seed: 2,
            budget: 200_001,
            kinds: KindSet::all(),
        };
        for bad in [
            spec,
            HuntSpec {
                budget: 5,
                kinds: KindSet::none(),
                ..spec
            },
        ] {
            let r = replies(bad);
            assert_eq!(r.len(), 1);
            assert!(matches!(r[0].answer, Answer::Error(_)), "{:?}", r[0]);
        }
    }

    #[test]
    fn a_schedule_runs_as_the_library_runs_it() {
        let schedule = crate::lab::grading::hunt::decode("1.a.s3500.m1").unwrap();
        let want = Want::RunSchedule {
            schedule: schedule.clone(),
            harness: ClientStrategy::StableKey.into(),
            design: Preset::Atomic.design(),
            seed: 1,
        };
        let mut task = Task::from_bytes(&Request { id: 1, want }.to_bytes());
        let reply = Reply::from_bytes(&task.next_bytes().unwrap()).unwrap();
        let Answer::Run { run, fix: None } = reply.answer else {
            panic!("a run");
        };
        let lib = crate::lab::run_schedule(&schedule, ClientStrategy::StableKey, Preset::Atomic, 1);
        assert_eq!(run.trace_digest(), lib.trace_digest());
        assert_eq!(run.final_report_count(), 2);
    }
}

#[cfg(test)]
mod fault_tests {
    use super::EngineFault;

    #[test]
    fn a_missing_file_is_a_redeploy_and_no_answer_is_no_network() {
        let why = || "the lab worker failed to load".to_string();
        assert_eq!(
            EngineFault::from_probe(Some(404), why()),
            EngineFault::Redeployed
        );
        assert_eq!(
            EngineFault::from_probe(Some(410), why()),
            EngineFault::Redeployed
        );
        assert_eq!(
            EngineFault::from_probe(None, why()),
            EngineFault::Offline(why())
        );
        assert_eq!(
            EngineFault::from_probe(Some(200), why()),
            EngineFault::Failed(why())
        );
        assert_eq!(
            EngineFault::from_probe(Some(500), why()),
            EngineFault::Failed(why())
        );
        assert!(!EngineFault::Redeployed.retryable());
        assert!(!EngineFault::NoWorkers(why()).retryable());
        assert!(EngineFault::Offline(why()).retryable());
        assert_eq!(
            EngineFault::Redeployed.to_string(),
            "a newer version of the app was deployed"
        );
    }
}
