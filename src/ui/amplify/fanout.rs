//! The fanout view: the attempt tree of one seeded call, stepped like the
//! lab (buttons and ← → Home End), and the mean over many calls against
//! the exact expectation.

use yew::prelude::*;

use super::job::{JobHandle, Status};
use crate::amplify::fanout::Node;
use crate::amplify::work::Work;
use crate::amplify::{FanoutConfig, FanoutRun, FanoutSummary};
use crate::i18n::{t, tf, Lang};
use crate::kernel::num::fixed;
use crate::shell::keys::Shortcut;
use crate::ui::icons::{icon, Icon};
use crate::ui::shortcuts::use_shortcuts;

/// Most tree rows drawn at once (the rest are counted).
const MAX_ROWS: usize = 500;

/// Props of [`FanoutView`].
#[derive(Properties, PartialEq)]
pub struct FanoutProps {
    pub lang: Lang,
    pub job: JobHandle,
    pub cfg: FanoutConfig,
    /// Attempts shown (−1 = all).
    pub step: i64,
    pub on_step: Callback<i64>,
    /// Bumps on every redraw of the job.
    pub tick: u64,
}

/// The view: the summary of many calls beside the stepped tree of the
/// first one.
#[function_component(FanoutView)]
pub fn fanout_view(p: &FanoutProps) -> Html {
    let run = current_run(&p.job);
    let total = run.as_ref().map_or(0, |r| r.0.tree.len() as i64);
    let shown = if p.step < 0 { total } else { p.step.min(total) };
    // The hook runs on every render (before any early return), as Yew requires.
    use_step_keys(shown, total, &p.on_step);
    let Some((run, running)) = run else {
        return html! {};
    };
    let step = Step {
        shown,
        total,
        on_step: &p.on_step,
    };
    html! {
        <div class="amp-fanout">
            { summary_panel(p.lang, &run.summary, &p.cfg, running) }
            { tree_panel(p.lang, &run, &p.cfg, &step) }
        </div>
    }
}

/// The fanout job's result so far, and whether it still runs.
fn current_run(job: &JobHandle) -> Option<(FanoutRun, bool)> {
    match job
        .job
        .borrow()
        .as_ref()
        .map(|s| (&s.work, s.timing().status()))
    {
        Some((Work::Fanout(job), status)) => Some((job.result(), status == Status::Running)),
        _ => None,
    }
}

/// ← → Home End step the tree like the buttons do.
#[hook]
fn use_step_keys(shown: i64, total: i64, on_step: &Callback<i64>) {
    let on_step = on_step.clone();
    use_shortcuts((shown, total), move |s| {
        let next = match s {
            Shortcut::Back => (shown - 1).max(0),
            Shortcut::Forward => (shown + 1).min(total),
            Shortcut::Start => 0,
            Shortcut::End => total,
            _ => return false,
        };
        on_step.emit(if next == total { -1 } else { next });
        true
    });
}

/// Where the stepper stands: `shown` of `total` attempts (the URL's `step`
/// is −1 for all of them).
struct Step<'a> {
    shown: i64,
    total: i64,
    on_step: &'a Callback<i64>,
}

impl Step<'_> {
    /// A button's callback: show the first `to` attempts.
    fn go(&self, to: i64) -> Callback<MouseEvent> {
        let (on_step, total) = (self.on_step.clone(), self.total);
        Callback::from(move |_| on_step.emit(if to >= total { -1 } else { to.max(0) }))
    }
}

/// The mean over many calls against the exact expectation.
fn summary_panel(l: Lang, s: &FanoutSummary, cfg: &FanoutConfig, running: bool) -> Html {
    html! {
        <div class="panel amp-summary" aria-live="polite">
            <h2>{ t(l, "amplify.fanout.summary") }</h2>
            <dl class="amp-numbers">
                <dt>{ t(l, "amplify.fanout.amplification") }</dt>
                <dd data-testid="amplification">{ fixed(s.amplification, 3) }</dd>
                <dt>{ t(l, "amplify.fanout.expected") }</dt>
                <dd data-testid="amplification-expected">{ fixed(s.amplification_expected, 3) }</dd>
                <dt>{ t(l, "amplify.fanout.std_error") }</dt>
                <dd data-testid="std-error">{ fixed(s.std_error, 3) }</dd>
                <dt>{ t(l, "amplify.fanout.success") }</dt>
                <dd data-testid="success-rate">{ fixed(s.success_rate, 3) }</dd>
                <dt>{ t(l, "amplify.fanout.success_expected") }</dt>
                <dd data-testid="success-expected">{ fixed(s.success_expected, 3) }</dd>
                <dt>{ t(l, "amplify.fanout.max") }</dt>
                <dd data-testid="max-bottom">{ crate::kernel::num::group(cfg.max_bottom()) }</dd>
                <dt>{ t(l, "amplify.fanout.trials") }</dt>
                <dd data-testid="trials-done">{ crate::kernel::num::group(s.trials as u64) }</dd>
            </dl>
            if running {
                <p class="muted" data-testid="fanout-running">{ t(l, "amplify.running") }</p>
            }
        </div>
    }
}

/// The first call's attempts up to the step shown, with its counts.
fn tree_panel(l: Lang, run: &FanoutRun, cfg: &FanoutConfig, step: &Step) -> Html {
    let bottom_depth = cfg.layers.len() - 1;
    let nodes = &run.tree[..step.shown as usize];
    let bottom_shown = nodes.iter().filter(|n| n.depth == bottom_depth).count();
    let retries = run.tree.iter().filter(|n| n.attempt > 1).count();
    let fraction = tf(
        l,
        if retries == 0 {
            "amplify.tree.fraction_none"
        } else {
            "amplify.tree.fraction"
        },
        &[
            ("shown", bottom_shown.to_string()),
            ("total", run.first_bottom.to_string()),
            ("max", cfg.max_bottom().to_string()),
            ("retries", retries.to_string()),
        ],
    );
    html! {
        <div class="panel amp-tree">
            <h2>{ t(l, "amplify.tree.title") }</h2>
            <p class="amp-counts">
                <span class="count-label">{ t(l, "amplify.tree.bottom_label") }</span>
                <span data-testid="bottom-count">{ bottom_shown }</span>{ " / " }
                <span data-testid="first-bottom">{ run.first_bottom }</span>
                { " · " }
                <span data-testid="first-retries">{ tf(l, "amplify.tree.retries", &[("n", retries.to_string())]) }</span>
                { " · " }
                <span data-testid="first-outcome">{ t(l, if run.first_ok { "amplify.tree.ok" } else { "amplify.tree.failed" }) }</span>
            </p>
            <p class="muted" data-testid="fraction-note">{ fraction }</p>
            { stepper(l, step) }
            <ol class="amp-tree-list" data-testid="tree">
                { for nodes.iter().take(MAX_ROWS).map(|n| row(l, n, bottom_depth)) }
            </ol>
            if nodes.len() > MAX_ROWS {
                <p class="muted">{ tf(l, "amplify.tree.more", &[("n", (nodes.len() - MAX_ROWS).to_string())]) }</p>
            }
        </div>
    }
}

/// First, previous, position, next, last.
fn stepper(l: Lang, step: &Step) -> Html {
    let Step { shown, total, .. } = *step;
    html! {
        <div class="stepper" role="group" aria-label={t(l, "amplify.tree.stepper")}>
            <button type="button" data-testid="step-first" onclick={step.go(0)}>{ icon(Icon::ToStart) }<span class="sr-only">{ t(l, "amplify.tree.first") }</span></button>
            <button type="button" data-testid="step-prev" onclick={step.go(shown - 1)}>{ icon(Icon::Back) }<span class="sr-only">{ t(l, "amplify.tree.prev") }</span></button>
            <span class="step-pos"><span class="count-label">{ t(l, "amplify.tree.pos_label") }</span><span data-testid="step-pos">{ format!("{shown} / {total}") }</span></span>
            <button type="button" data-testid="step-next" onclick={step.go(shown + 1)}>{ icon(Icon::Play) }<span class="sr-only">{ t(l, "amplify.tree.next") }</span></button>
            <button type="button" data-testid="step-last" onclick={step.go(total)}>{ icon(Icon::ToEnd) }<span class="sr-only">{ t(l, "amplify.tree.last") }</span></button>
        </div>
    }
}

fn row(l: Lang, n: &Node, bottom_depth: usize) -> Html {
    let who = if n.depth == bottom_depth {
        t(l, "amplify.tree.bottom")
    } else {
        tf(l, "amplify.tree.layer", &[("n", (n.depth + 2).to_string())])
    };
    let caller = tf(l, "amplify.tree.layer", &[("n", (n.depth + 1).to_string())]);
    html! {
        <li class={classes!(format!("amp-d{}", n.depth), if n.ok { "ok" } else { "fail" })}>
            { format!("{caller} → {who} #{} ", n.attempt) }
            <strong>{ icon(if n.ok { Icon::Check } else { Icon::Cross }) }</strong>
            <span class="sr-only">{ t(l, if n.ok { "amplify.tree.ok" } else { "amplify.tree.failed" }) }</span>
        </li>
    }
}
