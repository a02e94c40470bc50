//! `wordjudge kiosk` (and `wordjudge` with no command): the station players use.

use std::path::Path;
use std::rc::Rc;
use std::time::Instant;

use slint::ComponentHandle;

use wordjudge::config::Config;
use wordjudge::station::Station;
use wordjudge::ui::{Clock, Shell, StationWindow};

use super::{util, CmdResult, Outcome};

pub fn run(config: &Path, windowed: bool) -> CmdResult {
    let started = Instant::now();
    // The diagnostic log is named in the configuration; a broken configuration still starts the
    // station, which then shows OUT OF SERVICE with the reason.
    if let Ok(c) = Config::read(config) {
        util::init_logging(&c);
    }
    log::info!("station starting with {}", config.display());
    let station = Station::start(config.to_path_buf());
    let window = StationWindow::new().map_err(|e| {
        format!(
            "cannot open the station window: {e}\n\
             The station needs a display: run it in a desktop session, under the cage kiosk \
             compositor, or with DISPLAY or WAYLAND_DISPLAY set (see docs/deploy.md)."
        )
    })?;
    let clock: Clock = Rc::new(move || started.elapsed().as_secs_f64());
    let _shell = Shell::install(&window, station, clock);
    window.window().set_fullscreen(!windowed);
    window
        .run()
        .map_err(|e| format!("the station window failed: {e}"))?;
    log::info!("station stopped");
    Ok(Outcome::Success)
}
