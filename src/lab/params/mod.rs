//! URL parameters of `#/lab` and `#/lab/matrix`, read through
//! `crate::kernel::params` so that bad values are clamped or refused with a notice.
//! The server is a design: `server=<preset>` names one, `design=<ids>` any
//! (a design equal to a preset is written by the preset's name). The
//! harness is a design too: `harness=<preset or spec>`, with the old
//! `client=<id>` read as an alias for the six presets it named, so links
//! written before the harness was a design open the same run.

pub mod build;

use crate::kernel::ids::id_enum;
use crate::kernel::param_table::{always, names, param, read_table, write_rows, Field, Param};
use crate::kernel::params::{check_int, Bound, Notice, NoticeKind, Query, Reader};

use crate::lab::faults::FaultSchedule;
use crate::lab::grading::hunt::job::{Counterexample, HuntSpec};
use crate::lab::grading::hunt::{decode, encode};
use crate::lab::harness::{Harness, HarnessPreset, HarnessProblem};
use crate::lab::model::design::{Combo, Design, DesignProblem, Mechanism};
use crate::lab::model::ids::{ClientStrategy, Preset, Scenario};
use crate::lab::model::times::SEED;

/// The rows of a lab page's `server` and `design`: `server=<preset>` when
/// the design is one, else `design=<ids>`; both are read at `design`'s row
/// ([`read_design_as`], the preset under `$preset`).
macro_rules! design_rows {
    ($params:ty, $preset:literal, $preset_label:literal) => {
        [
            Param::<$params, Query> {
                name: $preset,
                label: $preset_label,
                field: Field::Choice,
                limit: None,
                read: None,
                value: |p| p.design.preset().map_or("", |p| p.id()).into(),
                written: |p| p.design.preset().is_some(),
            },
            Param::<$params, Query> {
                name: "design",
                label: "lab.pick.design",
                field: Field::Text,
                limit: None,
                read: Some(|r, q, p| p.design = read_design_as(r, q, p.design, $preset)),
                value: |p| p.design.to_ids(),
                written: |p| p.design.preset().is_none(),
            },
        ]
    };
}
pub(crate) use design_rows;

/// The rows of a lab page's harness: `harness=<preset or spec>`, always
/// written in its canonical form ([`Harness::to_ids`]), and `client=<id>`,
/// never written, read by the `harness` row as an alias
/// ([`read_harness`]).
macro_rules! harness_rows {
    ($params:ty) => {
        [
            Param::<$params, Query> {
                name: "harness",
                label: "lab.pick.harness",
                field: Field::Text,
                limit: None,
                read: Some(|r, q, p| p.harness = read_harness(r, q, p.harness)),
                value: |p| p.harness.to_ids(),
                written: always,
            },
            Param::<$params, Query> {
                name: "client",
                label: "lab.pick.client",
                field: Field::Choice,
                limit: None,
                read: None,
                value: |p| p.harness.to_ids(),
                written: |_| false,
            },
        ]
    };
}
pub(crate) use harness_rows;

/// Every URL parameter of `#/lab`, in the order it reads and writes them;
/// the rows read with the query (a design reads `server` and `design`).
pub const PARAMS: [Param<LabParams, Query>; 9] = {
    let [server, design] = design_rows!(LabParams, "server", "lab.pick.server");
    let [harness, client] = harness_rows!(LabParams);
    [
        param!(pick "scenario", "lab.pick.scenario", scenario),
        harness,
        client,
        server,
        design,
        param!(int "common.seed", SEED, seed),
        Param {
            name: "step",
            label: "common.field.step",
            // A number or `end`, bounded by the run's length once the run
            // is known ([`LabParams::resolve_step`]): no static limit.
            field: Field::Text,
            limit: None,
            read: Some(|_, q, p| p.step = read_step(q, &p.step)),
            value: |p| match &p.step {
                StepParam::End => "end".to_string(),
                StepParam::Raw(raw) => raw.clone(),
            },
            written: always,
        },
        Param {
            written: |p| p.speed != Speed::DEFAULT,
            ..param!(pick "speed", "lab.ctl.speed", speed)
        },
        Param {
            name: "schedule",
            label: "hunt.field.schedule",
            field: Field::Text,
            limit: None,
            read: Some(|r, q, p| p.schedule = read_schedule(r, q, p.scenario)),
            value: |p| p.schedule.as_ref().map(encode).unwrap_or_default(),
            written: |p| p.schedule.is_some(),
        },
    ]
};

/// Every URL parameter name of `#/lab`.
pub const KNOWN: [&str; 9] = names(&PARAMS);

/// Every URL parameter of `#/lab/matrix`, in the order it reads them.
pub const MATRIX_PARAMS: [Param<MatrixParams, Query>; 7] = {
    let [server, design] = design_rows!(MatrixParams, "server", "lab.pick.server");
    let [harness, client] = harness_rows!(MatrixParams);
    [
        Param {
            written: |p| p.by != MatrixBy::Client,
            ..param!(pick "by", "lab.matrix.view", by)
        },
        Param {
            written: |p| {
                p.design.preset().is_some()
                    && (p.by == MatrixBy::Client || p.design != Design::NONE)
            },
            ..server
        },
        Param {
            written: |p| {
                p.design.preset().is_none()
                    && (p.by == MatrixBy::Client || p.design != Design::NONE)
            },
            ..design
        },
        Param {
            written: |p| p.by == MatrixBy::Server || !p.axis_harnesses().contains(&p.harness),
            ..harness
        },
        client,
        Param {
            written: |p| p.axis != HarnessAxis::Six,
            ..param!(pick "harnesses", "lab.matrix.harnesses", axis)
        },
        Param {
            written: |p| p.seed != SEED.default as u64,
            ..param!(int "common.seed", SEED, seed)
        },
    ]
};

/// Every URL parameter name of `#/lab/matrix`.
pub const MATRIX_KNOWN: [&str; 7] = names(&MATRIX_PARAMS);

id_enum! {
    /// Playback speed of a run; the URL value is the steps per second.
    Speed {
        Half => "0.5",
        One => "1",
        Two => "2",
        Four => "4",
    }
}

impl Speed {
    /// The speed a run starts with.
    pub const DEFAULT: Speed = Speed::One;

    /// Steps per second.
    pub fn steps_per_sec(self) -> f64 {
        match self {
            Speed::Half => 0.5,
            Speed::One => 1.0,
            Speed::Two => 2.0,
            Speed::Four => 4.0,
        }
    }

    /// Milliseconds between two steps while playing.
    pub fn interval_ms(self) -> u32 {
        (1000.0 / self.steps_per_sec()).round() as u32
    }
}

/// The `step` parameter before the run is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepParam {
    /// A step number as given (checked against the run's length later).
    Raw(String),
    /// `step=end`.
    End,
}

/// Parameters of `#/lab`.
#[derive(Clone, PartialEq, Eq)]
pub struct LabParams {
    pub scenario: Scenario,
    /// The test agent's harness (`harness=`, or the old `client=`).
    pub harness: Harness,
    /// The server's design (`server=<preset>` or `design=<ids>`).
    pub design: Design,
    pub seed: u64,
    pub step: StepParam,
    /// Playback speed.
    pub speed: Speed,
    /// `schedule=<code>`: a fault schedule of its own (a counterexample the
    /// hunt found, or one a teacher hands out), run instead of the scenario.
    pub schedule: Option<FaultSchedule>,
}

/// The harness as its `harness=` value: a pinned exercise's demo reads as
/// the link it is, not as every number of the harness.
impl std::fmt::Debug for LabParams {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LabParams")
            .field("scenario", &self.scenario)
            .field("harness", &self.harness.to_ids())
            .field("design", &self.design)
            .field("seed", &self.seed)
            .field("step", &self.step)
            .field("speed", &self.speed)
            .field("schedule", &self.schedule)
            .finish()
    }
}

impl Default for LabParams {
    fn default() -> Self {
        Self {
            scenario: Scenario::ResponseLost,
            harness: ClientStrategy::Naive.into(),
            design: Design::NONE,
            seed: SEED.default as u64,
            step: StepParam::Raw("0".into()),
            speed: Speed::DEFAULT,
            schedule: None,
        }
    }
}

impl LabParams {
    /// The lab's params that open a counterexample at the step where it broke
    /// (its end if the step is unknown); `pages::links::Link::Lab` makes them a
    /// link.
    pub fn counterexample(spec: &HuntSpec, c: &Counterexample) -> LabParams {
        let step = c
            .break_step
            .map_or(StepParam::End, |n| StepParam::Raw(n.to_string()));
        LabParams::replay(
            c.minimal(),
            // A hunt that drew the harness replays the one it drew.
            c.harness.unwrap_or_else(|| spec.client.into()),
            spec.design,
            spec.seed,
            step,
        )
    }

    /// The lab's params that replay `schedule` in the step-through view. The
    /// schedule is stored as its code reads it back (trailing attempts without
    /// faults dropped), so a link made of these params round-trips.
    pub fn replay(
        schedule: &FaultSchedule,
        harness: Harness,
        design: Design,
        seed: u64,
        step: StepParam,
    ) -> LabParams {
        LabParams {
            harness,
            design,
            seed,
            step,
            schedule: decode(&encode(schedule)).ok(),
            ..LabParams::default()
        }
    }

    /// Reads the query; every problem becomes a notice.
    pub fn from_query(q: &Query) -> (Self, Vec<Notice>) {
        read_table(&PARAMS, q, q)
    }

    /// The step index (0 = before anything happened, `steps` = the end) for a
    /// run of `steps` steps, with a notice if the given value had to change.
    pub fn resolve_step(&self, steps: usize) -> (usize, Option<Notice>) {
        match &self.step {
            StepParam::End => (steps, None),
            StepParam::Raw(raw) => {
                let b = Bound {
                    name: "step",
                    min: 0,
                    max: steps as i64,
                    default: 0,
                };
                let (v, n) = check_int(raw, b);
                (v.clamp(0, steps as i64) as usize, n)
            }
        }
    }

    /// Whether these parameters name a step past the start (`step=<n>`
    /// with n > 0, or `step=end`): a link that says «看第 10 步» opens at
    /// the step panel, not at the pickers above it.
    pub fn lands_on_step(&self) -> bool {
        match &self.step {
            StepParam::End => true,
            StepParam::Raw(raw) => raw.trim().parse::<i64>().is_ok_and(|n| n > 0),
        }
    }

    /// These parameters at `step` of a run of `steps` steps (`step=end` at
    /// the end, so the link survives model changes).
    pub fn at_step(&self, step: usize, steps: usize) -> LabParams {
        let step = if step >= steps && steps > 0 {
            StepParam::End
        } else {
            StepParam::Raw(step.to_string())
        };
        LabParams {
            step,
            ..self.clone()
        }
    }

    /// The query for these parameters with the step as they hold it (links
    /// are built from this by the pages' links).
    pub fn query(&self) -> Query {
        write_rows(&PARAMS, self)
    }

    /// The run these parameters show: (scenario, harness, design).
    pub fn combo(&self) -> Combo {
        (self.scenario, self.harness, self.design)
    }

    /// The fault schedule the run follows: its own, or its scenario's.
    pub fn fault_schedule(&self) -> FaultSchedule {
        self.schedule
            .clone()
            .unwrap_or_else(|| self.scenario.schedule())
    }
}

/// `step`: a number as given (checked against the run's length once the
/// run is known, [`LabParams::resolve_step`]), or `end`.
fn read_step(q: &Query, default: &StepParam) -> StepParam {
    match q.get("step").map(str::trim) {
        None => default.clone(),
        Some("end") => StepParam::End,
        Some(raw) => StepParam::Raw(raw.to_string()),
    }
}

/// The tokens a schedule code may hold, for the notice of a refused one.
const SCHEDULE_TOKENS: &str = "1.a.ql.qr.qd<ms>.pl.pd<ms>.s<ms>.c.f.u<s>.t<s>.b.m<n>.d.n";

/// Reads `schedule`; a code that breaks a rule is refused whole, with a
/// notice saying the scenario runs instead.
fn read_schedule(r: &mut Reader, q: &Query, scenario: Scenario) -> Option<FaultSchedule> {
    let raw = q.get("schedule")?;
    match decode(raw) {
        Ok(s) => Some(s),
        Err(e) => {
            r.push(Notice {
                kind: NoticeKind::Invalid,
                param: "schedule".into(),
                given: raw.to_string(),
                range: format!("{SCHEDULE_TOKENS}; ✗ {}", e.part()),
                used: scenario.id().into(),
            });
            None
        }
    }
}

/// What a `harness=` value may hold, for the notice of a token it refused.
const HARNESS_TOKENS: &str = "<preset>,key_*,retry_<class>,noretry_<class>,wait_*,sdk,nosdk,ra_*,\
unknown_*,base_<ms>,cap_<ms>,attempts_<n>,connect_<ms>,read_<ms>,deadline_<ms>,budget_<n>";

/// Reads `harness` (a preset id or a spec, [`Harness::parse`]) and its
/// alias `client` (one of the six old clients); `harness` wins. Every token
/// it cannot use, or a `client` it overrides, gets a notice naming the
/// harness actually used.
pub(crate) fn read_harness(r: &mut Reader, q: &Query, default: Harness) -> Harness {
    let client_ids = ClientStrategy::ids();
    let client = q
        .get("client")
        .map(|_| r.choice("client", &client_ids, &default.to_ids()));
    let by_client = client
        .as_deref()
        .and_then(ClientStrategy::from_id)
        .map_or(default, Harness::from);
    let Some(raw) = q.get("harness") else {
        return by_client;
    };
    let (harness, problems) = Harness::parse(raw);
    let used = harness.to_ids();
    for p in problems {
        r.push(harness_notice(p, &used));
    }
    if let Some(given) = client.filter(|_| by_client != harness) {
        r.push(Notice {
            kind: NoticeKind::Invalid,
            param: "client".into(),
            given,
            range: format!("harness={used}"),
            used: used.clone(),
        });
    }
    harness
}

/// The notice for a part of `harness=` that was not used; `used` is the
/// harness actually used (its canonical ids).
pub(crate) fn harness_notice(p: HarnessProblem, used: &str) -> Notice {
    let (kind, given, range) = match p {
        HarnessProblem::Unknown { given } => (NoticeKind::Invalid, given, HARNESS_TOKENS.into()),
        HarnessProblem::OutOfRange { token, lo, hi } => {
            // The preset's value is kept, not the nearest bound.
            (NoticeKind::Invalid, token, format!("{lo}–{hi}"))
        }
        HarnessProblem::NeedsDeadline { dropped } => (
            NoticeKind::Needs,
            dropped.id().to_string(),
            "deadline_<ms>".into(),
        ),
    };
    Notice {
        kind,
        param: "harness".into(),
        given,
        range,
        used: used.to_string(),
    }
}

/// Reads `server` (a preset) and `design` (ids, any order); `design` wins,
/// and every mechanism it cannot use, or a `server` it overrides, gets a notice
/// naming the design actually used. The preset is under the name
/// `preset_param` (the workbench calls it `preset`).
pub(crate) fn read_design_as(
    r: &mut Reader,
    q: &Query,
    default: Design,
    preset_param: &str,
) -> Design {
    let preset_ids = Preset::ids();
    let preset = r.choice(preset_param, &preset_ids, default.label().as_str());
    let by_preset = Preset::from_id(&preset).map_or(default, Preset::design);
    let Some(raw) = q.get("design") else {
        return by_preset;
    };
    let (design, problems) = Design::parse(raw);
    let used = design.label();
    for p in problems {
        r.push(design_notice(p, &used));
    }
    if q.get(preset_param).is_some() && by_preset != design {
        r.push(Notice {
            kind: NoticeKind::Invalid,
            param: preset_param.into(),
            given: preset,
            range: format!("design={}", design.to_ids()),
            used: used.clone(),
        });
    }
    design
}

/// The notice for a mechanism of `design=` that was not used; `used` is the
/// design actually used (its label).
pub(crate) fn design_notice(p: DesignProblem, used: &str) -> Notice {
    let ids = |ms: &[Mechanism]| ms.iter().map(|m| m.id()).collect::<Vec<_>>().join(" | ");
    let (kind, given, range) = match p {
        DesignProblem::Unknown { given } => {
            (NoticeKind::Invalid, given, Mechanism::ids().join(", "))
        }
        DesignProblem::Needs { dropped, needs } => {
            (NoticeKind::Needs, dropped.id().to_string(), ids(&needs))
        }
        DesignProblem::Excludes { dropped, with } => (
            NoticeKind::Excludes,
            dropped.id().to_string(),
            with.id().to_string(),
        ),
    };
    Notice {
        kind,
        param: "design".into(),
        given,
        range,
        used: used.to_string(),
    }
}

id_enum! {
    /// What the matrix's columns are.
    MatrixBy {
        /// Scenario × harness for one design (`by=client`, the default).
        Client => "client",
        /// Scenario × server for one `harness` (`by=server`): which server
        /// fixes my failure? Every preset, and the current design if it is
        /// none.
        Server => "server",
    }
}

id_enum! {
    /// The harness presets the scenario × harness view has a column for.
    HarnessAxis {
        /// The six clients the lab started with (the default: its cells
        /// are pinned).
        Six => "six",
        /// Every harness preset: the six, the SDK alone, urllib3's
        /// read-only retry and the chapter's harness.
        All => "all",
    }
}

impl HarnessAxis {
    /// The presets of the axis, in their order.
    pub fn presets(self) -> Vec<HarnessPreset> {
        HarnessPreset::ALL
            .into_iter()
            .filter(|p| self == HarnessAxis::All || p.client().is_some())
            .collect()
    }
}

/// Parameters of `#/lab/matrix`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixParams {
    pub by: MatrixBy,
    /// `by=client`: the design of every cell; `by=server`: an extra column
    /// when it is not a preset.
    pub design: Design,
    /// `by=server`: the harness of every cell; `by=client`: an extra column
    /// when the axis has none for it.
    pub harness: Harness,
    /// `by=client`: which harness presets are columns (`harnesses=`).
    pub axis: HarnessAxis,
    pub seed: u64,
}

impl Default for MatrixParams {
    fn default() -> Self {
        Self {
            by: MatrixBy::Client,
            design: Design::NONE,
            harness: ClientStrategy::StableKey.into(),
            axis: HarnessAxis::Six,
            seed: SEED.default as u64,
        }
    }
}

impl MatrixParams {
    /// Reads the query; every problem becomes a notice.
    pub fn from_query(q: &Query) -> (Self, Vec<Notice>) {
        read_table(&MATRIX_PARAMS, q, q)
    }

    /// The query for this state (only what differs from the default view).
    /// `by=server` asks which server fixes one harness's failure: its link
    /// names the harness before the server.
    pub fn to_query(&self) -> Query {
        let rows = write_rows(&MATRIX_PARAMS, self);
        let mut q = Query::new();
        for key in ["by", "harness"] {
            if let Some(v) = rows.get(key) {
                q.set(key, v);
            }
        }
        for (key, v) in rows.pairs() {
            q.set(key, v.as_str());
        }
        q
    }

    /// The columns of the `by=server` view: every preset, then the current
    /// design when it is not one.
    pub fn server_columns(&self) -> Vec<Design> {
        let mut cols: Vec<Design> = Preset::ALL.iter().map(|p| p.design()).collect();
        if !cols.contains(&self.design) {
            cols.push(self.design);
        }
        cols
    }

    /// The harness presets of the axis.
    pub fn axis_harnesses(&self) -> Vec<Harness> {
        self.axis.presets().into_iter().map(Harness::from).collect()
    }

    /// The columns of the `by=client` view: the axis's presets, then the
    /// current harness when the axis has no column for it.
    pub fn harness_columns(&self) -> Vec<Harness> {
        let mut cols = self.axis_harnesses();
        if !cols.contains(&self.harness) {
            cols.push(self.harness);
        }
        cols
    }

    /// The (scenario, harness, design) of every cell, row by row.
    pub fn cells(&self) -> Vec<Combo> {
        let servers = self.server_columns();
        let harnesses = self.harness_columns();
        Scenario::ALL
            .iter()
            .flat_map(|sc| match self.by {
                MatrixBy::Client => harnesses
                    .iter()
                    .map(|h| (*sc, *h, self.design))
                    .collect::<Vec<_>>(),
                MatrixBy::Server => servers.iter().map(|d| (*sc, self.harness, *d)).collect(),
            })
            .collect()
    }

    /// The cells of the previous preset (scenario × harness view), to mark
    /// what changed; `None` for the first preset, a design that is no
    /// preset, and the other view, where each column is compared with the
    /// one to its left.
    pub fn previous_cells(&self) -> Option<Vec<Combo>> {
        let i = Preset::ALL
            .iter()
            .position(|p| Some(*p) == self.design.preset())?;
        match (self.by, i) {
            (MatrixBy::Client, 1..) => Some(
                MatrixParams {
                    design: Preset::ALL[i - 1].design(),
                    ..self.clone()
                }
                .cells(),
            ),
            _ => None,
        }
    }
}

// The lab's `step` is bounded by the run's length, known only after the run
// (`LabParams::resolve_step`): it has no limit.
crate::kernel::param_table::page_params!(LabParams, PARAMS, query);
crate::kernel::param_table::page_params!(MatrixParams, MATRIX_PARAMS, to_query);

#[cfg(test)]
mod tests {
    #[test]
    fn only_a_step_past_the_start_lands_on_the_step_panel() {
        let lands = |q: &str| {
            super::LabParams::from_query(&crate::kernel::params::Query::parse(q))
                .0
                .lands_on_step()
        };
        assert!(lands("step=10"));
        assert!(lands("step=end"));
        assert!(!lands("step=0"));
        assert!(!lands(""));
        assert!(!lands("step=abc"));
    }

    use super::*;
    use crate::kernel::params::NoticeKind;

    #[test]
    fn reads_the_issue_deep_link() {
        let q =
            Query::parse("scenario=response_lost&client=stable_key&server=fenced&seed=1&step=4");
        let (p, n) = LabParams::from_query(&q);
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(p.scenario, Scenario::ResponseLost);
        assert_eq!(p.harness, ClientStrategy::StableKey.into());
        assert_eq!(p.design, Preset::Fenced.design());
        assert_eq!(p.seed, 1);
        assert_eq!(p.resolve_step(10), (4, None));
        // The old `client=` is read as an alias; the page writes `harness=`.
        assert_eq!(
            p.at_step(4, 10).query().encode(),
            q.encode().replace("client=", "harness=")
        );
    }

    #[test]
    fn step_end_and_clamping() {
        let (p, _) = LabParams::from_query(&Query::parse("step=end"));
        assert_eq!(p.resolve_step(12), (12, None));
        assert_eq!(p.at_step(12, 12).query().get("step"), Some("end"));
        let (p, _) = LabParams::from_query(&Query::parse("step=99"));
        let (s, n) = p.resolve_step(12);
        assert_eq!(s, 12);
        let n = n.unwrap();
        assert_eq!(
            (n.kind, n.param.as_str(), n.range.as_str()),
            (NoticeKind::Clamped, "step", "0–12")
        );
        let (p, _) = LabParams::from_query(&Query::parse("step=-3"));
        assert_eq!(p.resolve_step(12).0, 0);
        let (p, _) = LabParams::from_query(&Query::parse("step=abc"));
        let (s, n) = p.resolve_step(12);
        assert_eq!((s, n.unwrap().kind), (0, NoticeKind::Invalid));
    }

    #[test]
    fn bad_ids_fall_back_with_notices() {
        let q = Query::parse("scenario=meteor&client=stable_key&server=oracle&seed=-5&speed=9&x=1");
        let (p, n) = LabParams::from_query(&q);
        assert_eq!(p.scenario, Scenario::ResponseLost);
        assert_eq!(p.harness, ClientStrategy::StableKey.into());
        assert_eq!(p.design, Design::NONE);
        assert_eq!(p.seed, 0);
        assert_eq!(p.speed, Speed::One);
        let names: Vec<_> = n.iter().map(|n| n.param.as_str()).collect();
        assert_eq!(names, ["scenario", "server", "seed", "speed", "x"]);
    }

    #[test]
    fn speeds_are_steps_per_second() {
        let ms: Vec<u32> = Speed::ALL.iter().map(|s| s.interval_ms()).collect();
        assert_eq!(ms, [2000, 1000, 500, 250]);
        let (p, n) = LabParams::from_query(&Query::parse("speed=4"));
        assert_eq!((p.speed, n.len()), (Speed::Four, 0));
        assert_eq!(p.at_step(0, 3).query().get("speed"), Some("4"));
        assert_eq!(
            LabParams::default().at_step(0, 3).query().get("speed"),
            None
        );
    }

    #[test]
    fn matrix_by_server_for_one_client() {
        let q = Query::parse("by=server&client=careful");
        let (m, n) = MatrixParams::from_query(&q);
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(
            (m.by, m.harness),
            (MatrixBy::Server, ClientStrategy::Careful.into())
        );
        assert_eq!(m.to_query().encode(), "by=server&harness=careful");
        let cells = m.cells();
        assert_eq!(cells.len(), Scenario::ALL.len() * Preset::ALL.len());
        let careful = Harness::from(ClientStrategy::Careful);
        assert!(cells.iter().all(|(_, h, _)| *h == careful));
        assert_eq!(m.previous_cells(), None);
        let (m, n) = MatrixParams::from_query(&Query::parse("by=diagonal"));
        assert_eq!((m.by, n.len()), (MatrixBy::Client, 1));
        let (m, _) = MatrixParams::from_query(&Query::parse("server=atomic"));
        let prev = m.previous_cells().unwrap();
        assert!(prev.iter().all(|(_, _, s)| *s == Preset::KeySplit.design()));
    }

    #[test]
    fn matrix_params() {
        let (m, n) = MatrixParams::from_query(&Query::parse("server=fenced"));
        assert_eq!((m.design, n.len()), (Preset::Fenced.design(), 0));
        assert_eq!(m.to_query().encode(), "server=fenced");
        let (m, n) = MatrixParams::from_query(&Query::parse("server=nope"));
        assert_eq!((m.design, n.len()), (Design::NONE, 1));
    }

    #[test]
    fn a_design_in_any_order_is_written_by_its_preset_or_its_ids() {
        let (p, n) = LabParams::from_query(&Query::parse(
            "scenario=lease_overlap&client=stable_key&design=lease,store_errors,digest,claim",
        ));
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(p.design, Preset::LeasedUnguarded.design());
        assert_eq!(p.query().get("server"), Some("leased_unguarded"));
        assert_eq!(p.query().get("design"), None);
        let (p, n) = LabParams::from_query(&Query::parse("design=lease,claim"));
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(p.query().get("design"), Some("claim,lease"));
        assert_eq!(p.query().get("server"), None);
        assert_eq!(LabParams::from_query(&p.query()).0, p);
    }

    #[test]
    fn an_impossible_design_names_what_is_missing_and_the_design_used() {
        let (p, n) = LabParams::from_query(&Query::parse("design=claim,fence,warp"));
        assert_eq!(p.design, Design::of(&[Mechanism::Claim]));
        let got: Vec<_> = n
            .iter()
            .map(|n| {
                (
                    n.kind.clone(),
                    n.given.as_str(),
                    n.range.as_str(),
                    n.used.as_str(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                (
                    NoticeKind::Invalid,
                    "warp",
                    &*Mechanism::ids().join(", "),
                    "claim"
                ),
                (NoticeKind::Needs, "fence", "lease", "claim"),
            ]
        );
        let (p, n) = LabParams::from_query(&Query::parse("design=record_after,claim"));
        assert_eq!(p.design, Design::of(&[Mechanism::Claim]));
        assert_eq!(
            (n[0].kind.clone(), n[0].range.as_str()),
            (NoticeKind::Excludes, "claim")
        );
        // `design` wins over a different `server`, with a notice.
        let (p, n) = LabParams::from_query(&Query::parse("server=fenced&design=claim"));
        assert_eq!(p.design, Design::of(&[Mechanism::Claim]));
        assert_eq!((n.len(), n[0].param.as_str()), (1, "server"));
        let (_, n) = LabParams::from_query(&Query::parse(
            "server=atomic&design=claim,digest,store_errors",
        ));
        assert!(n.is_empty(), "the same design twice is no conflict: {n:?}");
    }

    #[test]
    fn the_matrix_by_server_gains_a_column_for_a_custom_design() {
        let (m, n) = MatrixParams::from_query(&Query::parse("by=server&design=claim,lease"));
        assert!(n.is_empty(), "{n:?}");
        let cols = m.server_columns();
        assert_eq!(cols.len(), Preset::ALL.len() + 1);
        assert_eq!(
            cols.last(),
            Some(&Design::of(&[Mechanism::Claim, Mechanism::Lease]))
        );
        assert_eq!(
            m.to_query().encode(),
            "by=server&harness=stable_key&design=claim,lease"
        );
        assert_eq!(m.cells().len(), Scenario::ALL.len() * cols.len());
        let (m, _) = MatrixParams::from_query(&Query::parse("by=server&server=fenced"));
        assert_eq!(m.server_columns().len(), Preset::ALL.len());
        assert_eq!(
            m.to_query().encode(),
            "by=server&harness=stable_key&server=fenced"
        );
        let (m, _) = MatrixParams::from_query(&Query::parse("design=claim"));
        assert_eq!(m.previous_cells(), None);
        assert!(m
            .cells()
            .iter()
            .all(|(_, _, d)| *d == Design::of(&[Mechanism::Claim])));
    }

    #[test]
    fn the_harness_axis_keeps_six_columns_and_adds_presets_or_a_custom_one() {
        let six = MatrixParams::default();
        let ids: Vec<String> = six.harness_columns().iter().map(|h| h.to_ids()).collect();
        let old: Vec<&str> = ClientStrategy::ALL.iter().map(|c| c.id()).collect();
        assert_eq!(ids, old, "the default matrix's columns are the six clients");
        assert_eq!(six.cells().len(), Scenario::ALL.len() * 6);
        let (all, n) = MatrixParams::from_query(&Query::parse("harnesses=all"));
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(all.harness_columns().len(), HarnessPreset::ALL.len());
        use crate::kernel::page_params::PageParams;
        assert_eq!(all.minimal_query().encode(), "harnesses=all");
        let (custom, n) = MatrixParams::from_query(&Query::parse("harness=chapter,sdk"));
        assert!(n.is_empty(), "{n:?}");
        let cols = custom.harness_columns();
        assert_eq!(cols.len(), 7);
        assert_eq!(cols[6].to_ids(), "chapter,sdk");
        assert_eq!(custom.minimal_query().encode(), "harness=chapter,sdk");
        assert_eq!(MatrixParams::from_query(&custom.to_query()).0, custom);
        // The chapter's preset is a column of `all`, an extra one of `six`.
        let (m, _) = MatrixParams::from_query(&Query::parse("harness=chapter&harnesses=all"));
        assert_eq!(m.harness_columns().len(), HarnessPreset::ALL.len());
        let (m, _) = MatrixParams::from_query(&Query::parse("harness=chapter"));
        assert_eq!(m.harness_columns().len(), 7);
    }

    /// 003's recovery runs, as the exercises and the README link them: each
    /// new scenario on the `reconciled` server with the `reconciling`
    /// harness reads back with no notice and writes the same link.
    #[test]
    fn the_recovery_links_read_back() {
        use Scenario as S;
        let recovery = S::RECOVERY;
        for sc in recovery {
            let link = format!(
                "scenario={}&harness=reconciling&server=reconciled&seed=1&step=3",
                sc.id()
            );
            let (p, n) = LabParams::from_query(&Query::parse(&link));
            assert!(n.is_empty(), "{link}: {n:?}");
            assert_eq!(p.scenario, sc);
            assert_eq!(p.design, Preset::Reconciled.design());
            assert_eq!(p.harness, HarnessPreset::Reconciling.harness());
            assert_eq!(p.at_step(3, 10).query().encode(), link);
        }
        let link = "harness=reconciling&server=reconciled";
        let (m, n) = MatrixParams::from_query(&Query::parse(link));
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(m.design, Preset::Reconciled.design());
        assert_eq!(m.to_query().encode(), link);
    }

    #[test]
    fn harness_and_its_client_alias() {
        let (p, n) = LabParams::from_query(&Query::parse("client=query_first"));
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(p.harness, HarnessPreset::QueryFirst.harness());
        assert_eq!(p.query().get("harness"), Some("query_first"));
        assert_eq!(p.query().get("client"), None);
        let (p, n) = LabParams::from_query(&Query::parse("harness=urllib3_reads_only"));
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(p.harness, HarnessPreset::Urllib3ReadsOnly.harness());
        let (p, n) = LabParams::from_query(&Query::parse("harness=chapter,attempts_0,sdk"));
        assert!(p.harness.sdk && p.harness.attempts == 4);
        assert_eq!(
            (n[0].kind.clone(), n[0].given.as_str(), n[0].range.as_str()),
            (NoticeKind::Invalid, "attempts_0", "1–10")
        );
        assert_eq!(n[0].used, "chapter,sdk");
        let (p, n) = LabParams::from_query(&Query::parse("client=warp"));
        assert_eq!(p.harness, LabParams::default().harness);
        assert_eq!((n.len(), n[0].param.as_str()), (1, "client"));
    }
}
