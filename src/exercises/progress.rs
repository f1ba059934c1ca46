//! The student's progress, kept in `localStorage` as JSON. Reading never
//! fails: unreadable or foreign data gives an empty progress, and records of
//! questions no longer in the bank are kept but not counted.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::grade::{ModelValue, Response};
use super::Question;

/// The `localStorage` key. Bump the suffix if the format changes.
pub const STORAGE_KEY: &str = "retry-lab.exercises.v1";

/// The last graded answer to one question.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub response: Response,
    pub correct: bool,
    /// For «predict, then run»: the value the model produced in that run, so
    /// that a reload shows what the student saw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<ModelValue>,
}

/// Every answered question, by id.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub records: BTreeMap<String, Record>,
}

/// Answered and correct counts over a bank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    pub answered: usize,
    pub correct: usize,
    pub total: usize,
}

impl Progress {
    /// Parses stored JSON; anything unreadable is an empty progress.
    pub fn from_json(s: &str) -> Self {
        serde_json::from_str(s).unwrap_or_default()
    }

    /// Serialises for storage.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".into())
    }

    /// The record of question `id`.
    pub fn get(&self, id: &str) -> Option<&Record> {
        self.records.get(id)
    }

    /// Stores (or replaces) the record of question `id`.
    pub fn set(&mut self, id: &str, record: Record) {
        self.records.insert(id.to_string(), record);
    }

    /// Counts over `bank`, ignoring records of unknown ids.
    pub fn summary(&self, bank: &[Question]) -> Summary {
        let mut s = Summary {
            answered: 0,
            correct: 0,
            total: bank.len(),
        };
        for q in bank {
            if let Some(r) = self.records.get(q.id) {
                s.answered += 1;
                s.correct += usize::from(r.correct);
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::bank;

    #[test]
    fn round_trip_and_garbage() {
        let mut p = Progress::default();
        p.set(
            "backoff_4th_retry",
            Record {
                response: Response::Numbers(vec![1600.0]),
                correct: true,
                model: None,
            },
        );
        p.set(
            "predict_fewest_calls",
            Record {
                response: Response::Choice("full".into()),
                correct: false,
                model: Some(ModelValue::Fewest {
                    winner: "decorrelated".into(),
                    calls: vec![("full".into(), 300.5), ("decorrelated".into(), 280.0)],
                }),
            },
        );
        p.set(
            "ghost",
            Record {
                response: Response::Bool(true),
                correct: true,
                model: None,
            },
        );
        let back = Progress::from_json(&p.to_json());
        assert_eq!(back, p);
        let s = back.summary(&bank());
        assert_eq!((s.answered, s.correct), (2, 1));
        for junk in ["", "null", "[1,2]", "{\"records\":5}", "{{{"] {
            assert_eq!(Progress::from_json(junk), Progress::default(), "{junk}");
        }
    }
}
