//! The workbench's job: the lab engine grades the design on the whole
//! suite in one answer; the first suite on the page is then drawn a few
//! rows per frame (a later one replaces drawn rows at once, which costs far
//! less); then the engine answers the chapter's next step and each failing
//! row's smallest fix, one request after another. One [`EngineJob`], so the
//! page's one job hook drives it and its one watchdog times every answer.

use crate::lab::jobs::engine_job::{whole_suite, Answered, EngineJob};
use crate::lab::params::build::{BuildParams, SuiteState};
use crate::lab::view::reveal::{self, RowReveal};
use crate::lab::wire::{Answer, EngineFault, Want};

/// The workbench page's job.
pub type BuildJob = EngineJob<Workbench>;

/// The suite table's cells per row (for [`RowReveal`]).
pub const SUITE_COLUMNS: usize = 7;

/// What the workbench shows of one design's grading.
#[derive(Clone, Debug)]
pub struct Workbench {
    state: SuiteState,
    /// The rows drawn so far.
    reveal: RowReveal,
    /// Whether a whole suite was drawn on this page before.
    drawn_before: bool,
    /// Why the engine could not answer.
    error: Option<EngineFault>,
}

/// Grades `params` from `now_ms` on; `before` is what the page showed (its
/// rows tell what turned green, and whether a suite was drawn already).
pub fn build_job(params: &BuildParams, before: Option<&Workbench>, now_ms: f64) -> BuildJob {
    let want = Want::Suite {
        design: params.design,
        harness: params.harness,
        seed: params.seed,
        scenarios: params.suite.clone(),
    };
    let bench = Workbench {
        state: SuiteState::start(params.clone(), before.map(|b| &b.state)),
        reveal: RowReveal::all(0),
        drawn_before: before.is_some_and(|b| b.drawn_before || b.state.rows().is_some()),
        error: None,
    };
    EngineJob::start(want, bench, now_ms)
}

impl Workbench {
    /// Nothing asked yet: the suite of `params` without rows.
    pub fn idle(params: &BuildParams) -> Self {
        Workbench {
            state: SuiteState::start(params.clone(), None),
            reveal: RowReveal::all(0),
            drawn_before: false,
            error: None,
        }
    }

    pub fn state(&self) -> &SuiteState {
        &self.state
    }

    pub fn reveal(&self) -> RowReveal {
        self.reveal
    }

    pub fn error(&self) -> Option<&EngineFault> {
        self.error.as_ref()
    }

    /// Records the suite's rows and starts drawing them.
    fn take_rows(&mut self, rows: Vec<crate::lab::grading::suite::SuiteRow>) {
        let total = self.state.shown().len();
        let rows = match whole_suite(rows, total) {
            Ok(rows) => rows,
            Err(why) => return self.error = Some(EngineFault::Failed(why)),
        };
        for (i, row) in rows.into_iter().enumerate() {
            self.state.record_row(i, row);
        }
        self.reveal = if self.drawn_before {
            RowReveal::all(total)
        } else {
            reveal::rows(total, SUITE_COLUMNS)
        };
    }
}

/// The suite, then the next step, then each failing row's fix, in that
/// order: an answer to a fix is the first fix still owed.
impl Answered for Workbench {
    type Value = Answer;

    fn read(a: Answer) -> Result<Answer, Answer> {
        match a {
            Answer::Rows(_) | Answer::Next(_) | Answer::Fix(_) => Ok(a),
            other => Err(other),
        }
    }

    fn take(&mut self, answer: Result<Answer, EngineFault>, _now_ms: f64) {
        match answer {
            Ok(Answer::Rows(rows)) => self.take_rows(rows),
            Ok(Answer::Next(next)) => self.state.record_next(next),
            Ok(Answer::Fix(fix)) => match self.state.fixes_owed().first() {
                Some(scenario) => self.state.record_fix(*scenario, fix),
                None => self.error = Some(EngineFault::Failed("a fix nobody asked for".into())),
            },
            Ok(other) => self.error = Some(crate::lab::jobs::engine_job::unexpected(other)),
            Err(why) => self.error = Some(why),
        }
    }

    fn follow_up(&self) -> Option<Want> {
        if self.error.is_some() {
            return None;
        }
        let rows = self.state.rows()?;
        let b = &self.state.params;
        if self.state.next().got().is_none() {
            return Some(Want::Next {
                design: b.design,
                harness: b.harness,
                seed: b.seed,
                rows,
            });
        }
        let scenario = *self.state.fixes_owed().first()?;
        Some(Want::Fix {
            design: b.design,
            harness: b.harness,
            seed: b.seed,
            scenario,
            rows,
        })
    }

    fn drawing(&self) -> bool {
        !self.reveal.is_done()
    }

    fn part_drawn(&mut self, ms: f64) {
        self.reveal = reveal::sized(self.reveal, ms);
    }

    fn draw_part(&mut self) -> bool {
        self.reveal.advance()
    }

    /// Rows drawn over rows in the suite.
    fn share_done(&self) -> f64 {
        match self.state.shown().len() {
            0 => 1.0,
            total => self.reveal.shown() as f64 / total as f64,
        }
    }

    /// Every row that came is shown.
    fn cancelled(&mut self, _now_ms: f64) {
        self.reveal = RowReveal::all(self.state.shown().len());
    }
}
