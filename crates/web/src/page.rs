//! What crosses to the page: an input as two numbers ([`event`]), and the screen as JSON
//! ([`view_json`]) — the protocol's [`View`] as it is, with the fixed words of its language.
//! The page draws what it is given and decides nothing: which screen, which words, whether
//! JUDGE can act, when the verdict clears are all the protocol's.

use serde_json::{json, Map, Value};
use wordjudge_lang::tr;
use wordjudge_lang::Language;
use wordjudge_protocol::view::{Labels, ScreenKind};
use wordjudge_protocol::{Input, Key, KeyPress, View};

use crate::table::EventFacts;

/// The inputs a page sends as `(kind, arg)`, by name: the one definition of their numbers (the
/// page reads it through `wj_codes`, [`codes_json`]). `char`: `arg` a code point; `division`: an
/// index in the menu; `count`: a number of words; `tile`: an index in the tile keyboard;
/// `tap`: a touch on no control; `tick`: time passing.
pub const INPUTS: [(&str, u32); 14] = [
    ("char", 0),
    ("enter", 1),
    ("backspace", 2),
    ("space", 3),
    ("tab", 4),
    ("escape", 5),
    ("judge", 6),
    ("done", 7),
    ("division", 8),
    ("count", 9),
    ("tile", 10),
    ("second_opinion", 11),
    ("tap", 12),
    ("tick", 13),
];

/// What the page's `wj_keep` answers, by name: the one definition of its numbers. `kept`: the
/// record and the head are in the browser's storage; `refused`: the storage refused them (full,
/// or turned off), nothing changed; `moved_on`: another tab or installed app of this site wrote
/// the log since this page read it, nothing changed.
pub const KEEP: [(&str, i32); 3] = [("kept", 0), ("refused", 1), ("moved_on", 2)];

/// What the banner of a device says, in `l`, once the page did not keep a slip (`wj_keep`
/// answered `code`, not `kept`): what happened and what the players can do at the table (there
/// is no director there; a reload clears it).
pub fn not_kept_banner(code: i32, l: Language) -> String {
    match KEEP.iter().find(|(_, c)| *c == code).map(|(name, _)| *name) {
        Some("moved_on") => l.text("web-not-kept-moved-on"),
        Some("refused") => l.text("web-not-kept-refused"),
        _ => tr!(l, "web-not-kept-other", code = &code.to_string()),
    }
}

/// The page's words before the module runs (it may not: the browser cannot run it), in every
/// language, as `web build` puts them in `site.json`: the page picks the browser's language.
/// `{error}`, `{site}` and `{bundle}`: the page puts in what it found.
pub fn early_words() -> Value {
    let words: Map<String, Value> = Language::ALL
        .iter()
        .map(|&l| {
            let words = json!({
                "out_of_service": l.text("label-out-of-service"),
                "loading": l.text("web-loading"),
                "cannot_read": tr!(l, "web-cannot-read", error = "{error}"),
                "cannot_run": tr!(l, "web-cannot-run", error = "{error}"),
                "no_storage": tr!(l, "web-no-storage", error = "{error}"),
                "two_events": tr!(l, "web-two-events", site = "{site}", bundle = "{bundle}"),
            });
            (l.code().to_owned(), words)
        })
        .collect();
    Value::Object(words)
}

/// Why a slip was not kept, for a `wj_keep` answer other than `kept` (the slip is then not
/// recorded, and the verdict says so with these words), for the director: the device's
/// diagnostic lines. The players read [`not_kept_banner`].
pub fn not_kept(code: i32) -> String {
    match KEEP.iter().find(|(_, c)| *c == code).map(|(name, _)| *name) {
        Some("moved_on") => "another tab or app of this site judged since this page read its log: close the other, then reload this page".into(),
        Some("refused") => "the browser refused to store it: its storage for this site is full or turned off".into(),
        _ => format!("the page answered {code}, which means nothing here: reload the page"),
    }
}

/// [`INPUTS`] and [`KEEP`] as JSON, for the page.
pub(crate) fn codes_json() -> String {
    let inputs: Map<String, Value> = INPUTS
        .iter()
        .map(|(name, kind)| ((*name).to_owned(), Value::from(*kind)))
        .collect();
    let keep: Map<String, Value> = KEEP
        .iter()
        .map(|(name, code)| ((*name).to_owned(), Value::from(*code)))
        .collect();
    json!({ "input": inputs, "keep": keep }).to_string()
}

/// The input a page sends as `(kind, arg)` ([`INPUTS`]); `None` for a kind there is none of.
pub fn event(kind: u32, arg: u32) -> Option<Input> {
    let key = |key| Input::Key(KeyPress::plain(key));
    let name = INPUTS.iter().find(|(_, k)| *k == kind)?.0;
    Some(match name {
        "char" => key(Key::for_char(char::from_u32(arg)?)),
        "enter" => key(Key::Enter),
        "backspace" => key(Key::Backspace),
        "space" => key(Key::Space),
        "tab" => key(Key::Tab),
        "escape" => key(Key::Escape),
        "judge" => Input::JudgeButton,
        "done" => Input::Done,
        "division" => Input::ChooseDivision(arg as usize),
        "count" => Input::ChooseCount(arg as usize),
        "tile" => Input::Tile(arg as usize),
        "second_opinion" => Input::SecondOpinion,
        "tap" => Input::Tap,
        "tick" => Input::Tick,
        _ => return None,
    })
}

/// The words the page shows without a table — another tab judges, a newer event is loading —
/// in the language
/// of `locale` (the browser's, `ca-ES`), else English, as JSON.
pub(crate) fn page_words_json(locale: &str) -> String {
    let code = locale
        .split(['-', '_'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let l = wordjudge_lang::Language::from_code(&code).unwrap_or(wordjudge_lang::Language::En);
    json!({
        "language": l.code(),
        "other_tab_title": l.text("web-other-tab-title"),
        "other_tab": l.text("web-other-tab"),
        "next_event_title": l.text("web-next-event-title"),
        // `{fingerprint}`: the page puts the newer event's in.
        "next_event": tr!(l, "web-next-event", fingerprint = "{fingerprint}"),
    })
    .to_string()
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
        // A station image's first boot only: a device is never installed that way.
        ScreenKind::StationNumber => "station-number",
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

/// How long after it was packed an event is called old on a device that could not check for
/// a newer one (offline): a day.
pub const OLD_EVENT_HOURS: f64 = 24.0;

/// The event as the page names it on every screen and in its title: its name, when it was
/// packed (in `l`, on the clock of `zone`), its fingerprint and signer — and, for a device that
/// could not check for a newer event, whether it is older than [`OLD_EVENT_HOURS`] and what to
/// say then.
pub(crate) fn event_json(
    facts: &EventFacts,
    zone: &wordjudge_base::clock::TimeZone,
    l: Language,
    now: wordjudge_base::clock::Timestamp,
) -> Value {
    let packed = wordjudge_base::clock::parse(&facts.packed);
    let when = packed.map(|at| l.datetime(at, zone)).unwrap_or_default();
    let old = packed
        .is_some_and(|at| wordjudge_base::clock::minutes_between(at, now) > OLD_EVENT_HOURS * 60.0);
    json!({
        "name": facts.name,
        "when": when,
        "packed": facts.packed,
        "line": tr!(l, "web-event", name = &facts.name, when = &when),
        "fingerprint": facts.fingerprint,
        "signer": facts.signer,
        "time_zone": facts.time_zone,
        "old": old,
        "old_line": tr!(l, "web-event-old", when = &when),
    })
}

/// The page's own words on `l`'s screens (saving the log, the keyboard, the device, the
/// players' game).
fn page_words(l: Language, device: &str) -> Value {
    json!({
        "save_log": l.text("web-save-log"),
        "keyboard": l.text("web-keyboard"),
        "device": tr!(l, "web-device", device = device),
        "saved": l.text("web-saved"),
        // The players' game (round and table), given on the menu: optional.
        "round": l.text("web-game-round"),
        "table": l.text("web-game-table"),
        "game_note": l.text("web-game-note"),
        "game_refused": tr!(
            l,
            "web-game-refused",
            rounds = wordjudge_config::MAX_ROUND,
            tables = wordjudge_config::MAX_TABLE
        ),
        // `{fingerprint}`: the page puts in the event whose log it saves.
        "save_log_of": tr!(l, "web-save-log-of", fingerprint = "{fingerprint}"),
    })
}

/// `view` as the page reads it, with the table's event fingerprint and device id, and the event
/// as [`event_json`] names it.
pub(crate) fn view_json(view: &View, fingerprint: &str, device: &str, event: Value) -> String {
    let v = view;
    // The words area, drawn by the station's rule (`View::word_lines`).
    let lines: Vec<Value> = v
        .word_lines()
        .iter()
        .map(|l| {
            json!({
                "text": l.text,
                "typing": l.typing,
                "empty": l.empty,
                "tiles": l.tiles,
                "pending": l.pending,
                "spelled": l.spelled,
            })
        })
        .collect();
    json!({
        "screen": screen_name(&v.screen),
        "language": v.language.code(),
        "division": v.division,
        "header": v.header,
        "event_line": v.event_line,
        "title": v.title,
        "detail": v.detail,
        "words": v.words,
        "lines": lines,
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
        "page": page_words(v.language, device),
        "fingerprint": fingerprint,
        "device": device,
        "event": event,
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
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
        // Every input named is one, each number once; no director's chord or action comes from
        // a page, and no half of a surrogate pair.
        assert!(INPUTS.iter().all(|(_, kind)| event(*kind, 1).is_some()));
        let mut kinds: Vec<u32> = INPUTS.iter().map(|(_, k)| *k).collect();
        kinds.sort_unstable();
        kinds.dedup();
        assert_eq!(kinds.len(), INPUTS.len());
        assert!((14..100).all(|kind| event(kind, 0).is_none()));
        assert_eq!(event(0, 0xD800), None);
    }

    #[test]
    fn the_codes_go_to_the_page_and_each_answer_of_keep_has_its_own_cause() {
        let codes: Value = serde_json::from_str(&codes_json()).unwrap();
        assert_eq!(codes["input"]["judge"], 6);
        assert_eq!(codes["input"].as_object().unwrap().len(), INPUTS.len());
        assert_eq!(codes["keep"]["moved_on"], 2);
        assert!(not_kept(2).contains("another tab"), "{}", not_kept(2));
        assert!(
            not_kept(1).contains("full or turned off"),
            "{}",
            not_kept(1)
        );
        assert!(!not_kept(2).contains("full"));
        assert!(not_kept(7).contains("7"));
        // The players' banner, in the screen's language, says what they can do at the table.
        let moved_on = not_kept_banner(2, Language::Ca);
        assert!(moved_on.contains("altra pestanya"), "{moved_on}");
        let refused = not_kept_banner(1, Language::En);
        assert!(
            refused.contains("full or turned off") && refused.contains("reload"),
            "{refused}"
        );
        assert!(
            !refused.contains("director") && !not_kept_banner(2, Language::En).contains("full")
        );
        assert!(not_kept_banner(7, Language::Pl).contains('7'));
    }

    #[test]
    fn the_words_before_the_table_opens_are_in_the_browsers_language() {
        let words: Value = serde_json::from_str(&page_words_json("ca-ES")).unwrap();
        assert_eq!(words["language"], "ca");
        assert_eq!(words["other_tab"], Language::Ca.text("web-other-tab"));
        let words: Value = serde_json::from_str(&page_words_json("ja-JP")).unwrap();
        assert_eq!(words["language"], "en");
        assert!(words["other_tab"].as_str().unwrap().contains("another tab"));
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
        let facts = EventFacts {
            name: "Club night".into(),
            packed: "2026-11-28T19:30:00Z".into(),
            fingerprint: "ABCD".into(),
            ..EventFacts::default()
        };
        let zone = wordjudge_base::clock::TimeZone::UTC;
        let now = wordjudge_base::clock::parse("2026-11-29T19:00:00Z").unwrap();
        let event = event_json(&facts, &zone, Language::Ca, now);
        let json: Value =
            serde_json::from_str(&view_json(&view, "ABCD", "table-X", event)).unwrap();
        let line = json["event"]["line"].as_str().unwrap();
        assert!(
            line.contains("Club night") && line.contains("28/11/2026"),
            "{line}"
        );
        assert_eq!(json["event"]["old"], false);
        let later = wordjudge_base::clock::parse("2026-11-29T19:31:00Z").unwrap();
        assert_eq!(event_json(&facts, &zone, Language::Ca, later)["old"], true);
        assert_eq!(json["screen"], "verdict");
        assert_eq!(json["language"], "ca");
        assert_eq!(json["verdict"], Verdict::Unacceptable.to_string());
        assert_eq!(json["words"][0], "COL·LEGI");
        assert_eq!(json["labels"]["judge"], Labels::of(Language::Ca).judge);
        assert_eq!(json["page"]["save_log"], Language::Ca.text("web-save-log"));
        assert!(json["page"]["device"].as_str().unwrap().contains("table-X"));
        assert_eq!(json["fingerprint"], "ABCD");
    }

    /// Issue 51, item 6: the words the page shows before its module runs come from the
    /// catalogues, every language, each with the place the page fills.
    #[test]
    fn the_words_before_the_module_runs_are_in_every_language_with_their_places() {
        let words = early_words();
        for l in Language::ALL {
            let w = &words[l.code()];
            for (name, place) in [
                ("cannot_read", "{error}"),
                ("cannot_run", "{error}"),
                ("no_storage", "{error}"),
                ("two_events", "{bundle}"),
            ] {
                let text = w[name].as_str().unwrap_or_default();
                assert!(text.contains(place), "{l:?} {name}: {text}");
            }
            assert!(!w["loading"].as_str().unwrap_or_default().is_empty());
        }
        assert_eq!(words["ca"]["out_of_service"], "FORA DE SERVEI");
        assert_ne!(words["de"]["no_storage"], words["en"]["no_storage"]);
    }
}
