//! The one HTML escaper, for the markup this crate writes as text: the
//! embed snippet a course author copies, the lab diagram's SVG rows and the
//! formulas' labels.

/// Escapes `&`, `<`, `>` and `"`, so the result is safe both as element
/// text and inside a double-quoted attribute, and reads back as `s`.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(ch),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escapes_the_four_markup_characters_and_nothing_else() {
        assert_eq!(escape("plain 文本 'x'"), "plain 文本 'x'");
        assert_eq!(
            escape(r#"<a href="?a=1&b=2">"#),
            "&lt;a href=&quot;?a=1&amp;b=2&quot;&gt;"
        );
        // Already-escaped text is escaped again, not passed through.
        assert_eq!(escape("&amp;"), "&amp;amp;");
    }

    #[test]
    fn unescaping_gives_the_text_back() {
        let s = "a < b && c > \"d\" & &lt;";
        let back = escape(s)
            .replace("&quot;", "\"")
            .replace("&gt;", ">")
            .replace("&lt;", "<")
            .replace("&amp;", "&");
        assert_eq!(back, s);
    }
}
