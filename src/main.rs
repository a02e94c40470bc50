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
                  Exit status: 0 success (or ACCEPTABLE), 1 UNACCEPTABLE or a failed verification, 2 error."
)]
struct Cli {
    /// Station configuration
    #[arg(long, global = true, env = "WORDJUDGE_CONFIG", default_value = wordjudge::config::DEFAULT_PATH)]
    config: PathBuf,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compile, recognise and verify lexicons
    #[command(subcommand)]
    Lexicon(LexiconCommand),

    /// Judge one challenge: prints ACCEPTABLE or UNACCEPTABLE on its first line
    Judge {
        /// Division to judge in (default: the first in the configuration)
        #[arg(long)]
        division: Option<String>,
        /// The challenged words (2-15 letters each, any case)
        #[arg(required = true)]
        words: Vec<String>,
    },
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
    let result = match &cli.command {
        Command::Judge { division, words } => {
            cmd::judge::run(&cli.config, division.as_deref(), words)
        }
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
