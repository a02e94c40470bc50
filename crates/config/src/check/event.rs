//! `[event]` and `[printer]` as written, checked.

use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::Checker;
use crate::{EventConfig, PrinterConfig, MAX_ROUND};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawEvent {
    #[serde(default)]
    name: Option<Spanned<String>>,
    #[serde(default)]
    round: Option<Spanned<i64>>,
    #[serde(default)]
    manifest: Option<Spanned<String>>,
    #[serde(default)]
    time_zone: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPrinter {
    #[serde(default)]
    cups_queue: Option<Spanned<String>>,
    #[serde(default)]
    pub(super) escpos_device: Option<Spanned<String>>,
}

impl RawEvent {
    /// `manifest` as written.
    pub(super) fn manifest_name(&self) -> Option<&str> {
        self.manifest.as_ref().map(|m| m.get_ref().as_str())
    }
}

pub(super) fn check_event(c: &mut Checker, raw: Option<&RawEvent>, base: &Path) -> EventConfig {
    let Some(raw) = raw else {
        return EventConfig::default();
    };
    let name = raw.name.as_ref().and_then(|n| {
        let name = n.get_ref().trim();
        if let Some(problem) = wordjudge_base::text::problem("it", name, 80) {
            c.problem(
                n.span(),
                format!("[event] name must be 1 to 80 characters on one line (it is printed on dockets): {problem}"),
            );
            return None;
        }
        Some(name.to_owned())
    });
    let round = raw.round.as_ref().and_then(|r| {
        match u32::try_from(*r.get_ref()) {
            Ok(n) if (1..=MAX_ROUND).contains(&n) => Some(n),
            _ => {
                c.problem(
                    r.span(),
                    format!("[event] round must be 1 to {MAX_ROUND} (set it in director mode, or leave it out for no round), not {}", r.get_ref()),
                );
                None
            }
        }
    });
    let manifest = raw.manifest.as_ref().and_then(|m| {
        let name = m.get_ref();
        if !wordjudge_base::layout::is_installed_manifest_name(name) {
            c.problem(
                m.span(),
                "[event] manifest is written by `wordjudge event install` (event-FINGERPRINT.toml beside kiosk.toml); install the bundle again rather than editing it",
            );
            return None;
        }
        Some(base.join(name))
    });
    let time_zone =
        raw.time_zone
            .as_ref()
            .and_then(|z| match wordjudge_base::clock::zone_named(z.get_ref()) {
                Ok(_) => Some(z.get_ref().clone()),
                Err(e) => {
                    c.problem(z.span(), format!("[event] time_zone: {e}"));
                    None
                }
            });
    EventConfig {
        name,
        round,
        manifest,
        time_zone,
    }
}

pub(super) fn check_printer(
    c: &mut Checker,
    raw: Option<&Spanned<RawPrinter>>,
    base: &Path,
) -> Option<PrinterConfig> {
    let raw = raw?;
    match (&raw.get_ref().cups_queue, &raw.get_ref().escpos_device) {
        (Some(q), None) => {
            let queue = q.get_ref();
            // CUPS queue names: printable, no space, '/', '#' or quote (lpadmin's rule).
            let bad = queue.is_empty()
                || queue.len() > 127
                || queue
                    .chars()
                    .any(|ch| ch.is_control() || " /#\\'\"".contains(ch));
            if bad {
                c.problem(q.span(), format!("cups_queue must be a CUPS queue name (`lpstat -p` lists them: no spaces, '/', '#' or quotes), not {queue:?}"));
                return None;
            }
            Some(PrinterConfig::Cups {
                queue: queue.clone(),
            })
        }
        (None, Some(d)) if !d.get_ref().trim().is_empty() => Some(PrinterConfig::EscPos {
            device: base.join(d.get_ref()),
        }),
        (None, Some(d)) => {
            c.problem(
                d.span(),
                "escpos_device must name the printer's device, e.g. \"/dev/usb/lp0\"",
            );
            None
        }
        (Some(_), Some(_)) | (None, None) => {
            c.problem(
                raw.span(),
                "[printer] needs exactly one of cups_queue (a CUPS queue) or escpos_device (a receipt printer's device); remove the section to print nothing",
            );
            None
        }
    }
}
