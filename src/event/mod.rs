//! Running a whole event: gathering every station's slip log into one (`merge`), and the event
//! report made from it (`report`).

pub mod merge;
pub mod report;
