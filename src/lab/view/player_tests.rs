//! The run view's reducer, natively: stepping and its bounds, playback, and
//! what a new run does to the step.

use super::*;
use crate::lab::StepParam;

fn computed(p: &LabParams) -> Rc<Run> {
    Rc::new(crate::lab::run(p.scenario, p.harness, p.design, p.seed))
}

fn start() -> Rc<LabState> {
    let params = LabParams::default();
    let run = computed(&params);
    let (state, notice) = LabState::first(params, run, None);
    assert!(notice.is_none());
    Rc::new(state)
}

fn after(s: Rc<LabState>, actions: impl IntoIterator<Item = Action>) -> Rc<LabState> {
    actions.into_iter().fold(s, LabState::apply)
}

/// The engine's answer for what `s` asks for.
fn answer(s: &LabState) -> Action {
    Action::Loaded(Loaded {
        wanted: wanted(&s.params),
        run: computed(&s.params),
        fix: None,
    })
}

#[test]
fn steps_forward_and_back_within_the_run() {
    let s = start();
    let total = s.total();
    assert!(total > 2);
    assert_eq!(s.step, 0);
    assert_eq!(
        after(s.clone(), [Action::Back]).step,
        0,
        "no step before the start"
    );
    let two = after(s.clone(), [Action::Forward, Action::Forward]);
    assert_eq!(two.step, 2);
    assert_eq!(after(two.clone(), [Action::Back]).step, 1);
    let end = after(two, [Action::ToEnd]);
    assert_eq!(end.step, total);
    assert_eq!(
        after(end.clone(), [Action::Forward]).step,
        total,
        "no step past the end"
    );
    assert_eq!(after(end, [Action::ToStart]).step, 0);
}

#[test]
fn playback_runs_to_the_end_and_stops_and_starts_over_from_there() {
    let s = start();
    let total = s.total();
    let playing = after(s, [Action::TogglePlay]);
    assert!(playing.playing);
    let ticks = std::iter::repeat_with(|| Action::Tick).take(total + 3);
    let done = after(playing.clone(), ticks);
    assert_eq!(done.step, total);
    assert!(!done.playing, "playback stops at the end");
    // Play at the end starts over from the start.
    let again = after(done, [Action::TogglePlay]);
    assert_eq!((again.step, again.playing), (0, true));
    // Any manual step pauses.
    for a in [
        Action::Forward,
        Action::Back,
        Action::ToStart,
        Action::ToEnd,
    ] {
        assert!(!after(playing.clone(), [a]).playing);
    }
    let paused = after(playing, [Action::Tick, Action::TogglePlay]);
    assert_eq!((paused.step, paused.playing), (1, false));
}

#[test]
fn a_picker_change_waits_for_its_run_and_starts_it_over() {
    let s = after(start(), [Action::Forward, Action::Forward]);
    let old = s.run.clone();
    let asked = after(
        s.clone(),
        [Action::Harness(ClientStrategy::StableKey.into())],
    );
    assert!(asked.computing);
    assert!(
        Rc::ptr_eq(&asked.run, &old),
        "the old run stays shown meanwhile"
    );
    // The speed is not part of the run.
    let faster = after(s.clone(), [Action::Speed(Speed::ALL[Speed::ALL.len() - 1])]);
    assert!(!faster.computing);
    // An answer for something no longer asked for is ignored.
    let stale = answer(&s);
    let ignored = after(asked.clone(), [stale]);
    assert!(ignored.computing && Rc::ptr_eq(&ignored.run, &old));
    let fresh = answer(&asked);
    let loaded = after(asked, [fresh]);
    assert!(!loaded.computing);
    assert!(!Rc::ptr_eq(&loaded.run, &old));
    assert_eq!(loaded.step, 0, "a new run starts at its start");
    assert_eq!(loaded.params.harness, ClientStrategy::StableKey.into());
}

#[test]
fn a_new_run_keeps_the_view_at_the_end_when_it_was_there() {
    let s = after(start(), [Action::ToEnd, Action::Seed(7)]);
    assert!(s.computing);
    let fresh = answer(&s);
    let loaded = after(s, [fresh]);
    assert_eq!(loaded.step, loaded.total());
    assert_eq!(loaded.params.seed, 7);
}

#[test]
fn picking_a_scenario_leaves_the_urls_own_schedule() {
    let mut params = LabParams::default();
    params.schedule = Some(params.scenario.schedule());
    let run = computed(&params);
    let (s, _) = LabState::first(params, run, None);
    let s = after(Rc::new(s), [Action::Scenario(Scenario::RequestLost)]);
    assert_eq!(s.params.schedule, None);
    assert_eq!(s.params.scenario, Scenario::RequestLost);
    let s = after(s, [Action::Server(Preset::Atomic)]);
    assert_eq!(s.params.design, Preset::Atomic.design());
}

#[test]
fn the_urls_step_is_checked_against_the_first_run() {
    let params = LabParams {
        step: StepParam::Raw("9999".into()),
        ..LabParams::default()
    };
    let run = computed(&params);
    let (s, notice) = LabState::first(params.clone(), run.clone(), None);
    assert_eq!(s.step, run.steps().len());
    assert_eq!(notice.expect("a notice for the clamped step").param, "step");
    let end = LabParams {
        step: StepParam::End,
        ..params
    };
    let (s, notice) = LabState::first(end, run.clone(), None);
    assert_eq!((s.step, notice), (run.steps().len(), None));
}
