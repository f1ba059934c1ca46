//! 003's recovery protocol in the handler: what lies outside the service's
//! database ([`Outside`]: the refund-like downstream, the tenant's
//! permission, the one-time approval), the checks before a new execution
//! in 003's order, the downstream call, a failure recorded as unknown, and
//! `query_operation_status`.

use sha2::{Digest, Sha256};

use super::*;
use crate::lab::model::downstream::{Downstream, EffectCall, EffectOutcome, Lookup};
use crate::lab::model::trace::StatusAnswer;

/// What the service's work and checks reach past its own database.
#[derive(Clone, Debug, Default)]
pub struct Outside {
    pub downstream: Downstream,
    /// The work calls the downstream (the schedule's `effect`).
    pub effect: bool,
    /// When the first tenant's permission is revoked (ms).
    pub revoke_at_ms: Option<u64>,
    /// When the first tenant's one-time approvals expire (ms), and the
    /// digests they bind (each tool call's first request's, as the service
    /// computes it).
    pub approval_until_ms: Option<u64>,
    approved: Vec<String>,
    /// The status references the service issued: (ref, tenant, key).
    refs: Vec<(String, usize, String)>,
}

impl Outside {
    pub fn new(schedule: &crate::lab::faults::FaultSchedule) -> Self {
        Self {
            downstream: Downstream::new(schedule.receipt_after_ms),
            effect: schedule.effect,
            revoke_at_ms: schedule.revoke_at_ms,
            approval_until_ms: schedule.approval_until_ms,
            ..Self::default()
        }
    }

    /// Whether `tenant`'s permission is revoked at `now`.
    pub fn revoked(&self, tenant: usize, now: u64) -> bool {
        tenant == 0 && self.revoke_at_ms.is_some_and(|at| now >= at)
    }

    /// The human approves the exact action a tool call asks for.
    pub fn approve(&mut self, digest: String) {
        if !self.approved.contains(&digest) {
            self.approved.push(digest);
        }
    }

    /// Whether an approval covers `tenant`'s `digest` at `now` (only the
    /// first tenant's approvals expire).
    pub fn approved(&self, tenant: usize, digest: &str, now: u64) -> bool {
        let bound = self.approved.iter().any(|d| d == digest);
        let expired = tenant == 0 && self.approval_until_ms.is_some_and(|until| now >= until);
        bound && !expired
    }

    /// The status reference of `tenant`'s `key`, issued (and indexed) now.
    fn issue(&mut self, tenant: usize, key: &str) -> String {
        let mut hash = Sha256::new();
        hash.update(format!("{tenant}\u{1f}{key}"));
        let hex: String = hash
            .finalize()
            .iter()
            .take(8)
            .map(|b| format!("{b:02x}"))
            .collect();
        let r = format!("sr_{hex}");
        if !self.refs.iter().any(|(known, ..)| *known == r) {
            self.refs.push((r.clone(), tenant, key.to_string()));
        }
        r
    }

    /// The tenant and key a status reference was issued for.
    fn resolve(&self, status_ref: &str) -> Option<(usize, String)> {
        (self.refs.iter())
            .find(|(r, ..)| r == status_ref)
            .map(|(_, t, k)| (*t, k.clone()))
    }
}

/// The type of a 403's error body.
pub const PERMISSION_REVOKED: &str = "permission_revoked";
pub const APPROVAL_EXPIRED: &str = "approval_expired";

fn forbidden(h: &Handler, kind: &str) -> ResponseInfo {
    response(h, 403, json!({"error": {"type": kind}}))
}

impl Server {
    /// The status reference this design gives `h`'s key, if it issues one.
    pub(super) fn status_ref(&self, out: &mut Outside, h: &Handler) -> Option<String> {
        let key = self.key_of(h).filter(|_| self.design.issues_status_ref())?;
        Some(out.issue(h.tenant, &key))
    }

    /// 409 for a key whose outcome is uncertain (with its status reference
    /// when the design issues one).
    pub(super) fn uncertain(&self, out: &mut Outside, h: &Handler) -> Phase {
        let mut body = json!({"error": "outcome unknown", "state": "unknown"});
        if let Some(r) = self.status_ref(out, h) {
            body["status_ref"] = json!(r);
        }
        Phase::Respond(Decision::Uncertain, response(h, 409, body))
    }

    /// Refusals before the key is read: a request past the deadline it
    /// carries is not started (`status_ref`), and a revoked principal is
    /// refused before any cache is read (`recheck_auth`).
    pub(super) fn refuse_first(&self, out: &Outside, h: &Handler, now: u64) -> Option<Phase> {
        let late = h.deadline_ms.is_some_and(|d| now >= d);
        if late && self.design.issues_status_ref() {
            let body =
                json!({"error": "deadline passed before the work started", "state": "not_started"});
            return Some(Phase::Respond(Decision::NotStarted, response(h, 504, body)));
        }
        if self.design.rechecks_auth() && out.revoked(h.tenant, now) {
            let r = forbidden(h, PERMISSION_REVOKED);
            return Some(Phase::Respond(Decision::Forbidden { approval: false }, r));
        }
        None
    }

    /// The checks before a new execution, in 003's order: authorisation
    /// (every design checks it before new work), then the approval
    /// (`approval`). A refusal releases a claim, as a failed check before
    /// any work does.
    pub(super) fn refuse_new_work(
        &self,
        out: &Outside,
        h: &Handler,
        now: u64,
    ) -> Option<ResponseInfo> {
        if out.revoked(h.tenant, now) {
            return Some(forbidden(h, PERMISSION_REVOKED));
        }
        let unapproved = !out.approved(h.tenant, &h.digest, now);
        (self.design.checks_approval() && unapproved).then(|| forbidden(h, APPROVAL_EXPIRED))
    }

    /// The work's downstream call, when the run's work makes one: the key
    /// it carries is the one `downstream_key` passes on.
    pub(super) fn call_downstream(
        &self,
        out: &mut Outside,
        h: &Handler,
        now: u64,
    ) -> Option<EffectOutcome> {
        if !out.effect {
            return None;
        }
        let scoped = self
            .design
            .scope_key(h.tenant, h.key.as_deref(), None)
            .downstream;
        let key = self.design.notify(scoped, None).dedupe_key;
        let approved = out.approved(h.tenant, &h.digest, now);
        Some(out.downstream.call(EffectCall {
            request: h.request,
            tenant: h.tenant,
            key,
            digest: h.digest.clone(),
            at_ms: now,
            approved,
            outcome: EffectOutcome::Conflict,
        }))
    }

    /// `unknown_on_failure`: the failed handler marks its scope unknown
    /// and answers 500 with the status reference.
    pub(super) fn mark_unknown(
        &self,
        db: &mut Db,
        out: &mut Outside,
        h: &mut Handler,
        key: &str,
        w: &WriteBack,
    ) -> Phase {
        match db.exec(self.sql.get(Stmt::MarkUnknown), &self.key_params(h, key, w)) {
            Err(_) => sql_error(db, h),
            Ok(0) => self.missed(db, h, key, w),
            Ok(_) => {
                db.commit();
                let mut body = json!({"error": "internal error", "state": "unknown"});
                if let Some(r) = self.status_ref(out, h) {
                    body["status_ref"] = json!(r);
                }
                Phase::Respond(Decision::MarkedUnknown, response(h, 500, body))
            }
        }
    }
}

/// A status query as the harness sends it.
pub struct StatusQuery<'a> {
    pub tenant: usize,
    pub status_ref: &'a str,
    pub expected_digest: &'a str,
    /// The request the digest binds (a backfill writes its report).
    pub body: &'a serde_json::Value,
}

impl Server {
    /// `query_operation_status(status_ref, expected_request_sha256)`:
    /// authorisation, the reference, the digest binding, then the record
    /// and the downstream's receipt.
    pub fn query_status(
        &self,
        db: &mut Db,
        out: &mut Outside,
        q: &StatusQuery,
        now: u64,
    ) -> StatusAnswer {
        if out.revoked(q.tenant, now) {
            return StatusAnswer::Denied;
        }
        let Some((tenant, key)) = out.resolve(q.status_ref).filter(|(t, _)| *t == q.tenant) else {
            return StatusAnswer::Conflict;
        };
        let expected = (self.design)
            .scope_key(tenant, Some(&key), Some(q.expected_digest.to_string()))
            .digest
            .unwrap_or_default();
        let mut h = Handler::new(
            0,
            Some(key.clone()),
            expected,
            q.body.clone(),
            ServerFault::None,
        );
        h.tenant = tenant;
        let Some(row) = db.row(self.sql.get(Stmt::StatusRead), &self.key_args(&h, &key)) else {
            // Released: nothing was done under it.
            return StatusAnswer::NotStarted;
        };
        if as_text(&row[1]) != Some(h.digest.clone()) {
            return StatusAnswer::Conflict;
        }
        let status = as_text(&row[0]).unwrap_or_default();
        if status == "done" {
            let body = as_text(&row[3]).unwrap_or_default();
            let id = serde_json::from_str::<serde_json::Value>(&body)
                .ok()
                .and_then(|v| v["id"].as_i64());
            return match id {
                Some(report_id) => StatusAnswer::Succeeded {
                    report_id,
                    receipt: None,
                },
                None => StatusAnswer::Conflict,
            };
        }
        self.reconcile(db, out, &mut h, &key, status == "unknown", now)
    }

    /// An uncertain or unfinished record, settled by the evidence: the
    /// downstream's receipt (when the work calls it), else the service's
    /// own database.
    /// `failed`: the record is a failed handler's scope, marked unknown.
    fn reconcile(
        &self,
        db: &mut Db,
        out: &mut Outside,
        h: &mut Handler,
        key: &str,
        failed: bool,
        now: u64,
    ) -> StatusAnswer {
        if !out.effect {
            // The report's transaction is the whole work: a failed
            // handler's rolled back; a holder may still be working.
            return match failed {
                true => self.settle(db, h, key),
                false => StatusAnswer::Unknown,
            };
        }
        let scoped = self.design.scope_key(h.tenant, Some(key), None).downstream;
        let carried = self.design.notify(scoped, None).dedupe_key;
        if carried.is_none() {
            // The downstream cannot be asked about this operation.
            return StatusAnswer::NoEvidence;
        }
        match out.downstream.lookup(carried.as_deref(), now) {
            Lookup::Receipt { digest, .. } if digest != h.digest => StatusAnswer::Conflict,
            Lookup::Receipt { receipt, .. } => self.backfill(db, h, key, receipt, now),
            Lookup::Pending => StatusAnswer::Unknown,
            Lookup::None if failed => self.settle(db, h, key),
            // A holder, alive or not, may still make the effect.
            Lookup::None => StatusAnswer::Unknown,
        }
    }

    /// A record proven untouched is released, so a retry may run.
    fn settle(&self, db: &mut Db, h: &Handler, key: &str) -> StatusAnswer {
        db.begin();
        match db.exec(self.sql.get(Stmt::Settle), &self.key_args(h, key)) {
            Ok(_) => {
                db.commit();
                StatusAnswer::Failed
            }
            Err(_) => {
                db.rollback(false);
                StatusAnswer::Unknown
            }
        }
    }

    /// «已对账成功»: the receipt matches; the local record is backfilled
    /// (the report and the key's response, one transaction) and the
    /// original result returned, without executing again.
    fn backfill(
        &self,
        db: &mut Db,
        h: &mut Handler,
        key: &str,
        receipt: String,
        now: u64,
    ) -> StatusAnswer {
        db.begin();
        let Ok(id) = self.insert_report(db, h, now) else {
            db.rollback(false);
            return StatusAnswer::Unknown;
        };
        let r = created(h, id);
        let mut params = vec![int(201), text(&r.body)];
        params.extend(self.key_args(h, key));
        match db.exec(self.sql.get(Stmt::Backfill), &params) {
            Ok(1) => {
                db.commit();
                StatusAnswer::Succeeded {
                    report_id: id,
                    receipt: Some(receipt),
                }
            }
            _ => {
                db.rollback(false);
                StatusAnswer::Unknown
            }
        }
    }
}
