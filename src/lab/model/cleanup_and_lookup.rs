//! The bug tracker outside its POST handler: the cleanup that prunes keys
//! past their retention, and `GET /reports` by business identity (what
//! `query_first` asks before calling again).

use rusqlite::types::Value;

use crate::lab::model::db::Db;

fn text(s: &str) -> Value {
    Value::Text(s.to_string())
}

fn int(i: i64) -> Value {
    Value::Integer(i)
}

/// The cleanup job: deletes keys older than the retention. A request that
/// arrives later with a pruned key is a new request.
pub fn prune_keys(db: &mut Db, now: u64) -> usize {
    let cutoff = now.saturating_sub(crate::lab::model::times::KEY_RETENTION_MS) as i64;
    db.begin();
    let n = db
        .exec(
            "DELETE FROM idempotency_keys WHERE created_ms < ?",
            &[int(cutoff)],
        )
        .unwrap_or(0);
    db.commit();
    n
}

/// `GET /reports?run_id=…&module=…&title=…`: the business identity's report,
/// if one exists (the title compared after normalisation, as the business key does).
pub fn find_report(db: &mut Db, run_id: &str, module: &str, title: &str) -> Option<i64> {
    let row = db.row(
        "SELECT id FROM reports WHERE run_id = ? AND module = ? AND lower(title) = lower(?) \
         ORDER BY id LIMIT 1",
        &[text(run_id), text(module), text(title)],
    );
    row.and_then(|r| match r[0] {
        Value::Integer(i) => Some(i),
        _ => None,
    })
}
