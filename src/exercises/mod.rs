//! Self-check exercises (pure core). See issue 4.
