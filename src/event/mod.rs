//! Running a whole event: one bundle for every station (`bundle`: pack and read; `install`:
//! install one station, and whether it still runs its event), gathering every station's slip
//! log into one (`merge`), and the event report made from it (`report`).

pub mod bundle;
pub mod install;
pub mod merge;
pub mod report;
pub mod signing;

pub use install::{status, EventStatus};
