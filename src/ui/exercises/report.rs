//! An embed's reports to its course page (`embed=1&origin=…`): each graded
//! try, and the answer that completes the set or section shown, as xAPI
//! statements ([`crate::exercises::xapi`] builds them), posted to that one
//! origin. Nothing goes to any network.

use std::rc::Rc;

use crate::kernel::json::Json;
use yew::prelude::*;

use crate::exercises::progress::Progress;
use crate::exercises::set::Scope;
use crate::exercises::xapi::{self, Answered, Completed, Display};
use crate::exercises::Question;
use crate::i18n::{render, t, Lang};
use crate::pages::links::{Link, Shell};
use crate::ui::dom;

/// An answer's report: its question's id and the progress after it.
pub type Report = Callback<(String, Progress)>;

/// The report callback when the page is embedded with a valid `origin=`,
/// else `None` (nothing is posted).
#[hook]
pub fn use_report(
    l: Lang,
    origin: Option<String>,
    scope: Scope,
    bank: Rc<Vec<Question>>,
) -> Option<Report> {
    let on = origin.is_some();
    let report = use_callback(
        (l, origin, scope),
        move |(id, progress): (String, Progress), (l, origin, scope)| {
            if let Some(origin) = origin {
                report(*l, origin, scope, &bank, (&id, &progress));
            }
        },
    );
    on.then_some(report)
}

/// Posts the try's statement, and the completion's when this answer
/// completed the scope.
fn report(l: Lang, origin: &str, scope: &Scope, bank: &[Question], (id, p): (&str, &Progress)) {
    let (Some(q), Some(record)) = (bank.iter().find(|q| q.id == id), p.get(id)) else {
        return;
    };
    let base = dom::address_without_hash();
    let tag = if l == Lang::Zh { "zh-CN" } else { "en" };
    let display = |text| Display { tag, text };
    let url = format!("{base}{}", activity(&Link::Exercises(Some(id.to_string()))));
    let answered = Answered {
        url: &url,
        question: q,
        record,
        try_number: p.try_number(id).unwrap_or(1),
        name: display(t(l, &q.prompt_key())),
        verb: display(t(l, "ex.xapi.answered")),
    };
    post(xapi::answered(&answered), origin);
    let questions = scope.questions(bank);
    if let Some(summary) = xapi::completes(p, id, &questions) {
        let ids: Vec<&str> = questions.iter().map(|q| q.id).collect();
        let url = format!("{base}{}", activity(&scope.link()));
        let completed = Completed {
            url: &url,
            ids: &ids,
            summary,
            name: display(render(l, &scope.title())),
            verb: display(t(l, "ex.xapi.completed")),
        };
        post(xapi::completed(&completed), origin);
    }
}

/// An activity's id: its link as the default shell writes it (Chinese,
/// not embedded), so one question has one id whatever the page showed.
fn activity(link: &Link) -> String {
    link.href_in(Shell::default())
}

fn post(statement: Json, origin: &str) {
    dom::post_to_parent(&xapi::message(statement).to_string(), origin);
}
