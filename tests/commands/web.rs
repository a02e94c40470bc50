//! `wordjudge web build` through the real binary: the table judge's site written from a signed
//! bundle (every file, the service worker naming them all, `site.json` naming the event), and
//! refused — writing nothing — where it would not judge: another key, a module that can look a
//! word up aside, something that is no module, a folder that is not a site. And `slips verify
//! --log` on a copy of a log. The page in a browser is `.ci/e2e-web`.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use crate::tar_entries;
use common::{at, director_key, packed, prepared, run};

/// A stand-in for the judge's module: what `web build` checks of it (a wasm module with the
/// table's exports), not a module that judges; `extra` (a name) is exported too.
fn module(dir: &Path, extra: &str) -> PathBuf {
    let path = dir.join(format!("module{}.wasm", extra.len()));
    let mut names = vec!["wj_open", "wj_view", "wj_newest"];
    names.extend(extra.split_whitespace());
    fs::write(&path, common::wasm_module(&names)).unwrap();
    path
}

fn build(bundle: &Path, trust: &str, out: &Path, module: &Path) -> common::Run {
    run(&[
        "web",
        "build",
        "--bundle",
        bundle.to_str().unwrap(),
        "--trust",
        trust,
        "-o",
        out.to_str().unwrap(),
        "--module",
        module.to_str().unwrap(),
    ])
}

#[test]
fn the_site_holds_the_page_the_module_the_bundle_and_the_key_and_its_worker_caches_them_all() {
    let tmp = tempfile::tempdir().unwrap();
    let (bundle, fp) = packed(tmp.path());
    let module = module(tmp.path(), "");
    let site = tmp.path().join("site");
    build(&bundle, director_key().1, &site, &module)
        .code(0)
        .stdout_has(&fp);
    // The site's bundle is the signed bundle without the member holding the PIN's hash (issue
    // 49, finding 3: `tar xOf site/event.tar kiosk.toml` showed it): every other entry, the
    // manifest and its signature included, byte for byte.
    let on_site = tar_entries(&fs::read(site.join("event.tar")).unwrap());
    let packed_entries = tar_entries(&fs::read(&bundle).unwrap());
    assert!(packed_entries.iter().any(|(p, _)| p == "director-pin.txt"));
    let without: Vec<_> = packed_entries
        .into_iter()
        .filter(|(p, _)| p != "director-pin.txt")
        .collect();
    assert_eq!(on_site, without);
    for (name, data) in on_site.iter().chain(site_files(&site).iter()) {
        assert!(
            !String::from_utf8_lossy(data).contains("$argon2"),
            "{name} carries the PIN's hash"
        );
    }
    assert_eq!(
        fs::read(site.join("wordjudge.wasm")).unwrap(),
        fs::read(&module).unwrap()
    );
    let key = fs::read_to_string(site.join("director.pub")).unwrap();
    assert_eq!(
        key,
        fs::read_to_string(director_key().1)
            .unwrap()
            .replace("\r", "")
    );
    let json: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(site.join("site.json")).unwrap()).unwrap();
    assert_eq!(json["fingerprint"], fp.as_str());
    assert_eq!(json["bundle"], "event.tar");
    // The page's words before its module runs, from the catalogues (issue 51, item 6).
    let words: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(site.join("words.json")).unwrap()).unwrap();
    assert_eq!(words["ca"]["out_of_service"], "FORA DE SERVEI");
    let worker = fs::read_to_string(site.join("sw.js")).unwrap();
    assert!(!worker.contains("__VERSION__") && !worker.contains("__FILES__"));
    // Its cache is named by the site's scope and the event (issue 49: another site on the same
    // host keeps its own).
    assert!(
        worker.contains(&format!("`wordjudge-${{SCOPE}}-{fp}-")),
        "{worker}"
    );
    let mut names: Vec<String> = fs::read_dir(&site)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    for name in &names {
        assert!(
            worker.contains(&format!("\"{name}\"")),
            "sw.js does not cache {name}"
        );
    }
    assert_eq!(names.len(), 14, "{names:?}");
    // The same folder again (the next build of the site): replaced, and the worker is new.
    fs::write(site.join("kept.txt"), "a file of the director's").unwrap();
    let other = self::module(tmp.path(), "2");
    build(&bundle, director_key().1, &site, &other).code(0);
    assert_ne!(fs::read_to_string(site.join("sw.js")).unwrap(), worker);
    assert!(site.join("kept.txt").exists());
}

#[test]
fn a_site_that_would_not_judge_or_a_folder_that_is_not_a_site_is_refused_and_nothing_written() {
    let tmp = tempfile::tempdir().unwrap();
    let (bundle, _) = packed(tmp.path());
    let module = module(tmp.path(), "");
    let site = tmp.path().join("site");
    // Another key than the one that signed the bundle: opened as the browser opens it.
    let other = tmp.path().join("other.key");
    wordjudge::event::signing::SigningKey::generate(&other).unwrap();
    let other_pub = wordjudge::event::signing::public_path(&other);
    build(&bundle, other_pub.to_str().unwrap(), &site, &module)
        .code(2)
        .stderr_has("would be out of service")
        .stderr_has("not the event the site was built for");
    assert!(!site.exists());
    // A module with the differential's bare judge: a word looked up without a slip.
    let bare = self::module(tmp.path(), "wj_judge");
    build(&bundle, director_key().1, &site, &bare)
        .code(2)
        .stderr_has("differential");
    // Not a module at all.
    let text = tmp.path().join("notes.wasm");
    fs::write(&text, "not a module").unwrap();
    build(&bundle, director_key().1, &site, &text)
        .code(2)
        .stderr_has("is not the table judge's module");
    assert!(!site.exists());
    // A module that only names the table's exports in its bytes (a custom section), exporting
    // something else: its exports are what count.
    let mut named = common::wasm_module(&["main"]);
    let payload = b"\x05notes wj_open wj_view";
    named.push(0); // a custom section
    named.push(payload.len() as u8);
    named.extend_from_slice(payload);
    let named_path = tmp.path().join("named.wasm");
    fs::write(&named_path, named).unwrap();
    build(&bundle, director_key().1, &site, &named_path)
        .code(2)
        .stderr_has("is not the table judge's module");
    assert!(!site.exists());
    // A folder of other files.
    let photos = tmp.path().join("photos");
    fs::create_dir(&photos).unwrap();
    fs::write(photos.join("board.jpg"), "jpeg").unwrap();
    build(&bundle, director_key().1, &photos, &module)
        .code(2)
        .stderr_has("not a site this command wrote");
    assert_eq!(fs::read_dir(&photos).unwrap().count(), 1);
}

#[test]
fn slips_verify_reads_a_log_given_by_its_path_and_names_a_changed_slip() {
    let tmp = tempfile::tempdir().unwrap();
    let config = prepared(tmp.path());
    at(&config, &["judge", "QI", "ZA"]).code(0);
    at(&config, &["judge", "CAT", "ZZZ"]).code(1);
    let copy = tmp.path().join("copy.jsonl");
    fs::copy(tmp.path().join("slips.jsonl"), &copy).unwrap();
    fs::copy(
        tmp.path().join("slips.jsonl.head"),
        tmp.path().join("copy.jsonl.head"),
    )
    .unwrap();
    // No kiosk.toml is needed where the director reads a copy.
    let elsewhere = tempfile::tempdir().unwrap();
    common::run_in(
        elsewhere.path(),
        &["slips", "verify", "--log", copy.to_str().unwrap()],
    )
    .code(0)
    .stdout_has("2 record(s); numbering, seals and chain intact");
    let text = fs::read_to_string(&copy)
        .unwrap()
        .replacen("\"QI\"", "\"QO\"", 1);
    fs::write(&copy, text).unwrap();
    run(&["slips", "verify", "--log", copy.to_str().unwrap()])
        .code(1)
        .stdout_has("FIRST BAD SLIP: slip 1");
}

/// Every file of a site folder: its name and bytes.
fn site_files(site: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    fs::read_dir(site)
        .unwrap()
        .flatten()
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// Issue 51, finding 2: nothing told the players what to compare. With `--url`, a poster for
/// the tables is written beside the site: the address (as text and as a QR code, which
/// `.ci/e2e-web` reads back with zbarimg), the event's name, when it was packed and its
/// fingerprint; the service worker does not serve it; a build without `--url` leaves no poster
/// of the last event behind; an address a phone cannot open is refused.
#[test]
fn with_an_address_a_poster_for_the_tables_names_the_event_and_its_fingerprint() {
    let tmp = tempfile::tempdir().unwrap();
    let (bundle, fp) = packed(tmp.path());
    let module = module(tmp.path(), "");
    let site = tmp.path().join("site");
    let url = "https://club.example/judge/";
    let mut args = vec!["web", "build", "--bundle", bundle.to_str().unwrap()];
    args.extend(["--trust", director_key().1, "-o", site.to_str().unwrap()]);
    args.extend(["--module", module.to_str().unwrap()]);
    let with_url = [args.clone(), vec!["--url", url]].concat();
    run(&with_url).code(0).stdout_has("poster.html");
    let json: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(site.join("site.json")).unwrap()).unwrap();
    let name = json["event"].as_str().unwrap().to_owned();
    let poster = fs::read_to_string(site.join("poster.html")).unwrap();
    for needle in [url, fp.as_str(), name.as_str(), "<svg", "Judge challenges"] {
        assert!(poster.contains(needle), "{needle} not in the poster");
    }
    let worker = fs::read_to_string(site.join("sw.js")).unwrap();
    assert!(!worker.contains("poster.html"), "{worker}");
    run(&args)
        .code(0)
        .stdout_has("no poster for the tables: give --url");
    assert!(!site.join("poster.html").exists());
    let bad = [args.clone(), vec!["--url", "club judge"]].concat();
    run(&bad)
        .code(2)
        .stderr_has("is not an address a phone opens");
}

/// Issue 51, finding 8: handing a device's log over was two downloads (the log and its head).
/// Save the log now gives one file (`.wjlog`, `sliplog::device_file`), which `slips verify
/// --log` and `slips merge` read as the log and its head; one of a later version is refused by
/// its number. Made here from the golden device log (the page's own is `.ci/e2e-web`'s).
#[test]
fn a_devices_log_handed_over_as_one_file_verifies_and_merges() {
    let tmp = tempfile::tempdir().unwrap();
    let golden = common::root().join("tests/golden/2026-11-29b");
    let log = fs::read_to_string(golden.join("devices/table-PEEQ-DOBK.jsonl")).unwrap();
    let head = fs::read_to_string(golden.join("devices/table-PEEQ-DOBK.jsonl.head")).unwrap();
    let text = wordjudge::sliplog::device_file::write(
        "table-PEEQ-DOBK",
        "PWFK-XWRY-SWR2-MEOK",
        &log,
        &head,
    );
    let file = tmp
        .path()
        .join("wordjudge-table-PEEQ-DOBK-PWFK-XWRY-SWR2-MEOK.wjlog");
    fs::write(&file, &text).unwrap();
    let r = run(&["slips", "verify", "--log", file.to_str().unwrap()]).code(0);
    assert!(
        r.stdout
            .contains("table device table-PEEQ-DOBK's log of event PWFK-XWRY-SWR2-MEOK")
            && r.stdout
                .contains("3 record(s); numbering, seals and chain intact"),
        "{}",
        r.stdout
    );
    let roster = golden.join("roster.txt");
    run(&[
        "slips",
        "merge",
        file.to_str().unwrap(),
        "--roster",
        roster.to_str().unwrap(),
    ])
    .code(0)
    .stdout_has("merged: 3 slip(s) from 1 of 1 log(s) (1 of them table devices' logs");
    let later = tmp.path().join("later.wjlog");
    fs::write(&later, text.replace("\"version\":1", "\"version\":2")).unwrap();
    run(&["slips", "verify", "--log", later.to_str().unwrap()])
        .code(2)
        .stderr_has("of version 2, which this wordjudge");
}
