//! The notifier: a separate service that tells a module's owner about a new
//! report. It keeps its own SQLite database (a second in-memory database on
//! its own connection), so no `COMMIT` of the bug tracker covers what it
//! sends, and no `ROLLBACK` takes a notification back.
//!
//! It honours what the caller passes: a dedupe key (`downstream_key`: a
//! repeat is ignored) and a fencing token (`downstream_fence`: a token lower
//! than the highest it accepted for that key is refused).

use rusqlite::types::Value;

use crate::lab::model::db::Db;
use crate::lab::model::sql::{NOTIFIER_HIGHEST, NOTIFIER_INSERT, NOTIFIER_RAISE, NOTIFIER_SEEN};
use crate::lab::model::trace::{NoteCall, NoticeOutcome, NotificationRow, SqlExec};

/// The notifier service and its database.
pub struct Notifier {
    db: Db,
}

fn text(s: &str) -> Value {
    Value::Text(s.to_string())
}

fn int_of(row: Option<Vec<Value>>) -> Option<i64> {
    match row?.first()? {
        Value::Integer(i) => Some(*i),
        _ => None,
    }
}

impl Notifier {
    pub fn new() -> Self {
        Self {
            db: Db::open_notifier(),
        }
    }

    /// Handles one call at `now`, in one transaction of its own database.
    pub fn receive(&mut self, call: &NoteCall, now: u64) -> NoticeOutcome {
        self.db.begin();
        if let Some((scope, token)) = &call.fence {
            let highest = int_of(self.db.row(NOTIFIER_HIGHEST, &[text(scope)]));
            if let Some(highest) = highest.filter(|h| h > token) {
                self.db.commit();
                let token = *token;
                return NoticeOutcome::Refused { token, highest };
            }
            let raise = [text(scope), Value::Integer(*token)];
            self.db.exec(NOTIFIER_RAISE, &raise).expect("upsert runs");
        }
        if let Some(key) = &call.dedupe_key {
            if let Some(id) = int_of(self.db.row(NOTIFIER_SEEN, &[text(key)])) {
                self.db.commit();
                return NoticeOutcome::Ignored { id };
            }
        }
        let opt = |v: Option<i64>| v.map_or(Value::Null, Value::Integer);
        let params = [
            opt(call.report_id),
            text(&call.title),
            call.dedupe_key.as_deref().map_or(Value::Null, text),
            opt(call.fence.as_ref().map(|f| f.1)),
            Value::Integer(now as i64),
        ];
        self.db
            .exec(NOTIFIER_INSERT, &params)
            .expect("a new dedupe key inserts");
        let id = self.db.last_insert_rowid();
        self.db.commit();
        NoticeOutcome::Recorded { id }
    }

    /// Its SQL since the last call.
    pub fn take_log(&mut self) -> Vec<SqlExec> {
        self.db.take_log()
    }

    /// Its `notifications` table (not recorded).
    pub fn rows(&self) -> Vec<NotificationRow> {
        self.db.notification_rows()
    }
}
