//! Texts of the one judgement of a run: the endings a failure gets words
//! of its own for, the pass rule's clauses that ask for exactly one report
//! where one is possible, and the two rules a run
//! breaks by itself (`001_*.txt`'s first branch; 000's table row «包括 500»).

use super::{e, Entry};

pub(super) const ENTRIES: &[Entry] = &[
    // Endings.
    e("lab.ending.nothing_filed", "没有报告，可这份报告本来能提交", "no report, though one could have been filed"),
    e("lab.ending.notification", "报告数对，通知不对（丢了、重复了，或通知了不存在的报告）", "the reports are right, the notifications are not (lost, duplicated, or about a report that does not exist)"),
    e("lab.ending.rule_broken", "这次运行违反了章节的规则", "the run broke a rule of the chapter"),
    // Clauses.
    e("lab.clause.report_where_possible", "能提交的时候，每个租户的请求都留下了一份报告", "Where a report could be filed, each tenant's request filed one"),
    e("lab.clause.no_report_where_impossible", "不可能提交的时候，也没有冒出报告", "Where no report could be filed, none appeared"),
    e("lab.clause.no_tls_retry", "TLS、证书或主机名校验失败后没有重试", "No TLS, certificate or host name failure was retried"),
    // Rules a run breaks by itself.
    e("lab.rule.retry_tls", "读物决策树的第一个分支：TLS、证书或主机名校验失败时，停止并核对 CA、主机名和代理；不关闭验证，也不重试掩盖问题。", "The first branch of the reading's decision tree: when TLS, certificate or host name verification fails, stop and check the CA, the host name and the proxy; do not turn verification off, and do not retry to hide the problem."),
    e("lab.rule.rerun_failure", "章节的幂等键表：同键、同请求体、上一次已完成，SHOULD 返回上一次的结果（成功或错误），Stripe 包括 500。读物 003：写 handler 出错时不能据此断言“没有发生副作用”，要阻止重放。失败之后重新执行、又留下一份报告，就违反了这两条。", "The chapter's idempotency-key table: same key, same body, the earlier one finished: SHOULD return the earlier result (success or error), Stripe including a 500. Reading 003: a failed write handler does not prove that «no side effect happened»; block the replay. Running it again after the failure and leaving a report breaks both."),
    // Causes.
    e("lab.why.gave_up", "没有报告，可这份报告本来能提交：同一个键重试一次就安全，客户端却放弃了（或者没等 Retry-After 就交了差）。章节断言的是「库里只有一份」，不是「最多一份」。", "No report, though one could have been filed: a retry with the same key was safe, yet the client gave up (or did not wait out the Retry-After). The chapter asserts «exactly one in the database», not «at most one»."),
    e("lab.why.notification", "报告数是对的，通知却不对：有的报告没通知到、被通知了两次，或者通知的报告根本不存在。一份报告也要对应一次通知。", "The report count is right, the notifications are not: a report was not notified, was notified twice, or a notification names a report that does not exist. One report also needs exactly one notification."),
    e("lab.why.tls_retried", "TLS、证书或主机名校验失败，客户端却按连接错误重试了：请求一次也没发出去，重试只会掩盖问题。读物决策树的第一个分支：停止并核对 CA、主机名和代理。", "TLS, certificate or host name verification failed, yet the client retried it as a connection error: nothing was ever sent, and retrying only hides the problem. The first branch of the reading's decision tree: stop and check the CA, the host name and the proxy."),
    e("lab.why.rerun_failure", "第一次处理失败（500），重试却让服务端又执行了一遍，留下一份报告。章节：同键重试 SHOULD 返回上一次的结果（成功或错误），Stripe 包括 500；读物 003：失败的写 handler 不能证明没有副作用。", "The first handling failed (500), and the retry made the server run it again, leaving a report. The chapter: a retry with the same key SHOULD get the earlier result (success or error), Stripe including a 500; reading 003: a failed write handler does not prove there was no side effect."),
    // The matrix's mark.
    e("lab.legend.rule_broken", "这个组合违反了本章的规则（设计上，或在这次运行里）：即使报告数对，也不算修好", "the combination breaks a rule of the chapter (by design, or in this run): not a fix, even where the count is right"),
    // The tenant's fix.
    e("lab.end.tenant_fix", "服务端的修法：加上「{mech}」（读物 003：先按 tenant、subject 与 action 定义 key 的命名空间）", "The server's fix: add «{mech}» (reading 003: define the key's namespace by tenant, subject and action first)"),
    // The fix hint.
    e("build.fix.no_better_client", "有的客户端能让这一行通过，但在整个套件上它的得分不比现在的客户端高：换过去只是换一种失败。", "Some client makes this row pass, but it scores no higher on the whole suite than the current one: switching only trades one failure for another."),
    // Verdicts per tenant.
    e("lab.verdict.tenant", "{tenant}：{count}，{ending}", "{tenant}: {count}, {ending}"),
];
