//! The model paraphrases the title when it calls the tool again, and when
//! it queries before doing so (kind `title_rewrite`, code `h`): neither a
//! tool_use key nor a business key recognises the same report.

use rand::Rng;

use super::kinds::{FaultKind, KindSet};
use super::primitive::Primitive;
use super::schedule::FaultSchedule;
use super::simpler::edited;
use crate::kernel::rng::LabRng;
use crate::kernel::text::Sentence;

/// The schedule's `rewrite_title`.
pub struct TitleRewrite;

/// Its code token.
pub const TOKEN: &str = "h";

impl Primitive for TitleRewrite {
    fn past_the_database(&self) -> bool {
        true
    }

    fn off_by_default(&self) -> bool {
        true
    }

    fn kind(&self) -> FaultKind {
        FaultKind::TitleRewrite
    }

    fn used_in(&self, s: &FaultSchedule) -> bool {
        s.rewrite_title
    }

    fn measure(&self, s: &FaultSchedule) -> (u64, u64) {
        (u64::from(s.rewrite_title), 0)
    }

    fn simpler(&self, s: &FaultSchedule) -> Vec<FaultSchedule> {
        match s.rewrite_title {
            true => vec![edited(s, |c| c.rewrite_title = false)],
            false => Vec::new(),
        }
    }

    fn shrinks_first(&self) -> bool {
        false
    }
}

/// Whether the generator's schedule has it, when its kind is chosen.
pub fn draw(rng: &mut LabRng, kinds: KindSet) -> bool {
    kinds.has(FaultKind::TitleRewrite) && rng.random_bool(0.3)
}

/// Whether the model rewrote the report's title between two of one
/// tenant's tool calls (read from the request bodies).
pub fn rewritten(run: &crate::lab::result::Run) -> bool {
    let title = |r: &crate::lab::trace::RequestInfo| {
        serde_json::from_str::<serde_json::Value>(&r.body)
            .ok()
            .and_then(|v| v["title"].as_str().map(str::to_string))
    };
    let requests = run.requests();
    requests.iter().enumerate().any(|(i, r)| {
        requests[..i]
            .iter()
            .any(|p| p.tenant == r.tenant && p.call != r.call && title(p) != title(r))
    })
}

/// Its line in a hunt's schedule, if the schedule has it.
pub fn line(s: &FaultSchedule) -> Option<Sentence> {
    s.rewrite_title.then(|| Sentence::new("hunt.rewrite_title"))
}
