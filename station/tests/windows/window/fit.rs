//! Fit check: every visible Text of the window fits its own box, its ancestors, its clips and the
//! window, and overlaps no other Text; every touch target is as large as a finger.
//!
//! How: Slint's item tree is walked (`i_slint_core`, which the testing API does not expose) and
//! each text asked, through the same layout call a `.slint` `preferred-width` compiles to, for
//! the width and height it needs at the width it has; a text needing more than its box is cut off
//! or elided. Its glyphs' box is then checked against every ancestor's box, the clipping ones,
//! the window, and every other text's. Hidden texts (`visible: false`, opacity 0) are skipped.

use i_slint_core::item_rendering::RenderString;
use i_slint_core::item_tree::{ItemRc, ParentItemTraversalMode};
use i_slint_core::items::{
    Clip, ComplexText, Flickable, Opacity, Orientation, SimpleText, TextHorizontalAlignment,
    TextOverflow, TextVerticalAlignment, TextWrap,
};
use i_slint_core::lengths::{LogicalLength, LogicalPoint, LogicalRect, LogicalSize};
use i_slint_core::window::WindowInner;
use std::ops::ControlFlow;

const EPS: f32 = 0.5;

/// One visible text: what it says, its glyphs' box and the part of it not clipped away (`None`:
/// scrolled or clipped out of sight), and what is wrong with it.
#[derive(Debug, Clone)]
pub struct TextFit {
    pub text: String,
    pub ink: (LogicalRect, Option<LogicalRect>),
    pub problems: Vec<String>,
}

fn abs_rect(it: &ItemRc) -> LogicalRect {
    let g = it.geometry();
    LogicalRect::new(it.map_to_window(g.origin), g.size)
}

fn name_of(it: &ItemRc) -> String {
    it.element_type_names_and_ids(0)
        .and_then(|v| v.into_iter().next())
        .map(|(t, id)| {
            if id.is_empty() {
                t.to_string()
            } else {
                format!("{t} {id}")
            }
        })
        .unwrap_or_else(|| "?".into())
}

fn contains(outer: &LogicalRect, inner: &LogicalRect, horizontal_only: bool) -> bool {
    let h = inner.min_x() >= outer.min_x() - EPS && inner.max_x() <= outer.max_x() + EPS;
    let v = inner.min_y() >= outer.min_y() - EPS && inner.max_y() <= outer.max_y() + EPS;
    h && (horizontal_only || v)
}

pub fn check(window: &slint::Window) -> Vec<TextFit> {
    let inner = WindowInner::from_pub(window);
    let wa = inner.window_adapter();
    let root = ItemRc::new_root(inner.component());
    let sf = window.scale_factor();
    let ws = window.size();
    let window_rect = LogicalRect::new(
        LogicalPoint::default(),
        LogicalSize::new(ws.width as f32 / sf, ws.height as f32 / sf),
    );
    let mut found = Vec::new();
    root.visit_descendants(|it: &ItemRc| {
        // The text and how it lays out.
        let complex = it.downcast::<ComplexText>();
        let simple = it.downcast::<SimpleText>();
        let (text, overflow, wrap, ha, va) = if let Some(t) = &complex {
            let t = t.as_pin_ref();
            (
                t.text(),
                t.overflow(),
                t.wrap(),
                t.horizontal_alignment(),
                t.vertical_alignment(),
            )
        } else if let Some(t) = &simple {
            let t = t.as_pin_ref();
            (
                t.text(),
                TextOverflow::Clip,
                TextWrap::NoWrap,
                t.horizontal_alignment(),
                t.vertical_alignment(),
            )
        } else {
            return ControlFlow::<()>::Continue(());
        };
        if text.trim().is_empty() {
            return ControlFlow::Continue(());
        }
        let rect = abs_rect(it);
        let (w, h) = (rect.width(), rect.height());
        let item = it.borrow();
        let hi = item
            .as_ref()
            .layout_info(Orientation::Horizontal, -1., &wa, it);
        let vi = item.as_ref().layout_info(Orientation::Vertical, w, &wa, it);
        // The size the text's lines take at this width (widest line, all lines).
        let laid_out = {
            let rs: core::pin::Pin<&dyn RenderString> = match (&complex, &simple) {
                (Some(t), _) => t.as_pin_ref(),
                (_, Some(t)) => t.as_pin_ref(),
                _ => unreachable!(),
            };
            let max_w = (wrap != TextWrap::NoWrap).then(|| LogicalLength::new(w));
            wa.renderer().text_size(rs, it, max_w, wrap)
        };
        let mut problems = Vec::new();
        match (wrap, overflow) {
            (TextWrap::NoWrap, TextOverflow::Elide) if hi.preferred > w + EPS => {
                problems.push(format!("elided: needs {} wide, has {w}", hi.preferred))
            }
            (TextWrap::NoWrap, TextOverflow::Clip) if hi.preferred > w + EPS => {
                problems.push(format!("cut off: needs {} wide, has {w}", hi.preferred))
            }
            (TextWrap::WordWrap, TextOverflow::Clip) if hi.min > w + EPS => {
                problems.push(format!("a word is cut off: needs {} wide, has {w}", hi.min))
            }
            _ => {}
        }
        if vi.preferred > h + EPS {
            let what = if overflow == TextOverflow::Elide {
                "elided"
            } else {
                "cut off"
            };
            problems.push(format!(
                "{what}: needs {} high at width {w}, has {h}",
                vi.preferred
            ));
        }
        // Where the glyphs are: the laid-out block, aligned in the box.
        let ink_w = laid_out.width.min(w).max(0.);
        let ink_h = vi.preferred.min(h).max(0.);
        let x = match ha {
            TextHorizontalAlignment::Center => rect.min_x() + (w - ink_w) / 2.,
            TextHorizontalAlignment::Right | TextHorizontalAlignment::End => rect.max_x() - ink_w,
            _ => rect.min_x(),
        };
        let y = match va {
            TextVerticalAlignment::Center => rect.min_y() + (h - ink_h) / 2.,
            TextVerticalAlignment::Bottom => rect.max_y() - ink_h,
            _ => rect.min_y(),
        };
        let ink = LogicalRect::new(LogicalPoint::new(x, y), LogicalSize::new(ink_w, ink_h));
        // Up the tree: hidden? clipped? outside an ancestor?
        let mut hidden = false;
        let mut under_flickable = false;
        let mut seen = Some(ink);
        let mut cur = it.parent_item(ParentItemTraversalMode::StopAtPopups);
        while let Some(p) = cur {
            if let Some(c) = p.downcast::<Clip>() {
                if c.as_pin_ref().is_visibility_clip() && c.as_pin_ref().clip() {
                    hidden = true;
                }
            }
            if let Some(o) = p.downcast::<Opacity>() {
                if o.as_pin_ref().opacity() <= 0.01 {
                    hidden = true;
                }
            }
            let is_flickable = p.downcast::<Flickable>().is_some();
            let pr = abs_rect(&p);
            let is_window = p
                .parent_item(ParentItemTraversalMode::StopAtPopups)
                .is_none();
            if p.borrow().as_ref().clips_children() {
                seen = seen.and_then(|s| s.intersection(&pr));
            }
            let ancestor_box =
                pr.width() > 0. && pr.height() > 0. && !is_flickable_viewport(&p) && !is_window;
            if ancestor_box && !contains(&pr, &ink, under_flickable || is_flickable) {
                let clips = p.borrow().as_ref().clips_children();
                problems.push(format!(
                    "{} {} ({:?})",
                    if clips { "clipped by" } else { "sticks out of" },
                    if clips && !is_flickable {
                        "clip: true".to_string()
                    } else {
                        name_of(&p)
                    },
                    pr
                ));
            }
            under_flickable |= is_flickable;
            cur = p.parent_item(ParentItemTraversalMode::StopAtPopups);
        }
        if hidden {
            return ControlFlow::Continue(());
        }
        if !contains(&window_rect, &ink, under_flickable) {
            problems.push(format!("off the window ({window_rect:?})"));
        }
        found.push(TextFit {
            text: text.to_string(),
            ink: (ink, seen),
            problems,
        });
        ControlFlow::Continue(())
    });
    // Overlaps between texts.
    for i in 0..found.len() {
        for j in i + 1..found.len() {
            let (Some(a), Some(b)) = (found[i].ink.1, found[j].ink.1) else {
                continue;
            };
            if let Some(x) = a.intersection(&b) {
                if x.width() > EPS && x.height() > EPS {
                    let (a, b) = (found[i].text.clone(), found[j].text.clone());
                    found[i].problems.push(format!("overlaps {b:?}"));
                    found[j].problems.push(format!("overlaps {a:?}"));
                }
            }
        }
    }
    found
}

/// The viewport of a Flickable (its only child item): as large as the content, not a box.
fn is_flickable_viewport(p: &ItemRc) -> bool {
    p.parent_item(ParentItemTraversalMode::StopAtPopups)
        .is_some_and(|f| f.downcast::<Flickable>().is_some())
}

/// The width in millimetres of the screen a station of each size is: the official Raspberry Pi
/// 7" display at 800×480, 7" at 1024×600, 10.1" at 1280×800, an 11.6" laptop at 1366×768 and a
/// 15.6" one at 1920×1080 (the common panels of those resolutions; an assumption, not a reading).
pub fn screen_width_mm(width_px: f32) -> f32 {
    match width_px as u32 {
        0..=1024 => 154.2,
        1025..=1280 => 217.0,
        1281..=1366 => 256.0,
        _ => 344.2,
    }
}

/// The smallest a touch target may be: about a fingertip (ISO 9241-9 and platform guidelines
/// give 9 mm).
pub const FINGER_MM: f32 = 9.0;

/// Every enabled, visible touch target smaller than [`FINGER_MM`] on the assumed screen, but the
/// full-window one that only hides the pointer: "label WxH mm".
pub fn small_touch_targets(window: &slint::Window) -> Vec<String> {
    use i_slint_core::items::TouchArea;
    let inner = WindowInner::from_pub(window);
    let root = ItemRc::new_root(inner.component());
    let sf = window.scale_factor();
    let size = window.size();
    let (w, h) = (size.width as f32 / sf, size.height as f32 / sf);
    let px_per_mm = w / screen_width_mm(w);
    let mut small = Vec::new();
    root.visit_descendants(|it: &ItemRc| {
        let Some(touch) = it.downcast::<TouchArea>() else {
            return ControlFlow::<()>::Continue(());
        };
        let r = abs_rect(it);
        let whole = r.width() >= w - EPS && r.height() >= h - EPS;
        if !touch.as_pin_ref().enabled() || whole || !visible(it) {
            return ControlFlow::Continue(());
        }
        let (mm_w, mm_h) = (r.width() / px_per_mm, r.height() / px_per_mm);
        if mm_w < FINGER_MM || mm_h < FINGER_MM {
            small.push(format!(
                "{} at ({:.0}, {:.0}): {mm_w:.1}x{mm_h:.1} mm",
                name_of(it),
                r.min_x(),
                r.min_y()
            ));
        }
        ControlFlow::Continue(())
    });
    small
}

/// Whether no ancestor hides `it` (`visible: false`, opacity 0).
fn visible(it: &ItemRc) -> bool {
    let mut cur = it.parent_item(ParentItemTraversalMode::StopAtPopups);
    while let Some(p) = cur {
        if let Some(c) = p.downcast::<Clip>() {
            if c.as_pin_ref().is_visibility_clip() && c.as_pin_ref().clip() {
                return false;
            }
        }
        if let Some(o) = p.downcast::<Opacity>() {
            if o.as_pin_ref().opacity() <= 0.01 {
                return false;
            }
        }
        cur = p.parent_item(ParentItemTraversalMode::StopAtPopups);
    }
    true
}

/// DejaVu Sans Bold's capitals are 0.729 em high (its cap height, 1493 of 2048 units).
pub const CAP_HEIGHT_EM: f32 = 0.729;

/// Every visible tile label — a letter or a digraph on a tile's face, drawn in the theme's
/// `tile-ink` — whose capitals are less than `min_mm` high on the assumed screen (the same
/// screens as [`small_touch_targets`]): "label: N.N mm".
pub fn small_tile_labels(window: &slint::Window, ink: [u8; 3], min_mm: f32) -> Vec<String> {
    let inner = WindowInner::from_pub(window);
    let root = ItemRc::new_root(inner.component());
    let sf = window.scale_factor();
    let size = window.size();
    let px_per_mm = (size.width as f32 / sf) / screen_width_mm(size.width as f32 / sf);
    let mut small = Vec::new();
    root.visit_descendants(|it: &ItemRc| {
        let (text, colour, font_size) = if let Some(t) = it.downcast::<SimpleText>() {
            let t = t.as_pin_ref();
            (t.text(), t.color().color(), t.font_size())
        } else if let Some(t) = it.downcast::<ComplexText>() {
            let t = t.as_pin_ref();
            (t.text(), t.color().color(), t.font_size())
        } else {
            return ControlFlow::<()>::Continue(());
        };
        let is_tile = [colour.red(), colour.green(), colour.blue()] == ink && colour.alpha() == 255;
        if !is_tile || text.trim().is_empty() || !visible(it) {
            return ControlFlow::Continue(());
        }
        let cap_mm = font_size.get() * CAP_HEIGHT_EM / px_per_mm;
        if cap_mm < min_mm {
            small.push(format!("{text}: {cap_mm:.1} mm"));
        }
        ControlFlow::Continue(())
    });
    small
}
