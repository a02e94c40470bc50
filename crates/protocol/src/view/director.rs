//! The director's screens: the main page (status, the event, the log, the last slips), pinning
//! a division, confirmations, the slip number and the per-word detail of one slip (behind the
//! PIN again), the round.

use super::{Command, ScreenKind, View};
use crate::{Confirmable, DirectorAction, Page, Station, StickJob, Waiting, DETAIL_SECONDS};
use wordjudge_lang::{tr, verdict_word, Language};
use wordjudge_sliplog::adjudicate::LogState;
use wordjudge_sliplog::Slip;

/// What the director's screen shows besides the station's own state.
pub(super) struct Context<'a> {
    /// The slip log as it was when director mode opened.
    pub(super) log: Option<&'a LogState>,
    /// Wrong PINs tried since the director's last visit.
    pub(super) wrong_pins: u32,
    /// The waiting challenge, in words.
    pub(super) waiting: Option<String>,
    /// Seconds until director mode closes by itself (idle or its absolute limit).
    pub(super) closes_in: f64,
}

/// The challenge waiting for the director, in words.
pub(super) fn waiting_line(w: &Waiting, l: Language) -> String {
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
}

impl Station {
    pub(super) fn director_view(
        &self,
        page: &Page,
        c: &Context,
        now: f64,
        l: Language,
        v: &mut View,
    ) {
        v.screen = ScreenKind::Director;
        // The main page's title is the DIRECTOR label alone (a title saying "Director" again
        // beside it read "TURNIERLEITUNG Turnierleitung"); the other pages say what they are.
        v.title = String::new();
        v.detail = tr!(l, "director-closes", seconds = c.closes_in.ceil());
        let command = |id: &str, action| Command::new(l.text(id), action);
        match page {
            Page::Main => {
                v.director_lines = self.director_lines(c, l);
                v.commands = self.main_commands(c, l);
            }
            Page::About => v.screen = ScreenKind::About,
            Page::PinChoice => self.pin_choice_page(l, v),
            Page::Confirm(what) => self.confirm_page(*what, c, l, v),
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
                v.director_lines = detail_lines(slip, l, &self.settings.zone, |w| {
                    self.words_shown(&slip.division, &[w.to_owned()])
                });
                v.commands = vec![command("label-back", DirectorAction::Back)];
            }
            Page::StickWorking(job) => {
                v.title = tr!(l, "stick-working-title");
                // Director mode stays open until the answer: no countdown.
                v.detail = String::new();
                v.director_lines = vec![stick_help(*job, l), tr!(l, "stick-working")];
            }
            Page::StickDone(answer) => {
                v.title = if answer.done {
                    tr!(l, "stick-done-title")
                } else {
                    tr!(l, "stick-failed-title")
                };
                v.director_lines = answer.lines.clone();
                if answer.done && answer.job == StickJob::InstallEvent {
                    v.director_lines.push(tr!(l, "stick-installed"));
                }
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

    /// The main page's commands, each with its key; allowing a waiting challenge first.
    fn main_commands(&self, c: &Context, l: Language) -> Vec<Command> {
        let command = |id: &str, action| Command::new(l.text(id), action);
        let mut commands = vec![
            command("command-pin", DirectorAction::ChoosePin),
            command("command-slip-detail", DirectorAction::SlipDetail),
            command("command-round", DirectorAction::SetRound),
            Command {
                enabled: self.alert.is_some(),
                ..command("command-acknowledge", DirectorAction::AcknowledgeAlert)
            },
            command("command-reload", DirectorAction::Reload),
            Command {
                enabled: !self.stick_under_way(),
                ..command("command-install-event", DirectorAction::InstallFromStick)
            },
            Command {
                enabled: !self.stick_under_way(),
                ..command("command-copy-logs", DirectorAction::CopyLogsToStick)
            },
            command("command-about", DirectorAction::ShowAbout),
        ];
        if c.waiting.is_some() {
            commands.insert(0, command("command-allow", DirectorAction::AllowWaiting));
        }
        commands.push(command("command-back-to-players", DirectorAction::Back));
        commands.push(command("command-exit", DirectorAction::ExitStation));
        commands
    }

    /// Which division to pin the station to: one button each (those in service), unpin, back.
    fn pin_choice_page(&self, l: Language, v: &mut View) {
        let command = |id: &str, action| Command::new(l.text(id), action);
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

    /// A change asked about: what it is, what it means, yes or no.
    fn confirm_page(&self, what: Confirmable, c: &Context, l: Language, v: &mut View) {
        let command = |id: &str, action| Command::new(l.text(id), action);
        v.title = match what {
            Confirmable::Pin(Some(i)) => {
                tr!(l, "confirm-pin", division = &self.divisions[i].label)
            }
            Confirmable::Pin(None) => tr!(l, "confirm-unpin"),
            Confirmable::Exit => tr!(l, "confirm-exit"),
            Confirmable::Allow => tr!(l, "confirm-allow"),
            Confirmable::Stick(StickJob::InstallEvent | StickJob::FirstInstall(_)) => {
                tr!(l, "confirm-install-event")
            }
            Confirmable::Stick(StickJob::CopyLogs) => tr!(l, "confirm-copy-logs"),
        };
        v.director_lines = match (what, &c.waiting) {
            (Confirmable::Allow, Some(line)) => vec![line.clone()],
            (Confirmable::Pin(_), _) => vec![self.pinned_line(l)],
            (Confirmable::Stick(job), _) => vec![stick_help(job, l), tr!(l, "stick-one-stick")],
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

    /// Whether and to which division the station is pinned, in words.
    fn pinned_line(&self, l: Language) -> String {
        match self.pinned {
            Some(i) => tr!(l, "pinned-to", division = &self.divisions[i].label),
            None if self.divisions.len() > 1 => tr!(l, "not-pinned"),
            None => tr!(l, "not-pinned-one"),
        }
    }

    /// The director's status lines: lexicons per division, whether the station is pinned,
    /// a waiting challenge, wrong PINs, verdicts whose slip was not recorded, log health, and
    /// the recent slips — their words and verdicts, never which word failed (that is on
    /// request, one slip at a time, behind the PIN again).
    fn director_lines(&self, c: &Context, l: Language) -> Vec<String> {
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
        lines.extend(self.log_lines(c.log, l));
        lines
    }

    /// The slip log's state and the last slips, newest first: from the log file, so they
    /// include slips from before a restart and from the command line; from memory when there
    /// is no log or it cannot be read.
    fn log_lines(&self, log: Option<&LogState>, l: Language) -> Vec<String> {
        let mut lines = Vec::new();
        let in_memory = || self.recent.iter().rev().cloned().collect::<Vec<Slip>>();
        let slips = match log {
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
                l.datetime(s.time, &self.settings.zone),
                kind_text(s.kind, l),
                verdict_word(s.verdict, l),
                self.words_shown(&s.division, &s.words)
            ));
        }
        lines
    }

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
        if let Some(key) = self.adjudicator.signer() {
            lines.push(tr!(l, "station-key", key = &key, station = station));
        }
        lines.push(match self.adjudicator.round() {
            Some(r) => tr!(l, "round-set", round = r),
            None => tr!(l, "round-unset"),
        });
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

/// One slip in full, for the director: its words with the lexicon that accepted each, or ✗.
fn detail_lines(
    slip: &Slip,
    l: Language,
    zone: &wordjudge_base::clock::TimeZone,
    shown: impl Fn(&str) -> String,
) -> Vec<String> {
    let mut lines = vec![tr!(
        l,
        "detail-heading",
        slip = slip.slip,
        time = &l.datetime(slip.time, zone),
        kind = &kind_text(slip.kind, l),
        division = &slip.division,
        station = &slip.station,
        verdict = &verdict_word(slip.verdict, l)
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

/// What a stick request does, in a line.
fn stick_help(job: StickJob, l: Language) -> String {
    match job {
        StickJob::InstallEvent | StickJob::FirstInstall(_) => tr!(l, "stick-install-help"),
        StickJob::CopyLogs => tr!(l, "stick-copy-help"),
    }
}
