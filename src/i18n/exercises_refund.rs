//! Texts of 003's 动手实践, `create_refund` (`exercises::bank_refund`), and
//! of the cases kind's form and result.
//! This file is a table, so its lines are long.

use super::{e, Entry};

pub(super) const ENTRIES: &[Entry] = &[
    // The cases kind: form and result.
    e("ex.kind.cases", "分情形作答", "Case by case"),
    e("ex.cases_legend", "每种情形各选三项", "Three picks per case"),
    e("ex.case_placeholder", "请选择…", "Choose…"),
    e("ex.need_every_part", "每种情形的每一项都要选：「{case}」的「{part}」还没选", "Every part of every case needs a pick: «{part}» of «{case}» has none yet"),
    e("ex.cases_score", "{right}/{total} 项正确", "{right} of {total} parts right"),
    e("ex.case_ok", "这一项对了", "this part is right"),
    e("ex.case_bad", "这一项错了", "this part is wrong"),
    e("ex.case_should_be", "应为「{answer}」", "should be «{answer}»"),
    e("ex.cases_table", "每种情形、每一项的判分", "Each case, part by part"),
    e("ex.cases_col_case", "情形", "Case"),
    e("ex.cases_col_lab", "实验室", "Lab"),
    e("ex.case.later_reconcile", "实验室暂时还不能运行这一情形：它要用状态查询（status_ref）和下游回执对账，实验室还没有这两样。", "The lab cannot run this case yet: it needs a status query (status_ref) and downstream receipts to reconcile, which the lab does not have yet."),
    e("ex.case.later_approval", "实验室暂时还不能运行这一情形：实验室的服务端还没有一次性审批。", "The lab cannot run this case yet: the lab's servers have no one-time approval yet."),
    e("ex.case.later_auth", "实验室暂时还不能运行这一情形：实验室还没有「重试前撤销权限」这一故障，服务端也还不在重放前重新检查权限。", "The lab cannot run this case yet: the lab has no «permission revoked before the retry» fault, and its servers do not re-check permission before a replay yet."),
    // The question.
    e("ex.q.create_refund_design.prompt", "「幂等、超时与可观测性」的动手实践：create_refund（创建退款，下游是支付服务）为每个幂等键持久化一条记录：tenant/subject/action、请求摘要、status（in_progress、succeeded 或 failed；结果说不清时记为 unknown）和结果引用。下面七种情形，各选出这一步里记录的状态转移、这次调用能否重试（怎样重试）和用户看到的状态。每一项单独判分。", "The hands-on exercise of «Idempotency, timeouts and observability»: create_refund (a refund, with a payment service downstream) persists one record per idempotency key: tenant/subject/action, the request digest, a status (in_progress, succeeded or failed; unknown when nobody can tell the outcome) and a reference to the result. For each of the seven cases below, choose the record's state transition in this step, whether the call may be retried (and how), and what the user sees. Each part is graded on its own."),
    e("ex.q.create_refund_design.explain", "阅读材料的规则依次是：key 不存在就原子地创建 in_progress 再执行；同 key 同摘要返回原状态和结果、不再执行；同 key 不同摘要是 IDEMPOTENCY_CONFLICT；顺序是 schema/auth → 幂等冲突与本地记录检查 → 为新的执行绑定审批 → 执行 → 保存结果。1 第一次：无记录 → in_progress → succeeded；同 key 再发只会拿回原结果。2 同 key 同参数：记录不变，重新确认权限后返回原结果，用户看到「已退款」。3 同 key 不同 amount：记录不变，IDEMPOTENCY_CONFLICT；幂等冲突默认不自动重试，改过的金额是另一个业务意图，要用新 key（和它自己的审批）。把原结果当成这次的结果返回，就是「同 key 不比较参数摘要」。4 下游成功、落库前崩溃：不能仅凭超时判断副作用没发生，也不能当成首次执行再退一次款；记录从 in_progress 变成 unknown（OUTCOME_UNKNOWN），再调用写工具只会继续返回未知，只能用 status_ref 调用 query_operation_status 对账，有回执才回填成 succeeded，没有证据就转人工。用户看到「结果核对中」，不是「失败」：告诉用户失败，用户就会再提交一次。5 审批过期：审批在新的执行之前检查，什么都没执行，也不留下记录（留下 failed 或 in_progress，同 key 的下一次就会被它挡住）；审批无效默认不自动重试，要先有一份绑定这次动作的新审批。6 权限在重试前撤销：auth 排在最前面，记录不变；不能因为缓存里有结果就返回它（「缓存命中跳过当前授权检查」），无权限默认不自动重试。7 下游 429 带 Retry-After：这是已知没有开始的暂态失败，retry_after 只用于这种情况；没有执行，也不记 failed（否则同 key 的重试只会重放失败）；等够 Retry-After、剩余总 deadline 还够时，用同一个 key 重试，用户看到「排队中」。实验室能运行的情形（1、2、3、7）在下方给出运行链接。", "The reading's rules, in order: no key yet → create in_progress atomically, then execute; same key and digest → return the original state and result without executing; same key, different digest → IDEMPOTENCY_CONFLICT; and the order is schema/auth → idempotency conflict and local-record check → approval bound to a new execution → execute → persist the result. 1 First call: no record → in_progress → succeeded; resending the same key only returns the original result. 2 Same key and arguments: the record is unchanged; after re-checking permission the original result is returned and the user sees «Refunded». 3 Same key, different amount: the record is unchanged, IDEMPOTENCY_CONFLICT; conflicts are not retried automatically, and a changed amount is another business intent, which needs a new key (and its own approval). Returning the original result as this one's is «not comparing the request digest under the same key». 4 Downstream succeeded, crash before saving: a timeout does not prove that no side effect happened, and the call must not be taken as a first execution and refunded again; the record goes from in_progress to unknown (OUTCOME_UNKNOWN); calling the write tool again only returns unknown, so reconcile with query_operation_status and the status_ref, backfill succeeded once the receipt proves it, and hand it to a person without evidence. The user sees «Result being checked», not «failed»: a user told «failed» submits again. 5 Approval expired: approval is checked before a new execution, nothing runs and no record is left (a failed or in_progress record would stop the key's next attempt); an invalid approval is not retried automatically, it needs a new approval bound to this action first. 6 Permission revoked before the retry: auth comes first and the record is unchanged; a cached result must not be returned because it exists («a cache hit skipping the current authorisation check»), and a missing permission is not retried automatically. 7 Downstream 429 with Retry-After: a transient failure known not to have started, the only case for retry_after; nothing ran and nothing is recorded as failed (a same-key retry would replay the failure); after the full Retry-After, with enough total deadline left, retry with the same key; the user sees «Queued». The cases the lab can run (1, 2, 3, 7) link their runs below."),
    // The cases.
    e("ex.case.refund_1", "1 第一次请求：这个 key 还没有记录，审批有效，下游退款成功", "1 The first request: no record for this key yet, the approval is valid, the downstream refunds"),
    e("ex.case.refund_2", "2 同 key 同参数重试：第一次已经成功，但它的响应在路上丢了", "2 A retry with the same key and arguments: the first succeeded, but its response was lost on the way"),
    e("ex.case.refund_3", "3 同 key，amount 不同：第一次已经成功，这次请求改了 amount", "3 The same key with another amount: the first succeeded, and this request changed the amount"),
    e("ex.case.refund_4", "4 下游已经退款，服务在把结果落库之前崩溃；重启后，同 key 同参数的重试到达", "4 The downstream refunded, and the service crashed before saving the result; after the restart, a retry with the same key and arguments arrives"),
    e("ex.case.refund_5", "5 审批过期：这笔退款从没执行过，它的一次性审批在执行之前过期了", "5 The approval expired: this refund never ran, and its one-time approval expired before execution"),
    e("ex.case.refund_6", "6 用户权限在重试前被撤销：第一次已经成功，重试到达时这个用户已无权发起或查看退款", "6 The user's permission is revoked before the retry: the first succeeded, and when the retry arrives this user may no longer make or view refunds"),
    e("ex.case.refund_7", "7 下游返回 429 和 Retry-After: 2：退款还没有开始，剩余总 deadline 还有 20 秒", "7 The downstream answers 429 with Retry-After: 2: the refund has not started, and 20 s of the total deadline are left"),
    // The parts.
    e("ex.part.refund_transition", "状态转移（这一步之前 → 之后）", "State transition (before → after this step)"),
    e("ex.part.refund_retry", "能否重试", "May it be retried?"),
    e("ex.part.refund_user", "用户看到", "The user sees"),
    // Transitions.
    e("ex.opt.refund_tr_created", "无记录 → in_progress → succeeded", "no record → in_progress → succeeded"),
    e("ex.opt.refund_tr_kept", "succeeded → succeeded（记录不变）", "succeeded → succeeded (unchanged)"),
    e("ex.opt.refund_tr_unknown", "in_progress → unknown", "in_progress → unknown"),
    e("ex.opt.refund_tr_none", "无记录 → 无记录（什么也没执行）", "no record → no record (nothing ran)"),
    e("ex.opt.refund_tr_failed", "in_progress → failed", "in_progress → failed"),
    e("ex.opt.refund_tr_rerun", "作废原记录，重新 in_progress 再执行", "drop the record, run again from in_progress"),
    // Retries.
    e("ex.opt.refund_re_replay", "可以，用同一个 key 重发：只会拿回原结果，不会再执行", "Yes, with the same key: it only returns the original result, nothing runs again"),
    e("ex.opt.refund_re_wait", "可以：等够下游要求的时间，剩余总 deadline 够用时，用同一个 key 再发", "Yes: after the wait the downstream asked for, if the total deadline left allows, with the same key"),
    e("ex.opt.refund_re_query", "不重发写请求：用 status_ref 查询状态来对账，没有证据就转人工", "Never resend the write: reconcile by a status query with status_ref, hand it to a person without evidence"),
    e("ex.opt.refund_re_authz", "现在不自动重试：等缺的授权补上（新的审批或恢复的权限）", "No automatic retry now: only once the missing authorisation is back (a new approval or restored permission)"),
    e("ex.opt.refund_re_stop", "不自动重试：这个 key 不接受改过的请求，新的意图要用新 key", "No automatic retry: this key accepts no changed request, and a new intent needs a new key"),
    e("ex.opt.refund_re_new_key", "可以：马上换一个新 key，带着原来的审批重发", "Yes: resend at once with a new key and the original approval"),
    e("ex.opt.refund_re_backoff", "可以：同一个 key 按指数退避一直重试，直到 deadline 用完", "Yes: keep retrying with the same key and exponential backoff until the deadline runs out"),
    // What the user sees.
    e("ex.opt.refund_user_done", "「已退款」，并显示这笔退款的结果", "«Refunded», with this refund's result"),
    e("ex.opt.refund_user_conflict", "「请求冲突」：这个幂等键已经用于另一份请求", "«Conflicting request»: this idempotency key was used for another request"),
    e("ex.opt.refund_user_checking", "「结果核对中」：这笔退款不会再执行一次", "«Result being checked»: this refund will not run a second time"),
    e("ex.opt.refund_user_approval", "「需要重新审批」", "«A new approval is needed»"),
    e("ex.opt.refund_user_denied", "「无权限」，看不到这笔退款的结果", "«Not permitted», without this refund's result"),
    e("ex.opt.refund_user_later", "「排队中」：稍后自动重试", "«Queued»: retried automatically shortly"),
    e("ex.opt.refund_user_failed", "「退款失败，请重新提交」", "«Refund failed, please submit again»"),
];
