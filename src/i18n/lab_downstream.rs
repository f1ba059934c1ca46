//! Texts of the lab past its own database: the notifier (its mechanisms'
//! names live in their modules, `lab/mechanisms/`), its scenarios, the
//! clauses of the pass rule and the marks of a lost, duplicated or phantom
//! notification. The chapter's words: the first 追问 of `000_*.txt`
//! («副作用不在你的数据库里怎么办？…把幂等键继续传给下游…outbox 模式，投递本身
//! 也要能去重») and `003_*.txt` («在同一事务中写业务状态与 outbox»).

use super::{e, Entry};

pub(super) const ENTRIES: &[Entry] = &[
    // Scenarios.
    e("lab.scenario.crash_before_notify", "提交后、通知前崩溃", "Crash before notifying"),
    e("lab.scenario.crash_before_notify.desc", "服务端的事务已经提交（报告和键都在库里），进程随即死掉，还没来得及通知模块负责人。", "The service's transaction commits (the report and the key are in the database); then the process dies before it notifies the module's owner."),
    e("lab.scenario.notify_then_crash", "通知后、提交前崩溃", "Crash after notifying"),
    e("lab.scenario.notify_then_crash.desc", "进程在 COMMIT 之前死掉，事务回滚。只有「提交前通知」的写法在这之前已经发出了通知：通知里说的那份报告并不存在。", "The process dies before COMMIT and the transaction rolls back. Only the notify-before-commit handler has already sent its notification by then: the report it names does not exist."),
    e("lab.scenario.notifier_timeout", "通知服务超时", "Notifier timeout"),
    e("lab.scenario.notifier_timeout.desc", "通知服务收到第一次调用并发出了通知，但它的响应丢了；调用方等到超时，再调一次。", "The notifier gets the first call and sends its notification, but its answer is lost; the caller times out and calls again."),
    e("lab.scenario.relay_crash", "发送流程崩溃", "Relay crash"),
    e("lab.scenario.relay_crash.desc", "outbox 的发送流程把一条待发送记录投递出去，还没标记「已发送」就死掉；重启后这条记录仍是待发送，于是再投递一次（只有用 outbox 时才不同）。", "The outbox relay delivers a pending row, then dies before marking it sent; after its restart the row is still pending, so it delivers it again (only differs with the outbox)."),
    e("lab.scenario.lease_notify", "租约与通知", "Lease and notification"),
    e("lab.scenario.lease_notify.desc", "和「租约重叠」一样，第一个请求停顿超过租约，被重试接管。接管者先发通知，通知服务回得慢，它还在等；这时原来的慢请求醒来，也发了通知。之后两者才各自提交。", "As in the lease overlap, the first request pauses past its lease and a retry takes over. The taker notifies first and waits for the slow notifier; meanwhile the stale request wakes and notifies too. Only then does either commit."),
    // The notifier's lane.
    e("lab.lane.notifier", "通知", "notifier"),
    // Mechanisms and their group.
    e("lab.group.downstream", "下游（数据库之外）", "Downstream (outside the database)"),
    // Narration of the notifier's steps.
    e("lab.n.note.by_hurried", "请求 #{req} 的处理函数在开事务之前", "Before its transaction, the handler of request #{req}"),
    e("lab.n.note.by_handler", "提交之后，请求 #{req} 的处理函数", "Right after its commit, the handler of request #{req}"),
    e("lab.n.note.by_relay", "发送流程按 outbox 记录 #{row}", "The relay, for outbox row #{row},"),
    e("lab.n.note.sent", "{who}调用通知服务（调用 #{call}：{what}）。", "{who} calls the notifier (call #{call}: {what})."),
    e("lab.n.note.names", "报告 #{id}", "report #{id}"),
    e("lab.n.note.names_none", "还没有报告 id", "no report id yet"),
    e("lab.n.note.dedupe", "去重键 {key}", "dedupe key {key}"),
    e("lab.n.note.token", "fencing token {token}", "fencing token {token}"),
    e("lab.n.note.call_lost", "这次调用在路上丢了。", "The call is lost on the way."),
    e("lab.n.note.recorded", "通知服务收到调用 #{call}，在自己的库里记下，发出通知 #{id}。", "The notifier receives call #{call}, records it in its own database and sends notification #{id}."),
    e("lab.n.note.ignored", "通知服务收到调用 #{call}：这个去重键已经发过（通知 #{id}），忽略，不再发送。", "The notifier receives call #{call}: it has sent this dedupe key already (notification #{id}), so it ignores the repeat."),
    e("lab.n.note.refused", "通知服务拒绝调用 #{call}：token {token} 低于它对这个键接受过的最高值 {highest}，不发送。", "The notifier refuses call #{call}: token {token} is lower than the highest it accepted for this key, {highest}; nothing is sent."),
    e("lab.n.note.answer_lost", "它的答复在路上丢了。", "Its answer is lost on the way back."),
    e("lab.n.note.marked_sent", "发送流程收到答复，把 outbox 记录 #{row} 标记为已发送。", "The relay gets the answer and marks outbox row #{row} sent."),
    e("lab.n.note.retry", "调用 #{call} 等到超时也没有答复，再调一次（调用 #{next}）：答复丢了，不等于通知没发。", "Call #{call} times out without an answer, so it calls again (call #{next}): a lost answer does not mean nothing was sent."),
    e("lab.n.note.give_up", "调用 #{call} 等到超时也没有答复；已经调了 {n} 次，放弃。", "Call #{call} times out without an answer; after {n} calls it gives up."),
    e("lab.n.relay_idle", "发送流程查看 outbox：没有待发送的记录。", "The relay looks at the outbox: no pending row."),
    e("lab.n.relay_down", "发送流程死掉了：通知已经投递出去，它却还没把记录标记为已发送。", "The relay dies: it has delivered the notification but not yet marked the row sent."),
    e("lab.n.relay_back", "发送流程重启，重新查看 outbox 里待发送的记录。", "The relay restarts and looks at the outbox's pending rows again."),
    e("lab.note.relay_down", "发送流程崩溃", "relay dies"),
    e("lab.arrow.notify", "通知 #{call}", "notify #{call}"),
    e("lab.arrow.notify_sent", "已发 #{id}", "sent #{id}"),
    e("lab.arrow.notify_ignored", "重复，忽略", "repeat, ignored"),
    e("lab.arrow.notify_refused", "token 过期，拒绝", "stale token, refused"),
    // «通知发了几次» and its marks.
    e("lab.notes.label", "通知发了几次", "Notifications sent"),
    e("lab.notes.count", "通知 {n} 次", "{n} notified"),
    e("lab.notes.exact", "{count}：每份报告正好通知一次。", "{count}: each report notified exactly once."),
    e("lab.notes.wrong", "{count}，但{faults}：不算「只有一份」。", "{count}, but {faults}: not «just one»."),
    e("lab.notes.short.lost", "漏", "lost"),
    e("lab.notes.short.duplicated", "重", "dup"),
    e("lab.notes.short.phantom", "虚", "phantom"),
    e("lab.notes.lost", "漏发：库里有一份报告，模块负责人却没收到通知（进程在提交后、通知前死掉）。", "Lost: a report exists but its owner was never notified (the process died after the commit, before notifying)."),
    e("lab.notes.duplicated", "重复：同一份报告通知了不止一次（答复丢了又调一次，或发送流程没来得及标记已发送）。", "Duplicated: one report was notified more than once (a lost answer and a second call, or a relay that died before marking its row)."),
    e("lab.notes.phantom", "不存在的报告：通知说的报告随后回滚了，或者根本没写成；事务回滚收不回已经发出的通知。", "Phantom: the notification names a report that was then rolled back, or never written; a rollback cannot recall a notification already sent."),
    e("lab.notes.lost.n", "{n} 份报告漏发了通知", "{n} report(s) never notified"),
    e("lab.notes.duplicated.n", "{n} 次重复通知", "{n} duplicate notification(s)"),
    e("lab.notes.phantom.n", "{n} 次通知说的报告不存在", "{n} notification(s) about a report that does not exist"),
    e("lab.legend.notes", "通知服务发出的通知数（它有自己的数据库）", "notifications the notifier sent (its own database)"),
    e("lab.tables.notifications", "通知服务的 notifications（它自己的数据库）", "The notifier's notifications (its own database)"),
    e("lab.tables.outbox", "outbox（和 reports 在同一个库、同一个事务里写）", "outbox (same database as reports, written in the same transaction)"),
    e("lab.sql.notifier", "通知服务在这一步执行的 SQL", "SQL the notifier ran at this step"),
    // The clauses of the pass rule «只有一份».
    e("lab.clause.at_most_one_report", "库里最多一份报告", "At most one report"),
    e("lab.clause.truth_told", "告诉模型的是实情", "The model was told the truth"),
    e("lab.clause.no_changed_body_replay", "改了请求体的重试没有拿到旧结果", "No changed body got the old response"),
    e("lab.clause.no_lost_notification", "每份报告都通知到了", "Every report was notified"),
    e("lab.clause.no_duplicate_notification", "没有一份报告被通知两次", "No report was notified twice"),
    e("lab.clause.no_phantom_notification", "没有通知一份不存在的报告", "No notification names a missing report"),
];
