use super::check::position;
use super::*;

const SHA: &str = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

fn parse(text: &str) -> Result<Config, ConfigError> {
    Config::parse(Path::new("/nowhere/kiosk.toml"), text)
}

fn problems(text: &str) -> Vec<Problem> {
    match parse(text) {
        Err(ConfigError::Invalid { problems, .. }) => problems,
        Err(e) => panic!("unexpected error {e}"),
        Ok(_) => panic!("config was accepted"),
    }
}

fn good() -> String {
    format!(
        "# comment\n[station]\nid = \"s1\"\n\n[lexicons.DEMO]\nfile = \"demo.fst\"\nsha256 = \"{SHA}\"\nwords = 3\ntitle = \"Demo\"\n\n[divisions.main]\nprimary = \"DEMO\"\n"
    )
}

#[test]
fn a_control_character_in_a_comment_is_named_not_left_blank() {
    let err = Config::parse(
        Path::new("kiosk.toml"),
        "#\0 comment\n[station]\nid = \"s\"\n",
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("kiosk.toml:1:2: the control character '\\0' is not allowed in TOML"),
        "{err}"
    );
}

#[test]
fn a_good_config_parses_with_paths_resolved_against_its_directory() {
    let c = parse(&good()).unwrap();
    assert_eq!(c.station.id, "s1");
    assert_eq!(c.lexicons["DEMO"].file, Path::new("/nowhere/demo.fst"));
    assert_eq!(c.lexicons["DEMO"].expected.words, 3);
    assert_eq!(c.divisions["main"].primary, "DEMO");
    // The file does not exist: a file problem, kept for the caller, with its position.
    assert_eq!(c.file_problems.len(), 1);
    assert_eq!((c.file_problems[0].line, c.file_problems[0].column), (6, 8));
}

#[test]
fn unknown_keys_are_errors_with_line_and_column() {
    let p = problems(&good().replace("words = 3", "words = 3\ncolour = \"red\""));
    assert_eq!(p.len(), 1);
    assert_eq!((p[0].line, p[0].column), (9, 1));
    assert!(
        p[0].message.contains("unknown field `colour`"),
        "{}",
        p[0].message
    );
}

#[test]
fn wrong_types_are_errors_with_line_and_column() {
    let p = problems(&good().replace("words = 3", "words = \"three\""));
    assert_eq!(p[0].line, 8);
    assert!(p[0].message.contains("invalid type"), "{}", p[0].message);
}

#[test]
fn all_semantic_problems_are_reported_at_once() {
    let text = good()
        .replace(SHA, "xyz")
        .replace("primary = \"DEMO\"", "primary = \"CSW24\"");
    let p = problems(&text);
    assert_eq!(p.len(), 3, "{p:?}"); // bad digest, unknown lexicon, missing file
    assert!(p[0].message.contains("64 hex digits"));
    assert!(p[1]
        .message
        .contains("\"CSW24\" is not configured (configured: DEMO)"));
    assert!(p[2].message.contains("does not exist"));
}

#[test]
fn unsafe_codes_are_refused() {
    assert!(valid_code("NWL2023"));
    assert!(valid_code("OWL2.1"));
    assert!(!valid_code("../etc"));
    assert!(!valid_code(""));
    assert!(!valid_code("a/b"));
    // Device names Windows reserves, whatever follows a dot or the case: no file has them.
    for reserved in [
        "CON", "con", "NUL.1", "Prn", "AUX", "COM1", "lpt9", "COM9.x",
    ] {
        assert!(!valid_code(reserved), "{reserved}");
    }
    for fine in ["CONS", "NUL2", "COM0", "COM10", "LPT", "XCON", "CSW24.CON"] {
        assert!(valid_code(fine), "{fine}");
    }
    let p = problems(&good().replace("[lexicons.DEMO]", "[lexicons.\"../x\"]"));
    assert!(p.iter().any(|p| p.message.contains("lexicon code")));
}

#[test]
fn error_display_names_file_line_and_column() {
    let err = parse("[station]\nid = \n").unwrap_err();
    let text = err.to_string();
    assert!(text.starts_with("/nowhere/kiosk.toml:2:"), "{text}");
}

#[test]
fn position_counts_lines_and_characters() {
    assert_eq!(position("ab\ncdé\nx", 0), (1, 1));
    assert_eq!(position("ab\ncdé\nx", 3), (2, 1));
    assert_eq!(position("ab\ncdé\nx", 8), (3, 1));
    assert_eq!(position("ab\ncdé\nx", 6), (2, 3)); // inside the two bytes of é
    assert_eq!(position("ab\ncdé\nx", 999), (3, 2));
}

fn recorded(code: &str, dir: &Path) -> Recorded {
    Recorded {
        code: code.into(),
        file: dir.join("lexicons").join(format!("{code}.fst")),
        sha256: Digest::of(b"fst"),
        words: 42,
        title: "A list".into(),
        edition: "not a published edition".into(),
        source_sha256: Digest::of(b"src"),
        content_sha256: Digest::of(b"content"),
        accept_mislabel: false,
        alphabet: wordjudge_lexicon::alphabet::AlphabetId::ENGLISH,
    }
}

#[test]
fn recording_keeps_comments_and_updates_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kiosk.toml");
    let original = good().replace("[divisions.main]", "# the only division\n[divisions.main]");
    std::fs::write(&path, &original).unwrap();
    record_lexicon(&path, &recorded("DEMO", dir.path())).unwrap();
    record_lexicon(&path, &recorded("NWL2023", dir.path())).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("# comment\n[station]"));
    assert!(text.contains("# the only division\n[divisions.main]"));
    assert!(text.contains("file = \"lexicons/DEMO.fst\""));
    assert!(text.contains("[lexicons.NWL2023]"));
    assert_eq!(text.matches("[lexicons.DEMO]").count(), 1);
    let c = Config::parse(&path, &text).unwrap();
    assert_eq!(c.lexicons["DEMO"].expected.words, 42);
    assert_eq!(
        c.lexicons["DEMO"].content_sha256,
        Some(Digest::of(b"content"))
    );
}

#[test]
fn recording_updates_an_inline_table_and_keeps_end_of_line_comments() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kiosk.toml");
    let text = format!(
        "[station]\nid = \"s\"\n[lexicons]\nX = {{ file = \"a.fst\", sha256 = \"{SHA}\", words = 1, title = \"t\" }}\n"
    );
    std::fs::write(&path, text).unwrap();
    record_lexicon(&path, &recorded("X", dir.path())).unwrap();
    let c = Config::read(&path).unwrap();
    assert_eq!(c.lexicons["X"].expected.words, 42);

    std::fs::write(
        &path,
        format!("[station]\nid = \"s\"\n[lexicons.X]\nfile = \"a.fst\"   # where it lives\nsha256 = \"{SHA}\"\nwords = 1\ntitle = \"t\"\n"),
    )
    .unwrap();
    record_lexicon(&path, &recorded("X", dir.path())).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("file = \"lexicons/X.fst\"   # where it lives"),
        "{text}"
    );
}

#[test]
fn divisions_with_a_long_list_chain_and_a_second_opinion_parse() {
    let text = good()
        .replace("[divisions.main]", &format!("[lexicons.LL]\nfile = \"ll.fst\"\nsha256 = \"{SHA}\"\nwords = 3\ntitle = \"Long List\"\n\n[divisions.main]"))
        + "fallback = [{ lexicon = \"LL\", min_length = 10 }]\nsecond_opinion = \"LL\"\nchangeover = true\n";
    let c = parse(&text).unwrap();
    let d = &c.divisions["main"];
    assert_eq!(
        d.fallback,
        [Fallback {
            lexicon: "LL".into(),
            min_length: 10
        }]
    );
    assert_eq!(d.second_opinion.as_deref(), Some("LL"));
    assert_eq!(d.lexicon_codes().collect::<Vec<_>>(), ["DEMO", "LL", "LL"]);
    assert!(d.changeover);
    assert!(
        c.notes[0].contains("first opinions are judged with DEMO, second opinions with LL"),
        "{:?}",
        c.notes
    );
}

#[test]
fn settings_that_break_the_rules_are_refused_naming_the_rule() {
    let station = |line: &str| good().replace("id = \"s1\"", &format!("id = \"s1\"\n{line}"));
    let screen = |line: &str| good() + &format!("[screen]\n{line}\n");
    let second = |extra: &str| {
        good().replace("[divisions.main]", &format!("[lexicons.LL]\nfile = \"ll.fst\"\nsha256 = \"{SHA}\"\nwords = 3\ntitle = \"Long List\"\n\n[divisions.main]"))
            + &format!("second_opinion = \"LL\"\n{extra}")
    };
    for (what, text, message) in [
        ("one word at a time", station("max_words = 1"), "max_words must be 8, not 1: a play forms up to 8 words"),
        ("no slip log", station("slip_log = \"\""), "slip_log must name a file"),
        ("an unknown pinned division", station("division = \"nope\""), "division \"nope\" is not configured (divisions: main)"),
        ("a verdict never shown", screen("verdict_clear_seconds = 0"), "verdict_clear_seconds must be 3 to 60 seconds, not 0: both players must be able to read the verdict"),
        ("a verdict left up for the next pair", screen("verdict_clear_seconds = 600"), "verdict_clear_seconds must be 3 to 60 seconds, not 600"),
        ("the director's screen left up", screen("director_idle_seconds = 600"), "director_idle_seconds must be 5 to 60 seconds, not 600: the director's screen"),
        ("the director's screen kept up by keys", screen("director_max_seconds = 3600"), "director_max_seconds must be 30 to 600 seconds, not 3600: director mode left open must close"),
        ("an idle limit past the absolute one", screen("director_max_seconds = 30\ndirector_idle_seconds = 45"), "director_idle_seconds must not be longer than director_max_seconds"),
        ("a verdict wiped at once", screen("verdict_min_seconds = 0.5"), "verdict_min_seconds must be 1 to 10 seconds, not 0.5: a key pressed after JUDGE must not wipe the verdict"),
        ("no hand-over", screen("handover_seconds = 0"), "handover_seconds must be 0.5 to 5 seconds, not 0: the challenger hands the station over"),
        ("a hand-over that keeps players waiting", screen("handover_seconds = 30"), "handover_seconds must be 0.5 to 5 seconds, not 30"),
        ("a PIN prompt that gives up at once", screen("pin_prompt_seconds = 0"), "pin_prompt_seconds must be 5 to 120 seconds, not 0"),
        ("input wiped at once", screen("idle_wipe_seconds = 0"), "idle_wipe_seconds must be 10 to 600 seconds, not 0"),
        ("smaller text than the usual", screen("text_scale = 0.8"), "text_scale must be 1 to 1.25, not 0.8: 1 is the usual size"),
        ("larger text than the screens are proven at", screen("text_scale = 2"), "text_scale must be 1 to 1.25, not 2: 1 is the usual size, and 1.25 the largest at which every players' screen is proven to fit"),
        ("Enter judging", screen("judge_keys = [\"Tab\", \"Enter\"]"), "judge_keys may hold only \"Tab\", not \"Enter\": it ends a word or the challenger's entry"),
        ("another edition for second opinions", second(""), "division main: second opinions would be judged with LL, first opinions with DEMO"),
    ] {
        let p = problems(&text);
        assert!(
            p.iter().any(|p| p.message.contains(message)),
            "{what}: {p:?}"
        );
    }
    // The acknowledged changeover passes, and is explained.
    let c = parse(&second("changeover = true\n")).unwrap();
    assert_eq!(c.notes.len(), 1);
    // Defaults are within the rules.
    let d = Screen::default();
    assert_eq!(
        (
            d.verdict_min_seconds,
            d.verdict_clear_seconds,
            d.idle_wipe_seconds,
            d.director_idle_seconds,
            d.director_max_seconds,
            d.handover_seconds,
            d.pin_prompt_seconds,
            d.second_opinion_minutes
        ),
        (2.0, 10.0, 30.0, 20.0, 120.0, 1.0, 15.0, 15.0)
    );
    assert_eq!(d.judge_keys, [JudgeKey::Tab]);
    assert_eq!(d.text_scale, 1.0, "the usual size unless the director asks");
    let large = parse(&screen("text_scale = 1.25")).unwrap();
    assert_eq!(large.screen.text_scale, crate::MAX_TEXT_SCALE);
    assert!(parse(&good()).unwrap().notes.is_empty());
}

#[test]
fn screen_problems_name_the_line_of_their_key() {
    let text = good() + "[screen]\ncount_first = true\njudge_keys = [\"Tab\",\n  \"Enter\"]\nverdict_min_seconds = 11\nverdict_clear_seconds = 2\n";
    let screen_line = text.lines().position(|l| l == "[screen]").unwrap() + 1;
    let p = problems(&text);
    let line_of = |what: &str| {
        p.iter()
            .find(|p| p.message.starts_with(what))
            .unwrap_or_else(|| panic!("{what}: {p:?}"))
            .line
    };
    assert_eq!(
        line_of("judge_keys may hold only"),
        screen_line + 3,
        "\"Enter\"'s own line"
    );
    assert_eq!(line_of("verdict_min_seconds must be"), screen_line + 4);
    assert_eq!(
        line_of("verdict_min_seconds must not be longer"),
        screen_line + 4
    );
    assert_eq!(line_of("verdict_clear_seconds must be"), screen_line + 5);
}

#[test]
fn a_chain_entry_without_a_length_is_an_error_with_its_position() {
    let text = good() + "fallback = [{ lexicon = \"DEMO\" }]\n";
    let p = problems(&text);
    assert_eq!(p[0].line, 13);
    assert!(p[0].message.contains("missing field `min_length`"), "{p:?}");
}

#[test]
fn division_problems_are_all_reported() {
    let text = good()
        + "fallback = [{ lexicon = \"LL\", min_length = 10 }, { lexicon = \"DEMO\", min_length = 1 }]\nsecond_opinion = \"X\"\n";
    let p = problems(&text);
    let messages: Vec<&str> = p.iter().map(|p| p.message.as_str()).collect();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("fallback lexicon \"LL\" is not configured")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("\"DEMO\" appears twice")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("min_length must be 2 to 15 letters, not 1")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("second-opinion lexicon \"X\"")),
        "{messages:?}"
    );
}

#[test]
fn duplicate_division_names_are_an_error_with_line_and_column() {
    let text = good() + "\n[divisions.main]\nprimary = \"DEMO\"\n";
    let p = problems(&text);
    assert_eq!(p[0].line, 14, "{p:?}");
    assert!(
        p[0].message.contains("duplicate") || p[0].message.contains("redefin"),
        "{p:?}"
    );
}

#[test]
fn station_settings_have_defaults_and_limits() {
    let c = parse(&good()).unwrap();
    assert_eq!(c.station.max_words, 8);
    assert_eq!(c.station.slip_log, Path::new("/nowhere/slips.jsonl"));
    assert_eq!(c.screen, Screen::default());
    let p = problems(&good().replace("id = \"s1\"", "id = \"s1\"\nmax_words = 9"));
    assert!(p[0].message.contains("max_words must be 8, not 9"), "{p:?}");
    let p =
        problems(&(good() + "[screen]\njudge_keys = [\"Space\"]\nverdict_min_seconds = 20.0\n"));
    assert!(
        p.iter().any(|p| p.message.contains("not \"Space\"")),
        "{p:?}"
    );
    assert!(
        p.iter()
            .any(|p| p.message.contains("verdict_min_seconds must not be longer")),
        "{p:?}"
    );
}

#[test]
fn a_pin_set_by_an_earlier_version_keeps_working_until_it_is_set_again() {
    // As the demo kiosk.toml had it: PIN 1234, salted SHA-256.
    let old = "sha256$b1173497ff940a163f0e7a4102f63c29$c907506d7ddd78c1075fc61625d99adef88fad661692cea5f01a43279cab659e";
    let hash: PinHash = old.parse().unwrap();
    assert!(hash.is_legacy() && hash.matches("1234") && !hash.matches("1235"));
    assert_eq!(hash.to_string(), old);
    assert!(!PinHash::new("1234").unwrap().is_legacy());
    // Anything else that looks like a hash is refused.
    for bad in [
        "sha256$$",
        "$argon2i$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaA",
        "$argon2id$nonsense",
        "1234",
    ] {
        assert!(bad.parse::<PinHash>().is_err(), "{bad}");
    }
}

#[test]
fn only_a_pin_hash_unfit_for_an_event_is_hashed_to_tell_whether_it_is_the_demo_pin() {
    // Unfit for an event (fewer than 8 digits, a pattern, or the old SHA-256): hashed, and the
    // demo PIN found whatever the salt.
    let demo = PinHash::new(crate::DEMO_PIN).unwrap();
    assert!(demo.event_problem().is_some() && demo.is_demo());
    let legacy: PinHash = "sha256$b1173497ff940a163f0e7a4102f63c29$c907506d7ddd78c1075fc61625d99adef88fad661692cea5f01a43279cab659e".parse().unwrap();
    assert!(legacy.is_demo());
    let club = PinHash::new("2468").unwrap();
    assert!(club.event_problem().is_some() && !club.is_demo());
    // Fit for an event: not the demo's, without hashing. Shown by a hash of 1234 made by hand
    // with the event's tag (what `PinHash::new` never writes): taken at its tag's word, as
    // `event_problem` takes it, though it matches 1234.
    let event = PinHash::new("27182818").unwrap();
    assert!(event.event_problem().is_none() && !event.is_demo());
    let forged = hand_made_event_hash(crate::DEMO_PIN);
    assert!(forged.matches(crate::DEMO_PIN));
    assert!(forged.event_problem().is_none() && !forged.is_demo());
}

/// An Argon2id hash of `pin` at the event's cost, bound to the event's tag, as another tool than
/// `PinHash::new` could make it.
fn hand_made_event_hash(pin: &str) -> PinHash {
    use argon2::password_hash::{PasswordHasher, SaltString};
    let salt = SaltString::encode_b64(&[7u8; 16]).unwrap();
    let data = argon2::AssociatedData::new(b"wordjudge-pin:event").unwrap();
    let params = argon2::ParamsBuilder::new()
        .m_cost(crate::PIN_M_KIB)
        .t_cost(crate::PIN_T)
        .p_cost(1)
        .data(data)
        .build()
        .unwrap();
    let hash = argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params)
        .hash_password(pin.as_bytes(), &salt)
        .unwrap();
    hash.to_string().parse().unwrap()
}

#[test]
fn pin_hash_is_salted_and_round_trips() {
    let a = PinHash::new("2468").unwrap();
    let b = PinHash::new("2468").unwrap();
    assert_ne!(a, b, "two hashes of one PIN must differ by their salt");
    assert!(a.matches("2468") && !a.matches("2469"));
    let parsed: PinHash = a.to_string().parse().unwrap();
    assert!(parsed.matches("2468"));
    assert!(
        PinHash::valid_pin("0000") && !PinHash::valid_pin("123") && !PinHash::valid_pin("12a4")
    );
}

#[test]
fn recording_a_pin_keeps_the_rest_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kiosk.toml");
    std::fs::write(&path, good()).unwrap();
    record_pin(&path, &PinHash::new("1357").unwrap()).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("# comment\n[station]\nid = \"s1\"\n"));
    let c = Config::parse(&path, &text).unwrap();
    assert!(c.station.director_pin.unwrap().matches("1357"));
}

#[test]
fn recording_into_a_missing_config_creates_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kiosk.toml");
    record_lexicon(&path, &recorded("X", dir.path())).unwrap();
    let c = Config::read(&path).unwrap();
    assert_eq!(c.station.id, "station-1");
    assert!(c.lexicons.contains_key("X"));
}

#[test]
fn recording_into_a_broken_config_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kiosk.toml");
    std::fs::write(&path, "[station\n").unwrap();
    assert!(record_lexicon(&path, &recorded("X", dir.path())).is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "[station\n");
}

#[test]
fn event_and_printer_sections_are_read_and_checked() {
    let c = parse(&format!(
        "{}\n[event]\nname = \"  Open 2026 \"\nround = 3\n\n[printer]\ncups_queue = \"dockets_1\"\n\n[screen]\nask_table = true\n",
        good()
    ))
    .unwrap();
    assert_eq!(c.event.name.as_deref(), Some("Open 2026"));
    assert_eq!(c.event.round, Some(3));
    assert_eq!(
        c.printer,
        Some(PrinterConfig::Cups {
            queue: "dockets_1".into()
        })
    );
    assert!(c.screen.ask_table);
    let c = parse(&format!("{}\n[printer]\nescpos_device = \"lp0\"\n", good())).unwrap();
    assert_eq!(
        c.printer,
        Some(PrinterConfig::EscPos {
            device: "/nowhere/lp0".into()
        })
    );
    let c = parse(&good()).unwrap();
    assert_eq!(
        (c.printer, c.event, c.screen.ask_table),
        (None, EventConfig::default(), false)
    );
}

#[test]
fn a_bad_event_or_printer_section_is_refused_naming_what_to_do() {
    let cases = [
        ("[event]\nname = \"\"", "1 to 80 characters"),
        ("[event]\nname = \"a\\nb\"", "1 to 80 characters"),
        (
            &format!("[event]\nname = \"{}\"", "x".repeat(81)),
            "1 to 80 characters",
        ),
        ("[event]\nround = 0", "round must be 1 to 999"),
        ("[event]\nround = 1000", "round must be 1 to 999"),
        ("[event]\nround = -1", "round must be 1 to 999"),
        ("[printer]", "exactly one of cups_queue"),
        (
            "[printer]\ncups_queue = \"a\"\nescpos_device = \"/dev/x\"",
            "exactly one of cups_queue",
        ),
        (
            "[printer]\ncups_queue = \"\"",
            "cups_queue must be a CUPS queue name",
        ),
        (
            "[printer]\ncups_queue = \"my printer\"",
            "cups_queue must be a CUPS queue name",
        ),
        (
            "[printer]\ncups_queue = \"a/b\"",
            "cups_queue must be a CUPS queue name",
        ),
        (
            "[printer]\ncups_queue = \"a#b\"",
            "cups_queue must be a CUPS queue name",
        ),
        (
            &format!("[printer]\ncups_queue = \"{}\"", "q".repeat(128)),
            "cups_queue must be",
        ),
        (
            "[printer]\nescpos_device = \" \"",
            "escpos_device must name the printer's device",
        ),
    ];
    for (section, says) in cases {
        let p = problems(&format!("{}\n{section}\n", good()));
        // The first problem; the second is the demo file that does not exist.
        assert_eq!(p.len(), 2, "{section}: {p:?}");
        assert!(p[0].message.contains(says), "{section}: {}", p[0].message);
    }
    // The longest allowed values are accepted.
    let ok = format!(
        "{}\n[event]\nname = \"{}\"\nround = 999\n\n[printer]\ncups_queue = \"{}\"\n",
        good(),
        "x".repeat(80),
        "q".repeat(127)
    );
    assert!(parse(&ok).is_ok());
}

/// Issue 27, items 1-3 and 13: a setting naming another of the station's files passed the check,
/// and the station then wrote into it (log lines in the slip log, dockets over event.toml).
#[test]
fn two_of_the_stations_files_named_as_one_are_refused_naming_both_roles() {
    let station = |line: &str| good().replace("[station]\n", &format!("[station]\n{line}\n"));
    let printer = |device: &str| format!("{}\n[printer]\nescpos_device = \"{device}\"\n", good());
    for (text, message) in [
        (station("diagnostic_log = \"slips.jsonl\""), "diagnostic_log names the slip log (/nowhere/slips.jsonl): the diagnostic log and the slip log would be one file"),
        (station("diagnostic_log = \"kiosk.toml\""), "diagnostic_log names the configuration (kiosk.toml)"),
        (station("diagnostic_log = \"event.toml\""), "diagnostic_log names the event manifest (event.toml)"),
        (station("diagnostic_log = \"director-lockout.json\""), "diagnostic_log names the PIN lock-out record"),
        (station("slip_log = \"kiosk.toml\""), "slip_log names the configuration (kiosk.toml)"),
        (station("slip_log = \"demo.fst\""), "file names the slip log (slip_log, line 3)"),
        (station("slip_log = \"lexicons/../demo.fst\""), "file names the slip log (slip_log, line 3)"),
        (printer("slips.jsonl"), "escpos_device names the slip log"),
        (printer("./slips.jsonl.head"), "escpos_device names the slip log's head"),
        (printer("lexicons/../slips.jsonl"), "escpos_device names the slip log"),
        (printer("kiosk.toml"), "escpos_device names the configuration (kiosk.toml)"),
        (printer("event.toml"), "escpos_device names the event manifest (event.toml)"),
        (printer("demo.fst"), "escpos_device names lexicon DEMO (file, line"),
        (printer("demo.fst.content"), "escpos_device names lexicon DEMO's content memo"),
    ] {
        let p = problems(&text);
        assert!(
            p.iter().any(|p| p.message.starts_with(message)),
            "{message}: {p:?}"
        );
    }
    // Two codes for one list are one list: allowed.
    let text = good().replace(
        "[divisions.main]",
        &format!("[lexicons.SAME]\nfile = \"demo.fst\"\nsha256 = \"{SHA}\"\nwords = 3\ntitle = \"Same\"\n\n[divisions.main]"),
    );
    assert!(parse(&text).is_ok(), "{:?}", parse(&text).err());
    // A docket device of its own is fine.
    let c = parse(&format!(
        "{}\n[printer]\nescpos_device = \"dockets.bin\"\n",
        good()
    ))
    .unwrap();
    assert!(c.printer.is_some());
}

#[cfg(unix)]
#[test]
fn a_log_that_is_a_folder_and_a_printer_that_is_a_regular_file_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("kiosk.toml");
    std::fs::create_dir(dir.path().join("logs")).unwrap();
    std::fs::write(dir.path().join("notes.txt"), b"").unwrap();
    std::fs::hard_link(dir.path().join("notes.txt"), dir.path().join("dockets.bin")).unwrap();
    for (line, message) in [
        ("[station]\nid = \"s\"\nslip_log = \"logs\"\n", "slip_log "),
        (
            "[station]\nid = \"s\"\ndiagnostic_log = \"logs\"\n",
            "diagnostic_log ",
        ),
        (
            "[station]\nid = \"s\"\n\n[printer]\nescpos_device = \"notes.txt\"\n",
            "escpos_device ",
        ),
        (
            "[station]\nid = \"s\"\n\n[printer]\nescpos_device = \"logs\"\n",
            "escpos_device ",
        ),
    ] {
        let err = Config::parse(&config, line).unwrap_err().to_string();
        assert!(
            err.contains(message)
                && (err.contains("is a folder") || err.contains("is a regular file")),
            "{line}: {err}"
        );
    }
    // A hard link to the diagnostic log is the diagnostic log.
    let err = Config::parse(
        &config,
        "[station]\nid = \"s\"\ndiagnostic_log = \"notes.txt\"\n\n[printer]\nescpos_device = \"dockets.bin\"\n",
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("escpos_device names the diagnostic log (diagnostic_log, line 3)"),
        "{err}"
    );
}

#[test]
fn a_division_and_the_director_name_their_languages_and_an_unknown_one_is_refused() {
    use wordjudge_lang::Language;
    let c = parse(&good()).unwrap();
    assert_eq!(c.divisions["main"].language, Language::En);
    assert_eq!(c.station.director_language, Language::En);
    let text = good().replace("id = \"s1\"", "id = \"s1\"\ndirector_language = \"pl\"")
        + "language = \"ca\"\n";
    let c = parse(&text).unwrap();
    assert_eq!(c.divisions["main"].language, Language::Ca);
    assert_eq!(c.station.director_language, Language::Pl);
    // Every catalogue is complete: nothing to say about it.
    assert!(c.notes.is_empty(), "{:?}", c.notes);

    let text = good().replace(
        "id = \"s1\"",
        "id = \"s1\"\ndirector_language = \"English\"",
    ) + "language = \"cat\"\n";
    let found = settings_problems(&text);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!((found[0].line, found[1].line), (14, 4), "{found:?}");
    assert!(
        found[0]
            .message
            .contains("division main: language \"cat\" is not a language"),
        "{found:?}"
    );
    assert!(
        found[1]
            .message
            .contains("director_language \"English\" is not a language")
            && found[1]
                .message
                .contains("en, ca, es, pl, de, fr, nb, nl, sv, sl"),
        "{found:?}"
    );
}

#[test]
fn a_division_title_longer_than_the_screens_are_proven_for_is_refused() {
    let title = "D".repeat(MAX_TITLE);
    let text = good() + &format!("title = \"{title}\"\n");
    assert_eq!(parse(&text).unwrap().divisions["main"].title, Some(title));
    let text = good() + &format!("title = \"{}\"\n", "D".repeat(MAX_TITLE + 1));
    let found = settings_problems(&text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].line, 13, "{found:?}");
    assert!(
        found[0]
            .message
            .contains("its title must be at most 72 characters")
            && found[0].message.contains("it has 73"),
        "{found:?}"
    );
    let found = settings_problems(&(good() + "title = \"Main\\u0007\"\n"));
    assert_eq!(found.len(), 1, "{found:?}");
}

/// The problems of `text` but the missing lexicon file every test configuration has.
fn settings_problems(text: &str) -> Vec<Problem> {
    problems(text)
        .into_iter()
        .filter(|p| !p.message.contains("does not exist"))
        .collect()
}

#[test]
fn in_a_split_folder_the_logs_are_in_the_stations_own_folder_as_the_check_and_the_map_say() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("kiosk.toml");
    let own = dir.path().join(wordjudge_base::layout::OWN);
    let named = good().replace(
        "id = \"s1\"",
        "id = \"s1\"\nslip_log = \"event.jsonl\"\ndiagnostic_log = \"wordjudge.log\"",
    );
    // Flat: beside kiosk.toml.
    let c = Config::parse(&config, &good()).unwrap();
    assert_eq!(c.station.slip_log, dir.path().join("slips.jsonl"));
    std::fs::create_dir(&own).unwrap();
    let c = Config::parse(&config, &good()).unwrap();
    assert_eq!(c.station.slip_log, own.join("slips.jsonl"));
    let c = Config::parse(&config, &named).unwrap();
    assert_eq!(c.station.slip_log, own.join("event.jsonl"));
    assert_eq!(c.station.diagnostic_log, Some(own.join("wordjudge.log")));
    // The editor's map of the station's files says the same.
    let map = Document::from_text(&config, &named).unwrap().station_map();
    assert_eq!(
        map.role_of(&own.join("event.jsonl")),
        Some(&wordjudge_base::layout::Role::SlipLog)
    );
    assert_eq!(
        map.role_of(&own.join("wordjudge.log")),
        Some(&wordjudge_base::layout::Role::DiagnosticLog)
    );
    assert_eq!(map.role_of(&dir.path().join("event.jsonl")), None);
}

/// Issue 50, item 3: an event's shape beyond what the fit check proves fits (twelve divisions),
/// or beyond the languages the menu speaks (three), is allowed, with a warning at the line and
/// column of the division or language past it; within it, none.
#[test]
fn an_events_shape_beyond_what_the_fit_check_proves_is_warned_of_at_its_line() {
    let with = |n: usize, languages: &[&str]| {
        let mut text = good();
        for i in 1..n {
            let language = languages[i % languages.len()];
            text.push_str(&format!(
                "\n[divisions.d{i}]\nprimary = \"DEMO\"\nlanguage = \"{language}\"\n"
            ));
        }
        text
    };
    let proven = parse(&with(crate::PROVEN_DIVISIONS, &["en", "de", "pl"])).unwrap();
    assert_eq!(crate::MENU_LANGUAGES, 3);
    assert!(proven.warnings.is_empty(), "{:?}", proven.warnings);
    // A thirteenth division.
    let text = with(crate::PROVEN_DIVISIONS + 1, &["en", "de", "pl"]);
    let c = parse(&text).unwrap();
    assert_eq!(c.warnings.len(), 1, "{:?}", c.warnings);
    let line = text.lines().position(|l| l == "[divisions.d12]").unwrap() + 1;
    assert_eq!((c.warnings[0].line, c.warnings[0].column), (line, 1));
    assert!(
        c.warnings[0].message.contains("a 13th division"),
        "{:?}",
        c.warnings
    );
    // A fourth language: at its `language =` value.
    let text = with(6, &["en", "de", "pl", "ca", "sl"]);
    let c = parse(&text).unwrap();
    assert_eq!(c.warnings.len(), 1, "{:?}", c.warnings);
    let line = text.lines().position(|l| l == "language = \"ca\"").unwrap() + 1;
    assert_eq!((c.warnings[0].line, c.warnings[0].column), (line, 12));
    assert!(
        c.warnings[0]
            .message
            .contains("fourth language among the divisions (ca): before a division is chosen the menu and its prompts speak the divisions' first 3 languages only (en, de, pl)"),
        "{}",
        c.warnings[0].message
    );
}
