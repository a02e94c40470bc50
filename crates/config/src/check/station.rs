//! `[station]`: the slip log, the pinned division, the PIN, the director's language.

use std::path::Path;

use super::{language, list_or_none, Checker, RawStation};
use crate::{DivisionConfig, PinHash, Station, DEFAULT_SLIP_LOG, MAX_WORDS};
use indexmap::IndexMap;

/// `[station]` (its id is checked first, in [`parse`]).
pub(super) fn check_station(
    c: &mut Checker,
    raw: &RawStation,
    base: &Path,
    divisions: &IndexMap<String, DivisionConfig>,
) -> Station {
    // A play forms up to 8 words, and all of them are typed before one judgement: a station
    // that takes fewer would force word-by-word judging.
    if let Some(m) = raw
        .max_words
        .as_ref()
        .filter(|m| *m.get_ref() != MAX_WORDS as u64)
    {
        c.problem(
            m.span(),
            format!(
                "max_words must be {MAX_WORDS}, not {}: a play forms up to {MAX_WORDS} words, and the rules ask for every challenged word to be judged at once (NSA App. C; WESPA 3.11.1(b)), never word by word",
                m.get_ref()
            ),
        );
    }
    let max_words = MAX_WORDS;
    let slip_log = match &raw.slip_log {
        Some(s) if s.get_ref().trim().is_empty() => {
            c.problem(
                s.span(),
                "slip_log must name a file: every adjudication is recorded (leave the key out for slips.jsonl in the station's own folder)",
            );
            DEFAULT_SLIP_LOG
        }
        Some(s) => s.get_ref().as_str(),
        None => DEFAULT_SLIP_LOG,
    };
    let division = raw.division.as_ref().map(|d| {
        if !divisions.contains_key(d.get_ref()) {
            c.problem(
                d.span(),
                format!(
                    "division {:?} is not configured (divisions: {})",
                    d.get_ref(),
                    list_or_none(divisions.keys())
                ),
            );
        }
        d.get_ref().clone()
    });
    let director_pin = raw.director_pin.as_ref().and_then(|p| {
        let hash = p.get_ref().parse::<PinHash>().ok();
        if hash.is_none() {
            c.problem(
                p.span(),
                "director_pin must be written by `wordjudge pin set` (a password hash); set it again",
            );
        }
        hash
    });
    let director_language = language(c, raw.director_language.as_ref(), "director_language");
    // The files the station's account writes: relative to its own folder (`own/` in a folder
    // split by who writes it).
    let own = wordjudge_base::layout::own_dir_in(base);
    Station {
        id: raw.id.get_ref().clone(),
        diagnostic_log: raw.diagnostic_log.as_ref().map(|p| own.join(p.get_ref())),
        slip_log: own.join(slip_log),
        max_words,
        director_pin,
        division,
        director_language,
    }
}
