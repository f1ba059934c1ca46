//! Drawing a table that arrives whole (the matrix, the workbench's first
//! suite) a few rows per frame: drawn in one render, 156 cells made one
//! main-thread task of 80–100 ms (building the cells, inserting them, then
//! laying out the table); a part of about [`CELLS_PER_PART`] cells, each
//! after a frame, keeps every task far inside 50 ms. Which rows a part
//! shows is decided here; the UI only counts frames.

use crate::kernel::job::Reveal;

/// Cells one part draws at most (a row is never split).
pub const CELLS_PER_PART: usize = 40;

/// How many of a table's rows are shown: the kernel's one count of a
/// drawing in parts, in rows.
pub type RowReveal = Reveal;

/// `total` rows of `cells_per_row` cells each, the first part shown; each
/// part adds as many whole rows as fit in [`CELLS_PER_PART`] (at least one).
pub fn rows(total: usize, cells_per_row: usize) -> RowReveal {
    let per_part = (CELLS_PER_PART / cells_per_row.max(1)).max(1);
    Reveal::new(total, per_part, per_part)
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
    fn the_matrix_shows_six_rows_per_part_and_ends_with_every_row() {
        // 26 scenarios × 6 clients: 36 cells a part, 5 parts.
        assert_eq!(parts(rows(26, 6)), vec![6, 12, 18, 24, 26]);
    }

    #[test]
    fn wide_rows_still_show_one_row_a_part_and_narrow_rows_many() {
        assert_eq!(parts(rows(3, 100)), vec![1, 2, 3]);
        assert_eq!(parts(rows(26, 1)), vec![26]);
        assert_eq!(parts(rows(26, 0)), vec![26]);
    }

    #[test]
    fn no_part_exceeds_the_cell_budget_unless_one_row_does() {
        for cols in 1..=50 {
            let r = rows(26, cols);
            assert!(
                r.per_part() * cols <= CELLS_PER_PART || r.per_part() == 1,
                "{cols} columns"
            );
            assert!(r.shown() >= 1);
        }
    }

    #[test]
    fn advance_says_whether_more_follows_and_never_passes_the_end() {
        // 8 cells a row: 5 rows a part.
        let mut r = rows(12, 8);
        assert!(r.shows(4) && !r.shows(5));
        assert!(r.advance());
        assert_eq!(r.shown(), 10);
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
