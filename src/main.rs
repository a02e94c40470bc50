//! The `wordjudge` command line. Parsing lives here; everything else is in `cmd/` and the library.

#[macro_use]
mod cmd;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use wordjudge::source::{Format, OnInvalid};

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
    /// director's PIN (Ctrl+Alt+D)
    Kiosk {
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
    Slips(SlipsCommand),

    /// Check the configuration
    #[command(subcommand)]
    Config(ConfigCommand),

    /// Set the director's PIN
    #[command(subcommand)]
    Pin(PinCommand),
}

#[derive(Subcommand)]
enum SlipsCommand {
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
    Verify,
    /// Export every slip, one row each
    Export {
        /// CSV for spreadsheets (the only format)
        #[arg(long, required = true)]
        csv: bool,
    },
    /// Re-judge every slip against the current lexicons, writing nothing; list the differences
    Recheck,
}

#[derive(Subcommand)]
enum ConfigCommand {
    /// Report every problem in the configuration at once
    Check,
}

#[derive(Subcommand)]
enum PinCommand {
    /// Store a new director PIN (salted SHA-256) in the configuration
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
    },
    /// Say which published edition a word list is, without writing anything
    Identify {
        source: PathBuf,
        #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
        format: FormatArg,
        #[arg(long)]
        skip_invalid: bool,
    },
    /// Verify every configured lexicon (hash, checksum, word count, content, edition)
    Verify,
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
    wordjudge::diagnostics::survive_file_size_limit();
    let config = wordjudge::config::path_from(
        cli.config,
        std::env::var_os(wordjudge::config::PATH_VARIABLE),
    );
    let command = cli.command.unwrap_or(Command::Kiosk { windowed: false });
    let result = match &command {
        Command::Kiosk { windowed } => cmd::kiosk::run(&config, *windowed),
        Command::Judge {
            division,
            no_log,
            explain,
            words,
        } => cmd::judge::run(cmd::judge::Args {
            config: &config,
            division: division.as_deref(),
            no_log: *no_log,
            explain: *explain,
            words,
        }),
        Command::Rejudge { slip, explain } => cmd::rejudge::run(&config, *slip, *explain),
        Command::Slips(SlipsCommand::List { last }) => cmd::slips_list::run(&config, *last),
        Command::Slips(SlipsCommand::Show { slip, explain }) => {
            cmd::slips_show::run(&config, *slip, *explain)
        }
        Command::Slips(SlipsCommand::Verify) => cmd::slips_verify::run(&config),
        Command::Slips(SlipsCommand::Export { csv: _ }) => cmd::slips_export::run(&config),
        Command::Slips(SlipsCommand::Recheck) => cmd::slips_recheck::run(&config),
        Command::Config(ConfigCommand::Check) => cmd::config_check::run(&config),
        Command::Pin(PinCommand::Set) => cmd::pin_set::run(&config),
        Command::Lexicon(LexiconCommand::Add {
            code,
            source,
            format,
            title,
            skip_invalid,
            accept_mislabel,
        }) => cmd::lexicon_add::run(cmd::lexicon_add::Args {
            code,
            source,
            format: (*format).into(),
            title: title.as_deref(),
            policy: policy(*skip_invalid),
            config: &config,
            accept_mislabel: *accept_mislabel,
        }),
        Command::Lexicon(LexiconCommand::Identify {
            source,
            format,
            skip_invalid,
        }) => cmd::lexicon_identify::run(source, (*format).into(), policy(*skip_invalid)),
        Command::Lexicon(LexiconCommand::Verify) => cmd::lexicon_verify::run(&config),
    };
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
