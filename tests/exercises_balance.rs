//! The bank reads as the chapter does: questions grouped by the chapter's
//! sections, true/false balanced so that always answering «错» does not pass,
//! «predict, then run» never linking the predicted run before the answer,
//! and the careful-reader wording the course asks for.

use std::collections::HashSet;

use retry_lab::exercises::sections::{grouped, place, Section, Source, PLACES};
use retry_lab::exercises::{bank, find, Kind, Unit};
use retry_lab::i18n::{t, Lang};

#[test]
fn at_least_forty_percent_of_true_false_statements_are_true() {
    let b = bank();
    let tf: Vec<bool> = b
        .iter()
        .filter_map(|q| match q.kind {
            Kind::TrueFalse(v) => Some(v),
            _ => None,
        })
        .collect();
    let truths = tf.iter().filter(|v| **v).count();
    assert!(
        truths * 10 >= tf.len() * 4,
        "{truths} of {} statements are true",
        tf.len()
    );
    // Each true statement's explanation starts by confirming it.
    for q in &b {
        if q.kind == Kind::TrueFalse(true) {
            assert!(
                t(Lang::Zh, &q.explain_key()).starts_with("对。"),
                "{}",
                q.id
            );
            assert!(
                t(Lang::En, &q.explain_key()).starts_with("True."),
                "{}",
                q.id
            );
        }
    }
}

#[test]
fn predictions_link_no_demo_before_the_answer() {
    for q in bank() {
        let hides = matches!(q.kind, Kind::Predict { .. } | Kind::Numeric(_))
            || q.demo_after_answer()
                .is_some_and(|d| d.href().contains("step=end"));
        if hides {
            assert_eq!(q.demo_before_answer(), None, "{}", q.id);
        } else {
            assert_eq!(
                q.demo_before_answer(),
                q.demo_after_answer(),
                "{}: only predictions, numbers and final-step links hide their demo",
                q.id
            );
        }
        assert!(
            !q.demo_before_answer()
                .is_some_and(|d| d.href().contains("step=end")),
            "{}: a demo link opens the final step before the answer",
            q.id
        );
    }
}

#[test]
fn every_question_has_a_section_in_chapter_order() {
    let b = bank();
    let ids: HashSet<&str> = b.iter().map(|q| q.id).collect();
    for (id, _, _) in PLACES {
        assert!(ids.contains(id), "PLACES lists {id}, which the bank lacks");
    }
    let refs: Vec<_> = b.iter().collect();
    let groups = grouped(&refs);
    assert_eq!(
        groups.iter().map(|(s, _)| *s).collect::<Vec<_>>(),
        Section::ALL.to_vec(),
        "every section has questions, in the chapter's order"
    );
    assert_eq!(
        groups.iter().map(|(_, qs)| qs.len()).sum::<usize>(),
        b.len()
    );
    for s in Section::ALL {
        assert!(t(Lang::Zh, &s.title_key()).starts_with(char::is_numeric));
    }
    // Both kinds of source are present and named.
    let readings = b
        .iter()
        .filter(|q| matches!(place(q).1, Source::Reading(_)))
        .count();
    assert!(readings > 0 && readings < b.len());
    let q = find("capped_bounds_six").unwrap();
    assert!(matches!(place(&q), (Section::Wait, Source::Reading(_))));
}

#[test]
fn careful_reader_wording() {
    // A question that can be opened alone never refers to another one.
    for q in bank() {
        for l in [Lang::Zh, Lang::En] {
            let p = t(l, &q.prompt_key());
            assert!(!p.contains("同上") && !p.contains("As above"), "{}", q.id);
        }
    }
    // «几倍的负载» is answered as a multiple, not in requests.
    let Kind::Numeric(f) = find("five_layers").unwrap().kind else {
        panic!("five_layers is numeric")
    };
    assert_eq!(f[0].unit, Unit::Times);
    assert_eq!(f[0].answer, 243.0);
    // The key-per-retry misconception says «重试», not «请求».
    assert!(t(Lang::Zh, "ex.q.tf_new_uuid_per_retry.prompt").contains("每次重试"));
    // The layer formula says its factors are attempts, not retries.
    assert!(t(Lang::Zh, "ex.formula.product_note").contains("尝试次数"));
    // The call-id digest's consequence is the 422 conflict of a legitimate re-call.
    let e = t(Lang::Zh, "ex.q.tf_digest_includes_call_id.explain");
    assert!(e.contains("422") && e.contains("重新调用"), "{e}");
    // The two Codex retry counts name their layer and their example.
    assert!(t(Lang::Zh, "ex.q.codex_total_wait.prompt").contains("默认"));
    let two = t(Lang::Zh, "ex.q.codex_two_layers.prompt");
    assert!(two.contains("例子") && two.contains("默认的 5 次"), "{two}");
    // One name for the no-backoff strategy.
    assert_eq!(t(Lang::Zh, "ex.opt.none"), "不退避（none）");
    assert!(t(Lang::Zh, "herd.strategy.none").starts_with("不退避"));
}
