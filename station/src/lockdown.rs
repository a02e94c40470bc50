//! The lock-down: the station takes itself back whenever it is hidden, minimised, covered,
//! unfocused or out of full screen — by a window-manager shortcut (show desktop, another desktop,
//! iconify), by another program's window, or by a tool such as `wmctrl` or `xdotool`.
//!
//! Every [`CHECK_INTERVAL`] the window's [`Presence`] is read from the windowing system; a lapse
//! seen [`LAPSES_BEFORE_ACTING`] times in a row is logged and undone, so the station is back within half a
//! second — and undone again on every check for as long as it lasts. On X the presence is read
//! from the X server itself (map state, input focus, stacking order, `_NET_WM_STATE`, the
//! window's size against the screen's) and the window is taken back with the EWMH requests a
//! pager or task bar sends, which window managers honour where they refuse an application's own
//! request for focus (openbox's focus-stealing prevention only marks it "demands attention"); a
//! window unmapped behind the window manager's back (withdrawn: `xdotool windowunmap`) is mapped
//! again, full screen. If the station is still not back after [`GIVE_UP_AFTER`], the guard ends
//! the program with [`EXIT_NOT_ON_SCREEN`], so that its supervisor (systemd, the xinit loop)
//! starts it again: a restart, never a black screen. Elsewhere (Wayland) the compositor's
//! configuration keeps the station in front (docs/deploy.md) and the guard only logs what winit
//! reports.

use std::cell::Cell;
use std::time::Duration;

use slint::{ComponentHandle, Timer, TimerMode};

use crate::StationWindow;

/// How often the kiosk checks that it is still in front.
pub(crate) const CHECK_INTERVAL: Duration = Duration::from_millis(200);

/// Checks in a row before a lapse is acted on: a moment (a window manager passing focus while it
/// maps the window) is left alone; 2 × 200 ms keeps the take-back well within a second.
pub(crate) const LAPSES_BEFORE_ACTING: u32 = 2;

/// How long a lapse may last, taken back on every check, before the station gives up on its
/// window and exits to be started again.
pub(crate) const GIVE_UP_AFTER: Duration = Duration::from_secs(5);

/// Checks in a row with a lapse after which the guard gives up ([`GIVE_UP_AFTER`]).
pub(crate) const GIVE_UP_CHECKS: u32 =
    (GIVE_UP_AFTER.as_millis() / CHECK_INTERVAL.as_millis()) as u32;

/// A lapse that lasts is logged again every this many checks (every 2 s), with how long.
const LOG_EVERY_CHECKS: u32 = 10;

/// The station's exit status when it gave up on its window: its supervisor starts it again
/// (`EX_TEMPFAIL`).
pub const EXIT_NOT_ON_SCREEN: u8 = 75;

/// Whether the window will be a Wayland one: winit chooses Wayland when `WAYLAND_DISPLAY` names
/// a display (as Slint's winit backend does, unless told otherwise).
pub fn on_wayland() -> bool {
    cfg!(target_os = "linux") && std::env::var_os("WAYLAND_DISPLAY").is_some_and(|d| !d.is_empty())
}

/// What of a full-screen kiosk can be taken away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Presence {
    /// The window is on screen: mapped, on the current desktop, the desktop not hidden.
    pub shown: bool,
    /// No other window is above it.
    pub on_top: bool,
    /// The window has the keyboard focus.
    pub focused: bool,
    /// The window is full screen and covers the whole screen.
    pub full_screen: bool,
}

impl Presence {
    /// What is missing, in words for the diagnostic log ("not focused, covered"); empty when the
    /// station is where it should be.
    pub(crate) fn lapses(&self) -> Vec<&'static str> {
        let mut lapses = Vec::new();
        if !self.shown {
            lapses.push("hidden");
        }
        if !self.on_top {
            lapses.push("covered");
        }
        if !self.full_screen {
            lapses.push("not full screen");
        }
        if !self.focused {
            lapses.push("not focused");
        }
        lapses
    }
}

/// What the guard does after one check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Decision {
    /// Take the window back now.
    pub take_back: bool,
    /// For the diagnostic log, the first time a lapse is acted on: what was lost
    /// ("hidden, not focused").
    pub lapsed: Option<String>,
    /// The station is back after a lapse that was acted on.
    pub recovered: bool,
    /// The lapse has lasted [`GIVE_UP_AFTER`], taken back on every check: exit, to be started
    /// again.
    pub give_up: bool,
}

/// The guard's rule, apart from any window: `streak` counts the checks in a row that found a
/// lapse (updated here). A lapse is taken back from its second check on, on every check; it is
/// logged when first acted on and again every two seconds it lasts; after [`GIVE_UP_CHECKS`]
/// the guard gives up.
pub(crate) fn decide(presence: &Presence, streak: &Cell<u32>) -> Decision {
    let lapses = presence.lapses();
    if lapses.is_empty() {
        let recovered = streak.get() >= LAPSES_BEFORE_ACTING;
        streak.set(0);
        return Decision {
            take_back: false,
            lapsed: None,
            recovered,
            give_up: false,
        };
    }
    streak.set(streak.get().saturating_add(1));
    let n = streak.get();
    let lapsed = if n == LAPSES_BEFORE_ACTING {
        Some(lapses.join(", "))
    } else if n > LAPSES_BEFORE_ACTING
        && (n - LAPSES_BEFORE_ACTING).is_multiple_of(LOG_EVERY_CHECKS)
    {
        Some(format!(
            "{} for {:.1} s",
            lapses.join(", "),
            f64::from(n) * CHECK_INTERVAL.as_secs_f64()
        ))
    } else {
        None
    };
    Decision {
        take_back: n >= LAPSES_BEFORE_ACTING,
        lapsed,
        recovered: false,
        give_up: n >= GIVE_UP_CHECKS,
    }
}

/// Guards the station's window while it lives (dropping it stops the guard).
pub struct Lockdown {
    _timer: Timer,
    gave_up: std::rc::Rc<Cell<bool>>,
}

impl Lockdown {
    /// Whether the guard gave up on the window (and stopped the event loop): the program should
    /// exit with [`EXIT_NOT_ON_SCREEN`].
    pub fn gave_up(&self) -> bool {
        self.gave_up.get()
    }

    /// Starts guarding `window`: the kiosk. (A `--windowed` station is not guarded.)
    pub fn install(window: &StationWindow) -> Lockdown {
        let weak = window.as_weak();
        let streak = Cell::new(0u32);
        let gave_up = std::rc::Rc::new(Cell::new(false));
        #[cfg(target_os = "linux")]
        let give_up = gave_up.clone();
        let asked_again = Cell::new(false);
        #[cfg(target_os = "linux")]
        let x11 = std::cell::RefCell::new(None::<x11::X11>);
        let timer = Timer::default();
        timer.start(TimerMode::Repeated, CHECK_INTERVAL, move || {
            let Some(window) = weak.upgrade() else {
                return;
            };
            #[cfg(target_os = "linux")]
            {
                let mut x11 = x11.borrow_mut();
                if x11.is_none() {
                    *x11 = x11::X11::attach(&window);
                }
                if let Some(x) = x11.as_ref() {
                    match x.presence() {
                        Ok(presence) => {
                            let decision = decide(&presence, &streak);
                            if let Some(lapses) = decision.lapsed {
                                log::warn!("the station was {lapses}: taking it back");
                            }
                            if decision.recovered {
                                log::info!("the station is back in front, full screen and focused");
                            }
                            if decision.give_up && !give_up.replace(true) {
                                log::error!(
                                    "the station has not been back on screen for {} s: exiting \
                                     (status {EXIT_NOT_ON_SCREEN}) so that its supervisor starts \
                                     it again",
                                    GIVE_UP_AFTER.as_secs()
                                );
                                let _ = slint::quit_event_loop();
                            } else if decision.take_back {
                                if let Err(e) = x.take_back(&presence) {
                                    log::warn!("could not take the station back: {e}");
                                }
                            }
                        }
                        Err(e) => log::warn!("cannot read the station window's state: {e}"),
                    }
                    return;
                }
            }
            if let Some(presence) = winit_presence(&window) {
                let decision = decide(&presence, &streak);
                if let Some(lapses) = decision.lapsed {
                    log::warn!(
                        "the station was {lapses} (on Wayland the compositor keeps it in front: \
                         see docs/deploy.md)"
                    );
                }
                // A compositor that ignored the request made before the window was mapped, and
                // made Slint drop it, gets it once more. Never on a timer: re-requesting full
                // screen over and over froze the display under cage (docs/deploy.md).
                if decision.take_back
                    && !presence.full_screen
                    && !window.window().is_fullscreen()
                    && !asked_again.replace(true)
                {
                    log::info!("the window is not full screen: asking the compositor once more");
                    window.window().set_fullscreen(true);
                }
            }
        });
        Lockdown {
            _timer: timer,
            gave_up,
        }
    }
}

/// The presence winit reports (Wayland): focus and full screen only.
fn winit_presence(window: &StationWindow) -> Option<Presence> {
    use slint::winit_030::WinitWindowAccessor;
    window.window().with_winit_window(|w| Presence {
        shown: true,
        on_top: true,
        focused: w.has_focus(),
        full_screen: w.fullscreen().is_some(),
    })
}

#[cfg(target_os = "linux")]
mod x11 {
    //! The guard on X: its own connection to the X server the window is on.

    use x11rb::connection::Connection;
    use x11rb::errors::ReplyOrIdError;
    use x11rb::protocol::xproto::{
        Atom, AtomEnum, ClientMessageEvent, ConnectionExt, EventMask, MapState, PropMode, Window,
    };
    use x11rb::rust_connection::RustConnection;
    use x11rb::wrapper::ConnectionExt as _;

    use slint::ComponentHandle;

    use super::Presence;
    use crate::StationWindow;

    x11rb::atom_manager! {
        Atoms: AtomsCookie {
            _NET_ACTIVE_WINDOW,
            _NET_WM_STATE,
            _NET_WM_STATE_FULLSCREEN,
            _NET_WM_STATE_HIDDEN,
            _NET_CLIENT_LIST_STACKING,
            _NET_SHOWING_DESKTOP,
            _NET_CURRENT_DESKTOP,
            _NET_WM_DESKTOP,
            WM_STATE,
        }
    }

    /// EWMH source indication of a pager: window managers obey it without focus-stealing checks.
    const PAGER: u32 = 2;

    pub struct X11 {
        conn: RustConnection,
        root: Window,
        window: Window,
        atoms: Atoms,
    }

    impl X11 {
        /// A connection for guarding `window`, if it is an X window (not on Wayland).
        pub(crate) fn attach(window: &StationWindow) -> Option<X11> {
            use slint::winit_030::winit::raw_window_handle::{HasWindowHandle, RawWindowHandle};
            use slint::winit_030::WinitWindowAccessor;
            let id = window.window().with_winit_window(|w| {
                match w.window_handle().ok()?.as_raw() {
                    RawWindowHandle::Xlib(h) => u32::try_from(h.window).ok(),
                    RawWindowHandle::Xcb(h) => Some(h.window.get()),
                    _ => None,
                }
            })??;
            let (conn, screen) = x11rb::connect(None)
                .map_err(|e| log::warn!("the lock-down cannot connect to X: {e}"))
                .ok()?;
            let root = conn.setup().roots[screen].root;
            let atoms = Atoms::new(&conn).ok()?.reply().ok()?;
            log::info!("lock-down: watching X window {id:#x}");
            Some(X11 {
                conn,
                root,
                window: id,
                atoms,
            })
        }

        fn cardinals(&self, window: Window, property: Atom, kind: AtomEnum) -> Vec<u32> {
            self.conn
                .get_property(false, window, property, kind, 0, 4096)
                .ok()
                .and_then(|c| c.reply().ok())
                .and_then(|r| r.value32().map(|v| v.collect()))
                .unwrap_or_default()
        }

        pub fn presence(&self) -> Result<Presence, ReplyOrIdError> {
            let a = &self.atoms;
            let mapped = self
                .conn
                .get_window_attributes(self.window)?
                .reply()?
                .map_state
                == MapState::VIEWABLE;
            let state = self.cardinals(self.window, a._NET_WM_STATE, AtomEnum::ATOM);
            let showing_desktop = self
                .cardinals(self.root, a._NET_SHOWING_DESKTOP, AtomEnum::CARDINAL)
                .first()
                .is_some_and(|&v| v != 0);
            let current = self.cardinals(self.root, a._NET_CURRENT_DESKTOP, AtomEnum::CARDINAL);
            let ours = self.cardinals(self.window, a._NET_WM_DESKTOP, AtomEnum::CARDINAL);
            let on_this_desktop = match (current.first(), ours.first()) {
                (Some(c), Some(o)) => c == o || *o == u32::MAX,
                _ => true,
            };
            let stacking = self.cardinals(self.root, a._NET_CLIENT_LIST_STACKING, AtomEnum::WINDOW);
            let on_top = stacking.last().is_none_or(|&top| top == self.window);
            let focus = self.conn.get_input_focus()?.reply()?.focus;
            let screen = self.conn.get_geometry(self.root)?.reply()?;
            let ours_geometry = self.conn.get_geometry(self.window)?.reply()?;
            let covers =
                ours_geometry.width >= screen.width && ours_geometry.height >= screen.height;
            Ok(Presence {
                shown: mapped
                    && !state.contains(&a._NET_WM_STATE_HIDDEN)
                    && !showing_desktop
                    && on_this_desktop,
                on_top,
                focused: focus == self.window,
                full_screen: state.contains(&a._NET_WM_STATE_FULLSCREEN) && covers,
            })
        }

        /// Unmapped, and not iconified by the window manager (which keeps `WM_STATE` Iconic):
        /// withdrawn, so only mapping it again brings it back.
        fn withdrawn(&self) -> Result<bool, ReplyOrIdError> {
            let unmapped = self
                .conn
                .get_window_attributes(self.window)?
                .reply()?
                .map_state
                == MapState::UNMAPPED;
            const ICONIC: u32 = 3;
            let iconic = self
                .cardinals(self.window, self.atoms.WM_STATE, AtomEnum::ANY)
                .first()
                == Some(&ICONIC);
            Ok(unmapped && !iconic)
        }

        fn send(&self, window: Window, kind: Atom, data: [u32; 5]) -> Result<(), ReplyOrIdError> {
            let event = ClientMessageEvent::new(32, window, kind, data);
            self.conn.send_event(
                false,
                self.root,
                EventMask::SUBSTRUCTURE_REDIRECT | EventMask::SUBSTRUCTURE_NOTIFY,
                event,
            )?;
            Ok(())
        }

        /// Asks the window manager, as a pager would, to show the desktop's windows again, go to
        /// the station's desktop, make it full screen, and activate it (map, raise, focus). A
        /// window the window manager no longer manages (unmapped by another client: withdrawn)
        /// is mapped again, asking for full screen, which the window manager reads when it
        /// takes the window on again.
        pub(crate) fn take_back(&self, presence: &Presence) -> Result<(), ReplyOrIdError> {
            let a = &self.atoms;
            if self.withdrawn()? {
                self.conn.change_property32(
                    PropMode::REPLACE,
                    self.window,
                    a._NET_WM_STATE,
                    AtomEnum::ATOM,
                    &[a._NET_WM_STATE_FULLSCREEN],
                )?;
                self.conn.map_window(self.window)?;
            }
            if !presence.shown {
                self.send(self.root, a._NET_SHOWING_DESKTOP, [0, 0, 0, 0, 0])?;
                if let Some(&ours) = self
                    .cardinals(self.window, a._NET_WM_DESKTOP, AtomEnum::CARDINAL)
                    .first()
                    .filter(|&&d| d != u32::MAX)
                {
                    self.send(self.root, a._NET_CURRENT_DESKTOP, [ours, 0, 0, 0, 0])?;
                }
            }
            if !presence.full_screen {
                // 1: add the state.
                self.send(
                    self.window,
                    a._NET_WM_STATE,
                    [1, a._NET_WM_STATE_FULLSCREEN, 0, PAGER, 0],
                )?;
            }
            self.send(self.window, a._NET_ACTIVE_WINDOW, [PAGER, 0, 0, 0, 0])?;
            self.conn.flush()?;
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRONT: Presence = Presence {
        shown: true,
        on_top: true,
        focused: true,
        full_screen: true,
    };

    #[test]
    fn a_station_in_front_has_no_lapses_and_each_lapse_is_named() {
        assert!(FRONT.lapses().is_empty());
        let lost = Presence {
            shown: false,
            on_top: false,
            focused: false,
            full_screen: false,
        };
        assert_eq!(
            lost.lapses(),
            ["hidden", "covered", "not full screen", "not focused"]
        );
        let unfocused = Presence {
            focused: false,
            ..FRONT
        };
        assert_eq!(unfocused.lapses(), ["not focused"]);
    }

    #[test]
    fn a_lapse_is_taken_back_from_its_second_check_and_logged_once_each_way() {
        let streak = Cell::new(0);
        let lost = Presence {
            on_top: false,
            ..FRONT
        };
        let decision = |take_back, lapsed: Option<&str>, recovered| Decision {
            take_back,
            lapsed: lapsed.map(str::to_owned),
            recovered,
            give_up: false,
        };
        assert_eq!(
            decide(&lost, &streak),
            decision(false, None, false),
            "a moment"
        );
        assert_eq!(
            decide(&lost, &streak),
            decision(true, Some("covered"), false)
        );
        assert_eq!(
            decide(&lost, &streak),
            decision(true, None, false),
            "logged once"
        );
        assert_eq!(decide(&FRONT, &streak), decision(false, None, true));
        // A moment's lapse, over before it is acted on, is not logged either way.
        assert_eq!(decide(&lost, &streak), decision(false, None, false));
        assert_eq!(decide(&FRONT, &streak), decision(false, None, false));
    }

    #[test]
    fn a_lapse_that_lasts_is_taken_back_on_every_check_logged_again_and_given_up_after_five_seconds(
    ) {
        let streak = Cell::new(0);
        let unmapped = Presence {
            shown: false,
            focused: false,
            ..FRONT
        };
        let decisions: Vec<Decision> = (0..GIVE_UP_CHECKS)
            .map(|_| decide(&unmapped, &streak))
            .collect();
        assert_eq!(GIVE_UP_CHECKS, 25, "5 s of 200 ms checks");
        assert!(
            decisions[1..].iter().all(|d| d.take_back),
            "never once only"
        );
        let logged: Vec<(usize, &str)> = decisions
            .iter()
            .enumerate()
            .filter_map(|(i, d)| d.lapsed.as_deref().map(|l| (i, l)))
            .collect();
        assert_eq!(
            logged,
            [
                (1, "hidden, not focused"),
                (11, "hidden, not focused for 2.4 s"),
                (21, "hidden, not focused for 4.4 s"),
            ]
        );
        let given_up: Vec<usize> = decisions
            .iter()
            .enumerate()
            .filter(|(_, d)| d.give_up)
            .map(|(i, _)| i)
            .collect();
        assert_eq!(given_up, [24], "after 5 s, not before");
        // Back in time: nothing is given up.
        let streak = Cell::new(GIVE_UP_CHECKS - 2);
        assert!(!decide(&unmapped, &streak).give_up);
        assert!(decide(&FRONT, &streak).recovered);
        assert!(!decide(&unmapped, &streak).give_up);
    }
}
