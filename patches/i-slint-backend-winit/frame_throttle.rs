// Copyright © SixtyFPS GmbH <info@slint.dev>
// SPDX-License-Identifier: GPL-3.0-only OR LicenseRef-Slint-Royalty-free-2.0 OR LicenseRef-Slint-Software-3.0

use std::rc::{Rc, Weak};

use i_slint_core::timers::{Timer, TimerMode};

#[cfg(target_vendor = "apple")]
mod apple_display_link;

use crate::winitwindowadapter::WinitWindowAdapter;

pub fn create_frame_throttle(
    window_adapter: Weak<WinitWindowAdapter>,
    _winit_window: &winit::window::Window,
    _is_wayland: bool,
) -> Box<dyn FrameThrottle> {
    if _is_wayland {
        WinitBasedFrameThrottle::create()
    } else {
        #[cfg(target_vendor = "apple")]
        if let Some(throttle) =
            apple_display_link::try_create(window_adapter.clone(), _winit_window)
        {
            return throttle;
        }
        TimerBasedFrameThrottle::create(window_adapter)
    }
}

pub trait FrameThrottle {
    fn request_throttled_redraw(&self, winit_window: &winit::window::Window);
}

struct TimerBasedFrameThrottle {
    window_adapter: Weak<WinitWindowAdapter>,
    timer: Rc<Timer>,
    // wordjudge patch: when the last frame was asked for.
    last: Rc<std::cell::Cell<Option<std::time::Instant>>>,
}

impl TimerBasedFrameThrottle {
    fn create(window_adapter: Weak<WinitWindowAdapter>) -> Box<dyn FrameThrottle> {
        Box::new(Self { window_adapter, timer: Rc::new(Timer::default()), last: Default::default() })
    }
}

impl FrameThrottle for TimerBasedFrameThrottle {
    fn request_throttled_redraw(&self, winit_window: &winit::window::Window) {
        if self.timer.running() {
            return;
        }
        // wordjudge patch (docs/slint-frame-throttle.md): a monitor may report a refresh rate of
        // 0 mHz (Wine's default display; remote desktops, some virtual and USB displays), which
        // divided by zero below and panicked; under 10 Hz the interval would be seconds long.
        // Such a rate is taken as unknown.
        let refresh_interval_millihertz = winit_window
            .current_monitor()
            .and_then(|monitor| monitor.refresh_rate_millihertz())
            .filter(|&rate| rate >= 10_000)
            .unwrap_or(60000) as u64;
        let window_adapter = self.window_adapter.clone();
        let timer = Rc::downgrade(&self.timer);
        let interval =
            std::time::Duration::from_millis((1000 * 1000) / refresh_interval_millihertz);
        // wordjudge patch (patches/README.md): the first frame after a quiet spell is asked for
        // at once, not one interval later (a key's frame waited up to 16.7 ms for the timer);
        // the frames after it keep to the display's rate, as before.
        if self.last.get().is_none_or(|t| t.elapsed() >= interval) {
            self.last.set(Some(std::time::Instant::now()));
            winit_window.request_redraw();
        }
        let last = self.last.clone();
        self.timer.start(TimerMode::Repeated, interval, move || {
            let Some(timer) = timer.upgrade() else { return };
            let Some(window_adapter_rc) = window_adapter.upgrade() else { return };
            // wordjudge patch: only a frame still wanted is asked for (the first was at once).
            if window_adapter_rc.pending_redraw() {
                last.set(Some(std::time::Instant::now()));
                redraw_now(&window_adapter);
            }

            let keep_running = window_adapter_rc.pending_redraw();

            if timer.running() {
                if !keep_running {
                    timer.stop();
                }
            } else if keep_running {
                timer.restart();
            }
        });
    }
}

fn redraw_now(window_adapter: &Weak<WinitWindowAdapter>) {
    let Some(winit_window) = window_adapter.upgrade().and_then(|adapter| adapter.winit_window())
    else {
        return;
    };
    winit_window.request_redraw();
}

struct WinitBasedFrameThrottle;

impl WinitBasedFrameThrottle {
    fn create() -> Box<dyn FrameThrottle> {
        Box::new(Self)
    }
}

impl FrameThrottle for WinitBasedFrameThrottle {
    fn request_throttled_redraw(&self, winit_window: &winit::window::Window) {
        winit_window.request_redraw();
    }
}
