//! A station's setup from its configuration: the protocol's [`Settings`] and each division as
//! the screens name it ([`DivisionSlot`]), its lexicons checked by the [`InService`] the caller
//! gives (a station's reads its folder; a browser's is handed the event bundle's bytes). The
//! protocol opens no file itself.

use wordjudge_config::service::InService;
use wordjudge_config::{Config, DivisionConfig, EventStatus, Screen, MAX_WORDS};
use wordjudge_sliplog::adjudicate::Adjudicator;

use wordjudge_config::service::LexiconProblem;
use wordjudge_config::{JudgeKey, PinHash};
use wordjudge_lexicon::judge::Division;

use crate::{edition_line_in, Lockout};

/// A division as the station sees it: verified and ready, or out of service and why.
#[derive(Debug)]
pub struct DivisionSlot {
    pub name: String,
    pub label: String,
    /// The language its players read (`language` of its `[divisions.NAME]`).
    pub language: wordjudge_lang::Language,
    /// The lexicons that judge its challenges, as every screen of a challenge names them.
    pub header: String,
    /// The lexicons that judge its second opinions (the second-opinion lexicon, if it names
    /// one, in place of the primary).
    pub second_header: String,
    pub state: Result<Division, LexiconProblem>,
}

/// The settings the protocol needs from `kiosk.toml`.
#[derive(Debug, Clone)]
pub struct Settings {
    pub screen: Screen,
    pub max_words: usize,
    pub pin: Option<PinHash>,
    /// The division the director pinned the station to, by name.
    pub division: Option<String>,
    /// The event the station was installed from (`event install`), and whether it still runs
    /// exactly the event's files.
    pub event: Option<wordjudge_config::EventStatus>,
    /// The language of the director's screens (`[station] director_language`).
    pub director_language: wordjudge_lang::Language,
    /// The zone times are shown in: the hall's clock (`Config::zone`: the event's, else the
    /// machine's; a table device's, the page's).
    pub zone: wordjudge_base::clock::TimeZone,
    /// How far back a judged play is within reach of a second opinion and of the re-challenge
    /// guard: a station's clock, or a table device's own slips.
    pub reach: Reach,
}

/// How far back a judged play stays within reach of a second opinion and of the re-challenge
/// guard.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reach {
    /// A station's: `second_opinion_minutes` by its clock, which its root keeps (a player has
    /// no way to it).
    Clock,
    /// A table device's: its own last `n` plays, in the order it judged them, whatever its clock
    /// says. A phone's clock is its holder's to set, forward or back (issue 51, finding 3).
    DeviceSlips(usize),
}

impl Settings {
    /// Whether Tab judges (besides the JUDGE button).
    pub(crate) fn tab_judges(&self) -> bool {
        self.screen.judge_keys.contains(&JudgeKey::Tab)
    }
}

/// What a station is made of.
#[derive(Debug)]
pub struct Setup {
    pub settings: Settings,
    pub divisions: Vec<DivisionSlot>,
    pub adjudicator: Adjudicator,
    /// Why the whole station is out of service (a configuration that cannot be used), if it is.
    pub broken: Option<String>,
    /// A station image's first boot found an event to install (named here) on a stick that
    /// names no station: the station asks the director for this machine's number first.
    pub number_wanted: Option<String>,
    /// The PIN attempts as the last run left them.
    pub lockout: Lockout,
}

impl Setup {
    /// A station out of service for `reason`, with default settings, no PIN and no log.
    pub fn broken(reason: String) -> Setup {
        Setup {
            settings: Settings {
                screen: Screen::default(),
                max_words: MAX_WORDS,
                pin: None,
                division: None,
                event: None,
                director_language: wordjudge_lang::Language::En,
                zone: wordjudge_base::clock::TimeZone::UTC,
                reach: Reach::Clock,
            },
            divisions: Vec::new(),
            adjudicator: Adjudicator::new("", None),
            broken: Some(reason),
            number_wanted: None,
            lockout: Lockout::default(),
        }
    }
}

impl Settings {
    /// The protocol's settings in `config`, the station running `event` (if any).
    pub fn from_config(config: &Config, event: Option<EventStatus>) -> Settings {
        Settings {
            screen: config.screen.clone(),
            max_words: config.station.max_words,
            pin: config.station.director_pin.clone(),
            division: config.station.division.clone(),
            director_language: config.station.director_language,
            event,
            zone: config.zone(),
            reach: Reach::Clock,
        }
    }
}

/// Every division of `config`, each lexicon put through `service`'s in-service check now.
pub fn division_slots(config: &Config, service: &mut InService) -> Vec<DivisionSlot> {
    config
        .divisions
        .values()
        .map(|dc| {
            let state = service.division(config, dc);
            let header = header(config, service, dc, &dc.primary);
            let second_header = match &dc.second_opinion {
                Some(code) => header_of(config, service, dc, code),
                None => header.clone(),
            };
            DivisionSlot {
                name: dc.name.clone(),
                label: dc.title.clone().unwrap_or_else(|| dc.name.clone()),
                language: dc.language,
                header,
                second_header,
                state,
            }
        })
        .collect()
}

/// The lexicons that judge division `dc`'s challenges, for the screens: its primary, then its
/// fallback chain with each link's minimum length.
fn header(config: &Config, service: &mut InService, dc: &DivisionConfig, primary: &str) -> String {
    let l = dc.language;
    let lexicon = |service: &mut InService, code: &str| {
        let lex = &config.lexicons[code];
        let edition = match service.lexicon(config, code) {
            Ok(checked) => edition_line_in(&checked.recognition, l),
            Err(_) => lex.edition.clone().unwrap_or_default(),
        };
        format!("{} · {} · {}", lex.code, lex.title, edition)
    };
    let mut header = lexicon(service, primary);
    for link in &dc.fallback {
        let lex = &config.lexicons[&link.lexicon];
        header.push_str(" + ");
        header.push_str(&wordjudge_lang::tr!(
            l,
            "header-fallback",
            code = &lex.code,
            title = &lex.title,
            min = link.min_length
        ));
    }
    header
}

/// The lexicons that judge division `dc`'s second opinions: `second` in place of its primary.
fn header_of(
    config: &Config,
    service: &mut InService,
    dc: &DivisionConfig,
    second: &str,
) -> String {
    let header = header(config, service, dc, second);
    wordjudge_lang::tr!(dc.language, "header-second-opinions", header = &header)
}
