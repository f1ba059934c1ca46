//! What every demo stands on: the event queue, the seeded RNG, backoff with
//! its jitter policies, jobs (the pure part of staged work), ids, URL
//! parameters (each page's declared as one table, `param_table`), the one
//! number formatter (`num`), the chart axis, CSV, HTML escaping and the words of text
//! (`Lang`, `Sentence`). Nothing here names a demo or a page.

pub mod axis;
pub mod backoff;
pub mod csv;
pub mod decimal;
pub mod entry;
pub mod events;
pub mod html;
pub(crate) mod ids;
pub mod job;
pub mod json;
pub mod json_strings;
pub mod num;
pub mod page_form;
pub mod page_params;
pub mod param_table;
pub mod params;
pub mod rng;
pub mod text;
pub(crate) mod vocabulary;
