//! Grading. A response is compared with the question's expected answer, or,
//! for «predict, then run», with the value the model produced.

use serde::Serialize;

use super::Question;
use crate::kernel::decimal::parse_f64;
use crate::kernel::json::{field, field_or_default, FromJson, Json, Map, ToJson};
use crate::lab::grading::suite::SuiteRow;
use crate::lab::{Design, DesignProblem, Harness, HarnessProblem};

/// What the student answered. Stored as its variant's name in `t` and its
/// value in `v` ([`ToJson`], [`FromJson`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "t", content = "v", rename_all = "snake_case")]
pub enum Response {
    Numbers(Vec<f64>),
    Choice(String),
    Bool(bool),
    /// A red/green test's fault, assertion and regression assertion (and,
    /// stored by earlier versions, one option per row of a matching
    /// question).
    Choices(Vec<String>),
    /// One option id per part of each case of a [`super::Kind::Cases`] question,
    /// case by case.
    Cases(Vec<Vec<String>>),
    /// A server design («搭一个服务端»), stored as its mechanism ids.
    Design(Design),
    /// A harness design («搭一个 harness»), stored as its `harness=` value.
    Harness(Harness),
}

impl ToJson for Response {
    fn to_json(&self) -> Json {
        let (tag, v) = match self {
            Response::Numbers(v) => ("numbers", v.to_json()),
            Response::Choice(v) => ("choice", v.to_json()),
            Response::Bool(v) => ("bool", v.to_json()),
            Response::Choices(v) => ("choices", v.to_json()),
            Response::Cases(v) => ("cases", v.to_json()),
            Response::Design(v) => ("design", v.to_json()),
            Response::Harness(v) => ("harness", v.to_json()),
        };
        Json::obj([("t", Json::from(tag)), ("v", v)])
    }
}

/// An object with `t` and `v`; other fields are ignored.
impl FromJson for Response {
    fn from_json(v: &Json) -> Result<Response, String> {
        match tag(v)? {
            "numbers" => field(v, "v").map(Response::Numbers),
            "choice" => field(v, "v").map(Response::Choice),
            "bool" => field(v, "v").map(Response::Bool),
            "choices" => field(v, "v").map(Response::Choices),
            "cases" => field(v, "v").map(Response::Cases),
            "design" => field(v, "v").map(Response::Design),
            "harness" => field(v, "v").map(Response::Harness),
            other => Err(format!("unknown response `{other}`")),
        }
    }
}

/// The tag `t` of a stored object.
fn tag(v: &Json) -> Result<&str, String> {
    v.get("t")
        .and_then(Json::as_str)
        .ok_or_else(|| "no tag `t`".into())
}

/// What a model run produced for a «predict, then run» question. Stored
/// with its variant's name in `t` beside its fields.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ModelValue {
    /// One value per prediction field (e.g. final report counts).
    Numbers { values: Vec<f64> },
    /// The strategy with the fewest mean calls, and every strategy's mean.
    Fewest {
        winner: String,
        calls: Vec<(String, f64)>,
    },
    /// The suite's rows for a submitted design.
    Suite { rows: Vec<SuiteRow> },
    /// The rows of a submitted harness ([`super::harness::HarnessRow`]).
    HarnessRows {
        rows: Vec<super::harness::HarnessRow>,
    },
}

impl ToJson for ModelValue {
    fn to_json(&self) -> Json {
        let t = |tag: &str| ("t", Json::from(tag));
        match self {
            ModelValue::Numbers { values } => {
                Json::obj([t("numbers"), ("values", values.to_json())])
            }
            ModelValue::Fewest { winner, calls } => Json::obj([
                t("fewest"),
                ("winner", winner.to_json()),
                ("calls", calls.to_json()),
            ]),
            ModelValue::Suite { rows } => Json::obj([t("suite"), ("rows", rows.to_json())]),
            ModelValue::HarnessRows { rows } => {
                Json::obj([t("harness_rows"), ("rows", rows.to_json())])
            }
        }
    }
}

/// An object with `t` and the variant's fields; other fields are ignored,
/// a missing one is an error.
impl FromJson for ModelValue {
    fn from_json(v: &Json) -> Result<ModelValue, String> {
        match tag(v)? {
            "numbers" => Ok(ModelValue::Numbers {
                values: field(v, "values")?,
            }),
            "fewest" => Ok(ModelValue::Fewest {
                winner: field(v, "winner")?,
                calls: field(v, "calls")?,
            }),
            "suite" => Ok(ModelValue::Suite {
                rows: field(v, "rows")?,
            }),
            "harness_rows" => Ok(ModelValue::HarnessRows {
                rows: field(v, "rows")?,
            }),
            other => Err(format!("unknown model value `{other}`")),
        }
    }
}

/// The verdict on one response.
#[derive(Clone, Debug, PartialEq)]
pub struct Grade {
    pub correct: bool,
    /// Per numeric field, per part of each case (case by case), or per
    /// part of a test (empty for a single choice and true/false).
    pub fields: Vec<bool>,
}

/// Why a response could not be graded.
#[derive(Clone, Debug, PartialEq)]
pub enum GradeError {
    /// The response does not fit the question (wrong kind or field count).
    Shape,
    /// A «predict, then run» question needs the model's value first.
    NeedsModel,
    /// The model value does not fit the question.
    ModelShape,
    /// The design breaks the lab's rules: these mechanisms cannot be used.
    Design(Vec<DesignProblem>),
    /// The harness cannot be read as written.
    Harness(Vec<HarnessProblem>),
}

/// A predicted strategy counts as right when its mean calls are within this
/// fraction of the fewest: with a few dozen trials, near-ties (Full Jitter vs
/// Decorrelated) are noise, not a lesson.
pub const FEWEST_REL_TOL: f64 = 0.05;

/// Whether `given` is within `tol` of `answer` (a hair of slack for binary
/// fractions, so that `0.1 + 0.2`-style inputs at the edge are accepted).
pub fn within(given: f64, answer: f64, tol: f64) -> bool {
    given.is_finite() && (given - answer).abs() <= tol + 1e-9 * answer.abs().max(1.0)
}

/// Parses a number typed by a student: trims spaces and accepts a decimal
/// comma (`0,5` → 0.5).
/// Returns `None` for empty, non-numeric, NaN or infinite input.
pub fn parse_number(raw: &str) -> Option<f64> {
    let t = raw.trim().replace(',', ".");
    if t.is_empty() {
        return None;
    }
    parse_f64(&t).filter(|v| v.is_finite())
}

/// Grades `resp` against `q`. `model` is required for «predict, then run»
/// and a build: each kind grades its own ([`super::kinds`]).
pub fn grade(
    q: &Question,
    resp: &Response,
    model: Option<&ModelValue>,
) -> Result<Grade, GradeError> {
    q.kind.module().grade(resp, model)
}

/// The last graded answer to one question.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Record {
    pub response: Response,
    pub correct: bool,
    /// For «predict, then run»: the value the model produced in that run, so
    /// that a reload shows what the student saw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<ModelValue>,
    /// The revision of the question this answered
    /// ([`super::revisions`]): a record stored before revisions were
    /// numbered has none and reads as 0, and 0 is not written, so such a
    /// record is written back exactly as it was read.
    #[serde(skip_serializing_if = "is_zero")]
    pub revision: u32,
}

/// Revision 0 is left out of a stored record, as the records written
/// before revisions were numbered left it out.
fn is_zero(r: &u32) -> bool {
    *r == 0
}

impl ToJson for Record {
    fn to_json(&self) -> Json {
        let mut m = Map::new();
        m.put("response", &self.response);
        m.put("correct", &self.correct);
        m.put_unless_default("model", &self.model);
        m.put_unless_default("revision", &self.revision);
        Json::Obj(m)
    }
}

/// Without a model or a revision, a record reads as having none (0).
impl FromJson for Record {
    fn from_json(v: &Json) -> Result<Record, String> {
        Ok(Record {
            response: field(v, "response")?,
            correct: field(v, "correct")?,
            model: field_or_default(v, "model")?,
            revision: field_or_default(v, "revision")?,
        })
    }
}
#[cfg(test)]
pub(crate) mod tests {
    use super::parse_number;
    use crate::kernel::json::{FromJson, Json, ToJson};
    use crate::kernel::num::{field, num};

    /// The reader serde derives for the stored form (the tag `t` beside the
    /// fields), which [`super::ModelValue::from_json`] replaces.
    #[derive(serde::Deserialize)]
    #[serde(tag = "t", rename_all = "snake_case")]
    enum Derived {
        Numbers {
            values: Vec<f64>,
        },
        Fewest {
            winner: String,
            calls: Vec<(String, f64)>,
        },
        Suite {
            rows: Vec<crate::lab::grading::suite::SuiteRow>,
        },
        HarnessRows {
            rows: Vec<crate::exercises::harness::HarnessRow>,
        },
    }

    impl From<Derived> for super::ModelValue {
        fn from(d: Derived) -> Self {
            match d {
                Derived::Numbers { values } => Self::Numbers { values },
                Derived::Fewest { winner, calls } => Self::Fewest { winner, calls },
                Derived::Suite { rows } => Self::Suite { rows },
                Derived::HarnessRows { rows } => Self::HarnessRows { rows },
            }
        }
    }

    /// A suite's row and a harness's row, as a model run gives them (for
    /// the stored progress's tests too).
    pub(crate) fn rows() -> (
        crate::lab::grading::suite::SuiteRow,
        crate::exercises::harness::HarnessRow,
    ) {
        use crate::lab::{Ending, Scenario, ToolOutcome};
        let suite_row = crate::lab::grading::suite::SuiteRow {
            scenario: Scenario::BodyMismatch,
            reports: 1,
            tool: ToolOutcome::Created,
            ending: Ending::ChangedBody,
            pass: false,
            notes: Default::default(),
            break_step: Some(9),
            attempts: 2,
            leaks: 0,
            wasted: 0,
            answer_ms: Some(1200),
            retries: 1,
            calls: 1,
            beyond: None,
        };
        let harness_row = crate::exercises::harness::HarnessRow {
            scenario: Scenario::ResponseLost,
            pass: true,
            reports: 1,
            attempts: 2,
            calls: 1,
            wasted: 0,
            answered_ms: 3000,
            tls_retried: false,
            rule_broken: false,
            duplicate: false,
        };
        (suite_row, harness_row)
    }

    /// Each of `texts` reads as `T` exactly as the derived reader `D` read
    /// it (or is refused by both), and the first texts, written from
    /// `values`, read back as them; each value is written as the derived
    /// writer wrote it.
    fn reads_as_derived<T, D>(values: &[T], texts: &[String])
    where
        T: FromJson + ToJson + serde::Serialize + PartialEq + std::fmt::Debug,
        D: serde::de::DeserializeOwned + Into<T>,
    {
        let ours = |text: &str| Json::parse(text).ok().and_then(|j| T::from_json(&j).ok());
        for text in texts {
            let derived = serde_json::from_str::<D>(text).ok().map(D::into);
            assert_eq!(ours(text), derived, "{text}");
        }
        for (value, text) in values.iter().zip(texts) {
            assert_eq!(ours(text).as_ref(), Some(value));
            let written: serde_json::Value =
                serde_json::from_str(&value.to_json().to_string()).unwrap();
            assert_eq!(written, serde_json::to_value(value).unwrap(), "{text}");
        }
    }

    /// Every stored model value reads as the derived reader read it, and
    /// what that reader refused is refused (so a record stays kept as
    /// unreadable, never read differently).
    #[test]
    fn a_model_value_reads_as_the_derived_reader_read_it() {
        use super::ModelValue;
        let (suite_row, harness_row) = rows();
        let values = [
            ModelValue::Numbers {
                values: vec![4.0, 0.5],
            },
            ModelValue::Numbers { values: vec![] },
            ModelValue::Fewest {
                winner: "full".into(),
                calls: vec![("full".into(), 3.5), ("none".into(), 12.0)],
            },
            ModelValue::Suite {
                rows: vec![
                    suite_row,
                    crate::lab::grading::suite::SuiteRow {
                        notes: crate::lab::NoteCounts {
                            delivered: 1,
                            lost: 0,
                            duplicated: 2,
                            phantom: 0,
                        },
                        break_step: None,
                        wasted: 2,
                        answer_ms: None,
                        retries: 0,
                        beyond: Some(crate::lab::grading::suite::HarnessCannot::KeyPruned),
                        ..suite_row
                    },
                ],
            },
            ModelValue::HarnessRows {
                rows: vec![harness_row, harness_row],
            },
        ];
        let mut texts: Vec<String> = values
            .iter()
            .map(|v| serde_json::to_string(v).unwrap())
            .collect();
        let numbers = texts[0].clone();
        texts.extend(
            [
                numbers.replace(r#""t":"numbers","#, r#""t":"numbers","extra":[1,{"a":2}],"#),
                numbers.replace(r#""t":"numbers","#, ""),
                numbers.replace("numbers", "letters"),
                numbers.replace(r#""numbers""#, "7"),
                numbers.replace("values", "valuez"),
                numbers.replace("[4.0,0.5]", r#"["4"]"#),
                numbers.replace("[4.0,0.5]", "null"),
                texts[3].replace(r#""reports":1"#, r#""reports":-1"#),
                texts[4].replace("response_lost", "teleport"),
                r#"{"t":"fewest","winner":"full"}"#.into(),
                "null".into(),
                "3".into(),
            ]
            .map(String::from),
        );
        reads_as_derived::<ModelValue, Derived>(&values, &texts);
        // The derived reader also took the fields as a list after the tag, a
        // form no version ever wrote: such a record is now kept unread.
        let listed = r#"["numbers",[1]]"#;
        assert!(serde_json::from_str::<Derived>(listed).is_ok());
        assert!(ModelValue::from_json(&Json::parse(listed).unwrap()).is_err());
    }

    /// The reader serde derives for a stored response (tag `t`, value
    /// `v`), which [`super::Response::from_json`] replaces.
    #[derive(serde::Deserialize)]
    #[serde(tag = "t", content = "v", rename_all = "snake_case")]
    enum DerivedResponse {
        Numbers(Vec<f64>),
        Choice(String),
        Bool(bool),
        Choices(Vec<String>),
        Cases(Vec<Vec<String>>),
        Design(crate::lab::Design),
        Harness(crate::lab::Harness),
    }

    impl From<DerivedResponse> for super::Response {
        fn from(d: DerivedResponse) -> Self {
            use DerivedResponse as D;
            match d {
                D::Numbers(v) => Self::Numbers(v),
                D::Choice(v) => Self::Choice(v),
                D::Bool(v) => Self::Bool(v),
                D::Choices(v) => Self::Choices(v),
                D::Cases(v) => Self::Cases(v),
                D::Design(v) => Self::Design(v),
                D::Harness(v) => Self::Harness(v),
            }
        }
    }

    /// Every stored response reads as the derived reader read it, and what
    /// it refused is refused.
    #[test]
    fn a_response_reads_as_the_derived_reader_read_it() {
        use super::Response;
        let responses = [
            Response::Numbers(vec![4.0, 1e6]),
            Response::Choice("reject_422".into()),
            Response::Bool(false),
            Response::Choices(vec!["a".into(), "b".into()]),
            Response::Cases(vec![vec!["x".into()], vec![]]),
            Response::Design(crate::lab::Preset::Leased.design()),
            Response::Harness(crate::lab::Harness::default()),
        ];
        let mut texts: Vec<String> = responses
            .iter()
            .map(|r| serde_json::to_string(r).unwrap())
            .collect();
        let numbers = texts[0].clone();
        texts.extend(
            [
                r#"{"v":"reject_422","t":"choice"}"#,
                r#"{"t":"bool","v":true,"at":5}"#,
                r#"{"t":"bool"}"#,
                r#"{"v":true}"#,
                r#"{"t":"boolean","v":true}"#,
                r#"{"t":7,"v":true}"#,
                r#"{"t":"bool","v":"yes"}"#,
                r#"{"t":"design","v":"claim,teleport"}"#,
                r#"{"t":"design","v":""}"#,
                r#"{"t":"harness","v":"nope"}"#,
                r#"{"t":"numbers","v":null}"#,
                "null",
                "[]",
            ]
            .map(String::from),
        );
        texts.push(numbers.replace("1000000.0", r#""1""#));
        reads_as_derived::<Response, DerivedResponse>(&responses, &texts);
        // The derived reader also took `[tag, value]`, a form no version
        // ever wrote: such a record is now kept unread.
        let listed = r#"["bool",true]"#;
        assert!(serde_json::from_str::<DerivedResponse>(listed).is_ok());
        assert!(Response::from_json(&Json::parse(listed).unwrap()).is_err());
    }

    /// A stored answer shows grouped where it is read («1,000» in the
    /// result) and ungrouped where it is edited, so that the field reads
    /// it back as the same number (a comma there is a decimal comma).
    #[test]
    fn a_stored_answer_reads_back_from_its_field_and_is_grouped_in_the_result() {
        for (v, shown, edited) in [
            (1000.0, "1,000", "1000"),
            (1234.5, "1,234.5", "1234.5"),
            (243.0, "243", "243"),
            (0.125, "0.125", "0.125"),
            (-2500.25, "-2,500.25", "-2500.25"),
            (1e6, "1,000,000", "1000000"),
        ] {
            assert_eq!(num(v, 3), shown);
            assert_eq!(field(v, 3), edited);
            assert_eq!(parse_number(&field(v, 3)), Some(v), "{edited}");
        }
        assert_eq!(
            parse_number(&num(1000.0, 3)),
            Some(1.0),
            "why a field is not grouped"
        );
        assert_eq!(field(2.0 / 3.0, 3), "0.667");
        assert_eq!(field(f64::NAN, 3), "—");
    }
}
