//! The run view's state: parameters, the computed run, the current step and
//! playback. All changes go through one reducer, so the interval timer and the
//! key listener never see stale state.

use std::rc::Rc;

use yew::prelude::*;

use crate::lab::{self, ClientStrategy, LabParams, Run, Scenario, ServerImpl};
use crate::params::Notice;

/// Everything the run view shows.
#[derive(Clone)]
pub struct LabState {
    pub params: LabParams,
    pub run: Rc<Run>,
    /// 0 = before the first step; `run.steps().len()` = the end.
    pub step: usize,
    pub playing: bool,
    /// The nearest combination that ends well, if this run does not.
    pub fix: Option<(ClientStrategy, ServerImpl)>,
}

impl PartialEq for LabState {
    fn eq(&self, o: &Self) -> bool {
        self.params == o.params
            && Rc::ptr_eq(&self.run, &o.run)
            && self.step == o.step
            && self.playing == o.playing
            && self.fix == o.fix
    }
}

impl LabState {
    pub fn total(&self) -> usize {
        self.run.steps().len()
    }

    fn with_params(&self, params: LabParams) -> Self {
        let run = Rc::new(lab::run(
            params.scenario,
            params.client,
            params.server,
            params.seed,
        ));
        // Stay at the end if we were there; otherwise start over.
        let step = if self.step >= self.total() {
            run.steps().len()
        } else {
            0
        };
        Self {
            fix: fix_for(&params),
            params,
            run,
            step,
            playing: false,
        }
    }
}

fn fix_for(p: &LabParams) -> Option<(ClientStrategy, ServerImpl)> {
    lab::explain::nearest_fix(p.scenario, p.client, p.server, p.seed)
}

/// What the controls and keys can do.
pub enum Action {
    Forward,
    Back,
    ToStart,
    ToEnd,
    TogglePlay,
    Tick,
    Scenario(Scenario),
    Client(ClientStrategy),
    Server(ServerImpl),
    Seed(u64),
    Speed(&'static str),
}

impl Reducible for LabState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let total = self.total();
        let mut s = (*self).clone();
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
                return Rc::new(s.with_params(LabParams {
                    scenario: x,
                    ..s.params.clone()
                }))
            }
            Action::Client(x) => {
                return Rc::new(s.with_params(LabParams {
                    client: x,
                    ..s.params.clone()
                }))
            }
            Action::Server(x) => {
                return Rc::new(s.with_params(LabParams {
                    server: x,
                    ..s.params.clone()
                }))
            }
            Action::Seed(x) => {
                return Rc::new(s.with_params(LabParams {
                    seed: x,
                    ..s.params.clone()
                }))
            }
            Action::Speed(x) => s.params.speed = x,
        }
        Rc::new(s)
    }
}

/// Parses the URL once: the state plus notices about bad parameters.
pub fn initial(query: &crate::route::Query) -> (LabState, Vec<Notice>) {
    let (params, mut notices) = LabParams::from_query(query);
    let run = Rc::new(lab::run(
        params.scenario,
        params.client,
        params.server,
        params.seed,
    ));
    let (step, n) = params.resolve_step(run.steps().len());
    notices.extend(n);
    let state = LabState {
        fix: fix_for(&params),
        params,
        run,
        step,
        playing: false,
    };
    (state, notices)
}
