//! Stored answers stay honest across changes to the bank.
//!
//! 1. Nobody forgets to bump a revision: `tests/data/exercise_revisions.txt`
//!    holds, per question, its revision and a digest of what the student
//!    answers (the kind, option ids, keys, rows, field labels, tolerances,
//!    derivations and their values, model runs; never the prompt's
//!    wording, which lives in the translation table). A question whose
//!    digest changed while its revision did not fails here: a stored answer
//!    to the old question would still count for the new one.
//! 2. Progress stored by the main branch of commit `3352042` (the bank
//!    whose questions are all revision 0), one record for every question of
//!    that bank in its exact format (`tests/data/progress_stored_by_main.json`),
//!    reads under today's revisions and renames: a record of an unchanged
//!    question (or one only renamed) counts with its grade, a record of a
//!    question whose revision went up or that was replaced is kept and not
//!    counted, and nothing is dropped.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;

use retry_lab::exercises::grade::{grade, ModelValue, Record, Response};
use retry_lab::exercises::live::run_model;
use retry_lab::exercises::progress::{write, Edit, Progress, Standing, Stored};
use retry_lab::exercises::renames::{renamed_to, RENAMED, REPLACED};
use retry_lab::exercises::revisions::{revision, REVISED};
use retry_lab::exercises::{bank, Kind, Model, PredictInput, Question};
use retry_lab::lab::Preset;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The golden revisions file.
const REVISIONS: &str = "tests/data/exercise_revisions.txt";

/// Set to regenerate [`REVISIONS`] (only when what changed is not what the
/// student answers: a renamed label key, a reordered option list).
const REGENERATE: &str = "UPDATE_EXERCISE_REVISIONS";

/// Progress stored by main's bank (commit `3352042`).
const MAIN_PROGRESS: &str = "tests/data/progress_stored_by_main.json";

/// Set to regenerate [`MAIN_PROGRESS`]: only ever from the bank of commit
/// `3352042` (the fixture is that bank's progress, not today's).
const REGENERATE_MAIN: &str = "WRITE_MAIN_PROGRESS_FIXTURE";

/// A digest of what the student answers to `q`: its kind as data (option
/// ids, keys, rows, labels, tolerances, derivations, model runs) and every
/// numeric field's expected value (a formula changed under the same
/// derivation changes the key too). The prompt and the option labels are
/// translation keys here, never their wording.
fn digest(q: &Question) -> String {
    let mut h = Sha256::new();
    h.update(format!("{:?}", q.kind).as_bytes());
    if let Kind::Numeric(fields) = &q.kind {
        for f in fields {
            h.update(format!("|{}", f.answer()).as_bytes());
        }
    }
    hex::encode(&h.finalize()[..8])
}

/// Today's lines: `id revision digest`, in bank order.
fn lines_now() -> Vec<(String, u32, String)> {
    bank()
        .iter()
        .map(|q| (q.id.to_string(), revision(q.id), digest(q)))
        .collect()
}

fn read_golden() -> BTreeMap<String, (u32, String)> {
    let raw = std::fs::read_to_string(REVISIONS)
        .unwrap_or_else(|e| panic!("{REVISIONS}: {e} (generate it with {REGENERATE}=1)"));
    raw.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let parts: Vec<&str> = l.split_whitespace().collect();
            let [id, rev, digest] = parts[..] else {
                panic!("{REVISIONS}: bad line «{l}»");
            };
            (id.to_string(), (rev.parse().unwrap(), digest.to_string()))
        })
        .collect()
}

fn write_golden(now: &[(String, u32, String)]) {
    let mut out = format!(
        "# One line per question: id, revision (src/exercises/revisions.rs), digest of what\n\
         # the student answers. Regenerate: {REGENERATE}=1 cargo test --test exercises_revisions\n"
    );
    for (id, rev, d) in now {
        out.push_str(&format!("{id} {rev} {d}\n"));
    }
    std::fs::write(REVISIONS, out).unwrap();
}

/// What is wrong with today's bank against the golden file: a changed
/// question without a new revision, a revision that went down; and lines
/// that are only out of date (a new question, a bumped revision, a removed
/// question), which regenerating fixes.
fn compare(
    now: &[(String, u32, String)],
    golden: &BTreeMap<String, (u32, String)>,
) -> (Vec<String>, Vec<String>) {
    let (mut wrong, mut stale) = (Vec::new(), Vec::new());
    for (id, rev, d) in now {
        // A renamed question is compared with its line under the old id.
        let before = golden.get(id).or_else(|| {
            RENAMED
                .iter()
                .filter(|(_, new)| new == id)
                .find_map(|(old, _)| golden.get(*old))
        });
        match before {
            None => stale.push(format!("{id}: a new question")),
            Some((r0, _)) if rev < r0 => wrong.push(format!(
                "{id}: revision {rev} is below the stored {r0}; revisions never go down"
            )),
            Some((r0, d0)) if rev == r0 && d != d0 => wrong.push(format!(
                "{id}: what the student answers changed but its revision did not: bump it in \
                 src/exercises/revisions.rs (then regenerate), or, if only the wording or a \
                 key's name changed, regenerate with {REGENERATE}=1"
            )),
            Some((r0, _)) if rev > r0 => stale.push(format!("{id}: revision bumped to {rev}")),
            Some(_) => {}
        }
    }
    let in_bank = |id: &str| now.iter().any(|(n, _, _)| n == id);
    for id in golden.keys() {
        if !in_bank(id) && !renamed_to(id).is_some_and(in_bank) {
            stale.push(format!("{id}: no longer a question of the bank"));
        }
    }
    (wrong, stale)
}

#[test]
fn a_question_whose_answer_changed_has_a_new_revision() {
    let now = lines_now();
    if std::env::var_os(REGENERATE).is_some() {
        if std::path::Path::new(REVISIONS).exists() {
            // Said once, so that a regeneration is never silent.
            for w in compare(&now, &read_golden()).0 {
                eprintln!("regenerated over: {w}");
            }
        }
        write_golden(&now);
        return;
    }
    let (wrong, stale) = compare(&now, &read_golden());
    assert!(
        wrong.is_empty(),
        "{} question(s) changed without a new revision:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(
        stale.is_empty(),
        "{REVISIONS} is out of date; regenerate it with {REGENERATE}=1 \
         cargo test --test exercises_revisions:\n{}",
        stale.join("\n")
    );
}

#[test]
fn every_revised_id_is_a_question_of_the_bank() {
    let b = bank();
    for (id, rev) in REVISED {
        assert!(b.iter().any(|q| q.id == *id), "{id} is not in the bank");
        assert!(*rev > 0, "{id}: revision 0 is the default, leave it out");
        assert_eq!(
            REVISED.iter().filter(|(i, _)| i == id).count(),
            1,
            "{id} twice"
        );
    }
}

/// A response to `q` that fits it, right when `right` (as far as a fixed
/// answer can be: a prediction takes the model's value, a design the
/// chapter's fenced server), with the model value main stored beside it.
fn response_for(q: &Question, right: bool) -> (Response, Option<ModelValue>) {
    let other = |opts: &[&'static str], key: &str| {
        let o = opts.iter().find(|o| **o != key).unwrap_or(&opts[0]);
        o.to_string()
    };
    match &q.kind {
        Kind::Numeric(fields) => {
            let off = if right { 0.0 } else { 1.0 };
            let v = fields.iter().map(|f| f.answer() + off * (f.tol + 1.0));
            (Response::Numbers(v.collect()), None)
        }
        Kind::Choice { options, correct } => {
            let c = if right {
                correct.to_string()
            } else {
                other(options, correct)
            };
            (Response::Choice(c), None)
        }
        Kind::TrueFalse(t) => (Response::Bool(*t == right), None),
        Kind::Cases(c) => {
            let mut v: Vec<Vec<String>> = c
                .rows
                .iter()
                .map(|r| r.keys.iter().map(|k| k.to_string()).collect())
                .collect();
            if !right {
                v[0][0] = other(c.parts[0].options, c.rows[0].keys[0]);
            }
            (Response::Cases(v), None)
        }
        Kind::Predict { input, model } => prediction(input, model, right),
        Kind::Build(c) => {
            let d = if right {
                Preset::Fenced.design()
            } else {
                Preset::Naive.design()
            };
            let rows = c.run(d);
            (Response::Design(d), Some(ModelValue::Suite { rows }))
        }
        Kind::BuildHarness(c) => {
            let h = if right {
                retry_lab::lab::HarnessPreset::Chapter.harness()
            } else {
                retry_lab::lab::HarnessPreset::Naive.harness()
            };
            let rows = c.run(h);
            (Response::Harness(h), Some(ModelValue::HarnessRows { rows }))
        }
    }
}

/// A prediction and the model's value (run here, as the page runs it).
fn prediction(input: &PredictInput, model: &Model, right: bool) -> (Response, Option<ModelValue>) {
    let mv = run_model(model).expect("the model runs");
    let resp = match (input, &mv, model) {
        (PredictInput::Numbers(_), ModelValue::Numbers { values }, _) => {
            let off = if right { 0.0 } else { 1.0 };
            Response::Numbers(values.iter().map(|v| v + off).collect())
        }
        (PredictInput::Choice(opts), ModelValue::Fewest { winner, .. }, _) => {
            let pick = if right {
                winner.clone()
            } else {
                opts.iter().find(|o| **o != winner).unwrap().to_string()
            };
            Response::Choice(pick)
        }
        (PredictInput::RedGreen(assertions), _, Model::RedGreen(bench)) => {
            let fault = bench.fault_ids()[usize::from(!right)].to_string();
            let a = assertions[0].to_string();
            Response::Choices(vec![fault, a.clone(), a])
        }
        other => panic!("no fixture response for {other:?}"),
    };
    (resp, Some(mv))
}

/// Main's progress over its whole bank, written as main writes it (one
/// answer after another, each a [`write`] of the page's memory).
fn main_progress_json() -> String {
    let (mut json, mut memory) = (None::<String>, Progress::default());
    for (i, q) in bank().iter().enumerate() {
        let (response, model) = response_for(q, i % 3 != 2);
        let correct = grade(q, &response, model.as_ref())
            .unwrap_or_else(|e| panic!("{}: {e:?}", q.id))
            .correct;
        let r = Record {
            response,
            correct,
            model,
            revision: 0,
        };
        let at = 1_700_000_000_000 + 1000 * i as u64;
        let w = write(
            json.as_deref(),
            None,
            &memory,
            &Edit::Set(q.id.into(), r),
            at,
        );
        (json, memory) = (Some(w.json), w.progress);
    }
    json.unwrap()
}

#[test]
fn write_the_fixture_of_mains_progress_when_asked() {
    if std::env::var_os(REGENERATE_MAIN).is_some() {
        let v: Value = serde_json::from_str(&main_progress_json()).unwrap();
        std::fs::write(MAIN_PROGRESS, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    }
}

/// Main's stored progress, as the fixture holds it.
fn main_fixture() -> (String, serde_json::Map<String, Value>) {
    let raw = std::fs::read_to_string(MAIN_PROGRESS).unwrap();
    let v: Value = serde_json::from_str(&raw).unwrap();
    assert_eq!(v["v"], 2, "main writes format 2");
    let records = v["records"].as_object().unwrap().clone();
    (raw, records)
}

/// Where main's record of question `old` is today, and whether it counts
/// when question `id`'s current revision is `revision(id)`: a replaced
/// question's record stays under its old id; a renamed one moves (unless
/// main also had a record under the new id, which then wins); it counts
/// when it lands on a question of the bank whose revision is still 0.
fn expected(
    old: &str,
    main: &serde_json::Map<String, Value>,
    bank: &[Question],
    revision: &dyn Fn(&str) -> u32,
) -> (String, bool) {
    let id = match renamed_to(old) {
        Some(new) if !main.contains_key(new) => new,
        _ => old,
    };
    let replaced = REPLACED.iter().any(|(o, _)| *o == old);
    let counts = !replaced && bank.iter().any(|q| q.id == id) && revision(id) == 0;
    (id.to_string(), counts)
}

/// Reads main's progress under `revision` and checks every record: where it
/// is, whether it counts (with its grade), and that a write-back keeps it.
fn check_main_progress(revision: &dyn Fn(&str) -> u32) -> usize {
    let (raw, main) = main_fixture();
    let b = bank();
    let stored = Stored::parse(Some(&raw)).unwrap();
    let p = &stored.progress;
    let (mut answered, mut correct, mut outdated) = (0, 0, 0);
    for (old, v) in &main {
        let (id, counts) = expected(old, &main, &b, revision);
        let r = p.get(&id).unwrap_or_else(|| panic!("{old}: dropped"));
        let mut want = v.clone();
        want.as_object_mut().unwrap().remove("at");
        assert_eq!(serde_json::to_value(r).unwrap(), want, "{old} → {id}");
        let standing = p.standing_with(&id, revision);
        if counts {
            assert_eq!(standing, Standing::Answered(r), "{old} → {id}");
            answered += 1;
            correct += usize::from(r.correct);
        } else if b.iter().any(|q| q.id == id) {
            assert_eq!(standing, Standing::Outdated(r), "{old} → {id}");
            outdated += 1;
        }
    }
    let s = p.summary_with(&b, revision);
    assert_eq!((s.answered, s.correct), (answered, correct));
    // Nothing dropped: the write-back holds every record, stamps included.
    let back: Value = serde_json::from_str(&stored.to_json()).unwrap();
    let back = back["records"].as_object().unwrap();
    assert_eq!(back.len(), main.len());
    for (old, v) in &main {
        let (id, _) = expected(old, &main, &b, revision);
        assert_eq!(&back[&id], v, "{old} → {id} written back as it was");
    }
    assert_eq!(Stored::parse(Some(&stored.to_json())).unwrap(), stored);
    outdated
}

#[test]
fn progress_stored_by_main_reads_under_todays_revisions_and_renames() {
    check_main_progress(&revision);
}

#[test]
fn a_record_of_an_earlier_revision_is_kept_and_not_counted() {
    // A test-only table: three of main's questions (one of each simple
    // kind, answered in main's progress and unchanged since) were rewritten.
    let b = bank();
    let (_, main) = main_fixture();
    let pick = |f: fn(&Kind) -> bool| {
        b.iter()
            .find(|q| f(&q.kind) && revision(q.id) == 0 && main.contains_key(q.id))
            .unwrap()
            .id
    };
    let bumped = [
        pick(|k| matches!(k, Kind::Numeric(_))),
        pick(|k| matches!(k, Kind::Choice { .. })),
        pick(|k| matches!(k, Kind::TrueFalse(_))),
    ];
    let table = |id: &str| u32::from(bumped.contains(&id)) + revision(id);
    let today = check_main_progress(&revision);
    assert_eq!(check_main_progress(&table), today + bumped.len());
    let (raw, _) = main_fixture();
    let before = Stored::parse(Some(&raw)).unwrap().progress;
    let s0 = before.summary_with(&b, revision);
    let s1 = before.summary_with(&b, table);
    assert_eq!(s1.answered, s0.answered - bumped.len());
    // Answering again (the page writes the revision answered) counts.
    let q = b.iter().find(|q| q.id == bumped[1]).unwrap();
    let (response, _) = response_for(q, true);
    let r = Record {
        response,
        correct: true,
        model: None,
        revision: table(q.id),
    };
    let w = write(Some(&raw), None, &before, &Edit::Set(q.id.into(), r), 0);
    assert!(matches!(
        w.progress.standing_with(q.id, table),
        Standing::Answered(_)
    ));
    let s2 = w.progress.summary_with(&b, table);
    assert_eq!(s2.answered, s1.answered + 1);
    let back: Value = serde_json::from_str(&w.json).unwrap();
    assert_eq!(back["records"][q.id]["revision"], table(q.id));
}

#[test]
fn a_record_of_a_replaced_question_is_kept_and_the_new_one_asks_again() {
    // Main's progress plus a record of a question replaced before main
    // (amp_where, rewritten into retry_budget_owner), without a record of
    // its own for the replacing question.
    let (raw, _) = main_fixture();
    let mut v: Value = serde_json::from_str(&raw).unwrap();
    let records = v["records"].as_object_mut().unwrap();
    let (old, new) = ("amp_where", "retry_budget_owner");
    assert!(REPLACED.contains(&(old, new)));
    records.remove(new);
    records.insert(
        old.into(),
        serde_json::json!({"response": {"t": "choice", "v": "amp_where_one"}, "correct": true, "at": 5}),
    );
    let raw = v.to_string();
    let stored = Stored::parse(Some(&raw)).unwrap();
    let p = &stored.progress;
    assert_eq!(p.standing(new), Standing::Replaced(old));
    assert!(p.current(new).is_none());
    assert!(p.get(old).unwrap().correct, "kept as it was");
    let back: Value = serde_json::from_str(&stored.to_json()).unwrap();
    assert_eq!(back["records"][old], records_of(&raw)[old]);
}

fn records_of(raw: &str) -> serde_json::Map<String, Value> {
    let v: Value = serde_json::from_str(raw).unwrap();
    v["records"].as_object().unwrap().clone()
}

#[test]
fn a_renamed_questions_record_moves_with_its_stamp() {
    // Main's record of a question, stored under an id it had before a
    // rename: it moves to today's id as it was, its stamp included.
    let (raw, _) = main_fixture();
    let mut v: Value = serde_json::from_str(&raw).unwrap();
    let records = v["records"].as_object_mut().unwrap();
    let (old, new) = RENAMED
        .iter()
        .find(|(_, new)| records.contains_key(*new))
        .expect("a renamed question in main's bank");
    let mut record = records.remove(*new).unwrap();
    record["at"] = Value::from(1_600_000_000_000u64);
    records.insert(old.to_string(), record.clone());
    let stored = Stored::parse(Some(&v.to_string())).unwrap();
    assert!(stored.progress.get(old).is_none());
    let back = records_of(&stored.to_json());
    assert_eq!(back[*new], record, "{old} → {new}");
    assert!(!back.contains_key(*old));
}
