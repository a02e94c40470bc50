//! A station's setup from its configuration: the protocol's [`Settings`] and each division as
//! the screens name it ([`DivisionSlot`]), its lexicons checked by the [`InService`] the caller
//! gives (a station's reads its folder; a browser's is handed the event bundle's bytes). The
//! protocol opens no file itself.

use wordjudge_config::service::InService;
use wordjudge_config::{Config, DivisionConfig, EventStatus, Screen, MAX_WORDS};
use wordjudge_sliplog::adjudicate::Adjudicator;

use crate::{edition_line_in, DivisionSlot, Lockout, Settings, Setup};

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
            },
            divisions: Vec::new(),
            adjudicator: Adjudicator::new("", None),
            broken: Some(reason),
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
