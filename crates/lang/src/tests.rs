use std::collections::BTreeSet;

use fluent_syntax::ast;

use super::*;

/// The placeholders a pattern uses, and the variant keys of each select on a variable.
#[derive(Default)]
struct Uses {
    variables: BTreeSet<String>,
    /// (the selector's variable, its variants' keys)
    selects: Vec<(String, BTreeSet<String>)>,
}

fn walk(pattern: &ast::Pattern<&str>, uses: &mut Uses) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_uses(expression, uses);
        }
    }
}

fn expression_uses(expression: &ast::Expression<&str>, uses: &mut Uses) {
    match expression {
        ast::Expression::Inline(inline) => inline_uses(inline, uses),
        ast::Expression::Select { selector, variants } => {
            inline_uses(selector, uses);
            if let ast::InlineExpression::VariableReference { id } = selector {
                let keys = variants
                    .iter()
                    .map(|v| match &v.key {
                        ast::VariantKey::Identifier { name } => name.to_string(),
                        ast::VariantKey::NumberLiteral { value } => value.to_string(),
                    })
                    .collect();
                uses.selects.push((id.name.to_owned(), keys));
            }
            for variant in variants {
                walk(&variant.value, uses);
            }
        }
    }
}

fn inline_uses(inline: &ast::InlineExpression<&str>, uses: &mut Uses) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            uses.variables.insert(id.name.to_owned());
        }
        ast::InlineExpression::Placeable { expression } => expression_uses(expression, uses),
        _ => {}
    }
}

/// Every message of a catalogue (in order) with what it uses.
fn messages(source: &str) -> Vec<(String, Uses)> {
    let resource = match fluent_syntax::parser::parse(source) {
        Ok(r) => r,
        Err((_, errors)) => panic!("{errors:?}"),
    };
    resource
        .body
        .iter()
        .filter_map(|e| match e {
            ast::Entry::Message(m) => {
                let mut uses = Uses::default();
                if let Some(value) = &m.value {
                    walk(value, &mut uses);
                }
                Some((m.id.name.to_owned(), uses))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn every_catalogue_reads_without_an_error_and_has_every_message() {
    for language in Language::ALL {
        assert_eq!(language.missing(), Vec::<String>::new(), "{language:?}");
        assert_eq!(Language::from_code(language.code()), Some(language));
    }
    assert_eq!(Language::from_code("xx"), None);
    assert_eq!(Language::codes(), "en, ca, es, pl, de, fr, nb, nl, sv, sl");
}

#[test]
fn every_language_has_english_messages_with_the_same_placeholders_and_no_others() {
    let english = messages(Language::En.source());
    let english_ids: Vec<&str> = english.iter().map(|(id, _)| id.as_str()).collect();
    for language in Language::ALL {
        let theirs = messages(language.source());
        let ids: Vec<&str> = theirs.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(
            ids, english_ids,
            "{language:?}: the same messages, in order"
        );
        for ((id, en), (_, own)) in english.iter().zip(&theirs) {
            assert_eq!(
                own.variables, en.variables,
                "{language:?} {id}: the placeholders of English"
            );
        }
    }
}

/// Every counted message (English chooses its form by the number too), in every language chooses the form by the number, and
/// names every plural category its rules give a whole number (Polish: one, few, many; Slovene:
/// one, two, few, other). Keys that are no category of the language are refused too.
#[test]
fn counted_messages_have_every_plural_form_their_language_needs() {
    use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};
    let name = |c: PluralCategory| format!("{c:?}").to_lowercase();
    let english = messages(Language::En.source());
    let counted: Vec<&str> = english
        .iter()
        .filter(|(_, uses)| uses.selects.iter().any(|(var, _)| var == "n"))
        .map(|(id, _)| id.as_str())
        .collect();
    assert!(counted.len() >= 5, "{counted:?}");
    // English counts by the number too: no "(s)" on a screen (issue 39, item 6).
    let with_s: Vec<&str> = english
        .iter()
        .filter(|(id, _)| {
            Language::En
                .format(id, &[("n", Arg::Num(2.0))])
                .contains("(s)")
        })
        .map(|(id, _)| id.as_str())
        .collect();
    assert!(with_s.is_empty(), "English still says \"(s)\": {with_s:?}");
    for language in Language::ALL.into_iter().skip(1) {
        let rules = PluralRules::create(
            language
                .code()
                .parse::<unic_langid::LanguageIdentifier>()
                .unwrap(),
            PluralRuleType::CARDINAL,
        )
        .unwrap();
        let needed: BTreeSet<String> = (0..1000u32)
            .map(|n| name(rules.select(n).unwrap()))
            .collect();
        let all: BTreeSet<String> = ["zero", "one", "two", "few", "many", "other"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        for (id, uses) in messages(language.source()) {
            for (_, keys) in &uses.selects {
                let strange: Vec<&String> = keys
                    .iter()
                    .filter(|k| all.contains(*k) && !needed.contains(*k) && *k != "other")
                    .collect();
                assert!(
                    strange.is_empty(),
                    "{language:?} {id}: no such plural form {strange:?}"
                );
            }
            if counted.contains(&id.as_str()) {
                let keys = uses
                    .selects
                    .iter()
                    .find(|(var, _)| var == "n")
                    .map(|(_, keys)| keys.clone())
                    .unwrap_or_else(|| panic!("{language:?} {id}: no plural forms"));
                let lacking: Vec<&String> = needed.difference(&keys).collect();
                assert!(lacking.is_empty(), "{language:?} {id}: lacks {lacking:?}");
                assert!(!language
                    .format(&id, &[("n", Arg::Num(2.0))])
                    .contains("(s)"));
            }
        }
    }
}

#[test]
fn plural_forms_follow_each_language_s_rules() {
    let words = |l: Language, n: u32| tr!(l, "hint-words-typed", n = n);
    // Polish: 1 one, 2–4 few, 5–21 many, 22–24 few.
    let pl: Vec<String> = [1, 2, 5, 22]
        .iter()
        .map(|&n| words(Language::Pl, n))
        .collect();
    assert_ne!(pl[0], pl[1].replace('2', "1"), "{pl:?}");
    assert_ne!(pl[1].replace('2', "5"), pl[2], "{pl:?}");
    assert_eq!(pl[1].replace('2', "22"), pl[3], "{pl:?}");
    // English chooses its plural too: never "word(s)" on a screen (issue 39, item 6).
    assert!(words(Language::En, 1).starts_with("1 word typed"));
    assert!(words(Language::En, 2).starts_with("2 words typed"));
}

#[test]
fn a_missing_message_is_shown_in_english_and_named() {
    let english = Catalogue::new("en", Language::En.source());
    let partial = Catalogue::new("ca", "language-name = Català\nslip-line = FULL { $slip }\n");
    assert!(partial.errors.is_empty());
    assert_eq!(
        lookup(&partial, &english, "slip-line", &[("slip", Arg::Num(7.0))]),
        "FULL 7"
    );
    assert_eq!(
        lookup(&partial, &english, "slip-not-recorded", &[]),
        "SLIP NOT RECORDED"
    );
    assert_eq!(
        lookup(&partial, &english, "no-such-message", &[]),
        "no-such-message"
    );
    let broken = Catalogue::new("ca", "language-name = Català\nslip-line = FULL { $slip\n");
    assert_eq!(broken.errors.len(), 1, "{:?}", broken.errors);
    assert!(
        broken.errors[0].starts_with("locales/ca.ftl: "),
        "{:?}",
        broken.errors
    );
}

/// Every message the code asks for (`tr!(lang, "id"…)` and the labels) is in English, so none
/// shows its id.
#[test]
fn every_message_the_code_names_is_in_the_english_catalogue() {
    let english: BTreeSet<String> = messages(Language::En.source())
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    let mut named = 0;
    // The workspace: the command line, the station and every crate but this one.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut stack = vec![
        root.join("src"),
        root.join("station/src"),
        root.join("crates"),
    ];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            // The catalogue's own code and tests name made-up ids.
            if path.extension().is_none_or(|e| e != "rs")
                || path.starts_with(root.join("crates/lang"))
            {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for (i, _) in text.match_indices("tr!(") {
                let rest = &text[i..];
                let Some(open) = rest.find('"') else { continue };
                let id: String = rest[open + 1..].chars().take_while(|&c| c != '"').collect();
                if id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                {
                    named += 1;
                    assert!(
                        english.contains(&id),
                        "{}: {id} is not in en.ftl",
                        path.display()
                    );
                }
            }
        }
    }
    assert!(named > 100, "only {named} messages found");
}

#[test]
fn dates_and_times_are_written_as_each_language_writes_them() {
    let paris = jiff::tz::TimeZone::get("Europe/Paris").expect("the tz database");
    let at = wordjudge_base::clock::parse("2026-11-24T13:02:07Z").unwrap();
    let t = wordjudge_base::clock::local_parts(at, &paris);
    assert_eq!(Language::En.datetime(at, &paris), "2026-11-24 14:02:07 CET");
    assert_eq!(
        Language::En.clock_parts("datetime", &t),
        "2026-11-24 14:02:07 CET"
    );
    let de = Language::De.clock_parts("datetime", &t);
    assert!(de.starts_with("24.11.2026"), "{de}");
    let sv = Language::Sv.clock_parts("datetime", &t);
    assert!(sv.starts_with("2026-11-24"), "{sv}");
    for language in Language::ALL {
        let text = language.clock_parts("datetime", &t);
        for part in ["2026", "11", "24", "14", "02", "07", "CET"] {
            assert!(text.contains(part), "{language:?}: {text}");
        }
    }
}

#[test]
fn no_text_carries_invisible_isolation_marks() {
    for language in Language::ALL {
        let text = tr!(language, "hint-no-such-slip", slip = 12u64);
        assert!(text.contains("12"), "{language:?}: {text}");
        assert!(
            !text.contains(['\u{2068}', '\u{2069}']),
            "{language:?}: {text:?}"
        );
    }
}

/// Issue 39, item 6: the key that ends a word is named in the screen's language ("Space" was
/// left in the Catalan, German, Polish and Slovene entry lines).
#[test]
fn no_translated_screen_names_the_space_bar_in_english() {
    for language in Language::ALL.into_iter().skip(1) {
        for (id, _) in messages(language.source()) {
            let text = language.format(&id, &[("n", Arg::Num(2.0))]);
            assert!(!text.contains("Space"), "{language:?} {id}: {text}");
        }
    }
}
