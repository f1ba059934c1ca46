//! The test agent's `submit_bug_report` tool: the request body, its digest,
//! the `Idempotency-Key` per client strategy, and the retry policy (per-attempt
//! timeout, maximum attempts, backoff with jitter, `Retry-After`, deadline).

use crate::kernel::rng::LabRng;
use rand::RngCore;
use serde_json::json;
use sha2::{Digest, Sha256};

use crate::lab::harness::KeyChoice;

/// The report the agent files.
pub const MODULE: &str = "export";
pub const TITLE: &str = "Export crashes on an empty CSV";
/// The same bug in the model's own words when it calls again (`rewrite_title`).
pub const TITLE_REWRITTEN: &str = "App crashes when exporting a CSV without rows";

/// The second tenant's agent files its own, different report.
pub const OTHER_MODULE: &str = "login";
pub const OTHER_TITLE: &str = "Login page is blank in Safari";
/// The tenants, as the service knows them from each agent's credentials.
pub const TENANTS: [&str; 2] = ["tenant-a", "tenant-b"];

/// What the service records a key under when its namespace is the tenant's
/// (`tenant_scope`): the seed's `tenant / subject / action`, the subject
/// being the evaluation agent's service principal and the action the tool.
pub const SUBJECT: &str = "eval-agent";
pub const ACTION: &str = "submit_bug_report";

/// The report a tool call of `tenant` files: its module and title
/// (`rewritten`: the model's paraphrase of the first tenant's title).
pub fn report_of(tenant: usize, rewritten: bool) -> (&'static str, &'static str) {
    match (tenant, rewritten) {
        (0, false) => (MODULE, TITLE),
        (0, true) => (MODULE, TITLE_REWRITTEN),
        _ => (OTHER_MODULE, OTHER_TITLE),
    }
}

/// A tool_use id from a per-tenant counter (`toolu_01`, `toolu_02`, …):
/// how two tenants' harnesses come to send the same key string.
pub fn counted_tool_use_id(n: usize) -> String {
    format!("toolu_{n:02}")
}

/// The key `tenant_scope` passes on to the notifier (`downstream_key`): the
/// key string inside its namespace, so two tenants' equal key strings stay
/// two keys downstream too.
pub fn scoped_key(tenant: usize, key: &str) -> String {
    let tenant = TENANTS[tenant.min(TENANTS.len() - 1)];
    format!("{tenant}/{SUBJECT}/{ACTION}:{key}")
}

/// The digest `tenant_scope` stores: the tenant is part of the request's
/// identity (`003_*.txt`: d = H(tenant, subject, tool, canonical(arguments), …)).
pub fn tenant_digest(tenant: &str, body_digest: &str) -> String {
    sha256_hex(&[tenant, "/", SUBJECT, "/", ACTION, ":", body_digest])
}

/// SHA-256 of `parts` written one after another, hex. A thread keeps its
/// last few answers: a run asks for the same few digests again at every
/// attempt, arrival, approval and fence (its requests' bodies, keys and
/// tenants), and hashing them again was a seventh of a hunt's time. They
/// are a pure function's answers, so every result stays the same.
fn sha256_hex(parts: &[&str]) -> String {
    SHA256_HEX.with(|memo| {
        let mut memo = memo.borrow_mut();
        if let Some((_, d)) = memo.iter().find(|(t, _)| is_concat(t, parts)) {
            return d.clone();
        }
        let text = parts.concat();
        let d = hex::encode(Sha256::digest(text.as_bytes()));
        if memo.len() == DIGESTS_KEPT {
            memo.remove(0);
        }
        memo.push((text, d.clone()));
        d
    })
}

/// Whether `text` is `parts` written one after another.
fn is_concat(text: &str, parts: &[&str]) -> bool {
    let mut rest = text;
    for p in parts {
        match rest.strip_prefix(p) {
            Some(r) => rest = r,
            None => return false,
        }
    }
    rest.is_empty()
}

/// How many recent digests [`sha256_hex`] keeps per thread.
const DIGESTS_KEPT: usize = 8;

thread_local! {
    /// The last [`DIGESTS_KEPT`] `(text, SHA-256 hex)`.
    static SHA256_HEX: std::cell::RefCell<Vec<(String, String)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The run id of the evaluation (stable for a seed).
pub fn run_id(seed: u64) -> String {
    format!("eval-{:04}", seed % 10_000)
}

/// The JSON body. `render` numbers the rendering of the details: a
/// re-render (say, the markdown regenerated) changes them, and so the digest.
pub fn body(run_id: &str, render: u32) -> serde_json::Value {
    report_body(run_id, render, (MODULE, TITLE))
}

/// The JSON body of any report (`report`: module and title).
pub fn report_body(run_id: &str, render: u32, report: (&str, &str)) -> serde_json::Value {
    json!({
        "run_id": run_id,
        "module": report.0,
        "title": report.1,
        "details": details(render),
    })
}

/// The severity the model writes when its arguments are malformed
/// (`client_error`): not one the service accepts.
pub const MALFORMED_SEVERITY: &str = "P0!!";

/// The body with the model's malformed field in it.
pub fn with_malformed_field(mut body: serde_json::Value) -> serde_json::Value {
    body["severity"] = json!(MALFORMED_SEVERITY);
    body
}

/// The report of tool call `task` (0-based) when the model files several
/// different ones at once: the first keeps `title`, the others are
/// numbered, so each has its own business identity.
pub fn task_title(title: &str, task: usize) -> std::borrow::Cow<'_, str> {
    match task {
        0 => title.into(),
        n => format!("{title} #{}", n + 1).into(),
    }
}

/// The report's details. A re-render (the markdown regenerated) words them
/// differently, so the digest changes.
fn details(render: u32) -> String {
    let base = "Open Reports, click Export, choose CSV with no rows: the app crashes.";
    match render {
        0 | 1 => base.to_string(),
        n => format!("{base} Regenerated draft {n}: same bug, new wording."),
    }
}

/// Canonical JSON: object keys sorted, no whitespace. The key is a header,
/// never part of the body, so it is not in the digest.
pub fn canonical(v: &serde_json::Value) -> String {
    let mut out = Vec::with_capacity(256);
    write_canonical(&mut out, v);
    String::from_utf8(out).expect("JSON is UTF-8")
}

/// Appends `v`'s canonical JSON to `out`: one buffer for the whole body
/// (every request's digest is computed from it).
fn write_canonical(out: &mut Vec<u8>, v: &serde_json::Value) {
    match v {
        serde_json::Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
            out.push(b'{');
            for (i, (k, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_leaf(out, k);
                out.push(b':');
                write_canonical(out, item);
            }
            out.push(b'}');
        }
        serde_json::Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_canonical(out, item);
            }
            out.push(b']');
        }
        leaf => write_leaf(out, leaf),
    }
}

/// A key, string, number, boolean or null as compact JSON.
fn write_leaf(out: &mut Vec<u8>, leaf: &(impl serde::Serialize + ?Sized)) {
    serde_json::to_writer(out, leaf).expect("writing JSON to a Vec cannot fail");
}

/// SHA-256 of the canonical body, hex.
pub fn digest(v: &serde_json::Value) -> String {
    sha256_hex(&[&canonical(v)])
}

/// Lower-case words joined by `-`: "Export crashes on an empty CSV" →
/// "export-crashes-on-an-empty-csv".
pub fn normalise_title(title: &str) -> String {
    title
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .collect::<Vec<_>>()
        .join("-")
}

/// The business key: same evaluation run, same module, same normalised
/// title. The header carries a SHA-256 of those fields (canonical JSON),
/// never the title itself: 001, «key 本身不应含用户隐私或业务秘密». 32 hex
/// digits (128 bits, a UUID's size) keep it short enough to read.
pub fn business_key(run_id: &str, module: &str, title: &str) -> String {
    let fields = json!({
        "run_id": run_id,
        "module": module,
        "title": normalise_title(title),
    });
    let sum = sha256_hex(&[&canonical(&fields)]);
    format!("biz-{}", &sum[..BUSINESS_KEY_HEX])
}

/// Hex digits of the business key's digest.
pub const BUSINESS_KEY_HEX: usize = 32;

/// A tool_use id as the model API would issue it.
pub fn tool_use_id(rng: &mut LabRng) -> String {
    format!("toolu_{:012x}", rng.next_u64() >> 16)
}

/// A fresh random (v4) UUID drawn from the run's RNG, so runs stay
/// deterministic.
pub fn fresh_uuid(rng: &mut LabRng) -> String {
    let mut bytes = [0u8; 16];
    rng.fill_bytes(&mut bytes);
    uuid::Builder::from_random_bytes(bytes)
        .into_uuid()
        .to_string()
}

/// The key for one attempt. `stable` is the key fixed for the tool call
/// (`run_id:tool_use_id`) and `business` the one fixed for the report.
pub fn key_for_attempt(
    strategy: KeyChoice,
    run_id: &str,
    tool_use_id: &str,
    rng: &mut LabRng,
) -> Option<String> {
    key_for_report(strategy, run_id, tool_use_id, (MODULE, TITLE), rng)
}

/// [`key_for_attempt`] for any report (module and title): the business
/// key follows the report's own words.
pub fn key_for_report(
    strategy: KeyChoice,
    run_id: &str,
    tool_use_id: &str,
    report: (&str, &str),
    rng: &mut LabRng,
) -> Option<String> {
    match strategy {
        KeyChoice::None => None,
        KeyChoice::PerAttempt => Some(fresh_uuid(rng)),
        KeyChoice::PerToolUse => Some(format!("{run_id}:{tool_use_id}")),
        KeyChoice::Business => Some(business_key(run_id, report.0, report.1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_remembered_digest_is_the_digest() {
        let texts: Vec<String> = (0..3 * DIGESTS_KEPT).map(|i| format!("body {i}")).collect();
        // Twice round, more texts than are kept: hits, misses and evictions.
        for text in texts.iter().chain(&texts).chain(texts.iter().rev()) {
            let (head, tail) = text.split_at(2);
            let direct = hex::encode(Sha256::digest(text.as_bytes()));
            assert_eq!(sha256_hex(&[head, tail]), direct);
            assert_eq!(sha256_hex(&[text]), direct);
        }
        assert!(!is_concat("ab", &["a"]) && !is_concat("a", &["a", "b"]));
    }

    #[test]
    fn digest_ignores_key_order_and_sees_details() {
        let a = body("eval-0001", 0);
        let mut b = serde_json::Map::new();
        for k in ["title", "details", "module", "run_id"] {
            b.insert(k.into(), a[k].clone());
        }
        assert_eq!(digest(&a), digest(&serde_json::Value::Object(b)));
        assert_ne!(digest(&a), digest(&body("eval-0001", 2)));
        assert_eq!(digest(&a).len(), 64);
    }

    #[test]
    fn keys_per_strategy() {
        let mut rng = crate::kernel::rng::lab_rng(1);
        let id = tool_use_id(&mut rng);
        let k = |s, rng: &mut LabRng| key_for_attempt(s, "eval-0001", &id, rng);
        assert_eq!(k(KeyChoice::None, &mut rng), None);
        let (a, b) = (
            k(KeyChoice::PerAttempt, &mut rng),
            k(KeyChoice::PerAttempt, &mut rng),
        );
        assert_ne!(a, b);
        assert_eq!(
            uuid::Uuid::parse_str(&a.unwrap())
                .unwrap()
                .get_version_num(),
            4
        );
        assert_eq!(
            k(KeyChoice::PerToolUse, &mut rng),
            Some(format!("eval-0001:{id}"))
        );
        let business = k(KeyChoice::Business, &mut rng).unwrap();
        assert_eq!(business, business_key("eval-0001", MODULE, TITLE));
        // A digest of the normalised fields: no title in the header, the
        // same key for the same title in other words' spacing and case.
        assert!(!business.contains("export"), "{business}");
        assert_eq!(business.len(), "biz-".len() + BUSINESS_KEY_HEX);
        assert_eq!(
            business,
            business_key("eval-0001", MODULE, "export  CRASHES on an empty csv!")
        );
        assert_ne!(business, business_key("eval-0001", MODULE, TITLE_REWRITTEN));
    }
}
