//! `wordjudge event pack | install | status | round`: one bundle for every station of an event.

use std::path::Path;

use wordjudge::config::{Config, Document, MAX_ROUND};
use wordjudge::event::signing::{PublicKey, SigningKey};
use wordjudge::event::{self, bundle, install};
use wordjudge::service::{InService, ReadBack};

use super::{CmdResult, Outcome};

pub fn pack(config_path: &Path, output: &Path, key: &Path) -> CmdResult {
    // Never over one of the station's own files (issue 27: `-o slips.jsonl` replaced the log).
    Document::read(config_path)?
        .station_map()
        .refuse_output(output, "the bundle")?;
    let key = SigningKey::load(key)?;
    let packed = bundle::pack(config_path, &wordjudge::clock::now_utc(), &key)?;
    wordjudge::fsutil::write_atomically(output, &packed.bytes)
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

pub fn trust(key: &str, dir: &Path) -> CmdResult {
    let key = PublicKey::from_arg(key)?;
    let config = dir.join(wordjudge::config::DEFAULT_PATH);
    let before = PublicKey::trusted_by(&config).ok().flatten();
    key.trust_at(&config)?;
    match before {
        Some(old) if old != key => outln!(
            "station in {} now trusts key {} (it trusted key {})",
            dir.display(),
            key.id(),
            old.id()
        ),
        _ => outln!("station in {} trusts key {}", dir.display(), key.id()),
    }
    Ok(Outcome::Success)
}

pub fn install(bundle_path: &Path, station: &str, dir: &Path, trust: Option<&str>) -> CmdResult {
    let trust = trust.map(PublicKey::from_arg).transpose()?;
    let installed = install::install(bundle_path, station, dir, trust.as_ref())?;
    for path in &installed.written {
        outln!("wrote {}", path.display());
    }
    outln!(
        "installed event {:?} as station {} in {}: every file matched the bundle and every division passed the in-service check",
        installed.name,
        installed.config.station.id,
        dir.display()
    );
    outln!("event fingerprint: {}", installed.fingerprint);
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
    let mut doc = Document::edit(config_path)?;
    if doc.is_new() {
        return Err(format!("{} does not exist", config_path.display()).into());
    }
    doc.record_round(round)?;
    doc.check()?;
    doc.write()?;
    match round {
        Some(r) => outln!("round {r}: every slip from now on carries it"),
        None => outln!("no round: slips from now on carry none"),
    }
    Ok(Outcome::Success)
}
