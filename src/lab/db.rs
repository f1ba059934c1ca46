//! The bug tracker's database: a real SQLite connection (bundled natively,
//! sqlite-wasm-rs in the browser) that records every statement it runs, with
//! its parameters and result, so the learner sees the actual SQL.

use rusqlite::types::Value;
use rusqlite::{params_from_iter, Connection};

use super::sql::{BEGIN, COMMIT, ROLLBACK};
use super::trace::{KeyRow, NotificationRow, OutboxRow, ReportRow, SqlExec, SqlOutcome};

const REPORTS: &str = "
CREATE TABLE reports (
  id INTEGER PRIMARY KEY,
  run_id TEXT NOT NULL,
  module TEXT NOT NULL,
  title TEXT NOT NULL,
  details TEXT NOT NULL,
  created_ms INTEGER NOT NULL
);";

/// The key table's columns after the key.
const KEY_RECORD: &str = "
  request_digest TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('in_progress', 'done')),
  fence INTEGER,
  lease_expires_ms INTEGER,
  response_status INTEGER,
  response_body TEXT,
  created_ms INTEGER NOT NULL";

/// The service's outbox: a row per report, written in the report's
/// transaction, marked sent by the relay.
const OUTBOX: &str = "
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  report_id INTEGER NOT NULL,
  fence INTEGER,
  created_ms INTEGER NOT NULL,
  sent_ms INTEGER
);";

/// The service's tables; `scoped` (`tenant_scope`): the key table is keyed
/// by (tenant, key), so another tenant's equal key string is another row.
/// `fence_counter` (`fence`) holds each key's last fencing token apart from
/// the key's row: a released claim's row is deleted, and a counter kept in
/// it would start again at 1, handing a stale handler's token out twice.
fn schema(scoped: bool) -> String {
    let (key, primary) = match scoped {
        false => ("key TEXT PRIMARY KEY,", ""),
        true => (
            "tenant TEXT NOT NULL,\n  key TEXT NOT NULL,",
            ",\n  PRIMARY KEY (tenant, key)",
        ),
    };
    format!(
        "{REPORTS}\nCREATE TABLE idempotency_keys (\n  {key}{KEY_RECORD}{primary}\n);{OUTBOX}\n\
         CREATE TABLE fence_counter (\n  {key}\n  last INTEGER NOT NULL{primary}\n);"
    )
}

/// The notifier's own database: what it sent, and (`downstream_fence`) the
/// highest token it accepted per key.
const NOTIFIER_SCHEMA: &str = "
CREATE TABLE notifications (
  id INTEGER PRIMARY KEY,
  report_id INTEGER,
  title TEXT NOT NULL,
  dedupe_key TEXT UNIQUE,
  fence INTEGER,
  received_ms INTEGER NOT NULL
);
CREATE TABLE fences (
  scope TEXT PRIMARY KEY,
  highest INTEGER NOT NULL
);";

/// An SQL error message (SQLite's own text).
pub type SqlError = String;

/// A recording SQLite connection.
pub struct Db {
    /// Always `Some` until dropped (then it goes back to [`SPARE`]).
    conn: Option<Connection>,
    log: Vec<SqlExec>,
    in_tx: bool,
    kind: Kind,
}

/// Which database a connection holds: the service's (with a global or a
/// tenant-scoped key table) or the notifier's. A spare connection is only
/// reused for a database of its own kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Service { scoped: bool },
    Notifier,
}

impl Kind {
    fn schema(self) -> String {
        match self {
            Kind::Service { scoped } => schema(scoped),
            Kind::Notifier => NOTIFIER_SCHEMA.to_string(),
        }
    }

    /// Deletes every row of this kind's tables.
    fn empty_tables(self) -> &'static str {
        match self {
            Kind::Service { .. } => {
                "DELETE FROM reports; DELETE FROM idempotency_keys; DELETE FROM outbox; \
                 DELETE FROM fence_counter;"
            }
            Kind::Notifier => "DELETE FROM notifications; DELETE FROM fences;",
        }
    }
}

/// How many distinct statements a connection keeps prepared: every
/// statement the handlers and jobs run, with room to spare.
const PREPARED: usize = 64;

thread_local! {
    /// The connection the last finished run left, emptied: the next run on
    /// this thread opens it instead of a new one, keeping its prepared
    /// statements (the matrix and the workbench run many in a row).
    /// A run holds two (the service's and the notifier's), so one spare per
    /// [`Kind`].
    static SPARE: std::cell::RefCell<Vec<(Kind, Connection)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A new in-memory database with the tables of `kind`.
fn fresh(kind: Kind) -> Connection {
    let conn = Connection::open_in_memory().expect("in-memory SQLite opens");
    conn.execute_batch(&kind.schema()).expect("schema is valid");
    conn.set_prepared_statement_cache_capacity(PREPARED);
    conn
}

/// This thread's spare connection of `kind`, if the last run left one.
fn spare(kind: Kind) -> Option<Connection> {
    SPARE.with(|s| {
        let mut s = s.borrow_mut();
        let at = s.iter().position(|(k, _)| *k == kind)?;
        Some(s.swap_remove(at).1)
    })
}

/// Empties a used connection, as a fresh one would be: no transaction, no
/// rows. Row ids start at 1 again (the tables have no AUTOINCREMENT, so a
/// new row gets the largest id in the table plus one), and the last insert
/// id is only read after an insert of the same run.
fn emptied(conn: Connection, kind: Kind) -> Option<Connection> {
    if !conn.is_autocommit() {
        conn.execute_batch(ROLLBACK).ok()?;
    }
    conn.execute_batch(kind.empty_tables()).ok()?;
    Some(conn)
}

impl Drop for Db {
    fn drop(&mut self) {
        let kind = self.kind;
        if let Some(conn) = self.conn.take().and_then(|c| emptied(c, kind)) {
            SPARE.with(|s| {
                let mut s = s.borrow_mut();
                s.retain(|(k, _)| *k != kind);
                s.push((kind, conn));
            });
        }
    }
}

fn show(v: &Value) -> String {
    match v {
        Value::Null => "NULL".into(),
        Value::Integer(i) => i.to_string(),
        Value::Real(f) => f.to_string(),
        Value::Text(s) => format!("'{}'", s.replace('\'', "''")),
        Value::Blob(b) => format!("x'{}'", hex::encode(b)),
    }
}

fn plain(v: &Value) -> String {
    match v {
        Value::Text(s) => s.clone(),
        other => show(other),
    }
}

impl Db {
    /// An empty in-memory database with the bug tracker's tables (this
    /// thread's spare connection of the same kind when there is one);
    /// `scoped`: the key table is keyed by (tenant, key).
    pub fn open(scoped: bool) -> Self {
        Self::of_kind(Kind::Service { scoped })
    }

    /// The notifier's database: a second connection to a second in-memory
    /// database, so no `COMMIT` of the bug tracker can cover it.
    pub fn open_notifier() -> Self {
        Self::of_kind(Kind::Notifier)
    }

    fn of_kind(kind: Kind) -> Self {
        let conn = spare(kind).unwrap_or_else(|| fresh(kind));
        Self {
            conn: Some(conn),
            log: Vec::new(),
            in_tx: false,
            kind,
        }
    }

    fn conn(&self) -> &Connection {
        self.conn.as_ref().expect("open until dropped")
    }

    fn record(&mut self, sql: &str, params: &[Value], outcome: SqlOutcome) {
        self.log.push(SqlExec {
            sql: sql.to_string(),
            params: params.iter().map(show).collect(),
            outcome,
        });
    }

    /// `BEGIN IMMEDIATE`: takes the write lock up front.
    pub fn begin(&mut self) {
        self.conn()
            .execute_batch(BEGIN)
            .expect("no transaction is open");
        self.in_tx = true;
        self.record(BEGIN, &[], SqlOutcome::Begun);
    }

    /// `COMMIT`.
    pub fn commit(&mut self) {
        self.conn()
            .execute_batch(COMMIT)
            .expect("a transaction is open");
        self.in_tx = false;
        self.record(COMMIT, &[], SqlOutcome::Committed);
    }

    /// `ROLLBACK`; `crash` when the process died (SQLite's journal undoes it on restart).
    pub fn rollback(&mut self, crash: bool) {
        if self.in_tx {
            self.conn()
                .execute_batch(ROLLBACK)
                .expect("a transaction is open");
            self.in_tx = false;
        }
        self.record(ROLLBACK, &[], SqlOutcome::RolledBack { crash });
    }

    /// A write statement; returns rows affected.
    pub fn exec(&mut self, sql: &str, params: &[Value]) -> Result<usize, SqlError> {
        let done = self
            .conn()
            .prepare_cached(sql)
            .and_then(|mut stmt| stmt.execute(params_from_iter(params.iter())));
        match done {
            Ok(n) => {
                self.record(sql, params, SqlOutcome::Rows(n));
                Ok(n)
            }
            Err(e) => {
                let msg = e.to_string();
                self.record(sql, params, SqlOutcome::Error(msg.clone()));
                Err(msg)
            }
        }
    }

    /// A read of at most one row; returns its columns.
    pub fn row(&mut self, sql: &str, params: &[Value]) -> Option<Vec<Value>> {
        let mut stmt = self.conn().prepare_cached(sql).expect("statement is valid");
        let n = stmt.column_count();
        let mut rows = stmt
            .query(params_from_iter(params.iter()))
            .expect("query runs");
        let row = rows.next().expect("row reads").map(|r| {
            (0..n)
                .map(|i| r.get::<_, Value>(i).expect("column reads"))
                .collect::<Vec<_>>()
        });
        drop(rows);
        drop(stmt);
        let shown = row.as_ref().map(|r| r.iter().map(plain).collect());
        self.record(sql, params, SqlOutcome::Row(shown));
        row
    }

    /// The id SQLite gave the last inserted row.
    pub fn last_insert_rowid(&self) -> i64 {
        self.conn().last_insert_rowid()
    }

    /// Takes the statements recorded since the last call.
    pub fn take_log(&mut self) -> Vec<SqlExec> {
        std::mem::take(&mut self.log)
    }

    /// Number of reports (not recorded: this is the observer, not the server).
    pub fn report_count(&self) -> usize {
        self.conn()
            .query_row("SELECT count(*) FROM reports", [], |r| r.get::<_, i64>(0))
            .expect("count runs") as usize
    }

    /// The service's `outbox` as it stands (not recorded).
    pub fn outbox_rows(&self) -> Vec<OutboxRow> {
        self.rows(
            "SELECT id, report_id, fence, created_ms, sent_ms FROM outbox ORDER BY id",
            |r| {
                Ok(OutboxRow {
                    id: r.get(0)?,
                    report_id: r.get(1)?,
                    fence: r.get(2)?,
                    created_ms: r.get(3)?,
                    sent_ms: r.get(4)?,
                })
            },
        )
    }

    /// The notifier's `notifications` as they stand (not recorded).
    pub fn notification_rows(&self) -> Vec<NotificationRow> {
        self.rows(
            "SELECT id, report_id, title, dedupe_key, fence, received_ms \
                 FROM notifications ORDER BY id",
            |r| {
                Ok(NotificationRow {
                    id: r.get(0)?,
                    report_id: r.get(1)?,
                    title: r.get(2)?,
                    dedupe_key: r.get(3)?,
                    fence: r.get(4)?,
                    received_ms: r.get(5)?,
                })
            },
        )
    }

    /// Every row of a query, read by `row` (not recorded: the observer's
    /// reads, for the step view and the counts).
    fn rows<T>(&self, sql: &str, row: impl FnMut(&rusqlite::Row) -> rusqlite::Result<T>) -> Vec<T> {
        let mut stmt = self.conn().prepare_cached(sql).expect("valid");
        stmt.query_map([], row)
            .expect("query runs")
            .collect::<Result<Vec<_>, _>>()
            .expect("rows read")
    }

    /// Both tables as they stand (not recorded).
    pub fn snapshot(&self) -> (Vec<ReportRow>, Vec<KeyRow>) {
        let reports = self.rows(
            "SELECT id, run_id, module, title, created_ms FROM reports ORDER BY id",
            |r| {
                Ok(ReportRow {
                    id: r.get(0)?,
                    run_id: r.get(1)?,
                    module: r.get(2)?,
                    title: r.get(3)?,
                    created_ms: r.get(4)?,
                })
            },
        );
        let scoped = self.kind == Kind::Service { scoped: true };
        let tenant = if scoped { "tenant" } else { "NULL" };
        let keys = self.rows(
            &format!(
                "SELECT key, request_digest, status, fence, lease_expires_ms, response_status, \
                 response_body, created_ms, {tenant} FROM idempotency_keys ORDER BY rowid"
            ),
            |r| {
                Ok(KeyRow {
                    key: r.get(0)?,
                    request_digest: r.get(1)?,
                    status: r.get(2)?,
                    fence: r.get(3)?,
                    lease_expires_ms: r.get(4)?,
                    response_status: r.get(5)?,
                    response_body: r.get(6)?,
                    created_ms: r.get(7)?,
                    tenant: r.get(8)?,
                })
            },
        );
        (reports, keys)
    }
}
