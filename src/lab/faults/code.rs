//! The shared grammar of a fault's schedule-code token (see
//! [`crate::lab::grading::hunt::code`] for the whole code): a tag of letters and,
//! for some, a bounded number, and why a token was refused.

/// The longest delay or stall, in milliseconds.
pub const MAX_CODE_MS: u64 = 60_000;
/// The longest `Retry-After`, in seconds.
pub const MAX_CODE_RETRY_AFTER_S: u64 = 600;
/// The most digits a token's number may have.
const MAX_DIGITS: usize = 7;

/// Why a code was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    TooLong(usize),
    /// A version other than [`crate::lab::grading::hunt::code::VERSION`] (or none).
    Version(String),
    /// A token this version does not know.
    Unknown(String),
    /// A number above its bound (the token, the bound).
    TooLarge(String, u64),
    /// An attempt's fault before the first `a`.
    NoAttempt(String),
    /// The same part of one attempt (or of the schedule) given twice.
    Twice(String),
    TooManyAttempts(usize),
}

impl CodeError {
    /// The translation key of the reason (`hunt.code.<id>`).
    pub fn key(&self) -> &'static str {
        match self {
            CodeError::TooLong(_) => "hunt.code.too_long",
            CodeError::Version(_) => "hunt.code.version",
            CodeError::Unknown(_) => "hunt.code.unknown",
            CodeError::TooLarge(..) => "hunt.code.too_large",
            CodeError::NoAttempt(_) => "hunt.code.no_attempt",
            CodeError::Twice(_) => "hunt.code.twice",
            CodeError::TooManyAttempts(_) => "hunt.code.too_many_attempts",
        }
    }

    /// The part of the code the reason is about, for the notice.
    pub fn part(&self) -> String {
        match self {
            CodeError::TooLong(n) | CodeError::TooManyAttempts(n) => n.to_string(),
            CodeError::TooLarge(t, _) => t.clone(),
            CodeError::Version(t)
            | CodeError::Unknown(t)
            | CodeError::NoAttempt(t)
            | CodeError::Twice(t) => t.clone(),
        }
    }
}

/// A token's number (at most [`MAX_DIGITS`] digits); `None` if `d` is none.
pub fn number(d: &str) -> Option<u64> {
    let digits = !d.is_empty() && d.len() <= MAX_DIGITS && d.chars().all(|c| c.is_ascii_digit());
    digits.then(|| d.parse().ok()).flatten()
}

/// Splits `qd1500` into (`qd`, Some(1500)); `None` for a malformed token.
pub fn split(token: &str) -> Option<(&str, Option<u64>)> {
    let at = token
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(token.len());
    let (tag, digits) = token.split_at(at);
    if tag.is_empty() || !tag.chars().all(|c| c.is_ascii_lowercase()) {
        return None;
    }
    if digits.is_empty() {
        return Some((tag, None));
    }
    number(digits).map(|n| (tag, Some(n)))
}

/// `n`, or the error naming `token` if it is above `max`.
pub fn bounded(token: &str, n: u64, max: u64) -> Result<u64, CodeError> {
    if n > max {
        Err(CodeError::TooLarge(token.to_string(), max))
    } else {
        Ok(n)
    }
}

/// The error for a token this version does not know.
pub fn unknown(raw: &str) -> CodeError {
    CodeError::Unknown(crate::kernel::params::echo(raw))
}
