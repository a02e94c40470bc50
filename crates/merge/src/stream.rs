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
type Key = Reverse<(wordjudge_base::clock::Timestamp, String, u64, usize)>;

fn key(slip: &Slip, log: usize) -> Key {
    Reverse((slip.time, slip.station.clone(), slip.slip, log))
}

/// Every merged log's proven part, read line by line: one record of each held at a time, the
/// earliest next.
struct Sources {
    sources: Vec<Option<Take<Records>>>,
    heads: Vec<Option<Slip>>,
    heap: BinaryHeap<Key>,
    /// Logs that could not be read again, and why.
    failed: Vec<(usize, String)>,
}

impl Sources {
    fn open(merged: &Merged) -> Sources {
        let count = merged.logs.len();
        let mut sources = Sources {
            sources: Vec::with_capacity(count),
            heads: vec![None; count],
            heap: BinaryHeap::new(),
            failed: Vec::new(),
        };
        for (i, log) in merged.logs.iter().enumerate() {
            let records = match log.merged {
                0 => None,
                _ => match Records::open(&log.path) {
                    Ok(records) => Some(records.take(log.merged)),
                    Err(e) => {
                        sources.failed.push((i, e.to_string()));
                        None
                    }
                },
            };
            sources.sources.push(records);
        }
        for log in 0..count {
            sources.advance(log);
        }
        sources
    }

    /// Reads log `log`'s next record into the merge.
    fn advance(&mut self, log: usize) {
        let Some(records) = self.sources[log].as_mut() else {
            return;
        };
        match records.next() {
            Some(Ok(slip)) => {
                self.heap.push(key(&slip, log));
                self.heads[log] = Some(slip);
            }
            Some(Err(e)) => {
                self.failed.push((log, e.to_string()));
                self.sources[log] = None;
            }
            None => self.sources[log] = None,
        }
    }

    /// The earliest slip of any log, and its log.
    fn next(&mut self) -> Option<(usize, Slip)> {
        while let Some(Reverse((_, _, _, log))) = self.heap.pop() {
            if let Some(slip) = self.heads[log].take() {
                self.advance(log);
                return Some((log, slip));
            }
        }
        None
    }
}

/// What the report counts as the slips go by: the statistics, each slip's verdict for its
/// second opinions, the failed plays a new challenge may be part of.
struct Counting {
    stats: Stats,
    window: Window,
    verdicts: Verdicts,
}

impl Counting {
    /// `slip` of log `log` (of station `station`, as the report names it) counted; the failed
    /// play it re-challenges, if any.
    fn see(&mut self, slip: &Slip, station: &str, log: usize) -> Option<super::stats::SlipRef> {
        self.stats.add(slip, station);
        let original = self.verdicts.see(slip, log);
        if slip.kind == SlipKind::SecondOpinion {
            match original {
                Some(original) => {
                    if let Some(d) = differing(slip, original, station, log) {
                        self.stats.differs(d);
                    }
                }
                None => self.stats.unmatched += 1,
            }
        }
        let rechallenge_of = self.window.see(slip, station, log);
        if let Some((failed, late)) = &rechallenge_of {
            self.stats.rechallenge(Rechallenge {
                failed: failed.clone(),
                later: super::stats::SlipRef::of(slip, station.to_owned(), log),
                late: *late,
            });
        }
        rechallenge_of.map(|(failed, _)| failed)
    }
}

pub(super) fn run<E>(
    merged: &mut Merged,
    minutes: f64,
    mut each: impl FnMut(&Merged, &MergedSlip) -> Result<(), E>,
) -> Result<(), E> {
    let mut sources = Sources::open(merged);
    let mut counting = Counting {
        stats: Stats::default(),
        window: Window::new(minutes),
        verdicts: Verdicts::new(merged.logs.len()),
    };
    while let Some((log, slip)) = sources.next() {
        // Asked for one event: another's slip in a log of several is not merged.
        if merged
            .event
            .as_deref()
            .is_some_and(|event| super::copies::event_of(&slip) != event)
        {
            continue;
        }
        let station = merged.station_label(&slip.station, log);
        let rechallenge_of = counting.see(&slip, &station, log);
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
    for (log, problem) in sources.failed {
        let summary = &mut merged.logs[log];
        summary.status = LogStatus::Unreadable(format!(
            "it verified, then could not be read again ({problem}): its slips after that point are missing from the merge"
        ));
    }
    merged.stats = counting.stats;
    Ok(())
}
