//! The mechanisms that keep every question fair, checked over the whole bank
//! (so a question added later is held to them too):
//! - no demo link before an answer, for any kind;
//! - options shown in a shuffle seeded by the id that spreads the correct
//!   option's position (none holds over 40 % of the answers; every position
//!   of a question with 4 or more options is used; none over 30 % of a
//!   cases question's parts), graded by option id;
//! - every question in a section of the chapter, readings marked;
//! - every «predict, then run» question runs a model, and no other question
//!   calls itself one;
//! - numeric answers computed by formulas or models, one question's answer
//!   never printed in another's prompt;
//! - true/false statements balanced, their wording carrying no signal;
//! - ids that name the topic, not the verdict.

use std::collections::{BTreeMap, HashSet};

use retry_lab::exercises::grade::{grade, ModelValue, Response};
use retry_lab::exercises::live::run_model;
use retry_lab::exercises::order::{case_options, correct_position, shown};
use retry_lab::exercises::sections::{Reading, Section, Source};
use retry_lab::exercises::{bank, find, grouped, Derivation, Kind, PredictInput, Question};
use retry_lab::i18n::{t, Lang};

#[test]
fn no_demo_before_an_answer_for_any_kind() {
    let b = bank();
    for q in &b {
        assert_eq!(
            q.demo_link(false),
            None,
            "{}: a demo before the answer",
            q.id
        );
        assert_eq!(q.demo_link(true), q.demo, "{}", q.id);
    }
    // Every kind has questions with a demo, so the rule is exercised.
    let with_demo =
        |f: fn(&Kind) -> bool| b.iter().filter(|q| q.demo.is_some() && f(&q.kind)).count();
    assert!(with_demo(|k| matches!(k, Kind::TrueFalse(_))) > 3);
    assert!(with_demo(|k| matches!(k, Kind::Choice { .. })) > 3);
    assert!(with_demo(|k| matches!(k, Kind::Numeric(_))) > 3);
    assert!(with_demo(|k| matches!(k, Kind::Predict { .. })) >= 1);
}

/// How many choice questions show their correct option at each position.
fn position_histogram(b: &[Question]) -> BTreeMap<usize, usize> {
    let mut h = BTreeMap::new();
    for q in b {
        if let Some(p) = correct_position(q) {
            *h.entry(p).or_insert(0) += 1;
        }
    }
    h
}

#[test]
fn the_shuffle_spreads_the_correct_option() {
    let b = bank();
    let h = position_histogram(&b);
    let total: usize = h.values().sum();
    println!(
        "correct option by shown position (1-based): {:?} of {total}",
        h.iter().map(|(p, n)| (p + 1, *n)).collect::<Vec<_>>()
    );
    assert!(total >= 15, "only {total} choice questions");
    for (p, n) in &h {
        assert!(
            n * 100 <= total * 40,
            "position {} holds {n} of {total} correct answers",
            p + 1
        );
    }
    // Every position of the questions with 4 or more options holds some
    // correct answer.
    let long: Vec<&Question> = b
        .iter()
        .filter(|q| matches!(&q.kind, Kind::Choice { options, .. } if options.len() >= 4))
        .collect();
    let widest = long.iter().map(|q| shown(q).len()).min().unwrap_or(0);
    for p in 0..widest {
        assert!(
            long.iter().any(|q| correct_position(q) == Some(p)),
            "no 4+-option question has its answer at position {}",
            p + 1
        );
    }
    // The correct option is the first of the bank's own list in most
    // questions; the page does not show that order.
    let first_listed = b
        .iter()
        .filter(|q| matches!(&q.kind, Kind::Choice { options, correct } if options[0] == *correct))
        .count();
    assert!(
        first_listed * 2 > total,
        "the test above would pass unshuffled"
    );
}

/// A cases question's lists are shared by its cases, so each case and part
/// is shuffled on its own: over all its parts no shown position holds more
/// than 30 % of the keys (a fixed position would score by itself).
#[test]
fn the_shuffle_spreads_every_case_parts_key() {
    let mut seen = 0;
    for q in bank() {
        let Kind::Cases(c) = &q.kind else { continue };
        let mut at: BTreeMap<usize, usize> = BTreeMap::new();
        for r in &c.rows {
            for (p, key) in c.parts.iter().zip(r.keys) {
                let shown = case_options(q.id, r, p);
                *at.entry(shown.iter().position(|o| o == key).unwrap())
                    .or_default() += 1;
            }
        }
        let total = c.picks();
        println!(
            "{}: keys by shown position (0-based) {at:?} of {total}",
            q.id
        );
        assert!(
            at.values().all(|n| n * 100 <= total * 30),
            "{}: {at:?}",
            q.id
        );
        seen += 1;
    }
    assert!(seen >= 1);
}

#[test]
fn grading_compares_option_ids_not_positions() {
    for q in bank() {
        let Kind::Choice { options, correct } = &q.kind else {
            continue;
        };
        let shown = shown(&q);
        let mut sorted = shown.clone();
        sorted.sort();
        let mut listed = options.to_vec();
        listed.sort();
        assert_eq!(sorted, listed, "{}: the shuffle keeps every option", q.id);
        // The same order on every call (it depends on the id only, so it is
        // the same in every language).
        assert_eq!(shown, retry_lab::exercises::order::shown(&q), "{}", q.id);
        for o in shown {
            let g = grade(&q, &Response::Choice(o.to_string()), None).unwrap();
            assert_eq!(g.correct, o == *correct, "{}: {o}", q.id);
        }
    }
}

#[test]
fn every_question_has_a_section_of_the_chapter_and_readings_are_marked() {
    let b = bank();
    let refs: Vec<_> = b.iter().collect();
    let groups = grouped(&refs);
    assert_eq!(
        groups.iter().map(|(s, _)| *s).collect::<Vec<_>>(),
        Section::ALL.to_vec(),
        "every section §1–§6 has questions, in the chapter's order"
    );
    let counts: Vec<(usize, usize)> = groups
        .iter()
        .map(|(s, qs)| (s.number(), qs.len()))
        .collect();
    println!("questions per section: {counts:?}");
    assert_eq!(counts.iter().map(|c| c.1).sum::<usize>(), b.len());
    // No section holds most of the bank (one used to hold 35 of 64).
    assert!(counts.iter().all(|(_, n)| n * 3 < b.len()), "{counts:?}");
    for s in Section::ALL {
        assert!(t(Lang::Zh, &s.title_key()).starts_with(&s.number().to_string()));
        assert_eq!(Section::from_id(s.id()), Some(s));
    }
    // Every question of the amplification demo is in §3.
    for q in b.iter().filter(|q| q.id.starts_with("amp_")) {
        assert_eq!(q.section, Section::Layers, "{}", q.id);
    }
    // Both kinds of source are present; these come from the readings.
    let readings = b
        .iter()
        .filter(|q| matches!(q.source, Source::Reading(_)))
        .count();
    assert!(readings > 0 && readings < b.len());
    for (id, r) in [
        ("tf_backoff_cap", Reading::Timeouts),
        ("tf_retry_count_and_deadline", Reading::Timeouts),
        ("capped_bounds_six", Reading::Timeouts),
        ("three_layers", Reading::Amplification),
        ("backoff_jitter_budget", Reading::Amplification),
        ("create_refund_design", Reading::Observability),
    ] {
        assert_eq!(find(id).unwrap().source, Source::Reading(r), "{id}");
    }
}

/// Whether a text calls its question «predict, then run».
fn says_predict(q: &Question) -> bool {
    let zh = t(Lang::Zh, &q.prompt_key());
    let en = t(Lang::En, &q.prompt_key()).to_lowercase();
    zh.contains("先预测") || en.contains("predict, then run") || en.contains("predict then run")
}

#[test]
fn every_predict_question_runs_a_model_and_only_those_call_themselves_so() {
    let mut ran = 0;
    for q in bank() {
        assert!(
            !says_predict(&q),
            "{}: the kind label says it, the prompt must not",
            q.id
        );
        let Kind::Predict { input, model } = &q.kind else {
            continue;
        };
        let value = run_model(model).unwrap_or_else(|e| panic!("{}: {e:?}", q.id));
        match (input, &value) {
            (PredictInput::Numbers(f), ModelValue::Numbers { values }) => {
                assert_eq!(f.len(), values.len(), "{}", q.id)
            }
            (PredictInput::RedGreen(_), ModelValue::Numbers { values }) => {
                assert_eq!(model.lab_runs().len(), values.len(), "{}", q.id)
            }
            (PredictInput::Choice(o), ModelValue::Fewest { calls, .. }) => {
                assert_eq!(o.len(), calls.len(), "{}", q.id)
            }
            other => panic!("{}: the model's value does not fit: {other:?}", q.id),
        }
        ran += 1;
    }
    assert!(ran >= 6, "{ran} predict questions");
}

/// The numbers a prompt states, as written (`1,600` and `1600` alike).
fn numbers_in(text: &str) -> HashSet<String> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map(|s| s.trim_matches('.').to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

#[test]
fn numeric_answers_come_from_derivations_and_no_prompt_gives_one_away() {
    let b = bank();
    let mut kinds = HashSet::new();
    for q in &b {
        let Kind::Numeric(fields) = &q.kind else {
            continue;
        };
        for f in fields {
            let v = f.answer();
            assert!(v.is_finite() && v > 0.0, "{}: {v}", q.id);
            kinds.insert(std::mem::discriminant(&f.derivation));
            // An answer a student must compute appears in no prompt (small
            // whole numbers such as 4, 9 or 12 are also givens elsewhere:
            // 4 attempts, a 12 s deadline).
            // An answer equal to one of its own givens (d₁ = b, d₅ = d_max)
            // is no secret either.
            let s = retry_lab::kernel::num::field(v, 3);
            let own = numbers_in(&t(Lang::Zh, &q.prompt_key())).contains(&s);
            if !own && (v >= 100.0 || v.fract() != 0.0) {
                for other in &b {
                    for l in [Lang::Zh, Lang::En] {
                        assert!(
                            !numbers_in(&t(l, &other.prompt_key())).contains(&s),
                            "{}'s answer {s} is printed in {}'s prompt",
                            q.id,
                            other.id
                        );
                    }
                }
            }
        }
    }
    // Formulas and model runs both answer questions.
    assert!(
        kinds.contains(&std::mem::discriminant(&Derivation::CodexLoad {
            retry_after: 0.0
        }))
    );
    assert!(kinds.len() >= 6, "{} kinds of derivation", kinds.len());
}

/// Words that make a statement sound firm, or hedged.
const FIRM_ZH: &[&str] = &[
    "必须", "一定", "一律", "绝不", "不能", "不会", "不应", "就能", "就够", "不必", "都", "只",
    "应当", "说明",
];
const HEDGE_ZH: &[&str] = &[
    "一般", "通常", "多半", "大体", "基本", "最好", "主要", "可能", "往往", "不太",
];
const FIRM_EN: &[&str] = &[
    "must",
    "never",
    "always",
    "cannot",
    "enough",
    "no need",
    "guarantees",
    "every",
    "only",
    "should",
    "does not",
    "nothing will",
    "is to be",
    "was not",
];
const HEDGE_EN: &[&str] = &[
    "usually",
    "likely",
    "mostly",
    "by and large",
    "had better",
    "best",
    "mainly",
    "may ",
    "normally",
    "not really",
];

/// A rule a test-wise student might use: «a statement with this kind of
/// wording is false»; its share of right answers over `statements`.
fn rule_score(statements: &[(String, bool)], markers: &[&str]) -> f64 {
    let right = statements
        .iter()
        .filter(|(text, truth)| markers.iter().any(|m| text.contains(m)) != *truth)
        .count();
    right as f64 / statements.len() as f64
}

#[test]
fn true_false_statements_are_balanced_and_their_wording_carries_no_signal() {
    let b = bank();
    let tf: Vec<&Question> = b
        .iter()
        .filter(|q| matches!(q.kind, Kind::TrueFalse(_)))
        .collect();
    let truths = tf
        .iter()
        .filter(|q| q.kind == Kind::TrueFalse(true))
        .count();
    println!("true/false: {truths} true, {} false", tf.len() - truths);
    assert!(
        truths * 10 >= tf.len() * 4 && truths * 10 <= tf.len() * 6,
        "{truths} of {}",
        tf.len()
    );
    for (l, firm, hedge) in [(Lang::Zh, FIRM_ZH, HEDGE_ZH), (Lang::En, FIRM_EN, HEDGE_EN)] {
        let statements: Vec<(String, bool)> = tf
            .iter()
            .map(|q| {
                (
                    t(l, &q.prompt_key()).to_lowercase(),
                    q.kind == Kind::TrueFalse(true),
                )
            })
            .collect();
        // «Hedged means false», «hedged means true», «firm means false»,
        // «firm means true»: none does much better than a coin.
        let hedged_false = rule_score(&statements, hedge);
        let firm_false = rule_score(&statements, firm);
        println!(
            "{l:?}: «hedged ⇒ false» scores {hedged_false:.2}, «firm ⇒ false» {firm_false:.2}"
        );
        for s in [
            hedged_false,
            1.0 - hedged_false,
            firm_false,
            1.0 - firm_false,
        ] {
            assert!(s <= 0.62, "{l:?}: a wording rule scores {s:.2}");
        }
    }
    for q in &tf {
        let (zh, en) = if q.kind == Kind::TrueFalse(true) {
            ("对。", "True.")
        } else {
            ("错。", "False.")
        };
        assert!(t(Lang::Zh, &q.explain_key()).starts_with(zh), "{}", q.id);
        assert!(t(Lang::En, &q.explain_key()).starts_with(en), "{}", q.id);
    }
}

#[test]
fn ids_name_the_topic_not_the_verdict() {
    let verdicts = [
        "forever",
        "needed",
        "enough",
        "safe",
        "skip",
        "prevents",
        "means",
        "nothing_done",
        "not_",
        "_not",
        "never",
        "always",
        "wrong",
        "right",
        "correct",
        "bad",
        "good",
        "small",
    ];
    for q in bank() {
        for v in verdicts {
            assert!(!q.id.contains(v), "{} says «{v}»", q.id);
        }
    }
}

#[test]
fn careful_reader_wording() {
    // A question that can be opened alone never refers to another one.
    for q in bank() {
        for l in [Lang::Zh, Lang::En] {
            let p = t(l, &q.prompt_key());
            for other in [
                "同上",
                "同一节",
                "上一题",
                "As above",
                "the same section",
                "previous question",
            ] {
                assert!(!p.contains(other), "{}: «{other}»", q.id);
            }
        }
    }
    // The call-id digest's consequence is the 422 conflict of a legitimate re-call.
    let e = t(Lang::Zh, "ex.q.tf_digest_call_id.explain");
    assert!(e.contains("422") && e.contains("重新调用"), "{e}");
    // The two Codex retry counts name their layer and their example.
    assert!(t(Lang::Zh, "ex.q.codex_total_wait.prompt").contains("默认"));
    let two = t(Lang::Zh, "ex.q.amp_codex.prompt");
    assert!(two.contains("例子") && two.contains("默认的 5 次"), "{two}");
    // A budget says what it counts; a product says what its layers count
    // (attempts), and both counting conventions are named.
    assert!(t(Lang::Zh, "ex.q.amp_budget.explain").contains("答案就是 6"));
    assert!(t(Lang::Zh, "ex.q.three_layers.prompt").contains("最多尝试 3 次"));
    assert!(t(Lang::Zh, "ex.q.urllib3_total3.explain").contains("16"));
    // The quota rule is Codex's; fencing decides which write-back commits.
    assert!(t(Lang::Zh, "ex.q.tf_429_quota.prompt").contains("Codex"));
    let fence = t(Lang::Zh, "ex.q.predict_lease_write_back.explain");
    assert!(
        fence.contains("哪一个写回能提交") && fence.contains("撤不回来"),
        "{fence}"
    );
    // The demo's token bucket is described, and the SDK's differs.
    let tb = t(Lang::Zh, "ex.q.amp_token_bucket_p1.explain");
    assert!(tb.contains("固定速率") && tb.contains("Brooker"), "{tb}");
    // One name for the no-backoff strategy.
    assert_eq!(t(Lang::Zh, "ex.opt.none"), "不退避（none）");
    assert!(t(Lang::Zh, "herd.strategy.none").starts_with("不退避"));
}
