//! Texts of the build challenge on two tenants whose keys collide
//! (`exercises::bank_tenants`).

use super::{e, Entry};

pub(super) const ENTRIES: &[Entry] = &[
    e("ex.q.build_key_collision.prompt", "两个租户的键撞成了同一个字符串（key_collision），套件里还有 response_lost、body_mismatch 和 concurrent_same_key。客户端用稳定键（stable_key）。最多用 3 个机制，搭一个让四行都通过的服务端。", "Two tenants' keys collide as strings (key_collision); the suite also has response_lost, body_mismatch and concurrent_same_key. The client uses a stable key (stable_key). With at most 3 mechanisms, build a server that passes all four rows."),
    e("ex.q.build_key_collision.explain", "占键 + 比较请求摘要 + 按租户划分键（claim, digest, tenant_scope）。前两个挡住重试和换了请求体的重试；可键表如果是全局的，另一个租户同样的键字符串会落到同一条记录上，两个机制都分不出它来自另一个租户。读物：先按 tenant、subject 与 action 定义 key 的命名空间，不能让其他租户用相同字符串占用全局 key。键表改成以 (tenant, key) 为主键、摘要也包含租户之后，两个租户的键互不相干。「先插数据，再记键」（record_after）配上它也不行：两个同键请求同时到达时都查不到键，各插一份。", "Claiming the key, the request digest and tenant-scoped keys (claim, digest, tenant_scope). The first two stop retries and retries with a changed body; but with a global key table, another tenant's identical key string lands on the same record, and neither mechanism can tell that it comes from another tenant. The reading: define the key's namespace by tenant, subject and action first, so that another tenant cannot occupy a global key with the same string. With (tenant, key) as the table's key and the tenant in the digest, the two tenants' keys are unrelated. «Insert, then record the key» (record_after) with it fails too: two requests with the same key arriving together both find no key, and each inserts a report."),
];
