//! No card answers another. Every question declares its giveaway phrases in
//! both languages (`tests/giveaways/<section>.rs`): the phrases that would
//! answer it, such as «2 条通知» or «fence 要由资源自己检查». A student
//! sees one section at a time, and after answering a card its explanation
//! too; so no other card of the same section may show one of them in its
//! prompt, options, row and field labels or explanation, and a card's own
//! prompt may not show its own.
//!
//! Phrases are matched after folding case, whitespace and the full-width
//! punctuation a rewording tends to vary (see [`fold`]).
#![cfg(not(target_arch = "wasm32"))]

mod giveaways;

use std::collections::BTreeMap;

use giveaways::Giveaway;
use retry_lab::exercises::sections::Section;
use retry_lab::exercises::{bank, Kind, Model, Question};
use retry_lab::i18n::{t, Lang};

/// The translation keys of what a card shows before answering (prompt,
/// options, row and field labels, as its kind names them); the explanation
/// comes after.
fn shown_keys(q: &Question) -> Vec<String> {
    let mut keys = q.kind.module().shown_keys(q.id);
    keys.push(q.prompt_key());
    keys.sort();
    keys.dedup();
    keys
}

/// Case, whitespace and the punctuation pairs a rewording varies folded
/// away, so «Fence 要由资源 自己检查» still matches «fence 要由资源自己检查».
fn fold(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '，' => ',',
            '：' => ':',
            '（' => '(',
            '）' => ')',
            '「' | '」' | '“' | '”' | '«' | '»' => '"',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// One place a giveaway was found.
#[derive(Debug)]
struct Leak {
    question: &'static str,
    phrase: &'static str,
    card: &'static str,
    key: String,
}

/// Every giveaway of `g` (in `l`) found in `texts` (key → text, the card
/// `card`'s visible texts).
fn find<'a>(
    g: &'a Giveaway,
    l: Lang,
    card: &'static str,
    texts: &'a [(String, String)],
) -> impl Iterator<Item = Leak> + 'a {
    let phrases = match l {
        Lang::Zh => g.zh,
        Lang::En => g.en,
    };
    texts.iter().flat_map(move |(key, text)| {
        let text = fold(text);
        phrases
            .iter()
            .filter(move |p| text.contains(&fold(p)))
            .map(move |p| Leak {
                question: g.id,
                phrase: p,
                card,
                key: key.clone(),
            })
    })
}

fn texts(l: Lang, keys: impl IntoIterator<Item = String>) -> Vec<(String, String)> {
    keys.into_iter().map(|k| (k.clone(), t(l, &k))).collect()
}

/// Every leak of the bank in `l`.
fn leaks(bank: &[Question], table: &[Giveaway], l: Lang) -> Vec<Leak> {
    let by_id: BTreeMap<&str, &Giveaway> = table.iter().map(|g| (g.id, g)).collect();
    let mut out = Vec::new();
    for q in bank {
        let Some(g) = by_id.get(q.id) else { continue };
        out.extend(find(g, l, q.id, &texts(l, [q.prompt_key()])));
        for other in bank
            .iter()
            .filter(|o| o.section == q.section && o.id != q.id)
        {
            let keys = shown_keys(other).into_iter().chain([other.explain_key()]);
            out.extend(find(g, l, other.id, &texts(l, keys)));
        }
    }
    out
}

#[test]
fn every_question_declares_its_giveaways_in_both_languages() {
    let table = giveaways::all();
    let mut seen = BTreeMap::new();
    for g in &table {
        assert!(seen.insert(g.id, ()).is_none(), "{} declared twice", g.id);
        assert!(
            !g.zh.is_empty() && !g.en.is_empty(),
            "{}: a language without phrases",
            g.id
        );
        for p in g.zh.iter().chain(g.en) {
            assert!(
                fold(p).chars().count() >= 2,
                "{}: «{p}» is too short to mean anything",
                g.id
            );
        }
    }
    let bank = bank();
    let missing: Vec<(&str, Section)> = bank
        .iter()
        .filter(|q| !seen.contains_key(q.id))
        .map(|q| (q.id, q.section))
        .collect();
    assert!(
        missing.is_empty(),
        "questions without giveaways: {missing:?}"
    );
    let stale: Vec<&str> = table
        .iter()
        .filter(|g| !bank.iter().any(|q| q.id == g.id))
        .map(|g| g.id)
        .collect();
    assert!(
        stale.is_empty(),
        "giveaways of questions not in the bank: {stale:?}"
    );
}

/// Each section's check on its own, so a section's author runs theirs.
fn no_card_answers_another_in(section: Section) {
    let bank: Vec<Question> = bank()
        .into_iter()
        .filter(|q| q.section == section)
        .collect();
    let table = giveaways::all();
    let mut report = Vec::new();
    for l in [Lang::Zh, Lang::En] {
        for leak in leaks(&bank, &table, l) {
            report.push(format!(
                "{l:?}: «{}» (answers {}) is in {} ({})",
                leak.phrase, leak.question, leak.card, leak.key
            ));
        }
    }
    assert!(
        report.is_empty(),
        "{} leaks:\n{}",
        report.len(),
        report.join("\n")
    );
}

#[test]
fn no_card_answers_another_truths() {
    no_card_answers_another_in(Section::Truths);
}
#[test]
fn no_card_answers_another_wait() {
    no_card_answers_another_in(Section::Wait);
}
#[test]
fn no_card_answers_another_layers() {
    no_card_answers_another_in(Section::Layers);
}
#[test]
fn no_card_answers_another_keys() {
    no_card_answers_another_in(Section::Keys);
}
#[test]
fn no_card_answers_another_agent() {
    no_card_answers_another_in(Section::Agent);
}
#[test]
fn no_card_answers_another_interview() {
    no_card_answers_another_in(Section::Interview);
}

/// The check catches what it is for: main's option text of
/// `relay_delivery_dedupe` gave `predict_relay_crash`'s two notifications
/// away, and a card's own prompt naming its key is caught too.
#[test]
fn the_check_finds_a_planted_leak() {
    let g = Giveaway {
        id: "planted",
        zh: &["2 条通知"],
        en: &["two notifications", "2 notifications"],
    };
    let texts = vec![(
        "ex.opt.x".to_string(),
        "通知服务不去重时，负责人会收到 2  条通知".to_string(),
    )];
    assert_eq!(find(&g, Lang::Zh, "other", &texts).count(), 1);
    let en = vec![(
        "k".to_string(),
        "The owner gets 2 Notifications.".to_string(),
    )];
    assert_eq!(find(&g, Lang::En, "other", &en).count(), 1);
    let clean = vec![("k".to_string(), "负责人收到通知".to_string())];
    assert_eq!(find(&g, Lang::Zh, "other", &clean).count(), 0);
}

/// A card's demo, opened once it is answered, runs a lab case to the end:
/// it may not show a count another card of the same section asks the
/// student to predict, that is the same case (scenario and client) with the
/// same count, on the predicted server or on another one.
#[test]
fn no_demo_runs_another_cards_prediction() {
    use retry_lab::exercises::live::lab_count;
    use retry_lab::pages::links::Link;
    let bank = bank();
    let mut report = Vec::new();
    for q in &bank {
        let Some(Link::Lab(p)) = &q.demo else {
            continue;
        };
        if p.schedule.is_some() {
            continue;
        }
        for other in bank
            .iter()
            .filter(|o| o.section == q.section && o.id != q.id)
        {
            // A red/green test's runs grade the student's own test; only a
            // prediction of counts can be read off a demo.
            let Kind::Predict {
                model: Model::LabCounts(runs),
                ..
            } = &other.kind
            else {
                continue;
            };
            let shown = retry_lab::lab::cell(p.scenario, p.harness, p.design, p.seed);
            if runs.iter().any(|r| {
                (r.scenario, retry_lab::lab::Harness::from(r.client)) == (p.scenario, p.harness)
                    && shown.count(r.measure) == lab_count(r)
            }) {
                report.push(format!(
                    "{}'s demo ({} / {} / {:?}) shows a count {} asks to predict",
                    q.id,
                    p.scenario.id(),
                    p.harness.to_ids(),
                    p.design,
                    other.id
                ));
            }
        }
    }
    assert!(report.is_empty(), "{}", report.join("\n"));
}
