//! The bug tracker's database: a real SQLite connection (bundled natively,
//! sqlite-wasm-rs in the browser) that records every statement it runs, with
//! its parameters and result, so the learner sees the actual SQL.

use rusqlite::types::Value;
use rusqlite::{params_from_iter, Connection};

use crate::lab::model::sql::{BEGIN, COMMIT, ROLLBACK};
use crate::lab::model::trace::{
    KeyRow, NotificationRow, OutboxRow, ReportRow, SqlExec, SqlOutcome,
};

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
  status TEXT NOT NULL CHECK (status IN ('in_progress', 'done', 'unknown')),
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
    /// SQLite's count of rows changed on this connection when it was last
    /// empty (a change a rollback undid still counts: it never misses one).
    empty_at: u64,
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

    /// The statements that delete every row of this kind's tables.
    fn empty_tables(self) -> &'static [&'static str] {
        match self {
            Kind::Service { .. } => &[
                "DELETE FROM reports",
                "DELETE FROM idempotency_keys",
                "DELETE FROM outbox",
                "DELETE FROM fence_counter",
            ],
            Kind::Notifier => &["DELETE FROM notifications", "DELETE FROM fences"],
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
/// id is only read after an insert of the same run. `changed`: whether a
/// row was inserted, updated or deleted since it was last empty (a run that
/// wrote nothing, as the notifier's often, needs no deletes).
fn emptied(conn: Connection, kind: Kind, changed: bool) -> Option<Connection> {
    if !conn.is_autocommit() {
        run(&conn, ROLLBACK).ok()?;
    }
    if changed {
        for sql in kind.empty_tables() {
            run(&conn, sql).ok()?;
        }
    }
    Some(conn)
}

/// Runs one statement that returns no rows through the connection's
/// statement cache: transaction control and the emptying between runs are
/// parsed once per connection, not on every call.
fn run(conn: &Connection, sql: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(sql)?.execute([]).map(drop)
}

impl Drop for Db {
    fn drop(&mut self) {
        let (kind, empty_at) = (self.kind, self.empty_at);
        let conn = self.conn.take().and_then(|c| {
            let changed = c.total_changes() != empty_at;
            emptied(c, kind, changed)
        });
        if let Some(conn) = conn {
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
        Value::Text(s) => quoted(s),
        Value::Blob(b) => format!("x'{}'", hex::encode(b)),
    }
}

/// An SQL string literal: `s` in single quotes, each quote in it doubled
/// (written into one buffer: every parameter of every statement is shown).
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for (i, part) in s.split('\'').enumerate() {
        if i > 0 {
            out.push_str("''");
        }
        out.push_str(part);
    }
    out.push('\'');
    out
}

fn plain(v: &Value) -> String {
    match v {
        Value::Text(s) => s.clone(),
        other => show(other),
    }
}

/// Every row of a table (`from`: its name and order, not recorded: the
/// observer's reads), each read into a row struct whose fields name its
/// columns, in order (a field may name an expression instead: `f = expr`),
/// so a row's columns are written once.
macro_rules! select_rows {
    ($db:expr, $from:expr, $row:ident { $($field:ident $(= $column:expr)?),+ $(,)? }) => {{
        let columns = [$(select_rows!(@column $field $($column)?)),+].join(", ");
        $db.rows(&format!("SELECT {columns} FROM {}", $from), |r| {
            let mut at = 0;
            let mut next = || {
                at += 1;
                at - 1
            };
            Ok($row { $($field: r.get(next())?),+ })
        })
    }};
    (@column $field:ident $column:expr) => { $column };
    (@column $field:ident) => { stringify!($field) };
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
            empty_at: conn.total_changes(),
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
        self.control(BEGIN, true, SqlOutcome::Begun);
    }

    /// `COMMIT`.
    pub fn commit(&mut self) {
        self.control(COMMIT, false, SqlOutcome::Committed);
    }

    /// Runs transaction control `sql` (the handler opens and closes its
    /// transactions in order, so it cannot fail) and records it; a
    /// transaction is open after it when `opens`.
    fn control(&mut self, sql: &str, opens: bool, outcome: SqlOutcome) {
        run(self.conn(), sql).expect("transactions open and close in order");
        self.in_tx = opens;
        self.record(sql, &[], outcome);
    }

    /// `ROLLBACK`; `crash` when the process died (SQLite's journal undoes it on restart).
    pub fn rollback(&mut self, crash: bool) {
        if self.in_tx {
            run(self.conn(), ROLLBACK).expect("a transaction is open");
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
            .prepare_cached("SELECT count(*) FROM reports")
            .and_then(|mut stmt| stmt.query_row([], |r| r.get::<_, i64>(0)))
            .expect("count runs") as usize
    }

    /// The service's `outbox` as it stands (not recorded).
    pub fn outbox_rows(&self) -> Vec<OutboxRow> {
        select_rows!(
            self,
            "outbox ORDER BY id",
            OutboxRow {
                id,
                report_id,
                fence,
                created_ms,
                sent_ms
            }
        )
    }

    /// The notifier's `notifications` as they stand (not recorded).
    pub fn notification_rows(&self) -> Vec<NotificationRow> {
        select_rows!(
            self,
            "notifications ORDER BY id",
            NotificationRow {
                id,
                report_id,
                title,
                dedupe_key,
                fence,
                received_ms
            }
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
        let reports = select_rows!(
            self,
            "reports ORDER BY id",
            ReportRow {
                id,
                run_id,
                module,
                title,
                created_ms
            }
        );
        // A key table that is not keyed by tenant has no tenant to show.
        let scoped = self.kind == Kind::Service { scoped: true };
        let tenant = if scoped { "tenant" } else { "NULL" };
        let keys = select_rows!(self, "idempotency_keys ORDER BY rowid", KeyRow {
            key, request_digest, status, fence, lease_expires_ms, response_status,
            response_body, created_ms, tenant = tenant
        });
        (reports, keys)
    }
}
