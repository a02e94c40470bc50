//! What crosses to the page: an input as two numbers ([`event`]), and the screen as JSON
//! ([`view_json`]) — the protocol's [`View`] as it is, with the fixed words of its language.
//! The page draws what it is given and decides nothing: which screen, which words, whether
//! JUDGE can act, when the verdict clears are all the protocol's.

use serde_json::{json, Map, Value};
use wordjudge_lang::tr;
use wordjudge_protocol::view::{Labels, ScreenKind};
use wordjudge_protocol::{Input, Key, KeyPress, View};

/// The input a page sends as `(kind, arg)`; `None` for a kind there is none of.
///
/// Kinds: 0 a character (`arg` its code point), 1 Enter, 2 Backspace, 3 Space, 4 Tab, 5 Escape,
/// 6 the JUDGE button, 7 DONE, 8 a division (`arg` its index), 9 a word count (`arg`), 10 a
/// tile of the tile keyboard (`arg` its index), 11 SECOND OPINION, 12 a touch on no control,
/// 13 time passing.
pub fn event(kind: u32, arg: u32) -> Option<Input> {
    let key = |key| Input::Key(KeyPress::plain(key));
    Some(match kind {
        0 => key(Key::for_char(char::from_u32(arg)?)),
        1 => key(Key::Enter),
        2 => key(Key::Backspace),
        3 => key(Key::Space),
        4 => key(Key::Tab),
        5 => key(Key::Escape),
        6 => Input::JudgeButton,
        7 => Input::Done,
        8 => Input::ChooseDivision(arg as usize),
        9 => Input::ChooseCount(arg as usize),
        10 => Input::Tile(arg as usize),
        11 => Input::SecondOpinion,
        12 => Input::Tap,
        13 => Input::Tick,
        _ => return None,
    })
}

/// The screen's name for the page.
fn screen_name(kind: &ScreenKind) -> &'static str {
    match kind {
        ScreenKind::OutOfService => "out-of-service",
        ScreenKind::ChooseDivision => "choose-division",
        ScreenKind::Table => "table",
        ScreenKind::Count => "count",
        ScreenKind::Entry => "entry",
        ScreenKind::Verdict => "verdict",
        ScreenKind::VerdictsDiffer => "verdicts-differ",
        ScreenKind::SlipNumber => "slip-number",
        ScreenKind::Pin => "pin",
        ScreenKind::Director => "director",
        ScreenKind::About => "about",
    }
}

/// The fixed words of `view`'s screen, by name (`judge`, `done`, `second_opinion`, …).
fn labels(view: &View) -> Map<String, Value> {
    let labels = match view.label_languages.as_slice() {
        [] => Labels::of(view.language),
        several => Labels::of_several(several),
    };
    let mut map = Map::new();
    macro_rules! put {
        ($($field:ident),*) => {
            $(map.insert(stringify!($field).to_owned(), Value::from(labels.$field.clone()));)*
        };
    }
    wordjudge_protocol::for_each_label!(put);
    map
}

/// `view` as the page reads it, with the table's event fingerprint and device id.
pub(crate) fn view_json(view: &View, fingerprint: &str, device: &str) -> String {
    let v = view;
    json!({
        "screen": screen_name(&v.screen),
        "language": v.language.code(),
        "division": v.division,
        "header": v.header,
        "event_line": v.event_line,
        "title": v.title,
        "detail": v.detail,
        "words": v.words,
        "current": v.current,
        "word_tiles": v.word_tiles,
        "current_tiles": v.current_tiles,
        "current_pending": v.current_pending,
        "tile_keys": v.tile_keys,
        "expected_words": v.expected_words,
        "count_choices": v.count_choices,
        "hint": v.hint,
        "verdict": v.verdict.map(|verdict| verdict.to_string()),
        "slip": v.slip,
        "slip_line": v.slip_line,
        "spoken": v.spoken,
        "choices": v.choices,
        "choices_in_service": v.choices_in_service,
        "second_opinion_ready": v.second_opinion_ready,
        "ready": v.ready,
        "can_hand_over": v.can_hand_over,
        "handed_over": v.handed_over,
        "judge_label": v.judge_label,
        "banner": v.banner,
        "text_scale": v.text_scale,
        "labels": labels(v),
        "page": {
            "save_log": v.language.text("web-save-log"),
            "keyboard": v.language.text("web-keyboard"),
            "device": tr!(v.language, "web-device", device = device),
            "saved": v.language.text("web-saved"),
        },
        "fingerprint": fingerprint,
        "device": device,
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wordjudge_lang::Language;
    use wordjudge_lexicon::judge::Verdict;

    #[test]
    fn every_input_kind_is_one_event_and_anything_else_none() {
        assert_eq!(
            event(0, 'Ł' as u32),
            Some(Input::Key(KeyPress::plain(Key::Char('Ł'))))
        );
        assert_eq!(
            event(0, ' ' as u32),
            Some(Input::Key(KeyPress::plain(Key::Space)))
        );
        assert_eq!(event(1, 0), Some(Input::Key(KeyPress::plain(Key::Enter))));
        assert_eq!(event(4, 0), Some(Input::Key(KeyPress::plain(Key::Tab))));
        assert_eq!(event(6, 0), Some(Input::JudgeButton));
        assert_eq!(event(8, 3), Some(Input::ChooseDivision(3)));
        assert_eq!(event(9, 8), Some(Input::ChooseCount(8)));
        assert_eq!(event(10, 2), Some(Input::Tile(2)));
        assert_eq!(event(11, 0), Some(Input::SecondOpinion));
        assert_eq!(event(12, 0), Some(Input::Tap));
        assert_eq!(event(13, 0), Some(Input::Tick));
        // No director's chord or action comes from a page, and no half of a surrogate pair.
        assert!((14..100).all(|kind| event(kind, 0).is_none()));
        assert_eq!(event(0, 0xD800), None);
    }

    #[test]
    fn the_view_goes_to_the_page_with_its_fixed_words_in_its_language() {
        let view = View {
            screen: ScreenKind::Verdict,
            language: Language::Ca,
            verdict: Some(Verdict::Unacceptable),
            words: vec!["COL·LEGI".into()],
            ..View::default()
        };
        let json: Value = serde_json::from_str(&view_json(&view, "ABCD", "table-X")).unwrap();
        assert_eq!(json["screen"], "verdict");
        assert_eq!(json["language"], "ca");
        assert_eq!(json["verdict"], Verdict::Unacceptable.to_string());
        assert_eq!(json["words"][0], "COL·LEGI");
        assert_eq!(json["labels"]["judge"], Labels::of(Language::Ca).judge);
        assert_eq!(json["page"]["save_log"], Language::Ca.text("web-save-log"));
        assert!(json["page"]["device"].as_str().unwrap().contains("table-X"));
        assert_eq!(json["fingerprint"], "ABCD");
    }
}
