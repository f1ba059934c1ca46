//! Phase 2 of the handler: the work is done; write the report and the
//! response, as the design's key steps say (no key record; the key
//! recorded after the report's commit; or the claim written back with it).

use super::*;
use crate::lab::model::downstream::EffectOutcome;

/// 503 for a check before any work that failed.
fn unavailable_before_work(h: &Handler) -> ResponseInfo {
    response(
        h,
        503,
        json!({"error": "dependency unavailable, nothing done"}),
    )
}

impl Server {
    /// Phase 2: the work is done; write the report and the response.
    pub fn finish(&self, db: &mut Db, out: &mut Outside, h: &mut Handler, now: u64) -> Phase {
        if h.fault == ServerFault::FailBeforeWork {
            return self.abort(db, h, now, unavailable_before_work(h));
        }
        if let Some(refused) = self.refuse_new_work(out, h, now) {
            return self.abort(db, h, now, refused);
        }
        // A failing downstream (`Fail`) makes no effect; every other work
        // calls it first.
        let effect = match h.fault {
            ServerFault::Fail => None,
            _ => self.call_downstream(out, h, now),
        };
        // The handler raises after its downstream call (or the downstream
        // refused a changed body under the key): the work failed.
        let refused = matches!(effect, Some(EffectOutcome::Conflict));
        if h.fault == ServerFault::FailAfterEffect || refused {
            h.fault = ServerFault::Fail;
        }
        self.persist(db, out, h, now)
    }

    /// «persist result»: the report and the key's record, as the design's
    /// key steps say.
    fn persist(&self, db: &mut Db, out: &mut Outside, h: &mut Handler, now: u64) -> Phase {
        match (self.key_of(h), self.design.key_steps().record_after_commit) {
            (None, _) => self.finish_alone(db, h, now),
            (Some(key), Some(record)) => self.finish_recorded_after(db, h, &key, record, now),
            (Some(key), None) => self.finish_claimed(db, out, h, &key, now),
        }
    }

    pub(super) fn insert_report(&self, db: &mut Db, h: &mut Handler, now: u64) -> Result<i64, ()> {
        let field = |k: &str| text(h.body[k].as_str().unwrap_or_default());
        let params = [
            field("run_id"),
            field("module"),
            field("title"),
            field("details"),
            int(now as i64),
        ];
        db.exec(self.sql.get(Stmt::InsertReport), &params)
            .map_err(|_| ())?;
        let id = db.last_insert_rowid();
        h.report = Some(id);
        h.committed = false;
        for row in self.design.work().rows {
            let values = [int(id), opt(h.fence), int(now as i64)];
            db.exec(self.sql.get(row), &values).map_err(|_| ())?;
        }
        Ok(id)
    }

    /// The process dies inside the report's transaction, before `COMMIT`.
    fn dies_before_commit(&self, h: &Handler) -> bool {
        h.fault == ServerFault::CrashBeforeCommit
    }

    /// The report alone in its own committed transaction (no key handling,
    /// and `record_after`'s first commit); `Err` is the answer when it failed.
    fn commit_report(&self, db: &mut Db, h: &mut Handler, now: u64) -> Result<i64, Phase> {
        if h.fault == ServerFault::Fail {
            return Err(Phase::Respond(Decision::Failed, failed(h)));
        }
        db.begin();
        let Ok(id) = self.insert_report(db, h, now) else {
            return Err(sql_error(db, h));
        };
        if self.dies_before_commit(h) {
            db.rollback(true);
            return Err(Phase::Crash);
        }
        db.commit();
        h.committed = true;
        Ok(id)
    }

    /// No key handling: one transaction, the report only.
    fn finish_alone(&self, db: &mut Db, h: &mut Handler, now: u64) -> Phase {
        let id = match self.commit_report(db, h, now) {
            Ok(id) => id,
            Err(answer) => return answer,
        };
        if matches!(h.fault, ServerFault::Crash | ServerFault::CrashAfterCommit) {
            return Phase::Crash;
        }
        Phase::Respond(Decision::Created { report_id: id }, created(h, id))
    }

    /// The report in one commit, the key and its response in a second, by
    /// the statement `record` (`store_errors`: a failure's 500 is recorded
    /// the same way).
    fn finish_recorded_after(
        &self,
        db: &mut Db,
        h: &mut Handler,
        key: &str,
        record: Stmt,
        now: u64,
    ) -> Phase {
        if h.fault == ServerFault::Fail && self.design.failure() == Failure::Store {
            let r = failed(h);
            db.begin();
            if self.record_key(db, h, key, record, &r, now).is_err() {
                return sql_error(db, h);
            }
            db.commit();
            return Phase::Respond(Decision::Failed, r);
        }
        let id = match self.commit_report(db, h, now) {
            Ok(id) => id,
            Err(answer) => return answer,
        };
        let r = created(h, id);
        db.begin();
        let recorded = self.record_key(db, h, key, record, &r, now);
        if h.fault == ServerFault::Crash {
            db.rollback(true);
            return Phase::Crash;
        }
        if recorded.is_err() {
            return sql_error(db, h);
        }
        db.commit();
        if h.fault == ServerFault::CrashAfterCommit {
            return Phase::Crash;
        }
        Phase::Respond(Decision::KeyRecorded { report_id: id }, r)
    }

    /// Records the key and the response `r` by the statement given with it.
    fn record_key(
        &self,
        db: &mut Db,
        h: &Handler,
        key: &str,
        record: Stmt,
        r: &ResponseInfo,
        now: u64,
    ) -> Result<usize, String> {
        let mut params = self.key_args(h, key);
        params.extend([
            text(&h.digest),
            int(r.status as i64),
            text(&r.body),
            int(now as i64),
        ]);
        db.exec(self.sql.get(record), &params)
    }

    /// A claimed key: the report and the key's write-back in one transaction.
    fn finish_claimed(
        &self,
        db: &mut Db,
        out: &mut Outside,
        h: &mut Handler,
        key: &str,
        now: u64,
    ) -> Phase {
        db.begin();
        let w = self.design.write_back(h.fence, h.lease_until, now);
        if h.fault == ServerFault::Fail {
            return match self.design.failure() {
                Failure::Store => self.write_back(db, h, key, &w, Decision::Failed, failed(h)),
                Failure::Release => self.release(db, h, key, &w),
                Failure::Unknown => self.mark_unknown(db, out, h, key, &w),
            };
        }
        let Ok(id) = self.insert_report(db, h, now) else {
            return sql_error(db, h);
        };
        if h.fault == ServerFault::Crash || self.dies_before_commit(h) {
            db.rollback(true);
            return Phase::Crash;
        }
        let decision = match h.lease_until {
            Some(until) if w.stale => Decision::StaleCreated {
                report_id: id,
                lease_until_ms: until,
            },
            _ => Decision::Created { report_id: id },
        };
        self.write_back(db, h, key, &w, decision, created(h, id))
    }

    /// The write-back's `WHERE`: the key, then the mechanisms' conditions.
    pub(super) fn key_params(&self, h: &Handler, key: &str, w: &WriteBack) -> Vec<Value> {
        let mut params = self.key_args(h, key);
        params.extend(w.conditions.iter().map(|c| opt(*c)));
        params
    }

    fn write_back(
        &self,
        db: &mut Db,
        h: &mut Handler,
        key: &str,
        w: &WriteBack,
        decision: Decision,
        r: ResponseInfo,
    ) -> Phase {
        let mut params = vec![int(r.status as i64), text(&r.body)];
        params.extend(self.key_params(h, key, w));
        match db.exec(self.sql.get(Stmt::WriteBack), &params) {
            Err(_) => sql_error(db, h),
            Ok(1) => {
                db.commit();
                h.committed = h.report.is_some();
                if h.fault == ServerFault::CrashAfterCommit {
                    return Phase::Crash;
                }
                Phase::Respond(decision, r)
            }
            Ok(_) => self.missed(db, h, key, w),
        }
    }

    /// A check before the work failed (a dependency down: 503; the
    /// principal's permission or the approval: 403): nothing was done, so
    /// no result is saved and a claim is released whatever the design. A
    /// design that keeps no claim has nothing to undo.
    fn abort(&self, db: &mut Db, h: &mut Handler, now: u64, r: ResponseInfo) -> Phase {
        let answer = |released| {
            let decision = match r.status {
                403 => Decision::Forbidden {
                    approval: r.body.contains(APPROVAL_EXPIRED),
                },
                _ => Decision::Aborted { released },
            };
            Phase::Respond(decision, r.clone())
        };
        let key = match self.key_of(h) {
            Some(key) if self.design.key_steps().claim.is_some() => key,
            _ => return answer(false),
        };
        db.begin();
        let w = self.design.write_back(h.fence, h.lease_until, now);
        match db.exec(self.sql.get(Stmt::Release), &self.key_params(h, &key, &w)) {
            Err(_) => sql_error(db, h),
            Ok(n) => {
                db.commit();
                answer(n == 1)
            }
        }
    }

    /// A failure that does not store its 500 releases the claim (deletes it;
    /// `fence_counter` keeps the key's last token), so a retry runs again.
    fn release(&self, db: &mut Db, h: &mut Handler, key: &str, w: &WriteBack) -> Phase {
        let params = self.key_params(h, key, w);
        match db.exec(self.sql.get(Stmt::Release), &params) {
            Err(_) => sql_error(db, h),
            Ok(1) => {
                db.commit();
                Phase::Respond(Decision::Released, failed(h))
            }
            Ok(_) => self.missed(db, h, key, w),
        }
    }

    /// The write-back matched no row: someone else holds or finished the
    /// key. Undo everything, report included, and answer with the holder's
    /// result (or 409 while it is not done).
    pub(super) fn missed(&self, db: &mut Db, h: &mut Handler, key: &str, w: &WriteBack) -> Phase {
        db.rollback(false);
        let row = db.row(self.sql.get(Stmt::ReadAfterMiss), &self.key_args(h, key));
        let lost = |replayed: bool| match &row {
            None => Decision::ClaimGone,
            Some(r) if w.fenced => Decision::Fenced {
                replayed,
                held: h.fence.unwrap_or_default(),
                current: as_int(&r[3]).unwrap_or_default(),
            },
            Some(_) => Decision::Guarded { replayed },
        };
        match &row {
            Some(r) if as_text(&r[0]).as_deref() == Some("done") => {
                Phase::Respond(lost(true), replay(h, as_int(&r[1]), as_text(&r[2])))
            }
            _ => Phase::Respond(lost(false), in_progress(h)),
        }
    }
}
