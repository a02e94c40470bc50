//! The table-side judge (issue 40): the station's own protocol, alphabets, lexicon verification
//! and slip format compiled to `wasm32-unknown-unknown`, so that a phone or tablet at the table
//! judges exactly as a station judges — not a rewrite in JavaScript.
//!
//! - [`table`]: a [`table::Table`] opened from an event bundle's bytes and the director's key
//!   (checked as a station checks them, or OUT OF SERVICE saying what), the protocol's
//!   `Station` inside, its slips kept by the page's storage in the station's log format;
//! - [`page`]: what crosses to the page — inputs as two numbers, the screen as JSON;
//! - [`abi`]: the module's exports (`wj_*`: numbers, and bytes in the module's memory; no
//!   generated glue) and its two imports from the page (the clock, and keeping a slip);
//! - `bare` (the `differential` feature only): one lexicon and a play's verdict, for the
//!   3,000-play differential against `wordjudge judge` in `.ci/e2e-wasm`.
//!
//! The page itself (`web/` at the top of the repository) draws what [`page::view_json`] says and
//! forwards touches and keys; `wordjudge web build` writes the site. Everything here runs natively
//! in the tests too.

pub mod abi;
#[cfg(any(test, feature = "differential"))]
pub mod bare;
pub mod page;
pub mod table;

#[cfg(any(test, feature = "differential"))]
pub use bare::Judge;
