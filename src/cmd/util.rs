//! Helpers shared by the commands.

pub use wordjudge::config::diagnostics::init_logging;

use std::path::Path;

use wordjudge::config::Config;
use wordjudge::lexicon::alphabet::Alphabet;
use wordjudge::lexicon::judge::{Rules, WordFinding};
use wordjudge::lexicon::source::{self, Format, OnInvalid, SourceError, SourceFile};
use wordjudge::sliplog::adjudicate::Adjudicator;
use wordjudge::sliplog::{self, Contents, SlipLogError};

/// Reads a word-list source, reporting on stderr any entries `--skip-invalid` left out.
pub fn read_source(
    path: &Path,
    format: Format,
    alphabet: &'static Alphabet,
    policy: OnInvalid,
) -> Result<SourceFile, SourceError> {
    let read = source::read_file(path, format, alphabet, policy)?;
    let entries = &read.entries;
    if entries.skipped > 0 {
        errln!(
            "wordjudge: warning: left out {} invalid entr{} of {} (--skip-invalid){}",
            entries.skipped,
            if entries.skipped == 1 { "y" } else { "ies" },
            path.display(),
            if entries.skipped > entries.skipped_examples.len() {
                format!("; the first {}:", entries.skipped_examples.len())
            } else {
                ":".to_owned()
            }
        );
        for example in &entries.skipped_examples {
            errln!("  {example}");
        }
        log::warn!(
            "{}: left out {} invalid entries",
            path.display(),
            entries.skipped
        );
    }
    Ok(read)
}

/// "lexicon NWL2023 (SHA-256 7ced91210162) + LL for 10+ letters".
pub fn describe_rules(rules: &Rules) -> String {
    let mut text = format!(
        "lexicon {} (SHA-256 {})",
        rules.primary().code(),
        rules.primary().sha256().short()
    );
    for f in rules.fallbacks() {
        text.push_str(&format!(
            " + {} for {}+ letters",
            f.lexicon.code(),
            f.min_length
        ));
    }
    text
}

/// The director's per-word detail.
pub fn print_explanation(findings: &[WordFinding]) {
    outln!("director's detail (never shown to players):");
    for f in findings {
        match &f.found_in {
            Some(code) => outln!("  {:<15}  acceptable (in {code})", f.word),
            None => outln!("  {:<15}  NOT acceptable", f.word),
        }
    }
}

/// Reads the slip log named by the configuration; a log that does not exist yet (nothing judged)
/// reads as empty. The whole log is held: for listing or exporting, [`slips`] streams.
pub fn read_slips(config: &Config) -> Result<Contents, SlipLogError> {
    if no_log_yet(config) {
        return Ok(Contents::default());
    }
    sliplog::read(&config.station.slip_log)
}

/// The records of the slip log named by the configuration, one at a time (`None`: nothing
/// judged yet).
pub fn slips(config: &Config) -> Result<Option<sliplog::Records>, SlipLogError> {
    if no_log_yet(config) {
        return Ok(None);
    }
    sliplog::Records::open(&config.station.slip_log).map(Some)
}

/// Prints what the slip log noticed while writing (a missing or damaged head, records deleted
/// from the end, ...) as warnings: the slip was written, but the director must look.
pub fn print_log_alerts(adjudicator: &mut Adjudicator) {
    for alert in adjudicator.take_alerts() {
        errln!("wordjudge: warning: {alert}");
    }
}

/// Whether this command may write the station's slip log, before anything is judged: only the
/// station's account writes it (a log made or appended as root leaves the station unable to
/// write the next slip), and the package's demo folder, under /usr, is nobody's to write in.
pub fn may_write_slip_log(config: &Config) -> Result<(), String> {
    let log = &config.station.slip_log;
    let folder = std::fs::canonicalize(wordjudge::base::fsutil::parent_dir(log))
        .unwrap_or_else(|_| wordjudge::base::fsutil::parent_dir(log).to_path_buf());
    if folder.starts_with("/usr") {
        return Err(format!(
            "{} is a folder of the installed package (the demo station), which is read-only by design: copy it to a folder of your own and use that (cp -r {} ~/wordjudge-demo && cd ~/wordjudge-demo)",
            folder.display(),
            folder.display()
        ));
    }
    for path in [log.clone(), sliplog::head_path(log)] {
        if let Some(problem) = wordjudge::base::fsutil::not_the_stations_account(&path) {
            return Err(problem);
        }
    }
    Ok(())
}

/// True when nothing has been judged at this station yet (no slip log, no head naming a slip).
pub fn no_log_yet(config: &Config) -> bool {
    sliplog::is_unused(&config.station.slip_log)
}

/// The columns of a slip in the CSV exports (`slips export`, `slips merge`).
pub const SLIP_COLUMNS: [&str; 13] = [
    "slip",
    "time",
    "local_time",
    "station",
    "event",
    "round",
    "table",
    "kind",
    "refers_to",
    "division",
    "lexicons",
    "words",
    "verdict",
];

/// The events a station folder knows, by the fingerprint its slips carry: its installed event's
/// name (from the manifest the station runs; a slip of a station that changed its files carries
/// "FP (changed here)", named as FP); without an installed event, the `[event] name` of its
/// kiosk.toml, for slips of no event (key ""). What it cannot read names nothing.
pub fn event_names(config: &Config, names: &mut std::collections::BTreeMap<String, String>) {
    match wordjudge::event::status(config) {
        Ok(Some(status)) => {
            names.entry(status.fingerprint).or_insert(status.name);
        }
        Ok(None) => {
            if let Some(name) = &config.event.name {
                names.entry(String::new()).or_insert_with(|| name.clone());
            }
        }
        Err(_) => {}
    }
}

/// The name of the event slip `s` was judged in, from [`event_names`]; "" when unknown.
pub fn event_name(names: &std::collections::BTreeMap<String, String>, s: &sliplog::Slip) -> String {
    name_of_event(names, s.event.as_deref().unwrap_or_default())
        .cloned()
        .unwrap_or_default()
}

/// The name of the event a slip's `event` field names (its fingerprint, or the fingerprint
/// and [`wordjudge::event::CHANGED_HERE`]), from [`event_names`].
pub fn name_of_event<'a>(
    names: &'a std::collections::BTreeMap<String, String>,
    event: &str,
) -> Option<&'a String> {
    let fingerprint = event
        .strip_suffix(wordjudge::event::CHANGED_HERE)
        .unwrap_or(event);
    names.get(fingerprint)
}

/// A slip as a CSV row of [`SLIP_COLUMNS`]; the per-word detail stays out. Every cell is safe
/// to open in a spreadsheet ([`wordjudge::base::text::csv_cell`]): a forged log's `=HYPERLINK(...)`
/// is text, not a formula.
pub fn slip_row(
    s: &wordjudge::sliplog::Slip,
    zone: &wordjudge::base::clock::TimeZone,
) -> Vec<String> {
    raw_row(s, zone)
        .into_iter()
        .map(|cell| wordjudge::base::text::csv_cell(&cell).into_owned())
        .collect()
}

fn raw_row(s: &wordjudge::sliplog::Slip, zone: &wordjudge::base::clock::TimeZone) -> Vec<String> {
    let lexicons: Vec<String> = s
        .lexicons
        .iter()
        .map(|l| format!("{}:{}", l.code, l.sha256))
        .collect();
    let number = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
    vec![
        s.slip.to_string(),
        s.time.to_string(),
        wordjudge::base::clock::local(s.time, zone),
        s.station.clone(),
        s.event.clone().unwrap_or_default(),
        number(s.round),
        number(s.table),
        s.kind.to_string(),
        s.refers_to.map(|n| n.to_string()).unwrap_or_default(),
        s.division.clone(),
        lexicons.join(" "),
        s.words.join(" "),
        s.verdict.to_string(),
    ]
}

/// Whether this process runs as root (the only account that may change what a packaged
/// station trusts).
pub fn is_root() -> bool {
    #[cfg(unix)]
    {
        nix::unistd::geteuid().is_root()
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// A secret typed at the terminal without echo (`prompt` shown), or the first line of standard
/// input when it is not a terminal.
pub fn read_secret(prompt: &str) -> Result<String, String> {
    use std::io::{BufRead, IsTerminal};
    if std::io::stdin().is_terminal() {
        return rpassword::prompt_password(prompt).map_err(|e| e.to_string());
    }
    match std::io::stdin().lock().lines().next() {
        Some(line) => line.map_err(|e| e.to_string()),
        None => Err("no PIN was given on standard input".into()),
    }
}
