//! The station program on a machine with no display: it says so and ends (its supervisor starts
//! it again), and it has read its files first — their reading runs beside the window's making,
//! and is waited for even when no window can be made (it may be tidying what an interrupted
//! install left behind).

use std::process::Command;

#[test]
fn no_display_is_named_after_the_files_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let runtime = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_wordjudge-station"))
        .args(["--config"])
        .arg(dir.path().join("kiosk.toml"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WORDJUDGE_CONFIG")
        // An empty runtime folder: no compositor's socket to find by default.
        .env("XDG_RUNTIME_DIR", runtime.path())
        .env("SLINT_BACKEND", "winit-software")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot open the station window") && stderr.contains("docs/deploy.md"),
        "{stderr}"
    );
    let read = stderr
        .find("station files read in")
        .unwrap_or_else(|| panic!("the files were not read before the station ended: {stderr}"));
    let named = stderr.find("cannot open the station window").unwrap();
    assert!(read < named, "{stderr}");
}
