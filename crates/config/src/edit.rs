//! Writing `kiosk.toml`: recording a lexicon or the director's PIN by editing the document in
//! place with `toml_edit`, so the director's comments and layout survive, and replacing the file
//! atomically.

use std::path::{Path, PathBuf};

use super::check::{one_line, problem};
use super::{base_dir, Config, ConfigError, PinHash, Problem};
use wordjudge_base::digest::Digest;
use wordjudge_base::fsutil;

/// What `lexicon add` records about a compiled lexicon.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub code: String,
    /// Where the `.fst` file is; stored relative to the config's directory when inside it.
    pub file: PathBuf,
    pub sha256: Digest,
    pub words: u64,
    pub title: String,
    pub edition: String,
    pub source_sha256: Digest,
    pub content_sha256: Digest,
    /// Recorded as `accept_mislabel = true` (see [`super::LexiconConfig::accept_mislabel`]);
    /// `false` removes the key.
    pub accept_mislabel: bool,
    /// Recorded as `alphabet = "NAME"`; English removes the key (English is the default).
    pub alphabet: wordjudge_lexicon::alphabet::AlphabetId,
}

impl Recorded {
    /// What `kiosk.toml` records for `compiled` stored at `file`, compiled from a source whose
    /// bytes have SHA-256 `source_sha256`; the edition is recognised from the content.
    pub fn new(
        code: &str,
        file: PathBuf,
        compiled: &wordjudge_lexicon::compile::Compiled,
        title: String,
        source_sha256: Digest,
    ) -> Recorded {
        let recognition = wordjudge_lexicon::known::Recognition::of(
            Some(code),
            &compiled.content_sha256,
            compiled.words,
        );
        Recorded {
            code: code.to_owned(),
            file,
            sha256: compiled.fst_sha256,
            words: compiled.words,
            title,
            edition: recognition.edition_field(),
            source_sha256,
            content_sha256: compiled.content_sha256,
            accept_mislabel: false,
            alphabet: compiled.alphabet,
        }
    }
}

/// The file written when `lexicon add` is pointed at a configuration that does not exist yet.
const NEW_CONFIG: &str = "\
# wordjudge station configuration (created by `wordjudge lexicon add`).
# docs/director.md (kiosk.toml) says what every setting does.

[station]
# Printed on every slip; make it unique per computer at the event.
id = \"station-1\"
";

/// `kiosk.toml` as a document to edit: read once, changed in memory, written atomically.
#[derive(Debug, Clone)]
pub struct Document {
    path: PathBuf,
    doc: toml_edit::DocumentMut,
    /// The file did not exist (the document is the template for a new station).
    new: bool,
    /// The configuration's lock, held from the read to the write ([`Document::edit`]).
    _lock: Option<std::sync::Arc<ConfigLock>>,
}

/// The lock on a configuration (`kiosk.toml.lock` beside it), held while it is read, changed and
/// written again: every program that edits it — `lexicon add`, `pin set`, `event round`,
/// `event install`, the station pinning a division or setting the round — takes it, so that
/// edits made at once each land instead of one silently undoing another.
#[derive(Debug)]
pub struct ConfigLock {
    _file: std::fs::File,
}

impl ConfigLock {
    /// Waits for the lock on the configuration at `config`.
    pub fn acquire(config: &Path) -> Result<ConfigLock, ConfigError> {
        let path = wordjudge_base::layout::config_lock_path(config);
        let io = |source| ConfigError::Write {
            path: path.clone(),
            source,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let mut options = std::fs::OpenOptions::new();
        options.create(true).truncate(false).write(true);
        #[cfg(unix)]
        {
            // Never a file a link planted here leads to (root takes this lock at an install).
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NOFOLLOW);
        }
        let file = options.open(&path).map_err(io)?;
        file.lock().map_err(io)?;
        Ok(ConfigLock { _file: file })
    }
}

impl Document {
    /// The configuration at `path` to change and write back, its lock held until the document
    /// is dropped (see [`ConfigLock`]); a new one when there is no file yet.
    pub fn edit(path: &Path) -> Result<Document, ConfigError> {
        let lock = ConfigLock::acquire(path)?;
        let mut doc = Document::read(path)?;
        doc._lock = Some(std::sync::Arc::new(lock));
        Ok(doc)
    }

    /// The configuration at `path`, or a new one when there is no file yet. A file that is not
    /// TOML is an error naming the line: nothing can be recorded in it.
    pub fn read(path: &Path) -> Result<Document, ConfigError> {
        let (text, new) =
            match wordjudge_base::fsutil::read_regular_to_string(path, super::MAX_CONFIG_BYTES) {
                Ok(t) => (t, false),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => (NEW_CONFIG.to_owned(), true),
                Err(source) => {
                    return Err(ConfigError::Io {
                        path: path.to_owned(),
                        source,
                    })
                }
            };
        let doc = text.parse::<toml_edit::DocumentMut>().map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            ConfigError::Invalid {
                path: path.to_owned(),
                problems: vec![problem(&text, span, one_line(e.message()))],
            }
        })?;
        Ok(Document {
            path: path.to_owned(),
            doc,
            new,
            _lock: None,
        })
    }

    /// `text` as the configuration at `path` (not read from the disk).
    pub fn from_text(path: &Path, text: &str) -> Result<Document, ConfigError> {
        let doc = text.parse::<toml_edit::DocumentMut>().map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            ConfigError::Invalid {
                path: path.to_owned(),
                problems: vec![problem(text, span, one_line(e.message()))],
            }
        })?;
        Ok(Document {
            path: path.to_owned(),
            doc,
            new: false,
            _lock: None,
        })
    }

    /// Whether the file did not exist.
    pub fn is_new(&self) -> bool {
        self.new
    }

    fn lexicon_field(&self, code: &str, field: &str) -> Option<&str> {
        self.doc
            .get("lexicons")
            .and_then(|l| l.get(code))
            .and_then(|e| e.get(field))
            .and_then(|f| f.as_str())
    }

    /// The `title` lexicon `code` already has.
    pub(crate) fn lexicon_title(&self, code: &str) -> Option<String> {
        self.lexicon_field(code, "title").map(str::to_owned)
    }

    /// Records (or updates) `entry` under `[lexicons.CODE]`, keeping comments and layout.
    pub fn record_lexicon(&mut self, entry: &Recorded) -> Result<(), ConfigError> {
        use toml_edit::{Item, Table};
        let invalid = |message: String| ConfigError::Invalid {
            path: self.path.clone(),
            problems: vec![Problem {
                line: 1,
                column: 1,
                message,
            }],
        };
        let file = relative_to(&entry.file, base_dir(&self.path));
        let lexicons = self.doc.entry("lexicons").or_insert_with(|| {
            let mut t = Table::new();
            t.set_implicit(true);
            Item::Table(t)
        });
        let Some(lexicons) = lexicons.as_table_mut() else {
            return Err(invalid(
                "`lexicons` must be a table of [lexicons.CODE] sections".into(),
            ));
        };
        let table = lexicons
            .entry(&entry.code)
            .or_insert_with(|| Item::Table(Table::new()));
        // A [lexicons.CODE] section or an inline table `CODE = { ... }` under [lexicons].
        let Some(table) = table.as_table_like_mut() else {
            return Err(invalid(format!(
                "`lexicons.{}` must be a table ([lexicons.{}] section); fix it by hand, then run this again",
                entry.code, entry.code
            )));
        };
        let fields: [(&str, toml_edit::Value); 7] = [
            ("file", file.into()),
            ("sha256", entry.sha256.to_string().into()),
            ("words", (entry.words as i64).into()),
            ("title", entry.title.clone().into()),
            ("edition", entry.edition.clone().into()),
            ("source_sha256", entry.source_sha256.to_string().into()),
            ("content_sha256", entry.content_sha256.to_string().into()),
        ];
        for (key, mut new) in fields {
            // Keep the spacing and any end-of-line comment of a value being replaced.
            if let Some(old) = table.get(key).and_then(Item::as_value) {
                *new.decor_mut() = old.decor().clone();
            }
            table.insert(key, Item::Value(new));
        }
        if entry.accept_mislabel {
            table.insert("accept_mislabel", Item::Value(true.into()));
        } else {
            table.remove("accept_mislabel");
        }
        if entry.alphabet.is_english() {
            table.remove("alphabet");
        } else {
            table.insert("alphabet", Item::Value(entry.alphabet.to_string().into()));
        }
        Ok(())
    }

    /// Stores `division` as `[station] division` (the division the director pinned the station
    /// to), or removes the key for `None`.
    pub(crate) fn record_division(&mut self, division: Option<&str>) -> Result<(), ConfigError> {
        let station = self.station_table()?;
        set_keeping_decor(station, "division", division.map(toml_edit::Value::from));
        Ok(())
    }

    /// Stores `id` as `[station] id` (`event install`: this station's own id).
    pub(crate) fn record_station_id(&mut self, id: &str) -> Result<(), ConfigError> {
        let station = self.station_table()?;
        set_keeping_decor(station, "id", Some(toml_edit::Value::from(id)));
        Ok(())
    }

    /// Sets `[event] key` to `value` (creating the section), or removes the key.
    fn record_event_key(
        &mut self,
        key: &str,
        value: Option<toml_edit::Value>,
    ) -> Result<(), ConfigError> {
        use toml_edit::{Item, Table};
        if value.is_none() && self.doc.get("event").is_none() {
            return Ok(());
        }
        let event = self
            .doc
            .entry("event")
            .or_insert_with(|| Item::Table(Table::new()))
            .as_table_like_mut()
            .ok_or_else(|| ConfigError::Invalid {
                path: self.path.clone(),
                problems: vec![Problem {
                    line: 1,
                    column: 1,
                    message: "[event] is not a table".into(),
                }],
            })?;
        set_keeping_decor(event, key, value);
        Ok(())
    }

    /// Sets `[lexicons.CODE] file` (relative to the configuration's folder, `/`-separated).
    pub fn record_lexicon_file(&mut self, code: &str, file: &str) -> Result<(), ConfigError> {
        let path = self.path.clone();
        let entry = self
            .doc
            .get_mut("lexicons")
            .and_then(|l| l.get_mut(code))
            .and_then(|e| e.as_table_like_mut())
            .ok_or_else(|| ConfigError::Invalid {
                path,
                problems: vec![Problem {
                    line: 1,
                    column: 1,
                    message: format!("there is no [lexicons.{code}]"),
                }],
            })?;
        set_keeping_decor(entry, "file", Some(toml_edit::Value::from(file)));
        Ok(())
    }

    /// Stores `round` as `[event] round` (the round the director set), or removes the key.
    pub fn record_round(&mut self, round: Option<u32>) -> Result<(), ConfigError> {
        use toml_edit::{Item, Table};
        let path = self.path.clone();
        let event = self
            .doc
            .entry("event")
            .or_insert_with(|| Item::Table(Table::new()));
        let Some(event) = event.as_table_like_mut() else {
            return Err(ConfigError::Invalid {
                path,
                problems: vec![Problem {
                    line: 1,
                    column: 1,
                    message: "`event` must be an [event] section".into(),
                }],
            });
        };
        set_keeping_decor(event, "round", round.map(|r| i64::from(r).into()));
        Ok(())
    }

    /// The station's own values, as they are: its id, where it keeps its slip log and diagnostic
    /// log, the division the director pinned it to, and the round the director set.
    pub fn station_local(&self) -> StationLocal {
        let get = |table: &str, key: &str| self.doc.get(table).and_then(|t| t.get(key));
        let text =
            |table: &str, key: &str| get(table, key).and_then(|v| v.as_str()).map(str::to_owned);
        StationLocal {
            slip_log: text("station", "slip_log"),
            diagnostic_log: text("station", "diagnostic_log"),
            id: get("station", "id")
                .and_then(|v| v.as_str())
                .map(str::to_owned),
            division: get("station", "division")
                .and_then(|v| v.as_str())
                .map(str::to_owned),
            round: get("event", "round")
                .and_then(|v| v.as_integer())
                .and_then(|r| u32::try_from(r).ok()),
            manifest: text("event", "manifest"),
        }
    }

    /// Sets the station's own values (a `None` removes the key; the id is always set).
    pub fn record_station_local(&mut self, local: &StationLocal) -> Result<(), ConfigError> {
        self.record_station_id(local.id.as_deref().unwrap_or(""))?;
        let station = self.station_table()?;
        for (key, value) in [
            ("slip_log", &local.slip_log),
            ("diagnostic_log", &local.diagnostic_log),
        ] {
            set_keeping_decor(station, key, value.as_deref().map(toml_edit::Value::from));
        }
        self.record_division(local.division.as_deref())?;
        if local.round.is_some() || self.station_local().round.is_some() {
            self.record_round(local.round)?;
        }
        if local.manifest.is_some() || self.station_local().manifest.is_some() {
            self.record_event_key("manifest", local.manifest.as_deref().map(Into::into))?;
        }
        Ok(())
    }

    /// The document without the station's own values (the id emptied, no logs named, no pinned
    /// division, no round): what every station of an event shares, whatever each director did
    /// at each. (`logs_are_local: false`: as bundles of format 1 counted it, with the logs;
    /// `pin_apart`: as bundles of format 3 count it, without the PIN's hash, which they keep in
    /// a member of its own.)
    pub fn shared_settings(
        &self,
        logs_are_local: bool,
        pin_apart: bool,
    ) -> Result<String, ConfigError> {
        let mut shared = self.clone();
        if pin_apart {
            // An event bundle from format 3 on keeps the PIN's hash in a member of its own.
            shared.take_pin();
        }
        let mut local = StationLocal::default();
        if !logs_are_local {
            let own = self.station_local();
            local.slip_log = own.slip_log;
            local.diagnostic_log = own.diagnostic_log;
        } else if let Some(lexicons) = shared
            .doc
            .get_mut("lexicons")
            .and_then(|l| l.as_table_like_mut())
        {
            // Where a station keeps a lexicon's file is its own too (`event install` names
            // them by content); the recorded SHA-256 says which list it is.
            for (_, entry) in lexicons.iter_mut() {
                if let Some(entry) = entry.as_table_like_mut() {
                    entry.remove("file");
                }
            }
        }
        shared.record_station_local(&local)?;
        // The director's Round adds an [event] section to a station that had none.
        let empty_event = shared
            .doc
            .get("event")
            .and_then(|e| e.as_table_like())
            .is_some_and(|e| e.is_empty());
        if empty_event {
            shared.doc.remove("event");
        }
        Ok(shared.text())
    }

    fn station_table(&mut self) -> Result<&mut dyn toml_edit::TableLike, ConfigError> {
        let path = self.path.clone();
        self.doc
            .get_mut("station")
            .and_then(|s| s.as_table_like_mut())
            .ok_or(ConfigError::Invalid {
                path,
                problems: vec![Problem {
                    line: 1,
                    column: 1,
                    message: "there is no [station] section".into(),
                }],
            })
    }

    /// Takes `[station] director_pin` out of the document: its text, if there was one.
    pub fn take_pin(&mut self) -> Option<String> {
        let station = self
            .doc
            .get_mut("station")
            .and_then(|s| s.as_table_like_mut())?;
        let item = station.remove("director_pin")?;
        item.as_str().map(str::to_owned)
    }

    /// Stores `pin` as `[station] director_pin`.
    pub fn record_pin(&mut self, pin: &PinHash) -> Result<(), ConfigError> {
        let station = self.station_table()?;
        set_keeping_decor(
            station,
            "director_pin",
            Some(toml_edit::Value::from(pin.to_string())),
        );
        Ok(())
    }

    /// The document as it would be written.
    pub fn text(&self) -> String {
        self.doc.to_string()
    }

    /// The station's files as this document names them, each with its role (see
    /// [`wordjudge_base::layout`]) — read from the keys as written, so that it holds for a document that
    /// does not pass the check too.
    pub fn station_map(&self) -> wordjudge_base::layout::StationMap {
        let base = super::base_dir(&self.path);
        // The station's account's files (its logs) are relative to its own folder.
        let own = wordjudge_base::layout::own_dir_in(base);
        let get = |table: &str, key: &str| {
            let root = if table == "station" { &own } else { base };
            self.doc
                .get(table)
                .and_then(|t| t.get(key))
                .and_then(|v| v.as_str())
                .map(|p| root.join(p))
        };
        let lexicons = self
            .doc
            .get("lexicons")
            .and_then(|l| l.as_table_like())
            .into_iter()
            .flat_map(|lexicons| lexicons.iter())
            .filter_map(|(code, entry)| {
                let file = entry.get("file").and_then(|f| f.as_str())?;
                Some((code.to_owned(), base.join(file)))
            })
            .collect();
        wordjudge_base::layout::Paths {
            config: self.path.clone(),
            manifest: get("event", "manifest"),
            slip_log: get("station", "slip_log")
                .unwrap_or_else(|| own.join(super::DEFAULT_SLIP_LOG)),
            diagnostic_log: get("station", "diagnostic_log"),
            lexicons,
            docket_device: get("printer", "escpos_device"),
        }
        .map()
    }

    /// What the full check says of the document as it stands (without reading the file again):
    /// the configuration, or every problem, missing lexicon files included.
    pub fn check(&self) -> Result<Config, ConfigError> {
        Config::complete(Config::parse(&self.path, &self.text())?)
    }

    /// Replaces the file with the document, atomically.
    pub fn write(&self) -> Result<(), ConfigError> {
        fsutil::write_atomically(&self.path, self.text().as_bytes()).map_err(|source| {
            ConfigError::Write {
                path: self.path.clone(),
                source,
            }
        })
    }
}

/// The values of `kiosk.toml` that belong to one station, not to the event.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StationLocal {
    pub id: Option<String>,
    /// `[station] slip_log` and `diagnostic_log` as written (a bundle never moves a station's
    /// logs: slip numbers would start again in a new log).
    pub slip_log: Option<String>,
    pub diagnostic_log: Option<String>,
    /// `[event] manifest`: the manifest `event install` wrote for this station.
    pub manifest: Option<String>,
    pub division: Option<String>,
    pub round: Option<u32>,
}

/// Sets `key` to `value` in `table`, keeping the spacing and comment of the value it replaces;
/// `None` removes the key.
fn set_keeping_decor(
    table: &mut dyn toml_edit::TableLike,
    key: &str,
    value: Option<toml_edit::Value>,
) {
    match value {
        Some(mut new) => match table.get_mut(key) {
            // Replaced in place: the key keeps its comment above and the value its spacing.
            Some(item) => {
                if let Some(old) = item.as_value() {
                    *new.decor_mut() = old.decor().clone();
                }
                *item = toml_edit::Item::Value(new);
            }
            None => {
                table.insert(key, toml_edit::Item::Value(new));
            }
        },
        None => {
            table.remove(key);
        }
    }
}

/// Records (or updates) `entry` under `[lexicons.CODE]` in the configuration at `config_path`,
/// creating the file if it does not exist. Comments and layout elsewhere are kept.
pub fn record_lexicon(config_path: &Path, entry: &Recorded) -> Result<(), ConfigError> {
    let mut doc = Document::edit(config_path)?;
    doc.record_lexicon(entry)?;
    doc.write()
}

/// Stores `pin` (as a [`PinHash`]) as `[station] director_pin` in the configuration at
/// `config_path`, keeping everything else. The file must exist.
pub fn record_pin(config_path: &Path, pin: &PinHash) -> Result<(), ConfigError> {
    let mut doc = Document::edit(config_path)?;
    if doc.is_new() {
        return Err(ConfigError::Io {
            path: config_path.to_owned(),
            source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"),
        });
    }
    doc.record_pin(pin)?;
    doc.write()
}

/// `path` relative to `base` (with `/` separators) when it lies inside it, else as it is.
fn relative_to(path: &Path, base: &Path) -> String {
    let rel = if base.as_os_str().is_empty() {
        Some(path)
    } else {
        path.strip_prefix(base).ok()
    };
    match rel {
        Some(rel) if rel.is_relative() => rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/"),
        _ => path.display().to_string(),
    }
}
