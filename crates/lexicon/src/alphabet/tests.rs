use super::*;

fn alphabet(name: &str) -> &'static Alphabet {
    by_name(name).unwrap()
}

fn labels(a: &Alphabet, text: &str) -> Vec<String> {
    a.parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .iter()
        .map(|&c| a.label(c).to_owned())
        .collect()
}

#[test]
fn the_table_defines_every_tournament_alphabet_with_its_published_tile_count() {
    let expected = [
        ("english", 26),
        ("catalan", 26),
        ("spanish", 28),
        ("polish", 32),
        ("german", 29),
        ("french", 26),
        ("norwegian", 32),
        ("dutch", 26),
        ("swedish", 31),
        ("slovene", 29),
    ];
    let names: Vec<&str> = all().iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, expected.map(|(n, _)| n));
    for (name, count) in expected {
        assert_eq!(alphabet(name).tiles().len(), count, "{name}");
    }
    assert_eq!(all()[0].id(), AlphabetId::ENGLISH);
}

#[test]
fn english_tiles_are_the_letters_a_to_z_as_before() {
    let en = alphabet("english");
    let codes: Vec<u8> = en.tiles().iter().map(|t| t.code).collect();
    assert_eq!(codes, (b'A'..=b'Z').collect::<Vec<u8>>());
    assert_eq!(en.spell(b"QI"), "QI");
}

#[test]
fn codes_follow_collation_order_so_a_lexicon_sorts_by_tiles() {
    for a in all() {
        for (n, t) in a.tiles().iter().enumerate() {
            assert_eq!(a.code_of_number(n as u32 + 1), Some(t.code), "{}", a.name);
            assert!(a.is_code(t.code));
        }
        assert_eq!(a.code_of_number(0), None);
        assert_eq!(a.code_of_number(a.tiles().len() as u32 + 1), None);
        assert!(!a.is_code(0x40) && !a.is_code(0x41 + a.tiles().len() as u8));
    }
    let es = alphabet("spanish");
    // CH sorts after every C word and before D: CUZ < CHAL < DAR.
    let mut words = [
        es.parse("DAR").unwrap(),
        es.parse("CHAL").unwrap(),
        es.parse("CUZ").unwrap(),
    ];
    words.sort();
    let spelled: Vec<String> = words.iter().map(|w| es.spell(w)).collect();
    assert_eq!(spelled, ["CUZ", "CHAL", "DAR"]);
}

#[test]
fn the_declared_ambiguous_sequences_are_exactly_those_the_tiles_make() {
    for a in all() {
        assert_eq!(a.ambiguous(), a.find_ambiguous(), "{}", a.name);
    }
    assert_eq!(alphabet("spanish").ambiguous(), ["CH", "LL", "RR"]);
}

#[test]
fn catalan_l_l_is_one_tile_however_it_is_typed() {
    let ca = alphabet("catalan");
    let want = ["C", "O", "L·L", "E", "G", "I"];
    for typed in [
        "COL·LEGI",
        "col·legi",
        "COL.LEGI",
        "COĿLEGI",
        "coŀlegi",
        "COWEGI",
        "CO[L·L]EGI",
        "COL\u{387}LEGI",
    ] {
        assert_eq!(labels(ca, typed), want, "{typed}");
    }
    // Two L tiles are the Catalan LL.
    assert_eq!(labels(ca, "LLUNA"), ["L", "L", "U", "N", "A"]);
    assert_eq!(labels(ca, "MUNTANYA"), ["M", "U", "N", "T", "A", "NY", "A"]);
    assert_eq!(labels(ca, "QUATRE"), ["QU", "A", "T", "R", "E"]);
    assert_eq!(labels(ca, "plaça"), ["P", "L", "A", "Ç", "A"]);
    // Accents the game ignores.
    assert_eq!(labels(ca, "QÜESTIÓ"), labels(ca, "QUESTIO"));
    assert_eq!(ca.spell(&ca.parse("col.legi").unwrap()), "COL·LEGI");
}

#[test]
fn a_spanish_digraph_is_the_tile_unless_broken_apart() {
    let es = alphabet("spanish");
    assert_eq!(labels(es, "CHICO"), ["CH", "I", "C", "O"]);
    assert_eq!(labels(es, "[CH]ICO"), ["CH", "I", "C", "O"]);
    assert_eq!(labels(es, "1ICO"), ["CH", "I", "C", "O"]);
    assert_eq!(labels(es, "C-HICO"), ["C", "H", "I", "C", "O"]);
    assert_eq!(labels(es, "[C][H]ICO"), ["C", "H", "I", "C", "O"]);
    assert_eq!(labels(es, "PERRO"), ["P", "E", "RR", "O"]);
    assert_eq!(labels(es, "CALLE"), ["C", "A", "LL", "E"]);
    assert_ne!(es.parse("CHICO"), es.parse("C-HICO"));
    assert_eq!(es.spell(&es.parse("C-HICO").unwrap()), "C-HICO");
    assert_eq!(es.spell(&es.parse("[C][H]ICO").unwrap()), "C-HICO");
    // Ñ precomposed, decomposed, lower case.
    for typed in ["AÑO", "AN\u{303}O", "año", "an\u{303}o"] {
        assert_eq!(labels(es, typed), ["A", "Ñ", "O"], "{typed:?}");
    }
}

#[test]
fn polish_letters_come_precomposed_or_decomposed() {
    let pl = alphabet("polish");
    assert_eq!(labels(pl, "ŻÓŁW"), ["Ż", "Ó", "Ł", "W"]);
    assert_eq!(labels(pl, "Z\u{307}O\u{301}ŁW"), ["Ż", "Ó", "Ł", "W"]);
    assert_eq!(labels(pl, "źdźbło"), ["Ź", "D", "Ź", "B", "Ł", "O"]);
    assert_eq!(
        pl.parse("QUIZ"),
        Err(TileError::NotATile {
            found: 'Q',
            at: 1,
            alphabet: pl.id()
        })
    );
}

#[test]
fn folds_write_letters_as_the_game_does() {
    assert_eq!(
        labels(alphabet("french"), "GARÇON"),
        labels(alphabet("french"), "GARCON")
    );
    assert_eq!(
        labels(alphabet("french"), "cœur"),
        ["C", "O", "E", "U", "R"]
    );
    assert_eq!(
        labels(alphabet("german"), "straße"),
        ["S", "T", "R", "A", "S", "S", "E"]
    );
    assert_eq!(labels(alphabet("german"), "BÄR"), ["B", "Ä", "R"]);
    assert_eq!(labels(alphabet("dutch"), "ĳs"), ["I", "J", "S"]);
    // Norwegian Ü, Ä and Ö exist only as blanks, but are tiles of the alphabet.
    let no = alphabet("norwegian");
    assert_eq!(labels(no, "BLÅBÆR"), ["B", "L", "Å", "B", "Æ", "R"]);
    assert!(no.tiles().iter().filter(|t| t.blank_only).count() == 6);
    assert!(
        no.tiles()
            .iter()
            .find(|t| t.label == "Ü")
            .unwrap()
            .blank_only
    );
    assert!(
        !no.tiles()
            .iter()
            .find(|t| t.label == "Ø")
            .unwrap()
            .blank_only
    );
}

#[test]
fn what_is_not_a_tile_sequence_is_named() {
    let ca = alphabet("catalan");
    let es = alphabet("spanish");
    assert_eq!(ca.parse("-AB"), Err(TileError::StrayBreak));
    assert_eq!(ca.parse("A--B"), Err(TileError::StrayBreak));
    assert_eq!(ca.parse("AB-"), Err(TileError::StrayBreak));
    assert_eq!(es.parse("[CH"), Err(TileError::Unclosed));
    assert!(matches!(
        es.parse("[XX]A"),
        Err(TileError::NoSuchTile { .. })
    ));
    assert_eq!(
        es.parse("[XX]A").unwrap_err().to_string(),
        "contains [XX], which names no tile of Spanish (the tiles are: A B C CH D E F G H I J L LL M N Ñ O P Q R RR S T U V X Y Z)"
    );
    assert_eq!(
        es.parse("KIWI").unwrap_err().to_string(),
        "contains 'K' at character 1, which is not a tile of Spanish"
    );
}

#[test]
fn unfinished_typing_is_kept_for_more_keys() {
    let ca = alphabet("catalan");
    let (tiles, rest) = ca.parse_prefix("PAL·").unwrap();
    assert_eq!((ca.spell(&tiles), rest.as_str()), ("PA".into(), "L·"));
    let (tiles, rest) = ca.parse_prefix("pal.").unwrap();
    assert_eq!((ca.spell(&tiles), rest.as_str()), ("PA".into(), "L."));
    let (tiles, rest) = ca.parse_prefix("PA[L").unwrap();
    assert_eq!((ca.spell(&tiles), rest.as_str()), ("PA".into(), "[L"));
    let (tiles, rest) = alphabet("spanish").parse_prefix("C-").unwrap();
    assert_eq!((tiles.len(), rest.as_str()), (1, "-"));
    assert!(ca.parse_prefix("PA·").is_err());
    assert!(ca.parse_prefix("PAL·X").is_err());
    assert_eq!(ca.parse("PAL·"), Err(TileError::Unfinished("L·".into())));
    assert_eq!(
        ca.parse("PAL·").unwrap_err().to_string(),
        "ends with L·, the start of a tile but not a whole one"
    );
}

#[test]
fn a_letter_that_upper_cases_to_several_is_only_what_the_alphabet_folds_it_to() {
    // German writes ß as SS; Polish has no ß, and says which letter it does not know.
    assert_eq!(
        labels(alphabet("german"), "GROße"),
        ["G", "R", "O", "S", "S", "E"]
    );
    let pl = alphabet("polish");
    assert_eq!(
        pl.parse("GROße"),
        Err(TileError::NotATile {
            found: 'ß',
            at: 4,
            alphabet: pl.id()
        })
    );
    let ca = alphabet("catalan");
    assert_eq!(
        ca.parse("ŉo"),
        Err(TileError::NotATile {
            found: 'ŉ',
            at: 1,
            alphabet: ca.id()
        })
    );
}

#[test]
fn spelling_a_code_that_is_no_tile_shows_a_question_mark_and_never_panics() {
    // No verified word holds one; a damaged key shown for a message must not crash.
    let es = alphabet("spanish");
    assert_eq!(es.spell(&[0x43, 0x20, 0x7F]), "C-?-?");
    assert_eq!(es.show_tiles("C-H"), "CH");
}

#[test]
fn dotless_i_and_long_s_are_refused_in_every_alphabet_as_in_english() {
    // Issue 27, item 15: Unicode upper-cases ı to I and ſ to S, which made WAſſER read as
    // WASSER in German; neither is the lower case of a letter any alphabet lists.
    let de = alphabet("german");
    assert_eq!(labels(de, "WASSER"), ["W", "A", "S", "S", "E", "R"]);
    for text in ["WAſſER", "waſſer"] {
        assert!(
            matches!(de.parse(text), Err(TileError::NotATile { found: 'ſ', .. })),
            "{text}: {:?}",
            de.parse(text)
        );
        assert_eq!(
            de.parse(text).unwrap_err().to_string(),
            "contains 'ſ' (U+017F LATIN SMALL LETTER LONG S) at character 3, which is not a tile of German"
        );
    }
    assert_eq!(
        alphabet("french").parse("fıls").unwrap_err().to_string(),
        "contains 'ı' (U+0131 LATIN SMALL LETTER DOTLESS I) at character 2, which is not a tile of French"
    );
    for a in all() {
        for (text, found) in [("AſA", 'ſ'), ("AıA", 'ı'), ("aſa", 'ſ'), ("aıa", 'ı')] {
            let result = a.parse(text);
            assert!(
                matches!(result, Err(TileError::NotATile { found: f, .. }) if f == found),
                "{} {text}: {result:?}",
                a.name
            );
            assert!(
                result.unwrap_err().to_string().contains("at character 2"),
                "{} {text}",
                a.name
            );
            assert!(a.parse_prefix(text).is_err(), "{} {text}", a.name);
        }
    }
    assert!(crate::word::Word::parse("WAſſER").is_err());
}

#[test]
fn a_lower_case_letter_reads_only_as_the_letter_it_is_the_lower_case_of() {
    // Every character Unicode upper-cases, in every alphabet: if the alphabet reads it, it is
    // one of the alphabet's folds, or the lower case of the letter it reads as (ñ of Ñ, ŀ of Ŀ,
    // ĳ of Ĳ) — never a look-alike whose upper case is a letter of the alphabet.
    let mut read = 0;
    for a in all() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let upper: String = c.to_uppercase().collect();
            if upper == c.to_string() {
                continue;
            }
            let Ok(tiles) = a.parse(&c.to_string()) else {
                continue;
            };
            read += 1;
            let folded = a.folds.iter().any(|(from, _)| *from == c);
            assert!(
                folded
                    || (upper.to_lowercase() == c.to_string()
                        && a.parse(&upper) == Ok(tiles.clone())),
                "{}: {c:?} (U+{:04X}) reads as {}",
                a.name,
                u32::from(c),
                a.spell(&tiles)
            );
        }
    }
    assert!(read > 250, "{read}");
}

#[test]
fn each_unicode_surprise_is_decided_one_way_in_every_alphabet() {
    for a in all() {
        // Refused everywhere, named as typed: look-alikes whose upper case or compatibility form
        // is a letter (final sigma, micro sign, titlecase Dž, long s with dot, the fi ligature,
        // İ, fullwidth letters).
        for c in [
            'ς', 'µ', 'ǅ', 'ẛ', 'ﬁ', 'ﬂ', 'İ', 'Ａ', 'ａ', '\u{200B}', '\u{AD}', '\u{FEFF}',
        ] {
            let text = format!("A{c}A");
            assert!(
                matches!(a.parse(&text), Err(TileError::NotATile { found, at: 2, .. }) if found == c),
                "{} {c:?}: {:?}",
                a.name,
                a.parse(&text)
            );
        }
        // I + a combining dot above is İ (NFC) and named as that; i + the dot has no
        // precomposed form, and the dot is what no alphabet has.
        assert!(
            matches!(
                a.parse("AI\u{307}A"),
                Err(TileError::NotATile {
                    found: 'İ',
                    at: 2,
                    ..
                })
            ),
            "{}: {:?}",
            a.name,
            a.parse("AI\u{307}A")
        );
        assert!(
            matches!(
                a.parse("Ai\u{307}A"),
                Err(TileError::NotATile {
                    found: '\u{307}',
                    at: 3,
                    ..
                })
            ),
            "{}: {:?}",
            a.name,
            a.parse("Ai\u{307}A")
        );
    }
    // ß is two letters only where the alphabet says so: German (existing test for Polish).
    assert_eq!(labels(alphabet("german"), "ẞ"), ["S", "S"]);
    assert!(alphabet("french").parse("straße").is_err());
    // Canonically equivalent text is the same text (NFC, rule 1): the KELVIN SIGN is K and the
    // ANGSTROM SIGN is Å wherever K and Å are tiles, as U+0387 is the Catalan ·.
    assert_eq!(labels(alphabet("german"), "\u{212A}A"), ["K", "A"]);
    assert_eq!(labels(alphabet("swedish"), "\u{212B}R"), ["Å", "R"]);
    assert_eq!(
        alphabet("spanish")
            .parse("\u{212A}IWI")
            .unwrap_err()
            .to_string(),
        "contains '\u{212A}' (U+212A KELVIN SIGN) at character 1, which is not a tile of Spanish"
    );
}

#[test]
fn the_error_names_the_first_character_no_reading_can_take() {
    let ca = alphabet("catalan");
    // L· is the start of the L·L tile: the zero-width space after it is what is wrong.
    assert_eq!(labels(ca, "CEL·LA"), ["C", "E", "L·L", "A"]);
    let result = ca.parse("CEL·\u{200B}LA");
    assert!(
        matches!(
            result,
            Err(TileError::NotATile {
                found: '\u{200B}',
                ..
            })
        ),
        "{result:?}"
    );
    assert_eq!(
        result.unwrap_err().to_string(),
        "contains U+200B ZERO WIDTH SPACE at character 5, which is not a tile of Catalan"
    );
    assert!(ca.parse_prefix("CEL·\u{200B}").is_err());
    // A letter of the alphabet that cannot go on with the started tile is named as that.
    assert_eq!(
        ca.parse("cel·xla").unwrap_err().to_string(),
        "has L· then 'x' at character 5: L· is the start of the tile L·L, and 'x' does not continue it"
    );
    assert_eq!(
        ca.parse("ĿX").unwrap_err().to_string(),
        "has Ŀ then 'X' at character 2: Ŀ is the start of the tile L·L, and 'X' does not continue it"
    );
    // A · that starts nothing is itself what is wrong.
    assert_eq!(
        ca.parse("PA·LA").unwrap_err().to_string(),
        "contains '·' (U+00B7 MIDDLE DOT) at character 3, which is not a tile of Catalan"
    );
    // Characters as typed, at their place in the text as typed: lower case, decomposed.
    let pl = alphabet("polish");
    assert_eq!(
        pl.parse("quiz").unwrap_err().to_string(),
        "contains 'q' at character 1, which is not a tile of Polish"
    );
    assert_eq!(
        pl.parse("ZZ\u{307}\u{301}").unwrap_err().to_string(),
        "contains U+0301 COMBINING ACUTE ACCENT at character 4, which is not a tile of Polish"
    );
    // Several typed characters that make one letter are named as that letter, where it begins.
    assert_eq!(
        pl.parse("BA\u{308}R").unwrap_err().to_string(),
        "contains 'Ä' (U+00C4) at character 2, which is not a tile of Polish"
    );
    // An invisible character without a name here is still said to be one.
    assert_eq!(
        pl.parse("A\u{2061}A").unwrap_err().to_string(),
        "contains U+2061 (invisible) at character 2, which is not a tile of Polish"
    );
}
