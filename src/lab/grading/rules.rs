//! The chapter's rules that a design of the lab can break, as data: which
//! (client, server design) combination breaks which rule, and the passage each rule
//! comes from. «试试修好的版本» never suggests a combination that breaks one,
//! and the end of a run names the rules its own combination breaks, even
//! when this run happened to end well.
//!
//! The passages (the translation table's `lab.rule.<id>`, zh-CN quoted from
//! the chapter, `000_*.txt`):
//! - `insert_before_key`: «❌ "先插数据，再记幂等键就行"：两步之间崩溃会留下没登记的数据，重试又插一份。»
//! - `new_key_per_attempt`: «❌ "每次请求都带一个新的 UUID 当幂等键"：键要标识一次逻辑操作，重试必须复用。»
//! - `replay_changed_body`: the table row «同键、不同请求体 | SHOULD 返回 422 | 比较参数，不一致就报错».
//! - `retry_without_dedup`: RFC 9110 as the chapter quotes it, «客户端 SHOULD NOT
//!   自动重试非幂等方法的请求，除非它有办法知道这个请求实际上是幂等的，或者能检测到原请求没有生效。»
//! - `lease_without_fence`: «所以租约要大于"客户端超时 + 最长处理时间"，再用 fencing token 兜底».
//! - `retry_tls` (broken in a run): `001_*.txt`'s first branch, a TLS,
//!   certificate or host name failure: stop and check, never retry.
//! - `rerun_failure` (broken in a run): a failed handler's stored 500 is
//!   replayed (Stripe, «包括 500»), never re-run.
//! - `retry_hopeless`: 000's table, «其他 HTTP 429 只有带 Retry-After 才重试；
//!   额度类 429 直接终止», and 001's «不可重试 4xx … 直接返回错误».
//! - `shorten_retry_after`: 001, «不能把 120 秒静默截成 2 秒后提前重试».
//! - `no_deadline`: 001, «这个工具调用总共最多 45 秒».
//!
//! The harness's retry rules ([`harness_breaks`]) are broken by design as
//! soon as the harness would do it (a harness that retries TLS breaks
//! `retry_tls` on every server); a run breaks them when it shows the retry
//! itself ([`crate::lab::grading::judgement::Clause`]), and only then fails
//! its row.

use crate::kernel::ids::id_enum;
use crate::lab::harness::{
    Class, Harness, HarnessPreset, KeyChoice, RetryAfterChoice, UnknownChoice,
};
use crate::lab::model::design::Design;

id_enum! {
    serde_by_name;
    /// A rule of the chapter a design can break (the last two only a run
    /// shows: [`crate::lab::grading::judgement::Clause::rule`]).
    #[derive(serde::Serialize)]
    #[derive(borsh::BorshSerialize, borsh::BorshDeserialize)]
    Rule {
        /// The report is committed before the key is recorded (`record_after`).
        InsertBeforeKey => "insert_before_key",
        /// A fresh key on every attempt (`new_key`).
        NewKeyPerAttempt => "new_key_per_attempt",
        /// A known key's stored response is replayed without comparing the
        /// body (a key record without `digest`; a run shows it when a retry
        /// changed its body, see [`crate::lab::Run::changed_body_replays`]).
        ReplayChangedBody => "replay_changed_body",
        /// A POST is retried automatically although nothing makes it
        /// idempotent: no key (`naive` client), or a server that keeps no key
        /// record behind a client that retries.
        RetryWithoutDedup => "retry_without_dedup",
        /// An expired claim is taken over without a fencing token (`lease`
        /// without `fence`).
        LeaseWithoutFence => "lease_without_fence",
        /// A TLS, certificate or host name failure was retried (`001_*.txt`'s
        /// first branch: «停止并核对 CA、主机名和代理», never retried).
        RetryTls => "retry_tls",
        /// A report was filed where none could be: a failed handler's 500
        /// re-run instead of replayed (000: «SHOULD 返回上一次的结果（成功或
        /// 错误）»; 003: a failed handler proves nothing about side effects),
        /// or a refusal that ends the call retried.
        RerunFailure => "rerun_failure",
        /// A 4xx other than 408, 409 and 429 (or a 429 without a readable
        /// `Retry-After`), or a quota 429, is retried: the same request
        /// meets the same refusal.
        RetryHopeless => "retry_hopeless",
        /// A valid `Retry-After` is ignored or shortened: a retry goes out
        /// before the wait the server asked for is over.
        ShortenRetryAfter => "shorten_retry_after",
        /// The tool call has no total deadline: nothing bounds how long the
        /// model waits for its answer.
        NoDeadline => "no_deadline",
        /// The model is told «提交失败» when the outcome is unknown
        /// (`unknown_failed`): a lie whenever the report was in fact filed.
        UnknownAsFailed => "unknown_as_failed",
        /// An operation whose effect was made is executed again: an
        /// uncertain record taken over or released and re-run (003: «若记录
        /// 仍是 uncertain，则只能对账或转人工，不能当成首次执行»; broken in a
        /// run).
        RerunUncertain => "rerun_uncertain",
        /// A downstream effect made without a valid one-time approval (003:
        /// «approval binding for new execution»; broken in a run).
        ApprovalBypassed => "approval_bypassed",
    }
}

id_enum! {
    serde_by_name;
    /// What a combination is allowed to do but the grade marks: 001's
    /// «仅在库能明确分类时仍需谨慎».
    #[derive(serde::Serialize)]
    #[derive(borsh::BorshSerialize, borsh::BorshDeserialize)]
    Caution {
        /// A POST without a key is retried after a refused connection or a
        /// connect timeout: nothing was sent, if the library classified
        /// the failure right.
        RefusedWithoutKey => "refused_without_key",
    }
}

impl Caution {
    /// Translation key of the caution as the chapter states it.
    pub fn key(self) -> String {
        format!("lab.caution.{}", self.id())
    }
}

/// The cautions the combination earns by design: allowed, and marked.
pub fn design_cautions(harness: impl Into<Harness>, design: impl Into<Design>) -> Vec<Caution> {
    let (h, d) = (harness.into(), design.into());
    let no_dedup = h.key == KeyChoice::None || !d.keyed();
    let refused = h.retries(Class::Refused) || h.sdk;
    if no_dedup && refused {
        vec![Caution::RefusedWithoutKey]
    } else {
        Vec::new()
    }
}

impl Rule {
    /// Translation key of the rule as the chapter states it.
    pub fn key(self) -> String {
        format!("lab.rule.{}", self.id())
    }
}

/// Whether this harness retries a request that may already have run (a
/// read timeout, a 5xx, a 409; `careful` retries only a connection that
/// provably sent nothing).
/// The SDK layer retries a read timeout, a 5xx and a 409 by itself.
fn retries_maybe_executed(h: Harness) -> bool {
    h.sdk
        || Class::ALL
            .into_iter()
            .any(|c| c.maybe_ran() && h.retries(c))
}

/// Whether the harness retries what can never succeed: another 4xx or a
/// quota 429 (the SDK layer retries every 429, quota included).
fn retries_hopeless(h: Harness) -> bool {
    h.retries(Class::Other4xx) || h.retries(Class::Quota429) || h.sdk
}

/// Whether the harness may retry before a readable `Retry-After` is over:
/// it ignores the header, or its SDK layer cuts a value above a minute to
/// its own backoff.
fn shortens_retry_after(h: Harness) -> bool {
    h.retry_after == RetryAfterChoice::Ignore || h.sdk
}

/// The chapter's rules the server design breaks by itself: those it breaks
/// behind the `chapter` harness, which breaks none of its own. A change of
/// the server can mend only these.
pub fn server_breaks(design: impl Into<Design>) -> Vec<Rule> {
    design_breaks(HarnessPreset::Chapter, design)
}

impl Rule {
    /// A rule about the harness's retries alone (what it retries, how long
    /// it waits, its deadline), whatever the server: [`harness_breaks`].
    pub fn harness_only(self) -> bool {
        matches!(
            self,
            Rule::RetryTls | Rule::RetryHopeless | Rule::ShortenRetryAfter | Rule::NoDeadline
        )
    }
}

/// The chapter's retry rules the harness breaks by design, on every server
/// and whatever a run of it shows: it would retry a TLS failure, a 4xx or a
/// quota 429, retry before a readable `Retry-After` is over, or it has no
/// total deadline. A run that shows the retry fails its row
/// ([`crate::lab::grading::judgement::Clause`]); these mark the harness.
///
/// They are kept apart from [`design_breaks`], the rules about side effects
/// (the key and the server), because the six old clients that retry TLS
/// (they catch `ConnectionError`, `SSLError` included) would otherwise break
/// a rule with every server, and a fix or a challenge built on them could
/// never be found; the tls_error row still fails them.
pub fn harness_breaks(harness: impl Into<Harness>) -> Vec<Rule> {
    let h = harness.into();
    Rule::ALL
        .into_iter()
        .filter(|r| match r {
            Rule::RetryTls => h.retries(Class::Tls) || h.sdk,
            Rule::RetryHopeless => retries_hopeless(h),
            Rule::ShortenRetryAfter => shortens_retry_after(h),
            Rule::NoDeadline => h.deadline_ms.is_none(),
            _ => false,
        })
        .collect()
}

/// The chapter's rules about side effects the combination breaks by
/// design (the key and the server), whatever a run of it happens to show;
/// the harness's retry rules are [`harness_breaks`].
pub fn design_breaks(harness: impl Into<Harness>, design: impl Into<Design>) -> Vec<Rule> {
    let (h, d) = (harness.into(), design.into());
    let no_dedup = h.key == KeyChoice::None || !d.keyed();
    Rule::ALL
        .into_iter()
        .filter(|r| match r {
            Rule::NewKeyPerAttempt => h.key == KeyChoice::PerAttempt,
            Rule::RetryWithoutDedup => no_dedup && retries_maybe_executed(h),
            Rule::UnknownAsFailed => h.unknown == UnknownChoice::SayFailed,
            r if r.harness_only() => false,
            _ => mechanisms_break(d, *r),
        })
        .collect()
}

/// Whether one of the design's mechanisms breaks `rule` and none mends it
/// (a key record without a digest replays a changed body; a lease without
/// a fence lets a stale handler write back).
fn mechanisms_break(d: Design, rule: Rule) -> bool {
    let ms = d.mechanisms();
    let says = |list: fn(&crate::lab::mechanisms::Def) -> &'static [&'static str]| {
        ms.iter().any(|m| list(m.def()).contains(&rule.id()))
    };
    says(|m| m.breaks) && !says(|m| m.mends)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::model::ids::ClientStrategy;
    use crate::lab::{Mechanism, Preset};

    #[test]
    fn the_chapters_anti_patterns_break_their_rules() {
        use ClientStrategy as C;
        use Preset as S;
        assert!(design_breaks(C::StableKey, S::KeySplit).contains(&Rule::InsertBeforeKey));
        assert!(design_breaks(C::StableKey, S::KeySplit).contains(&Rule::ReplayChangedBody));
        assert!(design_breaks(C::NewKey, S::Fenced).contains(&Rule::NewKeyPerAttempt));
        assert!(design_breaks(C::Naive, S::Fenced).contains(&Rule::RetryWithoutDedup));
        assert!(design_breaks(C::StableKey, S::Naive).contains(&Rule::RetryWithoutDedup));
        assert!(design_breaks(C::BusinessKey, S::Leased).contains(&Rule::LeaseWithoutFence));
        // The careful client never retries what may have run, so a server
        // that ignores keys breaks nothing behind it.
        assert!(design_breaks(C::Careful, S::Naive).is_empty());
        for c in [C::StableKey, C::BusinessKey, C::QueryFirst, C::Careful] {
            for s in [S::Atomic, S::Fenced] {
                assert!(design_breaks(c, s).is_empty(), "{c:?} {s:?}");
            }
        }
    }

    #[test]
    fn rules_follow_the_mechanisms_not_the_preset_names() {
        use Mechanism::*;
        use Rule::*;
        let claim = Design::of(&[Claim]);
        // A key record without a digest replays a changed body, whichever
        // way the key is kept; with one, it answers 422.
        assert_eq!(server_breaks(claim), vec![ReplayChangedBody]);
        assert!(server_breaks(claim.with(Digest)).is_empty());
        assert_eq!(
            server_breaks(Design::of(&[RecordAfter, Digest])),
            vec![InsertBeforeKey]
        );
        // A lease without a fence, guarded or not.
        assert_eq!(
            server_breaks(Preset::LeasedUnguarded),
            vec![LeaseWithoutFence]
        );
        let fenced_unguarded = Preset::Fenced.design().without(Guard);
        assert!(server_breaks(fenced_unguarded).is_empty());
        // No key record: a retrying client has nothing to deduplicate by.
        assert_eq!(server_breaks(Design::NONE), vec![RetryWithoutDedup]);
        assert!(design_breaks(ClientStrategy::Careful, Design::NONE).is_empty());
        // The client's own rules are not the server's.
        assert_eq!(
            design_breaks(ClientStrategy::NewKey, Preset::Fenced),
            vec![NewKeyPerAttempt]
        );
        assert!(server_breaks(Preset::Fenced).is_empty());
    }

    #[test]
    fn every_rule_a_mechanism_names_is_a_rule() {
        for m in crate::lab::Mechanism::ALL {
            for r in m.def().breaks.iter().chain(m.def().mends) {
                assert!(Rule::from_id(r).is_some(), "{m:?}: rule {r}");
            }
        }
    }
}
