//! `wordjudge event pack | install | status | round`: one bundle for every station of an event.

use std::path::Path;

use wordjudge::config::service::{InService, ReadBack};
use wordjudge::config::{Config, Document, MAX_ROUND};
use wordjudge::event::signing::{PublicKey, SigningKey};
use wordjudge::event::{self, bundle, install};

use super::{CmdResult, Outcome};

/// When the bundle is packed: now, or `SOURCE_DATE_EPOCH` (seconds since 1970, UTC) when it is
/// set, as reproducible builds set it: the same folder packed twice then gives the same bundle.
fn packing_time() -> Result<wordjudge::base::clock::Timestamp, String> {
    match std::env::var("SOURCE_DATE_EPOCH") {
        Err(_) => Ok(wordjudge::base::clock::stamp()),
        Ok(text) => text
            .trim()
            .parse::<i64>()
            .ok()
            .and_then(|s| wordjudge::base::clock::Timestamp::from_second(s).ok())
            .ok_or_else(|| {
                format!(
                    "SOURCE_DATE_EPOCH is {:?}, not a number of seconds since 1970: unset it, or set it to one (date +%s)",
                    wordjudge::base::text::shown(&text)
                )
            }),
    }
}

pub fn pack(config_path: &Path, output: &Path, key: &Path) -> CmdResult {
    // Never over one of the station's own files (issue 27: `-o slips.jsonl` replaced the log).
    Document::read(config_path)?
        .station_map()
        .refuse_output(output, "the bundle")?;
    let key = SigningKey::load(key)?;
    let packed = bundle::pack(config_path, &packing_time()?.to_string(), &key)?;
    wordjudge::base::fsutil::write_atomically(output, &packed.bytes)
        .map_err(|e| format!("cannot write the bundle {}: {e}", output.display()))?;
    outln!(
        "packed event {:?}: {} file(s), {} bytes, into {}",
        packed.manifest.name,
        packed.manifest.files.len(),
        packed.bytes.len(),
        output.display()
    );
    for f in &packed.manifest.files {
        outln!(
            "  {}  {} bytes  SHA-256 {}",
            f.path,
            f.bytes,
            &f.sha256[..12]
        );
    }
    outln!("event fingerprint: {}", packed.fingerprint);
    outln!("signed by key {}", packed.key_id);
    outln!(
        "install it on each station with `wordjudge event install {} --station ID --trust KEY` (KEY: your .pub file, the first time); each shows this fingerprint",
        output.display()
    );
    Ok(Outcome::Success)
}

pub fn key_new(output: &Path) -> CmdResult {
    let key = SigningKey::generate(output)?;
    let public = key.public();
    outln!(
        "wrote the secret key {} (keep it off the stations)",
        output.display()
    );
    outln!(
        "wrote the public key {}",
        wordjudge::event::signing::public_path(output).display()
    );
    outln!("key id: {}", public.id());
    outln!("public key (give it to each station with --trust):");
    outln!(
        "{}",
        public.to_file_text().lines().last().unwrap_or_default()
    );
    Ok(Outcome::Success)
}

/// Makes the station in `dir` trust `key`. At a station that trusts none yet, that is all; a
/// trusted key is replaced only with its own endorsement of the new one (`endorsement`, by
/// default `KEY.minisig` beside the key's file), or by root with the director's PIN (`pin`):
/// never on the word of whoever runs the command (the station's own account, say).
pub fn trust(key: &str, dir: &Path, endorsement: Option<&Path>, pin: bool) -> CmdResult {
    let new = PublicKey::from_arg(key)?;
    let config = dir.join(wordjudge::config::DEFAULT_PATH);
    let before = PublicKey::trusted_by(&config)?;
    match &before {
        None => {}
        Some(old) if *old == new => {
            outln!(
                "station in {} trusts key {} already",
                dir.display(),
                new.id()
            );
            return Ok(Outcome::Success);
        }
        Some(old) if pin => replace_with_pin(&config, old, &new)?,
        Some(old) => endorsed(old, &new, key, endorsement)?,
    }
    new.trust_at(&config)?;
    match before {
        Some(old) => outln!(
            "station in {} now trusts key {} (it trusted key {})",
            dir.display(),
            new.id(),
            old.id()
        ),
        None => outln!("station in {} trusts key {}", dir.display(), new.id()),
    }
    Ok(Outcome::Success)
}

/// The trusted key `old` endorses `new` (given as `arg`): its signature of the new key's file.
fn endorsed(
    old: &PublicKey,
    new: &PublicKey,
    arg: &str,
    given: Option<&Path>,
) -> Result<(), String> {
    let file = Path::new(arg);
    let default = wordjudge::base::layout::signature_path(file);
    let signature_path = given.unwrap_or(&default);
    let refused = |why: String| {
        format!(
            "this station trusts key {}; replacing it with key {} needs the trusted key's endorsement of the new one — {why} (make it where the old secret key is: `wordjudge event key endorse {arg} --key OLD.key`), or, as root, --pin and the director's PIN",
            old.id(),
            new.id()
        )
    };
    if !file.is_file() {
        return Err(refused(
            "give the new key as its .pub file, whose endorsement is beside it".into(),
        ));
    }
    let data = wordjudge::base::fsutil::read_regular(file, 4096)
        .map_err(|e| format!("{}: {e}", file.display()))?;
    let signature = match wordjudge::base::fsutil::read_regular_to_string(signature_path, 4096) {
        Ok(s) => s,
        Err(e) => return Err(refused(format!("{}: {e}", signature_path.display()))),
    };
    old.verify_of(
        &data,
        &signature,
        &format!("{} (the new key)", file.display()),
    )
    .map_err(refused)
}

/// Replacing the trusted key without its endorsement: only root, with the director's PIN.
fn replace_with_pin(config: &Path, old: &PublicKey, new: &PublicKey) -> Result<(), String> {
    if !super::util::is_root() {
        return Err(format!(
            "replacing the trusted key {} with {} by the director's PIN needs root: run it as root (on a packaged station: sudo)",
            old.id(),
            new.id()
        ));
    }
    let hash = Config::read(config)
        .map_err(|e| e.to_string())?
        .station
        .director_pin
        .ok_or("the station has no director PIN: replace the key with the old key's endorsement")?;
    let pin = super::util::read_secret("The director's PIN: ")?;
    if !hash.matches(pin.trim()) {
        return Err("that is not the director's PIN: the trusted key is unchanged".into());
    }
    Ok(())
}

/// Writes `NEW.minisig`: the secret key at `key`'s signature of the public key file `new`.
pub fn key_endorse(new: &Path, key: &Path) -> CmdResult {
    let key = SigningKey::load(key)?;
    let text = wordjudge::base::fsutil::read_regular(new, 4096)
        .map_err(|e| format!("{}: {e}", new.display()))?;
    let next = PublicKey::parse(&String::from_utf8_lossy(&text))?;
    let signature = key.sign(
        &text,
        &format!(
            "wordjudge: trust key {} instead of key {}",
            next.id(),
            key.public().id()
        ),
    )?;
    let out = wordjudge::base::layout::signature_path(new);
    wordjudge::base::fsutil::write_atomically(&out, signature.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    outln!(
        "wrote {}: key {} endorses key {}; at each station: `wordjudge event trust {}`",
        out.display(),
        key.public().id(),
        next.id(),
        new.display()
    );
    Ok(Outcome::Success)
}

/// Adds `line` to the text file at `path` (made if missing), unless it holds it already.
fn append_line(path: &Path, line: &str) -> Result<(), String> {
    let text = match wordjudge::base::fsutil::read_regular_to_string(path, 1024 * 1024) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    if text.lines().any(|l| l.trim() == line) {
        return Ok(());
    }
    let mut text = text;
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(line);
    text.push('\n');
    wordjudge::base::fsutil::write_atomically(path, text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

pub struct InstallArgs<'a> {
    pub bundle: &'a Path,
    pub station: &'a str,
    pub dir: &'a Path,
    pub trust: Option<&'a str>,
    pub older: bool,
    pub roster: Option<&'a Path>,
}

pub fn install(args: InstallArgs) -> CmdResult {
    let (bundle_path, dir) = (args.bundle, args.dir);
    let trust = args.trust.map(PublicKey::from_arg).transpose()?;
    let installed =
        install::install_with(bundle_path, args.station, dir, trust.as_ref(), args.older)?;
    for path in &installed.written {
        outln!("wrote {}", path.display());
    }
    let line = format!("{} {}", installed.config.station.id, installed.station_key);
    outln!(
        "station key: {} (the roster's line for this station: `{line}`)",
        installed.station_key
    );
    if let Some(roster) = args.roster {
        append_line(roster, &line)?;
        outln!("added `{line}` to the roster {}", roster.display());
    }
    outln!(
        "installed event {:?} as station {} in {}: every file matched the bundle and every division passed the in-service check",
        installed.name,
        installed.config.station.id,
        dir.display()
    );
    outln!("event fingerprint: {}", installed.fingerprint);
    super::event_stick::past_log(&installed);
    Ok(Outcome::Success)
}

pub fn status(config_path: &Path) -> CmdResult {
    let config = Config::read(config_path)?;
    let Some(status) = event::status(&config)? else {
        outln!(
            "station {}: not installed from an event bundle (no event.toml beside {})",
            config.station.id,
            config_path.display()
        );
        return Ok(Outcome::Negative);
    };
    outln!("event {:?}", status.name);
    outln!("event fingerprint: {}", status.fingerprint);
    if let Some(key) = &status.signed_by {
        outln!("signed by key {key}, which this station trusts");
    }
    outln!("station: {}", config.station.id);
    let key_path = wordjudge::base::layout::station_key_path(config_path);
    match wordjudge::sliplog::signature::StationKey::load(&key_path) {
        Ok(Some(key)) => outln!(
            "station key: {} (the roster's line: {} {})",
            key.public().id(),
            config.station.id,
            key.public().id()
        ),
        Ok(None) => outln!("station key: none (its slips are not signed)"),
        Err(e) => outln!("station key: {}", wordjudge::base::text::shown(&e)),
    }
    outln!(
        "round: {}",
        config
            .event
            .round
            .map_or("not set".to_owned(), |r| r.to_string())
    );
    let mut check = InService::new(ReadBack::Once);
    let mut in_service = true;
    for lexicon in config.lexicons.values() {
        let state = match check.lexicon(&config, &lexicon.code) {
            Ok(_) => "in service".to_owned(),
            Err(e) => {
                in_service = false;
                format!("OUT OF SERVICE: {e}")
            }
        };
        outln!(
            "lexicon {}: {} ({}): {state}",
            lexicon.code,
            lexicon.edition.as_deref().unwrap_or("edition not recorded"),
            lexicon.title
        );
    }
    if status.changed.is_empty() {
        outln!("files: exactly the event's");
    }
    for change in &status.changed {
        outln!("CHANGED HERE: {change}");
    }
    Ok(if status.changed.is_empty() && in_service {
        Outcome::Success
    } else {
        Outcome::Negative
    })
}

pub fn round(config_path: &Path, round: u32) -> CmdResult {
    if round > MAX_ROUND {
        return Err(format!("the round must be 1 to {MAX_ROUND}, or 0 for none").into());
    }
    let round = (round > 0).then_some(round);
    // Beside kiosk.toml, as the station records it in director mode (kiosk.toml may be read-only
    // to the station's account).
    Config::read(config_path)?;
    wordjudge::config::StationState::update(config_path, |s| s.round = Some(round))?;
    match round {
        Some(r) => outln!("round {r}: every slip from now on carries it"),
        None => outln!("no round: slips from now on carry none"),
    }
    Ok(Outcome::Success)
}

/// `event first-boot`: the stick's event installed, or why not written to the station's install
/// report (which its OUT OF SERVICE screen shows) and to the console, as plain text. A stick that
/// names no station: the event is checked and waits for the director to give this machine's
/// number on screen (`layout::NUMBER_WANTED`); `--station N` is that number, given.
pub fn first_boot(dir: &Path, trust: &Path, sticks: &[String], station: Option<u32>) -> CmdResult {
    use wordjudge::event::first_boot::{first_boot, first_install_as, FirstBoot};
    let sticks = super::event_stick::sticks(sticks);
    let config = dir.join(wordjudge::config::DEFAULT_PATH);
    let report = wordjudge::base::layout::install_report_path(&config);
    let wanted = wordjudge::base::layout::number_wanted_path(&config);
    let done = match station {
        Some(n) => {
            first_install_as(dir, trust, &sticks, n).map(|i| FirstBoot::Installed(Box::new(i)))
        }
        None => first_boot(dir, trust, &sticks),
    };
    match done {
        Ok(FirstBoot::Installed(installed)) => {
            let _ = std::fs::remove_file(&report);
            let _ = std::fs::remove_file(&wanted);
            outln!(
                "installed event {:?} (fingerprint {}) as station {}; station key {}",
                wordjudge::base::text::shown(&installed.name),
                installed.fingerprint,
                installed.config.station.id,
                installed.station_key
            );
            Ok(Outcome::Success)
        }
        Ok(FirstBoot::NumberWanted { event, fingerprint }) => {
            let _ = std::fs::remove_file(&report);
            let name = wordjudge::base::text::shown(&event).into_owned();
            wordjudge::base::nolink::replace(&wanted, format!("{name}\n").as_bytes())
                .map_err(|e| format!("{}: {e}", wanted.display()))?;
            outln!(
                "event {name:?} (fingerprint {fingerprint}) checked: the station asks for its number on screen"
            );
            Ok(Outcome::Success)
        }
        Err(why) => {
            let why = wordjudge::base::text::shown(&why).into_owned();
            wordjudge::base::nolink::replace(&report, format!("{why}\n").as_bytes()).map_err(
                |e| {
                    format!(
                        "{why} (and the install report {} could not be written: {e})",
                        report.display()
                    )
                },
            )?;
            outln!("nothing installed: {why}");
            Ok(Outcome::Negative)
        }
    }
}
