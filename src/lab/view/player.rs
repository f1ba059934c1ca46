//! The lab run view's state: parameters, the shown run, the current step
//! and playback. All changes go through one reducer ([`LabState::apply`]), so
//! the page's interval timer and key listener never see stale state. Runs
//! come from the lab engine's worker: a picker change marks the state
//! `computing`, and the engine's answer arrives as [`Action::Loaded`].

use std::rc::Rc;

use crate::kernel::params::Notice;
use crate::lab::Combo;
use crate::lab::{ClientStrategy, FaultSchedule, Harness, LabParams, Preset, Run, Scenario, Speed};

/// Everything the run view shows.
#[derive(Clone)]
pub struct LabState {
    pub params: LabParams,
    /// The run shown: the one `params` name, or while `computing` the
    /// previous one.
    pub run: Rc<Run>,
    /// 0 = before the first step; `run.steps().len()` = the end.
    pub step: usize,
    pub playing: bool,
    /// The nearest combination that ends well, if this run does not.
    pub fix: Option<(ClientStrategy, Preset)>,
    /// The engine is computing the run `params` name.
    pub computing: bool,
}

impl PartialEq for LabState {
    fn eq(&self, o: &Self) -> bool {
        self.params == o.params
            && Rc::ptr_eq(&self.run, &o.run)
            && self.step == o.step
            && self.playing == o.playing
            && self.fix == o.fix
            && self.computing == o.computing
    }
}

/// What the engine is asked for: the run of these choices at this seed,
/// following the URL's own fault schedule if it has one.
pub type Wanted = (Combo, u64, Option<FaultSchedule>);

/// What the engine is asked for, for these parameters.
pub fn wanted(p: &LabParams) -> Wanted {
    (p.combo(), p.seed, p.schedule.clone())
}

impl LabState {
    /// The state once the first run has arrived; the URL's step is resolved
    /// against it (a notice if it was out of range).
    pub fn first(
        params: LabParams,
        run: Rc<Run>,
        fix: Option<(ClientStrategy, Preset)>,
    ) -> (Self, Option<Notice>) {
        let (step, notice) = params.resolve_step(run.steps().len());
        let state = Self {
            params,
            run,
            step,
            playing: false,
            fix,
            computing: false,
        };
        (state, notice)
    }

    pub fn total(&self) -> usize {
        self.run.steps().len()
    }

    fn with_params(&self, params: LabParams) -> Self {
        let computing = wanted(&params) != wanted(&self.params) || self.computing;
        Self {
            params,
            playing: false,
            computing,
            ..self.clone()
        }
    }

    fn loaded(&self, answer: Loaded) -> Self {
        if answer.wanted != wanted(&self.params) {
            return self.clone();
        }
        // Stay at the end if we were there; otherwise start over.
        let step = if self.step >= self.total() {
            answer.run.steps().len()
        } else {
            0
        };
        Self {
            run: answer.run,
            fix: answer.fix,
            step,
            playing: false,
            computing: false,
            params: self.params.clone(),
        }
    }
}

/// The engine's answer for one request.
pub struct Loaded {
    pub wanted: Wanted,
    pub run: Rc<Run>,
    pub fix: Option<(ClientStrategy, Preset)>,
}

/// What the controls, keys and the engine can do.
pub enum Action {
    Forward,
    Back,
    ToStart,
    ToEnd,
    TogglePlay,
    Tick,
    Scenario(Scenario),
    Harness(Harness),
    Server(Preset),
    Seed(u64),
    Speed(Speed),
    Loaded(Loaded),
}

impl LabState {
    /// The state after `action`; the page's reducer.
    pub fn apply(self: Rc<Self>, action: Action) -> Rc<Self> {
        let total = self.total();
        let mut s = (*self).clone();
        let params = |f: &dyn Fn(&mut LabParams)| {
            let mut p = self.params.clone();
            f(&mut p);
            Rc::new(self.with_params(p))
        };
        match action {
            Action::Forward => {
                s.step = (s.step + 1).min(total);
                s.playing = false;
            }
            Action::Back => {
                s.step = s.step.saturating_sub(1);
                s.playing = false;
            }
            Action::ToStart => {
                s.step = 0;
                s.playing = false;
            }
            Action::ToEnd => {
                s.step = total;
                s.playing = false;
            }
            Action::TogglePlay => {
                if !s.playing && s.step >= total {
                    s.step = 0;
                }
                s.playing = !s.playing;
            }
            Action::Tick => {
                if s.step < total {
                    s.step += 1;
                }
                if s.step >= total {
                    s.playing = false;
                }
            }
            Action::Scenario(x) => {
                // Picking a scenario leaves the URL's own schedule.
                return params(&|p| {
                    p.scenario = x;
                    p.schedule = None;
                });
            }
            Action::Harness(x) => return params(&|p| p.harness = x),
            Action::Server(x) => return params(&|p| p.design = x.design()),
            Action::Seed(x) => return params(&|p| p.seed = x),
            Action::Speed(x) => s.params.speed = x,
            Action::Loaded(answer) => return Rc::new(self.loaded(answer)),
        }
        Rc::new(s)
    }
}

#[cfg(all(test, feature = "sqlite"))]
#[path = "player_tests.rs"]
mod tests;
