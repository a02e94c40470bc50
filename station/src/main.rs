//! `wordjudge-station`: the full-screen station players use. `wordjudge` and `wordjudge station`
//! start this program; it is a separate binary so that the director's command line does not
//! load the windowing libraries (they cost milliseconds on every `wordjudge judge`).

#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;
use std::time::Instant;

use clap::Parser;
use slint::ComponentHandle;

use wordjudge_config::diagnostics::init_station_logging;
use wordjudge_config::Config;
use wordjudge_station::{Clock, Lockdown, Shell, StationWindow};

#[derive(Parser)]
#[command(
    name = "wordjudge-station",
    version,
    about = "The adjudication station players use: full screen, closed to everything but the \
             director's PIN (Ctrl+Alt+D, or hold the top-right corner for 3 s)"
)]
struct Cli {
    /// Station configuration [default: $WORDJUDGE_CONFIG when set and not empty, else kiosk.toml]
    #[arg(long, value_name = "PATH")]
    config: Option<PathBuf>,

    /// Run in a normal window, to try it out (the director's PIN still guards exit)
    #[arg(long)]
    windowed: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    wordjudge_config::diagnostics::survive_file_size_limit();
    let config = wordjudge_config::path_from(
        cli.config,
        std::env::var_os(wordjudge_config::PATH_VARIABLE),
    );
    match run(&config, cli.windowed) {
        Ok(Ended::Exited) => ExitCode::SUCCESS,
        Ok(Ended::NotOnScreen) => ExitCode::from(wordjudge_station::lockdown::EXIT_NOT_ON_SCREEN),
        Err(message) => {
            log::error!("{message}");
            eprintln!("wordjudge-station: error: {message}");
            ExitCode::from(2)
        }
    }
}

/// How the station ended without an error.
enum Ended {
    /// The director exited it.
    Exited,
    /// The guard could not bring the window back: its supervisor starts it again.
    NotOnScreen,
}

fn run(config: &Path, windowed: bool) -> Result<Ended, String> {
    let started = Instant::now();
    // The diagnostic log is named in the configuration (stderr without one); a broken
    // configuration still starts the station, which then shows OUT OF SERVICE with the reason.
    init_station_logging(Config::read(config).ok().as_ref());
    log::info!("station starting with {}", config.display());
    // The files are read and every lexicon verified on a thread of their own while the window
    // is made (each takes a few hundred milliseconds of a station image's boot under emulation,
    // BENCHMARKS.md); the station is shown only with what they hold.
    let path = config.to_path_buf();
    let reading = std::thread::spawn(move || {
        let prepared = wordjudge_station_files::prepare(path);
        log::info!("station files read in {} ms", started.elapsed().as_millis());
        prepared
    });
    let window = StationWindow::new();
    let made = started.elapsed();
    // Waited for even when there is no window: it may be tidying what an interrupted install
    // left behind.
    let prepared = reading.join();
    let window = window.map_err(|e| {
        format!(
            "cannot open the station window: {e}\n\
             The station needs a display: run it in a desktop session, under sway with the \
             project's configuration, or with DISPLAY or WAYLAND_DISPLAY set (see docs/deploy.md)."
        )
    })?;
    log::info!("station window made {} ms after start", made.as_millis());
    let station = prepared
        .map_err(|_| "reading the station's files failed unexpectedly (see the diagnostic log)")?
        .start();
    let clock: Clock = Rc::new(move || started.elapsed().as_secs_f64());
    let _shell = Shell::install(&window, station, clock);
    // Full screen is asked for before the window is shown, except on Wayland: there the
    // compositor's configuration makes the kiosk full screen once the window is mapped
    // (deploy/sway/config). A request made before mapping is one a compositor may ignore, and
    // then Slint, seeing winit's first configure without it, sends "unset full screen" (how cage
    // ended up maximised with a title bar, docs/deploy.md). The guard asks once after mapping if
    // the compositor did not make it full screen.
    window
        .window()
        .set_fullscreen(!windowed && !wordjudge_station::lockdown::on_wayland());
    // The kiosk takes itself back when hidden, minimised, unfocused or out of full screen.
    let _lockdown = (!windowed).then(|| Lockdown::install(&window));
    window
        .run()
        .map_err(|e| format!("the station window failed: {e}"))?;
    if _lockdown.as_ref().is_some_and(Lockdown::gave_up) {
        log::warn!("station stopped: its window could not be brought back");
        return Ok(Ended::NotOnScreen);
    }
    log::info!("station stopped");
    Ok(Ended::Exited)
}
