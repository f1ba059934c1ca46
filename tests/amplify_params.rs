//! URL parameters of `#/amplify`: defaults, limits with notices, round trip.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::amplify::load_presets::Preset;
use retry_lab::amplify::{AmplifyParams, FanoutPolicy, LoadPolicy, View};
use retry_lab::kernel::params::NoticeKind;
use retry_lab::pages::route::Query;

fn read(s: &str) -> (AmplifyParams, Vec<retry_lab::kernel::params::Notice>) {
    AmplifyParams::from_query(&Query::parse(s))
}

#[test]
fn defaults_and_presets() {
    let (p, n) = read("");
    assert!(n.is_empty());
    assert_eq!(p.view, View::Fanout);
    assert_eq!(p.fanout.layers, vec![4, 3]);
    assert_eq!(p.fanout.policy, FanoutPolicy::Independent);
    let (l, n) = read("view=load");
    assert!(n.is_empty());
    assert_eq!(l.preset, Preset::Metastable);
    assert_eq!(l.fanout.layers, vec![3, 3, 3]);
    assert_eq!(l.load, Preset::Metastable.config());
    let (s, _) = read("view=sweep");
    assert_eq!(s.preset, Preset::Brooker);
    assert_eq!(s.sweep_ps().len(), 21);
    assert_eq!(s.policies.len(), 5);
    let (c, _) = read("view=load&preset=codex");
    let ids: Vec<String> = c.lanes().into_iter().map(|l| l.id).collect();
    assert_eq!(ids, ["retry_after", "retry_after-no_retry_after"]);
}

#[test]
fn bad_values_are_clamped_with_notices() {
    let (p, n) = read("layers=3,0,99,3,3,3,3&p=7&policy=bogus&zzz=1");
    assert_eq!(p.fanout.layers, vec![3, 1, 10, 3, 3, 3]);
    assert_eq!(p.fanout.p, 1.0);
    assert_eq!(p.fanout.policy, FanoutPolicy::Independent);
    let names: Vec<&str> = n.iter().map(|x| x.param.as_str()).collect();
    assert_eq!(names, ["layers", "p", "policy", "zzz"]);
    assert_eq!(n[3].kind, NoticeKind::Unknown);
    let (p, n) = read("layers=abc");
    assert_eq!(p.fanout.layers, vec![3]);
    assert_eq!(n.len(), 1);
}

#[test]
fn work_limits() {
    let (p, n) = read("layers=10,10,10,10,10,10&p=1&trials=100000");
    assert_eq!(p.trials, 20);
    assert_eq!(n[0].param, "trials");
    let (p, n) = read("view=load&rate=5000&duration=600");
    assert_eq!(p.load.duration, 40.0);
    assert_eq!(n[0].param, "duration");
    let (p, n) = read("view=load&trigger_start=50&trigger_end=10");
    assert_eq!(p.load.trigger.end, 50.0);
    assert_eq!(n[0].param, "trigger_end");
}

#[test]
fn round_trips() {
    for s in [
        "",
        "layers=3,3,3,3,3&p=1&trials=500&seed=9",
        "layers=4,3&policy=budget&budget=7&step=3",
        "view=load&preset=metastable&policies=retries,deadline&rate=70&deadline=2.5",
        "view=load&preset=codex",
        "view=sweep&calls=5000&steps=11&policies=none,retries,token_bucket_aws",
    ] {
        let (p, n) = read(s);
        assert!(n.is_empty(), "{s}: {n:?}");
        let (back, n2) = AmplifyParams::from_query(&p.to_query());
        assert!(n2.is_empty(), "{s}: {n2:?}");
        assert_eq!(back, p, "{s}");
    }
    let (p, _) = read("view=load&policies=deadline,retries");
    assert_eq!(p.policies, vec![LoadPolicy::Retries, LoadPolicy::Deadline]);
}

#[test]
fn the_preset_bar_marks_the_active_preset() {
    use retry_lab::amplify::page_presets::Demo;
    for d in Demo::ALL {
        let mut p = d.params();
        assert_eq!(Demo::active(&p), Some(d), "{}", d.id());
        p.seed = 12345;
        assert_eq!(Demo::active(&p), Some(d), "{} with another seed", d.id());
    }
    // The default fanout view (4,3 at p = 0.5) is none of the presets.
    assert_eq!(Demo::active(&AmplifyParams::default()), None);
    let mut p = Demo::Layers243.params();
    p.fanout.p = 0.5;
    assert_eq!(
        Demo::active(&p),
        None,
        "a changed fanout preset is no longer it"
    );
    // A load scenario stays marked while its settings change.
    let mut p = Demo::Metastable.params();
    p.load.rate = 70.0;
    assert_eq!(Demo::active(&p), Some(Demo::Metastable));
}
