use super::*;
use crate::exercises::bank;
use crate::exercises::grade::{ModelValue, Response};
use serde_json::Value;

fn rec(correct: bool) -> Record {
    Record {
        response: Response::Numbers(vec![4.0]),
        correct,
        model: None,
        revision: 0,
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
                revision: 0,
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
    for (id, ok) in [("three_layers", true), ("urllib3_total3", false)] {
        let w = apply(storage.as_deref(), None, &set(id, ok));
        storage = Some(w.json);
    }
    let p = Stored::parse(storage.as_deref()).unwrap().progress;
    assert_eq!(p.len(), 2);
    assert!(p.get("three_layers").unwrap().correct);
    assert!(!p.get("urllib3_total3").unwrap().correct);
}

#[test]
fn a_reset_in_one_tab_is_not_undone_by_the_others_next_answer() {
    let mut w = apply(None, None, &set("a", true));
    w = apply(Some(&w.json), None, &set("b", true));
    // Tab 1 clears.
    let cleared = apply(Some(&w.json), None, &Edit::Clear);
    assert_eq!(cleared.cleared.len(), 2);
    assert!(cleared.progress.is_empty());
    // Tab 2 (which still shows a and b) answers c.
    let next = apply(Some(&cleared.json), None, &set("c", true));
    let ids: Vec<_> = next.progress.ids().cloned().collect();
    assert_eq!(ids, vec!["c".to_string()]);
    // Undo puts a and b back, keeping c's newer answer.
    let undone = apply(Some(&next.json), None, &Edit::Restore(*cleared.cleared));
    assert_eq!(undone.progress.len(), 3);
}

#[test]
fn undo_does_not_overwrite_a_newer_answer() {
    let w = apply(None, None, &set("a", true));
    let c = apply(Some(&w.json), None, &Edit::Clear);
    let again = apply(Some(&c.json), None, &set("a", false));
    let u = apply(Some(&again.json), None, &Edit::Restore(*c.cleared));
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
    assert_eq!(s.progress.len(), 1);
    let w = apply(Some(stored), None, &set("urllib3_total3", true));
    assert!(w.backup.is_none());
    let v: Value = serde_json::from_str(&w.json).unwrap();
    assert_eq!(v["v"], 3, "a newer version is not downgraded");
    assert_eq!(v["theme"], "dark");
    assert_eq!(v["records"]["hand_edit"], "oops");
    assert_eq!(v["records"]["future"]["response"]["v"], 0.5);
    assert_eq!(v["records"]["urllib3_total3"]["correct"], true);
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
        assert_eq!(w.progress.len(), 1);
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
    assert_eq!(s.progress.len(), 1);
    let w = apply(None, Some(v1), &set("urllib3_total3", true));
    assert_eq!(w.progress.len(), 2);
    // Once the scoped key exists, the legacy key is ignored.
    let s = load(Some(&w.json), Some("{}")).unwrap();
    assert_eq!(s.progress.len(), 2);
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

#[test]
fn answers_survive_in_memory_when_no_write_reaches_storage() {
    // Private mode: every `setItem` throws, so storage stays empty, and the
    // page's memory is all there is.
    let mut memory = Progress::default();
    for (i, id) in ["three_layers", "urllib3_total3"].iter().enumerate() {
        let w = write(None, None, &memory, &set(id, true), 10 + i as u64);
        memory = w.progress;
    }
    assert_eq!(memory.len(), 2);
    assert_eq!(memory.summary(&bank()).answered, 2);
    // Storage that fails only sometimes: a later successful write carries
    // the answer whose own write failed.
    let lost = write(None, None, &Progress::default(), &set("a", true), 1);
    let next = write(None, None, &lost.progress, &set("b", true), 2);
    let stored = Stored::parse(Some(&next.json)).unwrap().progress;
    assert_eq!(stored.len(), 2);
}

#[test]
fn a_write_between_anothers_read_and_write_is_restored_by_its_writer() {
    // A and B read the same empty value; A writes, then B writes over it.
    let a = write(
        None,
        None,
        &Progress::default(),
        &set("three_layers", true),
        1,
    );
    let b = write(
        None,
        None,
        &Progress::default(),
        &set("urllib3_total3", true),
        1,
    );
    assert_eq!(Stored::parse(Some(&b.json)).unwrap().progress.len(), 1);
    // A's page sees B's write (a `storage` event) and writes back the join.
    let s = sync(Some(&b.json), None, &a.progress);
    let back = s.write_back.expect("the stored value lacks A's answer");
    assert_eq!(s.progress.len(), 2);
    // B sees that write: nothing is missing, nothing to write.
    let s2 = sync(Some(&back), None, &b.progress);
    assert_eq!(s2.write_back, None);
    assert_eq!(s2.progress, s.progress);
}

#[test]
fn stamps_and_the_clear_survive_a_round_trip_and_old_records_count_as_written_at_the_clear() {
    let a = write(None, None, &Progress::default(), &set("a", true), 5);
    let c = write(Some(&a.json), None, &a.progress, &Edit::Clear, 6);
    let b = write(Some(&c.json), None, &c.progress, &set("b", true), 7);
    let back = Stored::parse(Some(&b.json)).unwrap().progress;
    assert_eq!(back, b.progress);
    assert!(b.json.contains("\"cleared\":6"), "{}", b.json);
    // A record written by an older version (no stamp) next to the clear
    // survives that clear, but not a later one.
    let old =
        r#"{"v":2,"cleared":6,"records":{"x":{"response":{"t":"bool","v":true},"correct":true}}}"#;
    let p = Stored::parse(Some(old)).unwrap().progress;
    assert!(p.get("x").is_some());
    let later = write(Some(old), None, &Progress::default(), &Edit::Clear, 9);
    assert!(later.progress.is_empty());
}

/// The interleaving model (native only: proptest is not built for wasm32).
#[cfg(not(target_arch = "wasm32"))]
mod interleavings {
    use super::*;

    /// One frame (tab or iframe) of the origin in the interleaving model.
    #[derive(Default)]
    struct Frame {
        memory: Progress,
        /// A read done, its write still to come: what was read, and what for.
        pending: Option<(Option<String>, Option<Edit>)>,
        /// `storage` events not yet handled.
        inbox: usize,
        /// What the last clear of this frame removed (for undo).
        undo: Progress,
    }

    /// Every edit that took effect, as stamps: the oracle. A put is what
    /// it added (one answer at its stamp; an undone clear's answer with the
    /// try that counted), a clear is its stamp.
    #[derive(Default)]
    struct Effects {
        puts: Vec<(String, Progress)>,
        clears: Vec<u64>,
    }

    impl Effects {
        /// What the stored value must hold: the join of every effect.
        fn expected(&self) -> Progress {
            let mut p = Progress::default();
            for (_, one) in &self.puts {
                p.join(one);
            }
            for at in &self.clears {
                let mut c = Progress::default();
                c.clear(*at);
                p.join(&c);
            }
            p
        }
    }

    /// The shared `localStorage` value and the frames around it.
    struct World {
        storage: Option<String>,
        frames: Vec<Frame>,
        effects: Effects,
        clock: u64,
    }

    impl World {
        fn store(&mut self, from: usize, json: String) {
            if self.storage.as_deref() == Some(json.as_str()) {
                return; // no change, no `storage` event
            }
            self.storage = Some(json);
            for (i, f) in self.frames.iter_mut().enumerate() {
                if i != from {
                    f.inbox += 1;
                }
            }
        }

        /// The first half of an edit or of handling an event: the read.
        fn read(&mut self, i: usize, edit: Option<Edit>) {
            if self.frames[i].pending.is_none() {
                self.frames[i].pending = Some((self.storage.clone(), edit));
            }
        }

        /// The second half: merge and write.
        fn finish(&mut self, i: usize, skew: u64) {
            let Some((read, edit)) = self.frames[i].pending.take() else {
                return;
            };
            self.clock += 1;
            let f = &mut self.frames[i];
            match edit {
                Some(edit) => {
                    let w = write(read.as_deref(), None, &f.memory, &edit, self.clock + skew);
                    let at = w.at;
                    match &edit {
                        Edit::Set(id, r) => {
                            let mut one = Progress::default();
                            one.put(id.clone(), r.clone(), at);
                            self.effects.puts.push((id.clone(), one));
                        }
                        Edit::Clear => {
                            self.effects.clears.push(at);
                            f.undo = (*w.cleared).clone();
                        }
                        Edit::Restore(old) => {
                            for id in old.ids() {
                                if w.progress.entries.get(id).map(|e| e.at) == Some(at) {
                                    self.effects.puts.push((id.clone(), old.restored(id, at)));
                                }
                            }
                        }
                    }
                    f.memory = w.progress;
                    self.store(i, w.json);
                }
                None => {
                    let s = sync(read.as_deref(), None, &f.memory);
                    f.memory = s.progress;
                    if let Some(json) = s.write_back {
                        self.store(i, json);
                    }
                }
            }
        }

        /// Handles one `storage` event (its read; the write comes with `finish`).
        fn deliver(&mut self, i: usize) {
            if self.frames[i].inbox > 0 && self.frames[i].pending.is_none() {
                self.frames[i].inbox -= 1;
                self.read(i, None);
            }
        }

        /// Lets every frame finish and handle every event; false if it never ends.
        fn settle(&mut self) -> bool {
            for _ in 0..10_000 {
                let idle = self
                    .frames
                    .iter()
                    .all(|f| f.pending.is_none() && f.inbox == 0);
                if idle {
                    return true;
                }
                for i in 0..self.frames.len() {
                    self.finish(i, 0);
                    self.deliver(i);
                }
            }
            false
        }
    }

    /// One action of the interleaving model: (frame, kind, question, correct).
    type Act = (usize, u8, u8, bool);

    /// Two or three frames, a script of their actions, each frame's clock skew.
    fn interleaving() -> impl proptest::strategy::Strategy<Value = (usize, Vec<Act>, Vec<u64>)> {
        use proptest::prelude::*;
        (2usize..=3).prop_flat_map(|n| {
            (
                Just(n),
                proptest::collection::vec((0..n, 0u8..10, 0u8..4, any::<bool>()), 1..60),
                proptest::collection::vec(0u64..5, n),
            )
        })
    }

    /// Runs one interleaving of reads, writes and `storage` events.
    fn play(n: usize, script: &[Act], skews: &[u64], clears: bool) -> World {
        let mut w = World {
            storage: None,
            frames: (0..n).map(|_| Frame::default()).collect(),
            effects: Effects::default(),
            clock: 0,
        };
        for (seq, &(i, kind, q, ok)) in script.iter().enumerate() {
            let id = format!("q{q}");
            // Each answer is told apart from every other (its own number).
            let r = Record {
                response: Response::Numbers(vec![seq as f64]),
                correct: ok,
                model: None,
                revision: 0,
            };
            match kind {
                0..=3 => w.read(i, Some(Edit::Set(id, r))),
                4 if clears => w.read(i, Some(Edit::Clear)),
                5 if clears => {
                    let undo = w.frames[i].undo.clone();
                    w.read(i, Some(Edit::Restore(undo)));
                }
                4..=7 => w.finish(i, skews[i]),
                _ => w.deliver(i),
            }
        }
        w
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]

        /// No interleaving of two or three frames' reads, writes and event
        /// handling loses an answer: once every frame has handled the events it
        /// got, the stored value is the join of every edit made, and every frame
        /// shows exactly that.
        #[test]
        fn no_interleaving_of_writers_loses_an_answer((n, script, skews) in interleaving()) {
            let mut w = play(n, &script, &skews, false);
            proptest::prop_assert!(w.settle(), "the frames never stopped writing");
            let stored = Stored::parse(w.storage.as_deref()).unwrap().progress;
            let answered: std::collections::BTreeSet<&String> =
                w.effects.puts.iter().map(|(id, _)| id).collect();
            let kept: std::collections::BTreeSet<&String> = stored.ids().collect();
            proptest::prop_assert_eq!(answered, kept);
            proptest::prop_assert_eq!(&stored, &w.effects.expected());
            for f in &w.frames {
                proptest::prop_assert_eq!(&f.memory, &stored);
            }
        }

        /// With clears and undos in the mix: the stored value is still the join
        /// of every edit (an answer is gone only if a clear stamped after it
        /// removed it), and every frame converges to it.
        #[test]
        fn with_clears_every_frame_converges_to_the_join_of_all_edits((n, script, skews) in interleaving()) {
            let mut w = play(n, &script, &skews, true);
            proptest::prop_assert!(w.settle(), "the frames never stopped writing");
            let stored = Stored::parse(w.storage.as_deref()).unwrap().progress;
            proptest::prop_assert_eq!(&stored, &w.effects.expected());
            for f in &w.frames {
                proptest::prop_assert_eq!(&f.memory, &stored);
            }
        }
    }
}

#[test]
fn the_join_is_commutative_associative_and_idempotent() {
    let p = |edits: &[(&str, bool, u64)], cleared: u64| {
        let mut p = Progress::default();
        for (id, ok, at) in edits {
            p.put(id.to_string(), rec(*ok), *at);
        }
        let mut c = Progress::default();
        c.clear(cleared);
        p.join(&c);
        p
    };
    let a = p(&[("x", true, 5), ("y", true, 2)], 1);
    let b = p(&[("x", false, 5), ("z", true, 9)], 3);
    let c = p(&[("y", false, 4)], 0);
    let j = |x: &Progress, y: &Progress| {
        let mut x = x.clone();
        x.join(y);
        x
    };
    assert_eq!(j(&a, &b), j(&b, &a));
    assert_eq!(j(&j(&a, &b), &c), j(&a, &j(&b, &c)));
    assert_eq!(j(&a, &a), a);
    // y@2 fell to the clear at 3; y@4 did not.
    assert!(!j(&a, &b).contains("y"));
    assert!(!j(&j(&a, &b), &c).get("y").unwrap().correct);
}

#[test]
fn a_submitted_design_round_trips_and_old_stored_progress_still_reads() {
    use crate::lab::{Design, Mechanism};
    // What an earlier version stored (no design variant existed then).
    let old = r#"{"v":2,"records":{"urllib3_total3":{"response":{"t":"numbers","v":[4.0]},"correct":true,"at":5},"same_key_diff_body":{"response":{"t":"choice","v":"reject_422"},"correct":true,"at":6}}}"#;
    let design = Design::of(&[Mechanism::Claim]);
    let (row, _) = crate::exercises::grade::tests::rows();
    let r = Record {
        response: Response::Design(design),
        correct: false,
        model: Some(ModelValue::Suite { rows: vec![row] }),
        revision: 0,
    };
    let w = apply(
        Some(old),
        None,
        &Edit::Set("build_body_mismatch".into(), r.clone()),
    );
    assert!(
        w.json.contains(r#"{"t":"design","v":"claim"}"#),
        "stored as the lab's ids: {}",
        w.json
    );
    let back = Stored::parse(Some(&w.json)).unwrap();
    assert_eq!(back.unreadable_count(), 0);
    assert_eq!(back.progress.get("build_body_mismatch"), Some(&r));
    assert_eq!(
        back.progress.get("urllib3_total3").unwrap().response,
        Response::Numbers(vec![4.0])
    );
    assert_eq!(back.progress.len(), 3);
    // A stored design this version cannot use (a hand edit, a later
    // version's mechanism) is kept untouched, not dropped.
    let odd = r#"{"v":2,"records":{"build_stored_500":{"response":{"t":"design","v":"claim,teleport"},"correct":true,"at":3}}}"#;
    let s = Stored::parse(Some(odd)).unwrap();
    assert_eq!(s.unreadable_count(), 1);
    assert!(s.to_json().contains("teleport"));
}

/// `id`'s record answered `ok` at `at` (revision `rev`), as one frame's memory.
fn answered(id: &str, ok: bool, at: u64, rev: u32) -> Progress {
    let mut p = Progress::default();
    p.put(
        id.into(),
        Record {
            revision: rev,
            ..rec(ok)
        },
        at,
    );
    p
}

/// The counts of `p` over the bank, every question at revision 0.
fn tally(p: &Progress) -> (usize, usize) {
    let s = p.summary_with(&bank(), |_| 0);
    (s.answered, s.correct)
}

/// A question of the bank, answered by the tests below.
const Q: &str = "backoff_4th_retry";

#[test]
fn a_resubmit_is_shown_but_the_first_try_counts() {
    for (first, then, counted) in [(false, true, 0), (true, false, 1), (false, false, 0)] {
        let w = write(None, None, &Progress::default(), &set(Q, first), 1);
        let w = write(Some(&w.json), None, &w.progress, &set(Q, then), 2);
        let back = Stored::parse(Some(&w.json)).unwrap().progress;
        assert_eq!(back, w.progress);
        assert_eq!(tally(&back), (1, counted), "{first} then {then}");
        // The card shows the latest try, and the first beside it.
        assert_eq!(back.get(Q).unwrap().correct, then);
        assert_eq!(back.counted_first_try(Q).map(|t| t.correct), Some(first));
    }
    // Answered once: nothing beside it, and no tries written.
    let w = apply(None, None, &set(Q, false));
    assert_eq!(w.progress.counted_first_try(Q), None);
    assert!(!w.json.contains("tries"), "{}", w.json);
}

#[test]
fn a_record_stored_before_tries_were_kept_counts_as_it_is() {
    // It holds the last try; nothing recovers the first.
    let old = r#"{"v":2,"records":{"backoff_4th_retry":{"response":{"t":"numbers","v":[4.0]},"correct":true,"at":5}}}"#;
    let p = Stored::parse(Some(old)).unwrap();
    assert_eq!(p.to_json(), old, "written back as it was read");
    assert_eq!(tally(&p.progress), (1, 1));
    assert_eq!(p.progress.counted_first_try(Q), None);
    // Answered again now: the stored record was the first try.
    let w = write(Some(old), None, &Progress::default(), &set(Q, false), 9);
    assert_eq!(tally(&w.progress), (1, 1));
    assert!(
        w.json.contains(r#""tries":[{"at":5,"correct":true}]"#),
        "{}",
        w.json
    );
}

#[test]
fn when_two_frames_merge_the_earliest_graded_try_wins() {
    // Frame A answered wrong at 3, frame B (not knowing) right at 7, then
    // A again right at 8: the try at 3 counts, in either join order.
    let mut a = answered(Q, false, 3, 0);
    a.join(&answered(Q, true, 8, 0));
    let b = answered(Q, true, 7, 0);
    for (x, y) in [(&a, &b), (&b, &a)] {
        let mut j = x.clone();
        j.join(y);
        assert_eq!(tally(&j), (1, 0));
        assert_eq!(j.first_try(Q).map(|t| t.at), Some(3));
        assert_eq!(
            j.entries.get(Q).map_or(0, |e| e.at),
            8,
            "the latest try is the one shown"
        );
    }
    // The later frame's own try alone is no first try once joined.
    let mut j = b.clone();
    j.join(&answered(Q, false, 2, 0));
    assert_eq!(tally(&j), (1, 0));
}

#[test]
fn a_clear_removes_the_tries_before_it_and_the_next_try_counts() {
    let w = write(None, None, &Progress::default(), &set(Q, false), 1);
    let w = write(Some(&w.json), None, &w.progress, &Edit::Clear, 2);
    let w = write(Some(&w.json), None, &w.progress, &set(Q, true), 3);
    assert_eq!(tally(&w.progress), (1, 1));
    assert!(!w.json.contains("tries"), "{}", w.json);
    // A frame that still holds the try before the clear joins in: dropped.
    let mut j = w.progress.clone();
    let mut stale = answered(Q, false, 1, 0);
    stale.join(&answered(Q, true, 4, 0));
    j.join(&stale);
    assert_eq!(tally(&j), (1, 1));
    assert_eq!(j.first_try(Q).map(|t| t.at), Some(3));
}

#[test]
fn an_undone_clear_brings_back_the_try_that_counted() {
    let w = write(None, None, &Progress::default(), &set(Q, false), 1);
    let w = write(Some(&w.json), None, &w.progress, &set(Q, true), 2);
    let cleared = write(Some(&w.json), None, &w.progress, &Edit::Clear, 3);
    assert_eq!(tally(&cleared.progress), (0, 0));
    let undo = Edit::Restore((*cleared.cleared).clone());
    let back = write(Some(&cleared.json), None, &cleared.progress, &undo, 4);
    assert_eq!(
        tally(&back.progress),
        (1, 0),
        "undo is no way to a second first try"
    );
    assert!(back.progress.get(Q).unwrap().correct);
    let stored = Stored::parse(Some(&back.json)).unwrap().progress;
    assert_eq!(stored, back.progress);
}

#[test]
fn after_a_revision_the_next_answer_is_the_first_try_of_the_new_question() {
    let mut p = answered(Q, false, 1, 0);
    p.join(&answered(Q, true, 2, 1));
    let s = p.summary_with(&bank(), |id| u32::from(id == Q));
    assert_eq!((s.answered, s.correct), (1, 1));
    assert_eq!(
        p.counted_first_try(Q),
        None,
        "no earlier try of this revision"
    );
    // A later retry of the new revision: its first try still counts.
    p.join(&answered(Q, false, 3, 1));
    let s = p.summary_with(&bank(), |id| u32::from(id == Q));
    assert_eq!((s.answered, s.correct), (1, 1));
}

#[test]
fn the_join_with_tries_is_commutative_associative_and_idempotent() {
    let with_clear = |mut p: Progress, at: u64| {
        let mut c = Progress::default();
        c.clear(at);
        p.join(&c);
        p
    };
    let chain = |tries: &[(bool, u64, u32)]| {
        let mut p = Progress::default();
        for &(ok, at, rev) in tries {
            p.join(&answered(Q, ok, at, rev));
        }
        p
    };
    let a = with_clear(chain(&[(false, 1, 0), (true, 4, 0), (false, 6, 1)]), 0);
    let b = with_clear(chain(&[(true, 2, 0), (true, 5, 0)]), 3);
    let c = with_clear(chain(&[(false, 4, 0), (true, 6, 1)]), 0);
    let j = |x: &Progress, y: &Progress| {
        let mut x = x.clone();
        x.join(y);
        x
    };
    for (x, y) in [(&a, &b), (&a, &c), (&b, &c)] {
        assert_eq!(j(x, y), j(y, x));
    }
    assert_eq!(j(&j(&a, &b), &c), j(&a, &j(&b, &c)));
    for x in [&a, &b, &c, &j(&a, &j(&b, &c))] {
        assert_eq!(&j(x, x), x);
    }
    // The clear at 3 dropped the tries at 1 and 2; of revision 1 the
    // earliest is the wrong try at 6 (a wrong try first at one stamp).
    let all = j(&a, &j(&b, &c));
    assert_eq!(
        all.first_try(Q).map(|t| (t.at, t.correct)),
        Some((6, false))
    );
    let back = Stored::parse(Some(
        &Stored {
            progress: all.clone(),
            ..Stored::default()
        }
        .to_json(),
    ));
    assert_eq!(back.unwrap().progress, all);
}
