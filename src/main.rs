//! The `wordjudge` command line. Parsing lives here; everything else is in `cmd/` and the library.

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
                  3 judged but the slip could not be written."
)]
struct Cli {
    /// Station configuration
    #[arg(long, global = true, env = "WORDJUDGE_CONFIG", default_value = wordjudge::config::DEFAULT_PATH)]
    config: PathBuf,

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
    let command = cli.command.unwrap_or(Command::Kiosk { windowed: false });
    let result = match &command {
        Command::Kiosk { windowed } => cmd::kiosk::run(&cli.config, *windowed),
        Command::Judge {
            division,
            no_log,
            explain,
            words,
        } => cmd::judge::run(cmd::judge::Args {
            config: &cli.config,
            division: division.as_deref(),
            no_log: *no_log,
            explain: *explain,
            words,
        }),
        Command::Rejudge { slip, explain } => cmd::rejudge::run(&cli.config, *slip, *explain),
        Command::Slips(SlipsCommand::List { last }) => cmd::slips_list::run(&cli.config, *last),
        Command::Slips(SlipsCommand::Show { slip, explain }) => {
            cmd::slips_show::run(&cli.config, *slip, *explain)
        }
        Command::Slips(SlipsCommand::Verify) => cmd::slips_verify::run(&cli.config),
        Command::Slips(SlipsCommand::Export { csv: _ }) => cmd::slips_export::run(&cli.config),
        Command::Slips(SlipsCommand::Recheck) => cmd::slips_recheck::run(&cli.config),
        Command::Config(ConfigCommand::Check) => cmd::config_check::run(&cli.config),
        Command::Pin(PinCommand::Set) => cmd::pin_set::run(&cli.config),
        Command::Lexicon(LexiconCommand::Add {
            code,
            source,
            format,
            title,
            skip_invalid,
        }) => cmd::lexicon_add::run(cmd::lexicon_add::Args {
            code,
            source,
            format: (*format).into(),
            title: title.as_deref(),
            policy: policy(*skip_invalid),
            config: &cli.config,
        }),
        Command::Lexicon(LexiconCommand::Identify {
            source,
            format,
            skip_invalid,
        }) => cmd::lexicon_identify::run(source, (*format).into(), policy(*skip_invalid)),
        Command::Lexicon(LexiconCommand::Verify) => cmd::lexicon_verify::run(&cli.config),
    };
    match result {
        Ok(outcome) => ExitCode::from(outcome as u8),
        Err(e) => {
            for line in e.to_string().lines() {
                eprintln!("wordjudge: error: {line}");
            }
            ExitCode::from(cmd::EXIT_ERROR)
        }
    }
}
