//! The suite and matrix CSV as it was before the harness's grade added two
//! columns: the fixtures in `tests/data/` keep that form, so the CLI tier
//! and the browser tier both compare without the added columns.

/// A matrix or suite line without the two columns the harness's grade
/// added (`wasted`, `answer_ms`, just before the last one), as the CLI
/// printed it before them; the score line as it is.
pub fn without_added(line: &str) -> String {
    if line.starts_with("score,") {
        return line.to_string();
    }
    let mut parts = line.rsplitn(4, ',');
    let (last, _answer, _wasted) = (parts.next(), parts.next(), parts.next());
    format!("{},{}", parts.next().unwrap(), last.unwrap())
}
