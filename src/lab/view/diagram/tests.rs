//! The diagram's layout, natively, over every preset run.

use super::*;
use crate::lab::{ClientStrategy, Preset, Scenario, SEED_BOUND};

/// Every scenario × client × server preset at the default seed.
fn runs() -> impl Iterator<Item = Run> {
    let seed = SEED_BOUND.default as u64;
    Scenario::ALL.into_iter().flat_map(move |sc| {
        ClientStrategy::ALL.into_iter().flat_map(move |c| {
            Preset::ALL
                .into_iter()
                .map(move |p| crate::lab::run(sc, c, p, seed))
        })
    })
}

#[test]
fn the_lanes_fit_side_by_side_on_a_360_px_phone() {
    let hours = runs()
        .find(|r| r.steps().iter().any(|s| s.time_ms >= 3_600_000))
        .expect("a run passes an hour");
    let seconds = runs().next().unwrap();
    for run in [&seconds, &hours] {
        let c = Cols::for_run(run, true);
        let half = c.lane_w / 2.0;
        let mut right = c.time_w;
        for lane in Lane::ALL {
            let x = c.lane_x(lane);
            assert!(x - half >= right, "{lane:?} overlaps what is left of it");
            right = x + half;
        }
        assert!(right <= 360.0, "the last lane ends at {right} px");
        // Wide lanes, for a wide screen, are wider.
        let wide = Cols::for_run(run, false);
        assert!(wide.lane_w > c.lane_w && wide.time_w == c.time_w);
        assert_eq!(wide.width() - c.width(), 5.0 * (wide.lane_w - c.lane_w));
    }
    assert!(Cols::for_run(&hours, true).time_w > Cols::for_run(&seconds, true).time_w);
}

#[test]
fn every_step_has_a_row_tall_enough_for_its_arrows_and_note() {
    for run in runs() {
        let layout = Layout::of(&run, false);
        let steps = run.steps();
        assert_eq!(layout.rows.len(), steps.len());
        let mut top = TOP;
        for (s, row) in steps.iter().zip(&layout.rows) {
            assert_eq!(row.top, top, "rows follow each other");
            let parts = s.arrows.len() + usize::from(row.note.is_some());
            assert_eq!(row.height, parts.max(1) as f64 * ROW_H);
            assert_eq!(row.lines.len(), s.arrows.len());
            let inside = |y: f64| y > row.top && y < row.top + row.height;
            assert!(inside(row.time_y));
            let mut ys: Vec<f64> = row.lines.iter().map(|l| l.y).collect();
            ys.extend(row.note.as_ref().map(|n| n.y));
            assert!(ys.iter().all(|y| inside(*y)), "{ys:?} in {row:?}");
            assert!(
                ys.windows(2).all(|w| w[1] - w[0] >= ROW_H - 2.0),
                "one row each: {ys:?}"
            );
            top += row.height;
        }
        assert_eq!(layout.bottom(steps.len()), top);
        assert_eq!(layout.bottom(0), TOP);
    }
}

#[test]
fn a_lost_message_stops_halfway_under_its_label() {
    let mut seen = 0;
    for run in runs().take(200) {
        let layout = Layout::of(&run, false);
        for line in layout.rows.iter().flat_map(|r| &r.lines).filter(|l| l.lost) {
            seen += 1;
            assert_eq!(line.end() * 2.0, line.x1 + line.x2);
            let (x, _) = line.label_at();
            assert!((x - line.x1).abs() < (line.end() - line.x1).abs());
            let lost = Arg::Key("lab.arrow.lost".into());
            let ends_lost = matches!(
                line.text.args.as_slice(),
                [(_, Arg::Joined(_, parts))] if parts.last() == Some(&lost)
            );
            assert!(ends_lost, "{:?} ends in «lost»", line.text);
        }
    }
    assert!(seen > 0, "some run loses a message");
}

#[test]
fn the_notifier_lane_is_drawn_on_only_in_runs_that_call_the_notifier() {
    let (mut with, mut without) = (0, 0);
    for run in runs() {
        let layout = Layout::of(&run, false);
        let x = layout.cols.lane_x(Lane::Notifier);
        let drawn = layout.rows.iter().any(|r| {
            r.lines.iter().any(|l| l.x1 == x || l.x2 == x)
                || r.note
                    .as_ref()
                    .is_some_and(|n| n.note.lane == Lane::Notifier)
        });
        let calls = !run.note_calls().is_empty();
        assert_eq!(drawn, calls, "{:?}", run.design);
        if calls {
            with += 1;
        } else {
            without += 1;
        }
    }
    assert!(
        with > 0 && without > 0,
        "{with} runs call it, {without} don't"
    );
}

#[test]
fn bars_span_drawn_rows_on_their_own_lane() {
    let mut classes = std::collections::BTreeSet::new();
    for run in runs() {
        let layout = Layout::of(&run, true);
        let steps = run.steps();
        let bottom = layout.bottom(steps.len());
        for upto in [steps.len() / 2, steps.len()] {
            for bar in layout.bars(&steps[..upto]) {
                classes.insert(bar.class);
                assert!(bar.y0 >= TOP && bar.y1 > bar.y0 && bar.y1 <= bottom);
                let lane = if bar.class == "wait-bar" {
                    Lane::Harness
                } else {
                    Lane::Server
                };
                assert_eq!(bar.lane, lane);
                assert_eq!(bar.x(layout.cols) + 4.0, layout.cols.lane_x(lane));
            }
        }
    }
    let all: Vec<_> = classes.into_iter().collect();
    assert_eq!(all, ["stall-bar", "wait-bar", "work-bar"]);
}
