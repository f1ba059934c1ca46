//! Drawing a table that arrives whole (the matrix, the workbench's first
//! suite) a few rows per frame: drawn in one render, 156 cells made one
//! main-thread task of 80–100 ms (building the cells, inserting them, then
//! laying out the table). The first part is small ([`FIRST_CELLS`]: the
//! reply's own task draws it, at a cost not known yet); each later part,
//! after a frame, is sized from what the last one cost to render and lay
//! out ([`sized`]: about [`PART_MS`], never more than [`GROWTH`] times the
//! last part), so a fast machine draws the table in few frames and a slow
//! one in more, each task far inside 50 ms. Which rows a part shows is decided
//! here; the UI only counts frames and times the renders.

use crate::kernel::job::Reveal;

/// Cells the first part draws at most (a row is never split).
pub const FIRST_CELLS: usize = 12;

/// What one part's render may cost: its layout follows in the frame's own
/// task, and both must stay far inside the 50 ms of a long task.
pub const PART_MS: f64 = 24.0;

/// A part draws at most this many times the rows of the last one (one
/// cheap part says little about the next).
pub const GROWTH: usize = 4;

/// How many of a table's rows are shown: the kernel's one count of a
/// drawing in parts, in rows.
pub type RowReveal = Reveal;

/// `total` rows of `cells_per_row` cells each, the first part shown (as
/// many whole rows as fit in [`FIRST_CELLS`], at least one); each part adds
/// as many again until [`sized`] says otherwise.
pub fn rows(total: usize, cells_per_row: usize) -> RowReveal {
    let per_part = (FIRST_CELLS / cells_per_row.max(1)).max(1);
    Reveal::new(total, per_part, per_part)
}

/// `r` with its next parts sized from the last one's render, `ms` for the
/// rows it showed: as many rows as fit in [`PART_MS`] at that cost, at
/// least one, at most [`GROWTH`] times as many. A time that is no time
/// (none, negative, not a number) changes nothing.
pub fn sized(r: RowReveal, ms: f64) -> RowReveal {
    let last = r.last_step();
    if last == 0 || !ms.is_finite() || ms <= 0.0 {
        return r;
    }
    let per_row = ms / last as f64;
    let fit = (PART_MS / per_row).floor().min((last * GROWTH) as f64) as usize;
    r.with_per_part(fit.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parts a reveal goes through, as the rows shown after each.
    fn parts(mut r: RowReveal) -> Vec<usize> {
        let mut out = vec![r.shown()];
        while !r.is_done() {
            r.advance();
            out.push(r.shown());
        }
        out
    }

    #[test]
    fn the_matrix_shows_two_rows_first_and_ends_with_every_row() {
        // 26 scenarios × 6 clients: 12 cells a part until sized.
        assert_eq!(
            parts(rows(26, 6)),
            vec![2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26]
        );
    }

    /// The rows shown after each part when every row costs `row_ms`.
    fn sized_parts(total: usize, width: usize, row_ms: f64) -> Vec<usize> {
        let mut r = rows(total, width);
        let mut out = vec![r.shown()];
        while !r.is_done() {
            r = sized(r, r.last_step() as f64 * row_ms);
            r.advance();
            out.push(r.shown());
        }
        out
    }

    #[test]
    fn a_fast_render_draws_the_matrix_in_three_parts() {
        // 1 ms a row: 2 rows, then 8 (at most 4 times 2), then the rest.
        assert_eq!(sized_parts(26, 6, 1.0), vec![2, 10, 26]);
    }

    #[test]
    fn a_slow_render_draws_more_and_smaller_parts_within_the_budget() {
        // 8 ms a row (a CPU four times slower): 3 rows a part.
        let parts = sized_parts(26, 6, 8.0);
        assert_eq!(parts, vec![2, 5, 8, 11, 14, 17, 20, 23, 26]);
        // 60 ms a row: one row a part, never none.
        assert_eq!(sized_parts(3, 24, 60.0), vec![1, 2, 3]);
        for w in parts.windows(2).skip(1) {
            assert!((w[1] - w[0]) as f64 * 8.0 <= PART_MS);
        }
    }

    #[test]
    fn no_time_changes_nothing() {
        let r = rows(26, 6);
        for ms in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert_eq!(sized(r, ms).per_part(), r.per_part());
        }
    }

    #[test]
    fn wide_rows_still_show_one_row_a_part_and_narrow_rows_many() {
        assert_eq!(parts(rows(3, 100)), vec![1, 2, 3]);
        assert_eq!(parts(rows(26, 1)), vec![12, 24, 26]);
        assert_eq!(parts(rows(26, 0)), vec![12, 24, 26]);
    }

    #[test]
    fn no_first_part_exceeds_the_cell_budget_unless_one_row_does() {
        for cols in 1..=50 {
            let r = rows(26, cols);
            assert!(
                r.per_part() * cols <= FIRST_CELLS || r.per_part() == 1,
                "{cols} columns"
            );
            assert!(r.shown() >= 1);
        }
    }

    #[test]
    fn advance_says_whether_more_follows_and_never_passes_the_end() {
        // 4 cells a row: 3 rows a part.
        let mut r = rows(12, 4);
        assert!(r.shows(2) && !r.shows(3));
        assert!(r.advance());
        assert_eq!(r.shown(), 6);
        assert!(r.advance());
        assert!(!r.advance());
        assert_eq!(r.shown(), 12);
        assert!(!r.advance());
        assert_eq!(r.shown(), 12);
        assert!(r.is_done() && r.shows(11) && !r.shows(12));
    }

    #[test]
    fn an_empty_table_and_a_shown_table_are_done() {
        assert!(rows(0, 6).is_done());
        let all = RowReveal::all(26);
        assert!(all.is_done() && all.shows(25));
    }
}
