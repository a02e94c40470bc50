//! `[divisions.NAME]`: names and titles, the lexicons each names, its fallback chain, its
//! second-opinion lexicon (an edition changeover said so), one alphabet, its language.

use indexmap::IndexMap;
use toml::Spanned;

use super::{language, list_or_none, Checker, RawDivision, RawLexicon};
use crate::{DivisionConfig, Fallback};
use wordjudge_lexicon::word::{MAX_LEN, MIN_LEN};

/// `[divisions.NAME]`: every lexicon named is configured, none twice in a chain, chain lengths
/// are word lengths.
pub(super) fn check_divisions(
    c: &mut Checker,
    raw: &IndexMap<String, Spanned<RawDivision>>,
    lexicons: &IndexMap<String, Spanned<RawLexicon>>,
) -> IndexMap<String, DivisionConfig> {
    let mut divisions = IndexMap::new();
    let mut shape = Shape::default();
    for (name, entry) in raw {
        let div = entry.get_ref();
        check_names(c, name, entry);
        let fallback = check_chain(c, name, div, lexicons);
        if let Some(second) = &div.second_opinion {
            known(c, name, second, "second-opinion", lexicons);
            check_changeover(c, name, div, second, lexicons);
        }
        check_one_alphabet(c, name, div, lexicons);
        let language = language(
            c,
            div.language.as_ref(),
            &format!("division {name}: language"),
        );
        shape.division(c, entry, language);
        divisions.insert(
            name.clone(),
            DivisionConfig {
                name: name.clone(),
                title: div.title.as_ref().map(|t| t.get_ref().clone()),
                changeover: div.changeover,
                primary: div.primary.get_ref().clone(),
                fallback,
                second_opinion: div.second_opinion.as_ref().map(|s| s.get_ref().clone()),
                language,
            },
        );
    }
    divisions
}

/// The event's shape as the division menu shows it: how many divisions, in how many
/// languages. Beyond what the fit check proves fits ([`crate::PROVEN_DIVISIONS`]), or beyond the
/// languages the menu speaks ([`crate::MENU_LANGUAGES`]), a warning, once each, at the division
/// or language past it.
#[derive(Default)]
struct Shape {
    divisions: usize,
    languages: Vec<wordjudge_lang::Language>,
}

impl Shape {
    fn division(
        &mut self,
        c: &mut Checker,
        entry: &Spanned<RawDivision>,
        language: wordjudge_lang::Language,
    ) {
        self.divisions += 1;
        if self.divisions == crate::PROVEN_DIVISIONS + 1 {
            c.warning(
                entry.span(),
                format!(
                    "a {}th division: the station's fit check proves a division menu of at most {} divisions (with every prompt it leads to) fits every screen; more may run off an 800x480 or 1024x600 screen — split the divisions between stations (`[station] division` pins one), or see them on the station's smallest screen before the event",
                    self.divisions,
                    crate::PROVEN_DIVISIONS
                ),
            );
        }
        if self.languages.contains(&language) {
            return;
        }
        self.languages.push(language);
        if self.languages.len() == crate::MENU_LANGUAGES + 1 {
            let at = entry
                .get_ref()
                .language
                .as_ref()
                .map_or(entry.span(), Spanned::span);
            let menu: Vec<&str> = self.languages[..crate::MENU_LANGUAGES]
                .iter()
                .map(|l| l.code())
                .collect();
            c.warning(
                at,
                format!(
                    "a {} language among the divisions ({}): before a division is chosen the menu and its prompts speak the divisions' first {} languages only ({}), a line each, so that they fit every screen; players of {} and any later language read their own once they choose their division — put the divisions whose players most need the menu in their language first",
                    ordinal(crate::MENU_LANGUAGES + 1),
                    language.code(),
                    crate::MENU_LANGUAGES,
                    menu.join(", "),
                    language.code()
                ),
            );
        }
    }
}

fn ordinal(n: usize) -> &'static str {
    match n {
        2 => "second",
        3 => "third",
        4 => "fourth",
        5 => "fifth",
        _ => "further",
    }
}

/// A division judges words typed in one alphabet, so every lexicon it names holds tiles of it.
fn check_one_alphabet(
    c: &mut Checker,
    name: &str,
    div: &RawDivision,
    lexicons: &IndexMap<String, Spanned<RawLexicon>>,
) {
    let alphabet_of = |code: &str| {
        let lex = lexicons.get(code)?.get_ref();
        Some(
            lex.alphabet
                .as_ref()
                .map_or("english".to_owned(), |a| a.get_ref().to_lowercase()),
        )
    };
    let Some(first) = alphabet_of(div.primary.get_ref()) else {
        return;
    };
    let others = div
        .fallback
        .iter()
        .map(|f| &f.lexicon)
        .chain(div.second_opinion.as_ref());
    for code in others {
        match alphabet_of(code.get_ref()) {
            Some(other) if other != first => c.problem(
                code.span(),
                format!(
                    "division {name}: lexicon {:?} is in the {other} alphabet and the primary {:?} in {first}; a division's lexicons share one alphabet (the one its players type in)",
                    code.get_ref(),
                    div.primary.get_ref()
                ),
            ),
            _ => {}
        }
    }
}

/// A second-opinion lexicon of another edition than the primary is legitimate only at an edition
/// changeover, and then the director says so (`changeover = true`): a second opinion may then
/// differ from the first where the editions differ.
fn check_changeover(
    c: &mut Checker,
    name: &str,
    div: &RawDivision,
    second: &Spanned<String>,
    lexicons: &IndexMap<String, Spanned<RawLexicon>>,
) {
    let (Some(primary), Some(other)) = (
        lexicons.get(div.primary.get_ref()),
        lexicons.get(second.get_ref()),
    ) else {
        return; // reported as not configured
    };
    // What each holds: its recognised edition, or, for a list that is none, its own code.
    let holds =
        |code: &str, lex: &RawLexicon| match lex.edition.as_ref().map(|e| e.get_ref().as_str()) {
            Some(e) if wordjudge_lexicon::known::by_code(e).is_some() => e.to_owned(),
            _ => code.to_owned(),
        };
    let first = holds(div.primary.get_ref(), primary.get_ref());
    let then = holds(second.get_ref(), other.get_ref());
    if first == then {
        return;
    }
    if div.changeover {
        c.notes.push(format!(
            "division {name}: first opinions are judged with {first}, second opinions with {then} \
             (an edition changeover, acknowledged): where the two differ, a second opinion \
             disagrees with the first and the director decides"
        ));
    } else {
        c.problem(
            second.span(),
            format!(
                "division {name}: second opinions would be judged with {then}, first opinions with {first}; a second opinion must judge the same words by the same word source unless this is an edition changeover: then add `changeover = true` to the division"
            ),
        );
    }
}

/// A division's name and title: plain text on one line, of the lengths the screens are proven
/// to fit.
fn check_names(c: &mut Checker, name: &str, entry: &Spanned<RawDivision>) {
    let div = entry.get_ref();
    // Shown on the station and printed on the terminal and on dockets.
    if let Some(problem) = wordjudge_base::text::problem("the name", name, 40) {
        c.problem(
            entry.span(),
            format!(
                "division {:?}: a division's name must be 1 to 40 characters of plain text on one line: {problem}",
                wordjudge_base::text::shown(name)
            ),
        );
    }
    // Shown large on every screen of a challenge: the fit check proves the screens with a
    // title of this length, so a longer one is refused rather than cut off.
    if let Some(title) = &div.title {
        if let Some(problem) =
            wordjudge_base::text::problem("its title", title.get_ref(), crate::MAX_TITLE)
        {
            c.problem(title.span(), format!("division {name}: {problem}"));
        }
    }
}

/// The division's primary and fallback lexicons are configured, none twice in the chain, each
/// link's minimum length a word length: the fallback chain.
fn check_chain(
    c: &mut Checker,
    name: &str,
    div: &RawDivision,
    lexicons: &IndexMap<String, Spanned<RawLexicon>>,
) -> Vec<Fallback> {
    known(c, name, &div.primary, "primary", lexicons);
    let mut fallback = Vec::new();
    let mut seen = vec![div.primary.get_ref().as_str()];
    for link in &div.fallback {
        known(c, name, &link.lexicon, "fallback", lexicons);
        if seen.contains(&link.lexicon.get_ref().as_str()) {
            c.problem(
                link.lexicon.span(),
                format!(
                    "division {name}: lexicon {:?} appears twice in its chain",
                    link.lexicon.get_ref()
                ),
            );
        }
        seen.push(link.lexicon.get_ref());
        let min = *link.min_length.get_ref();
        if !(MIN_LEN as u64..=MAX_LEN as u64).contains(&min) {
            c.problem(
                link.min_length.span(),
                format!(
                    "division {name}: min_length must be {MIN_LEN} to {MAX_LEN} letters, not {min}"
                ),
            );
        }
        fallback.push(Fallback {
            lexicon: link.lexicon.get_ref().clone(),
            min_length: min as usize,
        });
    }
    fallback
}

/// Lexicon `code`, named by division `name` as its `role` lexicon, is configured.
fn known(
    c: &mut Checker,
    name: &str,
    code: &Spanned<String>,
    role: &str,
    lexicons: &IndexMap<String, Spanned<RawLexicon>>,
) {
    if !lexicons.contains_key(code.get_ref()) {
        c.problem(
            code.span(),
            format!(
                "division {name}: {role} lexicon {:?} is not configured (configured: {})",
                code.get_ref(),
                list_or_none(lexicons.keys())
            ),
        );
    }
}
