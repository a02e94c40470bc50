//! Printed dockets, end to end through the real binary: a play judged with `wordjudge judge`,
//! then `wordjudge slips print 1` — to a CUPS queue of a private print server whose cups-pdf PDF
//! is read back as text (`tests/common/cups.rs`), and to an ESC/POS "device" (a regular file)
//! whose bytes are decoded — and its refusals: no printer, no such slip, no such queue, no
//! server.
//!
//! What a docket holds is pinned by `crates/docket/src/lib.rs`'s unit tests; here, that the whole docket
//! reaches the printer intact, and never the per-word detail.

use crate::common;

use std::fs;
use std::path::Path;
use std::time::Duration;

use tempfile::TempDir;
use wordjudge::sliplog::Slip;

const EVENT: &str = "Spring Open 2026";

/// How long a refused print may take in these tests: well under `print::PRINT_TIMEOUT`, so a
/// refusal that only came from the timeout fails them.
const QUICK: Duration = Duration::from_secs(10);

/// The demo station (lexicon DEMO), with a station id no other run shares (it names the print
/// job, and so the PDF), `[event] name` and `printer` as the `[printer]` section's one line.
fn station(printer: &str) -> (TempDir, String) {
    let dir = common::demo_station();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let id = format!("print-{}-{nanos}", std::process::id());
    let config = dir.path().join("kiosk.toml");
    let text = fs::read_to_string(&config).unwrap();
    assert!(text.contains("id = \"demo-station\""));
    let text = text.replacen("id = \"demo-station\"", &format!("id = \"{id}\""), 1);
    let text = format!("{text}\n[event]\nname = \"{EVENT}\"\n\n[printer]\n{printer}\n");
    fs::write(&config, text).unwrap();
    (dir, id)
}

/// `wordjudge --config DIR/kiosk.toml ARGS...`, in the station's directory.
fn wordjudge(dir: &Path, args: &[&str]) -> assert_cmd::Command {
    let mut cmd = common::wordjudge();
    cmd.current_dir(dir)
        .arg("--config")
        .arg(dir.join("kiosk.toml"))
        .args(args)
        .timeout(QUICK);
    cmd
}

/// Judges QI QA (unacceptable: QA is not a word of DEMO) as slip 1, and returns the slip.
fn judge_an_unacceptable_play(dir: &Path) -> Slip {
    let output = wordjudge(dir, &["judge", "QI", "QA"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let log = fs::read_to_string(dir.join("slips.jsonl")).unwrap();
    let slip: Slip = serde_json::from_str(log.lines().next().unwrap()).unwrap();
    assert_eq!((slip.slip, slip.words.len()), (1, 2));
    assert!(
        slip.detail.iter().any(|f| !f.acceptable),
        "the detail names the failing word: {slip:?}"
    );
    slip
}

/// The docket `slips print` should have printed for `slip`.
fn expected_docket(slip: &Slip) -> Vec<String> {
    wordjudge::docket::docket(slip, Some(EVENT), &wordjudge::base::clock::machine_zone())
        .lines()
        .to_vec()
}

/// Each line with its runs of spaces made one and its ends trimmed; blank lines left out.
fn squeezed(lines: impl IntoIterator<Item = impl AsRef<str>>) -> Vec<String> {
    lines
        .into_iter()
        .map(|l| l.as_ref().split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect()
}

/// What the docket must say of slip 1, and what it must never say.
fn assert_docket_of_slip_1(lines: &[String], slip: &Slip, station: &str) {
    let text = lines.join("\n");
    let seal = &slip.seal[..16];
    for needle in [
        format!("Event {EVENT}"),
        format!("Station {station}"),
        "Slip 1".to_owned(),
        "Division demo".to_owned(),
        "Words (2):".to_owned(),
        "QI QA".to_owned(),
        "VERDICT: UNACCEPTABLE".to_owned(),
        format!("Seal {seal}"),
        format!("--anchor 1:{seal}"),
    ] {
        assert!(lines.contains(&needle), "no line {needle:?} in:\n{text}");
    }
    // The detail (which word failed, which lexicon accepted which) is nowhere: each word once,
    // on the one line of words, and no word marked.
    assert_eq!(text.matches("QA").count(), 1, "{text}");
    assert_eq!(text.matches("QI").count(), 1, "{text}");
    assert!(!text.to_lowercase().contains("not acceptable"), "{text}");
    assert!(!text.contains("found"), "{text}");
}

#[test]
fn a_docket_printed_through_cups_holds_the_slip_its_seal_and_never_the_detail() {
    let Some(cups) = common::cups::Cups::start() else {
        return;
    };
    let (dir, station) = station(&format!("cups_queue = \"{}\"", common::cups::QUEUE));
    let slip = judge_an_unacceptable_play(dir.path());
    let output = wordjudge(dir.path(), &["slips", "print", "1"])
        .env("CUPS_SERVER", cups.socket())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{output:?}\n{}", cups.logs());
    assert!(stdout.contains("CUPS queue wordjudge-pdf"), "{stdout}");

    let text = cups.pdf_text(&format!("wordjudge {station} slip 1"));
    let printed = squeezed(text.lines());
    assert_docket_of_slip_1(&printed, &slip, &station);
    // And the whole docket, line for line (the PDF's layout aside).
    assert_eq!(printed, squeezed(expected_docket(&slip)));
}

/// A Polish division's docket (issue 29): its labels and verdict in Polish, printed through the
/// private CUPS server and read back from the PDF; every character as the docket rules say —
/// ASCII, a letter the receipt cannot print written as its letter and `'` (`RÓŻA` → `RO'Z'A`).
#[test]
fn a_polish_divisions_docket_printed_through_cups_is_in_polish_and_ascii() {
    let Some(cups) = common::cups::Cups::start() else {
        return;
    };
    let (dir, station) = station(&format!("cups_queue = \"{}\"", common::cups::QUEUE));
    let list = Path::new(env!("CARGO_MANIFEST_DIR")).join("lexicons/alphabets/polish.txt");
    let added = wordjudge(dir.path(), &["lexicon", "add", "OSPS"])
        .arg(&list)
        .args(["--alphabet", "polish"])
        .output()
        .unwrap();
    assert_eq!(added.status.code(), Some(0), "{added:?}");
    let config = dir.path().join("kiosk.toml");
    let mut text = fs::read_to_string(&config).unwrap();
    text.push_str(
        "\n[divisions.polski]\ntitle = \"Grupa A\"\nprimary = \"OSPS\"\nlanguage = \"pl\"\n",
    );
    fs::write(&config, text).unwrap();
    let judged = wordjudge(
        dir.path(),
        &["judge", "--division", "polski", "RÓŻA", "ŻAR", "ŹŹŹ"],
    )
    .output()
    .unwrap();
    assert_eq!(judged.status.code(), Some(1), "{judged:?}");
    let log = fs::read_to_string(dir.path().join("slips.jsonl")).unwrap();
    let slip: Slip = serde_json::from_str(log.lines().next().unwrap()).unwrap();

    let output = wordjudge(dir.path(), &["slips", "print", "1"])
        .env("CUPS_SERVER", cups.socket())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}\n{}", cups.logs());
    let text = cups.pdf_text(&format!("wordjudge {station} slip 1"));
    let printed = squeezed(text.lines());
    let joined = printed.join("\n");
    for needle in [
        // (`wordjudge judge` is the director's ruling.)
        "WORDJUDGE DECYZJA SEDZIEGO".to_owned(),
        "Rozstrzygnal sedzia".to_owned(),
        format!("Turniej {EVENT}"),
        "Kartka 1".to_owned(),
        "Grupa polski".to_owned(),
        "Slowa (3):".to_owned(),
        "RO'Z'A Z'AR Z'Z'Z'".to_owned(),
        "WERDYKT: NIEDOPUSZCZALNE".to_owned(),
        format!("Pieczec {}", &slip.seal[..16]),
    ] {
        assert!(
            printed.contains(&needle),
            "no line {needle:?} in:\n{joined}"
        );
    }
    // The label is longer than English's: the station id wraps in the value's column.
    assert!(
        joined.contains(&format!("Stanowisko {}", &station[..station.len().min(20)])),
        "{joined}"
    );
    assert!(joined.is_ascii(), "{joined}");
    assert!(
        !joined.contains("UNACCEPTABLE") && !joined.contains("Station"),
        "{joined}"
    );
    assert_eq!(
        printed,
        squeezed(
            wordjudge::docket::docket_in(
                &slip,
                Some(EVENT),
                wordjudge::lang::Language::Pl,
                &wordjudge::base::clock::machine_zone()
            )
            .lines()
        )
    );
}

/// One ESC/POS command, as a receipt printer reads it.
#[derive(Debug, PartialEq, Eq)]
enum EscPos {
    /// `ESC @`.
    Init,
    /// Printable characters (and any `LF`s between them).
    Text(String),
    /// `ESC d n`: print, and feed n lines.
    Feed(u8),
    /// `GS V m` (m 0 or 1, or 48, 49), or `GS V m n` (m 65 or 66: feed n, then cut).
    Cut { partial: bool, feed: u8 },
}

/// Decodes `bytes` as the ESC/POS commands a docket may use; anything else fails the test.
fn decode(mut bytes: &[u8]) -> Vec<EscPos> {
    let mut commands = Vec::new();
    while let Some(&first) = bytes.first() {
        let (command, len) = match bytes {
            [0x1b, b'@', ..] => (EscPos::Init, 2),
            [0x1b, b'd', n, ..] => (EscPos::Feed(*n), 3),
            [0x1d, b'V', m @ (0 | 1 | 48 | 49), ..] => (
                EscPos::Cut {
                    partial: m % 2 == 1,
                    feed: 0,
                },
                3,
            ),
            [0x1d, b'V', m @ (65 | 66), n, ..] => (
                EscPos::Cut {
                    partial: *m == 66,
                    feed: *n,
                },
                4,
            ),
            _ if first == b'\n' || (0x20..0x7f).contains(&first) => {
                let len = bytes
                    .iter()
                    .position(|&b| b != b'\n' && !(0x20..0x7f).contains(&b))
                    .unwrap_or(bytes.len());
                let text = String::from_utf8(bytes[..len].to_vec()).unwrap();
                (EscPos::Text(text), len)
            }
            _ => panic!(
                "not an ESC/POS command a docket uses at {:02x?} (after {commands:?})",
                &bytes[..bytes.len().min(8)]
            ),
        };
        commands.push(command);
        bytes = &bytes[len..];
    }
    commands
}

#[test]
fn a_docket_written_to_an_escpos_device_is_init_then_its_lines_then_a_feed_and_a_cut() {
    let device_dir = tempfile::tempdir().unwrap();
    let device = device_dir.path().join("receipt.bin");
    let printer = common::Fifo::new(&device);
    let (dir, station) = station(&format!("escpos_device = {:?}", device.to_str().unwrap()));
    let slip = judge_an_unacceptable_play(dir.path());
    let output = wordjudge(dir.path(), &["slips", "print", "1"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stdout).contains("receipt.bin"));

    let commands = decode(&printer.received());
    assert_eq!(commands.first(), Some(&EscPos::Init), "{commands:?}");
    assert!(
        matches!(commands.last(), Some(EscPos::Cut { partial: false, .. })),
        "{commands:?}"
    );
    // Between them: each line of text printed with a one-line feed, then a feed to the cutter.
    let body = &commands[1..commands.len() - 1];
    let (last, lines) = body.split_last().unwrap();
    assert!(matches!(last, EscPos::Feed(n) if *n >= 1), "{commands:?}");
    let mut printed = Vec::new();
    for pair in lines.chunks(2) {
        match pair {
            [EscPos::Text(line), EscPos::Feed(1)] => printed.push(line.clone()),
            _ => panic!("not a line and its feed: {pair:?} in {commands:?}"),
        }
    }
    assert!(printed.iter().all(|l| l.len() <= 32 && !l.contains('\n')));
    assert_eq!(printed, expected_docket(&slip));
    assert_docket_of_slip_1(&squeezed(&printed), &slip, &station);
}

#[test]
fn slips_print_to_a_queue_the_server_does_not_have_exits_2_naming_it_quickly() {
    let Some(cups) = common::cups::Cups::start() else {
        return;
    };
    let (dir, _) = station("cups_queue = \"no-such-queue\"");
    judge_an_unacceptable_play(dir.path());
    let output = wordjudge(dir.path(), &["slips", "print", "1"])
        .env("CUPS_SERVER", cups.socket())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        stderr.contains("CUPS did not take the docket for queue no-such-queue")
            && stderr.contains("does not exist")
            && stderr.contains("lpstat -p no-such-queue"),
        "{stderr}"
    );
}

#[test]
fn slips_print_with_no_cups_server_running_exits_2_saying_what_to_check_quickly() {
    if !common::tool("lp") {
        return;
    }
    let (dir, _) = station("cups_queue = \"wordjudge-pdf\"");
    judge_an_unacceptable_play(dir.path());
    let nowhere = dir.path().join("no-server.sock");
    let output = wordjudge(dir.path(), &["slips", "print", "1"])
        .env("CUPS_SERVER", &nowhere)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        stderr.contains("queue wordjudge-pdf")
            && stderr.contains(&format!("the CUPS server {}", nowhere.display()))
            && stderr.contains("lpstat -r"),
        "{stderr}"
    );
}

#[test]
fn slips_print_refuses_with_exit_2_without_a_printer_or_the_slip() {
    let dir = common::demo_station();
    judge_an_unacceptable_play(dir.path());
    let output = wordjudge(dir.path(), &["slips", "print", "1"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        stderr.contains("no printer is configured") && stderr.contains("[printer]"),
        "{stderr}"
    );

    let device_dir = tempfile::tempdir().unwrap();
    let device = device_dir.path().join("receipt.bin");
    let printer = common::Fifo::new(&device);
    let (dir, _) = station(&format!("escpos_device = {:?}", device.to_str().unwrap()));
    judge_an_unacceptable_play(dir.path());
    let output = wordjudge(dir.path(), &["slips", "print", "2"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(stderr.contains("there is no slip 2"), "{stderr}");
    assert_eq!(printer.received(), b"", "nothing printed");
}
