//! The workbench `#/lab/build`: its URL parameters and its page state. The
//! student assembles a design of mechanisms; the lab engine grades it on a
//! suite of scenarios (`suite`), row by row, then says how to fix each
//! failing row and what the chapter adds next. This module holds what the
//! page shows while those answers stream in, and which rows turned green
//! since the previous design. Pure: no browser APIs, natively tested.

use crate::kernel::param_table::{always, names, param, read_table, write_rows, Field, Param};
use crate::kernel::params::{Notice, Query, Reader};

use crate::lab::grading::hunt::{FaultKind, HuntSpec, KindSet, BUDGET, HUNT_SEED};
use crate::lab::grading::rules::{server_breaks, Rule};
use crate::lab::grading::suite::{compare, score, Fix, NextStep, Score, SuiteRow};
use crate::lab::harness::spec::{Number, NUMBERS};
use crate::lab::harness::{
    Harness, HarnessPreset, KeyChoice, RetryAfterChoice, UnknownChoice, WaitChoice,
};
use crate::lab::model::design::{Design, Group, Mechanism};
use crate::lab::model::ids::{ClientStrategy, Scenario};
use crate::lab::model::times::SEED;
use crate::lab::params::{
    design_notice, design_rows, harness_notice, harness_rows, read_design_as, read_harness,
};

/// Every URL parameter of `#/lab/build`, in the order it reads and
/// writes them; the hunt's settings (they do not grade) are written only
/// when changed.
pub const BUILD_PARAMS: [Param<BuildParams, Query>; 9] = {
    let [preset, design] = design_rows!(BuildParams, "preset", "build.field.preset");
    let [harness, client] = harness_rows!(BuildParams);
    [
        design,
        preset,
        harness,
        client,
        param!(int "common.seed", SEED, seed),
        param!(set "suite", "build.field.suite", suite),
        Param {
            written: |p| p.budget != BUDGET.default as u32,
            ..param!(int "hunt.field.budget", BUDGET, budget)
        },
        Param {
            name: "kinds",
            label: "hunt.field.kinds",
            field: Field::Set,
            limit: None,
            read: Some(|r, _, p| p.kinds = read_kinds(r, p.kinds)),
            value: |p| {
                let kinds: Vec<&str> = p.kinds.kinds().iter().map(|k| k.id()).collect();
                kinds.join(",")
            },
            written: |p| p.kinds != KindSet::page_default(),
        },
        Param {
            written: |p| p.hunt_seed != HUNT_SEED.default as u64,
            ..param!(int "hunt.field.hunt_seed", HUNT_SEED, hunt_seed)
        },
    ]
};

/// Every URL parameter name of `#/lab/build`.
pub const BUILD_KNOWN: [&str; 9] = names(&BUILD_PARAMS);

/// `kinds=`: the fault kinds the hunt may use, `default` when none is given.
fn read_kinds(r: &mut Reader, default: KindSet) -> KindSet {
    let kind_ids = FaultKind::ids();
    let default_kinds: Vec<&str> = default.kinds().iter().map(|k| k.id()).collect();
    r.subset("kinds", &kind_ids, &default_kinds)
        .iter()
        .filter_map(|id| FaultKind::from_id(id))
        .collect()
}

/// Parameters of `#/lab/build`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildParams {
    /// The design graded (`preset=<id>` or `design=<ids>`).
    pub design: Design,
    /// The test agent's harness graded with it (`harness=<preset or
    /// spec>`, or the old `client=<id>`).
    pub harness: Harness,
    pub seed: u64,
    /// The scenarios of the suite, in the lab's order.
    pub suite: Vec<Scenario>,
    /// The counterexample hunt's budget (schedules) and fault kinds.
    pub budget: u32,
    pub kinds: KindSet,
    /// The hunt's own seed (of its generator and of the runs it opens),
    /// apart from the suite's, so «再找一次» draws again without grading
    /// the suite again.
    pub hunt_seed: u64,
}

impl Default for BuildParams {
    /// «先看它变红»: the naive server, graded on every scenario with the
    /// `stable_key` harness (a key per tool call, nothing else of the
    /// chapter's harness yet).
    fn default() -> Self {
        Self {
            design: Design::NONE,
            harness: HarnessPreset::StableKey.harness(),
            seed: SEED.default as u64,
            suite: Scenario::ALL.to_vec(),
            budget: BUDGET.default as u32,
            kinds: KindSet::page_default(),
            hunt_seed: HUNT_SEED.default as u64,
        }
    }
}

impl BuildParams {
    /// Reads the query; every problem becomes a notice naming what was used.
    pub fn from_query(q: &Query) -> (Self, Vec<Notice>) {
        read_table(&BUILD_PARAMS, q, q)
    }

    /// The query for these parameters (links drop what equals the default).
    pub fn to_query(&self) -> Query {
        write_rows(&BUILD_PARAMS, self)
    }

    /// The hunt these parameters ask for.
    pub fn hunt_spec(&self) -> HuntSpec {
        HuntSpec {
            design: self.design,
            client: self.old_client(),
            seed: self.hunt_seed,
            budget: self.budget,
            kinds: self.kinds,
        }
    }

    /// The client where one of the six old clients is still taken (the
    /// hunt's spec, the run view's links): the harness when it is one of
    /// them, else `stable_key`. A custom harness is graded by the suite.
    pub fn old_client(&self) -> ClientStrategy {
        self.harness
            .preset()
            .and_then(HarnessPreset::client)
            .unwrap_or(ClientStrategy::StableKey)
    }

    /// The same suite with `harness`.
    pub fn with_harness(&self, harness: Harness) -> Self {
        Self {
            harness,
            ..self.clone()
        }
    }

    /// The same suite with `design`.
    pub fn with_design(&self, design: Design) -> Self {
        Self {
            design,
            ..self.clone()
        }
    }
}

/// The mechanisms of one of the workbench's groups, in canonical order.
pub fn mechanisms_of(g: Group) -> Vec<Mechanism> {
    Mechanism::ALL
        .into_iter()
        .filter(|m| m.group() == g)
        .collect()
}

/// The design list both pickers draw (the workbench's and the build
/// challenges'): every group that has mechanisms, with its mechanisms.
pub fn design_list() -> Vec<(Group, Vec<Mechanism>)> {
    Group::ALL
        .into_iter()
        .map(|g| (g, mechanisms_of(g)))
        .filter(|(_, ms)| !ms.is_empty())
        .collect()
}

/// The design after the student ticks (`on`) or unticks mechanism `m`,
/// made valid: whatever cannot work is dropped, each with a notice naming
/// what it needs and the design actually used.
pub fn toggle(design: Design, m: Mechanism, on: bool) -> (Design, Vec<Notice>) {
    let asked = if on {
        design.with(m)
    } else {
        design.without(m)
    };
    let (used, problems) = asked.resolve();
    let label = used.label();
    let notices = problems
        .into_iter()
        .map(|p| design_notice(p, &label))
        .collect();
    (used, notices)
}

/// One control of the workbench's harness panel.
#[derive(Clone, Copy)]
pub enum HarnessControl {
    /// One choice of a group (radio buttons): its enum's ids.
    Choice(fn() -> Vec<&'static str>),
    /// A check box per class of failure (`retry_<id>` / `noretry_<id>`).
    Classes,
    /// Whether the SDK layer retries inside the harness (`sdk` / `nosdk`).
    Sdk,
    /// A bounded number (its bounds from the harness's one table).
    Number(&'static Number),
}

/// A group of the harness panel: its id (`build.harness.group.<id>`) and controls.
pub struct HarnessGroup {
    pub id: &'static str,
    pub controls: Vec<HarnessControl>,
}

fn number(prefix: &str) -> HarnessControl {
    let n = NUMBERS
        .iter()
        .find(|n| n.prefix == prefix)
        .expect("a number of the harness");
    HarnessControl::Number(n)
}

/// The harness panel, grouped as the chapter's table: the key, what it
/// retries, how long to wait, how many, `Retry-After`, the deadlines, the
/// budget, and what the model hears when the outcome is unknown.
pub fn harness_panel() -> Vec<HarnessGroup> {
    use HarnessControl::*;
    let group = |id, controls| HarnessGroup { id, controls };
    vec![
        group("key", vec![Choice(KeyChoice::ids)]),
        group("retries", vec![Classes]),
        group(
            "wait",
            vec![Choice(WaitChoice::ids), number("base_"), number("cap_")],
        ),
        group("how_many", vec![number("attempts_"), Sdk]),
        group("retry_after", vec![Choice(RetryAfterChoice::ids)]),
        group(
            "deadlines",
            vec![number("connect_"), number("read_"), number("deadline_")],
        ),
        group("budget", vec![number("budget_")]),
        group("unknown", vec![Choice(UnknownChoice::ids)]),
    ]
}

/// The token an input of number `n` sets: `<prefix><digits>`, or
/// `<prefix>none` for an empty input of a number that may be unlimited.
pub fn number_token(n: &Number, raw: &str) -> String {
    match raw.trim() {
        "" if n.none_ok => n.token(None),
        v => format!("{}{v}", n.prefix),
    }
}

/// The harness after the student sets one token (a choice, a class, the
/// SDK layer, a number), made runnable: a token refused or a combination
/// that cannot run is reported as `harness=`'s notices are, naming the
/// harness actually used.
pub fn harness_edit(harness: Harness, token: &str) -> (Harness, Vec<Notice>) {
    let (used, problems) = Harness::parse(&format!("{},{token}", harness.to_ids()));
    let ids = used.to_ids();
    let notices = problems
        .into_iter()
        .map(|p| harness_notice(p, &ids))
        .collect();
    (used, notices)
}

/// An answer the engine still owes, or has given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Owed<T> {
    Waiting,
    Got(T),
}

impl<T> Owed<T> {
    pub fn got(&self) -> Option<&T> {
        match self {
            Owed::Waiting => None,
            Owed::Got(t) => Some(t),
        }
    }
}

/// The suite of one design as the page shows it: rows as they arrive,
/// then each failing row's smallest fix and the chapter's next step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteState {
    pub params: BuildParams,
    rows: Vec<Option<SuiteRow>>,
    /// One per failing row once the suite is complete, in row order.
    fixes: Vec<(Scenario, Owed<Option<Fix>>)>,
    next: Owed<Option<NextStep>>,
    /// The previous design's complete rows on the same suite, harness and seed.
    previous: Option<(Design, Vec<SuiteRow>)>,
}

impl SuiteState {
    /// A suite about to run; `before` is the state it replaces (its rows
    /// are kept to tell what turned green if only the design changed).
    pub fn start(params: BuildParams, before: Option<&SuiteState>) -> Self {
        let previous = before.and_then(|b| b.carried(&params));
        Self {
            rows: vec![None; params.suite.len()],
            params,
            fixes: Vec::new(),
            next: Owed::Waiting,
            previous,
        }
    }

    /// What a new suite on `params` compares itself with: this one's rows
    /// when complete and only the design differs, else what this one kept.
    fn carried(&self, params: &BuildParams) -> Option<(Design, Vec<SuiteRow>)> {
        let same_suite = |p: &BuildParams| {
            p.harness == params.harness && p.seed == params.seed && p.suite == params.suite
        };
        if !same_suite(&self.params) {
            return None;
        }
        match self.rows() {
            Some(rows) if self.params.design != params.design => Some((self.params.design, rows)),
            _ => self.previous.clone(),
        }
    }

    /// Records row `index` (out-of-range indices are ignored). When the
    /// last row arrives, the failing rows start waiting for their fixes.
    pub fn record_row(&mut self, index: usize, row: SuiteRow) {
        if let Some(slot) = self.rows.get_mut(index) {
            *slot = Some(row);
        }
        if let (Some(rows), true) = (self.rows(), self.fixes.is_empty()) {
            self.fixes = rows
                .iter()
                .filter(|r| !r.pass)
                .map(|r| (r.scenario, Owed::Waiting))
                .collect();
        }
    }

    /// Records the smallest fix of `scenario`'s row.
    pub fn record_fix(&mut self, scenario: Scenario, fix: Option<Fix>) {
        if let Some((_, owed)) = self.fixes.iter_mut().find(|(s, _)| *s == scenario) {
            *owed = Owed::Got(fix);
        }
    }

    pub fn record_next(&mut self, next: Option<NextStep>) {
        self.next = Owed::Got(next);
    }

    /// Every row, in suite order, as far as computed.
    pub fn shown(&self) -> &[Option<SuiteRow>] {
        &self.rows
    }

    /// How many rows are computed.
    pub fn done(&self) -> usize {
        self.rows.iter().flatten().count()
    }

    /// All rows, once every one is computed.
    pub fn rows(&self) -> Option<Vec<SuiteRow>> {
        self.rows.iter().copied().collect()
    }

    /// The score once every row is computed.
    pub fn score(&self) -> Option<Score> {
        self.rows().map(|rows| score(&rows))
    }

    /// The failing rows that still wait for their fix.
    pub fn fixes_owed(&self) -> Vec<Scenario> {
        self.fixes
            .iter()
            .filter(|(_, f)| *f == Owed::Waiting)
            .map(|(s, _)| *s)
            .collect()
    }

    /// The smallest fix of a failing row, once the engine has answered.
    pub fn fix(&self, scenario: Scenario) -> Option<&Owed<Option<Fix>>> {
        self.fixes
            .iter()
            .find(|(s, _)| *s == scenario)
            .map(|(_, f)| f)
    }

    /// The failing rows grouped by what fixes them
    /// ([`crate::lab::grading::fix_groups::group_fixes`]), once every fix is in.
    pub fn fix_groups(&self) -> Option<Vec<crate::lab::grading::fix_groups::FixGroup>> {
        self.rows()?;
        let got: Option<Vec<(Scenario, Fix)>> = self
            .fixes
            .iter()
            .filter(|(_, f)| *f != Owed::Got(None))
            .map(|(sc, f)| f.got().and_then(|f| f.clone()).map(|f| (*sc, f)))
            .collect();
        got.map(|fixes| crate::lab::grading::fix_groups::group_fixes(&fixes))
    }

    pub fn next(&self) -> &Owed<Option<NextStep>> {
        &self.next
    }

    /// The design compared with, and the rows that turned green and red
    /// since it (once this suite is complete).
    pub fn since_previous(&self) -> Option<Change> {
        let (design, before) = self.previous.as_ref()?;
        let (green, red) = compare(before, &self.rows()?);
        Some(Change {
            from: *design,
            green,
            red,
        })
    }
}

/// What changed since the previous design.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub from: Design,
    pub green: Vec<Scenario>,
    pub red: Vec<Scenario>,
}

/// The chapter's rules the next step's design breaks and `design` (the
/// current one) does not: the page says «先看它变红» (`claim` before
/// `digest`, `lease` before `fence`). A rule still broken after the step
/// (the `guard` on the way from a bare lease to `fence`) is no new red.
pub fn next_breaks(design: Design, step: &NextStep) -> Vec<Rule> {
    let now = server_breaks(design);
    server_breaks(step.change.design)
        .into_iter()
        .filter(|r| !now.contains(r))
        .collect()
}

crate::kernel::param_table::page_params!(BuildParams, BUILD_PARAMS, to_query);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::params::NoticeKind;
    use crate::lab::grading::suite::{next_mechanism, Change as DesignChange};
    use crate::lab::model::ids::{Ending, ToolOutcome};
    use crate::lab::Preset;
    use Mechanism::*;

    /// The default workbench, its suite cut to three rows.
    fn three_rows() -> BuildParams {
        BuildParams {
            suite: vec![Scenario::None, Scenario::ResponseLost, Scenario::ModelRetry],
            ..BuildParams::default()
        }
    }

    fn row(scenario: Scenario, pass: bool) -> SuiteRow {
        SuiteRow {
            scenario,
            reports: if pass { 1 } else { 2 },
            tool: ToolOutcome::Created,
            ending: if pass {
                Ending::OneKnown
            } else {
                Ending::Duplicate
            },
            pass,
            notes: Default::default(),
            break_step: (!pass).then_some(7),
            attempts: 2,
            leaks: 0,
            wasted: 0,
            answer_ms: None,
            retries: 0,
            calls: 0,
            beyond: None,
        }
    }

    #[test]
    fn the_default_is_the_naive_server_on_every_scenario_and_links_are_short() {
        let (p, n) = BuildParams::from_query(&Query::new());
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(p, BuildParams::default());
        assert_eq!(p.suite.len(), Scenario::ALL.len());
        assert_eq!(p.harness, HarnessPreset::StableKey.harness());
        let p = p.with_design(Preset::Atomic.design());
        assert_eq!(p.to_query().get("preset"), Some("atomic"));
        assert_eq!(BuildParams::from_query(&p.to_query()), (p, vec![]));
    }

    /// The workbench builds 003's `reconciled` server with the
    /// `reconciling` harness, from its preset or from its mechanisms in
    /// any order, and grades it on every scenario.
    #[test]
    fn the_reconciled_preset_reads_back_with_the_whole_suite() {
        let q = Query::parse("preset=reconciled&harness=reconciling");
        let (p, n) = BuildParams::from_query(&q);
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(p.design, Preset::Reconciled.design());
        assert_eq!(p.harness, HarnessPreset::Reconciling.harness());
        assert_eq!(p.suite.len(), Scenario::ALL.len());
        // A workbench link writes every parameter that grades.
        let q = p.to_query();
        assert_eq!(
            (q.get("preset"), q.get("harness")),
            (Some("reconciled"), Some("reconciling"))
        );
        assert_eq!(
            q.get("suite").map(|s| s.split(',').count()),
            Some(Scenario::ALL.len())
        );
        assert_eq!(BuildParams::from_query(&q), (p, vec![]));
        let ids = "approval,recheck_auth,unknown_on_failure,status_ref,downstream_key,outbox,\
                   tenant_scope,fence,guard,lease,digest,claim";
        let (p, n) = BuildParams::from_query(&Query::parse(&format!("design={ids}")));
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(p.design, Preset::Reconciled.design());
    }

    #[test]
    fn a_design_in_any_order_and_a_suite_read_back_in_the_labs_order() {
        let q = Query::parse(
            "design=store_errors,claim,digest&client=business_key&seed=4\
             &suite=model_retry,response_lost,model_retry",
        );
        let (p, n) = BuildParams::from_query(&q);
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(p.design, Preset::Atomic.design());
        assert_eq!(p.harness, HarnessPreset::BusinessKey.harness());
        assert_eq!(p.seed, 4);
        assert_eq!(p.suite, [Scenario::ResponseLost, Scenario::ModelRetry]);
        assert_eq!(
            p.to_query().encode(),
            "preset=atomic&harness=business_key&seed=4&suite=response_lost,model_retry"
        );
        let (custom, n) = BuildParams::from_query(&Query::parse("design=lease,claim"));
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(custom.to_query().get("design"), Some("claim,lease"));
    }

    #[test]
    fn bad_values_are_bounded_and_echoed_with_what_was_used() {
        let q = Query::parse(
            "design=fence,digest,warp&client=psychic&seed=9999999&suite=meteor,none&preset=x&y=1",
        );
        let (p, n) = BuildParams::from_query(&q);
        assert_eq!(p.design, Design::NONE);
        assert_eq!(p.harness, HarnessPreset::StableKey.harness());
        assert_eq!(p.seed, SEED.max as u64);
        assert_eq!(p.suite, [Scenario::None]);
        let got: Vec<(&str, NoticeKind, &str)> = n
            .iter()
            .map(|n| (n.param.as_str(), n.kind.clone(), n.given.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("preset", NoticeKind::Invalid, "x"),
                ("design", NoticeKind::Invalid, "warp"),
                ("design", NoticeKind::Needs, "digest"),
                ("design", NoticeKind::Needs, "fence"),
                ("client", NoticeKind::Invalid, "psychic"),
                ("seed", NoticeKind::Clamped, "9999999"),
                ("suite", NoticeKind::Invalid, "meteor,none"),
                ("y", NoticeKind::Unknown, "1"),
            ]
        );
        assert!(n
            .iter()
            .filter(|n| n.param == "design")
            .all(|n| n.used == "naive"));
        let (p, n) = BuildParams::from_query(&Query::parse("suite=,"));
        assert_eq!((p.suite.len(), n.len()), (Scenario::ALL.len(), 1));
        let long = format!("design={}", "z".repeat(400));
        let (_, n) = BuildParams::from_query(&Query::parse(&long));
        assert!(n[0].given.chars().count() <= crate::kernel::params::MAX_ECHO_CHARS + 1);
    }

    #[test]
    fn the_harness_reads_as_a_preset_a_spec_or_the_old_client_and_round_trips() {
        let q = Query::parse("harness=chapter,sdk,ra_honour,deadline_none&preset=fenced");
        let (p, n) = BuildParams::from_query(&q);
        assert!(n.is_empty(), "{n:?}");
        assert!(p.harness.sdk && p.harness.deadline_ms.is_none());
        let q = p.to_query();
        assert_eq!(
            (q.get("preset"), q.get("harness")),
            (Some("fenced"), Some("chapter,sdk,ra_honour,deadline_none"))
        );
        assert_eq!(BuildParams::from_query(&p.to_query()), (p, vec![]));
        // The old `client=` opens the same workbench; the app writes `harness=`.
        let (old, n) = BuildParams::from_query(&Query::parse("client=careful"));
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(old.harness, HarnessPreset::Careful.harness());
        assert_eq!(old.to_query().get("harness"), Some("careful"));
        assert_eq!(old.to_query().get("client"), None);
        for p in HarnessPreset::ALL {
            let (b, n) = BuildParams::from_query(&Query::parse(&format!("harness={}", p.id())));
            assert!(n.is_empty() && b.harness == p.harness(), "{p:?}");
        }
    }

    #[test]
    fn a_bad_harness_gives_bounded_notices_naming_the_harness_used() {
        // Only the six old clients are `client=` values.
        let (p, n) = BuildParams::from_query(&Query::parse("client=chapter"));
        assert_eq!(p.harness, HarnessPreset::StableKey.harness());
        assert_eq!(
            (n[0].param.as_str(), n[0].given.as_str()),
            ("client", "chapter")
        );
        let q = Query::parse("harness=chapter,attempts_99,bogus");
        let (p, n) = BuildParams::from_query(&q);
        assert_eq!(p.harness, HarnessPreset::Chapter.harness());
        let got: Vec<(&str, NoticeKind, &str, &str)> = n
            .iter()
            .map(|n| {
                (
                    n.param.as_str(),
                    n.kind.clone(),
                    n.given.as_str(),
                    n.used.as_str(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("harness", NoticeKind::Invalid, "bogus", "chapter"),
                ("harness", NoticeKind::Invalid, "attempts_99", "chapter"),
            ]
        );
        assert_eq!(n[1].range, "1–10");
        // «Within the deadline» without a deadline cannot run: mended, said.
        let (p, n) = BuildParams::from_query(&Query::parse("harness=chapter,deadline_none"));
        assert_eq!(p.harness.retry_after, RetryAfterChoice::Honour);
        assert_eq!(
            (n[0].kind.clone(), n[0].given.as_str(), n[0].used.as_str()),
            (
                NoticeKind::Needs,
                "ra_fail_fast",
                "chapter,ra_honour,deadline_none"
            )
        );
        let long = format!("harness={}", "z".repeat(400));
        let (p, n) = BuildParams::from_query(&Query::parse(&long));
        assert_eq!(p.harness, HarnessPreset::Chapter.harness());
        assert!(n[0].given.chars().count() <= crate::kernel::params::MAX_ECHO_CHARS + 1);
    }

    #[test]
    fn the_panel_holds_every_choice_and_number_once_and_edits_say_what_was_used() {
        let panel = harness_panel();
        let mut ids: Vec<&str> = Vec::new();
        let (mut numbers, mut classes, mut sdk) = (Vec::new(), 0, 0);
        for c in panel.iter().flat_map(|g| g.controls.iter()) {
            match c {
                HarnessControl::Choice(of) => ids.extend(of()),
                HarnessControl::Number(n) => numbers.push(n.prefix),
                HarnessControl::Classes => classes += 1,
                HarnessControl::Sdk => sdk += 1,
            }
        }
        let every: Vec<&str> = [
            KeyChoice::ids(),
            WaitChoice::ids(),
            RetryAfterChoice::ids(),
            UnknownChoice::ids(),
        ]
        .concat();
        assert_eq!(ids, every);
        let prefixes: Vec<&str> = NUMBERS.iter().map(|n| n.prefix).collect();
        let mut sorted = numbers.clone();
        sorted.sort();
        let mut want = prefixes.clone();
        want.sort();
        assert_eq!((sorted, classes, sdk), (want, 1, 1));
        let chapter = HarnessPreset::Chapter.harness();
        let (h, n) = harness_edit(chapter, "noretry_5xx");
        assert!(n.is_empty() && !h.retries(crate::lab::harness::Class::Server5xx));
        assert_eq!(h.to_ids(), "chapter,noretry_5xx");
        let deadline = NUMBERS.iter().find(|n| n.prefix == "deadline_").unwrap();
        let (h, n) = harness_edit(chapter, &number_token(deadline, " "));
        assert_eq!(
            (h.deadline_ms, h.retry_after),
            (None, RetryAfterChoice::Honour)
        );
        assert_eq!((n.len(), n[0].kind.clone()), (1, NoticeKind::Needs));
        let base = NUMBERS.iter().find(|n| n.prefix == "base_").unwrap();
        let (h, n) = harness_edit(chapter, &number_token(base, ""));
        assert_eq!((h, n[0].given.as_str()), (chapter, "base_"));
        let (h, n) = harness_edit(chapter, &number_token(base, "70000"));
        assert_eq!((h, n[0].range.as_str()), (chapter, "1–60000"));
    }

    #[test]
    fn toggling_names_what_is_missing_and_the_design_used() {
        let atomic = Preset::Atomic.design();
        let (d, n) = toggle(atomic, Fence, true);
        assert_eq!(d, atomic);
        assert_eq!(n.len(), 1);
        assert_eq!(
            (n[0].kind.clone(), n[0].given.as_str()),
            (NoticeKind::Needs, "fence")
        );
        assert_eq!(
            (n[0].range.as_str(), n[0].used.as_str()),
            ("lease", "atomic")
        );
        let (d, n) = toggle(atomic, Claim, false);
        assert_eq!(d, Design::NONE);
        let dropped: Vec<&str> = n.iter().map(|n| n.given.as_str()).collect();
        assert_eq!(dropped, ["digest", "store_errors"]);
        let (d, n) = toggle(Design::of(&[RecordAfter]), Claim, true);
        assert_eq!(d, Design::of(&[Claim]));
        assert_eq!(n[0].kind, NoticeKind::Excludes);
        let (d, n) = toggle(atomic, Lease, true);
        assert_eq!((d, n.len()), (Preset::LeasedUnguarded.design(), 0));
    }

    /// `store_errors` (Stripe: store and replay the 500) and
    /// `unknown_on_failure` (003: record the scope unknown) answer the same
    /// failure: ticking 003's answer on a design that stores errors drops
    /// Stripe's, and the notice names both and the design used.
    #[test]
    fn the_two_answers_to_a_failed_handler_exclude_each_other() {
        let atomic = Preset::Atomic.design();
        let (d, n) = toggle(atomic, UnknownOnFailure, true);
        assert!(d.has(UnknownOnFailure) && !d.has(StoreErrors), "{d:?}");
        assert_eq!(n.len(), 1, "{n:?}");
        assert_eq!(
            (n[0].kind.clone(), n[0].given.as_str(), n[0].range.as_str()),
            (NoticeKind::Excludes, "store_errors", "unknown_on_failure")
        );
        assert_eq!(n[0].used, d.label());
        // Ticking Stripe's back on keeps 003's: the notice says so.
        let (again, n) = toggle(d, StoreErrors, true);
        assert_eq!(again, d);
        assert_eq!(
            (n[0].kind.clone(), n[0].given.as_str()),
            (NoticeKind::Excludes, "store_errors")
        );
        let recovery = mechanisms_of(Group::Recovery);
        assert_eq!(
            recovery,
            [StatusRef, UnknownOnFailure, RecheckAuth, Approval]
        );
    }

    #[test]
    fn the_hunts_budget_and_kinds_read_back_with_notices_when_bad() {
        let q = Query::parse("budget=500&kinds=stall,crash");
        let (p, notices) = BuildParams::from_query(&q);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!((p.budget, p.kinds.to_ids()), (500, "stall,crash".into()));
        assert_eq!(BuildParams::from_query(&p.to_query()).0, p);
        let (p, notices) = BuildParams::from_query(&Query::parse("budget=900000&kinds=ufo"));
        assert_eq!((p.budget, p.kinds), (200_000, KindSet::page_default()));
        let params: Vec<&str> = notices.iter().map(|n| n.param.as_str()).collect();
        assert_eq!(params, vec!["budget", "kinds"]);
        assert_eq!(p.hunt_spec().budget, 200_000);
    }

    #[test]
    fn the_hunts_seed_is_its_own_and_reads_back() {
        let every: Vec<&str> = KindSet::all().kinds().iter().map(|k| k.id()).collect();
        let every = every.join(",");
        let q = Query::parse(&format!("seed=4&hunt_seed=17&kinds={every}"));
        let (p, notices) = BuildParams::from_query(&q);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!((p.seed, p.hunt_seed, p.hunt_spec().seed), (4, 17, 17));
        assert_eq!(p.kinds, KindSet::all());
        assert_eq!(BuildParams::from_query(&p.to_query()).0, p);
        let q = p.to_query();
        assert_eq!(
            (q.get("hunt_seed"), q.get("kinds")),
            (Some("17"), Some(&*every))
        );
        let d = BuildParams::default();
        assert_eq!((d.hunt_seed, d.kinds), (1, KindSet::page_default()));
        assert!(d.to_query().get("hunt_seed").is_none() && d.to_query().get("kinds").is_none());
        let (p, notices) = BuildParams::from_query(&Query::parse("hunt_seed=99999999"));
        assert_eq!((p.hunt_seed, notices.len()), (999_999, 1));
        assert_eq!(crate::lab::grading::hunt::next_seed(999_999), 0);
        assert_eq!(crate::lab::grading::hunt::next_seed(1), 2);
    }

    #[test]
    fn a_suite_fills_in_then_waits_for_the_fixes_of_its_failing_rows() {
        let params = three_rows();
        let mut s = SuiteState::start(params.clone(), None);
        assert_eq!((s.done(), s.score()), (0, None));
        s.record_row(1, row(Scenario::ResponseLost, false));
        s.record_row(0, row(Scenario::None, true));
        s.record_row(9, row(Scenario::None, true));
        assert_eq!(s.done(), 2);
        assert!(
            s.fixes_owed().is_empty(),
            "no fix before the suite is complete"
        );
        s.record_row(2, row(Scenario::ModelRetry, false));
        assert_eq!(s.score(), Some(Score { pass: 1, total: 3 }));
        assert_eq!(
            s.fixes_owed(),
            [Scenario::ResponseLost, Scenario::ModelRetry]
        );
        s.record_fix(Scenario::ResponseLost, None);
        assert_eq!(s.fixes_owed(), [Scenario::ModelRetry]);
        assert_eq!(s.fix(Scenario::ResponseLost), Some(&Owed::Got(None)));
        assert_eq!(s.fix(Scenario::None), None);
        assert_eq!(s.next(), &Owed::Waiting);
        assert_eq!(s.since_previous(), None, "nothing to compare with");
    }

    #[test]
    fn rows_turned_green_are_counted_against_the_previous_design_only() {
        let params = three_rows();
        let mut naive = SuiteState::start(params.clone(), None);
        for (i, sc) in params.suite.iter().enumerate() {
            naive.record_row(i, row(*sc, *sc == Scenario::None));
        }
        let claim = Design::of(&[Claim]);
        let mut next = SuiteState::start(params.with_design(claim), Some(&naive));
        assert_eq!(next.since_previous(), None, "only once complete");
        next.record_row(0, row(Scenario::None, false));
        next.record_row(1, row(Scenario::ResponseLost, true));
        // A replaced, unfinished suite still compares with the last complete one.
        let again = SuiteState::start(params.with_design(claim.with(Digest)), Some(&next));
        assert_eq!(again.previous.as_ref().map(|p| p.0), Some(Design::NONE));
        next.record_row(2, row(Scenario::ModelRetry, false));
        let change = next.since_previous().unwrap();
        assert_eq!(change.from, Design::NONE);
        assert_eq!(change.green, [Scenario::ResponseLost]);
        assert_eq!(change.red, [Scenario::None]);
        // Another harness: nothing to compare with.
        let other = params
            .with_design(claim.with(Digest))
            .with_harness(HarnessPreset::BusinessKey.harness());
        assert_eq!(SuiteState::start(other, Some(&next)).previous, None);
    }

    #[test]
    fn the_next_step_warns_when_it_passes_through_a_design_that_breaks_a_rule() {
        let step = |d: Design| NextStep {
            change: next_mechanism(d).unwrap(),
            fixed: vec![],
            broken: vec![],
        };
        let warned = |d: Design| next_breaks(d, &step(d));
        assert_eq!(
            warned(Design::NONE),
            [Rule::ReplayChangedBody],
            "{{claim}} without digest"
        );
        assert_eq!(
            warned(Preset::Atomic.design()),
            [Rule::LeaseWithoutFence],
            "leased_unguarded"
        );
        let c: DesignChange = next_mechanism(Design::of(&[Claim])).unwrap();
        assert_eq!(c.add, [Digest]);
        assert!(warned(Design::of(&[Claim])).is_empty());
        // From a bare lease, `guard` leaves the rule broken but adds no new red.
        let unguarded = Preset::LeasedUnguarded.design();
        assert_eq!(step(unguarded).change.design, Preset::Leased.design());
        assert!(warned(unguarded).is_empty());
        assert!(warned(Preset::Leased.design()).is_empty(), "fence mends it");
    }
}
