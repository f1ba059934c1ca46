//! The thundering-herd simulator (pure core). See issue 2.
