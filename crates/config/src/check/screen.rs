//! `[screen]`: the keys that judge, and the timers in the ranges the rules allow.

use toml::Spanned;

use super::{Checker, RawScreen};
use crate::{JudgeKey, Screen, MAX_TEXT_SCALE};

/// A timer: its default, and the range the rules allow, with why. [`TIMERS`] is in the order
/// `check_screen` reads them.
struct Timer {
    name: &'static str,
    min: f64,
    max: f64,
    why: &'static str,
}

const TIMERS: [Timer; 8] = [
    Timer {
        name: "verdict_min_seconds",
        min: 1.0,
        max: 10.0,
        why: "a key pressed after JUDGE must not wipe the verdict before both players saw it (the default is 2)",
    },
    Timer {
        name: "verdict_clear_seconds",
        min: 3.0,
        max: 60.0,
        why: "both players must be able to read the verdict, and the next pair must not",
    },
    Timer {
        name: "idle_wipe_seconds",
        min: 10.0,
        max: 600.0,
        why: "a challenge must not vanish while it is typed, nor wait for the next pair",
    },
    Timer {
        name: "director_idle_seconds",
        min: 5.0,
        max: 60.0,
        why: "the director's screen, which lists the last slips, must not stay up for the players",
    },
    Timer {
        name: "pin_prompt_seconds",
        min: 5.0,
        max: 120.0,
        why: "the director must have time to type the PIN",
    },
    Timer {
        name: "second_opinion_minutes",
        min: 1.0,
        max: 240.0,
        why: "a second opinion is asked for while the game is on",
    },
    Timer {
        name: "director_max_seconds",
        min: 30.0,
        max: 600.0,
        why: "director mode left open must close even while someone keeps pressing keys",
    },
    Timer {
        name: "handover_seconds",
        min: 0.5,
        max: 5.0,
        why: "the challenger hands the station over before the challenged player can judge, so the challenger cannot end the entry and judge in one burst",
    },
];

/// `[screen]`: the keys that judge, and timers in range; each problem at its key's value.
pub(super) fn check_screen(c: &mut Checker, raw: Option<&Spanned<RawScreen>>) -> Screen {
    let defaults = Screen::default();
    let Some(raw) = raw else {
        return defaults;
    };
    let s = raw.get_ref();
    let judge_keys = judge_keys(c, s.judge_keys.as_deref(), &defaults);
    // Each timer's value (or its default) and where to point at it (or at `[screen]`).
    let timer = |set: &Option<Spanned<f64>>, default: f64| match set {
        Some(v) => (*v.get_ref(), v.span()),
        None => (default, raw.span()),
    };
    let timers = [
        timer(&s.verdict_min_seconds, defaults.verdict_min_seconds),
        timer(&s.verdict_clear_seconds, defaults.verdict_clear_seconds),
        timer(&s.idle_wipe_seconds, defaults.idle_wipe_seconds),
        timer(&s.director_idle_seconds, defaults.director_idle_seconds),
        timer(&s.pin_prompt_seconds, defaults.pin_prompt_seconds),
        timer(&s.second_opinion_minutes, defaults.second_opinion_minutes),
        timer(&s.director_max_seconds, defaults.director_max_seconds),
        timer(&s.handover_seconds, defaults.handover_seconds),
    ];
    for (t, (value, span)) in TIMERS.iter().zip(timers.iter().cloned()) {
        if !(t.min..=t.max).contains(&value) {
            let unit = if t.name.ends_with("minutes") {
                "minutes"
            } else {
                "seconds"
            };
            c.problem(
                span,
                format!(
                    "{} must be {} to {} {unit}, not {value}: {}",
                    t.name, t.min, t.max, t.why
                ),
            );
        }
    }
    let [(verdict_min_seconds, min_span), (verdict_clear_seconds, _), (idle_wipe_seconds, _), (director_idle_seconds, idle_span), (pin_prompt_seconds, _), (second_opinion_minutes, _), (director_max_seconds, _), (handover_seconds, _)] =
        timers;
    if verdict_min_seconds > verdict_clear_seconds {
        c.problem(
            min_span,
            "verdict_min_seconds must not be longer than verdict_clear_seconds",
        );
    }
    if director_idle_seconds > director_max_seconds {
        c.problem(
            idle_span,
            "director_idle_seconds must not be longer than director_max_seconds",
        );
    }
    let text_scale = text_scale(c, s.text_scale.as_ref(), defaults.text_scale);
    Screen {
        count_first: s.count_first.unwrap_or(defaults.count_first),
        ask_table: s.ask_table.unwrap_or(defaults.ask_table),
        judge_keys,
        verdict_min_seconds,
        verdict_clear_seconds,
        idle_wipe_seconds,
        director_idle_seconds,
        director_max_seconds,
        handover_seconds,
        pin_prompt_seconds,
        second_opinion_minutes,
        text_scale,
        touch_keyboard: s.touch_keyboard.unwrap_or(defaults.touch_keyboard),
    }
}

/// `text_scale`: 1 (the usual size) to [`MAX_TEXT_SCALE`], the largest the fit check proves.
fn text_scale(c: &mut Checker, set: Option<&Spanned<f64>>, default: f64) -> f64 {
    let Some(set) = set else {
        return default;
    };
    let value = *set.get_ref();
    if (1.0..=MAX_TEXT_SCALE).contains(&value) {
        value
    } else {
        c.problem(
            set.span(),
            format!("text_scale must be 1 to {MAX_TEXT_SCALE}, not {value}: 1 is the usual size, and {MAX_TEXT_SCALE} the largest at which every players' screen is proven to fit with its longest content on every screen size"),
        );
        default
    }
}

/// `judge_keys`: only Tab, never a key the challenger uses (the defaults when left out).
fn judge_keys(
    c: &mut Checker,
    keys: Option<&[Spanned<String>]>,
    defaults: &Screen,
) -> Vec<JudgeKey> {
    match keys {
        None => defaults.judge_keys.clone(),
        Some(keys) => keys
            .iter()
            .filter_map(|key| {
                let parsed = JudgeKey::from_name(key.get_ref());
                let name = key.get_ref().as_str();
                match (parsed, name) {
                    (Some(_), _) => {}
                    (None, "Enter" | "Space") => c.problem(
                        key.span(),
                        format!("judge_keys may hold only \"Tab\", not {name:?}: it ends a word or the challenger's entry, and a key the challenger presses must never judge (NSA App. C: the challenged player presses JUDGE); an empty list leaves the JUDGE button alone"),
                    ),
                    (None, _) => c.problem(
                        key.span(),
                        format!("judge_keys may hold only \"Tab\" (the JUDGE button always judges), not {name:?}"),
                    ),
                }
                parsed
            })
            .collect(),
    }
}
