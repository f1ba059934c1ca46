//! Texts of two tenants with one key string, the rewritten title, the TLS
//! error that must never be retried and the response that trickles in past
//! the total deadline (`003_*.txt`, the chapter's §5, `001_*.txt`): every
//! text of these four faults, from scenario to narration, in one place,
//! as the lab's downstream faults have theirs in `lab_downstream.rs`.

use super::{e, Entry};

pub(super) const ENTRIES: &[Entry] = &[
    // Scenarios.
    e("lab.scenario.key_collision", "两个租户撞键", "Two tenants, one key string"),
    e("lab.scenario.key_collision.desc", "两个租户的 Agent 几乎同时各提交一份不同的报告。两边的 harness 都用本租户内的计数器拼幂等键（eval-0001:toolu_01），所以两个键的字符串一模一样。读物：不能让其他租户用相同字符串占用全局 key。", "Two tenants' agents each file a different report at about the same time. Both harnesses build the idempotency key from per-tenant counters (eval-0001:toolu_01), so the two key strings are equal. The reading: another tenant must not occupy a global key with the same string."),
    e("lab.scenario.title_rewrite", "模型改写了标题", "The model rewrites the title"),
    e("lab.scenario.title_rewrite.desc", "和「模型层重试」一样，harness 放弃后结果未知，模型再调一次工具；这次它换了说法重写标题（实验自己的例子，章节里没有具体例子：Export crashes on an empty CSV → App crashes when exporting a CSV without rows）。章节：业务键也有边界，模型把标题改写了就认不出来，只能靠评测侧去重（第 6 周的 Judge）。", "As in the model-level retry, the harness gives up with an unknown outcome and the model calls the tool again; this time it words the title anew (the lab's own example; the chapter gives none: Export crashes on an empty CSV → App crashes when exporting a CSV without rows). The chapter: a business key has its limit; once the model rewrites the title it no longer matches, and only deduplication on the evaluation side can help (week 6's Judge)."),
    e("lab.scenario.tls_error", "TLS 校验失败", "TLS verification fails"),
    e("lab.scenario.tls_error.desc", "每次连接时证书或主机名校验都失败，请求根本没有发出去。读物决策树的第一个分支：停止并核对 CA、主机名和代理；不关闭验证，也不重试掩盖问题。陷阱：Requests 里 SSLError 是 ConnectionError 的子类，按连接错误重试的客户端会一直重试到次数用完。", "Every connect fails certificate or host name verification; nothing is ever sent. The first branch of the reading's decision tree: stop and check the CA, the host name and the proxy; do not turn verification off, and do not retry to hide the problem. The trap: in Requests, SSLError is a subclass of ConnectionError, so a client that retries connection errors retries it until its attempts run out."),
    e("lab.scenario.slow_drip", "响应一点一点地来", "A response that trickles in"),
    e("lab.scenario.slow_drip.desc", "服务端做完了，然后每秒只发几个字节，要 20 秒才发完，比这次工具调用的总时限（12 秒）还长。读取超时（2 秒）限制的是两次收到数据之间的空闲：每秒都有字节到，它永远不会触发。读物：timeout=(3.05, 20) 分别限制连接和读取空闲等待，它不是整个业务操作的总 deadline。", "The server does the work, then sends a few bytes a second: the response takes 20 s, longer than the tool call's total deadline (12 s). The read timeout (2 s) limits idle time between bytes: a byte arrives every second, so it never fires. The reading: timeout=(3.05, 20) limits the connect and the idle read waits; it is not a total deadline for the whole operation."),
    // Endings.
    e("lab.ending.leak", "跨租户泄漏：一个租户拿到了另一个租户的响应", "cross-tenant leak: one tenant got another tenant's response"),
    e("lab.ending.tenant_refused", "跨租户拒绝：别的租户占着同一个键，这个租户的请求被 422 拒绝", "cross-tenant refusal: another tenant holds the same key, and this tenant's request got 422"),
    // The mechanism.
    e("lab.group.tenant", "租户", "Tenant"),
    // What the model is told, and why the harness stopped.
    e("lab.tool.tls", "没有创建报告：TLS 校验失败（证书或主机名对不上），请求根本没有发出去。这不是暂时故障，重试不会好，也不要关闭校验：请核对 CA、主机名和代理。", "No report was created: TLS verification failed (the certificate or host name does not match), so nothing was sent. This is not a transient fault and a retry will not fix it; do not turn verification off: check the CA, the host name and the proxy."),
    e("lab.give_up.tls", "（TLS 校验失败：停下，不重试）", " (TLS verification failed: stop, never retry)"),
    e("lab.give_up.deadline_fired", "（这次工具调用的总时限到了）", " (the tool call's total deadline is up)"),
    e("lab.outcome.tls", "TLS 校验失败（SSLError，请求没有发出去）", "TLS verification failed (SSLError; nothing was sent)"),
    e("lab.outcome.deadline", "总时限到了（响应还没收完）", "Total deadline reached (the response is still arriving)"),
    e("lab.arrow.tls", "TLS 失败", "TLS failed"),
    e("lab.arrow.dripping", "{status} 慢慢到", "{status} trickling"),
    e("lab.note.dripping", "响应慢慢到：读取超时不断重新计时", "trickling in: the read timeout keeps restarting"),
    e("lab.note.deadline", "总时限到", "total deadline"),
    // The run view.
    e("lab.tenant.name", "租户 {t}", "tenant {t}"),
    e("lab.tenant.line", "{tenant}：{reports}，模型听到的是「{tool}」", "{tenant}: {reports}; its model was told «{tool}»"),
    e("lab.tenant.leak", "跨租户泄漏：请求 #{req} 拿到的是另一个租户存下的响应（对方的 201 和报告 id）；这个租户的报告从没创建，它的模型却以为已经创建。", "Cross-tenant leak: request #{req} got another tenant's stored response (its 201 and report id); this tenant's report was never created, yet its model believes it was."),
    e("lab.tenant.refused", "跨租户拒绝：请求 #{req} 被 422 拒绝，因为另一个租户用同样的字符串存了一个请求体不同的键；这个租户从没重复发过这个请求，它的报告丢了。", "Cross-tenant refusal: request #{req} got 422 because another tenant stored the same key string with another body; this tenant never sent it twice, and its report is lost."),
    e("lab.key.convention", "头的写法：本实验照 Stripe 文档的示例，值不带引号（Idempotency-Key: eval-0001:toolu_01）；IETF 草案里值是结构化字段的 String，要带引号（Idempotency-Key: \"eval-0001:toolu_01\"）。", "Header value: the lab follows Stripe's documentation examples, unquoted (Idempotency-Key: eval-0001:toolu_01); in the IETF draft the value is a structured-field String, quoted (Idempotency-Key: \"eval-0001:toolu_01\")."),
    e("lab.key.namespace_scoped", "键的命名空间按租户划分：tenant / subject / action（例如 {ns}），表的主键是 (tenant, key)。", "The key's namespace is per tenant: tenant / subject / action (e.g. {ns}); the table's primary key is (tenant, key)."),
    e("lab.key.namespace_global", "键是全局的：表的主键只有 key，另一个租户用同样的字符串就会占用它。", "Keys are global: the table's primary key is the key alone, so another tenant's equal string occupies it."),
    e("lab.timers.title", "两个计时器", "Two timers"),
    e("lab.timers.bytes", "响应每 {every} 来几个字节，要到 {complete} 才收完（刻度：每次来字节）。", "A few bytes of the response every {every}; complete at {complete} (ticks: each time bytes arrive)."),
    e("lab.timers.read", "读取超时：两次收到数据之间空闲 {limit}", "Read timeout: {limit} idle between bytes"),
    e("lab.timers.deadline", "总时限：整个工具调用 {limit}", "Total deadline: {limit} for the whole tool call"),
    e("lab.timers.fired", "触发了", "fired"),
    e("lab.timers.never", "没有触发", "never fired"),
    e("lab.timers.lesson", "每来一次字节，读取超时就重新计时，所以它管不住一个一直在慢慢来的响应；只有总时限能结束这次调用。读物：Requests 的 timeout 不是整个业务操作的绝对截止时间，Agent 任务还需要更外层的 deadline。", "Every arrival of bytes restarts the read timeout, so it cannot stop a response that keeps trickling in; only the total deadline ends the call. The reading: Requests' timeout is not an absolute deadline for the whole operation; an agent's task needs an outer deadline too."),
    e("lab.n.key_tenant", "{tenant} 的 Idempotency-Key: {key}", "{tenant}'s Idempotency-Key: {key}"),
    e("lab.matrix.attempts", "；HTTP 尝试 {n} 次", "; {n} HTTP attempts"),
    e("lab.legend.attempts", "每一格的提示里还写着 HTTP 尝试了几次：报告数相同，尝试次数可以不同（TLS 校验失败时，保守客户端 1 次，其他客户端重试到 4 次）。", "Each cell's tooltip also gives the HTTP attempts: the same count of reports can take different numbers of attempts (on a TLS failure, the careful client 1, the others retry to 4)."),
    // Narration.
    e("lab.n.tls_trap", "这个客户端把它当成连接错误重试：Requests 里 SSLError 是 ConnectionError 的子类，过宽的异常分支会把身份校验失败误判为暂时故障。", "This client retries it as a connection error: in Requests, SSLError is a subclass of ConnectionError, and a catch that broad mistakes a failed identity check for a transient fault."),
    e("lab.n.dripping", "请求 #{req} 的响应 {status} 开始到达，但每 {every} 才来几个字节，要到 {complete} 才收完。读取超时（{read}）数的是两次收到数据之间的空闲，每来一个字节就重新计时，所以它不会触发；这次工具调用的总时限在 {deadline}。", "The response {status} to request #{req} starts to arrive, but only a few bytes every {every}; it would be complete at {complete}. The read timeout ({read}) counts idle time between bytes and restarts at every byte, so it never fires; the tool call's total deadline is at {deadline}."),
    e("lab.n.deadline", "这次工具调用的总时限到了：请求 #{req} 的响应还在一点一点地来，harness 不再等了。读取超时一次也没触发。读物：timeout=(3.05, 20) 不是整个业务操作的总 deadline，长响应可能不断收到字节而持续超过 20 秒。", "The tool call's total deadline is up: the response to request #{req} is still trickling in, and the harness stops waiting. The read timeout never fired. The reading: timeout=(3.05, 20) is not a total deadline for the whole operation; a long response can keep receiving bytes for longer than 20 s."),
    // Why a run ended as it did.
    e("lab.why.leak", "键表是全局的：另一个租户用同样的字符串占了这个键，这个租户的请求被当成重试，拿到了对方保存的响应（201 和对方的报告 id）。它自己的报告从来没有创建，模型却被告知「已创建」。读物：不能让其他租户用相同字符串占用全局 key。", "The key table is global: another tenant occupies this key string, so this tenant's request is taken for a retry and gets the other tenant's stored response (201 and the other tenant's report id). Its own report was never created, yet its model is told «created». The reading: another tenant must not occupy a global key with the same string."),
    e("lab.why.tenant_refused", "键表是全局的：另一个租户用同样的字符串占了这个键，请求摘要不同，于是这个租户拿到 422，可它从没用这个键发过别的请求。它的报告丢了。幂等键要按租户划分命名空间。", "The key table is global: another tenant occupies this key string with another digest, so this tenant gets 422, though it never sent anything else with this key. Its report is lost. Idempotency keys need a per-tenant namespace."),
    e("lab.why.title_rewritten", "模型再调工具时改写了标题：新的 tool_use id 让 tool_use 键变了，改写后的标题让业务键也变了，按标题查询也查不到。章节：业务键也有边界，模型把标题改写了就认不出来，只能靠评测侧去重。", "The model rewrote the title when it called again: the new tool_use id changed the tool_use key, the new title changed the business key, and a query by title finds nothing. The chapter: a business key has its limit; once the model rewrites the title it no longer matches, and only deduplication on the evaluation side can help."),
    e("lab.why.total_deadline", "响应一直在一点一点地来，读取超时（两次数据之间的空闲）从没触发；是这次工具调用的总时限结束了等待。服务端已经做完，所以结果未知。", "The response kept trickling in and the read timeout (idle time between bytes) never fired; the tool call's total deadline ended the wait. The server had done the work, so the outcome is unknown."),
    e("lab.unfixable.title_rewritten", "模型改写了标题：tool_use 键和业务键都认不出这是同一份报告，任何服务端机制都帮不上。剩下的只有评测侧去重（第 6 周的 Judge）。", "The model rewrote the title: neither a tool_use key nor a business key recognises the same report, and no server mechanism helps. What remains is deduplication on the evaluation side (week 6's Judge)."),
    // The pass rule's clauses about tenants.
    e("lab.clause.no_leak", "没有租户拿到别的租户保存的响应", "No tenant got another tenant's stored response"),
    e("lab.clause.no_cross_tenant_refusal", "没有租户因为别的租户占了同一个键字符串而被拒", "No tenant was refused for another tenant's key string"),
];
