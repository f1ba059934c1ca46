//! Where each question comes from: the chapter's section it tests (§1–§6),
//! and whether it is taken from the chapter itself or from one of its
//! source readings (seeds 001–003). Every question carries both
//! ([`super::Question::section`], [`super::Question::source`]); the page shows one section
//! at a time, with every section's count, and marks the readings.

use crate::kernel::ids::id_enum;

id_enum! {
    /// A section of the chapter «超时了，再发一次安全吗？», in the chapter's
    /// order; the id is the URL's `section` value (and testids, anchors).
    #[derive(PartialOrd, Ord)]
    Section {
        /// 1 超时的三种真相 (and whether to retry at all).
        Truths => "truths",
        /// 2 等多久：指数退避和四种抖动.
        Wait => "wait",
        /// 3 试几次：重试会层层相乘.
        Layers => "layers",
        /// 4 再发一次会不会多一份：幂等键.
        Keys => "keys",
        /// 5 Agent 特有的坑：重试有两层.
        Agent => "agent",
        /// 6 面试要点: the testing method, the follow-up questions (side
        /// effects outside the database, `kill -9` after claiming a key, 429).
        Interview => "interview",
    }
}

impl Section {
    /// The chapter's number of the section (1–6).
    pub fn number(self) -> usize {
        Section::ALL.iter().position(|s| *s == self).unwrap_or(0) + 1
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
