//! The idempotency lab (pure core). See issue 3.
