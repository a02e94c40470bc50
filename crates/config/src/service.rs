//! The one in-service check: whether a division may judge, and if not, why.
//!
//! A division is in service only when every lexicon it names — primary, fallback chain, second
//! opinion — passes both stages here:
//!
//! 1. [`Lexicon::load`]: the file's SHA-256 is the one `kiosk.toml` records, it is an `fst` set,
//!    its checksum holds, and it has the recorded word count;
//! 2. [`Lexicon::recognise`]: every word is read back, the content digest is the one recorded when
//!    it was compiled, and the code does not name a published edition the content is not (a
//!    mislabelled file).
//!
//! The station, `lexicon verify`, `judge`, `rejudge` and `slips recheck` all go through
//! [`InService`], so none of them judges with a lexicon another would refuse. Each lexicon is
//! checked once per [`InService`] and shared by every division that uses it.
//!
//! Reading every word back costs about 15 ms per 170,000 words — ten times a whole `judge` — and
//! its result depends only on the file's bytes. So it is remembered beside the lexicon, in
//! `CODE.fst.content` (the file's SHA-256 and its content digest, written after a read-back or by
//! `lexicon add`, which knows the content it compiled), and read back again only when the file is
//! not the one remembered. `lexicon verify` always reads back ([`ReadBack::Always`]). A memo is
//! taken only from the lexicon's own owner (not a link; a memo the station's account put beside
//! root's lexicon is ignored). The memo is a cache, not a credential: the content digest it gives is still compared with the one
//! `kiosk.toml` records and with the published editions, exactly as a fresh read-back's would be;
//! deleting it costs one read-back.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use wordjudge_lexicon::alphabet::AlphabetId;

use crate::{Config, DivisionConfig, LexiconConfig};
use wordjudge_base::digest::Digest;
use wordjudge_base::fsutil;
use wordjudge_lexicon::judge::{Division, Fallback, Rules};
use wordjudge_lexicon::known::Recognition;
use wordjudge_lexicon::lexicon::{ContentProblem, Lexicon, LoadError};

/// Why a lexicon is not in service.
#[derive(Debug, Clone, thiserror::Error)]
pub enum LexiconProblem {
    /// The file is not the one recorded, or not a sound lexicon.
    #[error(transparent)]
    Load(Arc<LoadError>),
    /// Its words are not the list recorded, or it is mislabelled.
    #[error(transparent)]
    Content(Arc<ContentProblem>),
}

impl From<LoadError> for LexiconProblem {
    fn from(e: LoadError) -> LexiconProblem {
        LexiconProblem::Load(Arc::new(e))
    }
}

impl From<ContentProblem> for LexiconProblem {
    fn from(e: ContentProblem) -> LexiconProblem {
        LexiconProblem::Content(Arc::new(e))
    }
}

/// A lexicon in service: verified, and what its content was recognised as.
#[derive(Debug, Clone)]
pub struct Checked {
    pub lexicon: Arc<Lexicon>,
    pub recognition: Recognition,
}

/// Why no division can be found to judge in.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("{path} defines no division; add one, e.g. [divisions.main] with primary = \"CODE\"")]
    NoDivisions { path: String },
    #[error("no division {name:?} in {path} (divisions: {available})")]
    Unknown {
        name: String,
        path: String,
        available: String,
    },
    #[error(transparent)]
    Lexicon(#[from] LexiconProblem),
}

/// Whether the words of a lexicon are read back when a remembered content digest would do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReadBack {
    /// Once per file: a content digest remembered for this file's SHA-256 is used.
    #[default]
    Once,
    /// Every time (`lexicon verify`: the director's deep check).
    Always,
}

/// The in-service check for the lexicons of one configuration, each checked once.
#[derive(Debug, Default)]
pub struct InService {
    read_back: ReadBack,
    checked: HashMap<String, Result<Checked, LexiconProblem>>,
    /// The lexicon files' bytes, by the path the configuration names, when they are not on a
    /// disk (a browser is handed an event bundle's files): `None`, read from the disk.
    in_memory: Option<HashMap<std::path::PathBuf, Vec<u8>>>,
}

impl InService {
    /// A check that reads every word back as `read_back` says.
    pub fn new(read_back: ReadBack) -> InService {
        InService {
            read_back,
            checked: HashMap::new(),
            in_memory: None,
        }
    }

    /// A check of lexicons given as bytes, by the path the configuration names each at: nothing
    /// is read from a disk, and every word is read back each time (there is no memo to write).
    pub fn in_memory(files: HashMap<std::path::PathBuf, Vec<u8>>) -> InService {
        InService {
            read_back: ReadBack::Always,
            checked: HashMap::new(),
            in_memory: Some(files),
        }
    }

    /// Checks lexicon `code` of `config` (both stages), or returns the earlier result.
    pub fn lexicon(&mut self, config: &Config, code: &str) -> Result<Checked, LexiconProblem> {
        if let Some(result) = self.checked.get(code) {
            return result.clone();
        }
        // Config parsing guarantees that every code a division names is configured.
        let entry = &config.lexicons[code];
        let result = match &self.in_memory {
            None => check_lexicon(entry, self.read_back),
            Some(files) => check_lexicon_bytes(entry, files.get(&entry.file)),
        };
        self.checked.insert(code.to_owned(), result.clone());
        result
    }

    /// Division `dc` of `config`, ready to judge, or the first lexicon problem that keeps it out.
    pub fn division(
        &mut self,
        config: &Config,
        dc: &DivisionConfig,
    ) -> Result<Division, LexiconProblem> {
        let fallback = dc
            .fallback
            .iter()
            .map(|f| {
                Ok(Fallback {
                    lexicon: self.lexicon(config, &f.lexicon)?.lexicon,
                    min_length: f.min_length,
                })
            })
            .collect::<Result<Vec<_>, LexiconProblem>>()?;
        let primary = self.lexicon(config, &dc.primary)?.lexicon;
        let second_opinion = match &dc.second_opinion {
            Some(code) => Some(Rules::new(
                self.lexicon(config, code)?.lexicon,
                fallback.clone(),
            )),
            None => None,
        };
        Ok(Division {
            name: dc.name.clone(),
            title: dc.title.clone(),
            rules: Rules::new(primary, fallback),
            second_opinion,
        })
    }
}

/// Both stages for one lexicon.
pub fn check_lexicon(
    entry: &LexiconConfig,
    read_back: ReadBack,
) -> Result<Checked, LexiconProblem> {
    let lexicon = Lexicon::load(&entry.code, &entry.file, &entry.expected)?;
    let remembered = match read_back {
        ReadBack::Once => remembered_content(&entry.file, &lexicon.sha256(), lexicon.alphabet()),
        ReadBack::Always => None,
    };
    let content = match remembered {
        Some(content) => content,
        None => {
            let content = lexicon.content_digest().map_err(ContentProblem::from)?;
            remember_content(&entry.file, &lexicon.sha256(), &content, lexicon.alphabet());
            content
        }
    };
    recognised(entry, lexicon, content)
}

/// The second stage: `lexicon`, whose words' digest is `content`, recognised as the edition
/// `entry` records.
fn recognised(
    entry: &LexiconConfig,
    lexicon: Lexicon,
    content: Digest,
) -> Result<Checked, LexiconProblem> {
    let recognition = lexicon.recognise_content(
        content,
        entry.content_sha256.as_ref(),
        entry.accept_mislabel,
    )?;
    Ok(Checked {
        lexicon: Arc::new(lexicon),
        recognition,
    })
}

/// Both stages for one lexicon given as `bytes` (`None`: not given, as a file that is missing).
fn check_lexicon_bytes(
    entry: &LexiconConfig,
    bytes: Option<&Vec<u8>>,
) -> Result<Checked, LexiconProblem> {
    let bytes = bytes.ok_or_else(|| LoadError::Io {
        code: entry.code.clone(),
        path: entry.file.clone(),
        source: std::io::Error::new(std::io::ErrorKind::NotFound, "not in the event's files"),
    })?;
    let lexicon = Lexicon::from_bytes(
        entry.code.clone(),
        entry.file.clone(),
        bytes.clone(),
        &entry.expected,
    )?;
    let content = lexicon.content_digest().map_err(ContentProblem::from)?;
    recognised(entry, lexicon, content)
}

pub use wordjudge_base::layout::memo_path;

/// The content digest remembered for the lexicon file `file` whose SHA-256 is `sha256`, read in
/// `alphabet`, if the memo is there and is for exactly this file in exactly that alphabet (the
/// same bytes read in another alphabet are other words: a lexicon recorded under the wrong
/// alphabet must be read back, and then fail its content check).
fn remembered_content(file: &Path, sha256: &Digest, alphabet: AlphabetId) -> Option<Digest> {
    let memo = memo_path(file);
    if !memo_is_the_lexicons_owners(file, &memo) {
        return None;
    }
    // A memo is one line of two digests (English), or two digests and the alphabet's name.
    let text = fsutil::read_regular_nofollow(&memo, 256)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())?;
    let mut fields = text.split_whitespace();
    let (Some(file_sha), Some(content), named, None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return None;
    };
    let same_alphabet = match named {
        None => alphabet.is_english(),
        Some(name) => !alphabet.is_english() && name == alphabet.get().name,
    };
    (same_alphabet && file_sha.parse::<Digest>().ok()? == *sha256)
        .then(|| content.parse().ok())
        .flatten()
}

/// Whether the memo `memo` of the lexicon file `file` was written by whoever owns the lexicon:
/// not a link, and of the lexicon's owner. A memo another account put beside root's lexicon (the
/// station's, in a packaged station's folder) is not taken: every word is read back instead, so
/// a station never takes what it shows of an edition from a file its own account could write.
fn memo_is_the_lexicons_owners(file: &Path, memo: &Path) -> bool {
    let (Ok(lexicon), Ok(memo)) = (
        std::fs::symlink_metadata(file),
        std::fs::symlink_metadata(memo),
    ) else {
        return false;
    };
    if memo.file_type().is_symlink() {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        lexicon.uid() == memo.uid()
    }
    #[cfg(not(unix))]
    {
        let _ = lexicon;
        true
    }
}

/// Remembers that the lexicon file `file`, whose SHA-256 is `sha256`, holds the words whose
/// canonical digest is `content`. Best effort: a station folder that cannot be written just reads
/// the words back next time.
pub(crate) fn remember_content(
    file: &Path,
    sha256: &Digest,
    content: &Digest,
    alphabet: AlphabetId,
) {
    let memo = memo_path(file);
    if remembered_content(file, sha256, alphabet) == Some(*content) {
        return;
    }
    let line = match alphabet.is_english() {
        true => format!("{sha256} {content}\n"),
        false => format!("{sha256} {content} {alphabet}\n"),
    };
    if let Err(e) = fsutil::write_atomically(&memo, line.as_bytes()) {
        log::info!("cannot remember the content of {}: {e}", file.display());
    }
}

/// The configuration of division `name` (the first when `None`).
pub fn find<'c>(
    config: &'c Config,
    name: Option<&str>,
) -> Result<&'c DivisionConfig, ServiceError> {
    let path = config.path.display().to_string();
    match name {
        None => config
            .divisions
            .values()
            .next()
            .ok_or(ServiceError::NoDivisions { path }),
        Some(name) => config
            .divisions
            .get(name)
            .ok_or_else(|| ServiceError::Unknown {
                name: name.to_owned(),
                path,
                available: if config.divisions.is_empty() {
                    "none".to_owned()
                } else {
                    config
                        .divisions
                        .keys()
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(", ")
                },
            }),
    }
}

/// Division `name` of `config` (the first when `None`), in service, or why not.
/// The alphabet the division `name` (or the only one) is typed in, from `kiosk.toml` alone:
/// its primary lexicon's. Lets the command line read typed words before loading any lexicon.
pub fn division_alphabet(
    config: &Config,
    name: Option<&str>,
) -> Result<&'static wordjudge_lexicon::alphabet::Alphabet, ServiceError> {
    let dc = find(config, name)?;
    Ok(config
        .lexicons
        .get(&dc.primary)
        .map_or(wordjudge_lexicon::alphabet::english(), |l| {
            l.expected.alphabet.get()
        }))
}

pub fn division(config: &Config, name: Option<&str>) -> Result<Division, ServiceError> {
    let dc = find(config, name)?;
    Ok(InService::default().division(config, dc)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A station folder with lexicon `code` holding `words` and a division `main` judged by it.
    fn station(code: &str, words: &[&str]) -> (tempfile::TempDir, Config) {
        let (dir, path) = crate::store::testing::station_folder(code, words);
        // A fresh station: nothing remembered about its lexicon yet.
        let config = Config::read(&path).unwrap();
        let _ = std::fs::remove_file(memo_path(&config.lexicons[code].file));
        (dir, config)
    }

    #[test]
    fn a_division_whose_lexicon_names_another_edition_is_not_in_service_anywhere() {
        let (_dir, config) = station("CSW24", &["QI", "ZA"]);
        for read_back in [ReadBack::Once, ReadBack::Always] {
            let err = InService::new(read_back)
                .division(&config, &config.divisions["main"])
                .unwrap_err();
            assert!(
                err.to_string().contains("lexicon CSW24 is MISLABELLED"),
                "{err}"
            );
        }
        let err = division(&config, None).unwrap_err();
        assert!(err.to_string().contains("MISLABELLED"), "{err}");
    }

    #[test]
    fn the_read_back_is_remembered_per_file_and_a_stale_memo_is_ignored() {
        let (_dir, config) = station("CLUB", &["QI", "ZA"]);
        let entry = &config.lexicons["CLUB"];
        let memo = memo_path(&entry.file);
        assert!(!memo.exists());
        let checked = check_lexicon(entry, ReadBack::Once).unwrap();
        let text = std::fs::read_to_string(&memo).unwrap();
        assert_eq!(
            text,
            format!(
                "{} {}\n",
                entry.expected.sha256,
                entry.content_sha256.unwrap()
            )
        );
        assert_eq!(
            remembered_content(&entry.file, &checked.lexicon.sha256(), AlphabetId::ENGLISH),
            entry.content_sha256
        );
        // A memo for another file, or that is not a memo, is not used.
        assert_eq!(
            remembered_content(
                &entry.file,
                &Digest::of(b"another file"),
                AlphabetId::ENGLISH
            ),
            None
        );
        std::fs::write(&memo, "not a memo").unwrap();
        assert_eq!(
            remembered_content(&entry.file, &entry.expected.sha256, AlphabetId::ENGLISH),
            None
        );
        check_lexicon(entry, ReadBack::Once).unwrap();
        assert_eq!(
            std::fs::read_to_string(&memo).unwrap(),
            text,
            "written again"
        );
    }

    #[test]
    fn a_remembered_digest_is_checked_like_a_fresh_one_and_verify_reads_back_regardless() {
        let (_dir, config) = station("CLUB", &["QI", "ZA"]);
        let entry = &config.lexicons["CLUB"];
        // A memo that says this very file holds other words: the recorded digest disagrees.
        let other = Digest::of(b"QI\n");
        std::fs::write(
            memo_path(&entry.file),
            format!("{} {other}\n", entry.expected.sha256),
        )
        .unwrap();
        let err = check_lexicon(entry, ReadBack::Once).unwrap_err();
        assert!(
            matches!(&err, LexiconProblem::Content(p) if matches!(**p, ContentProblem::Changed { found, .. } if found == other)),
            "{err}"
        );
        // The director's deep check reads every word back, and puts the memo right.
        check_lexicon(entry, ReadBack::Always).unwrap();
        check_lexicon(entry, ReadBack::Once).unwrap();
    }

    /// Issue 49, finding 6: the memo decided the edition a station named, and the station's
    /// account could put one where it was read. A memo that is a link is not taken (nor one of
    /// another owner than the lexicon's: the same check, by owner).
    #[cfg(unix)]
    #[test]
    fn a_memo_that_is_a_link_is_not_taken_and_every_word_is_read_back() {
        let (dir, config) = station("CLUB", &["QI", "ZA"]);
        let entry = &config.lexicons["CLUB"];
        check_lexicon(entry, ReadBack::Once).unwrap();
        let memo = memo_path(&entry.file);
        let elsewhere = dir.path().join("own.content");
        std::fs::rename(&memo, &elsewhere).unwrap();
        std::os::unix::fs::symlink(&elsewhere, &memo).unwrap();
        assert_eq!(
            remembered_content(&entry.file, &entry.expected.sha256, AlphabetId::ENGLISH),
            None,
            "a linked memo was taken"
        );
        // The real one, in its place, is taken.
        std::fs::remove_file(&memo).unwrap();
        std::fs::rename(&elsewhere, &memo).unwrap();
        assert!(
            remembered_content(&entry.file, &entry.expected.sha256, AlphabetId::ENGLISH).is_some()
        );
    }

    #[test]
    fn a_folder_that_cannot_be_written_still_checks_every_time() {
        let (_dir, config) = station("CLUB", &["QI", "ZA"]);
        let entry = &config.lexicons["CLUB"];
        // The memo's place is taken by a directory: it cannot be written.
        std::fs::create_dir(memo_path(&entry.file)).unwrap();
        for _ in 0..2 {
            let checked = check_lexicon(entry, ReadBack::Once).unwrap();
            assert_eq!(
                checked.recognition.edition_field(),
                "not a published edition"
            );
        }
    }
}
