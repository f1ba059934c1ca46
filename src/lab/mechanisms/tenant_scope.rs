//! `tenant_scope`: The key's table is keyed by (tenant, key), and the digest includes the
//! tenant: another tenant's equal key string is another key (`003_*.txt`:
//! «先按 tenant、subject/service principal 与 action/tool 定义 key 的命名空间»).
//! It scopes the key record, so it needs one; a fix may add it after the
//! chapter's own order.

use super::def::{Def, Group, Slot};
use super::hooks::KeyScope;
use crate::lab::model::harness::{scoped_key, tenant_digest, TENANTS};
use crate::kernel::entry::e;

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    needs: &["record_after", "claim"],
    chapter_place: Some(8),
    scopes_tenant: true,
    scope_key,
    sql: &[(Slot::KeyColumns, "tenant, "), (Slot::KeyValues, "?, "), (Slot::KeyWhere, "tenant = ? AND ")],
    ..Def::new("tenant_scope", Group::Tenant, &[
        e("lab.mech.tenant_scope", "按租户划分键", "Tenant-scoped keys"),
        e("lab.mech.tenant_scope.desc", "键表按 (tenant, key) 建主键，请求摘要也包含租户：别的租户用同样的字符串，也是另一个键。读物：先按 tenant、subject 与 action 定义 key 的命名空间。", "The key table's primary key is (tenant, key), and the request digest includes the tenant: another tenant's equal string is another key. The reading: define the key's namespace by tenant, subject and action first."),
    ])
};

/// The tenant goes before the key in the key's table, into the digest and
/// into the key the notifier sees.
fn scope_key(s: &mut KeyScope) {
    let tenant = TENANTS[s.tenant.min(TENANTS.len() - 1)];
    s.columns.insert(0, tenant.to_string());
    s.digest = s.digest.take().map(|d| tenant_digest(tenant, &d));
    s.downstream = s.downstream.take().map(|k| scoped_key(s.tenant, &k));
}
