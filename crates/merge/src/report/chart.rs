//! The chart of challenges per round: one stacked bar per round, acceptable below unacceptable,
//! drawn by plotters as an SVG string for the page to embed.
//!
//! No font is read, at build or run time: without its `ttf` and `ab_glyph` features plotters
//! lays text out by a built-in estimate, and the SVG backend writes it as `<text>` for the
//! browser to draw in its own sans-serif.

use std::panic::{self, AssertUnwindSafe};

use plotters::prelude::*;

use super::Tally;

/// The bars' colours, also shown in the page's legend.
pub(super) const ACCEPTABLE: RGBColor = RGBColor(0x2E, 0x7D, 0x32);
pub(super) const UNACCEPTABLE: RGBColor = RGBColor(0xC6, 0x28, 0x28);

const HEIGHT: u32 = 300;
/// Width given to each round's bar and its gap.
const SLOT: usize = 64;
/// Each round's slot on the x axis is `STEP` units wide; its bar leaves `GAP` of them empty on
/// each side (an integer axis: plotters formats integers with no decimals).
const STEP: u32 = 10;
const GAP: u32 = 2;

/// `colour` as CSS writes it.
pub(super) fn css(colour: RGBColor) -> String {
    format!("#{:02X}{:02X}{:02X}", colour.0, colour.1, colour.2)
}

/// The chart of `rounds` (label, tally) as an `<svg>` element, or why it could not be drawn.
/// Never panics: a panic in the drawing library is caught and reported as a failure.
pub(super) fn svg(rounds: &[(String, Tally)]) -> Result<String, String> {
    let mut svg = String::new();
    match panic::catch_unwind(AssertUnwindSafe(|| draw(&mut svg, rounds))) {
        Ok(Ok(())) => Ok(svg),
        Ok(Err(why)) => Err(why),
        Err(_) => Err("the drawing library failed".to_owned()),
    }
}

fn draw(svg: &mut String, rounds: &[(String, Tally)]) -> Result<(), String> {
    if rounds.is_empty() {
        return Err("no rounds to draw".to_owned());
    }
    let slots = rounds.len();
    let top = rounds.iter().map(|(_, t)| t.total()).max().unwrap_or(0);
    let top = u32::try_from(top).map_err(|_| "too many challenges to draw")?;
    let width = u32::try_from(100 + SLOT * slots)
        .map_err(|_| "too many rounds to draw")?
        .clamp(360, 2400);
    let root = SVGBackend::with_string(svg, (width, HEIGHT)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let right = u32::try_from(slots)
        .ok()
        .and_then(|n| n.checked_mul(STEP))
        .ok_or("too many rounds to draw")?;
    let centres: Vec<u32> = (0..right)
        .step_by(STEP as usize)
        .map(|x| x + STEP / 2)
        .collect();
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(48)
        .build_cartesian_2d(
            (0..right).with_key_points(centres),
            0..top.saturating_add(1),
        )
        .map_err(|e| e.to_string())?;
    let label = |x: &u32| {
        rounds
            .get((x / STEP) as usize)
            .map_or(String::new(), |(label, _)| label.clone())
    };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_label_formatter(&label)
        .y_label_formatter(&|y| y.to_string())
        .x_desc("round")
        .y_desc("challenges")
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 14))
        .draw()
        .map_err(|e| e.to_string())?;
    chart.draw_series(bars(rounds)).map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())?;
    Ok(())
}

/// Each round's bar: its acceptable part from 0, its unacceptable part on top; a part with no
/// challenges is not drawn.
fn bars(rounds: &[(String, Tally)]) -> Vec<Rectangle<(u32, u32)>> {
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    let mut bars = Vec::new();
    for ((_, tally), slot) in rounds.iter().zip((0..).step_by(STEP as usize)) {
        let (left, right) = (slot + GAP, slot + STEP - GAP);
        let acceptable = count(tally.acceptable);
        let total = acceptable.saturating_add(count(tally.unacceptable));
        if acceptable > 0 {
            bars.push(Rectangle::new(
                [(left, 0), (right, acceptable)],
                ACCEPTABLE.filled(),
            ));
        }
        if total > acceptable {
            bars.push(Rectangle::new(
                [(left, acceptable), (right, total)],
                UNACCEPTABLE.filled(),
            ));
        }
    }
    bars
}
