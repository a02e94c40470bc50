//! `[lexicons.CODE]`: each lexicon's file, fingerprints, title, edition and alphabet.

use std::path::Path;

use indexmap::IndexMap;
use toml::Spanned;

use super::{problem, valid_code, Checker, RawLexicon};
use crate::{LexiconConfig, Problem};
use wordjudge_lexicon::alphabet::{self, AlphabetId};
use wordjudge_lexicon::known;
use wordjudge_lexicon::lexicon::Expected;

/// `[lexicons.CODE]`. Missing files are returned apart: a station keeps its other divisions.
pub(super) fn check_lexicons(
    c: &mut Checker,
    raw: &IndexMap<String, Spanned<RawLexicon>>,
    base: &Path,
) -> (IndexMap<String, LexiconConfig>, Vec<Problem>) {
    let mut lexicons = IndexMap::new();
    let mut file_problems = Vec::new();
    for (code, entry) in raw {
        let lex = entry.get_ref();
        if !valid_code(code) {
            c.problem(
                entry.span(),
                format!("lexicon code {code:?} must be 1-32 letters, digits, '.', '-' or '_', starting with a letter or digit, and not a device name Windows reserves (CON, PRN, AUX, NUL, COM1-9, LPT1-9)"),
            );
        }
        let sha256 = c.digest(&lex.sha256, "sha256");
        let mut optional = |d: &Option<Spanned<String>>, what| match d {
            None => Ok(None),
            Some(d) => c.digest(d, what).map(Some).ok_or(()),
        };
        let source_sha256 = optional(&lex.source_sha256, "source_sha256");
        let content_sha256 = optional(&lex.content_sha256, "content_sha256");
        let alphabet = match &lex.alphabet {
            None => Some(AlphabetId::ENGLISH),
            Some(name) => match alphabet::by_name(name.get_ref()) {
                Some(a) => Some(a.id()),
                None => {
                    c.problem(
                        name.span(),
                        format!(
                            "lexicon {code}: alphabet {:?} is not one wordjudge knows (known: {})",
                            name.get_ref(),
                            alphabet::names()
                        ),
                    );
                    None
                }
            },
        };
        check_title(c, code, lex);
        let file = base.join(lex.file.get_ref());
        if !file.is_file() {
            file_problems.push(problem(
                c.text,
                lex.file.span(),
                format!(
                    "lexicon {code}: file {} does not exist (compile it with `wordjudge lexicon add {code} SOURCE`)",
                    file.display()
                ),
            ));
        }
        if let (Some(sha256), Ok(source_sha256), Ok(content_sha256), Some(alphabet)) =
            (sha256, source_sha256, content_sha256, alphabet)
        {
            lexicons.insert(
                code.clone(),
                LexiconConfig {
                    code: code.clone(),
                    file,
                    expected: Expected {
                        sha256,
                        words: lex.words,
                        alphabet,
                    },
                    title: lex.title.get_ref().clone(),
                    edition: lex.edition.as_ref().map(|e| e.get_ref().clone()),
                    source_sha256,
                    content_sha256,
                    accept_mislabel: lex.accept_mislabel,
                },
            );
        }
    }
    (lexicons, file_problems)
}

/// A lexicon's title (on every player screen's header, the director's screen, dockets) by the
/// text rule; its edition (shown when the lexicon cannot be checked) a published edition's code,
/// or what `lexicon add` writes for none.
fn check_title(c: &mut Checker, code: &str, lex: &RawLexicon) {
    if let Some(problem) =
        wordjudge_base::text::problem("its title", lex.title.get_ref(), crate::MAX_LEXICON_TITLE)
    {
        c.problem(lex.title.span(), format!("lexicon {code}: {problem}"));
    }
    if let Some(edition) = &lex.edition {
        let e = edition.get_ref();
        if e != known::UNPUBLISHED && known::by_code(e).is_none() {
            c.problem(
                edition.span(),
                format!(
                    "lexicon {code}: edition {:?} is neither a published edition's code nor {:?}: `lexicon add` writes it, and the header shows it when the lexicon cannot be checked; add the lexicon again rather than editing it",
                    wordjudge_base::text::shown(e),
                    known::UNPUBLISHED
                ),
            );
        }
    }
}
