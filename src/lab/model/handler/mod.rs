//! The bug tracker's `POST /reports` handler, assembled from a [`Design`]'s
//! mechanisms. Each mechanism changes specific statements (their text comes
//! from `lab::model::sql`, the same fragments the page shows) and, through its
//! hooks (`mechanisms/hooks.rs`), what a step decides: the handler asks the
//! design at each step and acts on the answer.
//!
//! A handler runs in two phases, each inside one simulation event: `arrive`
//! (look at the key, maybe claim it) and, after the work time, `finish`
//! (insert the report, record the response; `finish.rs`). Concurrency comes
//! from other handlers' phases running in between, so the races are real
//! races on the real database.

mod finish;
mod recovery;

pub use recovery::{Outside, StatusQuery, APPROVAL_EXPIRED, PERMISSION_REVOKED};

use rusqlite::types::Value;
use serde_json::json;

use crate::lab::faults::ServerFault;
use crate::lab::harness::retry_after::{http_date, RUN_EPOCH_S};
use crate::lab::mechanisms::hooks::{Failure, Found, KeySteps, RecordColumns, Verdict, WriteBack};
use crate::lab::mechanisms::Slot;
use crate::lab::model::db::Db;
use crate::lab::model::design::Design;
use crate::lab::model::sql::{HandlerSql, Stmt};
use crate::lab::model::trace::{Decision, ResponseInfo};

/// One request as the server sees it.
#[derive(Clone, Debug)]
pub struct Handler {
    pub request: usize,
    /// The tenant whose agent sent it (an index into `harness::TENANTS`).
    pub tenant: usize,
    pub key: Option<String>,
    pub digest: String,
    pub body: serde_json::Value,
    pub fault: ServerFault,
    /// The fencing token this handler holds (`fence` only).
    pub fence: Option<i64>,
    /// When this handler's lease on its claim ends (`lease`).
    pub lease_until: Option<u64>,
    /// It took over an expired claim (`lease`).
    pub took_over: bool,
    /// The report it inserted in its current or last transaction, and
    /// whether that transaction committed.
    pub report: Option<i64>,
    pub committed: bool,
    /// The deadline the request carries (ms), if the harness sends one.
    pub deadline_ms: Option<u64>,
}

impl Handler {
    /// A request that has not been handled yet.
    pub fn new(
        request: usize,
        key: Option<String>,
        digest: String,
        body: serde_json::Value,
        fault: ServerFault,
    ) -> Self {
        Self {
            request,
            tenant: 0,
            key,
            digest,
            body,
            fault,
            fence: None,
            lease_until: None,
            took_over: false,
            report: None,
            committed: false,
            deadline_ms: None,
        }
    }
}

/// What a phase ends with.
#[derive(Clone, Debug)]
pub enum Phase {
    /// Keep working; `finish` runs later.
    Work(Decision),
    /// Answer the client now.
    Respond(Decision, ResponseInfo),
    /// The process died inside this phase.
    Crash,
}

/// The handler of one design, with its SQL joined once.
#[derive(Clone, Debug)]
pub struct Server {
    design: Design,
    sql: HandlerSql,
    /// The ids of the mechanisms whose columns a read of the key's row
    /// reads before the record's own, in order.
    read: Vec<&'static str>,
}

impl Server {
    pub fn new(design: Design) -> Self {
        let read = design.fragments(Slot::ReadColumns);
        Self {
            design,
            sql: HandlerSql::new(design),
            read: read.into_iter().map(|(m, _)| m.id()).collect(),
        }
    }

    pub fn design(&self) -> Design {
        self.design
    }

    /// The key this design handles the request by, if any.
    fn key_of(&self, h: &Handler) -> Option<String> {
        h.key.clone().filter(|_| self.design.keyed())
    }

    /// The key's columns in a statement's parameters, as the design scopes
    /// the key.
    fn key_args(&self, h: &Handler, key: &str) -> Vec<Value> {
        let scope = self.design.scope_key(h.tenant, Some(key), None);
        scope.columns.iter().map(|c| text(c)).collect()
    }

    /// The row a read of the key found, as the mechanisms' hooks see it
    /// (the record's own columns where its key steps say they are).
    fn found(
        &self,
        row: &[Value],
        h: &Handler,
        at: &RecordColumns,
        now: u64,
        effect_work: bool,
    ) -> Found {
        let own = |i: Option<usize>| i.map(|i| &row[self.read.len() + i]);
        Found {
            read: (self.read.iter().enumerate())
                .map(|(i, id)| (*id, as_text(&row[i])))
                .collect(),
            digest: h.digest.clone(),
            status: own(at.status).and_then(as_text),
            lease_expires: own(at.lease).and_then(as_int),
            now,
            effect_work,
        }
    }

    /// Phase 1: the request arrives.
    pub fn arrive(&self, db: &mut Db, out: &mut Outside, h: &mut Handler, now: u64) -> Phase {
        let scope = (self.design).scope_key(h.tenant, h.key.as_deref(), Some(h.digest.clone()));
        h.digest = scope.digest.unwrap_or_default();
        if let Some(refused) = refuse_before_work(h, now) {
            return refused;
        }
        if let Some(refused) = self.refuse_first(out, h, now) {
            return refused;
        }
        let steps = self.design.key_steps();
        match (&h.key, steps.read) {
            (_, None) => Phase::Work(Decision::NoCheck),
            (None, Some(_)) => Phase::Work(Decision::NoKey),
            (Some(k), Some(read)) => self.read_key(db, out, h, &k.clone(), &steps, read, now),
        }
    }

    /// Reads the key's record and claims, replays, refuses or takes over,
    /// as the design's key steps and its verdict on the row say (inside
    /// one transaction when the steps read in one).
    #[allow(clippy::too_many_arguments)]
    fn read_key(
        &self,
        db: &mut Db,
        out: &mut Outside,
        h: &mut Handler,
        key: &str,
        steps: &KeySteps,
        read: Stmt,
        now: u64,
    ) -> Phase {
        if steps.read_in_transaction {
            db.begin();
        }
        let Some(row) = db.row(self.sql.get(read), &self.key_args(h, key)) else {
            return match steps.claim {
                Some(claim) => self.insert_claim(db, h, key, claim, now),
                None => self.end_read(db, steps, Phase::Work(Decision::KeyUnknown)),
            };
        };
        let found = self.found(&row, h, &steps.columns, now, out.effect);
        let verdict = self.design.found(&found, Verdict::Replay);
        let at = self.read.len() + steps.columns.response;
        let phase = match verdict {
            Verdict::TakeOver => return self.take_over(db, h, key, now),
            Verdict::DigestMismatch => Phase::Respond(Decision::DigestMismatch, different_body(h)),
            Verdict::Replay => {
                let r = replay(h, as_int(&row[at]), as_text(&row[at + 1]));
                Phase::Respond(Decision::Replay, r)
            }
            Verdict::InProgress { retry_after_ms } => {
                let mut r = in_progress(h);
                r.retry_after_s = retry_after_ms.map(|ms| ms.div_ceil(1000));
                if let Some(sr) = self.status_ref(out, h) {
                    r.body = json!({"error": "a request with this key is in progress", "state": "in_progress", "status_ref": sr}).to_string();
                }
                Phase::Respond(Decision::InProgress, r)
            }
            Verdict::Uncertain => self.uncertain(out, h),
        };
        self.end_read(db, steps, phase)
    }

    /// The read's transaction, if it opened one, commits before `phase`.
    fn end_read(&self, db: &mut Db, steps: &KeySteps, phase: Phase) -> Phase {
        if steps.read_in_transaction {
            db.commit();
        }
        phase
    }

    /// A claim that takes a fencing token raises the key's counter in
    /// `fence_counter` and reads the new token, inside the claiming
    /// transaction. The counter outlives the key's row, so a key released
    /// and claimed again gets a higher token than any handler of it before.
    fn next_fence(
        &self,
        db: &mut Db,
        h: &Handler,
        key: &str,
        takes_token: bool,
    ) -> Result<Option<i64>, ()> {
        if !takes_token {
            return Ok(None);
        }
        let args = self.key_args(h, key);
        db.exec(self.sql.get(Stmt::BumpFence), &args)
            .map_err(|_| ())?;
        let row = db.row(self.sql.get(Stmt::ReadFence), &args);
        Ok(row.and_then(|r| as_int(&r[0])))
    }

    /// An unknown key is claimed (`in_progress`) by the statement `insert`.
    fn insert_claim(
        &self,
        db: &mut Db,
        h: &mut Handler,
        key: &str,
        insert: Stmt,
        now: u64,
    ) -> Phase {
        let claim = self.design.claim(now);
        let lease = claim.lease_until.map(|l| l as i64);
        let Ok(fence) = self.next_fence(db, h, key, claim.takes_token) else {
            return sql_error(db, h);
        };
        let mut params = self.key_args(h, key);
        params.extend([text(&h.digest), opt(fence), opt(lease), int(now as i64)]);
        match db.exec(self.sql.get(insert), &params) {
            Ok(_) => {
                db.commit();
                h.fence = fence;
                h.lease_until = lease.map(|l| l as u64);
                Phase::Work(Decision::Claimed { fence })
            }
            Err(_) => sql_error(db, h),
        }
    }

    /// An expired claim is taken over (with a new lease, and a new token
    /// when claims take one).
    fn take_over(&self, db: &mut Db, h: &mut Handler, key: &str, now: u64) -> Phase {
        let claim = self.design.claim(now);
        let lease = claim.lease_until.map(|l| l as i64);
        let Ok(fence) = self.next_fence(db, h, key, claim.takes_token) else {
            return sql_error(db, h);
        };
        let mut params: Vec<Value> = fence.map(int).into_iter().collect();
        params.push(opt(lease));
        params.extend(self.key_args(h, key));
        params.push(int(now as i64));
        if db.exec(self.sql.get(Stmt::TakeOver), &params).is_err() {
            return sql_error(db, h);
        }
        h.fence = fence;
        h.lease_until = lease.map(|l| l as u64);
        h.took_over = true;
        db.commit();
        Phase::Work(Decision::TookOver { fence: h.fence })
    }
}

/// A malformed request (422), 503 and 429 are answered before anything
/// else: validation runs before the key is looked at, so nothing is stored
/// under it (Stripe saves no result for a request that failed validation).
fn refuse_before_work(h: &Handler, now: u64) -> Option<Phase> {
    if let Some(field) = invalid_field(&h.body) {
        let detail = format!("must be one of {}", SEVERITIES.join(", "));
        let body = json!({"error": "validation failed", "field": field, "detail": detail});
        return Some(Phase::Respond(Decision::Malformed, response(h, 422, body)));
    }
    let unavailable = |retry_after_s, raw| {
        let mut r = response(h, 503, json!({"error": "service unavailable"}));
        (r.retry_after_s, r.retry_after_raw) = (retry_after_s, raw);
        Some(Phase::Respond(Decision::Unavailable, r))
    };
    match h.fault {
        ServerFault::Unavailable { retry_after_s } => unavailable(Some(retry_after_s), None),
        // What the server meant stays beside what it wrote.
        ServerFault::UnavailableDated { retry_after_s } => {
            let at = RUN_EPOCH_S + (now / 1000) as i64 + retry_after_s as i64;
            unavailable(Some(retry_after_s), Some(http_date(at)))
        }
        // An invalid value means nothing: no seconds beside it.
        ServerFault::UnavailableInvalid(v) => unavailable(None, Some(v.raw().to_string())),
        ServerFault::UnavailableBare => unavailable(None, None),
        ServerFault::RateLimited {
            retry_after_s,
            quota,
        } => {
            let mut r = response(h, 429, rate_limit_body(quota));
            r.retry_after_s = retry_after_s;
            Some(Phase::Respond(Decision::RateLimited { quota }, r))
        }
        _ => None,
    }
}

/// The severities the service accepts.
pub const SEVERITIES: [&str; 3] = ["low", "medium", "high"];

/// The field of a request body that fails validation, if any.
fn invalid_field(body: &serde_json::Value) -> Option<&'static str> {
    let severity = body.get("severity")?;
    let known = severity.as_str().is_some_and(|s| SEVERITIES.contains(&s));
    (!known).then_some("severity")
}

/// The body that tells a 429's kind: the harness reads the type, never
/// the absence of `Retry-After`.
fn rate_limit_body(quota: bool) -> serde_json::Value {
    let kind = match quota {
        true => QUOTA_429_TYPE,
        false => "rate_limit_exceeded",
    };
    json!({"error": {"type": kind, "message": "too many requests"}})
}

/// The error type of a quota 429 («额度类 429»).
pub const QUOTA_429_TYPE: &str = "insufficient_quota";

/// Whether a 429's body names an exhausted quota.
pub fn is_quota_body(body: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(body)
        .is_ok_and(|v| v["error"]["type"] == QUOTA_429_TYPE)
}

fn text(s: &str) -> Value {
    Value::Text(s.to_string())
}

fn int(i: i64) -> Value {
    Value::Integer(i)
}

pub(super) fn opt(v: Option<i64>) -> Value {
    v.map(Value::Integer).unwrap_or(Value::Null)
}

fn as_int(v: &Value) -> Option<i64> {
    match v {
        Value::Integer(i) => Some(*i),
        _ => None,
    }
}

fn as_text(v: &Value) -> Option<String> {
    match v {
        Value::Text(s) => Some(s.clone()),
        _ => None,
    }
}

fn response(h: &Handler, status: u16, body: serde_json::Value) -> ResponseInfo {
    ResponseInfo {
        request: h.request,
        status,
        body: body.to_string(),
        retry_after_s: None,
        retry_after_raw: None,
        replayed: false,
    }
}

fn replay(h: &Handler, status: Option<i64>, body: Option<String>) -> ResponseInfo {
    ResponseInfo {
        request: h.request,
        status: status.unwrap_or(500) as u16,
        body: body.unwrap_or_default(),
        retry_after_s: None,
        retry_after_raw: None,
        replayed: true,
    }
}

fn different_body(h: &Handler) -> ResponseInfo {
    let body = json!({"error": "idempotency key reused with a different request body"});
    response(h, 422, body)
}

fn in_progress(h: &Handler) -> ResponseInfo {
    response(
        h,
        409,
        json!({"error": "a request with this key is in progress"}),
    )
}

fn failed(h: &Handler) -> ResponseInfo {
    response(h, 500, json!({"error": "internal error"}))
}

fn created(h: &Handler, id: i64) -> ResponseInfo {
    response(h, 201, json!({"id": id, "status": "created"}))
}

fn sql_error(db: &mut Db, h: &Handler) -> Phase {
    db.rollback(false);
    Phase::Respond(Decision::SqlError, failed(h))
}
