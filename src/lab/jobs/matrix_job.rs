//! The matrix as a job: a list of (scenario, client, design) combinations at
//! one seed, computed one cell per step (the workbench's suite is such a
//! list too, graded as rows). The lab engine's worker drives a
//! [`MatrixJob`] and sends every cell as it finishes; the page collects them
//! in [`MatrixCells`] and draws the table from it. Both are plain state, so
//! the order of the cells, the progress and the end are tested natively.

use crate::lab::model::design::Combo;
use crate::lab::model::result::Cell;

/// The engine's side: which cell comes next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixJob {
    combos: Vec<Combo>,
    seed: u64,
    next: usize,
}

impl MatrixJob {
    pub fn new(combos: Vec<Combo>, seed: u64) -> Self {
        Self {
            combos,
            seed,
            next: 0,
        }
    }

    pub fn total(&self) -> usize {
        self.combos.len()
    }

    /// The choices of cell `i` (panics outside the job).
    pub fn combo(&self, i: usize) -> Combo {
        self.combos[i]
    }

    pub fn completed(&self) -> usize {
        self.next
    }

    pub fn is_done(&self) -> bool {
        self.next >= self.combos.len()
    }

    /// Computes the next cell: its index and value; `None` once done.
    #[cfg(feature = "sqlite")]
    pub fn step(&mut self) -> Option<(usize, Cell)> {
        let (i, run) = self.step_run()?;
        Some((i, run.cell()))
    }

    /// Computes the next cell's run (no table snapshots); `None` once done.
    #[cfg(feature = "sqlite")]
    pub fn step_run(&mut self) -> Option<(usize, crate::lab::model::result::Run)> {
        let (sc, cl, d) = *self.combos.get(self.next)?;
        let i = self.next;
        self.next += 1;
        Some((
            i,
            crate::lab::model::sim::run_fast(&sc.schedule(), cl, d, self.seed),
        ))
    }
}

/// The page's side: the cells received so far, by index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatrixCells {
    cells: Vec<Option<Cell>>,
}

impl MatrixCells {
    /// `total` cells, none received yet.
    pub fn new(total: usize) -> Self {
        Self {
            cells: vec![None; total],
        }
    }

    /// Stores a received cell; an index outside the matrix is refused
    /// (`false`), so a stale or garbled reply cannot grow the table.
    pub fn record(&mut self, index: usize, cell: Cell) -> bool {
        match self.cells.get_mut(index) {
            Some(slot) => {
                *slot = Some(cell);
                true
            }
            None => false,
        }
    }

    pub fn total(&self) -> usize {
        self.cells.len()
    }

    pub fn completed(&self) -> usize {
        self.cells.iter().filter(|c| c.is_some()).count()
    }

    pub fn is_done(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    pub fn cells(&self) -> &[Option<Cell>] {
        &self.cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::ToolOutcome;

    fn some_cell(reports: usize) -> Cell {
        let ending = crate::lab::Ending::of(reports, ToolOutcome::Created, false);
        Cell::sample(reports, ending, Default::default())
    }

    #[test]
    fn cells_record_in_any_order_and_refuse_foreign_indices() {
        let mut m = MatrixCells::new(3);
        assert!(!m.is_done());
        assert!(m.record(2, some_cell(2)));
        assert!(!m.record(3, some_cell(1)));
        assert_eq!(m.completed(), 1);
        assert!(m.record(0, some_cell(1)) && m.record(1, some_cell(0)));
        assert!(m.is_done());
        assert_eq!(m.total(), 3);
        assert_eq!(m.cells()[2], Some(some_cell(2)));
    }

    #[test]
    fn an_empty_matrix_is_done_at_once() {
        assert!(MatrixCells::new(0).is_done());
        assert!(MatrixJob::new(Vec::new(), 1).is_done());
    }

    #[cfg(feature = "sqlite")]
    #[test]
    fn the_job_computes_every_cell_once_in_order() {
        use crate::lab::{cell, MatrixParams};
        let m = MatrixParams::default();
        let combos = m.cells();
        let mut job = MatrixJob::new(combos.clone(), 5);
        let mut got = MatrixCells::new(job.total());
        let mut order = Vec::new();
        while let Some((i, c)) = job.step() {
            assert_eq!(job.completed(), i + 1);
            assert!(got.record(i, c));
            order.push(i);
        }
        assert!(job.is_done() && got.is_done());
        assert_eq!(order, (0..combos.len()).collect::<Vec<_>>());
        assert_eq!(job.step(), None);
        for (i, (sc, cl, sv)) in combos.into_iter().enumerate() {
            assert_eq!(got.cells()[i], Some(cell(sc, cl, sv, 5)));
        }
    }
}
