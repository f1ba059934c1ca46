use super::*;
use crate::exercises::bank;

fn rec(correct: bool) -> Record {
    Record {
        response: Response::Numbers(vec![4.0]),
        correct,
        model: None,
    }
}

fn set(id: &str, correct: bool) -> Edit {
    Edit::Set(id.into(), rec(correct))
}

#[test]
fn round_trip_and_summary() {
    let mut w = apply(None, None, &set("backoff_4th_retry", true));
    w = apply(
        Some(&w.json),
        None,
        &Edit::Set(
            "predict_fewest_calls".into(),
            Record {
                response: Response::Choice("full".into()),
                correct: false,
                model: Some(ModelValue::Fewest {
                    winner: "decorrelated".into(),
                    calls: vec![("full".into(), 300.5), ("decorrelated".into(), 280.0)],
                }),
            },
        ),
    );
    w = apply(Some(&w.json), None, &set("ghost", true));
    let back = Stored::parse(Some(&w.json)).unwrap();
    assert_eq!(back.progress, w.progress);
    assert!(w.json.contains("\"v\":2"), "{}", w.json);
    let s = back.progress.summary(&bank());
    assert_eq!((s.answered, s.correct), (2, 1));
}

#[test]
fn two_frames_answering_keep_both_answers() {
    // Frame A and frame B each loaded an empty progress; each write merges
    // into what is stored now, not into the frame's own copy.
    let mut storage: Option<String> = None;
    for (id, ok) in [("three_layers", true), ("five_layers", false)] {
        let w = apply(storage.as_deref(), None, &set(id, ok));
        storage = Some(w.json);
    }
    let p = Stored::parse(storage.as_deref()).unwrap().progress;
    assert_eq!(p.records.len(), 2);
    assert!(p.get("three_layers").unwrap().correct);
    assert!(!p.get("five_layers").unwrap().correct);
}

#[test]
fn a_reset_in_one_tab_is_not_undone_by_the_others_next_answer() {
    let mut w = apply(None, None, &set("a", true));
    w = apply(Some(&w.json), None, &set("b", true));
    // Tab 1 clears.
    let cleared = apply(Some(&w.json), None, &Edit::Clear);
    assert_eq!(cleared.cleared.len(), 2);
    assert!(cleared.progress.records.is_empty());
    // Tab 2 (which still shows a and b) answers c.
    let next = apply(Some(&cleared.json), None, &set("c", true));
    let ids: Vec<_> = next.progress.records.keys().cloned().collect();
    assert_eq!(ids, vec!["c".to_string()]);
    // Undo puts a and b back, keeping c's newer answer.
    let undone = apply(Some(&next.json), None, &Edit::Restore(cleared.cleared));
    assert_eq!(undone.progress.records.len(), 3);
}

#[test]
fn undo_does_not_overwrite_a_newer_answer() {
    let w = apply(None, None, &set("a", true));
    let c = apply(Some(&w.json), None, &Edit::Clear);
    let again = apply(Some(&c.json), None, &set("a", false));
    let u = apply(Some(&again.json), None, &Edit::Restore(c.cleared));
    assert!(!u.progress.get("a").unwrap().correct);
}

#[test]
fn unreadable_records_and_fields_are_kept_untouched() {
    let stored = r#"{"v":3,"theme":"dark","records":{
        "future":{"response":{"t":"slider","v":0.5},"correct":true},
        "hand_edit":"oops",
        "three_layers":{"response":{"t":"numbers","v":[27.0]},"correct":true}}}"#;
    let s = Stored::parse(Some(stored)).unwrap();
    assert_eq!(s.unreadable_count(), 2);
    assert_eq!(s.progress.records.len(), 1);
    let w = apply(Some(stored), None, &set("five_layers", true));
    assert!(w.backup.is_none());
    let v: Value = serde_json::from_str(&w.json).unwrap();
    assert_eq!(v["v"], 3, "a newer version is not downgraded");
    assert_eq!(v["theme"], "dark");
    assert_eq!(v["records"]["hand_edit"], "oops");
    assert_eq!(v["records"]["future"]["response"]["v"], 0.5);
    assert_eq!(v["records"]["five_layers"]["correct"], true);
    // A clear removes only what this version reads.
    let c = apply(Some(&w.json), None, &Edit::Clear);
    let v: Value = serde_json::from_str(&c.json).unwrap();
    assert_eq!(v["records"].as_object().unwrap().len(), 2);
}

#[test]
fn a_value_that_is_not_an_object_is_backed_up_before_a_write() {
    for junk in ["", "null", "[1,2]", "{\"records\":5}", "{{{"] {
        assert!(Stored::parse(Some(junk)).is_err(), "{junk}");
        assert!(load(Some(junk), None).is_err());
        let w = apply(Some(junk), None, &set("a", true));
        assert_eq!(w.backup.as_deref(), Some(junk));
        assert_eq!(w.progress.records.len(), 1);
    }
    assert_eq!(
        Write::backup_key("k", 1234.9),
        "k.unreadable.1234".to_string()
    );
}

#[test]
fn the_first_format_is_read_once_from_the_legacy_key() {
    let v1 =
        r#"{"records":{"three_layers":{"response":{"t":"numbers","v":[27.0]},"correct":true}}}"#;
    let s = load(None, Some(v1)).unwrap();
    assert_eq!(s.progress.records.len(), 1);
    let w = apply(None, Some(v1), &set("five_layers", true));
    assert_eq!(w.progress.records.len(), 2);
    // Once the scoped key exists, the legacy key is ignored.
    let s = load(Some(&w.json), Some("{}")).unwrap();
    assert_eq!(s.progress.records.len(), 2);
    // Garbage in the legacy key is simply not read (and not touched).
    assert_eq!(
        load(None, Some("{{")).unwrap().progress,
        Progress::default()
    );
}

#[test]
fn keys_are_scoped_by_deployment_directory() {
    assert_eq!(
        storage_key("/course/a/index.html"),
        storage_key("/course/a/")
    );
    assert_ne!(
        storage_key("/course/a/index.html"),
        storage_key("/course/b/index.html")
    );
    assert_eq!(deployment_dir(""), "/");
    assert_eq!(deployment_dir("/"), "/");
}
