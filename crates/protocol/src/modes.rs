//! What the station is doing: the players' screen under way ([`Mode`]) with the challenge being
//! typed ([`Entry`]), director mode's pages ([`Page`]) and the changes it confirms, the plays
//! judged here (what the re-challenge guard compares with), and the PIN attempts.

use wordjudge_lexicon::judge::Verdict;
use wordjudge_sliplog::adjudicate::LogState;
use wordjudge_sliplog::Slip;

use crate::{FailedPlay, Lockout, OutOfService, StickJob};

/// The challenge being typed.
#[derive(Debug, Clone)]
pub(crate) struct Entry {
    /// Words the challenger said they would type (count step), if asked.
    pub(crate) expected: Option<usize>,
    pub(crate) words: Vec<String>,
    pub(crate) current: String,
    /// When the challenger ended the entry: the challenged player checks the words and, after
    /// the hand-over pause, may judge.
    pub(crate) handed_over_at: Option<f64>,
    /// The words were refused at the hand-over: part of this failed play (the director may let
    /// them through).
    pub(crate) part_of: Option<FailedPlay>,
    /// The director let this challenge through although it is part of a failed play.
    pub(crate) allowed: bool,
    /// Re-typing for a second opinion on this slip.
    pub(crate) second_opinion: Option<Slip>,
    /// The division's alphabet: how keys become tiles.
    pub(crate) alphabet: &'static wordjudge_lexicon::alphabet::Alphabet,
}

impl Entry {
    pub(crate) fn new(
        expected: Option<usize>,
        second_opinion: Option<Slip>,
        alphabet: &'static wordjudge_lexicon::alphabet::Alphabet,
    ) -> Entry {
        Entry {
            expected,
            words: Vec::new(),
            current: String::new(),
            handed_over_at: None,
            part_of: None,
            allowed: false,
            second_opinion,
            alphabet,
        }
    }

    /// Whether words are typed as tiles of another alphabet than English.
    pub(crate) fn as_tiles(&self) -> bool {
        !self.alphabet.id().is_english()
    }

    pub(crate) fn handed_over(&self) -> bool {
        self.handed_over_at.is_some()
    }

    /// Back to the challenger: the words may change, so what was decided about them goes.
    pub(crate) fn give_back(&mut self) {
        self.handed_over_at = None;
        self.part_of = None;
        self.allowed = false;
    }
}

/// A play judged at this station in this run, recorded or not: what the re-challenge guard
/// compares a new challenge with.
#[derive(Debug, Clone)]
pub(crate) struct Judged {
    pub(crate) words: Vec<String>,
    /// When, in the station's seconds.
    pub(crate) at: f64,
    /// When, on the hall's clock.
    pub(crate) local_time: String,
    pub(crate) slip: Option<u64>,
    pub(crate) verdict: Verdict,
    /// Whether its two-letter words were all good (`judge::publics_good`): what every player
    /// knows of it, for the re-challenge guard.
    pub(crate) publics_good: bool,
}

/// A challenge refused as part of a failed play, waiting for the director (who may let it be
/// judged): the entry as it was, and the division and table it was typed in.
#[derive(Debug, Clone)]
pub(crate) struct Waiting {
    pub(crate) entry: Entry,
    pub(crate) active: Option<usize>,
    pub(crate) table: Option<u32>,
}

/// A director's change that is asked about before it is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirmable {
    /// Pin the station to this division (`None`: unpin).
    Pin(Option<usize>),
    Exit,
    /// Let the waiting challenge be judged.
    Allow,
    /// Ask the stick helper for this.
    Stick(StickJob),
}

/// What director mode shows.
#[derive(Debug, Clone)]
pub(crate) enum Page {
    Main,
    About,
    /// The number of the slip whose per-word detail the director asked for.
    SlipNumber(String),
    /// The PIN again before a slip's per-word detail shows.
    DetailPin {
        slip: Box<Slip>,
        digits: String,
    },
    /// One slip in full, per-word detail included: only on the director's request, after the
    /// PIN again, for [`DETAIL_SECONDS`].
    Detail {
        slip: Box<Slip>,
        shown_at: f64,
    },
    /// The round being typed (digits; empty or 0: no round).
    Round(String),
    /// Which division to pin the station to (a number; 0 unpins).
    PinChoice,
    /// A change asked about: Enter makes it, Esc does not.
    Confirm(Confirmable),
    /// The stick helper is at work.
    StickWorking(StickJob),
    /// The stick helper's answer.
    StickDone(crate::stick_request::Answer),
}

#[derive(Debug, Clone)]
pub(crate) enum Mode {
    OutOfService(OutOfService),
    ChooseDivision,
    /// The players' table number (`ask_table`), typed before the word count.
    Table {
        digits: String,
    },
    Count {
        second_opinion: Option<Slip>,
    },
    Entry(Entry),
    Verdict {
        shown_at: f64,
        verdict: Verdict,
        words: Vec<String>,
        slip: Option<Slip>,
        /// For a second opinion: the slip it re-adjudicated.
        second_opinion_of: Option<u64>,
        /// A second opinion that disagreed with this slip number.
        differs_from: Option<u64>,
        /// When it was judged, as the slip records it: shown on the hall's clock, written as the
        /// division's language writes it.
        time: wordjudge_base::clock::Timestamp,
        /// The lexicons that judged it, as the header shows them.
        header: String,
        /// The round and table its slip records.
        round: Option<u32>,
        table: Option<u32>,
    },
    SlipNumber {
        digits: String,
    },
    /// This machine's station number, asked before its first event is installed.
    StationNumber(crate::station_number::Asking),
    Pin {
        since: f64,
        digits: String,
        back: Box<Mode>,
    },
    Director {
        /// The last key or touch that did something.
        since: f64,
        /// When the PIN was accepted: director mode closes [`Screen::director_max_seconds`]
        /// later, busy or not.
        opened: f64,
        page: Page,
        /// A challenge refused as part of a failed play, which the director may let through.
        waiting: Option<Box<Waiting>>,
        /// The slip log as it was when director mode opened (not re-read on every frame).
        log: Option<LogState>,
        /// Wrong PINs tried since the director's last visit, shown on entering.
        wrong_pins: u32,
        /// The PIN that opened director mode, held only while it is open: a USB-stick request
        /// carries it, for root's helper to check itself ([`crate::StationFiles::ask_stick`]).
        proof: PinProof,
    },
}

/// The PIN that opened director mode (never shown, never logged: its `Debug` says nothing).
#[derive(Clone, Default, PartialEq, Eq)]
pub(crate) struct PinProof(pub(crate) String);

impl std::fmt::Debug for PinProof {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PinProof(…)")
    }
}

/// The PIN attempts: wrong PINs counted against guessing.
#[derive(Debug, Default, Clone)]
pub(crate) struct PinAttempts {
    /// Wrong PINs since the last lock-out (or success).
    pub(crate) in_a_row: u32,
    /// Lock-outs since the last success: each doubles the next.
    pub(crate) lockouts: u32,
    pub(crate) locked_until: f64,
    /// Wrong PINs since the director's last visit.
    pub(crate) since_visit: u32,
}

impl PinAttempts {
    /// The attempts as the last run left them (their lock-out counted from the station's start).
    pub(crate) fn restored(lockout: &Lockout) -> PinAttempts {
        PinAttempts {
            in_a_row: lockout.in_a_row,
            lockouts: lockout.lockouts,
            locked_until: lockout.locked_for_seconds.max(0.0),
            since_visit: lockout.since_visit,
        }
    }

    /// The attempts as they are kept across restarts, at time `now`.
    pub(crate) fn at(&self, now: f64) -> Lockout {
        Lockout {
            in_a_row: self.in_a_row,
            lockouts: self.lockouts,
            locked_for_seconds: (self.locked_until - now).max(0.0),
            since_visit: self.since_visit,
        }
    }
}
