//! Texts of the lab's pages themselves: the run view's pickers and
//! stepping controls, its summary (the count, the verdict, the outcome and
//! what the model was told), its diagram, tables and SQL, and the matrix.
//! What a run is chosen from is in `lab_choices.rs`, what its narration
//! says in `lab_narration.rs`. Keys built from ids (`lab.scenario.{id}`,
//! `lab.client.{id}`, `lab.server.{id}`, `lab.ending.{id}`, `lab.lane.{id}`
//! and their `.desc` / `.cures`) are checked by the test at the bottom.

use super::{e, Entry};

pub(super) const ENTRIES: &[Entry] = &[
    // Page.
    e("lab.title", "幂等实验：重试会不会多出一份报告", "Idempotency lab: does a retry file a second report?"),
    e("lab.intro", "测试 Agent 调用工具 submit_bug_report 提交 Bug 报告；请求超时后 harness 自动重试。选一个故障场景、一种客户端写法和一种服务端实现，单步看每一次请求、服务端执行的 SQL 和库里有几份报告。服务端跑在浏览器里真实的 SQLite 上。", "A test agent calls the tool submit_bug_report; when a request times out the harness retries. Pick a fault scenario, a client strategy and a server implementation, then step through every request, the SQL the server runs and how many reports exist. The server runs on a real SQLite database inside your browser."),
    e("lab.to_matrix", "看全部组合（矩阵）", "See every combination (matrix)"),
    e("lab.pick.colon", "：", ": "),
    e("lab.pick.own_schedule", "自己的故障序列（见上方）", "a fault schedule of its own (above)"),
    e("lab.pick.count", "（共 {n} 个，点开可换）", " ({n} in all; open to change)"),
    e("lab.to_run", "回到单次运行", "Back to a single run"),
    e("lab.to_build", "到工作台自己搭服务端：先看它变红，再一个机制一个机制地修好", "Build the server yourself on the workbench: see it red first, then fix it one mechanism at a time"),
    e("lab.pick.scenario", "故障场景", "Fault scenario"),
    e("lab.pick.client", "客户端写法（幂等键）", "Client strategy (idempotency key)"),
    e("lab.pick.server", "服务端实现", "Server implementation"),
    e("lab.seed.help", "种子决定网络延迟、退避抖动和随机键；同一个种子总是得到同一条轨迹。", "The seed drives network latency, backoff jitter and random keys; the same seed always gives the same trace."),
    e("lab.seed.random", "换一个随机种子", "New random seed"),
    e("lab.params.line", "参数：客户端每次尝试超时 {timeout} 秒；租约 {lease} 秒 > 超时 {timeout} 秒 + 最长正常处理 {longest} 秒 = {sum} 秒（章节的租约规则）；每次工具调用时限 {deadline} 秒；最多 {attempts} 次尝试。", "Parameters: per-attempt client timeout {timeout} s; lease {lease} s > timeout {timeout} s + longest normal processing {longest} s = {sum} s (the chapter's lease rule); deadline per tool call {deadline} s; at most {attempts} attempts."),
    // Stepping through a run.
    e("lab.ctl.to_start", "跳到开头", "Jump to start"),
    e("lab.ctl.back", "上一步", "Step back"),
    e("lab.ctl.forward", "下一步", "Step forward"),
    e("lab.ctl.play", "播放", "Play"),
    e("lab.ctl.pause", "暂停", "Pause"),
    e("lab.ctl.to_end", "跳到结尾", "Jump to end"),
    e("lab.ctl.speed", "速度（步/秒）", "Speed (steps/s)"),
    e("lab.ctl.keys", "键盘：← → 单步，空格 播放/暂停，Home / End 跳到开头 / 结尾", "Keyboard: ← → step, Space play/pause, Home / End jump to start / end"),
    e("lab.step_index", "第 {step} / {total} 步", "Step {step} of {total}"),
    e("lab.time", "t = {t}", "t = {t}"),
    // Summary: the count, the verdict, the outcome and what the model was told.
    e("lab.count.label", "库里的报告", "Reports in the database"),
    e("lab.count.after_step", "（这一步之后）", "(after this step)"),
    e("lab.verdict.label", "结论", "Verdict"),
    e("lab.verdict.final", "{count}：{ending}", "{count}: {ending}"),
    e("lab.ending.duplicate", "多于一份，重复副作用", "more than one, a duplicate side effect"),
    e("lab.ending.changed_body", "换了请求体，却重放旧响应", "the body changed, yet the old response was replayed"),
    e("lab.ending.one_known", "只有一份，模型知道已创建", "only one, and the model knows it was created"),
    e("lab.ending.one_unknown", "只有一份，但模型只知道结果未知", "only one, but the model only knows the outcome is unknown"),
    e("lab.ending.none_known", "没有报告，模型知道没有创建", "no report, and the model knows nothing was created"),
    e("lab.ending.none_unknown", "没有报告，但模型只知道结果未知", "no report, but the model only knows the outcome is unknown"),
    e("lab.ending.misinformed", "模型被告知的不是真相", "the model was told something untrue"),
    e("lab.final.label", "harness 最后看到的 HTTP 结果", "Final HTTP outcome the harness saw"),
    e("lab.final.tool", "交给模型的工具结果", "Tool result handed to the model"),
    e("lab.final.calls", "{calls}，{requests}", "{calls}, {requests}"),
    e("lab.outcome.status", "HTTP {status}", "HTTP {status}"),
    e("lab.outcome.replayed", "HTTP {status}（重放保存的响应）", "HTTP {status} (the server replays the stored response)"),
    e("lab.outcome.timeout", "超时（没收到响应）", "Timeout (no response)"),
    e("lab.outcome.refused", "连接被拒绝（请求没有发出去）", "Connection refused (nothing was sent)"),
    e("lab.outcome.none", "还没有结果", "No outcome yet"),
    e("lab.tool.created", "已提交，报告编号 #{id}", "Submitted: report #{id}"),
    e("lab.tool.unknown", "结果未知，报告可能已经创建，先查一下", "Outcome unknown: the report may already exist; check first"),
    e("lab.tool.not_created", "没有创建报告：每次尝试都在服务端开工之前就被挡下（连接被拒，或开工前的 503），可以稍后再试", "No report was created: every attempt was stopped before the server began any work (a refused connection, or a 503 before any work); you can try again later"),
    e("lab.tool.stored_error", "结果未知：服务端重放了这个键上次存下的 500。上次处理失败了，但写操作失败不能证明没有副作用（003），再用同一个键只会再拿到这个 500。先查一下报告在不在，再决定。", "Outcome unknown: the server replayed the 500 it stored under this key. The earlier attempt failed, but a failed write proves nothing about side effects (003), and the same key will only replay this 500. Check whether the report exists before deciding."),
    e("lab.tool.rate_limited", "没有创建报告：429 限流（不是额度类），没带 Retry-After。本章的规则：其他 HTTP 429 只有带 Retry-After 才重试，所以 harness 不再重试；服务端什么都没做，可以稍后再调。", "No report was created: a 429 rate limit (not a quota) without Retry-After. The chapter's rule: any other HTTP 429 is retried only with Retry-After, so the harness stops; the server did nothing, and a later call may work."),
    e("lab.tool.quota", "没有创建报告：额度已用完（429，响应体的类型是 insufficient_quota），服务端什么都没做。额度类 429 直接终止：额度重置之前，重试也不会成功。", "No report was created: the quota is used up (a 429 whose body type is insufficient_quota) and the server did nothing. A quota 429 ends the call: retrying will not help until the quota resets."),
    e("lab.tool.rejected", "被拒绝（422）：同一个幂等键配了不同的请求体，服务端没有执行", "Rejected (422): the idempotency key was reused with a different body; the server did nothing"),
    e("lab.tool.found", "先查到了：报告 #{id} 已经存在", "Found by the query: report #{id} exists"),
    e("lab.toolout.created", "模型知道：已创建", "Model knows: created"),
    e("lab.toolout.unknown", "模型只知道：结果未知", "Model knows: outcome unknown"),
    e("lab.toolout.not_created", "模型知道：没有创建", "Model knows: not created"),
    e("lab.toolout.rejected", "模型知道：被拒绝", "Model knows: rejected"),
    e("lab.card.now", "这一步之后", "After this step"),
    e("lab.card.end", "整次运行结束时", "When the run settles"),
    // Views: the diagram, the tables, the SQL.
    e("lab.diagram.title", "时序图", "Sequence diagram"),
    e("lab.diagram.label", "时序图：harness、网络、服务端、数据库之间到这一步为止的所有消息", "Sequence diagram: every message between harness, network, server and database up to this step"),
    e("lab.lane.harness", "harness", "harness"),
    e("lab.lane.network", "网络", "network"),
    e("lab.lane.server", "服务端", "server"),
    e("lab.lane.database", "数据库", "database"),
    e("lab.narration.title", "这一步发生了什么", "What happened at this step"),
    e("lab.tables.reports", "reports 表（这一步之后）", "The reports table (after this step)"),
    e("lab.tables.keys", "idempotency_keys 表（这一步之后）", "The idempotency_keys table (after this step)"),
    e("lab.tables.empty", "（空）", "(empty)"),
    e("lab.sql.title", "这一步执行的 SQL", "SQL run at this step"),
    e("lab.sql.none", "这一步没有 SQL。", "No SQL at this step."),
    e("lab.sql.rows", "影响 {rows}", "{rows} affected"),
    e("lab.sql.row", "返回一行：{row}", "returned a row: {row}"),
    e("lab.sql.no_row", "没有这一行", "no row"),
    e("lab.sql.begun", "开始事务", "transaction started"),
    e("lab.sql.committed", "已提交", "committed"),
    e("lab.sql.rolled_back", "已回滚", "rolled back"),
    e("lab.sql.crash_rollback", "进程崩溃，未提交的事务被回滚", "process crashed; the open transaction was rolled back"),
    e("lab.sql.error", "出错：{error}", "error: {error}"),
    e("lab.diagram.scroll_hint", "← 左右滑动看完整时序图 →", "← scroll sideways to see the whole diagram →"),
    e("lab.tables.new_hint", "（黄色高亮：这一步新增或改动的行；— 表示 NULL）", " (highlighted: rows added or changed at this step; — means NULL)"),
    e("lab.unit.reports.one", "{n} 份报告", "{n} report"),
    e("lab.unit.reports.other", "{n} 份报告", "{n} reports"),
    e("lab.unit.calls.one", "工具调用 {n} 次", "{n} tool call"),
    e("lab.unit.calls.other", "工具调用 {n} 次", "{n} tool calls"),
    e("lab.unit.requests.one", "HTTP 请求 {n} 个", "{n} HTTP request"),
    e("lab.unit.requests.other", "HTTP 请求 {n} 个", "{n} HTTP requests"),
    e("lab.unit.rows.one", "{n} 行", "{n} row"),
    e("lab.unit.rows.other", "{n} 行", "{n} rows"),
    e("lab.tables.ms_hint", "（*_ms 列：库里存的是从运行开始算起的毫秒数，这里换算成秒，过了一小时写成小时；悬停看原值）", " (the *_ms columns hold milliseconds since the run's start; shown in seconds, past an hour in hours; hover for the stored value)"),
    e("lab.tables.unit_s", "（秒）", " (seconds)"),
    e("lab.diagram.bars", "服务端线上的黄色竖条：处理者停顿（比如 GC 停顿，超过了租约）的那段；灰色竖条：处理者还在正常地慢慢处理；harness 线上的蓝色竖条：harness 在等（退避或 Retry-After）。粗体橙字是关键时刻。", "Yellow bar on the server lane: a handler paused (e.g. a GC pause, past its lease); grey bar: a handler still working, just slowly; blue bar on the harness lane: the harness waiting (backoff or Retry-After). Bold orange text marks the key moments."),
    // Matrix.
    e("lab.matrix.title", "矩阵：每种故障 × 每种客户端写法", "Matrix: every fault × every client strategy"),
    e("lab.matrix.intro", "每一格是一次完整运行结束时库里的报告数，旁边是模型最后被告知的结果。点一格打开那次运行，单步看它为什么是这个数。", "Each cell is the number of reports when a full run settles, next to what the model was finally told. Click a cell to open that run and step through why."),
    e("lab.matrix.server", "服务端实现", "Server implementation"),
    e("lab.matrix.scenario", "故障场景", "Fault scenario"),
    e("lab.matrix.progress", "正在计算：{done} / {total}", "Computing: {done} / {total}"),
    e("lab.matrix.cancel", "取消", "Cancel"),
    e("lab.matrix.cancelled", "已取消：{done} / {total} 格算完。", "Cancelled: {done} of {total} cells computed."),
    e("lab.matrix.restart", "继续计算", "Resume"),
    e("lab.matrix.elapsed", "{runs} 次运行，计算用时 {ms}", "{runs} runs, compute time {ms}"),
    e("lab.matrix.legend", "图例", "Legend"),
    e("lab.matrix.cures", "每一步修好了什么、又会被什么打破", "What each fix cures, and what breaks it next"),
    e("lab.matrix.cell_label", "{scenario} × {client} × {server}：{verdict}", "{scenario} × {client} × {server}: {verdict}"),
    e("lab.matrix.view", "视图", "View"),
    e("lab.matrix.by_client", "场景 × 客户端（固定服务端）", "Scenario × client (one server)"),
    e("lab.matrix.by_server", "场景 × 服务端（固定客户端）：哪种服务端能修好我的问题？", "Scenario × server (one client): which server fixes my failure?"),
    e("lab.matrix.title_by_server", "矩阵：每种故障 × 每种服务端实现", "Matrix: every fault × every server implementation"),
    e("lab.matrix.client", "客户端写法", "Client strategy"),
    e("lab.matrix.lucky_note", "标出「结果对但靠运气」的格子：有一次尝试可能已经执行，重试却没带同一个键（比如每次新键碰上崩溃回滚了第一份报告）。", "marks cells that are right by luck: an attempt may have run and the retry did not carry the same key (e.g. a new key after a crash rolled the first report back)."),
    e("lab.matrix.changed_note", "标出和上一个服务端（或左边一列）不同的格子。", "marks cells that differ from the previous server (or the column to the left)."),
    e("lab.legend.lucky", "结果对，但靠运气", "right, but by luck"),
    e("lab.legend.changed", "和上一个服务端（或左边一列）不同", "differs from the previous server (or the column to the left)"),
    e("lab.matrix.more_columns", "表格比屏幕宽：左右滑动看其余的列。", "The table is wider than the screen: scroll sideways for the other columns."),
    e("lab.toolshort.created", "已创建", "created"),
    e("lab.toolshort.unknown", "未知", "unknown"),
    e("lab.toolshort.not_created", "未创建", "not created"),
    e("lab.toolshort.rejected", "被拒", "rejected"),
];

#[cfg(test)]
mod tests {
    /// Marks are drawn as icons beside the text (src/ui/icons.rs): the
    /// lab's texts and the help never carry a glyph a platform font may
    /// lack (Debian's Chromium draws ⏮ ⏭ ⏸ ⏳ as boxes).
    #[test]
    fn lab_and_help_texts_carry_no_mark_glyphs() {
        const GLYPHS: &[char] = &[
            '⏮', '⏭', '⏸', '⏳', '☒', '▶', '◀', '✕', '✗', '✓', '∅', '☘', 'Δ', '★', '❌',
        ];
        for e in crate::i18n::entries() {
            if !(e.key.starts_with("lab.") || e.key.starts_with("help.")) {
                continue;
            }
            for text in [e.zh, e.en] {
                let found: Vec<char> = text.chars().filter(|c| GLYPHS.contains(c)).collect();
                assert!(found.is_empty(), "{}: {found:?} in «{text}»", e.key);
            }
        }
    }

    /// Terms no seed uses get a short definition where the lab first uses
    /// them, marked as beyond the chapter.
    #[test]
    fn terms_beyond_the_chapter_are_defined_where_they_first_appear() {
        for (zh_term, en_term) in [
            ("对冲请求", "hedged request"),
            ("Idempotent-Replayed", "Idempotent-Replayed"),
        ] {
            let first = crate::i18n::entries()
                .filter(|e| e.key.starts_with("lab."))
                .find(|e| e.zh.contains(zh_term))
                .unwrap_or_else(|| panic!("{zh_term} is not used"));
            assert!(first.zh.contains("本章没有"), "{}: {}", first.key, first.zh);
            assert!(first.en.contains(en_term), "{}: {}", first.key, first.en);
            assert!(
                first.en.contains("not a term of the chapter")
                    || first.en.contains("not covered by the chapter"),
                "{}: {}",
                first.key,
                first.en
            );
        }
    }

    /// The careful client's matrix is the reading's, not the chapter's.
    #[test]
    fn the_conservative_matrix_is_cited_from_the_reading() {
        let zh = crate::i18n::t(crate::i18n::Lang::Zh, "lab.client.careful.desc");
        assert!(zh.contains("阅读材料「超时、重试、退避与幂等性」"), "{zh}");
        assert!(!zh.contains("章节的保守矩阵"), "{zh}");
        let en = crate::i18n::t(crate::i18n::Lang::En, "lab.client.careful.desc");
        assert!(
            en.contains("the reading") && !en.contains("chapter's conservative"),
            "{en}"
        );
    }

    /// No text says or implies that a fencing token undoes a side effect
    /// outside the database; the texts about the fence say what it does in
    /// the lab (the current holder's write-back wins, the stale one rolls
    /// back) and the cures name what it cannot do.
    #[test]
    fn the_fence_is_described_by_what_it_does_in_the_database() {
        use crate::i18n::{t, Lang};
        for key in ["lab.server.fenced.cures", "help.lab.fence"] {
            let zh = t(Lang::Zh, key);
            assert!(zh.contains("当前持有租约"), "{key}: {zh}");
            assert!(zh.contains("回滚"), "{key}: {zh}");
            assert!(zh.contains("撤不回来"), "{key}: {zh}");
            let en = t(Lang::En, key);
            assert!(en.contains("current lease holder"), "{key}: {en}");
            assert!(en.contains("cannot be taken back"), "{key}: {en}");
        }
    }
}
