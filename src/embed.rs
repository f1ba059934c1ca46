//! «复制嵌入代码»: the `<iframe>` snippet a course author pastes into a
//! page, for exactly the view the author is looking at. Pure link building,
//! natively tested; the shell only copies the text.

use crate::links::{with_shell, Shell};
use crate::route::{split_shell_params, Location};

/// The iframe's initial height in pixels, before the first height message.
pub const INITIAL_HEIGHT: u32 = 600;

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
        r#"<iframe id="{id}" title="{title}" src="{src}" width="720" height="{INITIAL_HEIGHT}" loading="lazy"></iframe>
<script>
  window.addEventListener("message", function (e) {{
    var frame = document.getElementById("{id}");
    if (!frame || e.source !== frame.contentWindow || !e.data || e.data.type !== "retry-lab:height") return;
    frame.height = String(Math.ceil(Number(e.data.height) || {INITIAL_HEIGHT}));
  }});
</script>"#,
        title = escape_attr(title),
        src = escape_attr(&src),
    )
}

/// Escapes text for a double-quoted HTML attribute.
fn escape_attr(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
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
        // No inline style: the host's CSP may forbid it too.
        assert!(!s.contains("style="));
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
