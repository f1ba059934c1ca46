//! Texts of the `lab` area. Keys built from ids (`lab.scenario.{id}`,
//! `lab.client.{id}`, `lab.server.{id}`, `lab.ending.{id}`, `lab.lane.{id}`
//! and their `.desc` / `.cures`) are checked by the test at the bottom.

use super::{e, Entry};

pub(super) const ENTRIES: &[Entry] = &[
    // Page.
    e("lab.title", "幂等实验：重试会不会多出一份报告", "Idempotency lab: does a retry file a second report?"),
    e("lab.intro", "测试 Agent 调用工具 submit_bug_report 提交 Bug 报告；请求超时后 harness 自动重试。选一个故障场景、一种客户端写法和一种服务端实现，单步看每一次请求、服务端执行的 SQL 和库里有几份报告。服务端跑在浏览器里真实的 SQLite 上。", "A test agent calls the tool submit_bug_report; when a request times out the harness retries. Pick a fault scenario, a client strategy and a server implementation, then step through every request, the SQL the server runs and how many reports exist. The server runs on a real SQLite database inside your browser."),
    e("lab.to_matrix", "看全部组合（矩阵）", "See every combination (matrix)"),
    e("lab.to_run", "回到单次运行", "Back to a single run"),
    e("lab.pick.scenario", "故障场景", "Fault scenario"),
    e("lab.pick.client", "客户端写法（幂等键）", "Client strategy (idempotency key)"),
    e("lab.pick.server", "服务端实现", "Server implementation"),
    e("lab.seed.help", "种子决定网络延迟、退避抖动和随机键；同一个种子总是得到同一条轨迹。", "The seed drives network latency, backoff jitter and random keys; the same seed always gives the same trace."),
    // Controls.
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
    // Summary.
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
    e("lab.tool.not_created", "提交失败：服务端确认没有执行，可以稍后再试", "Not submitted: the server did nothing; you can try again later"),
    e("lab.tool.quota", "没有创建报告：额度已用完（429，不带 Retry-After），服务端什么都没做。额度重置之前，重试也不会成功。", "No report was created: the quota is used up (429 without Retry-After) and the server did nothing. Retrying will not help until the quota resets."),
    e("lab.tool.rejected", "被拒绝（422）：同一个幂等键配了不同的请求体，服务端没有执行", "Rejected (422): the idempotency key was reused with a different body; the server did nothing"),
    // Views.
    e("lab.diagram.title", "时序图", "Sequence diagram"),
    e("lab.diagram.label", "时序图：harness、网络、服务端、数据库之间到这一步为止的所有消息", "Sequence diagram: every message between harness, network, server and database up to this step"),
    e("lab.lane.harness", "harness", "harness"),
    e("lab.lane.network", "网络", "network"),
    e("lab.lane.server", "服务端", "server"),
    e("lab.lane.database", "数据库", "database"),
    e("lab.arrow.lost", "丢失", "lost"),
    e("lab.arrow.refused", "拒绝连接", "refused"),
    e("lab.arrow.sql", "SQL ×{n}", "SQL ×{n}"),
    e("lab.arrow.commit", "COMMIT", "COMMIT"),
    e("lab.arrow.result", "结果", "result"),
    e("lab.note.tool_call", "模型调用工具", "model calls tool"),
    e("lab.note.timeout", "超时", "timeout"),
    e("lab.note.crash", "崩溃", "crash"),
    e("lab.note.restart", "重启", "restart"),
    e("lab.note.result", "工具结果", "tool result"),
    e("lab.note.late", "迟到，丢弃", "late, dropped"),
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
    // Narration.
    e("lab.n.start", "还没开始：两张表都是空的。按 → 或「下一步」开始。", "Nothing has happened yet: both tables are empty. Press → or “Step forward” to begin."),
    e("lab.n.tool_call", "模型调用工具 submit_bug_report（tool_use id {id}）。", "The model calls the tool submit_bug_report (tool_use id {id})."),
    e("lab.n.tool_recall", "模型拿到的不是成功，于是又调用了一次工具：这是新的 tool_use，id 变成了 {id}。", "The model did not get a success, so it calls the tool again: a new tool_use with id {id}."),
    e("lab.n.send", "harness 发出第 {attempt} 次尝试（请求 #{req}）：POST /reports，{key}，请求体摘要 {digest}…", "The harness sends attempt {attempt} (request #{req}): POST /reports, {key}, body digest {digest}…"),
    e("lab.n.key", "Idempotency-Key: {key}", "Idempotency-Key: {key}"),
    e("lab.n.no_key", "不带 Idempotency-Key", "no Idempotency-Key"),
    e("lab.n.request_lost", "网络丢了请求 #{req}：它已经发出，却没到服务端。harness 只会等到超时，分不清这和「响应丢失」「服务端太慢」。", "The network lost request #{req} after it was sent; the server received nothing. The harness will only see a timeout and cannot tell this from a lost response or a slow server."),
    e("lab.n.refused", "服务端进程不在：请求 #{req} 的连接被拒绝，什么都没执行。", "The server process is down: request #{req} is refused and nothing runs."),
    e("lab.n.response_lost", "网络丢了请求 #{req} 的响应（{status}）：服务端已经做完，客户端却不知道。", "The network lost the response to request #{req} ({status}): the server finished, but the client cannot know."),
    e("lab.n.late", "请求 #{req} 的响应 {status} 现在才到，harness 早已不再等它，响应被丢弃。", "The response {status} to request #{req} arrives now; the harness stopped waiting for it long ago and drops it."),
    e("lab.n.timeout", "请求 #{req} 等了 2 秒没有回音：超时。harness 只知道「没收到」，不知道服务端做没做。", "Request #{req} got no answer within 2 s: timeout. The harness only knows it received nothing, not whether the server acted."),
    e("lab.n.received", "harness 收到请求 #{req} 的结果：{outcome}。", "The harness gets the result of request #{req}: {outcome}."),
    e("lab.n.restart", "服务端进程重启；数据库里已提交的内容都还在，没提交的已经回滚。", "The server process restarts; everything committed is still in the database, everything uncommitted was rolled back."),
    e("lab.n.works_until", "处理要持续到 t = {t}。", "The work lasts until t = {t}."),
    e("lab.d.no_check", "服务端收到请求 #{req}：这个实现不看幂等键，直接开始处理。", "The server receives request #{req}: this implementation ignores the key and goes straight to work."),
    e("lab.d.no_key", "服务端收到请求 #{req}：没带幂等键，照常处理。", "The server receives request #{req}: no key, so it is processed normally."),
    e("lab.d.key_unknown", "服务端查幂等键：没有记录，于是开始处理（先插数据，再记幂等键）。", "The server looks up the key: no record, so it goes to work (insert first, record the key afterwards)."),
    e("lab.d.claimed", "服务端在一个事务里占下幂等键（status = in_progress）{fence}，提交后开始处理。", "The server claims the key in one transaction (status = in_progress){fence}, commits and goes to work."),
    e("lab.d.took_over", "这个键的占位已经过了 5 秒租约（按规则，正常请求不会这么久，所以服务端猜它已经死了）：服务端接管它{fence}，重新处理。", "The claim on this key has outlived its 5 s lease (by the rule no normal request takes that long, so the server guesses it is dead): the server takes it over{fence} and does the work again."),
    e("lab.d.fence", "，fencing token = {fence}", ", fencing token = {fence}"),
    e("lab.d.replay", "同一个键、同一个请求体，已经完成：直接重放保存的响应 {status}，不再执行。", "Same key, same body, already completed: the server replays the stored response {status} without running again."),
    e("lab.d.in_progress", "同一个键还在处理中：返回 409{retry}。", "The same key is still in progress: 409{retry}."),
    e("lab.d.retry_after", "，Retry-After: {s} 秒（租约剩余时间）", ", Retry-After: {s} s (what is left of the lease)"),
    e("lab.d.mismatch", "同一个键，但请求体摘要不同：返回 422，不执行。", "Same key but a different body digest: 422, nothing runs."),
    e("lab.d.unavailable", "服务端暂时不可用：什么都没做，返回 503，Retry-After: {s} 秒。", "The server is temporarily unavailable: it does nothing and answers 503, Retry-After: {s} s."),
    e("lab.d.created", "服务端插入报告 #{id}，提交事务，返回 201。", "The server inserts report #{id}, commits and answers 201."),
    e("lab.d.created_keyed", "服务端在同一个事务里插入报告 #{id}，并把键标成 done、存下响应，提交，返回 201。", "In one transaction the server inserts report #{id} and marks the key done with the stored response, commits and answers 201."),
    e("lab.d.key_recorded", "第一次提交插入了报告 #{id}；第二次提交才记下幂等键和响应。返回 201。", "The first commit inserted report #{id}; only the second commit records the key and its response. 201."),
    e("lab.d.failed", "处理失败（下游出错）：返回 500。", "The work failed (a downstream error): 500."),
    e("lab.d.failed_keyed", "处理失败（下游出错）：把 500 存成这个键的响应，以后同键重试都会拿到它。", "The work failed (a downstream error): the 500 is stored as this key's response, and every retry with the key will get it."),
    e("lab.d.sql_error", "SQL 出错，事务回滚，返回 500。前面已经提交的报告不会跟着撤销。", "An SQL statement failed; the transaction is rolled back and the server answers 500. A report committed earlier stays."),
    e("lab.d.crashed_after_commit", "服务端进程在提交之后、发出响应之前崩溃：报告已经在库里，响应永远不会发出。1 秒后重启。", "The server process dies after its commit and before it answers: the report is in the database, the response is never sent. It restarts after 1 s."),
    e("lab.d.crashed", "服务端进程在两次提交之间崩溃：已提交的留在库里，没提交的回滚，正在处理的请求都收不到回答。1 秒后重启。", "The server process dies between its two commits: what was committed stays, what was not is rolled back, and no request in flight gets an answer. It restarts after 1 s."),
    e("lab.next.backoff", "{wait}后重试（指数退避 + 抖动）。", "Retry in {wait} (exponential backoff with jitter)."),
    e("lab.next.retry_after", "按服务端的 Retry-After 等 {wait} 再重试。", "Retry after {wait}, as the server's Retry-After asks."),
    e("lab.next.finish", "harness 不再重试，交给模型的工具结果：「{result}」", "The harness stops and hands the model the tool result: “{result}”"),
    e("lab.give_up.attempts", "（{max} 次尝试已用完）", " ({max} attempts used up)"),
    e("lab.give_up.deadline", "（下一次退避会超过这次工具调用的时限）", " (the next backoff would pass the tool call's deadline)"),
    e("lab.give_up.retry_after", "（Retry-After {s} 秒超过剩余时限 {remaining}：立即失败，不截短等待）", " (Retry-After {s} s exceeds the remaining {remaining}: fail fast, no truncated wait)"),
    e("lab.give_up.not_retryable", "（这个状态码不重试）", " (this status is not retried)"),
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
    // Scenarios.
    e("lab.scenario.none", "一切正常", "Nothing goes wrong"),
    e("lab.scenario.none.desc", "对照组：请求和响应都顺利送达。", "Control: request and response both arrive."),
    e("lab.scenario.request_lost", "请求丢失", "Request lost"),
    e("lab.scenario.request_lost.desc", "请求发出后在网络里丢了，服务端什么都没收到；但客户端只看到超时，不知道这一点。", "The request is lost after it was sent and the server saw nothing; but the client only sees a timeout and cannot know that."),
    e("lab.scenario.response_lost", "响应丢失", "Response lost"),
    e("lab.scenario.response_lost.desc", "服务端已经提交，响应在路上丢了；客户端只看到超时。", "The server committed; the response is lost and the client only sees a timeout."),
    e("lab.scenario.slow_server", "服务端太慢", "Slow server"),
    e("lab.scenario.slow_server.desc", "正常但慢的请求：处理 2.5 秒，超过客户端 2 秒的超时；重试到达时原请求还在做。", "A normal but slow request: 2.5 s of work, past the client's 2 s timeout; the retry arrives while the original is still running."),
    e("lab.scenario.crash_between_commits", "两次提交之间崩溃", "Crash between commits"),
    e("lab.scenario.crash_between_commits.desc", "第一次提交之后、第二次提交之前进程死了，没提交的工作丢失。", "The process dies after its first commit and before its second; uncommitted work is lost."),
    e("lab.scenario.lease_expired", "租约过期", "Lease expired"),
    e("lab.scenario.lease_expired.desc", "第一个请求占键后停顿 7 秒（比如 GC 停顿），超过 5 秒的租约；重试接管并做完；之后它醒来写回。", "The first request claims the key, then pauses 7 s (a GC pause, say), past the 5 s lease; a retry takes over and finishes; then the first wakes and writes back."),
    e("lab.scenario.body_mismatch", "请求体变了", "Body mismatch"),
    e("lab.scenario.body_mismatch.desc", "响应丢了，重试复用同一个键，但请求体重新生成了（细节文字变了），摘要不同。", "The response is lost and the retry reuses the key with a re-rendered body (the details were regenerated), so its digest differs."),
    e("lab.scenario.retry_after_503", "503 + Retry-After", "503 with Retry-After"),
    e("lab.scenario.retry_after_503.desc", "服务端什么都没做就回 503，并用 Retry-After 告诉客户端等多久。", "The server answers 503 with Retry-After before doing anything."),
    e("lab.scenario.model_retry", "模型再调一次", "Model re-calls the tool"),
    e("lab.scenario.model_retry.desc", "harness 放弃时结果未知，模型用新的 tool_use id 又调用了一次工具。", "The harness gives up with an unknown outcome; the model calls the tool again with a new tool_use id."),
    // Client strategies.
    e("lab.client.naive", "不带键", "No key"),
    e("lab.client.naive.desc", "请求里没有 Idempotency-Key，服务端无从去重。", "No Idempotency-Key header; the server cannot deduplicate."),
    e("lab.client.new_key", "每次新键", "New key per attempt"),
    e("lab.client.new_key.desc", "每次尝试都生成一个新 UUID：经典错误，重试被当成新操作。", "A fresh UUID on every attempt: the classic mistake, each retry looks like a new operation."),
    e("lab.client.stable_key", "稳定键", "Stable key"),
    e("lab.client.stable_key.desc", "一次逻辑操作一个键（run_id:tool_use_id），重试时复用。", "One key per logical operation (run_id:tool_use_id), reused on every retry."),
    e("lab.client.business_key", "业务键", "Business key"),
    e("lab.client.business_key.desc", "由评测运行、模块和规范化后的标题推导，模型重新调用也认得出来。", "Derived from the evaluation run, the module and the normalised title; survives a model re-call."),
    // Server implementations.
    e("lab.server.naive", "朴素", "Naive"),
    e("lab.server.naive.desc", "每个 POST 都插入一份报告。", "Inserts a report for every POST."),
    e("lab.server.naive.cures", "什么都不防：响应丢失、慢、崩溃、模型再调都会多出一份。", "Guards against nothing: a lost response, a slow request, a crash or a model re-call each add a copy."),
    e("lab.server.key_split", "先插数据再记键", "Insert, then record key"),
    e("lab.server.key_split.desc", "键已知就重放这个键存下的响应，不比较请求体；否则第一次提交插报告，第二次提交记键和响应。", "Replays whatever it stored for a known key, without comparing bodies; otherwise commits the report, then commits the key and response separately."),
    e("lab.server.key_split.cures", "治好了响应丢失；但两次提交之间崩溃、并发重试仍会重复；请求体变了也照样回旧响应。", "Cures the lost response; a crash between the commits or a concurrent retry still duplicates, and a changed body silently gets the old response."),
    e("lab.server.atomic", "原子占键", "Atomic claim"),
    e("lab.server.atomic.desc", "先在事务里占键（in_progress），再在同一个事务里插报告并把键标成 done；同键同体重放、异体 422、处理中 409。", "Claims the key (in_progress), then inserts the report and marks the key done in one transaction; the same body gets the stored response replayed, a different body 422, one still in progress 409."),
    e("lab.server.atomic.cures", "治好了崩溃和并发重试的重复；但崩溃后键卡在 in_progress，重试只拿到 409（0 份，结果未知）。", "Cures duplicates from crashes and concurrent retries; but after a crash the key is stuck in_progress and retries only get 409 (no report, outcome unknown)."),
    e("lab.server.leased", "加租约", "With lease"),
    e("lab.server.leased.desc", "原子占键加 5 秒租约：占位过期后新请求可以接管；写回用 WHERE key=? AND status='in_progress'，影响行数不是 1 就回滚。", "Atomic claim plus a 5 s lease: an expired claim may be taken over; the write-back uses WHERE key=? AND status='in_progress' and rolls back unless 1 row matches."),
    e("lab.server.leased.cures", "治好了崩溃后卡住的键；状态条件挡住了接管者做完之后才醒来的慢请求。但接管者还在做时醒来的慢请求（租约重叠）照样写回成功：报告由一个租约已过期的处理者写下。", "Cures the key stuck after a crash; the status guard stops a stale request that wakes after the taker finished. But one that wakes while the taker is still working (lease overlap) still writes back: the report is written by a handler whose lease had expired."),
    e("lab.server.fenced", "加 fencing token", "With fencing token"),
    e("lab.server.fenced.desc", "租约加单调递增的 fencing token；写回带 fence 条件，影响行数不是 1 就整体回滚。", "Lease plus a monotonically increasing fencing token; the write-back checks the fence and rolls back entirely unless exactly 1 row matches."),
    e("lab.server.fenced.cures", "治好了过期写回：写回要带 fence = 自己的号，当前持有租约的处理者写回成功；过期的处理者 UPDATE 影响 0 行，它的事务连同报告回滚。fence 只管得住这个数据库里的写，处理者在库外做过的事（比如已经发出的通知）撤不回来：那要靠把幂等键传给下游或 outbox（章节「追问准备」）。剩下的是模型层重试（tool_use id 做的键认不出来，要用业务键或先查一下）和键过期后的重发。", "Cures the stale write-back: the write-back must carry fence = its own number, so the current lease holder's write-back succeeds while the stale handler's UPDATE matches 0 rows and its transaction rolls back, report included. The fence only guards writes to this database; what a handler did outside it (a notification already sent, say) cannot be taken back: that needs the key passed downstream or an outbox (the chapter's follow-up questions). What remains is the model-level retry (a tool_use-id key cannot recognise it; use a business key or query first) and a resend after the key expired."),
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
