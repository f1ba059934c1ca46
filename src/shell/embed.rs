//! «复制嵌入代码»: the `<iframe>` snippet a course author pastes into a
//! page, for exactly the view the author is looking at. Pure link building,
//! natively tested; the shell only copies the text.
//!
//! The snippet goes into the course's page, not ours, so it may carry an
//! inline `style` (our own page's CSP forbids inline styles, a host page's
//! usually does not): the frame is as wide as the host's column up to
//! [`MAX_WIDTH`], with no border, so a 360 px course page never scrolls
//! sideways because of it. A host whose CSP refuses inline styles gets the
//! browser's default frame width (300 px), which still fits.

use crate::i18n::{t, Lang};
use crate::kernel::html::escape;
use crate::pages::links::{with_shell, Shell};
use crate::pages::route::{split_shell_params, Location, Page, Query};

/// The iframe's initial height in pixels, before the first height message.
pub const INITIAL_HEIGHT: u32 = 600;

/// The widest the frame grows: the compact embed layout is made for it.
pub const MAX_WIDTH: u32 = 720;

/// The snippet for the page at `href` (the full current URL): the app's URL
/// with the same view and state plus `embed=1`, in an iframe, followed by
/// the listener that applies the app's `retry-lab:height` messages to that
/// iframe only (it compares `e.source`, so several embeds on one page never
/// resize each other).
pub fn embed_snippet(href: &str, title: &str) -> String {
    let (base, hash) = href.split_once('#').unwrap_or((href, ""));
    let loc = Location::parse(hash);
    let lang = split_shell_params(&loc).lang_from_url.unwrap_or_default();
    let src = format!("{base}{}", with_shell(&loc, Shell { lang, embed: true }));
    let id = format!("retry-lab-{:08x}", fnv1a(&src));
    format!(
        r#"<iframe id="{id}" title="{title}" src="{src}" height="{INITIAL_HEIGHT}" style="display:block;width:100%;max-width:{MAX_WIDTH}px;border:0" loading="lazy"></iframe>
<script>
  window.addEventListener("message", function (e) {{
    var frame = document.getElementById("{id}");
    if (!frame || e.source !== frame.contentWindow || !e.data || e.data.type !== "retry-lab:height") return;
    frame.height = String(Math.ceil(Number(e.data.height) || {INITIAL_HEIGHT}));
  }});
</script>"#,
        title = escape(title),
        src = escape(&src),
    )
}

/// The parts of a frame's title that name one page's view: a page family
/// names only its own (`ui::families`), so a view's wasm never carries the
/// other pages' parameter readers for the sake of a title.
pub type TitleParts = fn(Lang, &Query) -> Vec<String>;

/// The frame's `title` for the page at `hash`: the view and, where the
/// view has one, its preset or case, then the app's name.
pub fn embed_title(lang: Lang, hash: &str) -> String {
    let page = Location::parse(hash).page;
    embed_title_with(lang, hash, title_parts(&page))
}

/// [`embed_title`] with the page's parts given.
pub fn embed_title_with(lang: Lang, hash: &str, parts: TitleParts) -> String {
    let loc = Location::parse(hash);
    let q = split_shell_params(&loc).page_query;
    let mut all = parts(lang, &q);
    all.push(t(lang, "common.app_title"));
    all.join(" · ")
}

/// The title parts of each page.
pub fn title_parts(page: &Page) -> TitleParts {
    match page {
        Page::Herd => herd_title,
        Page::Amplify => amplify_title,
        Page::Lab => lab_title,
        Page::LabMatrix => matrix_title,
        Page::LabBuild => build_title,
        Page::Exercises => exercises_title,
        Page::ExercisesBuilder => builder_title,
        Page::Home | Page::NotFound(_) => no_title,
    }
}

pub fn no_title(_: Lang, _: &Query) -> Vec<String> {
    Vec::new()
}

pub fn builder_title(lang: Lang, _: &Query) -> Vec<String> {
    vec![t(lang, "ex.builder.title")]
}

pub fn herd_title(lang: Lang, q: &Query) -> Vec<String> {
    let p = crate::herd::HerdParams::from_query(q).0;
    vec![
        t(lang, "common.nav.herd"),
        t(lang, &format!("herd.view.{}", p.view.id())),
    ]
}

pub fn amplify_title(lang: Lang, q: &Query) -> Vec<String> {
    use crate::amplify::params::{AmplifyParams, View};
    let p = AmplifyParams::from_query(q).0;
    let mut parts = vec![
        t(lang, "amplify.nav"),
        t(lang, &format!("amplify.view.{}", p.view.id())),
    ];
    if p.view == View::Load {
        parts.push(t(lang, &format!("amplify.preset.{}", p.preset.id())));
    }
    parts
}

pub fn lab_title(lang: Lang, q: &Query) -> Vec<String> {
    let p = crate::lab::LabParams::from_query(q).0;
    vec![
        t(lang, "common.nav.lab"),
        t(lang, &format!("lab.scenario.{}", p.scenario.id())),
    ]
}

pub fn matrix_title(lang: Lang, q: &Query) -> Vec<String> {
    let p = crate::lab::MatrixParams::from_query(q).0;
    let key = if p.by == crate::lab::MatrixBy::Server {
        "lab.matrix.title_by_server"
    } else {
        "lab.matrix.title"
    };
    vec![t(lang, key)]
}

pub fn build_title(lang: Lang, q: &Query) -> Vec<String> {
    let p = crate::lab::BuildParams::from_query(q).0;
    vec![
        t(lang, "build.title"),
        crate::i18n::design_name(lang, p.design),
    ]
}

pub fn exercises_title(lang: Lang, q: &Query) -> Vec<String> {
    let mut parts = vec![t(lang, "common.nav.exercises")];
    let bank = crate::exercises::bank();
    let set = q
        .get("set")
        .map(|raw| crate::exercises::set::read_set(raw, &bank));
    if let Some(set) = set.filter(|s| !s.ids.is_empty()) {
        let scope = crate::exercises::set::Scope::Set(set.ids);
        parts.push(crate::i18n::render(lang, &scope.title()));
    } else if let Some(x) = q
        .get("q")
        .and_then(|id| crate::exercises::renames::find_in(&bank, id))
    {
        parts.push(shorten(&t(lang, &x.prompt_key()), 40));
    }
    parts
}

/// `s` cut to at most `max` characters, with «…» when cut.
fn shorten(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", s[..i].trim_end()),
        None => s.to_string(),
    }
}

/// Whether the snippet copied from `href` points at a local preview
/// (`localhost`, `127.0.0.1`, `[::1]`, a `file:` page): students on the
/// course page could not open its `src`.
pub fn is_local_preview(href: &str) -> bool {
    let Some((scheme, rest)) = href.split_once("://") else {
        return false;
    };
    if scheme.eq_ignore_ascii_case("file") {
        return true;
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = authority.rsplit('@').next().unwrap_or("");
    let host = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    };
    let host = host.to_ascii_lowercase();
    host == "localhost"
        || host.ends_with(".localhost")
        || host == "::1"
        || host.split('.').next() == Some("127") && host.split('.').count() == 4
}

/// A short stable id from the URL (FNV-1a, 32 bits).
fn fnv1a(s: &str) -> u32 {
    s.bytes().fold(0x811c_9dc5u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_snippet_embeds_exactly_the_current_state() {
        let s = embed_snippet(
            "https://course.example/retry-lab/index.html#/herd?clients=50&seed=7&lang=en",
            "惊群模拟器 \"demo\"",
        );
        assert!(
            s.contains(r#"src="https://course.example/retry-lab/index.html#/herd?clients=50&amp;seed=7&amp;lang=en&amp;embed=1""#),
            "{s}"
        );
        assert!(s.contains(r#"title="惊群模拟器 &quot;demo&quot;""#));
        assert!(s.contains("e.source !== frame.contentWindow"));
        assert!(s.contains(r#"e.data.type !== "retry-lab:height""#));
        // The id in the iframe and in the listener agree.
        let id = s.split("id=\"").nth(1).unwrap().split('"').next().unwrap();
        assert!(s.contains(&format!("getElementById(\"{id}\")")));
        // Responsive and borderless on the host page.
        assert!(s.contains("width:100%;max-width:720px;border:0"), "{s}");
        assert!(!s.contains("width=\"720\""), "{s}");
    }

    #[test]
    fn the_title_names_the_view_and_its_preset() {
        let zh = |h| embed_title(Lang::Zh, h);
        assert_eq!(
            zh("#/herd?view=sweep"),
            "惊群模拟器 · N 扫描：博客的两张图 · 重试实验室"
        );
        assert!(zh("#/amplify?view=load&preset=codex").contains("Codex 3 × 3 = 9"));
        assert!(!zh("#/amplify?view=fanout").contains("Codex"));
        assert!(zh("#/lab?scenario=stored_500").contains("500 被存下"));
        assert!(zh("#/lab/matrix?by=server").contains("每种服务端实现"));
        let q = zh("#/exercises?q=three_layers");
        assert!(
            q.starts_with("自测练习 · ") && q.ends_with(" · 重试实验室"),
            "{q}"
        );
        assert!(q.chars().count() < 70, "{q}");
        // An old id (a link written before a rename) opens today's
        // question, and the title names it as `q=` does.
        assert_eq!(
            zh("#/exercises?q=tf_cap_needed"),
            zh("#/exercises?q=tf_backoff_cap")
        );
        assert_ne!(zh("#/exercises?q=tf_cap_needed"), "自测练习 · 重试实验室");
        assert_eq!(
            zh("#/exercises?set=three_layers,nope,three_layers"),
            "自测练习 · 一套题（1 题） · 重试实验室"
        );
        assert_eq!(zh("#/"), "重试实验室");
        let en = embed_title(Lang::En, "#/herd?lang=en");
        assert_eq!(
            en,
            format!(
                "{} · {} · retry-lab",
                t(Lang::En, "common.nav.herd"),
                t(Lang::En, "herd.view.run")
            )
        );
        // Garbage parameters give the view's defaults, not an error.
        assert!(zh("#/lab?scenario=%3Cscript%3E").contains("响应丢失"));
    }

    #[test]
    fn local_previews_are_recognised() {
        for local in [
            "http://localhost:8080/#/herd",
            "http://127.0.0.1:8080/index.html#/",
            "http://127.0.0.2/",
            "http://[::1]:8080/",
            "http://app.localhost/",
            "file:///home/a/dist/index.html",
        ] {
            assert!(is_local_preview(local), "{local}");
        }
        for public in [
            "https://course.example/retry-lab/#/herd",
            "http://192.168.1.20:8000/",
            "https://127.example/",
            "https://localhost.example/",
        ] {
            assert!(!is_local_preview(public), "{public}");
        }
    }

    #[test]
    fn embed_is_set_once_and_other_views_get_other_ids() {
        let a = embed_snippet("http://x/#/lab?embed=0&embed=1&scenario=none", "t");
        assert_eq!(a.matches("embed=1").count(), 1);
        assert!(!a.contains("embed=0"));
        let b = embed_snippet("http://x/#/lab?scenario=response_lost", "t");
        let id = |s: &str| s.split("id=\"").nth(1).unwrap()[..18].to_string();
        assert_ne!(id(&a), id(&b));
        assert!(embed_snippet("http://x/index.html", "t").contains("index.html#/?embed=1"));
    }
}
