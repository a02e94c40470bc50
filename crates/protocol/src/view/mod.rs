//! What goes out: the screen to draw ([`View`]), and every word the station shows — titles,
//! hints, the verdict's lines, the director's status lines and the fixed labels of buttons
//! ([`Labels`]). The user interface has no wording of its own.
//!
//! Player screens never carry per-word findings; only director mode's lines do. The players'
//! screens are drawn in `players.rs`, the director's in `director.rs`; what every screen
//! carries (the division, the lexicons, the event line, the hint, the banner) here.

mod director;
mod labels;
mod lines;
mod players;

pub use labels::Labels;
pub use lines::{spelled, WordLine};

use super::{DirectorAction, Hint, Mode, Station};
use wordjudge_lang::tr;
use wordjudge_lang::Language;
use wordjudge_lexicon::judge::Verdict;

/// Which screen is showing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum ScreenKind {
    #[default]
    OutOfService,
    ChooseDivision,
    /// The players' table number (`ask_table`): a number prompt.
    Table,
    Count,
    Entry,
    Verdict,
    VerdictsDiffer,
    SlipNumber,
    Pin,
    Director,
    About,
    /// A station image's first boot: this machine's station number, before its event is
    /// installed.
    StationNumber,
}

/// Everything a user interface needs to draw the current screen. Player screens never carry
/// per-word findings.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct View {
    pub screen: ScreenKind,
    /// The language of this screen: the division's for the players' screens, the director's
    /// for theirs; [`Labels::of`] it gives the fixed words.
    pub language: Language,
    /// The division of the challenge under way, large on every screen of it ("Main division"),
    /// with "(pinned by the director)" when the station is pinned to it.
    pub division: String,
    /// "DEMO · wordjudge DEMO lexicon · not a published edition": the division's lexicon, under
    /// its name.
    pub header: String,
    /// "EVENT 29D0-1C57 · ROUND 3 · STATION 7": the event fingerprint (the same on every station
    /// installed from one bundle), the round and the station; empty when there is no event and
    /// no round.
    pub event_line: String,
    /// The large instruction line.
    pub title: String,
    /// Smaller text under it.
    pub detail: String,
    /// The words typed (entry), or echoed (verdict).
    pub words: Vec<String>,
    /// The word being typed.
    pub current: String,
    /// In an alphabet other than English: each of `words` as its tiles' labels (`L·L` is one),
    /// the word being typed as tiles and its unfinished end (`L·`), and the on-screen tile
    /// keyboard, every tile of the alphabet in order. For English, words are letters, and the
    /// keyboard (A to Z) is there only with `[screen] touch_keyboard`.
    pub word_tiles: Vec<Vec<String>>,
    pub current_tiles: Vec<String>,
    pub current_pending: String,
    pub tile_keys: Vec<String>,
    /// How many words the challenger said they would type (0: not asked).
    pub expected_words: usize,
    /// The largest word count a challenger may announce (`max_words`).
    pub count_choices: usize,
    /// A short hint after a refused key.
    pub hint: String,
    /// For [`ScreenKind::Verdict`].
    pub verdict: Option<Verdict>,
    pub slip: Option<u64>,
    /// The slip line of the verdict screen: "SLIP 12", or "SLIP NOT RECORDED".
    pub slip_line: String,
    /// What a screen reader announces when the verdict appears: "✓ ACCEPTABLE. Slip 12."
    pub spoken: String,
    /// Choices on [`ScreenKind::ChooseDivision`]: each division, and whether it is in service.
    pub choices: Vec<String>,
    pub choices_in_service: Vec<bool>,
    /// SECOND OPINION (F2, and the button) can act on this screen; where it cannot it is drawn
    /// so, and pressing it says why.
    pub second_opinion_ready: bool,
    /// JUDGE is possible now.
    pub ready: bool,
    /// The on-screen back key ([`crate::Input::Back`]) goes back a step here (drawn BACK, with
    /// [`Labels::back`]) rather than erasing (drawn ⌫); and it can act now (else dimmed).
    pub back_goes_back: bool,
    pub back_acts: bool,
    /// The challenger can end the entry (DONE).
    pub can_hand_over: bool,
    /// The challenger handed over: the typing keys (the tile keyboard, next word, DONE) cannot
    /// act and are drawn so; only JUDGE and Backspace (give the words back) can.
    pub handed_over: bool,
    /// The JUDGE button's label, naming the keys that judge: "JUDGE (Tab)".
    pub judge_label: String,
    /// A persistent alert for the director ("Slip log failed — call the director").
    pub banner: String,
    /// Director screens only: lines of status, slips and per-word detail.
    pub director_lines: Vec<String>,
    /// Director screens only: the commands of the page showing, each labelled with its key,
    /// and whether it can act now.
    pub commands: Vec<Command>,
    /// How much larger than usual the screen draws its text (`[screen] text_scale`): the
    /// director's scale on the players' screens, 1 on the director's own (the PIN included).
    pub text_scale: f32,
    /// On a players' screen before a division is chosen, on a station whose divisions speak
    /// several languages: those languages, for the fixed words ([`Labels::of_several`]:
    /// "SEGONA OPINIÓ / DRUGA OPINIA (F2)"), as the title is in each. Empty elsewhere: the fixed
    /// words are in `language`.
    pub label_languages: Vec<Language>,
}

/// A director's command as a button shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    pub label: String,
    pub action: DirectorAction,
    pub enabled: bool,
}

impl Command {
    fn new(label: impl Into<String>, action: DirectorAction) -> Command {
        Command {
            label: label.into(),
            action,
            enabled: true,
        }
    }
}

impl Station {
    /// The language of the players' screens now: the division of the challenge under way, or
    /// the one the station is pinned to, or the one every division speaks; `None` when the
    /// divisions speak more than one and no division is chosen yet.
    pub(crate) fn players_language(&self) -> Option<Language> {
        if let Some(i) = self.active.or(self.pinned) {
            return self.divisions.get(i).map(|d| d.language);
        }
        let mut languages = self.languages();
        match (languages.next(), languages.next()) {
            (Some(one), None) => Some(one),
            (None, _) => Some(Language::En),
            _ => None,
        }
    }

    /// Every language the station's divisions speak, once each, in the divisions' order.
    fn languages(&self) -> impl Iterator<Item = Language> + '_ {
        self.divisions
            .iter()
            .enumerate()
            .filter(|(i, d)| {
                !self.divisions[..*i]
                    .iter()
                    .any(|e| e.language == d.language)
            })
            .map(|(_, d)| d.language)
    }

    /// The languages the players' screens speak before a division is chosen: the divisions'
    /// languages in their order, at most [`wordjudge_config::MENU_LANGUAGES`] of them — the
    /// most whose lines the fit check proves stack on every screen with every prompt. Players
    /// of a further language read their own once they choose their division (`config check`
    /// says which languages the menu speaks).
    fn menu_languages(&self) -> impl Iterator<Item = Language> + '_ {
        self.languages().take(wordjudge_config::MENU_LANGUAGES)
    }

    /// `id` in every language of the menu ([`Self::menu_languages`]), one line each (the
    /// division menu before a division is chosen).
    fn in_every_language(&self, id: &str) -> String {
        let lines: Vec<String> = self.menu_languages().map(|l| l.text(id)).collect();
        if lines.is_empty() {
            Language::En.text(id)
        } else {
            lines.join("\n")
        }
    }

    /// The screen to draw now.
    pub fn view(&self, now: f64) -> View {
        let director = matches!(
            self.mode,
            Mode::Pin { .. } | Mode::Director { .. } | Mode::StationNumber(_)
        );
        let players = self.players_language();
        let l = if director {
            self.settings.director_language
        } else {
            players.unwrap_or_default()
        };
        let mut v = self.frame(l);
        if !director && players.is_none() {
            v.label_languages = self.menu_languages().collect();
        }
        v.text_scale = if director {
            1.0
        } else {
            self.settings.screen.text_scale as f32
        };
        match &self.mode {
            Mode::OutOfService(reason) => {
                v.title = match players {
                    Some(l) => tr!(l, "out-of-service-title"),
                    None => self.in_every_language("out-of-service-title"),
                };
                v.detail = reason.text(l);
            }
            Mode::ChooseDivision => self.menu_view(players, &mut v),
            Mode::Table { digits } => players::table_view(digits, l, &mut v),
            Mode::Count { second_opinion } => self.count_view(second_opinion.as_ref(), l, &mut v),
            Mode::Entry(e) => {
                players::entry_view(e, now - self.settings.screen.handover_seconds, l, &mut v);
                if !e.as_tiles() && self.settings.screen.touch_keyboard {
                    // An English division's on-screen keyboard: A to Z, the words as letters.
                    v.tile_keys = e.alphabet.tiles().iter().map(|t| t.label.clone()).collect();
                }
            }
            Mode::Verdict { .. } => self.verdict_view(l, &mut v),
            Mode::SlipNumber { digits } => {
                v.screen = ScreenKind::SlipNumber;
                // Asked for from the division menu: in every language, as the menu's title.
                v.title = match players {
                    Some(l) => tr!(l, "slip-number-title"),
                    None => self.in_every_language("slip-number-title"),
                };
                v.current = digits.clone();
            }
            Mode::StationNumber(asking) => self.station_number_view(asking, l, &mut v),
            Mode::Pin { digits, .. } => self.pin_view(digits, now, l, &mut v),
            Mode::Director {
                page,
                log,
                wrong_pins,
                waiting,
                since,
                opened,
                proof: _,
            } => {
                let screen = &self.settings.screen;
                let closes = (opened + screen.director_max_seconds)
                    .min(since + screen.director_idle_seconds);
                let context = director::Context {
                    log: log.as_ref(),
                    wrong_pins: *wrong_pins,
                    waiting: waiting.as_deref().map(|w| director::waiting_line(w, l)),
                    closes_in: (closes - now).max(0.0),
                };
                self.director_view(page, &context, now, l, &mut v)
            }
        }
        if !player_screen(&v.screen) {
            v.second_opinion_ready = false;
        }
        (v.back_goes_back, v.back_acts) = self.back_goes_back();
        v.hint = self.hint_text(director, players, l);
        v
    }

    /// The hint, in the language of whoever it is for: the director's PIN hints in the
    /// director's language (a lock-out shows on the players' screen, but it is the director's);
    /// on a players' screen before a division is chosen, in every language of the divisions, a
    /// line each, as the menu's title; else in the screen's language `l`.
    fn hint_text(&self, director: bool, players: Option<Language>, l: Language) -> String {
        let Some(hint) = &self.hint else {
            return String::new();
        };
        match hint {
            Hint::WrongPin | Hint::TooManyPins => hint.text(self.settings.director_language),
            // A division out of service, touched on a menu of several languages: the button
            // touched is marked so, and its title three times over pushed SECOND OPINION off
            // the screen; "OUT OF SERVICE: call the director" in each language says it.
            Hint::DivisionOutOfService(_) if !director && players.is_none() => {
                let lines: Vec<String> = self
                    .menu_languages()
                    .map(|l| {
                        format!(
                            "{}: {}",
                            l.text("label-out-of-service"),
                            l.text("label-call-director")
                        )
                    })
                    .collect();
                lines.join("\n")
            }
            _ if !director && players.is_none() => {
                let lines: Vec<String> = self.menu_languages().map(|l| hint.text(l)).collect();
                lines.join("\n")
            }
            _ => hint.text(l),
        }
    }

    /// What every screen in `l` carries before its own part: the division and the lexicons of
    /// the challenge under way, the event line, the hint, the banner, and whether SECOND
    /// OPINION can act and which keys JUDGE.
    fn frame(&self, l: Language) -> View {
        let (round, table) = self.game();
        let division = self
            .active
            .map(|i| &self.divisions[i])
            .map(|d| {
                if self.pinned == self.active && self.divisions.len() > 1 {
                    tr!(l, "pinned-by-director", division = &d.label)
                } else {
                    d.label.clone()
                }
            })
            .unwrap_or_default();
        View {
            screen: ScreenKind::OutOfService,
            language: l,
            division,
            header: self.header().to_owned(),
            event_line: self.event_line(round, table, l),
            count_choices: self.settings.max_words,
            second_opinion_ready: self.second_opinion_refusal().is_none(),
            judge_label: if self.settings.tab_judges() {
                tr!(l, "judge-tab")
            } else {
                tr!(l, "label-judge")
            },
            banner: self.alert.as_ref().map(|a| a.text(l)).unwrap_or_default(),
            ..View::default()
        }
    }

    /// The round and table of the challenge under way as its slip will record them (a second
    /// opinion: its slip's), or of the verdict showing.
    fn game(&self) -> (Option<u32>, Option<u32>) {
        let slip = match &self.mode {
            Mode::Verdict { round, table, .. } => return (*round, *table),
            Mode::Count {
                second_opinion: Some(s),
            } => Some(s),
            Mode::Entry(e) => e.second_opinion.as_ref(),
            _ => None,
        };
        match slip {
            Some(s) => (s.round, s.table),
            None => (self.adjudicator.round(), self.table_now()),
        }
    }

    /// The lexicons that judge the challenge under way (a second opinion: its division's
    /// second-opinion lexicons), or that judged the verdict showing.
    fn header(&self) -> &str {
        let Some(slot) = self.active.map(|i| &self.divisions[i]) else {
            return "";
        };
        match &self.mode {
            Mode::Verdict { header, .. } => header,
            Mode::Count {
                second_opinion: Some(_),
            } => &slot.second_header,
            Mode::Entry(e) if e.second_opinion.is_some() => &slot.second_header,
            _ => &slot.header,
        }
    }

    /// The event line of every screen's header (see [`View::event_line`]), for a challenge in
    /// `round` at `table`.
    fn event_line(&self, round: Option<u32>, table: Option<u32>, l: Language) -> String {
        let mut parts = Vec::new();
        if let Some(event) = &self.settings.event {
            parts.push(if event.changed.is_empty() {
                tr!(l, "event-line-event", fingerprint = &event.fingerprint)
            } else {
                tr!(
                    l,
                    "event-line-event-changed",
                    fingerprint = &event.fingerprint
                )
            });
        }
        if let Some(round) = round {
            parts.push(tr!(l, "event-line-round", round = round));
        }
        if !parts.is_empty() {
            parts.push(tr!(
                l,
                "event-line-station",
                station = self.adjudicator.station()
            ));
        }
        if let Some(table) = table {
            parts.push(tr!(l, "event-line-table", table = table));
        }
        parts.join(" · ")
    }
}

/// Every screen but the director's and its PIN prompt.
fn player_screen(screen: &ScreenKind) -> bool {
    !matches!(
        screen,
        ScreenKind::Director | ScreenKind::About | ScreenKind::Pin
    )
}
