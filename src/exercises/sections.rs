//! Where each question comes from: the chapter's section it belongs to, and
//! whether it is taken from the chapter itself or from one of its source
//! readings (seeds 001–003). The page groups the questions by section, in
//! the chapter's order, and marks the ones from the readings.
//!
//! Kept as a table by id, apart from the bank, so that questions added
//! elsewhere still get a section (by their demo) until they are listed here.

use super::Question;

/// A section of the chapter «超时了，再发一次安全吗？».
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Section {
    /// 1 超时的三种真相 (and whether to retry at all).
    Truths,
    /// 2 等多久：指数退避和四种抖动.
    Wait,
    /// 3 试几次：重试会层层相乘.
    Layers,
    /// 4 再发一次会不会多一份：幂等键.
    Keys,
    /// 5 Agent 特有的坑：重试有两层.
    Agent,
}

impl Section {
    /// Every section, in the chapter's order.
    pub const ALL: [Section; 5] = [
        Section::Truths,
        Section::Wait,
        Section::Layers,
        Section::Keys,
        Section::Agent,
    ];

    /// Stable id (testids, anchors).
    pub fn id(self) -> &'static str {
        match self {
            Section::Truths => "truths",
            Section::Wait => "wait",
            Section::Layers => "layers",
            Section::Keys => "keys",
            Section::Agent => "agent",
        }
    }

    /// Translation key of the heading.
    pub fn title_key(self) -> String {
        format!("ex.section.{}", self.id())
    }
}

/// Where a question's claim comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The chapter itself (its text, tables, ✎练习 or ❌ common mistakes).
    Chapter,
    /// One of the chapter's source readings.
    Reading(Reading),
}

/// The chapter's source readings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// 001 «超时、重试、退避与幂等性».
    Timeouts,
    /// 002 «重试怎样避免放大故障：Backoff、Retry Budget 与 Idempotency».
    Amplification,
    /// 003 «幂等、超时与可观测性».
    Observability,
}

impl Reading {
    /// Translation key of the reading's title.
    pub fn title_key(self) -> &'static str {
        match self {
            Reading::Timeouts => "ex.reading.timeouts",
            Reading::Amplification => "ex.reading.amplification",
            Reading::Observability => "ex.reading.observability",
        }
    }
}

use Reading::{Amplification, Observability, Timeouts};
use Section::{Agent, Keys, Layers, Truths, Wait};
use Source::{Chapter, Reading as R};

/// The section and source of every question of the bank.
pub const PLACES: &[(&str, Section, Source)] = &[
    ("decide_get_read_timeout", Truths, R(Timeouts)),
    ("decide_post_read_timeout", Truths, R(Timeouts)),
    ("decide_put_5xx", Truths, R(Timeouts)),
    ("decide_get_429", Truths, R(Timeouts)),
    ("decide_other_4xx", Truths, R(Timeouts)),
    ("tf_retry_4xx", Truths, R(Timeouts)),
    ("tf_post_not_auto_retry", Truths, Chapter),
    ("tf_timeout_means_failed", Truths, Chapter),
    ("tf_timeout_outcome_unknown", Truths, Chapter),
    ("tf_requests_timeout_not_deadline", Truths, R(Timeouts)),
    ("backoff_4th_retry", Wait, Chapter),
    ("jitter_range_4th", Wait, Chapter),
    ("codex_total_wait", Wait, Chapter),
    ("capped_bounds_six", Wait, R(Timeouts)),
    ("tf_backoff_prevents_herd", Wait, Chapter),
    ("tf_jitter_codex_small", Wait, Chapter),
    ("tf_cap_needed", Wait, R(Amplification)),
    ("predict_fewest_calls", Wait, Chapter),
    ("harness_times_sdk", Layers, Chapter),
    ("codex_two_layers", Layers, Chapter),
    ("five_layers", Layers, Chapter),
    ("three_layers", Layers, R(Amplification)),
    ("urllib3_total3", Layers, R(Timeouts)),
    ("tf_layers_multiply", Layers, Chapter),
    ("tf_attempts_enough", Layers, R(Amplification)),
    ("predict_lost_response", Keys, Chapter),
    ("tf_new_uuid_per_retry", Keys, Chapter),
    ("tf_key_is_http_standard", Keys, Chapter),
    ("tf_request_id_vs_key", Keys, Chapter),
    ("same_key_diff_body", Keys, Chapter),
    ("same_key_in_progress", Keys, Chapter),
    ("same_key_done_error", Keys, Chapter),
    ("which_key_codex_reset", Keys, Chapter),
    ("tf_insert_then_record_key", Keys, Chapter),
    ("predict_key_split_crash", Keys, Chapter),
    ("predict_lease_no_fence", Keys, Chapter),
    ("tf_memory_dict_store", Keys, R(Observability)),
    ("tf_skip_digest_compare", Keys, R(Observability)),
    ("tf_success_rate_only", Keys, R(Observability)),
    ("tf_cache_hit_rechecks_auth", Keys, R(Observability)),
    ("tf_log_key_hash", Keys, R(Observability)),
    ("which_key_model_recall", Agent, Chapter),
    ("predict_model_recall", Agent, Chapter),
    ("tf_digest_includes_call_id", Agent, R(Observability)),
    ("tf_mcp_hint_not_guarantee", Agent, Chapter),
];

/// The section and source of a question: from [`PLACES`], or for a question
/// not listed yet, from its demo (herd → «how long to wait», lab → «keys»).
pub fn place(q: &Question) -> (Section, Source) {
    PLACES
        .iter()
        .find(|(id, _, _)| *id == q.id)
        .map(|(_, s, src)| (*s, *src))
        .unwrap_or_else(|| {
            let section = if matches!(q.demo, Some(crate::links::Link::Herd(_))) {
                Section::Wait
            } else {
                Section::Keys
            };
            (section, Source::Chapter)
        })
}

/// The questions grouped by section, in the chapter's order; a group keeps
/// the bank's order and empty sections are left out.
pub fn grouped<'a>(questions: &[&'a Question]) -> Vec<(Section, Vec<&'a Question>)> {
    Section::ALL
        .iter()
        .map(|&s| {
            let qs: Vec<&Question> = questions
                .iter()
                .copied()
                .filter(|q| place(q).0 == s)
                .collect();
            (s, qs)
        })
        .filter(|(_, qs)| !qs.is_empty())
        .collect()
}
