//! The event report: one self-contained HTML page from the merged logs. (Being written.)

use super::merge::Merged;

/// The report as one HTML page.
pub fn html(merged: &Merged, title: &str) -> String {
    let _ = (merged, title);
    String::new()
}
