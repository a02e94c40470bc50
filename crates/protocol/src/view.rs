//! What goes out: the screen to draw ([`View`]), and every word the station shows — titles,
//! hints, the verdict's lines, the director's status lines and the fixed labels of buttons
//! ([`LABELS`]). The user interface has no wording of its own.
//!
//! Player screens never carry per-word findings; only director mode's lines do.

use super::{Confirmable, DirectorAction, Entry, Mode, Page, Station, DETAIL_SECONDS};
use wordjudge_lang::tr;
use wordjudge_lang::{verdict_word, Language};
use wordjudge_lexicon::judge::Verdict;
use wordjudge_sliplog::adjudicate::LogState;
use wordjudge_sliplog::Slip;

use super::players::missing;
use super::PIN_TRIES;

/// Which screen is showing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScreenKind {
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
}

/// Everything a user interface needs to draw the current screen. Player screens never carry
/// per-word findings.
#[derive(Debug, Clone, PartialEq)]
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
    /// keyboard, every tile of the alphabet in order. Empty for English (words as letters).
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
    /// The challenger can end the entry (DONE).
    pub can_hand_over: bool,
    /// The JUDGE button's label, naming the keys that judge: "JUDGE (Tab)".
    pub judge_label: String,
    /// A persistent alert for the director ("Slip log failed — call the director").
    pub banner: String,
    /// Director screens only: lines of status, slips and per-word detail.
    pub director_lines: Vec<String>,
    /// Director screens only: the commands of the page showing, each labelled with its key,
    /// and whether it can act now.
    pub commands: Vec<Command>,
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

/// Declares the station's fixed words once: the [`Labels`] struct, [`Labels::of`] (each field
/// from the catalogue's `label-FIELD` message, `_` written `-`), and `wordjudge_protocol::for_each_label!`,
/// which hands every field's name to a macro of the caller's. The window fills its own `Labels`
/// (ui/api.slint, which Slint needs declared) with it, so the names are listed here and there
/// only, and a field missing on either side does not compile.
macro_rules! labels {
    ($d:tt $($(#[$doc:meta])* $field:ident,)*) => {
        /// The fixed words of the station's screens, for the user interface, in one language.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct Labels {
            $($(#[$doc])* pub $field: String,)*
        }

        impl Labels {
            /// The fixed words in `language`.
            pub fn of(language: Language) -> Labels {
                Labels {
                    $($field: language.text(&format!("label-{}", stringify!($field).replace('_', "-"))),)*
                }
            }
        }

        /// `for_each_label!(m)` expands to `m! { out_of_service, call_director, … }`: every field
        /// of [`Labels`], in order.
        #[macro_export]
        macro_rules! for_each_label {
            ($d m:ident) => { $d m! { $($field),* } };
        }
    };
}

labels! { $
    out_of_service,
    call_director,
    verdicts_differ,
    second_opinion,
    edit_keys,
    /// The tile keyboard's key that ends a word (it types Space).
    next_word,
    done,
    any_key_clears,
    judge,
    words_typed,
    word,
    cancel,
    backspace,
    ok,
    pin,
    pin_digits,
    director,
    scroll,
    alert,
    back,
    about_text,
}

impl Station {
    /// The language of the players' screens now: the division of the challenge under way, or
    /// the one the station is pinned to, or the one every division speaks; `None` when the
    /// divisions speak more than one and no division is chosen yet.
    pub fn players_language(&self) -> Option<Language> {
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

    /// `id` in every language the divisions speak, one line each (the division menu before a
    /// division is chosen).
    fn in_every_language(&self, id: &str) -> String {
        let lines: Vec<String> = self.languages().map(|l| l.text(id)).collect();
        if lines.is_empty() {
            Language::En.text(id)
        } else {
            lines.join("\n")
        }
    }

    /// The screen to draw now.
    pub fn view(&self, now: f64) -> View {
        let slot = self.active.map(|i| &self.divisions[i]);
        let (round, table) = self.game();
        let director = matches!(self.mode, Mode::Pin { .. } | Mode::Director { .. });
        let players = self.players_language();
        let l = if director {
            self.settings.director_language
        } else {
            players.unwrap_or_default()
        };
        let mut v = View {
            screen: ScreenKind::OutOfService,
            language: l,
            division: slot
                .map(|d| {
                    if self.pinned == self.active && self.divisions.len() > 1 {
                        tr!(l, "pinned-by-director", division = &d.label)
                    } else {
                        d.label.clone()
                    }
                })
                .unwrap_or_default(),
            header: self.header().to_owned(),
            event_line: self.event_line(round, table, l),
            title: String::new(),
            detail: String::new(),
            words: Vec::new(),
            current: String::new(),
            word_tiles: Vec::new(),
            current_tiles: Vec::new(),
            current_pending: String::new(),
            tile_keys: Vec::new(),
            expected_words: 0,
            count_choices: self.settings.max_words,
            hint: self.hint.as_ref().map(|h| h.text(l)).unwrap_or_default(),
            verdict: None,
            slip: None,
            slip_line: String::new(),
            spoken: String::new(),
            choices: Vec::new(),
            choices_in_service: Vec::new(),
            second_opinion_ready: self.second_opinion_refusal().is_none(),
            ready: false,
            can_hand_over: false,
            judge_label: if self.settings.tab_judges() {
                tr!(l, "judge-tab")
            } else {
                tr!(l, "label-judge")
            },
            banner: self.alert.as_ref().map(|a| a.text(l)).unwrap_or_default(),
            director_lines: Vec::new(),
            commands: Vec::new(),
        };
        match &self.mode {
            Mode::OutOfService(reason) => {
                v.title = match players {
                    Some(l) => tr!(l, "out-of-service-title"),
                    None => self.in_every_language("out-of-service-title"),
                };
                v.detail = reason.text(l);
            }
            Mode::ChooseDivision => {
                v.screen = ScreenKind::ChooseDivision;
                v.title = match players {
                    Some(l) => tr!(l, "choose-division"),
                    None => self.in_every_language("choose-division"),
                };
                v.choices = self
                    .divisions
                    .iter()
                    .enumerate()
                    .map(|(i, d)| match d.state {
                        Ok(_) => format!("{}  {}", i + 1, d.label),
                        Err(_) => format!(
                            "{}  {}",
                            i + 1,
                            tr!(d.language, "division-out-of-service", division = &d.label)
                        ),
                    })
                    .collect();
                v.choices_in_service = self.divisions.iter().map(|d| d.state.is_ok()).collect();
            }
            Mode::Table { digits } => {
                v.screen = ScreenKind::Table;
                v.title = tr!(l, "table-title");
                v.detail = tr!(l, "table-detail");
                v.current = digits.clone();
            }
            Mode::Count { second_opinion } => {
                v.screen = ScreenKind::Count;
                v.title = tr!(l, "count-title");
                let press = tr!(l, "count-detail", max = self.settings.max_words);
                v.detail = match second_opinion {
                    Some(s) => {
                        format!("{} — {press}", tr!(l, "second-opinion-for", slip = s.slip))
                    }
                    None => press,
                };
            }
            Mode::Entry(e) => entry_view(e, now - self.settings.screen.handover_seconds, l, &mut v),
            Mode::Verdict { .. } => self.verdict_view(l, &mut v),
            Mode::SlipNumber { digits } => {
                v.screen = ScreenKind::SlipNumber;
                v.title = tr!(l, "slip-number-title");
                v.current = digits.clone();
            }
            Mode::Pin { digits, .. } => self.pin_view(digits, now, l, &mut v),
            Mode::Director {
                page,
                log,
                wrong_pins,
                waiting,
                since,
                opened,
            } => {
                let closes = (opened + self.settings.screen.director_max_seconds)
                    .min(since + self.settings.screen.director_idle_seconds);
                let context = DirectorContext {
                    log: log.as_ref(),
                    wrong_pins: *wrong_pins,
                    waiting: waiting.as_ref().map(|w| {
                        let play = match &w.entry.part_of {
                            Some(failed) => failed.text(l),
                            None => tr!(l, "failed-play-any"),
                        };
                        let table = w
                            .table
                            .map(|t| tr!(l, "waiting-table", table = t))
                            .unwrap_or_default();
                        tr!(
                            l,
                            "waiting-challenge",
                            words = &w.entry.words.join(" "),
                            table = &table,
                            play = &play
                        )
                    }),
                    closes_in: (closes - now).max(0.0),
                };
                self.director_view(page, &context, now, l, &mut v)
            }
        }
        if !player_screen(&v.screen) {
            v.second_opinion_ready = false;
        }
        v
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
            None => (self.adjudicator.round(), self.table),
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

    fn pin_view(&self, digits: &str, now: f64, l: Language, v: &mut View) {
        v.screen = ScreenKind::Pin;
        v.title = tr!(l, "pin-title");
        // Hidden digits: only how many.
        v.current = "•".repeat(digits.chars().count());
        if now < self.pin_guard.locked_until {
            let seconds = (self.pin_guard.locked_until - now).ceil();
            v.detail = tr!(l, "pin-locked", seconds = seconds, tries = PIN_TRIES);
        } else if self.settings.pin.is_none() {
            v.detail = tr!(l, "pin-not-set");
        }
    }

    fn director_view(&self, page: &Page, c: &DirectorContext, now: f64, l: Language, v: &mut View) {
        v.screen = ScreenKind::Director;
        v.title = tr!(l, "director-title");
        v.detail = tr!(l, "director-closes", seconds = c.closes_in.ceil());
        let command = |id: &str, action| Command::new(l.text(id), action);
        match page {
            Page::Main => {
                v.director_lines = self.director_lines(c, l);
                let mut commands = vec![
                    command("command-pin", DirectorAction::ChoosePin),
                    command("command-slip-detail", DirectorAction::SlipDetail),
                    command("command-round", DirectorAction::SetRound),
                    Command {
                        enabled: self.alert.is_some(),
                        ..command("command-acknowledge", DirectorAction::AcknowledgeAlert)
                    },
                    command("command-reload", DirectorAction::Reload),
                    command("command-about", DirectorAction::ShowAbout),
                ];
                if c.waiting.is_some() {
                    commands.insert(0, command("command-allow", DirectorAction::AllowWaiting));
                }
                commands.push(command("command-back-to-players", DirectorAction::Back));
                commands.push(command("command-exit", DirectorAction::ExitStation));
                v.commands = commands;
            }
            Page::About => v.screen = ScreenKind::About,
            Page::PinChoice => {
                v.title = tr!(l, "pin-choice-title");
                v.director_lines = vec![self.pinned_line(l), tr!(l, "pin-choice-help")];
                v.commands = self
                    .divisions
                    .iter()
                    .enumerate()
                    .map(|(i, d)| Command {
                        enabled: d.state.is_ok(),
                        ..Command::new(
                            format!("{}  {}", i + 1, d.label),
                            DirectorAction::PinDivision(i),
                        )
                    })
                    .collect();
                v.commands
                    .push(command("command-unpin", DirectorAction::Unpin));
                v.commands.push(command("label-back", DirectorAction::Back));
            }
            Page::Confirm(what) => {
                v.title = match what {
                    Confirmable::Pin(Some(i)) => {
                        tr!(l, "confirm-pin", division = &self.divisions[*i].label)
                    }
                    Confirmable::Pin(None) => tr!(l, "confirm-unpin"),
                    Confirmable::Exit => tr!(l, "confirm-exit"),
                    Confirmable::Allow => tr!(l, "confirm-allow"),
                };
                v.director_lines = match (what, &c.waiting) {
                    (Confirmable::Allow, Some(line)) => vec![line.clone()],
                    (Confirmable::Pin(_), _) => vec![self.pinned_line(l)],
                    (Confirmable::Exit, _) => {
                        vec![tr!(l, "exit-restarts"), tr!(l, "exit-stop")]
                    }
                    _ => Vec::new(),
                };
                v.commands = vec![
                    command("command-yes", DirectorAction::Confirm),
                    command("command-no", DirectorAction::Back),
                ];
            }
            Page::SlipNumber(digits) => {
                v.screen = ScreenKind::SlipNumber;
                v.title = tr!(l, "detail-slip-title");
                v.detail = String::new();
                v.current = digits.clone();
            }
            Page::DetailPin { slip, digits } => {
                v.screen = ScreenKind::Pin;
                v.title = tr!(l, "detail-pin-title", slip = slip.slip);
                v.detail = tr!(l, "detail-pin-shown", seconds = DETAIL_SECONDS);
                v.current = "•".repeat(digits.chars().count());
            }
            Page::Detail { slip, shown_at } => {
                v.title = tr!(l, "detail-title", slip = slip.slip);
                let seconds = (shown_at + DETAIL_SECONDS - now).max(0.0).ceil();
                v.detail = tr!(l, "detail-closes", seconds = seconds);
                v.director_lines = detail_lines(slip, l, |w| {
                    self.words_shown(&slip.division, &[w.to_owned()])
                });
                v.commands = vec![command("label-back", DirectorAction::Back)];
            }
            Page::Round(digits) => {
                v.screen = ScreenKind::SlipNumber;
                v.title = tr!(l, "round-title");
                v.detail = match self.adjudicator.round() {
                    Some(r) => tr!(l, "round-now", round = r),
                    None => tr!(l, "round-none"),
                };
                v.current = digits.clone();
            }
        }
    }

    /// Whether and to which division the station is pinned, in words.
    fn pinned_line(&self, l: Language) -> String {
        match self.pinned {
            Some(i) => tr!(l, "pinned-to", division = &self.divisions[i].label),
            None if self.divisions.len() > 1 => tr!(l, "not-pinned"),
            None => tr!(l, "not-pinned-one"),
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

    fn verdict_view(&self, l: Language, v: &mut View) {
        let Mode::Verdict {
            verdict,
            words,
            slip,
            second_opinion_of,
            differs_from,
            time,
            ..
        } = &self.mode
        else {
            return;
        };
        v.words = words.clone();
        let alphabet = self.alphabet();
        if !alphabet.id().is_english() {
            v.word_tiles = words
                .iter()
                .map(|w| super::tiles::labels(alphabet, w).0)
                .collect();
        }
        v.slip = slip.as_ref().map(|s| s.slip);
        v.slip_line = match v.slip {
            Some(n) => tr!(l, "slip-line", slip = n),
            None => tr!(l, "slip-not-recorded"),
        };
        if let Some(n) = differs_from {
            v.screen = ScreenKind::VerdictsDiffer;
            v.title = tr!(l, "verdicts-differ-title");
            v.detail = match slip {
                Some(s) => tr!(l, "differ-recorded", slip = *n, recorded = s.slip),
                None => tr!(l, "differ-not-recorded", slip = *n),
            };
            return;
        }
        v.screen = ScreenKind::Verdict;
        v.verdict = Some(*verdict);
        v.title = match verdict {
            Verdict::Acceptable => tr!(l, "verdict-acceptable"),
            Verdict::Unacceptable => tr!(l, "verdict-unacceptable"),
        };
        v.spoken = match v.slip {
            Some(n) => tr!(l, "spoken-slip", verdict = &v.title, slip = n),
            None => tr!(l, "spoken-not-recorded", verdict = &v.title),
        };
        let division = self
            .active
            .map(|i| self.divisions[i].label.as_str())
            .unwrap_or_default();
        let time = &l.datetime(time);
        let failed = &tr!(l, "log-failed-write-time");
        v.detail = match (slip, second_opinion_of) {
            (Some(_), Some(n)) => tr!(
                l,
                "verdict-agree",
                slip = *n,
                division = division,
                time = time
            ),
            (Some(_), None) => tr!(l, "verdict-judged", division = division, time = time),
            (None, Some(n)) => tr!(
                l,
                "verdict-agree-not-recorded",
                slip = *n,
                time = time,
                failed = failed
            ),
            (None, None) => tr!(l, "verdict-not-recorded", time = time, failed = failed),
        };
    }

    /// The director's status lines: lexicons per division, whether the station is pinned,
    /// a waiting challenge, wrong PINs, verdicts whose slip was not recorded, log health, and
    /// the recent slips — their words and verdicts, never which word failed (that is on
    /// request, one slip at a time, behind the PIN again).
    fn director_lines(&self, c: &DirectorContext, l: Language) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(waiting) = &c.waiting {
            lines.push(waiting.clone());
        }
        if c.wrong_pins > 0 {
            lines.push(tr!(l, "wrong-pins-since", n = c.wrong_pins));
        }
        for line in &self.unrecorded {
            lines.push(tr!(l, "unrecorded-line", line = line));
        }
        lines.push(self.pinned_line(l));
        for (i, d) in self.divisions.iter().enumerate() {
            let pinned = if Some(i) == self.pinned { "*" } else { " " };
            match &d.state {
                Ok(div) => {
                    let codes: Vec<&str> = div.rules.lexicons().map(|l| l.code()).collect();
                    lines.push(tr!(
                        l,
                        "division-verified",
                        pinned = pinned,
                        division = &d.label,
                        codes = &codes.join(" + "),
                        header = &d.header
                    ));
                }
                Err(reason) => lines.push(tr!(
                    l,
                    "division-broken",
                    pinned = pinned,
                    division = &d.label,
                    reason = &reason.to_string()
                )),
            }
        }
        lines.extend(self.event_lines(l));
        // The slips from the log file, so they include slips from before a restart and from
        // the command line; from memory when there is no log or it cannot be read.
        let in_memory = || self.recent.iter().rev().cloned().collect::<Vec<Slip>>();
        let slips = match c.log {
            None => in_memory(),
            Some(LogState::Unused(path)) => {
                lines.push(tr!(l, "log-none-yet", path = &path.display().to_string()));
                Vec::new()
            }
            Some(LogState::Checked {
                verification,
                recent,
            }) => {
                lines.push(match verification {
                    Ok(v) => match (&v.first_bad, &v.head_problem) {
                        (None, None) => tr!(l, "log-intact", n = v.records),
                        (Some(bad), _) => tr!(
                            l,
                            "log-first-bad",
                            line = bad.line,
                            problem = &bad.problem.to_string()
                        ),
                        (None, Some(problem)) => tr!(
                            l,
                            "log-intact-but",
                            n = v.records,
                            problem = &problem.to_string()
                        ),
                    },
                    Err(e) => tr!(l, "log-error", error = &e.to_string()),
                });
                recent.clone().unwrap_or_else(|_| in_memory())
            }
        };
        if let Some(last) = slips.first() {
            let anchor = wordjudge_sliplog::Anchor::of(last).to_string();
            lines.push(tr!(l, "last-anchor", anchor = &anchor));
        }
        for s in &slips {
            let mut game = String::new();
            if let Some(r) = s.round {
                game.push(' ');
                game.push_str(&tr!(l, "slip-round-short", round = r));
            }
            if let Some(t) = s.table {
                game.push(' ');
                game.push_str(&tr!(l, "slip-table-short", table = t));
            }
            lines.push(format!(
                "#{} {}{game} {} {} — {}",
                s.slip,
                l.datetime(&s.time),
                kind_text(s.kind, l),
                verdict_word(s.verdict, l),
                self.words_shown(&s.division, &s.words)
            ));
        }
        lines
    }
}

/// A slip's kind as the director's screen names it.
fn kind_text(kind: wordjudge_sliplog::SlipKind, l: Language) -> String {
    match kind {
        wordjudge_sliplog::SlipKind::Challenge => tr!(l, "kind-challenge"),
        wordjudge_sliplog::SlipKind::SecondOpinion => tr!(l, "kind-second-opinion"),
        wordjudge_sliplog::SlipKind::Director => tr!(l, "kind-director"),
    }
}

/// What the director's screen shows besides the station's own state.
struct DirectorContext<'a> {
    /// The slip log as it was when director mode opened.
    log: Option<&'a LogState>,
    /// Wrong PINs tried since the director's last visit.
    wrong_pins: u32,
    /// The waiting challenge, in words.
    waiting: Option<String>,
    /// Seconds until director mode closes by itself (idle or its absolute limit).
    closes_in: f64,
}

/// Every screen but the director's and its PIN prompt.
fn player_screen(screen: &ScreenKind) -> bool {
    !matches!(
        screen,
        ScreenKind::Director | ScreenKind::About | ScreenKind::Pin
    )
}

impl Station {
    /// A slip's words for the director, as tiles of its division's alphabet (multi-letter
    /// tiles in brackets, [`wordjudge_lexicon::alphabet::Alphabet::show_tiles`]); English as typed.
    fn words_shown(&self, division: &str, words: &[String]) -> String {
        let alphabet = self
            .divisions
            .iter()
            .find(|d| d.name == division)
            .and_then(|d| d.state.as_ref().ok())
            .map(|d| d.rules.alphabet());
        match alphabet {
            Some(a) if !a.id().is_english() => words
                .iter()
                .map(|w| a.show_tiles(w))
                .collect::<Vec<_>>()
                .join(" "),
            _ => words.join(" "),
        }
    }

    /// The director's lines about the event: its name and fingerprint, whether this station
    /// still runs exactly its files, the round.
    fn event_lines(&self, l: Language) -> Vec<String> {
        let mut lines = Vec::new();
        let station = self.adjudicator.station();
        match &self.settings.event {
            None => lines.push(tr!(l, "station-no-event", station = station)),
            Some(event) => {
                lines.push(tr!(
                    l,
                    "station-event",
                    name = &format!("{:?}", event.name),
                    fingerprint = &event.fingerprint,
                    station = station
                ));
                if let Some(key) = &event.signed_by {
                    lines.push(format!("  {}", tr!(l, "event-signed", key = key)));
                }
                if event.changed.is_empty() {
                    lines.push(format!("  {}", tr!(l, "event-files-exact")));
                }
                for change in &event.changed {
                    lines.push(format!("  {}", tr!(l, "event-changed", change = change)));
                }
            }
        }
        lines.push(match self.adjudicator.round() {
            Some(r) => tr!(l, "round-set", round = r),
            None => tr!(l, "round-unset"),
        });
        lines
    }
}

/// One slip in full, for the director: its words with the lexicon that accepted each, or ✗.
fn detail_lines(slip: &Slip, l: Language, shown: impl Fn(&str) -> String) -> Vec<String> {
    let mut lines = vec![format!(
        "slip {} · {} · {} · division {} · {} · {}",
        slip.slip,
        l.datetime(&slip.time),
        kind_text(slip.kind, l),
        slip.division,
        slip.station,
        verdict_word(slip.verdict, l)
    )];
    if let Some(n) = slip.refers_to {
        lines.push(tr!(l, "detail-second-opinion", slip = n));
    }
    for f in &slip.detail {
        lines.push(match &f.found_in {
            Some(code) => format!(
                "  {:<15}  {}",
                shown(&f.word),
                tr!(l, "detail-acceptable", code = code)
            ),
            None => format!(
                "  {:<15}  {}",
                shown(&f.word),
                tr!(l, "detail-not-acceptable")
            ),
        });
    }
    lines.push(tr!(l, "detail-back"));
    lines
}

/// The entry screen: the words so far, and who acts next. `pause_ended_by`: the challenger
/// handed over early enough for JUDGE to act now if at or before this time.
fn entry_view(e: &Entry, pause_ended_by: f64, l: Language, v: &mut View) {
    v.screen = ScreenKind::Entry;
    v.words = e.words.clone();
    v.current = e.current.clone();
    if e.as_tiles() {
        let a = e.alphabet;
        v.word_tiles = e
            .words
            .iter()
            .map(|w| super::tiles::labels(a, w).0)
            .collect();
        (v.current_tiles, v.current_pending) = super::tiles::labels(a, &e.current);
        v.tile_keys = a.tiles().iter().map(|t| t.label.clone()).collect();
    }
    v.expected_words = e.expected.unwrap_or(0);
    v.ready = e.handed_over_at.is_some_and(|at| at <= pause_ended_by);
    v.can_hand_over = !e.handed_over() && missing(e).is_none();
    let second = e
        .second_opinion
        .as_ref()
        .map(|s| format!("{} — ", tr!(l, "second-opinion-for", slip = s.slip)))
        .unwrap_or_default();
    if e.handed_over() {
        v.title = tr!(l, "handed-over-title");
        v.detail = if v.ready {
            format!("{second}{}", tr!(l, "handed-over-ready"))
        } else {
            format!("{second}{}", tr!(l, "handed-over-pause"))
        };
        return;
    }
    v.title = tr!(l, "entry-title");
    let count = match e.expected {
        Some(n) => tr!(l, "entry-count", n = n),
        None => tr!(l, "entry-no-count"),
    };
    v.detail = match &e.second_opinion {
        Some(_) => format!("{second}{} {count}", tr!(l, "entry-again")),
        None => count,
    };
}
