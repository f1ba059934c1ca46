//! The matrix page's job: one request for every cell of the shown view (and,
//! scenario × client, the previous server's column) to the lab engine, whose
//! one reply is then drawn a few rows per frame ([`RowReveal`]), so no task
//! draws the whole table. Progress counts the drawn cells; a cancel keeps
//! what was drawn; an engine that fails or falls silent ends the job with
//! its fault, which the table keeps until it is computed again.

use crate::kernel::job::{Job, JobStatus};
use crate::lab::jobs::engine_job::{Answered, EngineJob};
use crate::lab::jobs::matrix_job::MatrixCells;
use crate::lab::model::ids::Scenario;
use crate::lab::model::result::Cell;
use crate::lab::params::MatrixParams;
use crate::lab::view::reveal::{self, RowReveal};
use crate::lab::wire::{Answer, EngineFault, Want};

/// The matrix page's job.
pub type MatrixTableJob = EngineJob<MatrixTable>;

/// The matrix's cells from the engine, drawn in parts.
#[derive(Clone, Debug)]
pub struct MatrixTable {
    /// The shown view's rows, and its cells per row.
    rows: usize,
    width: usize,
    cells: MatrixCells,
    /// The rows drawn so far (none before the reply).
    reveal: RowReveal,
    /// Why the engine could not compute.
    error: Option<EngineFault>,
}

/// Asks for `m`'s cells (then the previous server's) from `now_ms` on.
pub fn matrix_job(m: &MatrixParams, now_ms: f64) -> MatrixTableJob {
    let rows = Scenario::ALL.len();
    let width = m.cells().len() / rows.max(1);
    let want = matrix_want(m);
    let asked = match &want {
        Want::Matrix { combos, .. } => combos.len(),
        _ => 0,
    };
    let table = MatrixTable {
        rows,
        width,
        cells: MatrixCells::new(asked),
        reveal: reveal::rows(0, 1),
        error: None,
    };
    EngineJob::start(want, table, now_ms)
}

/// The one request of the matrix page for `m`: every shown cell, then the
/// previous server's.
pub fn matrix_want(m: &MatrixParams) -> Want {
    let mut combos = m.cells();
    combos.extend(m.previous_cells().unwrap_or_default());
    Want::Matrix {
        combos,
        seed: m.seed,
    }
}

impl MatrixTable {
    /// Every requested cell received so far: the shown view's, then the
    /// previous server's.
    pub fn counts(&self) -> &[Option<Cell>] {
        self.cells.cells()
    }

    /// The shown view's cells.
    pub fn shown(&self) -> usize {
        self.rows * self.width
    }

    pub fn reveal(&self) -> RowReveal {
        self.reveal
    }

    pub fn error(&self) -> Option<&EngineFault> {
        self.error.as_ref()
    }

    /// How many cells there are, and how many are drawn with a count (a
    /// row counts once it is drawn; the previous server's column counts as
    /// it arrives).
    pub fn counted(&self) -> (usize, usize) {
        let shown = self.shown();
        let counts = self.cells.cells();
        let drawn = self.reveal.shown() * self.width;
        let some = |c: &&Option<Cell>| c.is_some();
        let done = counts.iter().take(shown.min(drawn)).filter(some).count()
            + counts.iter().skip(shown).filter(some).count();
        (counts.len().max(shown), done)
    }
}

impl MatrixTableJob {
    /// How long the whole table took, once every cell is in and drawn.
    pub fn elapsed_ms(&self) -> Option<f64> {
        (self.status() == JobStatus::Done && self.out.cells.is_done())
            .then(|| self.timing().elapsed_ms())
    }
}

/// The reply (cells or a failure) is drawn a few rows per frame, the first
/// part at once; a failure too, so the table keeps saying why.
impl Answered for MatrixTable {
    type Value = Vec<Cell>;

    fn read(a: Answer) -> Result<Vec<Cell>, Answer> {
        match a {
            Answer::Cells(c) => Ok(c),
            other => Err(other),
        }
    }

    fn take(&mut self, answer: Result<Vec<Cell>, EngineFault>, _now_ms: f64) {
        match answer {
            Ok(got) => {
                for (i, cell) in got.into_iter().enumerate() {
                    self.cells.record(i, cell);
                }
            }
            Err(why) => self.error = Some(why),
        }
        self.reveal = reveal::rows(self.rows, self.width);
    }

    fn drawing(&self) -> bool {
        !self.reveal.is_done()
    }

    fn draw_part(&mut self) -> bool {
        self.reveal.advance()
    }

    fn part_drawn(&mut self, ms: f64) {
        self.reveal = reveal::sized(self.reveal, ms);
    }

    fn share_done(&self) -> f64 {
        match self.counted() {
            (0, _) => 1.0,
            (total, done) => done as f64 / total as f64,
        }
    }
}
