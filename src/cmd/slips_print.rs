//! `wordjudge slips print N`: slip N's docket again, on the printer `[printer]` names.

use std::path::Path;

use wordjudge::config::{Config, PrinterConfig};
use wordjudge::docket;
use wordjudge::docket::print;
use wordjudge::sliplog;

use super::{util, CmdResult, Outcome};

#[derive(Debug, thiserror::Error)]
enum PrintCommandError {
    #[error("no printer is configured in {0}: add a [printer] section with cups_queue = \"QUEUE\" (a CUPS queue; `lpstat -p` lists them) or escpos_device = \"/dev/usb/lp0\" (a receipt printer's device)")]
    NoPrinter(String),
    #[error("there is no slip {0} in {1}: `wordjudge slips list` shows the slips there are")]
    NoSuchSlip(u64, String),
}

pub fn run(config_path: &Path, number: u64) -> CmdResult {
    let config = Config::read(config_path)?;
    let zone = config.zone();
    let printer = config
        .printer
        .as_ref()
        .ok_or_else(|| PrintCommandError::NoPrinter(config_path.display().to_string()))?;
    let log = &config.station.slip_log;
    let no_such_slip = || PrintCommandError::NoSuchSlip(number, log.display().to_string());
    if util::no_log_yet(&config) {
        return Err(no_such_slip().into());
    }
    let slip = sliplog::find(log, number)?.ok_or_else(no_such_slip)?;
    // In the language of the slip's division, as the station printed it.
    let language = config
        .divisions
        .get(&slip.division)
        .map(|d| d.language)
        .unwrap_or_default();
    let docket = docket::docket_in(&slip, config.event.name.as_deref(), language, &zone);
    print::print(printer, &docket, &docket::job_title(&slip))?;
    match printer {
        PrinterConfig::Cups { queue } => {
            outln!("slip {number}: docket sent to CUPS queue {queue} (`lpstat -o {queue}` shows it until it is printed)")
        }
        PrinterConfig::EscPos { device } => {
            outln!(
                "slip {number}: docket sent to the receipt printer {}",
                device.display()
            )
        }
    }
    Ok(Outcome::Success)
}
