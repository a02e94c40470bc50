//! The protocol's tests, one file for each side: the players' and the director's.

mod director;
mod input;
mod people;
mod players;
mod screens;
mod second_opinions;
mod stick_request;
mod tiles;

use std::path::PathBuf;

use super::*;
use wordjudge_config::service::LexiconProblem;
use wordjudge_config::{PinHash, Screen};
use wordjudge_lexicon::judge::testing::lexicon;
use wordjudge_lexicon::judge::{Division, Rules, Verdict};
use wordjudge_lexicon::known::Recognition;
use wordjudge_sliplog::{self as sliplog, Slip, SlipKind, SlipLog};

pub(super) const PIN: &str = "2468";

pub(super) fn settings() -> Settings {
    // Hashing a PIN with Argon2 takes a while: once for all tests.
    static PIN_HASH: std::sync::OnceLock<PinHash> = std::sync::OnceLock::new();
    Settings {
        director_language: wordjudge_lang::Language::En,
        zone: wordjudge_base::clock::TimeZone::UTC,
        screen: Screen::default(),
        max_words: 8,
        pin: Some(PIN_HASH.get_or_init(|| PinHash::new(PIN).unwrap()).clone()),
        division: None,
        event: None,
        reach: crate::Reach::Clock,
    }
}

pub(super) fn slot(name: &str, words: &[&str]) -> DivisionSlot {
    let mut division = Division::new(name, Rules::new(lexicon("OWL", words), vec![]));
    division.second_opinion = Some(Rules::new(
        lexicon("NWL", &[words, &["OK"]].concat()),
        vec![],
    ));
    DivisionSlot {
        language: wordjudge_lang::Language::En,
        name: name.into(),
        label: format!("{name} division"),
        header: "OWL · Test list · not a published edition".into(),
        second_header: "second opinions: NWL · Test list · not a published edition".into(),
        state: Ok(division),
    }
}

pub(super) struct Test {
    pub(super) station: Station,
    pub(super) now: f64,
    pub(super) _dir: tempfile::TempDir,
    pub(super) log: PathBuf,
}

impl Test {
    pub(super) fn new(settings: Settings, slots: Vec<DivisionSlot>) -> Test {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("slips.jsonl");
        let adjudicator = Adjudicator::new("s1", Some(SlipLog::new(&log)));
        Test {
            station: Station::new(settings, slots, adjudicator),
            now: 0.0,
            _dir: dir,
            log,
        }
    }

    pub(super) fn one() -> Test {
        Test::new(settings(), vec![slot("main", &["QI", "ZA", "CAT"])])
    }

    pub(super) fn at(&mut self, seconds: f64) -> &mut Test {
        self.now = seconds;
        self.station.handle(Input::Tick, seconds);
        self
    }

    /// `seconds` pass.
    pub(super) fn later(&mut self, seconds: f64) -> &mut Test {
        self.at(self.now + seconds)
    }

    pub(super) fn send(&mut self, event: Input) -> &mut Test {
        self.station.handle(event, self.now);
        self
    }

    pub(super) fn key(&mut self, key: Key) -> &mut Test {
        self.send(Input::Key(KeyPress::plain(key)))
    }

    pub(super) fn typed(&mut self, text: &str) -> &mut Test {
        for c in text.chars() {
            self.key(Key::for_char(c));
        }
        self
    }

    /// The challenged player, once the challenger handed over: the hand-over pause passes,
    /// then Tab.
    pub(super) fn judge(&mut self) -> &mut Test {
        self.pause().key(Key::Tab)
    }

    /// The hand-over pause passes.
    pub(super) fn pause(&mut self) -> &mut Test {
        let pause = self.station.settings.screen.handover_seconds;
        self.at(self.now + pause)
    }

    /// The count screen of a second opinion on slip `n` is showing.
    pub(super) fn assert_second_opinion_asked_for(&self, n: u64) {
        let v = self.view();
        assert_eq!(v.screen, ScreenKind::Count);
        let asked = format!("SECOND OPINION for slip {n}");
        assert!(v.detail.contains(&asked), "{}", v.detail);
    }

    pub(super) fn view(&self) -> View {
        self.station.view(self.now)
    }

    pub(super) fn slips(&self) -> Vec<Slip> {
        match sliplog::read(&self.log) {
            Ok(c) => c.slips,
            Err(_) => Vec::new(),
        }
    }
}

/// Division `name` (labelled in capitals), out of service: lexicon `code` failed verification.
pub(super) fn broken(name: &str, code: &str) -> DivisionSlot {
    DivisionSlot {
        language: wordjudge_lang::Language::En,
        name: name.into(),
        label: name.to_uppercase(),
        header: String::new(),
        second_header: String::new(),
        state: Err(unverified(code)),
    }
}

/// The lexicon `code` failed verification: its file is not the one recorded.
pub(super) fn unverified(code: &str) -> LexiconProblem {
    wordjudge_lexicon::lexicon::LoadError::HashMismatch {
        code: code.into(),
        path: format!("lexicons/{code}.fst").into(),
        expected: wordjudge_base::digest::Digest::of(b"recorded"),
        found: wordjudge_base::digest::Digest::of(b"found"),
    }
    .into()
}
