//! Texts of the counterexample-hunt questions (`exercises::bank_hunt`).

use super::{e, Entry};

pub(super) const ENTRIES: &[Entry] = &[
    e("ex.q.hunt_where_is_counterexample.prompt",
      "atomic（占键、请求摘要、保存错误响应）配稳定键。只勾服务自己数据库里的故障（通知服务、中继、第二个租户、改写标题、TLS 错误和滴答响应都不勾），「找一个反例」用种子 1 列出这个设计的几种坏法，每种一个最小的故障序列。其中「重复报告」、而且有服务端设计能修好的那一种，它的故障序列是哪一个？",
      "atomic (claim, request digest, stored error responses) with a stable key. With only the faults inside the service's own database ticked (no notifier, relay, second tenant, rewritten title, TLS error or trickling response), «Find a counterexample» with seed 1 lists the ways this design fails, each with a smallest fault schedule. Which schedule is the one of the way «duplicate report» that some server design fixes?"),
    e("ex.q.hunt_where_is_counterexample.explain",
      "第 1 次请求在服务端停顿 3.5 秒，超过了 2 秒的单次超时：harness 重试时键还是 in_progress，只能拿到 409，重试用完后把「结果未知」回给模型；模型再调一次工具，是新的 tool_use id，也就是新的键，于是多了第二份报告（换成业务键就认得出这次重新调用）。提交后崩溃也是 atomic 的一种坏法，但不是重复：占位卡在 in_progress，每次重试都得到 409，一份也没提交，要靠租约接管。丢一次响应、重复提交，atomic 都扛得住。通过所有固定场景不等于正确：它证明的只是这些场景。",
      "Attempt 1 stalls 3.5 s in the server, past the 2 s attempt timeout: the harness's retries find the key still in_progress and get 409; out of attempts, it tells the model «outcome unknown», and the model calls the tool again with a new tool_use id, so a new key, and a second report is created (a business key would recognise the re-call). A crash after the commit is another way atomic fails, but no duplicate: the claim stays in_progress, every retry gets 409 and nothing is filed; a lease's takeover mends it. A lost response and a double submit atomic withstands. Passing every fixed scenario is not being correct: it proves those scenarios only."),
    e("ex.opt.hunt_cx_lost_response", "第 1 次请求的响应丢失，harness 重试，其它都正常", "Attempt 1's response is lost and the harness retries; nothing else"),
    e("ex.opt.hunt_cx_double_submit", "同一次工具调用被同时提交两次，其它都正常", "One tool call is submitted twice at once; nothing else"),
    e("ex.opt.hunt_cx_stall_recall", "第 1 次请求停顿 3.5 秒，模型随后再调一次工具", "Attempt 1 stalls 3.5 s, then the model calls the tool again"),
    e("ex.opt.hunt_cx_crash", "第 1 次请求在第一次提交后服务端崩溃，其它都正常", "The server crashes after attempt 1's first commit; nothing else"),
    e("ex.q.hunt_predict_shrunk_count.prompt",
      "leased_unguarded（租约，但写回时既不检查状态也没有 fencing token）配稳定键，缩小后的反例只剩一处故障：第 1 次请求在服务端第一个事务之后停顿 5.3 秒（租约是 5 秒），其它请求和响应都正常。跑完以后库里有几份报告？",
      "leased_unguarded (a lease, but a write-back that checks neither the status nor a fencing token) with a stable key: the shrunk counterexample has one fault left. Attempt 1 stalls 5.3 s after the server's first transaction (the lease is 5 s); every other request and response is delivered. How many reports does the database hold at the end?"),
    e("ex.q.hunt_predict_shrunk_count.explain",
      "2 份。停顿超过了租约，harness 的重试接管了这个键并创建了报告；被接管的慢请求醒来后照样写回，没有任何条件拦住它，又写了一份。这就是本章说的：占位过了租约被别的请求接管后，原来那个慢请求醒过来还会再写一份，所以写回时要带 fencing token。把停顿缩短到租约以内，它就不再失败：缩小正是在这里停下的。",
      "2. The stall outlasts the lease, so the harness's retry takes the key over and creates the report; the stale request wakes and writes back anyway, since nothing stops it, and writes a second one. This is the chapter's point: after a claim outlives its lease and another request takes it over, the slow original wakes and writes again, so the write-back needs a fencing token. Shorten the stall to within the lease and it no longer fails: that is exactly where the shrinking stopped."),
    e("ex.opt.hunt_count_0", "0 份", "0"),
    e("ex.opt.hunt_count_1", "1 份", "1"),
    e("ex.opt.hunt_count_2", "2 份", "2"),
    e("ex.q.hunt_none_found_proof.prompt",
      "fenced 配业务键（business_key），只勾服务自己数据库里的故障，再去掉「第二天重启」，「找一个反例」试了 20,000 个故障序列，页面说「没有找到反例，这不是证明」。为什么不是证明？",
      "fenced with a business key, with only the faults inside the service's own database ticked and next-day restarts unticked: «Find a counterexample» tries 20,000 fault schedules and the page says «no counterexample found; this is not a proof». Why is it not a proof?"),
    e("ex.q.hunt_none_found_proof.explain",
      "随机搜索只能说明：在生成器造得出的故障里、试过的这些序列中没碰到失败。把「第二天重启」勾回来，第一批序列里就有反例：响应丢了，harness 第二天才重发，键已经过了保留期被清理，服务端把它当成新请求，又建了一份。没勾的故障（第二个租户、模型改写标题、通知服务与 outbox 中继、TLS 错误、滴答响应）根本没被试过：勾上「模型改写标题」，业务键也认不出同一份报告；勾上通知服务的故障，没有 outbox 的 fenced 会漏发或重发通知。生成器自己也还造不出有些故障，比如通知服务本身崩溃。本章的话是：它证明本地约束与恢复流程，仍不证明分布式 exactly-once。",
      "A random search shows only that no failure turned up among the schedules tried, made of the faults the generator can produce. Tick next-day restarts again and a counterexample comes at once: the response is lost, the harness resends the next day after the key was pruned, and the server treats it as a new request and creates a second report. The faults left unticked (a second tenant, rewritten titles, the notifier and outbox relay, TLS errors, trickling responses) were never tried at all: tick rewritten titles and the business key no longer recognises the report; tick the notifier's faults and fenced, without an outbox, loses or repeats a notification. Some faults the generator cannot produce yet, such as the notifier itself crashing. In the chapter's words: it proves the local constraints and the recovery flow, and still does not prove distributed exactly-once."),
    e("ex.opt.hunt_proof_correct", "是证明：反例搜索会先试最容易出错的故障组合，这些都过了，其余组合只会更安全", "It is a proof: the search tries the riskiest fault combinations first; those pass, and the rest are safer"),
    e("ex.opt.hunt_proof_budget", "只是预算不够：把预算加到 200,000，还没找到就算证明", "Only the budget is too small: at 200,000 with none found, it is a proof"),
    e("ex.opt.hunt_proof_not", "只试了勾选故障的部分组合；勾回「第二天重启」就有反例", "It tried some combinations of the ticked faults; tick next-day restarts and one appears"),
];
