//! The question kinds. Each kind is one module holding what it is: the
//! inputs its form takes and how a draft reads into a [`Response`], how a
//! response is graded, the order its options are shown in, and what its
//! card draws ([`View`]). Code outside asks a question's kind through
//! [`QuestionKind`] (`q.kind.module()`), never by matching [`Kind`].
//!
//! [`Kind`] stays an enum of the kinds' data, because the bank declares
//! its questions as values (compared, cloned, matched by the tests) and
//! the stored answers name no kind; [`Kind::module`] is the one registry
//! that pairs each variant with its kind module. A new kind is one module
//! here, one variant and one registry line below, and one card component
//! in `ui::exercises::kinds`.

pub mod build;
pub mod cases;
pub mod choice;
pub mod harness;
pub mod lab_test;
pub mod numeric;
pub mod predict_counts;
pub mod predict_fewest;
pub mod statement;

use super::form::{Draft, FieldSpec, Problem};
use super::grade::{Grade, GradeError, ModelValue, Response};
use super::{LabRun, Model, NumField, PredictField, PredictInput};
use crate::kernel::text::Arg;

pub use cases::{CasePart, CaseRow, CaseRun, Cases, Missing, Recovery};

/// What kind of answer a question takes and how it is graded.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// One or more numbers, each graded with an absolute tolerance.
    Numeric(Vec<NumField>),
    /// Pick one of several options (shown in [`super::order::shown`] order).
    Choice {
        options: &'static [&'static str],
        correct: &'static str,
    },
    /// A statement to judge; `true` when the statement is right.
    TrueFalse(bool),
    /// Several cases, each answered in several parts, every part a pick
    /// from one list shared by all the cases (003's 动手实践: per case, the
    /// state transition, whether it may be retried, what the user sees).
    Cases(Cases),
    /// The student predicts first; the answer comes from running `model`.
    Predict { input: PredictInput, model: Model },
    /// «搭一个服务端»: the student submits a server design, graded by
    /// running it on the challenge's suite ([`super::build`]).
    Build(super::build::Challenge),
    /// «搭一个 harness»: the student submits a harness design, graded by
    /// running it on the challenge's suite ([`super::harness`]).
    BuildHarness(super::harness::HarnessChallenge),
}

impl Kind {
    /// The kind module of this question: the registry of kinds.
    pub fn module(&self) -> Box<dyn QuestionKind<'_> + '_> {
        match self {
            Kind::Numeric(fields) => Box::new(numeric::Numeric(fields)),
            Kind::Choice { options, correct } => Box::new(choice::Choice { options, correct }),
            Kind::TrueFalse(truth) => Box::new(statement::Statement(*truth)),
            Kind::Cases(c) => Box::new(cases::CaseTable(c)),
            Kind::Predict { input, model } => match input {
                PredictInput::Numbers(fields) => {
                    Box::new(predict_counts::PredictCounts { fields, model })
                }
                PredictInput::Choice(options) => {
                    Box::new(predict_fewest::PredictFewest { options, model })
                }
                PredictInput::RedGreen(assertions) => {
                    Box::new(lab_test::LabTest { assertions, model })
                }
            },
            Kind::Build(c) => Box::new(build::BuildServer(c)),
            Kind::BuildHarness(c) => Box::new(harness::BuildHarness(c)),
        }
    }
}

/// Everything a page or a test asks of a question's kind.
pub trait QuestionKind<'a> {
    /// Translation key of the kind's name, shown in a card's header.
    fn name_key(&self) -> &'static str;

    /// The grading rule shown above the inputs, if the kind states one.
    fn rule_key(&self) -> Option<&'static str> {
        None
    }

    /// The number inputs the form takes (none for a kind without).
    fn fields(&self) -> Vec<FieldSpec> {
        Vec::new()
    }

    /// How many picks the form takes (each part of each case; a test's
    /// fault and two assertions).
    fn pick_count(&self) -> usize {
        0
    }

    /// The options of the question `id`, in the order shown.
    fn shown(&self, _id: &str) -> Vec<&'static str> {
        Vec::new()
    }

    /// Every list of options the question `id` shows, in the order shown
    /// (one list, or one per part of each case).
    fn shown_lists(&self, id: &str) -> Vec<Vec<&'static str>> {
        vec![self.shown(id)]
    }

    /// The correct option of a single choice.
    fn correct_option(&self) -> Option<&'static str> {
        None
    }

    /// The response the form holds, or what it still lacks.
    fn read(&self, draft: &Draft) -> Result<Response, Problem>;

    /// Grades `response`; `model` is the value of the run the kind needs.
    fn grade(&self, response: &Response, model: Option<&ModelValue>) -> Result<Grade, GradeError>;

    /// What has to run before a response can be graded.
    fn grading(&self) -> Grading<'a> {
        Grading::Now
    }

    /// How an option id of this kind is named.
    fn choice_label(&self, _choice: &str) -> ChoiceLabel {
        ChoiceLabel::Option
    }

    /// The expected answer, shown beside a wrong verdict (none where a run
    /// gives the key, or where the graded part shows it).
    fn expected(&self) -> Option<Arg> {
        None
    }

    /// The translation keys the card shows before answering, besides the
    /// prompt: each option's name and each field's label (tests read them
    /// for every kind alike: that each has a text, and that no card gives
    /// another's answer away).
    fn shown_keys(&self, id: &str) -> Vec<String> {
        let options = self.shown_lists(id).into_iter().flatten();
        let names = options.map(|o| self.choice_label(o).key(o));
        let labels = self.fields().into_iter().map(|f| f.label.to_string());
        names.chain(labels).collect()
    }

    /// The line that repeats the student's answer beside the verdict
    /// (a prediction or a test, whose key comes from a run).
    fn answer_key(&self) -> Option<&'static str> {
        None
    }

    /// What the card draws for this kind: the UI picks its component by
    /// this, once.
    fn view(&self) -> View<'a>;
}

/// What has to run before a response can be graded.
pub enum Grading<'a> {
    /// Nothing: the key is in the bank.
    Now,
    /// A model run («predict, then run», a red/green test).
    Model(&'a Model),
    /// The challenge's suite on the submitted design.
    Suite(&'a super::build::Challenge),
    /// The challenge's scenarios with the submitted harness.
    Harness(&'a super::harness::HarnessChallenge),
}

/// How an option id is named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoiceLabel {
    /// By its option key (`ex.opt.<id>`), or as the id when the table no
    /// longer has it (an old answer).
    Option,
    /// By this translation key.
    Key(&'static str),
    /// A lab fault: by the scenario's name, the id beside it.
    Fault,
}

impl ChoiceLabel {
    /// The translation key that names `choice`.
    pub fn key(self, choice: &str) -> String {
        match self {
            ChoiceLabel::Option => super::option_key(choice),
            ChoiceLabel::Key(key) => key.to_string(),
            ChoiceLabel::Fault => format!("lab.scenario.{choice}"),
        }
    }
}

/// What a card draws for a kind: one variant per card component.
pub enum View<'a> {
    Numeric(&'a [NumField]),
    Choice {
        correct: &'static str,
    },
    Statement(bool),
    Cases(&'a Cases),
    PredictCounts {
        fields: &'a [PredictField],
        runs: Option<&'a [LabRun]>,
    },
    PredictFewest {
        options: &'static [&'static str],
    },
    LabTest {
        assertions: &'static [&'static str],
        bench: Option<&'a super::redgreen::Bench>,
    },
    Build(&'a super::build::Challenge),
    BuildHarness(&'a super::harness::HarnessChallenge),
}

/// A grade from per-part verdicts: right when every part is.
pub(crate) fn all_right(parts: Vec<bool>) -> Grade {
    Grade {
        correct: parts.iter().all(|b| *b),
        fields: parts,
    }
}

/// A grade with no parts.
pub(crate) fn single(correct: bool) -> Grade {
    Grade {
        correct,
        fields: Vec::new(),
    }
}

/// The picked option, or `missing`.
pub(crate) fn picked(draft: &Draft, missing: Problem) -> Result<String, Problem> {
    draft.choice.clone().ok_or(missing)
}

/// Every number field parsed, or the first one that is not a number.
pub(crate) fn read_numbers(specs: &[FieldSpec], draft: &Draft) -> Result<Response, Problem> {
    let number = |(i, s): (usize, &FieldSpec)| {
        let raw = draft.inputs.get(i).map_or("", String::as_str);
        super::grade::parse_number(raw).ok_or(Problem::NeedNumber(s.label))
    };
    let v: Result<Vec<f64>, Problem> = specs.iter().enumerate().map(number).collect();
    v.map(Response::Numbers)
}
