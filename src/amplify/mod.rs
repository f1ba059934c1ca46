//! Retry amplification: the chapter's third question, «总共试几次».
//!
//! Two models share the layer stack (attempts per layer, top first):
//! - [`fanout`]: one logical call as a tree of attempts, its exact
//!   expectation and the simulated mean over many calls;
//! - [`load`]: a Poisson stream of calls through the stack to one FIFO
//!   server, with a fault schedule and client policies that limit retries.
//!
//! Pure: no browser APIs. The CLI (`amplify`), the benchmark
//! (`amplify-bench`) and the page at `#/amplify` call the same functions.

pub mod bounds;
pub mod csv;
pub mod fanout;
pub mod fanout_run;
pub mod lanes;
pub mod load;
pub mod load_presets;
pub mod page_presets;
pub mod params;
pub mod sweep;
pub mod work;

pub use fanout::{expected, FanoutConfig, FanoutPolicy};
pub use fanout_run::{run_fanout, FanoutJob, FanoutRun, FanoutSummary};
pub use lanes::Lane;
pub use load::{run_load, LoadConfig, LoadOutcome, LoadPolicy};
pub use params::{AmplifyParams, View};
