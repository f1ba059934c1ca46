//! The CSV the `herd` CLI prints, built here so tests check it natively and
//! the page's numbers and the CLI's come from one core.

use super::stats::PointSummary;
use crate::kernel::csv::row;
use crate::kernel::num::fixed;

/// The header row: the columns of [`sweep_csv`].
pub const HEADER: &str = "clients,strategy,mean_time_ms,mean_calls";

/// `herd run` and `herd sweep`: one row per finished point, in order, the
/// means to three decimals.
pub fn sweep_csv(points: &[PointSummary]) -> String {
    let mut out = format!("{HEADER}\n");
    for p in points {
        out.push_str(&row(&[
            p.clients.to_string(),
            p.strategy.id().to_string(),
            fixed(p.mean_time_ms, 3),
            fixed(p.mean_calls, 3),
        ]));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::herd::{run_point, SimConfig, Strategy};

    #[test]
    fn one_row_per_point_with_three_decimals() {
        let cfg = SimConfig::with_clients(5);
        let p = run_point(&cfg, Strategy::Full, 2, 3);
        let text = sweep_csv(&[p.clone(), p.clone()]);
        let row = format!("5,full,{:.3},{:.3}", p.mean_time_ms, p.mean_calls);
        assert_eq!(text, format!("{HEADER}\n{row}\n{row}\n"));
        assert_eq!(sweep_csv(&[]), format!("{HEADER}\n"));
    }
}
