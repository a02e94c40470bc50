//! A USB stick at an installed station, from director mode: "install the event on this stick"
//! and "copy the logs to this stick". The protocol only asks ([`super::StationFiles::ask_stick`]) and
//! waits for the answer ([`StationFiles::stick_answer`], collected on every tick, whatever screen
//! shows): the image's root helper mounts the stick and does the work. While a request is under
//! way its page stays open and offers nothing (no key or button leads anywhere until the answer);
//! an event installed is loaded at once (the station reloads), whatever shows then, so that no
//! slip of the new event is judged with the old one.

use super::{Mode, Page, Station};

/// What a director asks of a stick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StickJob {
    /// Install the event on the stick (newer, signed by the key the station trusts).
    InstallEvent,
    /// Copy every event's slip log to the stick.
    CopyLogs,
    /// A station image's first install: the event on the stick, as this station number.
    FirstInstall(u32),
}

/// How long the station waits for the helper's answer before it says none came (the helper's
/// own limit is 300 s: `deploy/systemd/wordjudge-stick.service`).
pub const STICK_ANSWER_SECONDS: f64 = 330.0;

/// A request under way: what, since when.
#[derive(Debug, Clone, Copy)]
pub(super) struct Pending {
    pub job: StickJob,
    pub since: f64,
}

/// A helper's answer, as the director's page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Answer {
    pub job: StickJob,
    pub done: bool,
    pub lines: Vec<String>,
}

impl Station {
    /// The director confirmed `job`: asked of the helper, or why it cannot be.
    pub(super) fn ask_stick(&mut self, job: StickJob, now: f64) {
        let proof = match &self.mode {
            Mode::Director { proof, .. } => proof.0.clone(),
            _ => String::new(),
        };
        let asked = match self.files.as_mut() {
            Some(files) => files.ask_stick(job, &proof),
            None => Err(no_helper()),
        };
        let page = match asked {
            Ok(()) => {
                self.audit
                    .push(format!("director asked the stick helper: {job:?}"));
                self.stick = Some(Pending { job, since: now });
                Page::StickWorking(job)
            }
            Err(e) => {
                self.audit.push(format!(
                    "director asked the stick helper: {job:?}: not asked: {e}"
                ));
                Page::StickDone(Answer {
                    job,
                    done: false,
                    lines: vec![e],
                })
            }
        };
        if let Mode::Director { page: p, since, .. } = &mut self.mode {
            *p = page;
            *since = now;
        }
    }

    /// On every tick: the helper's answer, if it came (or the wait given up), shown if director
    /// mode is open; an installed event loaded in any case.
    pub(super) fn collect_stick(&mut self, now: f64) {
        let Some(pending) = self.stick else {
            return;
        };
        let answer = match self.files.as_mut().and_then(|f| f.stick_answer()) {
            Some((done, text)) => Answer {
                job: pending.job,
                done,
                lines: text.lines().map(str::to_owned).collect(),
            },
            None if now - pending.since >= STICK_ANSWER_SECONDS => Answer {
                job: pending.job,
                done: false,
                lines: vec![format!(
                    "the station's USB-stick helper did not answer in {STICK_ANSWER_SECONDS:.0} seconds: restart the station, then look at what it runs (director mode, Main page)"
                )],
            },
            None => return,
        };
        self.stick = None;
        self.audit.push(format!(
            "stick helper: {:?} {}: {}",
            answer.job,
            if answer.done { "done" } else { "NOT done" },
            answer.lines.join(" / ")
        ));
        if let StickJob::FirstInstall(_) = answer.job {
            self.number_answered(answer.done, &answer.lines, now);
            return;
        }
        if answer.done && answer.job == StickJob::InstallEvent {
            let open = matches!(self.mode, Mode::Director { .. });
            self.reload_for_stick(now);
            if !open {
                self.clear_to_start();
                return;
            }
        }
        if let Mode::Director { page, since, .. } = &mut self.mode {
            *page = Page::StickDone(answer);
            *since = now;
        }
    }

    /// Whether a stick request is under way (director mode stays open meanwhile).
    pub(super) fn stick_under_way(&self) -> bool {
        self.stick.is_some()
    }
}

/// Why a station without a stick helper cannot do what the director asked.
pub(super) fn no_helper() -> String {
    "this station has no USB-stick helper (only the station image has one): at a computer with the package, run `wordjudge event stick` as root".into()
}
