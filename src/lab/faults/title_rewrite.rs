//! The model paraphrases the title when it calls the tool again, and when
//! it queries before doing so (kind `title_rewrite`, code `h`): neither a
//! tool_use key nor a business key recognises the same report.

use super::kinds::FaultKind;
use super::primitive::{flag_primitive, Flag};

/// The schedule's `rewrite_title`: the model's wording, past the
/// database; it breaks every server, so the page leaves it out. Drawn
/// three times in ten.
pub const FLAG: Flag = Flag {
    primitive: flag_primitive!(FaultKind::TitleRewrite, rewrite_title, past_the_database: true, off_by_default: true),
    chance: 0.3,
    line: "hunt.rewrite_title",
};

/// Its code token.
pub const TOKEN: &str = "h";

/// Whether the model rewrote the report's title between two of one
/// tenant's tool calls (read from the request bodies: objects of strings,
/// read without serde_json so the run view ships no JSON parser).
pub fn rewritten(run: &crate::lab::model::result::Run) -> bool {
    use crate::kernel::json_strings::field;
    let requests = run.requests();
    // Each body read once, not once per pair of requests.
    let titles: Vec<_> = requests.iter().map(|r| field(&r.body, "title")).collect();
    requests.iter().enumerate().any(|(i, r)| {
        requests[..i]
            .iter()
            .zip(&titles)
            .any(|(p, t)| p.tenant == r.tenant && p.call != r.call && *t != titles[i])
    })
}
