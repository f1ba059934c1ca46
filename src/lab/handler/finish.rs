//! Phase 2 of the handler: the work is done; write the report and the
//! response, by the design's key record (none, `record_after`, `claim`).

use super::*;

impl Server {
    /// Phase 2: the work is done; write the report and the response.
    pub fn finish(&self, db: &mut Db, h: &mut Handler, now: u64) -> Phase {
        if h.fault == ServerFault::FailBeforeWork {
            return self.abort(db, h);
        }
        self.design.hear(HandlerStep::Work);
        if h.fault == ServerFault::Fail {
            self.design.hear(HandlerStep::Failure);
        }
        match self.key_of(h) {
            None => self.finish_alone(db, h, now),
            Some(key) if self.design.records_after() => {
                self.finish_recorded_after(db, h, &key, now)
            }
            Some(key) => self.finish_claimed(db, h, &key, now),
        }
    }

    fn insert_report(&self, db: &mut Db, h: &mut Handler, now: u64) -> Result<i64, ()> {
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
        if self.design.notify_at() == Some(NotifyAt::Outbox) {
            let row = [int(id), opt(h.fence), int(now as i64)];
            db.exec(self.sql.get(Stmt::InsertOutbox), &row)
                .map_err(|_| ())?;
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

    /// `record_after`: the report in one commit, the key and its response in
    /// a second (`store_errors`: a failure's 500 is recorded the same way).
    fn finish_recorded_after(&self, db: &mut Db, h: &mut Handler, key: &str, now: u64) -> Phase {
        if h.fault == ServerFault::Fail && self.design.stores_errors() {
            let r = failed(h);
            db.begin();
            if self.record_key(db, h, key, &r, now).is_err() {
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
        let recorded = self.record_key(db, h, key, &r, now);
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

    fn record_key(
        &self,
        db: &mut Db,
        h: &Handler,
        key: &str,
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
        db.exec(self.sql.get(Stmt::RecordKey), &params)
    }

    /// `claim`: the report and the key's write-back in one transaction.
    fn finish_claimed(&self, db: &mut Db, h: &mut Handler, key: &str, now: u64) -> Phase {
        db.begin();
        if h.fault == ServerFault::Fail {
            return match self.design.stores_errors() {
                true => self.write_back(db, h, key, Decision::Failed, failed(h)),
                false => self.release(db, h, key),
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
            // Without a fence nothing tells whose claim is in progress: a
            // handler whose lease ended may still write back.
            Some(until) if until <= now && self.design.leases() && !self.design.fences() => {
                Decision::StaleCreated {
                    report_id: id,
                    lease_until_ms: until,
                }
            }
            _ => Decision::Created { report_id: id },
        };
        self.write_back(db, h, key, decision, created(h, id))
    }

    /// The write-back's `WHERE`: the key, and `guard`'s and `fence`'s conditions.
    fn key_params(&self, h: &Handler, key: &str) -> Vec<Value> {
        let mut params = self.key_args(h, key);
        if self.design.fences() {
            params.push(opt(h.fence));
        }
        params
    }

    fn write_back(
        &self,
        db: &mut Db,
        h: &mut Handler,
        key: &str,
        decision: Decision,
        r: ResponseInfo,
    ) -> Phase {
        self.design.hear(HandlerStep::WriteBack);
        let mut params = vec![int(r.status as i64), text(&r.body)];
        params.extend(self.key_params(h, key));
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
            Ok(_) => self.missed(db, h, key),
        }
    }

    /// A check before the work failed: nothing was done, so no result is
    /// saved and a claim is released whatever the design (503). A design
    /// that keeps no claim has nothing to undo.
    fn abort(&self, db: &mut Db, h: &mut Handler) -> Phase {
        let answer = |released| {
            let mut r = response(
                h,
                503,
                json!({"error": "dependency unavailable, nothing done"}),
            );
            r.retry_after_s = None;
            Phase::Respond(Decision::Aborted { released }, r)
        };
        let key = match self.key_of(h) {
            Some(key) if self.design.claims() => key,
            _ => return answer(false),
        };
        db.begin();
        match db.exec(self.sql.get(Stmt::Release), &self.key_params(h, &key)) {
            Err(_) => sql_error(db, h),
            Ok(n) => {
                db.commit();
                answer(n == 1)
            }
        }
    }

    /// Without `store_errors`: a failure releases the claim (deletes it;
    /// `fence_counter` keeps the key's last token), so a retry runs again.
    fn release(&self, db: &mut Db, h: &mut Handler, key: &str) -> Phase {
        let params = self.key_params(h, key);
        match db.exec(self.sql.get(Stmt::Release), &params) {
            Err(_) => sql_error(db, h),
            Ok(1) => {
                db.commit();
                Phase::Respond(Decision::Released, failed(h))
            }
            Ok(_) => self.missed(db, h, key),
        }
    }

    /// The write-back matched no row: someone else holds or finished the
    /// key. Undo everything, report included, and answer with the holder's
    /// result (or 409 while it is not done).
    fn missed(&self, db: &mut Db, h: &mut Handler, key: &str) -> Phase {
        db.rollback(false);
        let row = db.row(self.sql.get(Stmt::ReadAfterMiss), &self.key_args(h, key));
        let lost = |replayed: bool| match &row {
            None => Decision::ClaimGone,
            Some(r) if self.design.fences() => Decision::Fenced {
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
