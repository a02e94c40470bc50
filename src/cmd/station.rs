//! `wordjudge station` (its alias `wordjudge kiosk`, and `wordjudge` with no command): starts the station players use, the
//! `wordjudge-station` program installed beside this one. The window lives in its own binary so
//! that this command line does not load Slint and the windowing libraries on every run.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::CmdResult;

/// The station program's file name.
const STATION: &str = "wordjudge-station";

/// Where the station program should be: beside the running `wordjudge`.
fn station_program() -> Result<PathBuf, String> {
    let me = std::env::current_exe()
        .map_err(|e| format!("cannot find where wordjudge is installed: {e}"))?;
    Ok(me.with_file_name(format!("{STATION}{}", std::env::consts::EXE_SUFFIX)))
}

pub fn run(config: &Path, windowed: bool) -> CmdResult {
    let program = station_program()?;
    if !program.is_file() {
        return Err(format!(
            "the station program {} is missing: install it beside wordjudge \
             (from the source: cargo build --release, which builds both)",
            program.display()
        )
        .into());
    }
    let mut command = Command::new(&program);
    command.arg("--config").arg(config);
    if windowed {
        command.arg("--windowed");
    }
    run_replacing_this_process(command, &program)
}

/// On Unix the station replaces this process (same PID, so a supervisor such as systemd sees
/// the station itself); elsewhere it runs as a child and its exit status is passed on.
#[cfg(unix)]
fn run_replacing_this_process(mut command: Command, program: &Path) -> CmdResult {
    use std::os::unix::process::CommandExt;
    let error = command.exec(); // returns only on failure
    Err(format!("cannot start {}: {error}", program.display()).into())
}

#[cfg(not(unix))]
fn run_replacing_this_process(mut command: Command, program: &Path) -> CmdResult {
    let status = command
        .status()
        .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
    match status.code() {
        Some(0) => Ok(super::Outcome::Success),
        Some(code) => Err(format!("the station stopped with exit status {code}").into()),
        None => Err("the station was stopped".into()),
    }
}
