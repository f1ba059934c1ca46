//! The model paraphrases the title when it calls the tool again, and when
//! it queries before doing so (kind `title_rewrite`, code `h`): neither a
//! tool_use key nor a business key recognises the same report.

use rand::Rng;

use super::kinds::{FaultKind, KindSet};
use super::primitive::Primitive;
use super::schedule::FaultSchedule;
use super::simpler::without;
use crate::kernel::rng::LabRng;
use crate::kernel::text::Sentence;

/// The schedule's `rewrite_title`: the model's wording, past the
/// database; it breaks every server, so the page leaves it out.
pub const PRIMITIVE: Primitive = Primitive {
    simpler: |s| without(s, |c| &mut c.rewrite_title),
    past_the_database: true,
    off_by_default: true,
    ..Primitive::new(FaultKind::TitleRewrite, |s| s.rewrite_title)
};

/// Its code token.
pub const TOKEN: &str = "h";

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
