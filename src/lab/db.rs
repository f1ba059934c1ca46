//! The bug tracker's database: a real SQLite connection (bundled natively,
//! sqlite-wasm-rs in the browser) that records every statement it runs, with
//! its parameters and result, so the learner sees the actual SQL.

use rusqlite::types::Value;
use rusqlite::{params_from_iter, Connection};

use super::sql::{BEGIN, COMMIT, ROLLBACK};
use super::trace::{KeyRow, ReportRow, SqlExec, SqlOutcome};

const SCHEMA: &str = "
CREATE TABLE reports (
  id INTEGER PRIMARY KEY,
  run_id TEXT NOT NULL,
  module TEXT NOT NULL,
  title TEXT NOT NULL,
  details TEXT NOT NULL,
  created_ms INTEGER NOT NULL
);
CREATE TABLE idempotency_keys (
  key TEXT PRIMARY KEY,
  request_digest TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('in_progress', 'done')),
  fence INTEGER,
  lease_expires_ms INTEGER,
  response_status INTEGER,
  response_body TEXT,
  created_ms INTEGER NOT NULL
);";

/// An SQL error message (SQLite's own text).
pub type SqlError = String;

/// A recording SQLite connection.
pub struct Db {
    /// Always `Some` until dropped (then it goes back to [`SPARE`]).
    conn: Option<Connection>,
    log: Vec<SqlExec>,
    in_tx: bool,
}

/// How many distinct statements a connection keeps prepared: every
/// statement the handlers and jobs run, with room to spare.
const PREPARED: usize = 64;

thread_local! {
    /// The connection the last finished run left, emptied: the next run on
    /// this thread opens it instead of a new one, keeping its prepared
    /// statements (the matrix and the workbench run many in a row).
    static SPARE: std::cell::RefCell<Option<Connection>> = const { std::cell::RefCell::new(None) };
}

/// A new in-memory database with the two tables.
fn fresh() -> Connection {
    let conn = Connection::open_in_memory().expect("in-memory SQLite opens");
    conn.execute_batch(SCHEMA).expect("schema is valid");
    conn.set_prepared_statement_cache_capacity(PREPARED);
    conn
}

/// Empties a used connection, as a fresh one would be: no transaction, no
/// rows. Row ids start at 1 again (the tables have no AUTOINCREMENT, so a
/// new row gets the largest id in the table plus one), and the last insert
/// id is only read after an insert of the same run.
fn emptied(conn: Connection) -> Option<Connection> {
    if !conn.is_autocommit() {
        conn.execute_batch(ROLLBACK).ok()?;
    }
    conn.execute_batch("DELETE FROM reports; DELETE FROM idempotency_keys;")
        .ok()?;
    Some(conn)
}

impl Drop for Db {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.take().and_then(emptied) {
            SPARE.with(|s| *s.borrow_mut() = Some(conn));
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
    /// An empty in-memory database with the two tables (this thread's
    /// spare connection when there is one).
    pub fn open() -> Self {
        let conn = SPARE.with(|s| s.borrow_mut().take()).unwrap_or_else(fresh);
        Self {
            conn: Some(conn),
            log: Vec::new(),
            in_tx: false,
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

    /// Both tables as they stand (not recorded).
    pub fn snapshot(&self) -> (Vec<ReportRow>, Vec<KeyRow>) {
        let mut stmt = self
            .conn()
            .prepare_cached("SELECT id, run_id, module, title, created_ms FROM reports ORDER BY id")
            .expect("valid");
        let reports = stmt
            .query_map([], |r| {
                Ok(ReportRow {
                    id: r.get(0)?,
                    run_id: r.get(1)?,
                    module: r.get(2)?,
                    title: r.get(3)?,
                    created_ms: r.get(4)?,
                })
            })
            .expect("query runs")
            .collect::<Result<Vec<_>, _>>()
            .expect("rows read");
        let mut stmt = self
            .conn()
            .prepare_cached(
                "SELECT key, request_digest, status, fence, lease_expires_ms, response_status, \
                 response_body, created_ms FROM idempotency_keys ORDER BY rowid",
            )
            .expect("valid");
        let keys = stmt
            .query_map([], |r| {
                Ok(KeyRow {
                    key: r.get(0)?,
                    request_digest: r.get(1)?,
                    status: r.get(2)?,
                    fence: r.get(3)?,
                    lease_expires_ms: r.get(4)?,
                    response_status: r.get(5)?,
                    response_body: r.get(6)?,
                    created_ms: r.get(7)?,
                })
            })
            .expect("query runs")
            .collect::<Result<Vec<_>, _>>()
            .expect("rows read");
        (reports, keys)
    }
}
