//! `wordjudge slips …`: its subcommands' arguments (clap) and what each runs (`cmd::slips_*`).
//! Apart from `main.rs`, which keeps the other commands, so that each file has one concern.

use std::path::{Path, PathBuf};

use clap::Subcommand;

use crate::cmd;

#[derive(Subcommand)]
pub(crate) enum SlipsCommand {
    /// List slips, oldest first
    List {
        /// Only the last N
        #[arg(long)]
        last: Option<usize>,
    },
    /// Show one slip in full
    Show {
        slip: u64,
        /// Director: per-word detail
        #[arg(long)]
        explain: bool,
    },
    /// Check numbering and the hash chain; print the first bad slip
    Verify {
        /// An anchor written down earlier (`slips anchor`, or a docket's seal), N:CODE; the log
        /// must still hold exactly that record (several allowed)
        #[arg(long, value_name = "N:CODE")]
        anchor: Vec<String>,
        /// Verify this log (a copy, or a table device's export) instead of the station's
        #[arg(long, value_name = "FILE")]
        log: Option<PathBuf>,
    },
    /// Export every slip, one row each
    Export {
        /// CSV for spreadsheets (the only format)
        #[arg(long, required = true)]
        csv: bool,
    },
    /// Re-judge every slip against the current lexicons, writing nothing; list the differences
    Recheck,
    /// Print slip N's docket again on the configured printer
    Print { slip: u64 },
    /// The anchor for the last slip (number and first digits of its seal), to write down at the
    /// end of a round; `slips verify --anchor` checks the log still holds it
    Anchor,
    /// Verify every station's log and write one event-wide export, sorted by time
    Merge {
        /// Slip logs, station folders, or folders of station folders
        #[arg(required = true)]
        logs: Vec<PathBuf>,
        /// Write the merged slips as CSV here
        #[arg(long)]
        csv: Option<PathBuf>,
        /// Write the merged slips as JSON Lines here
        #[arg(long)]
        jsonl: Option<PathBuf>,
        /// Write the event report (one HTML page) here
        #[arg(long)]
        report: Option<PathBuf>,
        /// The language of the report's headings: en, ca, es, pl, de, fr, nb, nl, sv, sl
        #[arg(long, value_name = "CODE", default_value = "en", value_parser = parse_language)]
        language: wordjudge::lang::Language,
        /// Where copies of one station's log differ in length, merge this copy (a log or a
        /// station folder) in full
        #[arg(long, value_name = "LOG")]
        trust: Vec<PathBuf>,
        /// Anchors written down at the stations, one a line (`[STATION] N:CODE`): a longer copy
        /// is merged up to the last anchor it holds, and an anchor no log holds is reported
        #[arg(long, value_name = "FILE")]
        anchors: Option<PathBuf>,
        /// The event's roster, one station a line (`STATION KEY-ID`, as `event install`
        /// printed them): only logs every record of which its station's key signed are merged
        #[arg(long, value_name = "FILE")]
        roster: Option<PathBuf>,
        /// Exit 0 even though who wrote the logs is not proven (no --roster): for a club's own
        /// logs, or a first look; without it such a merge exits 1
        #[arg(long)]
        accept_unproven: bool,
        /// Merge only this event's slips (its fingerprint, as every slip and the station's
        /// header name it): a log of other events only is listed and not merged
        #[arg(long, value_name = "FINGERPRINT")]
        event: Option<String>,
        /// Show local times in this time zone (e.g. Europe/London) [default: the event's
        /// `[event] time_zone`, from a station folder given or --config, else this computer's]
        #[arg(long, value_name = "NAME")]
        zone: Option<String>,
    },
}

pub(crate) fn run(config: &Path, command: &SlipsCommand) -> cmd::CmdResult {
    match command {
        SlipsCommand::List { last } => cmd::slips_list::run(config, *last),
        SlipsCommand::Show { slip, explain } => cmd::slips_show::run(config, *slip, *explain),
        SlipsCommand::Verify { anchor, log } => {
            cmd::slips_verify::run(config, anchor, log.as_deref())
        }
        SlipsCommand::Print { slip } => cmd::slips_print::run(config, *slip),
        SlipsCommand::Anchor => cmd::slips_anchor::run(config),
        SlipsCommand::Merge {
            logs,
            csv,
            jsonl,
            report,
            language,
            trust,
            anchors,
            roster,
            zone,
            accept_unproven,
            event,
        } => cmd::slips_merge::run(cmd::slips_merge::Args {
            config,
            logs,
            csv: csv.as_deref(),
            jsonl: jsonl.as_deref(),
            report: report.as_deref(),
            language: *language,
            trust,
            anchors: anchors.as_deref(),
            roster: roster.as_deref(),
            zone: zone.as_deref(),
            accept_unproven: *accept_unproven,
            event: event.as_deref(),
        }),
        SlipsCommand::Export { csv: _ } => cmd::slips_export::run(config),
        SlipsCommand::Recheck => cmd::slips_recheck::run(config),
    }
}

/// A language code as `--language` takes it.
fn parse_language(code: &str) -> Result<wordjudge::lang::Language, String> {
    wordjudge::lang::Language::from_code(code).ok_or_else(|| {
        format!(
            "{code:?} is not a language wordjudge speaks (one of: {})",
            wordjudge::lang::Language::codes()
        )
    })
}
