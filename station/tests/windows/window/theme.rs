//! The station's colours as `ui/theme.slint` gives them, for tests and benchmarks that look at
//! pixels: they read the theme rather than copying it.

/// The colour `name` of the `Theme` global (`out property <color> NAME: #rrggbb;`) as [r, g, b].
pub fn theme_colour(name: &str) -> [u8; 3] {
    let theme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/theme.slint"))
        .expect("ui/theme.slint");
    let hex = theme
        .lines()
        .find_map(|l| {
            let rest = l.trim().strip_prefix("out property <color> ")?;
            let (key, value) = rest.split_once(':')?;
            (key.trim() == name).then(|| {
                value
                    .trim()
                    .trim_end_matches(';')
                    .trim_start_matches('#')
                    .to_owned()
            })
        })
        .unwrap_or_else(|| panic!("no colour {name} in ui/theme.slint"));
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).expect("a #rrggbb colour");
    [byte(0), byte(2), byte(4)]
}
