//! The option sets of the choice questions. Each id is also a translation
//! key suffix (`ex.opt.<id>`); the bank test checks every one has a text.

/// Options of the «which retry decision» questions (001's matrix).
pub const DECIDE: &[&str] = &[
    "retry_bounded",
    "check_semantics",
    "honour_retry_after",
    "key_or_query",
    "fix_request",
    "retry_until_success",
];

/// Options of the server-side key-conflict questions (000 §4, 003).
pub const CONFLICT: &[&str] = &["replay_stored", "reject_422", "reject_409", "execute_again"];

/// Options of «which identifier is the idempotency key» (000 §5, 003).
pub const KEY_SOURCE: &[&str] = &[
    "http_request_id",
    "fresh_uuid_per_attempt",
    "tool_use_key",
    "operation_id",
    "business_key",
];

/// Options of the Codex reset question (000 §4's real example).
pub const KEY_CODEX: &[&str] = &[
    "http_request_id",
    "fresh_uuid_per_attempt",
    "logical_op_uuid",
    "user_id",
];

/// The herd strategies of the AWS experiment, for the «fewest calls» question.
pub const AWS_STRATEGIES: &[&str] = &["none", "exponential", "full", "equal", "decorrelated"];
