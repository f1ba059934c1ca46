//! Open spans of time drawn as bars on a lane: a handler's stall (from the
//! step it starts working to the step it wakes) and a harness wait (from a
//! backoff or `Retry-After` decision to the next send).

use super::notes::Long;
use super::Cols;
use crate::lab::{Lane, Next, Step, StepKind};

/// A bar drawn on a lane, from `y0` to `y1`.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub lane: Lane,
    pub y0: f64,
    pub y1: f64,
    pub class: &'static str,
}

impl Bar {
    /// The bar's left edge in columns `c` (bars are 8 px wide).
    pub fn x(&self, c: Cols) -> f64 {
        c.lane_x(self.lane) - 4.0
    }

    /// Its drawn height: at least 2 px, so a short span still shows.
    pub fn height(&self) -> f64 {
        (self.y1 - self.y0).max(2.0)
    }
}

/// The spans of the steps seen so far, in step order.
#[derive(Default)]
pub struct Spans {
    stalls: Vec<(usize, f64, &'static str)>,
    wait: Option<f64>,
    /// The spans that have ended.
    pub done: Vec<Bar>,
}

impl Spans {
    /// Follows step `s`, whose row's middle is at `mid`.
    pub fn track(&mut self, s: &Step, mid: f64) {
        match &s.kind {
            StepKind::Server {
                request,
                works_until_ms: Some(u),
                ..
            } if u - s.time_ms > crate::lab::WORK_MAX_MS => {
                self.stalls
                    .push((*request, mid, Long::of(u - s.time_ms).bar()))
            }
            StepKind::Server { request, .. } => {
                if let Some(i) = self.stalls.iter().position(|(r, ..)| r == request) {
                    let (_, y0, class) = self.stalls.remove(i);
                    self.end(Lane::Server, y0, mid, class);
                }
            }
            StepKind::Timeout { next, .. } | StepKind::Received { next, .. }
                if !matches!(next, Next::Finish { .. }) =>
            {
                self.wait = Some(mid);
            }
            StepKind::Send { .. } => {
                if let Some(y0) = self.wait.take() {
                    self.end(Lane::Harness, y0, mid, "wait-bar");
                }
            }
            _ => {}
        }
    }

    fn end(&mut self, lane: Lane, y0: f64, y1: f64, class: &'static str) {
        self.done.push(Bar {
            lane,
            y0,
            y1,
            class,
        });
    }
}
