//! The lab's server as a design: its mechanisms' groups (`lab.group.{id}`;
//! each mechanism's name and description, `lab.mech.{id}` and `.desc`, live
//! in its own module, `lab/mechanisms/<id>.rs`), the handler's phases and branches as the SQL
//! listing names them (`lab.phase.{id}`, `lab.branch.{id}`), why no server
//! change can fix a row (`lab.unfixable.{id}`), and the narration of the
//! decisions only some designs make.

use super::{e, t, Entry, Lang};
use crate::lab::Design;

/// A design as the student reads it: its preset's name, or its mechanisms' names.
pub fn design_name(lang: Lang, d: Design) -> String {
    match d.preset() {
        Some(p) => t(lang, &format!("lab.server.{}", p.id())),
        None => {
            let names: Vec<String> = d.mechanisms().iter().map(|m| t(lang, &m.key())).collect();
            names.join(" + ")
        }
    }
}

/// Its one-line description: the preset's, or its mechanism ids.
pub fn design_desc(lang: Lang, d: Design) -> String {
    match d.preset() {
        Some(p) => t(lang, &format!("lab.server.{}.desc", p.id())),
        None => d.to_ids(),
    }
}

pub(super) const ENTRIES: &[Entry] = &[
    e("lab.pick.design", "服务端机制", "Server mechanisms"),
    e("lab.group.key_record", "键的记录", "Key record"),
    e("lab.group.body", "请求体", "Request body"),
    e("lab.group.errors", "错误结果", "Error results"),
    e("lab.group.lease", "租约", "Lease"),
    e("lab.group.write_back", "写回", "Write-back"),
    e("lab.server.leased_unguarded", "租约，写回不带条件", "Lease, write-back without a condition"),
    e("lab.server.leased_unguarded.desc", "原子占键加租约，但写回只有 WHERE key=?：占位过期后可以被接管，原来的处理者也照样能写回。", "Atomic claim plus a lease, but the write-back has only WHERE key=?: an expired claim may be taken over, and its original handler can still write back."),
    e("lab.server.leased_unguarded.cures", "治好了崩溃后卡住的键；但正如本章所说，占位过了租约被别的请求接管后，原来那个慢请求醒过来还会再写一份：两个租约场景都是 2 份。", "Cures the key stuck after a crash; but, as the chapter says, once a claim past its lease is taken over, the slow original request wakes and writes another copy: 2 reports in both lease scenarios."),
    e("lab.phase.arrive", "请求到达", "Request arrives"),
    e("lab.phase.finish", "处理做完", "Work done"),
    e("lab.branch.always", "每次都执行", "Always"),
    e("lab.branch.key_unknown", "键不存在", "Key unknown"),
    e("lab.branch.other_body", "同键、不同请求体：422", "Same key, different body: 422"),
    e("lab.branch.done", "键已完成：重放存下的结果", "Key done: replay the stored result"),
    e("lab.branch.lease_expired", "占位的租约已过期：接管", "Claim's lease expired: take over"),
    e("lab.branch.in_progress", "键还在处理中：409", "Key still in progress: 409"),
    e("lab.branch.no_key", "请求不带键：只插报告", "Request without a key: the report alone"),
    e("lab.branch.success", "处理成功", "The work succeeded"),
    e("lab.branch.failure", "处理失败：500", "The work failed: 500"),
    e("lab.branch.aborted", "开工前的检查失败，什么都没做：503，删掉占位（不论存不存错误）", "A check before the work failed, nothing done: 503, the claim deleted (stored errors or not)"),
    e("lab.branch.crash", "进程在事务中崩溃", "The process dies in the transaction"),
    e("lab.branch.error", "语句被拒绝（如 UNIQUE 约束）：500", "A statement is refused (e.g. UNIQUE): 500"),
    e("lab.branch.written", "写回影响 1 行：提交", "The write-back matched 1 row: commit"),
    e("lab.branch.missed", "写回影响 0 行：回滚，重放已存的结果或 409", "The write-back matched 0 rows: roll back, replay the stored result or 409"),
    e("lab.unfixable.no_key", "请求不带幂等键，服务端认不出重试：任何服务端机制都没用，客户端得先带上键。", "The requests carry no idempotency key, so the server cannot recognise a retry: no server mechanism helps; the client must send a key."),
    e("lab.unfixable.key_changes_per_attempt", "每次尝试都换了新键：同一次逻辑操作的重试必须复用同一个键，这只能在客户端改。", "Every attempt carries a new key: the retries of one logical operation must reuse one key, which only the client can change."),
    e("lab.unfixable.key_changes_on_model_recall", "模型又调了一次工具：新的 tool_use id 让键变了，任何服务端机制都认不出。要一个跨模型重试也不变的键（业务键），或者先查一下。", "The model called the tool again: the new tool_use id changed the key, and no server mechanism can recognise it. It needs a key that survives a model re-call (a business key), or a query first."),
    e("lab.unfixable.key_pruned", "重发带的键已经过了保留期、被删掉了：服务端已经认不出它（Stripe：清理后再用同一个键会当成新请求），任何服务端机制都帮不上。客户端还有办法：过了保留期的重发，先按业务身份查一下（003 的显式状态查询；实验的题目也这么答），不把未知当成没执行；演示里保守的客户端（careful）不重发，把结果未知交给模型，这一行就只有一份。演示里的 query_first 只在模型拿到「结果未知」之后才查，挡不住 harness 从队列里自动重发。最后一道兜底才是评测侧去重。", "The resend's key was pruned after its retention: the server no longer knows it (Stripe: after the cleanup a reused key is a new request), and no server mechanism helps. The client still can: before resending past the retention, query by the business identity first (003's explicit status query; the lab's own question answers so) rather than taking unknown for not executed; in the demo the careful client does not resend and tells the model the outcome is unknown, and this row keeps one report. The demo's query_first queries only after the model was told «unknown», too late for the harness's automatic resend from its queue. Deduplication on the evaluation side is only the last line."),
    e("lab.unfixable.other", "加上至多三个机制都不能让它通过。", "Adding up to three mechanisms does not make it pass."),
    e("lab.d.released", "处理失败（下游出错）：不存错误结果，而是释放这个键（删掉占位），返回 500；同键重试会重新执行。003 提醒：写 handler 失败不能证明没有副作用，这样释放是在赌它没做任何事。", "The work failed (a downstream error): no error result is stored; the key is released instead (the claim deleted), and the server answers 500; a retry with the key runs again. 003 warns that a failed write handler proves nothing about side effects: releasing bets that it did nothing."),
    e("lab.d.aborted_released", "开工前的检查失败（依赖不可用），什么都还没做：返回 503，并删掉占位，存不存错误都一样（Stripe：没开始执行就不保存结果）。同键重试会重新占键；fencing token 的计数器在 fence_counter 表里，不随占位删除，新占位拿到更大的 token。", "A check before the work failed (a dependency is down) and nothing was done yet: the server answers 503 and deletes the claim, with or without store_errors (Stripe: a request that began no execution saves no result). A retry with the key claims it anew; the fencing counter lives in the fence_counter table, not in the deleted row, so the new claim gets a higher token."),
    e("lab.d.aborted", "开工前的检查失败（依赖不可用），什么都还没做：返回 503。", "A check before the work failed (a dependency is down) and nothing was done yet: the server answers 503."),
    e("lab.d.claim_gone", "写回影响 0 行：这个键的记录已经不在了（另一个处理者失败时把它删掉了）。ROLLBACK，报告一起撤销，返回 409。", "The write-back matched 0 rows: the key's record is gone (another handler deleted it when it failed). ROLLBACK, report included; 409."),
    e("lab.d.stale_created_unguarded", "这个处理者醒来写回：它的租约在 t = {t} 已经过期；写回只有 WHERE key=?，分不出这是谁的占位，UPDATE 影响 1 行，报告 #{id} 由租约已过期的处理者写下，提交，返回 201。", "This handler wakes and writes back: its lease ended at t = {t}; the write-back has only WHERE key=?, which cannot tell whose claim it is; the UPDATE matches 1 row, and report #{id} is written by a handler whose lease had expired; commit, 201."),
    e("lab.d.replay_no_digest", "这个键已完成：这个服务端不比较请求摘要，直接重放存下的响应 {status}，不再执行。请求体变了也照样回旧响应。", "This key is done: this server does not compare request digests and replays the stored response {status} without running again. A changed body silently gets the old response."),
    e("lab.why.stale_write_back", "占位过了租约被接管后，原来那个慢请求醒过来写回：写回只认键，分不出这是谁的占位，于是又留下一份。写回加上状态条件或 fencing token 才能挡住第二份。", "After a claim past its lease was taken over, the slow original request woke and wrote back: the write-back checks only the key and cannot tell whose claim it is, so a second copy stays. A status condition or a fencing token on the write-back stops the second copy."),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::{Mechanism, Preset};

    /// `design=claim` once read «原子占键», the preset `atomic`'s name: a
    /// design that is no preset is named by its mechanisms, and no such
    /// name is a preset's, in either language.
    #[test]
    fn no_design_but_a_preset_bears_a_presets_name() {
        let all = Mechanism::ALL;
        for lang in [Lang::Zh, Lang::En] {
            let presets: Vec<String> = Preset::ALL
                .iter()
                .map(|p| design_name(lang, p.design()))
                .collect();
            for bits in 0u32..1 << all.len() {
                let ms: Vec<Mechanism> = (0..all.len())
                    .filter(|i| bits >> i & 1 == 1)
                    .map(|i| all[i])
                    .collect();
                let d = Design::of(&ms);
                if d.preset().is_none() {
                    let name = design_name(lang, d);
                    assert!(
                        !presets.contains(&name),
                        "{} is named «{name}», a preset's name",
                        d.to_ids()
                    );
                }
            }
        }
    }
}
