//! A test-wise student who has not read the chapter plays surface strategies
//! over the whole bank, in both languages: the longest or shortest option,
//! the option sharing most words with the prompt, each fixed position, the
//! odd one out by length or by negation, the option repeating a number of
//! the prompt, and for statements: hedge words mean true, absolute words
//! mean false, longer than the median means true, a number means true.
//! Chance is per question (1/k for k options, 1/2 for a statement, and for
//! each part of each case of a cases question 1/k for its list of k); a strategy scores the mean over the questions
//! it applies to (it abstains on a tie), against the mean chance of those.
//! «Pick the longest» must stay within 10 points of chance, every other
//! strategy within two standard errors. Options are shown in the page's
//! seeded order (`exercises::order`), so positions are the page's.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;

use retry_lab::exercises::order::{case_options, shown};
use retry_lab::exercises::{bank, option_key, Kind, Question};
use retry_lab::i18n::{t, Lang};

/// One multiple-choice item as the student sees it: the prompt, the options
/// in the page's order, and which of them is the key.
struct Item {
    id: String,
    prompt: String,
    options: Vec<String>,
    key: usize,
}

/// One statement to judge.
struct Statement {
    text: String,
    truth: bool,
}

fn items(l: Lang) -> Vec<Item> {
    let mut out = Vec::new();
    for q in bank() {
        match &q.kind {
            Kind::Choice { correct, .. } => {
                let order = shown(&q);
                out.push(Item {
                    id: q.id.to_string(),
                    prompt: t(l, &q.prompt_key()),
                    key: order.iter().position(|o| o == correct).unwrap(),
                    options: order.iter().map(|o| t(l, &option_key(o))).collect(),
                });
            }
            Kind::Cases(c) => {
                let prompt = t(l, &q.prompt_key());
                for r in &c.rows {
                    for (p, key) in c.parts.iter().zip(r.keys) {
                        let order = case_options(q.id, r, p);
                        out.push(Item {
                            id: format!("{}/{}/{}", q.id, r.label, p.label),
                            prompt: format!("{prompt} {} {}", t(l, r.label), t(l, p.label)),
                            key: order.iter().position(|o| o == key).unwrap(),
                            options: order.iter().map(|o| t(l, &option_key(o))).collect(),
                        });
                    }
                }
            }
            _ => {}
        }
    }
    out
}

fn statements(l: Lang) -> Vec<Statement> {
    bank()
        .iter()
        .filter_map(|q: &Question| match q.kind {
            Kind::TrueFalse(truth) => Some(Statement {
                text: t(l, &q.prompt_key()),
                truth,
            }),
            _ => None,
        })
        .collect()
}

fn len(s: &str) -> usize {
    s.chars().count()
}

/// Words: ASCII words lowercased, and each CJK character pair.
fn words(s: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut word = String::new();
    let mut prev: Option<char> = None;
    for c in s.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c.to_ascii_lowercase());
        } else if !word.is_empty() {
            out.insert(std::mem::take(&mut word));
        }
        let cjk = ('\u{4e00}'..='\u{9fff}').contains(&c);
        if let (true, Some(p)) = (cjk, prev) {
            out.insert(format!("{p}{c}"));
        }
        prev = cjk.then_some(c);
    }
    if !word.is_empty() {
        out.insert(word);
    }
    out.retain(|w| w.len() > 2 || !w.is_ascii());
    out
}

/// Numbers written in a text.
fn numbers(s: &str) -> BTreeSet<String> {
    s.split(|c: char| !c.is_ascii_digit() && c != '.')
        .map(|n| n.trim_matches('.'))
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect()
}

/// The index of the only maximum of `score` (None on a tie).
fn only_max(scores: &[f64]) -> Option<usize> {
    let max = scores.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let at: Vec<usize> = (0..scores.len()).filter(|&i| scores[i] == max).collect();
    (at.len() == 1).then(|| at[0])
}

const NEGATION_ZH: &[&str] = &["不", "没", "无", "否", "别", "勿"];
const NEGATION_EN: &[&str] = &[
    "not", "no", "never", "nothing", "none", "without", "n't", "neither",
];
const HEDGE_ZH: &[&str] = &[
    "通常", "可能", "一般", "往往", "大多", "多半", "最好", "也许", "未必",
];
const HEDGE_EN: &[&str] = &[
    "usually",
    "may",
    "might",
    "often",
    "generally",
    "mostly",
    "likely",
    "can",
    "best",
];
const ABSOLUTE_ZH: &[&str] = &[
    "一定", "总是", "永远", "从不", "所有", "绝不", "必须", "只要", "保证", "完全", "都",
];
const ABSOLUTE_EN: &[&str] = &[
    "always",
    "never",
    "all",
    "every",
    "only",
    "must",
    "guarantee",
    "completely",
    "any",
];

fn has_any(text: &str, l: Lang, zh: &[&str], en: &[&str]) -> bool {
    match l {
        Lang::Zh => zh.iter().any(|w| text.contains(w)),
        _ => {
            let lower = text.to_lowercase();
            let ws: BTreeSet<&str> = lower
                .split(|c: char| !c.is_ascii_alphanumeric() && c != '\'')
                .collect();
            en.iter()
                .any(|w| ws.contains(w) || (w.starts_with('n') && lower.contains(w)))
        }
    }
}

type Pick = fn(&Item, Lang) -> Option<usize>;
type Judge = fn(&Statement, Lang, usize) -> Option<bool>;

fn longest(i: &Item, _: Lang) -> Option<usize> {
    only_max(&i.options.iter().map(|o| len(o) as f64).collect::<Vec<_>>())
}

fn shortest(i: &Item, _: Lang) -> Option<usize> {
    only_max(
        &i.options
            .iter()
            .map(|o| -(len(o) as f64))
            .collect::<Vec<_>>(),
    )
}

fn shared_words(i: &Item, _: Lang) -> Option<usize> {
    let p = words(&i.prompt);
    only_max(
        &i.options
            .iter()
            .map(|o| words(o).intersection(&p).count() as f64)
            .collect::<Vec<_>>(),
    )
}

fn odd_length(i: &Item, _: Lang) -> Option<usize> {
    let ls: Vec<f64> = i.options.iter().map(|o| len(o) as f64).collect();
    let mean = ls.iter().sum::<f64>() / ls.len() as f64;
    only_max(&ls.iter().map(|x| (x - mean).abs()).collect::<Vec<_>>())
}

fn odd_negation(i: &Item, l: Lang) -> Option<usize> {
    let neg: Vec<bool> = i
        .options
        .iter()
        .map(|o| has_any(o, l, NEGATION_ZH, NEGATION_EN))
        .collect();
    let n = neg.iter().filter(|b| **b).count();
    match n {
        1 => neg.iter().position(|b| *b),
        k if k + 1 == neg.len() => neg.iter().position(|b| !*b),
        _ => None,
    }
}

fn prompt_number(i: &Item, _: Lang) -> Option<usize> {
    let p = numbers(&i.prompt);
    only_max(
        &i.options
            .iter()
            .map(|o| numbers(o).intersection(&p).count() as f64)
            .collect::<Vec<_>>(),
    )
    .filter(|&k| !numbers(&i.options[k]).is_disjoint(&p))
}

fn position<const P: usize>(i: &Item, _: Lang) -> Option<usize> {
    (P < i.options.len()).then_some(P)
}

fn hedge_true(s: &Statement, l: Lang, _: usize) -> Option<bool> {
    let (h, a) = (
        has_any(&s.text, l, HEDGE_ZH, HEDGE_EN),
        has_any(&s.text, l, ABSOLUTE_ZH, ABSOLUTE_EN),
    );
    (h && !a).then_some(true)
}

fn absolute_false(s: &Statement, l: Lang, _: usize) -> Option<bool> {
    let (h, a) = (
        has_any(&s.text, l, HEDGE_ZH, HEDGE_EN),
        has_any(&s.text, l, ABSOLUTE_ZH, ABSOLUTE_EN),
    );
    (a && !h).then_some(false)
}

fn long_true(s: &Statement, _: Lang, median: usize) -> Option<bool> {
    (len(&s.text) != median).then_some(len(&s.text) > median)
}

fn number_true(s: &Statement, _: Lang, _: usize) -> Option<bool> {
    Some(!numbers(&s.text).is_empty())
}

/// A strategy's result: right answers, items it applied to, the sum of
/// their chances and of their chance variances.
#[derive(Default)]
struct Tally {
    right: f64,
    n: f64,
    chance: f64,
    var: f64,
}

impl Tally {
    fn add(&mut self, right: bool, p: f64) {
        self.right += f64::from(u8::from(right));
        self.n += 1.0;
        self.chance += p;
        self.var += p * (1.0 - p);
    }
    fn score(&self) -> f64 {
        100.0 * self.right / self.n
    }
    fn chance(&self) -> f64 {
        100.0 * self.chance / self.n
    }
    /// Two standard errors of the mean score under guessing, in points.
    fn two_se(&self) -> f64 {
        200.0 * self.var.sqrt() / self.n
    }
}

fn pick_strategies() -> Vec<(&'static str, Pick)> {
    vec![
        ("longest option", longest),
        ("shortest option", shortest),
        ("most words shared with the prompt", shared_words),
        ("odd one out by length", odd_length),
        ("odd one out by negation", odd_negation),
        ("option repeating a number of the prompt", prompt_number),
        ("always position 1", position::<0>),
        ("always position 2", position::<1>),
        ("always position 3", position::<2>),
        ("always position 4", position::<3>),
    ]
}

fn judge_strategies() -> Vec<(&'static str, Judge)> {
    vec![
        ("hedge words mean true", hedge_true),
        ("absolute words mean false", absolute_false),
        ("longer than the median means true", long_true),
        ("a number in the statement means true", number_true),
    ]
}

/// Every strategy's tally in `l`, and whether it stays within its bound.
fn play(l: Lang) -> Vec<(&'static str, Tally, f64, bool)> {
    let mut out = Vec::new();
    let items = items(l);
    for (name, f) in pick_strategies() {
        let mut tally = Tally::default();
        for i in &items {
            if let Some(k) = f(i, l) {
                tally.add(k == i.key, 1.0 / i.options.len() as f64);
            }
        }
        let bound = if name == "longest option" {
            10.0
        } else {
            tally.two_se()
        };
        let ok = tally.n == 0.0 || (tally.score() - tally.chance()).abs() <= bound;
        out.push((name, tally, bound, ok));
    }
    let st = statements(l);
    let mut lens: Vec<usize> = st.iter().map(|s| len(&s.text)).collect();
    lens.sort();
    let median = lens[lens.len() / 2];
    for (name, f) in judge_strategies() {
        let mut tally = Tally::default();
        for s in &st {
            if let Some(says) = f(s, l, median) {
                tally.add(says == s.truth, 0.5);
            }
        }
        let bound = tally.two_se();
        let ok = tally.n == 0.0 || (tally.score() - tally.chance()).abs() <= bound;
        out.push((name, tally, bound, ok));
    }
    out
}

// Measured on the bank before its rewrite (score / chance, in points):
//                                   zh-CN          English
//   longest option                  54.8 / 22.7    62.5 / 22.8
//   shortest option                 11.8 / 22.9     9.1 / 22.8
//   most words shared with prompt   48.0 / 22.6    54.2 / 23.4
//   odd one out by length           53.1 / 22.8    55.9 / 22.9
//   odd one out by negation         35.0 / 21.7    14.3 / 21.6
//   option repeating a number       22.2 / 24.5    22.2 / 24.5
//   always position 1..4            22.9 17.1 17.1 27.3 (both; chance ≈ 23)
//   hedge words mean true           45.5 / 50      33.3 / 50
//   absolute words mean false       25.0 / 50       0.0 / 50
//   longer than the median is true  73.9 / 50      77.3 / 50
//   a number means true             62.5 / 50      62.5 / 50
// After the rewrite of the cue-carrying options (keys no longer the fullest
// option, distractors the seeds' common mistakes), of the statements whose
// length told their truth, and of the cards that answered each other (73
// questions, the 21 parts of the create_refund cases counted as items):
//                                   zh-CN          English
//   longest option                  15.8 / 19.4    17.1 / 19.8
//   shortest option                 15.4 / 19.5    10.0 / 19.7
//   most words shared with prompt   20.7 / 18.3    13.6 / 19.9
//   odd one out by length            8.8 / 20.4    12.2 / 19.8
//   odd one out by negation         20.0 / 25.0    14.3 / 24.3
//   option repeating a number       20.0 / 25.0    20.0 / 25.0
//   always position 1..4            23.3 18.6 16.3 18.6 (both; chance 20)
//   hedge words mean true           50.0 / 50      37.5 / 50
//   absolute words mean false      100.0 / 50 (n=1) 33.3 / 50
//   longer than the median is true  52.9 / 50      47.4 / 50
//   a number means true             52.4 / 50      52.4 / 50
/// With `TESTWISE_ITEMS=1`, each item's key as a test-wise student sees
/// it: its rank by length among the options (1 the shortest) — what an
/// author rewriting options for a length cue needs.
fn print_items(l: Lang) {
    if std::env::var_os("TESTWISE_ITEMS").is_none() {
        return;
    }
    for i in items(l) {
        let key = len(&i.options[i.key]);
        let rank = 1 + i.options.iter().filter(|o| len(o) < key).count();
        println!(
            "  {l:?} {}: key length rank {rank} of {}",
            i.id,
            i.options.len()
        );
    }
}

#[test]
fn a_test_wise_student_scores_at_chance_in_both_languages() {
    let mut failures = Vec::new();
    for l in [Lang::Zh, Lang::En] {
        print_items(l);
        println!("{l:?}: strategy, items, score, chance, bound");
        for (name, tally, bound, ok) in play(l) {
            println!(
                "  {name}: n={} score={:.1} chance={:.1} |Δ|≤{:.1} {}",
                tally.n,
                tally.score(),
                tally.chance(),
                bound,
                if ok { "ok" } else { "CUE" }
            );
            if !ok {
                failures.push(format!("{l:?}: {name}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "strategies beating chance: {failures:?}"
    );
}

/// The student sees what the page shows: every choice question and every
/// part of every case has its key among its options, in both languages.
#[test]
fn the_student_sees_every_item() {
    for l in [Lang::Zh, Lang::En] {
        let items = items(l);
        assert!(items.len() >= 30, "{}", items.len());
        for i in &items {
            assert!(i.key < i.options.len() && !i.prompt.is_empty(), "{}", i.id);
        }
        assert!(statements(l).len() >= 20);
    }
    assert_eq!(
        words("the Idempotency-Key 幂等键"),
        words("idempotency KEY 幂等键 the")
    );
    assert_eq!(only_max(&[1.0, 2.0, 2.0]), None);
    assert_eq!(
        numbers("Retry-After: 30, 12 s, 0.5"),
        ["0.5", "12", "30"].map(String::from).into()
    );
}
