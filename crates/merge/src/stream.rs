//! The second pass: the proven part of every log, read again line by line and merged in time
//! order (a k-way merge: one record of each log held at a time), each slip counted and handed
//! to the caller.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::iter::Take;

use super::stats::{differing, Rechallenge, Verdicts, Window};
use super::{LogStatus, Merged, MergedSlip, Stats};
use wordjudge_sliplog::{Records, Slip, SlipKind};

/// Where a log's next slip goes in the merge: time, station, slip number, then the log.
type Key = Reverse<(String, String, u64, usize)>;

fn key(slip: &Slip, log: usize) -> Key {
    Reverse((slip.time.clone(), slip.station.clone(), slip.slip, log))
}

pub(super) fn run<E>(
    merged: &mut Merged,
    minutes: f64,
    mut each: impl FnMut(&Merged, &MergedSlip) -> Result<(), E>,
) -> Result<(), E> {
    let count = merged.logs.len();
    let mut sources: Vec<Option<Take<Records>>> = Vec::with_capacity(count);
    let mut failed: Vec<(usize, String)> = Vec::new();
    for (i, log) in merged.logs.iter().enumerate() {
        sources.push(if log.merged == 0 {
            None
        } else {
            match Records::open(&log.path) {
                Ok(records) => Some(records.take(log.merged)),
                Err(e) => {
                    failed.push((i, e.to_string()));
                    None
                }
            }
        });
    }
    let mut heads: Vec<Option<Slip>> = vec![None; count];
    let mut heap: BinaryHeap<Key> = BinaryHeap::new();
    let advance = |log: usize,
                   sources: &mut Vec<Option<Take<Records>>>,
                   heads: &mut Vec<Option<Slip>>,
                   heap: &mut BinaryHeap<Key>,
                   failed: &mut Vec<(usize, String)>| {
        let Some(records) = sources[log].as_mut() else {
            return;
        };
        match records.next() {
            Some(Ok(slip)) => {
                heap.push(key(&slip, log));
                heads[log] = Some(slip);
            }
            Some(Err(e)) => {
                failed.push((log, e.to_string()));
                sources[log] = None;
            }
            None => sources[log] = None,
        }
    };
    for log in 0..count {
        advance(log, &mut sources, &mut heads, &mut heap, &mut failed);
    }
    let mut stats = Stats::default();
    let mut window = Window::new(minutes);
    let mut verdicts = Verdicts::new(count);
    while let Some(Reverse((_, _, _, log))) = heap.pop() {
        let Some(slip) = heads[log].take() else {
            continue;
        };
        advance(log, &mut sources, &mut heads, &mut heap, &mut failed);
        let station = merged.station_label(&slip.station, log);
        stats.add(&slip, &station);
        let original = verdicts.see(&slip, log);
        if slip.kind == SlipKind::SecondOpinion {
            match original {
                Some(original) => {
                    if let Some(d) = differing(&slip, original, &station, log) {
                        stats.differs(d);
                    }
                }
                None => stats.unmatched += 1,
            }
        }
        let rechallenge_of = window.see(&slip, &station, log);
        if let Some(failed) = &rechallenge_of {
            stats.rechallenge(Rechallenge {
                failed: failed.clone(),
                later: super::stats::SlipRef::of(&slip, station.clone(), log),
            });
        }
        each(
            merged,
            &MergedSlip {
                slip,
                log,
                rechallenge_of,
            },
        )?;
    }
    // A log that verified moments ago and then could not be read again (a disk pulled out).
    for (log, problem) in failed {
        let summary = &mut merged.logs[log];
        summary.status = LogStatus::Unreadable(format!(
            "it verified, then could not be read again ({problem}): its slips after that point are missing from the merge"
        ));
    }
    merged.stats = stats;
    Ok(())
}
