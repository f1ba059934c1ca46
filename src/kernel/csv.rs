//! The one CSV writer of the command-line companions: quoting per RFC 4180
//! (a field holding a comma, a quote or a line break is quoted, its quotes
//! doubled), one row per line.

/// Quotes a CSV field when it holds a comma, a quote or a line break.
pub fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// One row: the fields quoted as needed, joined by commas (no line end).
pub fn row<S: AsRef<str>>(fields: &[S]) -> String {
    fields
        .iter()
        .map(|f| field(f.as_ref()))
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_only_what_needs_it() {
        assert_eq!(field("plain"), "plain");
        assert_eq!(field("claim,lease"), "\"claim,lease\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("a\nb"), "\"a\nb\"");
        assert_eq!(
            row(&["fenced", "claim,lease", "1"]),
            "fenced,\"claim,lease\",1"
        );
    }
}
