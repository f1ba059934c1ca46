//! The compact URL code of a fault schedule: `1.a.pl.a.s6200.m1`.
//!
//! - Tokens are separated by `.`; the first is the version (`1`).
//! - `a` opens the next attempt (attempts are numbered in order from 1);
//!   the tokens after it, until the next `a`, are that attempt's faults.
//! - Every other token is one fault kind's: a tag of letters and, for some,
//!   a number. Attempt faults: `ql`/`qr`/`qd<ms>` (request lost, refused,
//!   delayed), `pl`/`pr`/`pd<ms>` (the same for the response), `s<ms>`
//!   (stall), `c` (crash), `f` (500), `u<s>` (503 with Retry-After),
//!   `t<s>`/`t` (429 with or without Retry-After), `b` (re-rendered body).
//!   Past the database: `qs`/`ps` (the TLS handshake fails), `pw<e>x<t>`
//!   (the response trickles in, a few bytes every `<e>` ms, `<t>` ms in
//!   all), `cb`/`ca` (the server dies just before its `COMMIT`, or right
//!   after it).
//! - `o` opens the next call to the notifier (numbered in order from 1,
//!   after the attempts); `ql`, `qd<ms>`, `pl`, `pd<ms>` after it are that
//!   call's and its answer's, `x` the relay dying after that delivery.
//! - Schedule faults, anywhere: `m<n>` (model re-calls), `d` (double
//!   submit), `n` (next-day restart), `k<ms>` (a second tenant files its own
//!   report `<ms>` after the first, with an equal key string), `h` (the
//!   model rewrites the title when it calls again), `w<ms>` (the service
//!   answers 503 to everything for its first `<ms>`), `v` (a malformed
//!   field, refused with 422 on every attempt), `r<n>` (the model files
//!   `<n>` different reports at once). Attempt faults added with them:
//!   `qn` (the connection is never established), `ud<s>` (503 with
//!   `Retry-After` as an HTTP date), `uneg`/`uwide`/`utext` (503 with an
//!   invalid `Retry-After`), `un` (503 without one).
//! - 003's recovery, schedule-wide: `e` (the work is refund-like: a
//!   downstream effect with a receipt), `l<ms>` (the receipt can be looked
//!   up only `<ms>` after the effect), `z<ms>` (the first tenant's
//!   permission is revoked at `<ms>`), `g<ms>` (its one-time approval
//!   expires at `<ms>`); an attempt's `fe` (the handler raises after the
//!   downstream's effect, 500).
//!
//! A message's or a server's fault reads and writes its own token (its
//! primitive's module under [`crate::lab::faults`]); a schedule-wide fault
//! is a [`Token`] variant: its tag, its number, where it applies. Only
//! URL-safe characters, bounded in length, attempts and every number; a
//! code that breaks a rule is refused whole, with the reason ([`CodeError`]), never half-read.

use crate::lab::faults::code::{split, unknown};
pub use crate::lab::faults::code::{CodeError, MAX_CODE_MS, MAX_CODE_RETRY_AFTER_S};
pub use crate::lab::faults::model_recall::MAX_CODE_RECALLS;
use crate::lab::faults::{
    approval, double_submit, effect, many_calls, model_recall, next_day, notifier, receipt_late,
    relay, rerender, revoked, second_tenant, server_error, title_rewrite,
};
use crate::lab::faults::{AttemptFault, Delivery, FaultSchedule, NotifyFault, ServerFault};

/// The version this code writes and reads.
pub const VERSION: &str = "1";
/// The longest code read, in bytes.
pub const MAX_CODE_LEN: usize = 400;
/// The most attempts a code may list: every request one tool call can make
/// (a fault that never clears is scheduled for all of them).
pub const MAX_CODE_ATTEMPTS: usize = crate::lab::harness::MAX_REQUESTS_PER_CALL as usize;

/// One token of the code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Attempt,
    Request(Delivery),
    Response(Delivery),
    Server(ServerFault),
    Rerender,
    Recalls(u32),
    Double,
    NextDay,
    /// Opens the next call to the notifier.
    Note,
    RelayDies,
    SecondTenant(u64),
    Rewrite,
    Outage(u64),
    Malformed,
    ToolCalls(u32),
    Effect,
    ReceiptLate(u64),
    Revoked(u64),
    ApprovalUntil(u64),
}

/// Which list the faults of a token go to: the last attempt or the last
/// notifier call opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Section {
    Attempt,
    Note,
}

/// A message's token: its side's letter and its primitive's code.
fn delivery_text(side: char, d: Delivery) -> Option<String> {
    d.code().map(|c| format!("{side}{c}"))
}

/// The tokens of one attempt's faults.
fn attempt_text(a: &AttemptFault, out: &mut Vec<String>) {
    out.push("a".into());
    out.extend(delivery_text('q', a.request));
    out.extend(a.server.code());
    out.extend(delivery_text('p', a.response));
    if a.rerender {
        out.push(rerender::TOKEN.into());
    }
}

/// The tokens of one notifier call's faults.
fn note_text(n: &NotifyFault, out: &mut Vec<String>) {
    out.push("o".into());
    out.extend(delivery_text('q', n.request));
    out.extend(delivery_text('p', n.response));
    if n.relay_dies {
        out.push(relay::TOKEN.into());
    }
}

/// The code of a schedule. Trailing attempts without faults are left out
/// (they mean the same as no entry).
pub fn encode(s: &FaultSchedule) -> String {
    let keep = s
        .attempts
        .iter()
        .rposition(|a| *a != AttemptFault::default())
        .map_or(0, |i| i + 1);
    let mut out = vec![VERSION.to_string()];
    for a in &s.attempts[..keep] {
        attempt_text(a, &mut out);
    }
    let notes = s
        .notify
        .iter()
        .rposition(|n| *n != NotifyFault::default())
        .map_or(0, |i| i + 1);
    for n in &s.notify[..notes] {
        note_text(n, &mut out);
    }
    out.extend(model_recall::code(s));
    let flag = |on: bool, token: &str| on.then(|| token.to_string());
    out.extend(flag(s.double_submit, double_submit::TOKEN));
    out.extend(flag(s.restart_next_day, next_day::TOKEN));
    out.extend(second_tenant::code(s));
    out.extend(flag(s.rewrite_title, title_rewrite::TOKEN));
    out.extend(server_error::code(s));
    out.extend(many_calls::code(s));
    out.extend(flag(s.effect, effect::TOKEN));
    out.extend(receipt_late::code(s));
    out.extend(revoked::code(s));
    out.extend(approval::code(s));
    out.join(".")
}

/// A message's token (`q…` a request's, `p…` a response's), if `raw` is one
/// a message primitive knows.
fn message_token(raw: &str) -> Option<Result<Token, CodeError>> {
    let side = raw.chars().next()?;
    if side != 'q' && side != 'p' {
        return None;
    }
    let d = Delivery::read(&raw[1..], raw)?;
    Some(d.map(|d| match side {
        'q' => Token::Request(d),
        _ => Token::Response(d),
    }))
}

fn token(raw: &str) -> Result<Token, CodeError> {
    if let Some(t) = message_token(raw) {
        return t;
    }
    let (tag, n) = split(raw).ok_or_else(|| unknown(raw))?;
    if let Some(f) = ServerFault::read(tag, n, raw) {
        return f.map(Token::Server);
    }
    Ok(match (tag, n) {
        ("a", None) => Token::Attempt,
        ("o", None) => Token::Note,
        (relay::TOKEN, None) => Token::RelayDies,
        ("k", Some(n)) => Token::SecondTenant(second_tenant::read(raw, n)?),
        (title_rewrite::TOKEN, None) => Token::Rewrite,
        (rerender::TOKEN, None) => Token::Rerender,
        ("m", Some(n)) => Token::Recalls(model_recall::read(raw, n)?),
        (double_submit::TOKEN, None) => Token::Double,
        (next_day::TOKEN, None) => Token::NextDay,
        (server_error::OUTAGE_TOKEN, Some(n)) => Token::Outage(server_error::read_outage(raw, n)?),
        (server_error::MALFORMED_TOKEN, None) => Token::Malformed,
        (many_calls::TOKEN, Some(n)) => Token::ToolCalls(many_calls::read(raw, n)?),
        (effect::TOKEN, None) => Token::Effect,
        (receipt_late::TOKEN, Some(n)) => Token::ReceiptLate(receipt_late::read(raw, n)?),
        (revoked::TOKEN, Some(n)) => Token::Revoked(revoked::read(raw, n)?),
        (approval::TOKEN, Some(n)) => Token::ApprovalUntil(approval::read(raw, n)?),
        _ => return Err(unknown(raw)),
    })
}

/// Sets `slot` once; a second value is an error naming the token.
fn once<T: PartialEq + Default>(slot: &mut T, v: T, raw: &str) -> Result<(), CodeError> {
    if *slot != T::default() {
        return Err(CodeError::Twice(raw.to_string()));
    }
    *slot = v;
    Ok(())
}

fn apply(
    s: &mut FaultSchedule,
    section: &mut Option<Section>,
    t: Token,
    raw: &str,
) -> Result<(), CodeError> {
    let no_section = || CodeError::NoAttempt(raw.to_string());
    match t {
        Token::Attempt if s.attempts.len() >= MAX_CODE_ATTEMPTS => {
            return Err(CodeError::TooManyAttempts(s.attempts.len() + 1))
        }
        Token::Attempt => {
            s.attempts.push(AttemptFault::default());
            *section = Some(Section::Attempt);
        }
        Token::Note if s.notify.len() >= MAX_CODE_ATTEMPTS => {
            return Err(CodeError::TooManyAttempts(s.notify.len() + 1))
        }
        Token::Note => {
            s.notify.push(NotifyFault::default());
            *section = Some(Section::Note);
        }
        Token::Recalls(n) => once(&mut s.model_recalls, n, raw)?,
        Token::Double => once(&mut s.double_submit, true, raw)?,
        Token::NextDay => once(&mut s.restart_next_day, true, raw)?,
        Token::SecondTenant(ms) => once(&mut s.second_tenant, Some(ms), raw)?,
        Token::Rewrite => once(&mut s.rewrite_title, true, raw)?,
        Token::Outage(ms) => once(&mut s.outage_ms, Some(ms), raw)?,
        Token::Malformed => once(&mut s.malformed, true, raw)?,
        Token::ToolCalls(n) => once(&mut s.tool_calls, Some(n), raw)?,
        Token::Effect => once(&mut s.effect, true, raw)?,
        Token::ReceiptLate(ms) => once(&mut s.receipt_after_ms, Some(ms), raw)?,
        Token::Revoked(ms) => once(&mut s.revoke_at_ms, Some(ms), raw)?,
        Token::ApprovalUntil(ms) => once(&mut s.approval_until_ms, Some(ms), raw)?,
        _ => match section.ok_or_else(no_section)? {
            Section::Attempt => attempt_token(s, t, raw)?,
            Section::Note => note_token(s, t, raw)?,
        },
    }
    Ok(())
}

/// A token of the last attempt opened.
fn attempt_token(s: &mut FaultSchedule, t: Token, raw: &str) -> Result<(), CodeError> {
    let a = s.attempts.last_mut().expect("an attempt is open");
    match t {
        Token::Request(d) => once(&mut a.request, d, raw),
        Token::Response(d) => once(&mut a.response, d, raw),
        Token::Server(f) => once(&mut a.server, f, raw),
        Token::Rerender => once(&mut a.rerender, true, raw),
        _ => Err(CodeError::NoAttempt(raw.to_string())),
    }
}

/// A token of the last notifier call opened: only lost or late messages
/// and the relay's death belong to one.
fn note_token(s: &mut FaultSchedule, t: Token, raw: &str) -> Result<(), CodeError> {
    let n = s.notify.last_mut().expect("a notifier call is open");
    match t {
        Token::Request(d) if notifier::carries(d) => once(&mut n.request, d, raw),
        Token::Response(d) if notifier::carries(d) => once(&mut n.response, d, raw),
        Token::RelayDies => once(&mut n.relay_dies, true, raw),
        _ => Err(CodeError::NoAttempt(raw.to_string())),
    }
}

/// Reads a code; any broken rule refuses it whole. Trailing attempts
/// without faults are dropped (they mean the same as none), so reading a
/// code and writing it again gives the code back, and equal runs have
/// equal schedules.
pub fn decode(code: &str) -> Result<FaultSchedule, CodeError> {
    if code.len() > MAX_CODE_LEN {
        return Err(CodeError::TooLong(code.len()));
    }
    let mut tokens = code.trim().split('.');
    match tokens.next() {
        Some(VERSION) => {}
        other => {
            return Err(CodeError::Version(crate::kernel::params::echo(
                other.unwrap_or(""),
            )))
        }
    }
    let mut s = FaultSchedule::default();
    let mut section = None;
    for raw in tokens {
        apply(&mut s, &mut section, token(raw)?, raw)?;
    }
    while s.attempts.last() == Some(&AttemptFault::default()) {
        s.attempts.pop();
    }
    while s.notify.last() == Some(&NotifyFault::default()) {
        s.notify.pop();
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::Scenario;

    #[test]
    fn every_scenario_round_trips_and_reads_as_documented() {
        for sc in Scenario::ALL {
            // Trailing attempts without faults mean the same as none.
            let mut s = sc.schedule();
            while s.attempts.last() == Some(&AttemptFault::default()) {
                s.attempts.pop();
            }
            assert_eq!(decode(&encode(&s)), Ok(s), "{sc:?}");
        }
        assert_eq!(encode(&Scenario::NotifierTimeout.schedule()), "1.o.pl");
        assert_eq!(encode(&Scenario::KeyCollision.schedule()), "1.k300");
        // A certificate that does not verify fails every request a call can make.
        let every = ".a.qs".repeat(MAX_CODE_ATTEMPTS);
        assert_eq!(encode(&Scenario::TlsError.schedule()), format!("1{every}"));
        assert_eq!(encode(&Scenario::CrashBeforeNotify.schedule()), "1.a.ca");
        assert_eq!(encode(&Scenario::ResponseLost.schedule()), "1.a.pl");
        assert_eq!(encode(&Scenario::None.schedule()), "1");
        assert_eq!(
            encode(&Scenario::LeaseOverlap.schedule()),
            "1.a.s6000.a.a.s1500"
        );
        assert_eq!(
            encode(&Scenario::ModelRetry.schedule()),
            "1.a.pl.a.ql.a.ql.a.ql.m1"
        );
        // 003's six, from their rows in the scenarios' table.
        let t = |ms: u64| ms.to_string();
        use crate::lab::model::times::*;
        let recovery = [
            (Scenario::DownstreamDoneCrash, "1.a.cb.e".to_string()),
            (
                Scenario::ReceiptLate,
                format!("1.a.cb.e.l{}", t(RECEIPT_LATE_MS)),
            ),
            (Scenario::FailAfterEffect, "1.a.fe.e".into()),
            (
                Scenario::PermissionRevoked,
                format!("1.a.pl.e.z{}", t(REVOKE_AT_MS)),
            ),
            (
                Scenario::ApprovalExpired,
                format!("1.a.ql.e.g{}", t(APPROVAL_UNTIL_MS)),
            ),
            (
                Scenario::DeadlinePassed,
                format!("1.a.qd{}.e", t(LATE_REQUEST_MS)),
            ),
        ];
        for (sc, code) in recovery {
            assert_eq!(encode(&sc.schedule()), code, "{sc:?}");
        }
    }

    #[test]
    fn bad_codes_are_refused_with_their_reason() {
        let long = format!("1{}", ".a".repeat(300));
        let many = format!("1{}", ".a".repeat(MAX_CODE_ATTEMPTS + 1));
        let cases: [(&str, CodeError); 11] = [
            ("", CodeError::Version("".into())),
            ("2.a", CodeError::Version("2".into())),
            ("1.a.zz", CodeError::Unknown("zz".into())),
            ("1.a.s", CodeError::Unknown("s".into())),
            ("1.a.c3", CodeError::Unknown("c3".into())),
            (
                "1.a.qd99999",
                CodeError::TooLarge("qd99999".into(), MAX_CODE_MS),
            ),
            ("1.pl", CodeError::NoAttempt("pl".into())),
            ("1.a.pl.pr", CodeError::Twice("pr".into())),
            ("1.m9", CodeError::TooLarge("m9".into(), 3)),
            ("1.x", CodeError::NoAttempt("x".into())),
            (&many, CodeError::TooManyAttempts(MAX_CODE_ATTEMPTS + 1)),
        ];
        for (code, want) in cases {
            assert_eq!(decode(code), Err(want), "{code}");
        }
        assert_eq!(decode(&long), Err(CodeError::TooLong(long.len())));
        for bad in [
            "1..a",
            "1.a.s-5",
            "1.a.s12345678",
            "1.A",
            "1.a.%20",
            "1.o.c",
            "1.o.qs",
            "1.a.x",
            "1.a.pw100",
            "1.a.pwx5",
            "1.a.pw100x99999",
            "1.k1.k2",
            "1.e.e",
            "1.l",
            "1.z99999",
            "1.g5.g6",
        ] {
            assert!(decode(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn trailing_plain_attempts_are_dropped_and_mean_the_same() {
        let s = FaultSchedule {
            attempts: vec![AttemptFault::default(); 3],
            model_recalls: 2,
            ..FaultSchedule::default()
        };
        assert_eq!(encode(&s), "1.m2");
        let read = decode("1.a.a.m2").unwrap();
        assert_eq!((read.attempts.len(), read.model_recalls), (0, 2));
        assert_eq!(read.attempt(1), s.attempt(1));
    }
}
