//! Adding a compiled lexicon to a station folder (`wordjudge lexicon add`): where its file goes,
//! what `kiosk.toml` records of it, and in which order the two are written.
//!
//! Layout: `lexicons/CODE.fst` beside `kiosk.toml`, always — whatever `kiosk.toml` names for CODE
//! now (a director's source word list, say) is never written; and never a file that is another
//! of the station's (the map, [`wordjudge_base::layout`]).
//!
//! Order: `kiosk.toml` is read once, under its lock (held until it is written again), and the new
//! entry prepared in memory, so a configuration that cannot be updated changes nothing. Then the
//! `.fst` file is replaced atomically, then `kiosk.toml`. A crash between the two leaves the old hash in `kiosk.toml`, so the station
//! refuses the new file (fails closed) until `lexicon add` is run again.

use std::path::{Path, PathBuf};

use crate::service;
use crate::{self as config, ConfigError, Document, Recorded};
use wordjudge_base::digest::Digest;
use wordjudge_base::fsutil::write_atomically;
use wordjudge_lexicon::compile::Compiled;
use wordjudge_lexicon::known::Recognition;

/// Why a lexicon was not added. Nothing was changed, except as `Config` says.
#[derive(Debug, thiserror::Error)]
pub enum AddError {
    #[error("lexicon code {0:?} must be 1-32 letters, digits, '.', '-' or '_', starting with a letter or digit, and not a device name Windows reserves (CON, PRN, AUX, NUL, COM1-9, LPT1-9): it names the file lexicons/CODE.fst")]
    BadCode(String),
    /// The code names a published edition the words are not, and the director did not accept
    /// that: the station would refuse the lexicon, so nothing replaces the one there.
    #[error("{recognition}; nothing was changed. Compile the right list; or, if these words are the ones to use, give them a code that names no published edition (e.g. {code}-LOCAL), or pass --accept-mislabel to record them as {code} anyway (every check then shows the lexicon as MISLABEL ACCEPTED)")]
    Mislabelled {
        code: String,
        recognition: Recognition,
    },
    #[error("{} is {role}: the lexicon is not written over it; nothing was changed. Give {role} a file of its own in kiosk.toml", path.display())]
    StationFile { path: PathBuf, role: String },
    /// A title the station could not show (the text rule, `wordjudge_base::text::problem`).
    #[error("lexicon {code}: {problem}; nothing was changed. Give --title a plain title")]
    Title { code: String, problem: String },
    #[error("cannot write {path}: {source}; nothing was changed")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    /// `kiosk.toml` could not be read or edited.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The new `.fst` file is in place, but `kiosk.toml` could not be written: it still records
    /// the old hash, so the station refuses the new file (fails closed).
    #[error("wrote {file}, but {source}; the station refuses the new file until `wordjudge lexicon add` succeeds")]
    NotRecorded { file: PathBuf, source: ConfigError },
}

/// What was added.
#[derive(Debug)]
pub struct Added {
    /// Where the `.fst` file was written.
    pub file: PathBuf,
    /// What `kiosk.toml` now records.
    pub recorded: Recorded,
    /// What the content was recognised as.
    pub recognition: Recognition,
    /// Problems the configuration still has elsewhere, worth telling the director now rather
    /// than at the event.
    pub remaining: Option<ConfigError>,
}

/// A lexicon about to be added: its code checked and the configuration read, before the word
/// list is (a broken `kiosk.toml` or a bad code stops everything before any work or write).
#[derive(Debug)]
pub struct Addition {
    config_path: PathBuf,
    code: String,
    doc: Document,
}

impl Addition {
    /// Lexicon `code` for the station whose configuration is `config_path` (created if there is
    /// none).
    pub fn prepare(config_path: &Path, code: &str) -> Result<Addition, AddError> {
        if !config::valid_code(code) {
            return Err(AddError::BadCode(code.to_owned()));
        }
        Ok(Addition {
            config_path: config_path.to_owned(),
            code: code.to_owned(),
            doc: Document::read(config_path)?,
        })
    }

    /// Adds `compiled` (from a source whose bytes have SHA-256 `source_sha256`). The title is
    /// `title`, else the recognised edition's, else the one already recorded, else the code.
    ///
    /// Words that are not the published edition the code names are refused, changing nothing,
    /// unless `accept_mislabel` (the director's explicit word, recorded with the lexicon so that
    /// the one in-service check honours it).
    pub fn add(
        mut self,
        compiled: &Compiled,
        title: Option<&str>,
        source_sha256: Digest,
        accept_mislabel: bool,
    ) -> Result<Added, AddError> {
        // Read again under the configuration's lock, held until it is written: an edit made
        // since `prepare` (another `lexicon add`, the station setting the round) is kept.
        self.doc = Document::edit(&self.config_path)?;
        let code = self.code.as_str();
        let file = wordjudge_base::layout::added_lexicon_path(&self.config_path, code);
        // Never over another of the station's files (a slip log named lexicons/X.fst, say).
        match self.doc.station_map().role_of(&file) {
            Some(wordjudge_base::layout::Role::Lexicon(c)) if c == code => {}
            None => {}
            Some(role) => {
                return Err(AddError::StationFile {
                    path: file,
                    role: role.to_string(),
                })
            }
        }
        let recognition = Recognition::of(Some(code), &compiled.content_sha256, compiled.words);
        if recognition.is_warning() && !accept_mislabel {
            return Err(AddError::Mislabelled {
                code: code.to_owned(),
                recognition,
            });
        }
        let title = match (title, recognition.edition()) {
            (Some(t), _) => t.to_owned(),
            (None, Some(edition)) => edition.title.clone(),
            (None, None) => self
                .doc
                .lexicon_title(code)
                .unwrap_or_else(|| code.to_owned()),
        };
        if let Some(problem) =
            wordjudge_base::text::problem("its title", &title, config::MAX_LEXICON_TITLE)
        {
            return Err(AddError::Title {
                code: code.to_owned(),
                problem,
            });
        }
        let mut recorded = Recorded::new(code, file.clone(), compiled, title, source_sha256);
        recorded.accept_mislabel = accept_mislabel && recognition.is_warning();
        // Prepared in memory before any file is touched.
        self.doc.record_lexicon(&recorded)?;

        let write_error = |path: &Path| {
            let path = path.to_owned();
            move |source| AddError::Write { path, source }
        };
        if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(write_error(dir))?;
        }
        write_atomically(&file, &compiled.fst).map_err(write_error(&file))?;
        // The words were just compiled: their content is known, no read-back is needed to trust
        // it (see crate::service).
        service::remember_content(
            &file,
            &compiled.fst_sha256,
            &compiled.content_sha256,
            compiled.alphabet,
        );
        self.doc.write().map_err(|source| AddError::NotRecorded {
            file: file.clone(),
            source,
        })?;
        Ok(Added {
            file,
            recorded,
            recognition,
            remaining: self.doc.check().err(),
        })
    }
}

/// [`Addition::prepare`] and [`Addition::add`] in one, refusing a mislabelled list.
pub fn add(
    config_path: &Path,
    code: &str,
    compiled: &Compiled,
    title: Option<&str>,
    source_sha256: Digest,
) -> Result<Added, AddError> {
    Addition::prepare(config_path, code)?.add(compiled, title, source_sha256, false)
}

/// A station folder for this crate's tests and the crates above it (feature `testing`).
#[cfg(any(test, feature = "testing"))]
pub mod testing {
    use std::path::PathBuf;

    use super::{Addition, Compiled};
    use wordjudge_lexicon::compile::compile;
    use wordjudge_lexicon::word::Word;

    pub fn compiled(words: &[&str]) -> Compiled {
        compile(words.iter().map(|w| Word::parse(w).unwrap()).collect()).unwrap()
    }

    /// A station folder whose lexicon `code`, titled "Test list", holds `words` and judges its
    /// one division, `main`; returns the folder and its kiosk.toml. (For other modules' tests.)
    ///
    /// A `code` naming a published edition the words are not gives a mislabelled station, as a
    /// director who copied the wrong file would leave: recorded, not accepted.
    pub fn station_folder(code: &str, words: &[&str]) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("kiosk.toml");
        let division = format!("[station]\nid = \"t\"\n\n[divisions.main]\nprimary = \"{code}\"\n");
        std::fs::write(&config, division).unwrap();
        let c = compiled(words);
        Addition::prepare(&config, code)
            .unwrap()
            .add(&c, Some("Test list"), c.content_sha256, true)
            .unwrap();
        let text = std::fs::read_to_string(&config).unwrap();
        std::fs::write(&config, text.replace("accept_mislabel = true\n", "")).unwrap();
        (dir, config)
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use super::*;
    use crate::Config;

    #[test]
    fn a_new_station_gets_its_configuration_and_lexicons_folder() {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("kiosk.toml");
        let c = compiled(&["QI", "ZA"]);
        let added = add(&config, "CLUB", &c, None, Digest::of(b"source")).unwrap();
        assert_eq!(added.file, dir.path().join("lexicons/CLUB.fst"));
        assert_eq!(std::fs::read(&added.file).unwrap(), c.fst);
        let read = Config::read(&config).unwrap();
        let entry = &read.lexicons["CLUB"];
        assert_eq!(entry.expected.sha256, c.fst_sha256);
        assert_eq!(entry.content_sha256, Some(c.content_sha256));
        assert_eq!(
            entry.title, "CLUB",
            "no title given, none recognised: the code"
        );
        assert!(service::check_lexicon(entry, service::ReadBack::Once).is_ok());
        assert!(added.remaining.is_none());
    }

    /// Issue 27, item 4: `file = "../zyz/NWL2023.txt"` had the director's source list replaced
    /// by the compiled lexicon. Adding again writes `lexicons/CODE.fst`, and nothing else.
    #[test]
    fn adding_again_writes_lexicons_code_fst_never_the_file_recorded_and_keeps_the_title() {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("kiosk.toml");
        let source = dir.path().join("lists/club.txt");
        std::fs::create_dir(dir.path().join("lists")).unwrap();
        std::fs::write(&source, b"QI\nZA\n").unwrap();
        std::fs::write(
            &config,
            format!(
                "[station]\nid = \"s\"\n\n[lexicons.CLUB]\nfile = \"lists/club.txt\"\nsha256 = \"{}\"\nwords = 1\ntitle = \"Our club list\"\n",
                Digest::of(b"old")
            ),
        )
        .unwrap();
        let added = add(&config, "CLUB", &compiled(&["QI"]), None, Digest::of(b"s")).unwrap();
        assert_eq!(added.file, dir.path().join("lexicons/CLUB.fst"));
        assert_eq!(
            std::fs::read(&source).unwrap(),
            b"QI\nZA\n",
            "the source list untouched"
        );
        let read = Config::read(&config).unwrap();
        assert_eq!(read.lexicons["CLUB"].title, "Our club list");
        assert_eq!(
            read.lexicons["CLUB"].file,
            dir.path().join("lexicons/CLUB.fst")
        );
    }

    /// Never over another of the station's files: a slip log kept at lexicons/CLUB.fst.
    #[test]
    fn a_lexicon_is_never_written_over_another_of_the_stations_files() {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("kiosk.toml");
        std::fs::create_dir(dir.path().join("lexicons")).unwrap();
        std::fs::write(dir.path().join("lexicons/CLUB.fst"), b"a slip log").unwrap();
        std::fs::write(
            &config,
            "[station]\nid = \"s\"\nslip_log = \"lexicons/CLUB.fst\"\n",
        )
        .unwrap();
        let err = add(&config, "CLUB", &compiled(&["QI"]), None, Digest::of(b"s")).unwrap_err();
        assert!(err.to_string().contains("is the slip log"), "{err}");
        assert_eq!(
            std::fs::read(dir.path().join("lexicons/CLUB.fst")).unwrap(),
            b"a slip log"
        );
    }

    #[test]
    fn a_configuration_that_cannot_take_the_entry_leaves_every_file_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("kiosk.toml");
        for text in ["[station\n", "lexicons = 3\n[station]\nid = \"s\"\n"] {
            std::fs::write(&config, text).unwrap();
            let err = add(&config, "CLUB", &compiled(&["QI"]), None, Digest::of(b"s")).unwrap_err();
            assert!(matches!(err, AddError::Config(_)), "{err}");
            assert_eq!(std::fs::read_to_string(&config).unwrap(), text);
            assert!(!dir.path().join("lexicons").exists(), "no lexicon written");
        }
        let err = add(&config, "../x", &compiled(&["QI"]), None, Digest::of(b"s")).unwrap_err();
        assert!(matches!(err, AddError::BadCode(_)));
    }

    #[test]
    fn a_mislabelled_list_is_refused_unless_accepted_and_the_acceptance_is_recorded_with_it() {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("kiosk.toml");
        let c = compiled(&["QI", "ZA"]);
        let err = add(&config, "NWL2023", &c, None, c.content_sha256).unwrap_err();
        assert!(matches!(err, AddError::Mislabelled { .. }), "{err}");
        assert!(!config.exists() && !dir.path().join("lexicons").exists());

        let accept = |c: &Compiled, yes| {
            Addition::prepare(&config, "NWL2023")
                .unwrap()
                .add(c, None, c.content_sha256, yes)
        };
        let added = accept(&c, true).unwrap();
        assert!(added.recorded.accept_mislabel);
        let entry = &Config::read(&config).unwrap().lexicons["NWL2023"];
        assert!(entry.accept_mislabel);
        let checked = service::check_lexicon(entry, service::ReadBack::Always).unwrap();
        assert!(
            checked.recognition.is_warning(),
            "still said to be mislabelled"
        );

        // Accepting a list that is not mislabelled records nothing to accept.
        let added = Addition::prepare(&config, "CLUB")
            .unwrap()
            .add(&c, None, c.content_sha256, true)
            .unwrap();
        assert!(!added.recorded.accept_mislabel);
        assert!(!Config::read(&config).unwrap().lexicons["CLUB"].accept_mislabel);
    }

    #[test]
    fn what_is_still_wrong_elsewhere_is_reported_after_adding() {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("kiosk.toml");
        std::fs::write(
            &config,
            "[station]\nid = \"s\"\n\n[divisions.main]\nprimary = \"NWL\"\n",
        )
        .unwrap();
        let added = add(&config, "CLUB", &compiled(&["QI"]), None, Digest::of(b"s")).unwrap();
        let remaining = added
            .remaining
            .expect("division main names a lexicon not configured");
        assert!(
            remaining
                .to_string()
                .contains("primary lexicon \"NWL\" is not configured"),
            "{remaining}"
        );
    }
}
