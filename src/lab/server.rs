//! The bug tracker's `POST /reports` handler in its five implementations.
//!
//! A handler runs in two phases, each inside one simulation event: `arrive`
//! (look at the key, maybe claim it) and, after the work time, `finish`
//! (insert the report, record the response). Concurrency comes from other
//! handlers' phases running in between, so the races are real races on the
//! real database.

use rusqlite::types::Value;
use serde_json::json;

use super::db::Db;
use super::faults::ServerFault;
use super::ids::ServerImpl;
use super::trace::{Decision, ResponseInfo};

use super::limits::LEASE_MS;

/// One request as the server sees it.
#[derive(Clone, Debug)]
pub struct Handler {
    pub request: usize,
    pub key: Option<String>,
    pub digest: String,
    pub body: serde_json::Value,
    pub fault: ServerFault,
    /// The fencing token this handler holds (fenced only).
    pub fence: Option<i64>,
    /// When this handler's lease on its claim ends (leased, fenced).
    pub lease_until: Option<u64>,
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

fn text(s: &str) -> Value {
    Value::Text(s.to_string())
}

fn int(i: i64) -> Value {
    Value::Integer(i)
}

fn response(h: &Handler, status: u16, body: serde_json::Value) -> ResponseInfo {
    ResponseInfo {
        request: h.request,
        status,
        body: body.to_string(),
        retry_after_s: None,
        replayed: false,
    }
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

fn replay(h: &Handler, status: Option<i64>, body: Option<String>) -> ResponseInfo {
    ResponseInfo {
        request: h.request,
        status: status.unwrap_or(500) as u16,
        body: body.unwrap_or_default(),
        retry_after_s: None,
        replayed: true,
    }
}

impl ServerImpl {
    fn keyed(self) -> bool {
        self != ServerImpl::Naive
    }

    fn claims(self) -> bool {
        matches!(
            self,
            ServerImpl::Atomic | ServerImpl::Leased | ServerImpl::Fenced
        )
    }

    fn has_lease(self) -> bool {
        matches!(self, ServerImpl::Leased | ServerImpl::Fenced)
    }

    /// Phase 1: the request arrives.
    pub fn arrive(self, db: &mut Db, h: &mut Handler, now: u64) -> Phase {
        if let ServerFault::Unavailable { retry_after_s } = h.fault {
            let mut r = response(h, 503, json!({"error": "service unavailable"}));
            r.retry_after_s = Some(retry_after_s);
            return Phase::Respond(Decision::Unavailable, r);
        }
        if let ServerFault::RateLimited { retry_after_s } = h.fault {
            let mut r = response(h, 429, json!({"error": "too many requests"}));
            r.retry_after_s = retry_after_s;
            return Phase::Respond(
                Decision::RateLimited {
                    quota: retry_after_s.is_none(),
                },
                r,
            );
        }
        let key = match (&h.key, self.keyed()) {
            (_, false) => return Phase::Work(Decision::NoCheck),
            (None, true) => return Phase::Work(Decision::NoKey),
            (Some(k), true) => k.clone(),
        };
        if self == ServerImpl::KeySplit {
            let row = db.row(
                "SELECT response_status, response_body FROM idempotency_keys WHERE key = ?",
                &[text(&key)],
            );
            return match row {
                Some(r) => {
                    Phase::Respond(Decision::Replay, replay(h, as_int(&r[0]), as_text(&r[1])))
                }
                None => Phase::Work(Decision::KeyUnknown),
            };
        }
        debug_assert!(self.claims());
        db.begin();
        let row = db.row(
            "SELECT request_digest, status, fence, lease_expires_ms, response_status, response_body \
             FROM idempotency_keys WHERE key = ?",
            &[text(&key)],
        );
        let lease = self.has_lease().then_some((now + LEASE_MS) as i64);
        let Some(row) = row else {
            let fence = (self == ServerImpl::Fenced).then_some(1);
            let claimed = db.exec(
                "INSERT INTO idempotency_keys (key, request_digest, status, fence, lease_expires_ms, created_ms) \
                 VALUES (?, ?, 'in_progress', ?, ?, ?)",
                &[text(&key), text(&h.digest), opt(fence), opt(lease), int(now as i64)],
            );
            return match claimed {
                Ok(_) => {
                    db.commit();
                    h.fence = fence;
                    h.lease_until = lease.map(|l| l as u64);
                    Phase::Work(Decision::Claimed { fence })
                }
                Err(_) => sql_error(db, h),
            };
        };
        let stored_digest = as_text(&row[0]).unwrap_or_default();
        let status = as_text(&row[1]).unwrap_or_default();
        if stored_digest != h.digest {
            db.commit();
            let r = response(
                h,
                422,
                json!({"error": "idempotency key reused with a different request body"}),
            );
            return Phase::Respond(Decision::DigestMismatch, r);
        }
        if status == "done" {
            db.commit();
            return Phase::Respond(
                Decision::Replay,
                replay(h, as_int(&row[4]), as_text(&row[5])),
            );
        }
        let expires = as_int(&row[3]);
        if let (true, Some(exp)) = (self.has_lease(), expires) {
            if exp <= now as i64 {
                return self.take_over(db, h, &key, now, lease);
            }
        }
        db.commit();
        let mut r = response(
            h,
            409,
            json!({"error": "a request with this key is in progress"}),
        );
        if let (true, Some(exp)) = (self.has_lease(), expires) {
            let remaining = (exp - now as i64).max(1) as u64;
            r.retry_after_s = Some(remaining.div_ceil(1000));
        }
        Phase::Respond(Decision::InProgress, r)
    }

    fn take_over(
        self,
        db: &mut Db,
        h: &mut Handler,
        key: &str,
        now: u64,
        lease: Option<i64>,
    ) -> Phase {
        let sql = if self == ServerImpl::Fenced {
            "UPDATE idempotency_keys SET fence = fence + 1, lease_expires_ms = ? \
             WHERE key = ? AND status = 'in_progress' AND lease_expires_ms <= ?"
        } else {
            "UPDATE idempotency_keys SET lease_expires_ms = ? \
             WHERE key = ? AND status = 'in_progress' AND lease_expires_ms <= ?"
        };
        if db
            .exec(sql, &[opt(lease), text(key), int(now as i64)])
            .is_err()
        {
            return sql_error(db, h);
        }
        if self == ServerImpl::Fenced {
            let row = db.row(
                "SELECT fence FROM idempotency_keys WHERE key = ?",
                &[text(key)],
            );
            h.fence = row.and_then(|r| as_int(&r[0]));
        }
        h.lease_until = lease.map(|l| l as u64);
        db.commit();
        Phase::Work(Decision::TookOver { fence: h.fence })
    }

    /// Phase 2: the work is done; write the report and the response.
    pub fn finish(self, db: &mut Db, h: &Handler, now: u64) -> Phase {
        let crash = h.fault == ServerFault::Crash;
        let b = &h.body;
        let field = |k: &str| text(b[k].as_str().unwrap_or_default());
        let insert = |db: &mut Db| {
            db.exec(
                "INSERT INTO reports (run_id, module, title, details, created_ms) VALUES (?, ?, ?, ?, ?)",
                &[field("run_id"), field("module"), field("title"), field("details"), int(now as i64)],
            )
        };
        let key = match (&h.key, self.keyed()) {
            (Some(k), true) => Some(k.clone()),
            _ => None,
        };
        let failed = h.fault == ServerFault::Fail;
        // The report alone in its own committed transaction (no key handling,
        // and key_split's first commit); `Err` is the answer when it failed.
        let insert_committed = |db: &mut Db| -> Result<(), Phase> {
            if failed {
                return Err(Phase::Respond(
                    Decision::Failed,
                    response(h, 500, fail_body()),
                ));
            }
            db.begin();
            if insert(db).is_err() {
                return Err(sql_error(db, h));
            }
            db.commit();
            Ok(())
        };
        let Some(key) = key else {
            // No key handling: one transaction, the report only.
            if let Err(answer) = insert_committed(db) {
                return answer;
            }
            if crash {
                return Phase::Crash;
            }
            let id = db.last_insert_rowid();
            return Phase::Respond(Decision::Created { report_id: id }, created(h, id));
        };
        if self == ServerImpl::KeySplit {
            if let Err(answer) = insert_committed(db) {
                return answer;
            }
            let id = db.last_insert_rowid();
            let r = created(h, id);
            db.begin();
            let rec = db.exec(
                "INSERT INTO idempotency_keys (key, request_digest, status, response_status, response_body, created_ms) \
                 VALUES (?, ?, 'done', ?, ?, ?)",
                &[text(&key), text(&h.digest), int(r.status as i64), text(&r.body), int(now as i64)],
            );
            if crash {
                db.rollback(true);
                return Phase::Crash;
            }
            if rec.is_err() {
                return sql_error(db, h);
            }
            db.commit();
            return Phase::Respond(Decision::KeyRecorded { report_id: id }, r);
        }
        db.begin();
        let (decision, r) = if failed {
            (Decision::Failed, response(h, 500, fail_body()))
        } else {
            if insert(db).is_err() {
                return sql_error(db, h);
            }
            if crash {
                db.rollback(true);
                return Phase::Crash;
            }
            let id = db.last_insert_rowid();
            let decision = match h.lease_until {
                // Only `leased` gets here with an expired lease: its status
                // guard cannot tell whose claim is in progress.
                Some(until) if until <= now && self == ServerImpl::Leased => {
                    Decision::StaleCreated {
                        report_id: id,
                        lease_until_ms: until,
                    }
                }
                _ => Decision::Created { report_id: id },
            };
            (decision, created(h, id))
        };
        let mut params = vec![int(r.status as i64), text(&r.body), text(&key)];
        // `atomic` has no lease, so no one else can hold its claim; `leased`
        // writes what most people write, a status guard; `fenced` also
        // checks that the claim is still its own.
        let sql = match self {
            ServerImpl::Fenced => {
                params.push(opt(h.fence));
                "UPDATE idempotency_keys SET status = 'done', response_status = ?, response_body = ? \
                 WHERE key = ? AND status = 'in_progress' AND fence = ?"
            }
            ServerImpl::Leased => {
                "UPDATE idempotency_keys SET status = 'done', response_status = ?, response_body = ? \
                 WHERE key = ? AND status = 'in_progress'"
            }
            _ => {
                "UPDATE idempotency_keys SET status = 'done', response_status = ?, response_body = ? \
                 WHERE key = ?"
            }
        };
        match db.exec(sql, &params) {
            Err(_) => sql_error(db, h),
            Ok(1) => {
                db.commit();
                Phase::Respond(decision, r)
            }
            Ok(_) => {
                // Someone took the key over: undo everything, report included,
                // and answer with the taker's result.
                db.rollback(false);
                let row = db.row(
                    "SELECT status, response_status, response_body, fence FROM idempotency_keys WHERE key = ?",
                    &[text(&key)],
                );
                let lost = |replayed: bool| match (self, &row) {
                    (ServerImpl::Fenced, Some(r)) => Decision::Fenced {
                        replayed,
                        held: h.fence.unwrap_or_default(),
                        current: as_int(&r[3]).unwrap_or_default(),
                    },
                    _ => Decision::Guarded { replayed },
                };
                match &row {
                    Some(r) if as_text(&r[0]).as_deref() == Some("done") => {
                        Phase::Respond(lost(true), replay(h, as_int(&r[1]), as_text(&r[2])))
                    }
                    _ => Phase::Respond(
                        lost(false),
                        response(
                            h,
                            409,
                            json!({"error": "a request with this key is in progress"}),
                        ),
                    ),
                }
            }
        }
    }
}

pub(super) fn opt(v: Option<i64>) -> Value {
    v.map(Value::Integer).unwrap_or(Value::Null)
}

fn fail_body() -> serde_json::Value {
    json!({"error": "internal error"})
}

fn created(h: &Handler, id: i64) -> ResponseInfo {
    response(h, 201, json!({"id": id, "status": "created"}))
}

fn sql_error(db: &mut Db, h: &Handler) -> Phase {
    db.rollback(false);
    Phase::Respond(Decision::SqlError, response(h, 500, fail_body()))
}
