//! `wordjudge web build`: the table-side judge's site for an event — a static folder (the page
//! in `web/`, the judge's wasm module, the event's signed bundle and the director's public key)
//! that any web server serves. The bundle is opened here first exactly as the browser will
//! open it (`wordjudge_web::table`): a site that would be out of service is not written.

use std::path::{Path, PathBuf};

use wordjudge::base::digest::Digest;
use wordjudge::event::bundle::MAX_BUNDLE_BYTES;
use wordjudge::event::signing::PublicKey;
use wordjudge_protocol::ScreenKind;
use wordjudge_web::table::{Opening, Table};

use super::{CmdResult, Outcome};

#[derive(clap::Subcommand)]
pub enum WebCommand {
    /// Write the table-side judge's site for an event: a folder any web server serves, for the
    /// players' phones and tablets (offline after the first visit)
    Build {
        /// The event's bundle (`event pack`), signed by the director's key
        #[arg(long, value_name = "FILE")]
        bundle: PathBuf,
        /// The director's public key (the .pub file, or its key line): the site judges only
        /// with a bundle that key signed
        #[arg(long, value_name = "KEY")]
        trust: String,
        /// The folder to write (new, empty, or a site this command wrote before)
        #[arg(long, short, value_name = "DIR")]
        output: PathBuf,
        /// The judge's module, wordjudge_web.wasm [default: beside this program, else
        /// ../share/wordjudge/web/ from it (the Debian package's), else
        /// target/wasm32-unknown-unknown/wasm/ under the current folder]
        #[arg(long, value_name = "FILE")]
        module: Option<PathBuf>,
        /// Serve a bundle packed before the PIN's hash was kept apart (format 2) as it is, the
        /// hash inside: without it such a bundle is refused (pack it again instead)
        #[arg(long)]
        publish_pin_hash: bool,
        /// The address the players open (https://club.example/judge/): with it, a poster for
        /// the tables is written beside the site (POSTER), its address as a QR code and the
        /// event's name, date and fingerprint for the players to compare
        #[arg(long, value_name = "ADDRESS")]
        url: Option<String>,
    },
}

/// The page's files, as `web/` holds them.
const PAGE: [(&str, &[u8]); 9] = [
    ("index.html", include_bytes!("../../web/index.html")),
    ("screen.js", include_bytes!("../../web/screen.js")),
    ("app.js", include_bytes!("../../web/app.js")),
    ("style.css", include_bytes!("../../web/style.css")),
    (
        "manifest.webmanifest",
        include_bytes!("../../web/manifest.webmanifest"),
    ),
    ("icon.svg", include_bytes!("../../web/icon.svg")),
    ("icon-192.png", include_bytes!("../../web/icon-192.png")),
    ("icon-512.png", include_bytes!("../../web/icon-512.png")),
    ("sw.js", include_bytes!("../../web/sw.js")),
];

/// The names the site gives the module, the bundle, the key and its description.
const MODULE: &str = "wordjudge.wasm";
const BUNDLE: &str = "event.tar";
const TRUST: &str = "director.pub";
const SITE: &str = "site.json";
/// The page's words before its module runs ([`wordjudge_web::page::early_words`]).
const WORDS: &str = "words.json";
/// The poster for the tables, written beside the site's files (not served by the service
/// worker: it is for printing).
const POSTER: &str = "poster.html";

pub fn run(command: &WebCommand) -> CmdResult {
    match command {
        WebCommand::Build {
            bundle,
            trust,
            output,
            module,
            publish_pin_hash,
            url,
        } => build(
            bundle,
            trust,
            output,
            module.as_deref(),
            *publish_pin_hash,
            url.as_deref(),
        ),
    }
}

fn build(
    bundle: &Path,
    trust: &str,
    output: &Path,
    module: Option<&Path>,
    publish_pin_hash: bool,
    url: Option<&str>,
) -> CmdResult {
    let url = url.map(site_address).transpose()?;
    let key = PublicKey::from_arg(trust)?;
    let bytes = wordjudge::base::fsutil::read_regular(bundle, MAX_BUNDLE_BYTES)
        .map_err(|e| format!("cannot read the bundle {}: {e}", bundle.display()))?;
    // What the site serves: the bundle without the PIN's hash (a site is public).
    let bytes = wordjudge::event::bundle::for_site(&bytes, bundle, publish_pin_hash)
        .map_err(|e| e.to_string())?;
    let trust_text = key.to_file_text();
    // The browser's own opening, here: bundle, signature, kiosk.toml, every lexicon.
    let table = Table::open(
        Opening {
            bundle: &bytes,
            trust: &trust_text,
            seed: [1; 32],
            log: Vec::new(),
            head: Vec::new(),
            zone: wordjudge::base::clock::TimeZone::UTC,
            newest: "",
        },
        Box::new(|_, _| Ok(())),
    );
    let view = table.view();
    if view.screen == ScreenKind::OutOfService {
        return Err(format!(
            "the site would be out of service, so none was written: {}",
            view.detail
        )
        .into());
    }
    let poster = url
        .as_deref()
        .map(|url| poster_of(url, &table, &view))
        .transpose()?;
    let module_path = find_module(module)?;
    let wasm = read_module(&module_path)?;
    let event = event_name(&bytes, bundle)?;
    prepare_folder(output)?;
    let mut files: Vec<(String, Vec<u8>)> = PAGE
        .iter()
        .filter(|(name, _)| *name != "sw.js")
        .map(|(name, bytes)| (name.to_string(), bytes.to_vec()))
        .collect();
    files.push((MODULE.into(), wasm));
    files.push((BUNDLE.into(), bytes));
    files.push((TRUST.into(), trust_text.into_bytes()));
    let site = serde_json::json!({
        "module": MODULE,
        "bundle": BUNDLE,
        "trust": TRUST,
        "fingerprint": table.fingerprint,
        "event": event,
        "signed_by": key.id(),
        "built": wordjudge::base::clock::stamp().to_string(),
        "version": env!("CARGO_PKG_VERSION"),
    });
    files.push((SITE.into(), format!("{site:#}\n").into_bytes()));
    // The page's words before its module runs, in every language (fetched once: the page asks
    // the server for site.json again at each opening, not for these).
    let words = wordjudge_web::page::early_words();
    files.push((WORDS.into(), format!("{words}\n").into_bytes()));
    let worker = service_worker(&files, &table.fingerprint);
    files.push(("sw.js".into(), worker.into_bytes()));
    for (name, data) in &files {
        let path = output.join(name);
        wordjudge::base::fsutil::write_atomically(&path, data)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    report(output, &files, &event, &table, &module_path);
    write_poster(output, poster)?;
    Ok(Outcome::Success)
}

/// The poster beside the site's files, or, without one, the last build's removed.
fn write_poster(output: &Path, poster: Option<String>) -> Result<(), String> {
    match poster {
        Some(poster) => {
            let path = output.join(POSTER);
            wordjudge::base::fsutil::write_atomically(&path, poster.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            outln!(
                "wrote the poster for the tables to {}: print it (one page) and put it on every table; the players open its address and compare the event's name and fingerprint with every screen",
                path.display()
            );
        }
        None => {
            // A poster of the last build names the last event: never left beside this one.
            let _ = std::fs::remove_file(output.join(POSTER));
            outln!(
                "no poster for the tables: give --url ADDRESS (where the players open the site) to have one"
            );
        }
    }
    Ok(())
}

/// `url` if it is an address a phone opens: http or https, no space or control character.
fn site_address(url: &str) -> Result<String, String> {
    let ok = (url.starts_with("https://") || url.starts_with("http://"))
        && url.len() > "https://".len()
        && url.len() <= 1000
        && !url.chars().any(|c| c.is_whitespace() || c.is_control());
    if ok {
        Ok(url.to_owned())
    } else {
        Err(format!(
            "--url {:?} is not an address a phone opens: give the site's address, https://… (or http://… on a laptop)",
            wordjudge::base::text::shown(url)
        ))
    }
}

/// The poster of the site at `url`, in the languages of the event's menu, the packing time on
/// the event's clock.
fn poster_of(url: &str, table: &Table, view: &wordjudge_protocol::View) -> Result<String, String> {
    let languages = if view.label_languages.is_empty() {
        vec![view.language]
    } else {
        view.label_languages.clone()
    };
    let zone = table
        .event
        .time_zone
        .as_deref()
        .and_then(|name| wordjudge::base::clock::zone_named(name).ok())
        .unwrap_or(wordjudge::base::clock::TimeZone::UTC);
    super::web_poster::poster(url, &table.event, &languages, &zone)
}

/// The service worker, naming its cache by the event and the digest of every file it caches.
fn service_worker(files: &[(String, Vec<u8>)], fingerprint: &str) -> String {
    let mut names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    names.push("sw.js");
    let mut all = String::new();
    for (name, data) in files {
        all.push_str(&format!("{name} {}\n", Digest::of(data)));
    }
    let version = format!(
        "{fingerprint}-{}",
        &Digest::of(all.as_bytes()).to_string()[..12]
    );
    let template = PAGE
        .iter()
        .find(|(n, _)| *n == "sw.js")
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .unwrap_or_default();
    template.replace("__VERSION__", &version).replace(
        "__FILES__",
        &serde_json::to_string(&names).unwrap_or_default(),
    )
}

/// The module named, or the first found of the default places.
fn find_module(module: Option<&Path>) -> Result<PathBuf, String> {
    if let Some(path) = module {
        return Ok(path.to_owned());
    }
    let dir = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_owned));
    let installed = dir.iter().flat_map(|dir| {
        [
            dir.join("wordjudge_web.wasm"),
            dir.join("../share/wordjudge/web/wordjudge_web.wasm"),
        ]
    });
    let built = PathBuf::from("target/wasm32-unknown-unknown/wasm/wordjudge_web.wasm");
    installed
        .chain([built.clone()])
        .find(|p| p.is_file())
        .ok_or_else(|| {
            format!(
                "the judge's module wordjudge_web.wasm is neither beside this program nor at {}: build it with `cargo build --profile wasm -p wordjudge-web --target wasm32-unknown-unknown` (the target: `rustup target add wasm32-unknown-unknown`), or name it with --module",
                built.display()
            )
        })
}

/// The names a wasm module exports (its export section, read as wasm defines it), or why it is
/// no module.
fn exports(wasm: &[u8]) -> Result<Vec<String>, wasmparser::BinaryReaderError> {
    let mut names = Vec::new();
    for payload in wasmparser::Parser::new(0).parse_all(wasm) {
        if let wasmparser::Payload::ExportSection(section) = payload? {
            for export in section {
                names.push(export?.name.to_owned());
            }
        }
    }
    Ok(names)
}

/// The module's bytes, if it is the table's: a wasm module with the table's exports, and not
/// the differential's build (whose bare judge looks a word up without a slip).
fn read_module(path: &Path) -> Result<Vec<u8>, String> {
    let wasm = wordjudge::base::fsutil::read_regular(path, 64 * 1024 * 1024)
        .map_err(|e| format!("cannot read the judge's module {}: {e}", path.display()))?;
    let not_the_module = || {
        format!(
            "{} is not the table judge's module (wordjudge_web.wasm, built for wasm32-unknown-unknown)",
            path.display()
        )
    };
    let exports = exports(&wasm).map_err(|_| not_the_module())?;
    let has = |name: &str| exports.iter().any(|e| e == name);
    if !has("wj_open") || !has("wj_view") {
        return Err(not_the_module());
    }
    // The page of this wordjudge calls it: a module built before it would fail in the browser.
    if !has("wj_newest") {
        return Err(format!(
            "{} is the table judge's module of an earlier wordjudge (it has no wj_newest): build it again with this one",
            path.display()
        ));
    }
    if has("wj_judge") {
        return Err(format!(
            "{} was built with the `differential` feature, whose bare judge looks words up without a slip: build it again without that feature",
            path.display()
        ));
    }
    Ok(wasm)
}

/// The event's name, from the bundle's manifest.
fn event_name(bytes: &[u8], path: &Path) -> Result<String, String> {
    wordjudge::event::bundle::from_site_bytes(bytes, path)
        .map(|b| b.manifest.name)
        .map_err(|e| e.to_string())
}

/// `output` made ready: a new or empty folder, or a site written before (its files are
/// replaced); never another folder's files.
fn prepare_folder(output: &Path) -> Result<(), String> {
    match std::fs::read_dir(output) {
        Ok(mut entries) => {
            if entries.next().is_some() && !output.join(SITE).is_file() {
                return Err(format!(
                    "{} holds files but no {SITE}: it is not a site this command wrote; choose a new or empty folder",
                    output.display()
                ));
            }
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => std::fs::create_dir_all(output)
            .map_err(|e| format!("cannot make the folder {}: {e}", output.display())),
        Err(e) => Err(format!("{}: {e}", output.display())),
    }
}

fn report(output: &Path, files: &[(String, Vec<u8>)], event: &str, table: &Table, module: &Path) {
    let total: usize = files.iter().map(|(_, d)| d.len()).sum();
    outln!(
        "wrote the table judge's site for event {event:?} (fingerprint {}) to {}: {} files, {total} bytes",
        table.fingerprint,
        output.display(),
        files.len()
    );
    outln!("  the judge's module: {}", module.display());
    outln!(
        "put the folder on any web server (HTTPS, or a laptop's http://localhost, for it to work offline after the first visit); every screen shows the fingerprint {}",
        table.fingerprint
    );
}
