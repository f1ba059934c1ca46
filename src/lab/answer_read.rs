//! A page's reader of the engine's replies that reads only the answers the
//! page asks for. Reading every kind of answer (a run's whole trace, a
//! matrix's cells, a suite's rows, a hunt's counterexamples) was the largest
//! single function of each lab view's wasm; a view that never asks for a
//! hunt need not carry the reader of one. Each page family names its kinds
//! once, as a constant (`ui::families`), and the reader is instantiated for
//! that constant, so the linker keeps only those kinds' readers.
//!
//! The binary form is `borsh`'s, which `wire` derives: a reply is its id
//! (`u64`), the answer (the variant's index as a `u8`, then its fields in
//! order) and `last` (a `bool`). The tests hold this reader equal to the
//! derived one on a reply of every kind.

use std::io;

use borsh::BorshDeserialize;

use super::wire::{Answer, Reply};

/// The kinds of answer, one bit each, by the variant's index in [`Answer`].
pub mod kinds {
    pub const RUN: u16 = 1 << 0;
    pub const COUNT: u16 = 1 << 1;
    pub const CELLS: u16 = 1 << 2;
    pub const ROWS: u16 = 1 << 3;
    pub const FIX: u16 = 1 << 4;
    pub const NEXT: u16 = 1 << 5;
    /// A hunt's progress and its end.
    pub const HUNT: u16 = 1 << 6 | 1 << 7;
    pub const HARNESS_ROW: u16 = 1 << 8;
    /// Every kind (tests, and a page that asks for everything).
    pub const ALL: u16 = RUN | COUNT | CELLS | ROWS | FIX | NEXT | HUNT | HARNESS_ROW;

    /// What each page family asks the engine for (`ui::families`): the
    /// run view its run, the matrix its cells, the workbench its suite, its
    /// fixes and its hunt, the exercises their counts, suites and harness
    /// rows (never a whole run: the engine judges a harness's runs).
    pub const LAB_RUN_PAGE: u16 = RUN;
    pub const MATRIX_PAGE: u16 = CELLS;
    pub const WORKBENCH_PAGE: u16 = ROWS | FIX | NEXT | HUNT;
    pub const EXERCISES_PAGE: u16 = COUNT | ROWS | HARNESS_ROW;
}

/// [`Answer::Error`]'s index: every page reads errors.
const ERROR_TAG: u8 = 9;

fn de<T: BorshDeserialize>(buf: &mut &[u8]) -> io::Result<T> {
    T::deserialize(buf)
}

/// Reads a binary reply, reading only the answers of `KINDS`. An answer of
/// another kind reads as [`Answer::Error`] naming it, marked `last`: only a
/// late reply to a request this page never made can be one (the engine is
/// passed on between families), and the engine drops replies to ids it is
/// not waiting for. All of `bytes` is read, or it is an error.
pub fn read_reply<const KINDS: u16>(bytes: &[u8]) -> Result<Reply, String> {
    read::<KINDS>(&mut &bytes[..]).map_err(|e| format!("unreadable reply: {e}"))
}

fn read<const KINDS: u16>(buf: &mut &[u8]) -> io::Result<Reply> {
    let id: u64 = de(buf)?;
    let tag: u8 = de(buf)?;
    let Some(answer) = read_answer::<KINDS>(tag, buf)? else {
        let answer = Answer::Error(format!("an answer this page never asks for ({tag})"));
        return Ok(Reply {
            id,
            answer,
            last: true,
        });
    };
    let last: bool = de(buf)?;
    if !buf.is_empty() {
        return Err(invalid("Unexpected length of input"));
    }
    Ok(Reply { id, answer, last })
}

fn invalid(why: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, why)
}

/// The answer of index `tag`, if it is of `KINDS` (or an error). Each arm
/// is guarded by its kind's bit of the constant `KINDS`, so the compiler
/// drops the readers of the kinds a page never asks for (a test on `tag`
/// alone left every reader in every page).
fn read_answer<const KINDS: u16>(tag: u8, buf: &mut &[u8]) -> io::Result<Option<Answer>> {
    use kinds::*;
    let asks = |kind: u16| KINDS & kind != 0;
    Ok(Some(match tag {
        0 if asks(RUN) => Answer::Run {
            run: de(buf)?,
            fix: de(buf)?,
        },
        1 if asks(COUNT) => Answer::Count(de(buf)?),
        2 if asks(CELLS) => Answer::Cells(de(buf)?),
        3 if asks(ROWS) => Answer::Rows(de(buf)?),
        4 if asks(FIX) => Answer::Fix(de(buf)?),
        5 if asks(NEXT) => Answer::Next(de(buf)?),
        6 if asks(HUNT) => Answer::HuntProgress {
            tried: de(buf)?,
            shrinking: de(buf)?,
            shrink_steps: de(buf)?,
        },
        7 if asks(HUNT) => Answer::Hunt(de(buf)?),
        8 if asks(HARNESS_ROW) => Answer::HarnessRow(de(buf)?),
        ERROR_TAG => Answer::Error(de(buf)?),
        0..ERROR_TAG => return Ok(None),
        _ => return Err(invalid("Unexpected variant index")),
    }))
}

/// The bit of `answer`'s kind (exhaustive: a new kind of answer must be
/// given its bit, and the reader its fields, before this compiles).
pub fn kind_bit(answer: &Answer) -> u16 {
    match answer {
        Answer::Run { .. } => kinds::RUN,
        Answer::Count(_) => kinds::COUNT,
        Answer::Cells(_) => kinds::CELLS,
        Answer::Rows(_) => kinds::ROWS,
        Answer::Fix(_) => kinds::FIX,
        Answer::Next(_) => kinds::NEXT,
        Answer::HuntProgress { .. } | Answer::Hunt(_) => kinds::HUNT,
        Answer::HarnessRow(_) => kinds::HARNESS_ROW,
        Answer::Error(_) => 0,
    }
}

#[cfg(all(test, feature = "sqlite"))]
mod tests {
    use super::kinds::*;
    use super::*;
    use crate::lab::grading::hunt::{HuntSpec, KindSet};
    use crate::lab::wire::{Request, Task, Want};
    use crate::lab::{ClientStrategy, Design, Harness, Preset, Scenario};

    type ReadReply = fn(&[u8]) -> Result<Reply, String>;

    /// The engine's binary replies to `want` (as request 9).
    fn replies(want: Want) -> Vec<Vec<u8>> {
        let mut task = Task::from_bytes(&Request { id: 9, want }.to_bytes());
        std::iter::from_fn(|| task.next_bytes()).collect()
    }

    /// A reply of every kind the engine gives, an error included.
    fn one_of_each() -> Vec<Vec<u8>> {
        let combo = (
            Scenario::ResponseLost,
            ClientStrategy::Naive.into(),
            Design::NONE,
        );
        let design = Preset::LeasedUnguarded.design();
        let harness: Harness = ClientStrategy::StableKey.into();
        let scenarios = vec![Scenario::None, Scenario::LeaseOverlap];
        let rows = crate::lab::grading::suite::suite(design, harness, 2, &scenarios);
        let spec = HuntSpec {
            design: Preset::Atomic.design(),
            client: ClientStrategy::StableKey,
            seed: 2,
            budget: 200,
            kinds: KindSet::all(),
        };
        let wants = [
            Want::Run { combo, seed: 1 },
            Want::Count {
                combo,
                seed: 1,
                measure: Default::default(),
            },
            Want::Matrix {
                combos: vec![combo; 3],
                seed: 1,
            },
            Want::Suite {
                design,
                harness,
                seed: 2,
                scenarios,
            },
            Want::Fix {
                design,
                harness,
                seed: 2,
                scenario: Scenario::LeaseOverlap,
                rows: rows.clone(),
            },
            Want::Next {
                design,
                harness,
                seed: 2,
                rows,
            },
            Want::Hunt { spec },
            Want::HarnessRow {
                scenario: Scenario::LeaseOverlap,
                harness,
                design,
                seed: 2,
            },
            Want::Matrix {
                combos: vec![],
                seed: 1,
            },
        ];
        wants.into_iter().flat_map(replies).collect()
    }

    #[test]
    fn every_kind_reads_as_the_derived_reader_reads_it() {
        let mut seen = 0;
        for bytes in one_of_each() {
            let derived = Reply::from_bytes(&bytes).unwrap();
            assert_eq!(read_reply::<ALL>(&bytes), Ok(derived.clone()));
            // Read where its kind is asked for; else an error naming it.
            let bit = kind_bit(&derived.answer);
            let readers: [(u16, ReadReply); 5] = [
                (0, read_reply::<0>),
                (LAB_RUN_PAGE, read_reply::<LAB_RUN_PAGE>),
                (MATRIX_PAGE, read_reply::<MATRIX_PAGE>),
                (WORKBENCH_PAGE, read_reply::<WORKBENCH_PAGE>),
                (EXERCISES_PAGE, read_reply::<EXERCISES_PAGE>),
            ];
            for (mask, read) in readers {
                let got = read(&bytes).unwrap();
                if bit == 0 || mask & bit != 0 {
                    assert_eq!(got, derived, "kinds {mask:#x}");
                    continue;
                }
                assert!(got.id == 9 && got.last, "{got:?}");
                assert!(
                    matches!(&got.answer, Answer::Error(e) if e.starts_with("an answer this page never asks for")),
                    "{got:?}"
                );
            }
            seen |= bit;
        }
        assert_eq!(seen, ALL, "a reply of every kind");
    }

    #[test]
    fn a_damaged_reply_is_an_error_as_with_the_derived_reader() {
        for bytes in one_of_each() {
            for cut in (0..bytes.len()).step_by(53) {
                assert!(read_reply::<ALL>(&bytes[..cut]).is_err(), "cut at {cut}");
            }
            let mut longer = bytes.clone();
            longer.push(1);
            assert!(read_reply::<ALL>(&longer).is_err());
        }
        let unknown_kind = [1u8, 0, 0, 0, 0, 0, 0, 0, ERROR_TAG + 1];
        assert!(read_reply::<ALL>(&unknown_kind).is_err());
    }
}
