//! The `wordjudge` command line. Parsing lives here; everything else is in `cmd/` and the library.

#![forbid(unsafe_code)]

#[macro_use]
mod cmd;
mod slips_args;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use wordjudge::lexicon::alphabet::{self, Alphabet};
use wordjudge::lexicon::source::{Format, OnInvalid};

#[derive(Parser)]
#[command(
    name = "wordjudge",
    version,
    about = "Adjudication station for tournament Scrabble",
    long_about = "Adjudication station for tournament Scrabble: verified lexicons, one verdict per challenge.\n\
                  Exit status: 0 success (or ACCEPTABLE), 1 UNACCEPTABLE or a failed check, 2 error,\n\
                  3 judged but the slip could not be written, 4 ran but standard output could not be\n\
                  written (closed or full; a judged slip is still recorded)."
)]
struct Cli {
    /// Station configuration [default: $WORDJUDGE_CONFIG when set and not empty, else kiosk.toml]
    #[arg(long, global = true, value_name = "PATH")]
    config: Option<PathBuf>,

    /// What to do; without one, the station runs full screen
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the station players use (the default): full screen, closed to everything but the
    /// director's PIN (Ctrl+Alt+D). (`wordjudge kiosk`, its name before, still works.)
    #[command(alias = "kiosk")]
    Station {
        /// Run in a normal window, to try it out (the director's PIN still guards exit)
        #[arg(long)]
        windowed: bool,
    },

    /// Compile, recognise and verify lexicons
    #[command(subcommand)]
    Lexicon(LexiconCommand),

    /// Judge one challenge and record its slip: prints ACCEPTABLE or UNACCEPTABLE on its first line
    Judge {
        /// Division to judge in (default: the first in the configuration)
        #[arg(long)]
        division: Option<String>,
        /// Do not record a slip
        #[arg(long)]
        no_log: bool,
        /// Director: also print which lexicon accepted each word
        #[arg(long)]
        explain: bool,
        /// The table (board) the play was made at, recorded on the slip
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=wordjudge::config::MAX_TABLE as i64))]
        table: Option<u32>,
        /// The challenged words (2-15 letters each, any case)
        #[arg(required = true)]
        words: Vec<String>,
    },

    /// Second opinion on slip N against the current lexicons, recorded as a linked slip
    Rejudge {
        /// Slip number
        slip: u64,
        /// Director: also print which lexicon accepted each word
        #[arg(long)]
        explain: bool,
    },

    /// Read, verify and export the slip log
    #[command(subcommand)]
    Slips(slips_args::SlipsCommand),

    /// Check the configuration
    #[command(subcommand)]
    Config(ConfigCommand),

    /// Set the director's PIN
    #[command(subcommand)]
    Pin(PinCommand),

    /// Run a whole event: one bundle for every station
    #[command(subcommand)]
    Event(EventCommand),

    /// The table-side judge: the event's judge on the players' phones, in a browser
    #[command(subcommand)]
    Web(cmd::web::WebCommand),
}

#[derive(Subcommand)]
enum EventCommand {
    /// Pack this station folder (kiosk.toml and its lexicons) into one bundle file to install on
    /// every station; prints the event fingerprint
    Pack {
        /// The bundle to write, e.g. event.tar
        #[arg(long, short)]
        output: PathBuf,
        /// The director's signing key (`wordjudge event key new -o FILE`): the bundle is signed
        /// with it
        #[arg(long, value_name = "FILE")]
        key: PathBuf,
    },
    /// Install a bundle as station ID in DIR (default: the current folder), verifying its
    /// signature and every file first; the station's slip log is kept
    Install {
        bundle: PathBuf,
        /// This station's id, printed on every slip (unique at the event)
        #[arg(long)]
        station: String,
        /// The station folder
        #[arg(long, default_value = ".")]
        dir: PathBuf,
        /// The director's public key (the line `event key new` printed, or its .pub file): at a
        /// station that trusts no key yet, it is trusted from now on
        #[arg(long, value_name = "KEY")]
        trust: Option<String>,
        /// Install a bundle packed before the one the station runs (going back on purpose)
        #[arg(long)]
        older: bool,
        /// Add this station's line (its id and its signing key's id) to the event's roster FILE,
        /// for `slips merge --roster`
        #[arg(long, value_name = "FILE")]
        roster: Option<PathBuf>,
    },
    /// Make a signing key for the event's bundles: FILE (secret: keep it off the stations) and
    /// FILE.pub
    #[command(name = "key")]
    Key {
        #[command(subcommand)]
        command: KeyCommand,
    },
    /// Make the station in DIR trust another signing key. Replacing a key it trusts needs the
    /// old key's endorsement of the new one (`event key endorse`), or root and the director's
    /// PIN (`--pin`)
    Trust {
        /// The public key: its .pub file (or, at a station that trusts none yet, the line `event
        /// key new` printed)
        key: String,
        /// The station folder
        #[arg(long, default_value = ".")]
        dir: PathBuf,
        /// The trusted key's signature of the new one (default: KEY.minisig beside its .pub file)
        #[arg(long, value_name = "FILE")]
        endorsement: Option<PathBuf>,
        /// Replace the trusted key without an endorsement (root only): the director's PIN is
        /// asked for
        #[arg(long)]
        pin: bool,
    },
    /// Print the event fingerprint, the round, and each lexicon's edition
    Status,
    /// A station image's first boot: install the event from the one stick that carries one, if
    /// the image's key signed it; else write why to the station's install report
    #[command(name = "first-boot")]
    FirstBoot {
        /// The station folder
        #[arg(long, default_value = "/var/lib/wordjudge")]
        dir: PathBuf,
        /// The key the image trusts (scripts/build-image --trust)
        #[arg(
            long,
            value_name = "FILE",
            default_value = "/etc/wordjudge/event-key.pub"
        )]
        trust: PathBuf,
        /// A mounted stick, NAME=FOLDER (NAME as messages call it: its label and size)
        #[arg(long, value_name = "NAME=FOLDER")]
        stick: Vec<String>,
        /// The station number the director typed on screen, when the first boot found a stick
        /// that names no station (run by the image's root helper)
        #[arg(long, value_name = "N")]
        station: Option<u32>,
    },
    /// At an installed station, with a USB stick (run by the image's root helper when the
    /// director chooses it in director mode): install the next event, or copy the logs
    #[command(subcommand)]
    Stick(StickCommand),
    /// Set the round every slip from now on carries (0: none)
    Round { round: u32 },
}

#[derive(Subcommand)]
enum StickCommand {
    /// Install the event on the stick (its wordjudge-event/event.tar), signed by the key the
    /// station trusts and newer than its event, as this station; the last event's log is kept
    /// apart in events/FINGERPRINT/
    Install {
        /// The station folder
        #[arg(long, default_value = "/var/lib/wordjudge")]
        dir: PathBuf,
        /// A mounted stick, NAME=FOLDER (NAME as messages call it, e.g. the device)
        #[arg(long, value_name = "NAME=FOLDER")]
        stick: Vec<String>,
        /// Read the director's PIN from standard input and do nothing unless it is the
        /// station's (what the image's stick helper passes on from director mode)
        #[arg(long)]
        pin_stdin: bool,
    },
    /// Copy every event's slip log, its head and anchors to the stick's
    /// wordjudge-logs/station-ID/ folder, each read back and compared
    #[command(name = "copy-logs")]
    CopyLogs {
        /// The station folder
        #[arg(long, default_value = "/var/lib/wordjudge")]
        dir: PathBuf,
        /// The mounted stick, NAME=FOLDER
        #[arg(long, value_name = "NAME=FOLDER")]
        stick: Vec<String>,
        /// Read the director's PIN from standard input and do nothing unless it is the
        /// station's (what the image's stick helper passes on from director mode)
        #[arg(long)]
        pin_stdin: bool,
    },
}

#[derive(Subcommand)]
enum KeyCommand {
    /// A new key pair: the secret key written to FILE, the public key to FILE.pub and printed
    New {
        #[arg(long, short, value_name = "FILE")]
        output: PathBuf,
    },
    /// Sign NEW.pub with the secret key the stations trust (--key), so that they trust NEW
    /// instead (`event trust NEW.pub`): writes NEW.pub.minisig
    Endorse {
        /// The new public key's file
        new: PathBuf,
        /// The secret key the stations trust now
        #[arg(long, value_name = "FILE")]
        key: PathBuf,
    },
}

#[derive(Subcommand)]
enum ConfigCommand {
    /// Report every problem in the configuration at once
    Check,
}

#[derive(Subcommand)]
enum PinCommand {
    /// Store a new director PIN (an Argon2id hash) in the configuration
    Set,
}

#[derive(Subcommand)]
enum LexiconCommand {
    /// Compile a word list into lexicons/CODE.fst and record it in the configuration
    Add {
        /// Lexicon code, e.g. NWL2023 or CSW24
        code: String,
        /// Word-list file: plain list, Zyzzyva text lexicon or KWG word graph
        source: PathBuf,
        #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
        format: FormatArg,
        /// Title shown at the station (default: the recognised edition's title)
        #[arg(long)]
        title: Option<String>,
        /// Leave out (and count) entries that are not 2-15-letter words instead of failing
        #[arg(long)]
        skip_invalid: bool,
        /// Record the list under CODE even though CODE names a published edition these words
        /// are not (refused without this; every check then shows MISLABEL ACCEPTED)
        #[arg(long)]
        accept_mislabel: bool,
        /// The tournament alphabet the list is written in (english, catalan, spanish, polish,
        /// german, french, norwegian, dutch, swedish, slovene); recorded in the configuration
        #[arg(long, default_value = "english", value_parser = parse_alphabet)]
        alphabet: &'static Alphabet,
    },
    /// Say which published edition a word list is, without writing anything
    Identify {
        source: PathBuf,
        #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
        format: FormatArg,
        #[arg(long)]
        skip_invalid: bool,
        /// The tournament alphabet the list is written in
        #[arg(long, default_value = "english", value_parser = parse_alphabet)]
        alphabet: &'static Alphabet,
    },
    /// Verify every configured lexicon (hash, checksum, word count, content, edition)
    Verify,
}

/// `--alphabet NAME`: one of the embedded tournament alphabets.
fn parse_alphabet(name: &str) -> Result<&'static Alphabet, String> {
    alphabet::by_name(name).ok_or_else(|| {
        format!(
            "no alphabet {name:?}; wordjudge knows: {}",
            alphabet::names()
        )
    })
}

#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    Auto,
    Plain,
    Zyzzyva,
    Kwg,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Auto => Format::Auto,
            FormatArg::Plain => Format::Plain,
            FormatArg::Zyzzyva => Format::Zyzzyva,
            FormatArg::Kwg => Format::Kwg,
        }
    }
}

fn policy(skip_invalid: bool) -> OnInvalid {
    if skip_invalid {
        OnInvalid::Skip
    } else {
        OnInvalid::Fail
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    wordjudge::config::diagnostics::survive_file_size_limit();
    let config = wordjudge::config::path_from(
        cli.config,
        std::env::var_os(wordjudge::config::PATH_VARIABLE),
    );
    let command = cli.command.unwrap_or(Command::Station { windowed: false });
    let result = run(&config, &command);
    let output = cmd::out::finish();
    match result {
        Err(e) => {
            for line in e.to_string().lines() {
                errln!("wordjudge: error: {line}");
            }
            ExitCode::from(cmd::EXIT_ERROR)
        }
        Ok(outcome) => match output {
            None => ExitCode::from(outcome as u8),
            Some(e) => {
                // A reader that stopped reading (`| head`) chose to: no message for that.
                if e.kind() != std::io::ErrorKind::BrokenPipe {
                    errln!(
                        "wordjudge: error: cannot write to standard output ({e}); the command \
                         ran but what it printed is lost{}",
                        if matches!(
                            command,
                            Command::Judge { no_log: false, .. } | Command::Rejudge { .. }
                        ) {
                            " — its slip is in the slip log: `wordjudge slips list --last 1`"
                        } else {
                            ""
                        }
                    );
                }
                ExitCode::from(cmd::EXIT_OUTPUT)
            }
        },
    }
}

/// Runs `command` with the configuration at `config`.
fn run(config: &std::path::Path, command: &Command) -> cmd::CmdResult {
    let config = config.to_path_buf();
    match command {
        Command::Station { windowed } => cmd::station::run(&config, *windowed),
        Command::Judge {
            division,
            no_log,
            explain,
            table,
            words,
        } => cmd::judge::run(cmd::judge::Args {
            table: *table,
            config: &config,
            division: division.as_deref(),
            no_log: *no_log,
            explain: *explain,
            words,
        }),
        Command::Rejudge { slip, explain } => cmd::rejudge::run(&config, *slip, *explain),
        Command::Slips(command) => slips_args::run(&config, command),
        Command::Event(command) => run_event(&config, command),
        Command::Web(command) => cmd::web::run(command),
        Command::Config(ConfigCommand::Check) => cmd::config_check::run(&config),
        Command::Pin(PinCommand::Set) => cmd::pin_set::run(&config),
        Command::Lexicon(command) => run_lexicon(&config, command),
    }
}

fn run_event(config: &std::path::Path, command: &EventCommand) -> cmd::CmdResult {
    match command {
        EventCommand::Pack { output, key } => cmd::event::pack(config, output, key),
        EventCommand::Install {
            bundle,
            station,
            dir,
            trust,
            older,
            roster,
        } => cmd::event::install(cmd::event::InstallArgs {
            bundle,
            station,
            dir,
            trust: trust.as_deref(),
            older: *older,
            roster: roster.as_deref(),
        }),
        EventCommand::Key {
            command: KeyCommand::New { output },
        } => cmd::event::key_new(output),
        EventCommand::Key {
            command: KeyCommand::Endorse { new, key },
        } => cmd::event::key_endorse(new, key),
        EventCommand::Trust {
            key,
            dir,
            endorsement,
            pin,
        } => cmd::event::trust(key, dir, endorsement.as_deref(), *pin),
        EventCommand::Status => cmd::event::status(config),
        EventCommand::FirstBoot {
            dir,
            trust,
            stick,
            station,
        } => cmd::event::first_boot(dir, trust, stick, *station),
        EventCommand::Stick(StickCommand::Install {
            dir,
            stick,
            pin_stdin,
        }) => cmd::event_stick::install(dir, stick, *pin_stdin),
        EventCommand::Stick(StickCommand::CopyLogs {
            dir,
            stick,
            pin_stdin,
        }) => cmd::event_stick::copy_logs(dir, stick, *pin_stdin),
        EventCommand::Round { round } => cmd::event::round(config, *round),
    }
}

fn run_lexicon(config: &std::path::Path, command: &LexiconCommand) -> cmd::CmdResult {
    match command {
        LexiconCommand::Add {
            code,
            source,
            format,
            title,
            skip_invalid,
            accept_mislabel,
            alphabet,
        } => cmd::lexicon_add::run(cmd::lexicon_add::Args {
            code,
            source,
            format: (*format).into(),
            title: title.as_deref(),
            policy: policy(*skip_invalid),
            config,
            accept_mislabel: *accept_mislabel,
            alphabet,
        }),
        LexiconCommand::Identify {
            source,
            format,
            skip_invalid,
            alphabet,
        } => cmd::lexicon_identify::run(source, (*format).into(), alphabet, policy(*skip_invalid)),
        LexiconCommand::Verify => cmd::lexicon_verify::run(config),
    }
}
