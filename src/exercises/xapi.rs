//! What an embedded exercise tells its course page: each graded try, and
//! once the answer that completes a set or a section, as an xAPI statement
//! (the convention H5P and course platforms already listen for), posted
//! as `{type: "retry-lab:xapi", statement}` to the one origin the course
//! page named in `origin=`, never to `*`. The app knows no learner, so a
//! statement has no `actor`: the host's listener adds its own. Built here
//! as data (the page renders only the names and posts it); nothing is sent
//! to any network by the app.

use crate::kernel::json::{Json, ToJson};

use super::grade::{Record, Response};
use super::progress::{Progress, Summary};
use super::Question;

/// The message's `type`.
pub const MESSAGE_TYPE: &str = "retry-lab:xapi";

/// ADL's verbs.
pub const VERB_ANSWERED: &str = "http://adlnet.gov/expapi/verbs/answered";
pub const VERB_COMPLETED: &str = "http://adlnet.gov/expapi/verbs/completed";

/// The activity types: one question; a set or a section.
pub const ACTIVITY_QUESTION: &str = "http://adlnet.gov/expapi/activities/cmi.interaction";
pub const ACTIVITY_ASSESSMENT: &str = "http://adlnet.gov/expapi/activities/assessment";

/// Result extensions: the try's number (1 for the first), and whether it
/// is the first (the one the app's score counts).
pub const EXT_TRY: &str = "urn:x-retry-lab:try";
pub const EXT_FIRST_TRY: &str = "urn:x-retry-lab:first-try";

/// Activity extension: the question's id (and a set's or section's ids).
pub const EXT_QUESTION_ID: &str = "urn:x-retry-lab:question-id";
pub const EXT_QUESTION_IDS: &str = "urn:x-retry-lab:question-ids";

/// Characters of an origin at most (scheme, host and port).
pub const MAX_ORIGIN_CHARS: usize = 200;

/// A display text in one language: the BCP 47 tag and the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Display {
    pub tag: &'static str,
    pub text: String,
}

impl Display {
    fn map(&self) -> Json {
        Json::obj([(self.tag, Json::from(self.text.as_str()))])
    }
}

/// One graded try of one question.
pub struct Answered<'a> {
    /// The question's own link, absolute (the activity's id).
    pub url: &'a str,
    pub question: &'a Question,
    pub record: &'a Record,
    /// 1 for the first try of the question's revision.
    pub try_number: usize,
    /// The question's prompt and the verb, in the page's language.
    pub name: Display,
    pub verb: Display,
}

/// The statement of one graded try.
pub fn answered(a: &Answered) -> Json {
    let score = Json::from(u64::from(a.record.correct));
    Json::obj([
        ("verb", verb(VERB_ANSWERED, &a.verb)),
        (
            "object",
            activity(
                a.url,
                ACTIVITY_QUESTION,
                &a.name,
                (EXT_QUESTION_ID, Json::from(a.question.id)),
            ),
        ),
        (
            "result",
            Json::obj([
                ("success", Json::from(a.record.correct)),
                ("score", score_of(score.clone(), 1, score)),
                ("response", Json::Str(response_code(&a.record.response))),
                (
                    "extensions",
                    Json::obj([
                        (EXT_TRY, a.try_number.to_json()),
                        (EXT_FIRST_TRY, Json::from(a.try_number == 1)),
                    ]),
                ),
            ]),
        ),
    ])
}

/// A statement's verb: its id and its name.
fn verb(id: &str, name: &Display) -> Json {
    Json::obj([("id", Json::from(id)), ("display", name.map())])
}

/// A statement's object: the activity at `url`, of `kind`, with its name
/// and one extension.
fn activity(url: &str, kind: &str, name: &Display, extension: (&str, Json)) -> Json {
    Json::obj([
        ("objectType", Json::from("Activity")),
        ("id", Json::from(url)),
        (
            "definition",
            Json::obj([
                ("type", Json::from(kind)),
                ("name", name.map()),
                ("extensions", Json::obj([extension])),
            ]),
        ),
    ])
}

/// A result's score: `raw` of `max` (from 0), and `scaled`.
fn score_of(raw: Json, max: usize, scaled: Json) -> Json {
    Json::obj([
        ("raw", raw),
        ("min", Json::from(0u64)),
        ("max", max.to_json()),
        ("scaled", scaled),
    ])
}

/// A set or a section, all of its questions answered.
pub struct Completed<'a> {
    /// The set's or section's link, absolute.
    pub url: &'a str,
    pub ids: &'a [&'a str],
    pub summary: Summary,
    pub name: Display,
    pub verb: Display,
}

/// The statement of a set or section completed: its score is the first
/// tries that were right, as the page counts them.
pub fn completed(c: &Completed) -> Json {
    let Summary { correct, total, .. } = c.summary;
    let scaled = if total == 0 {
        0.0
    } else {
        correct as f64 / total as f64
    };
    let ids: Vec<Json> = c.ids.iter().map(|id| Json::from(*id)).collect();
    Json::obj([
        ("verb", verb(VERB_COMPLETED, &c.verb)),
        (
            "object",
            activity(
                c.url,
                ACTIVITY_ASSESSMENT,
                &c.name,
                (EXT_QUESTION_IDS, Json::Arr(ids)),
            ),
        ),
        (
            "result",
            Json::obj([
                ("completion", Json::from(true)),
                ("success", Json::from(correct == total)),
                (
                    "score",
                    score_of(correct.to_json(), total, Json::from(scaled)),
                ),
            ]),
        ),
    ])
}

/// The message posted to the course page.
pub fn message(statement: Json) -> Json {
    Json::obj([("type", Json::from(MESSAGE_TYPE)), ("statement", statement)])
}

/// The answer as xAPI's interaction responses write it: an option's id,
/// `true`/`false`, numbers and lists joined by `[,]`, cases' parts by `[.]`.
pub fn response_code(r: &Response) -> String {
    match r {
        Response::Numbers(xs) => xs
            .iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join("[,]"),
        Response::Choice(id) => id.clone(),
        Response::Bool(b) => b.to_string(),
        Response::Choices(ids) => ids.join("[,]"),
        Response::Cases(cases) => cases
            .iter()
            .map(|parts| parts.join("[.]"))
            .collect::<Vec<_>>()
            .join("[,]"),
        Response::Design(d) => d.to_ids(),
        Response::Harness(h) => h.to_ids(),
    }
}

/// The score of `questions` (a set or a section) when the try just
/// recorded for `id` is the answer that completed them: its first try
/// ([`Progress::try_number`]), and now every one of them answered. Opening
/// a set already complete, or answering again, completes nothing (`None`).
pub fn completes(progress: &Progress, id: &str, questions: &[&Question]) -> Option<Summary> {
    let first = progress.try_number(id) == Some(1);
    let member = questions.iter().any(|q| q.id == id);
    let s = progress.summary(questions.iter().copied());
    (first && member && s.answered == s.total).then_some(s)
}

/// The listener a course page pastes to forward each statement to its own
/// learning-record store with its own learner (`app_origin`: where the
/// app is served from; the README shows it for `https://retry-lab.example`).
pub fn listener(app_origin: &str) -> String {
    [
        "<script>",
        &format!("  const APP = {app_origin:?}; // the origin the app is served from"),
        "  const LRS = \"https://lrs.example/xapi/statements\", AUTH = \"Basic …\";",
        "  const ACTOR = { objectType: \"Agent\", account: { homePage: location.origin, name: \"student-42\" } };",
        "  window.addEventListener(\"message\", (e) => {",
        &format!("    if (e.origin !== APP || !e.data || e.data.type !== {MESSAGE_TYPE:?}) return;"),
        "    const statement = { ...e.data.statement, actor: ACTOR, timestamp: new Date().toISOString() };",
        "    fetch(LRS, { method: \"POST\", body: JSON.stringify(statement), headers: {",
        "      \"Content-Type\": \"application/json\", \"X-Experience-API-Version\": \"1.0.3\", Authorization: AUTH } });",
        "  });",
        "</script>",
    ]
    .join("\n")
}

/// The course page's origin from `origin=`: `http(s)://host[:port]`, no
/// path, no user, no wildcard. `None` for anything else: then nothing is
/// posted (the page says why).
pub fn read_origin(raw: &str) -> Option<String> {
    let raw = raw.trim();
    if raw.is_empty() || raw.chars().count() > MAX_ORIGIN_CHARS {
        return None;
    }
    let (scheme, rest) = raw.split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    let (host, port) = split_port(rest)?;
    let port_ok =
        port.is_none_or(|p| p.bytes().all(|b| b.is_ascii_digit()) && p.parse::<u16>().is_ok());
    if !port_ok || !host_ok(host) {
        return None;
    }
    Some(format!("{scheme}://{}", rest.to_ascii_lowercase()))
}

/// `host[:port]` (a bracketed IPv6 host keeps its colons).
fn split_port(rest: &str) -> Option<(&str, Option<&str>)> {
    if rest.starts_with('[') {
        let end = rest.find(']')?;
        let (host, after) = rest.split_at(end + 1);
        return match after {
            "" => Some((host, None)),
            _ => Some((host, Some(after.strip_prefix(':')?))),
        };
    }
    Some(match rest.split_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (rest, None),
    })
}

/// A host name, an IPv4 address or a bracketed IPv6 address.
fn host_ok(host: &str) -> bool {
    if let Some(v6) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        return !v6.is_empty()
            && v6
                .bytes()
                .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.');
    }
    !host.is_empty()
        && host.len() <= 253
        && !host.starts_with(['.', '-'])
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::bank;
    use crate::exercises::progress::{apply, Edit};
    use crate::exercises::revisions::revision;
    use crate::i18n::{t, Lang};
    use serde_json::{json, Value};

    /// A statement as serde_json reads what the page posts.
    fn read(j: Json) -> Value {
        serde_json::from_str(&j.to_string()).expect("the page posts JSON")
    }

    fn record(id: &str, correct: bool, response: Response) -> Record {
        Record {
            response,
            correct,
            model: None,
            revision: revision(id),
        }
    }

    /// The progress after answering `tries` in order.
    fn after(tries: &[(&str, bool)]) -> Progress {
        let mut json: Option<String> = None;
        let mut progress = Progress::default();
        for (id, correct) in tries {
            let edit = Edit::Set(
                id.to_string(),
                record(id, *correct, Response::Bool(*correct)),
            );
            let w = apply(json.as_deref(), None, &edit);
            json = Some(w.json);
            progress = w.progress;
        }
        progress
    }

    fn display(l: Lang, key: &str) -> Display {
        let tag = if l == Lang::Zh { "zh-CN" } else { "en" };
        Display {
            tag,
            text: t(l, key),
        }
    }

    #[test]
    fn an_answer_is_a_statement_with_every_field_and_no_actor() {
        let b = bank();
        let q = &b[0];
        for l in [Lang::Zh, Lang::En] {
            let r = record(q.id, true, Response::Choice("b".into()));
            let a = Answered {
                url: "https://course.example/app/index.html#/exercises?q=x",
                question: q,
                record: &r,
                try_number: 1,
                name: display(l, &q.prompt_key()),
                verb: display(l, "ex.xapi.answered"),
            };
            let m = read(message(answered(&a)));
            assert_eq!(m["type"], MESSAGE_TYPE);
            let s = &m["statement"];
            assert!(s.get("actor").is_none());
            assert_eq!(s["verb"]["id"], VERB_ANSWERED);
            let tag = a.verb.tag;
            assert_eq!(s["verb"]["display"][tag], t(l, "ex.xapi.answered"));
            assert_eq!(s["object"]["objectType"], "Activity");
            assert_eq!(s["object"]["id"], a.url);
            assert_eq!(s["object"]["definition"]["type"], ACTIVITY_QUESTION);
            assert_eq!(
                s["object"]["definition"]["name"][tag],
                t(l, &q.prompt_key())
            );
            assert_eq!(
                s["object"]["definition"]["extensions"][EXT_QUESTION_ID],
                q.id
            );
            assert_eq!(s["result"]["success"], true);
            assert_eq!(
                s["result"]["score"],
                json!({ "raw": 1, "min": 0, "max": 1, "scaled": 1 })
            );
            assert_eq!(s["result"]["response"], "b");
            assert_eq!(s["result"]["extensions"][EXT_TRY], 1);
            assert_eq!(s["result"]["extensions"][EXT_FIRST_TRY], true);
        }
        assert_ne!(
            t(Lang::Zh, "ex.xapi.answered"),
            t(Lang::En, "ex.xapi.answered")
        );
    }

    #[test]
    fn a_completed_set_scores_its_first_tries() {
        let b = bank();
        let ids = [b[0].id, b[1].id];
        let c = Completed {
            url: "http://127.0.0.1:9/#/exercises?set=a,b",
            ids: &ids,
            summary: Summary {
                answered: 2,
                correct: 1,
                total: 2,
            },
            name: display(Lang::En, "ex.set_title"),
            verb: display(Lang::En, "ex.xapi.completed"),
        };
        let s = read(completed(&c));
        assert_eq!(s["verb"]["id"], VERB_COMPLETED);
        assert_eq!(s["object"]["definition"]["type"], ACTIVITY_ASSESSMENT);
        assert_eq!(
            s["object"]["definition"]["extensions"][EXT_QUESTION_IDS],
            json!(ids)
        );
        assert_eq!(s["result"]["completion"], true);
        assert_eq!(s["result"]["success"], false);
        assert_eq!(
            s["result"]["score"],
            json!({ "raw": 1, "min": 0, "max": 2, "scaled": 0.5 })
        );
        assert!(s.get("actor").is_none());
    }

    #[test]
    fn hostile_text_stays_data() {
        let b = bank();
        let q = &b[0];
        let hostile = "</script><img src=x onerror=alert(1)>\"'\\u{0}🙂";
        let r = record(q.id, false, Response::Choice(hostile.into()));
        let a = Answered {
            url: hostile,
            question: q,
            record: &r,
            try_number: 3,
            name: Display {
                tag: "en",
                text: hostile.into(),
            },
            verb: display(Lang::En, "ex.xapi.answered"),
        };
        let back = read(answered(&a));
        assert_eq!(back["result"]["response"], hostile);
        assert_eq!(back["object"]["definition"]["name"]["en"], hostile);
        assert_eq!(back["result"]["extensions"][EXT_FIRST_TRY], false);
        assert_eq!(back["result"]["score"]["raw"], 0);
    }

    #[test]
    fn responses_are_written_as_interactions_write_them() {
        assert_eq!(response_code(&Response::Numbers(vec![3.0, 0.5])), "3[,]0.5");
        assert_eq!(response_code(&Response::Bool(false)), "false");
        assert_eq!(
            response_code(&Response::Choices(vec!["a".into(), "b".into()])),
            "a[,]b"
        );
        let cases = Response::Cases(vec![vec!["a".into(), "b".into()], vec!["c".into()]]);
        assert_eq!(response_code(&cases), "a[.]b[,]c");
    }

    #[test]
    fn tries_are_numbered_and_only_the_completing_answer_completes() {
        let b = bank();
        let (x, y) = (&b[0], &b[1]);
        let p = after(&[(x.id, false)]);
        assert_eq!(p.try_number(x.id), Some(1));
        assert!(
            completes(&p, x.id, &[x, y]).is_none(),
            "y is not answered yet"
        );
        let p = after(&[(x.id, false), (y.id, true)]);
        let done = completes(&p, y.id, &[x, y]).expect("y completes the set");
        assert_eq!((done.answered, done.correct, done.total), (2, 1, 2));
        let p = after(&[(x.id, false), (y.id, true), (x.id, true)]);
        assert_eq!(p.try_number(x.id), Some(2));
        assert!(
            completes(&p, x.id, &[x, y]).is_none(),
            "a second try completes nothing"
        );
        assert!(completes(&p, x.id, &[y]).is_none(), "x is not in that set");
        assert_eq!(p.try_number("nope"), None);
    }

    /// The README's listener is the one the builder shows.
    #[test]
    fn the_readme_shows_the_builders_listener() {
        let readme = std::fs::read_to_string("README.md").expect("README.md");
        let l = listener("https://retry-lab.example");
        assert!(readme.contains(&l), "README.md lacks:\n{l}");
        assert!(l.lines().count() <= 12);
    }

    #[test]
    fn only_an_http_origin_is_an_origin() {
        for (raw, want) in [
            ("http://127.0.0.1:8080", Some("http://127.0.0.1:8080")),
            ("HTTPS://Course.Example/", Some("https://course.example")),
            ("https://[::1]:9000", Some("https://[::1]:9000")),
            ("http://localhost", Some("http://localhost")),
        ] {
            assert_eq!(read_origin(raw).as_deref(), want, "{raw}");
        }
        let long = format!("https://{}.example", "a".repeat(300));
        for raw in [
            "*",
            "null",
            "",
            "file:///tmp",
            "javascript:alert(1)",
            "https://course.example/path",
            "https://user@course.example",
            "https://course.example:99999x",
            "https://course.example:70000",
            "https://course.example:",
            "https://",
            "https://-bad.example",
            "https://a b.example",
            long.as_str(),
        ] {
            assert_eq!(read_origin(raw), None, "{raw}");
        }
    }
}
