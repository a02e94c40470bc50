//! A private CUPS server for one test: its own `cupsd`, run as root in a temporary directory,
//! listening only on a Unix socket there (point `CUPS_SERVER` at [`Cups::socket`]), with a
//! `cups-pdf` queue ([`QUEUE`]) whose PDFs a test reads back as text ([`Cups::pdf_text`]).
//! Dropped, the server is stopped.
//!
//! Everything of the server is in the temporary directory — configuration (`cupsd.conf`,
//! `cups-files.conf`, `printers.conf`), spool, cache, state and logs — except what the cups-pdf
//! backend decides itself: it reads only `/etc/cups/cups-pdf.conf`, so its PDFs go where that
//! file's `Out` says for root's jobs (Debian: `/root/PDF`), shared with any other server. A
//! test finds its own PDF there by the job's title (cups-pdf names the file after it), which it
//! makes unique, and removes it.
//!
//! One part of the chain is the test's own: plain text reaches cups-pdf as PostScript through a
//! small filter (`wordjudge-texttops`, Courier) instead of the system's `texttopdf`, because
//! `texttopdf` embeds its font with glyph numbers for character codes and no `ToUnicode` map, so
//! the text of the PDF cups-pdf makes of it cannot be read back (`pdftotext` gives symbols).
//! Everything else — `lp`, the scheduler, the queue, `pstops`, the cups-pdf backend and
//! Ghostscript — is the system's.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The cups-pdf queue every private server has.
pub const QUEUE: &str = "wordjudge-pdf";

/// Where the system keeps the CUPS programs (`cups-config --serverbin`).
const SYSTEM_SERVER_BIN: &str = "/usr/lib/cups";

/// How long the server may take to start, and a job to become a PDF (Ghostscript, on a busy
/// machine).
const STARTUP: Duration = Duration::from_secs(30);
const JOB: Duration = Duration::from_secs(90);

/// Plain text to PostScript in Courier, one line of text a line of print, as a CUPS filter
/// (`filter job user title copies options [file]`).
const TEXTTOPS: &str = r#"#!/bin/sh
# wordjudge tests: text/plain to PostScript in a standard font, so that cups-pdf's PDF keeps
# the text readable (see tests/common/cups.rs).
# Courier with ' and ` as ASCII has them (StandardEncoding has curly quotes there).
printf '%%!PS\n/Courier findfont dup length dict begin\n'
printf '{ 1 index /FID ne { def } { pop pop } ifelse } forall\n'
printf '/Encoding StandardEncoding 256 array copy dup 39 /quotesingle put dup 96 /grave put def\n'
printf 'currentdict end /Courier-ASCII exch definefont pop\n'
printf '/F { /Courier-ASCII findfont 9 scalefont setfont } def F\n/y 800 def\n'
printf '/L { y 40 lt { showpage F /y 800 def } if 30 y moveto show /y y 11 sub def } def\n'
sed -e 's/[\\()]/\\&/g' -e 's/^.*$/(&) L/' "${6:-/dev/stdin}"
printf 'showpage\n'
"#;

/// A running private CUPS server; stopped when dropped.
pub struct Cups {
    dir: tempfile::TempDir,
    cupsd: Child,
}

impl Cups {
    /// Starts a server with the [`QUEUE`] printing to PDF. `None` (the test is skipped, saying
    /// why) without root or the CUPS, cups-pdf and poppler tools — unless
    /// `WORDJUDGE_REQUIRE_TOOLS=1`, where that fails the test.
    pub fn start() -> Option<Cups> {
        if !super::is_root() {
            return unavailable("this test runs a private cupsd with cups-pdf, which needs root");
        }
        for tool in [
            "cupsd",
            "lpadmin",
            "lpinfo",
            "lpstat",
            "lp",
            "pdftotext",
            "gs",
        ] {
            if !super::tool(tool) {
                return None;
            }
        }
        let backend = Path::new(SYSTEM_SERVER_BIN).join("backend/cups-pdf");
        if !backend.exists() {
            return unavailable(&format!(
                "this test needs the cups-pdf backend ({}, Debian: printer-driver-cups-pdf), which is not installed",
                backend.display()
            ));
        }
        let dir = tempfile::tempdir().expect("temporary directory");
        // The filters run as the user lp: they must reach the filter and the spool in here.
        chmod(dir.path(), 0o755);
        write_configuration(dir.path());
        let cupsd = Command::new("cupsd")
            .arg("-f")
            .arg("-c")
            .arg(dir.path().join("etc/cupsd.conf"))
            .arg("-s")
            .arg(dir.path().join("etc/cups-files.conf"))
            .stdin(Stdio::null())
            .stdout(file(&dir.path().join("log/cupsd.out")))
            .stderr(file(&dir.path().join("log/cupsd.out")))
            .spawn()
            .expect("run cupsd");
        let mut cups = Cups { dir, cupsd };
        cups.wait_until_running();
        cups.add_pdf_queue();
        Some(cups)
    }

    /// The server's socket: the value for `CUPS_SERVER`.
    pub fn socket(&self) -> PathBuf {
        self.dir.path().join("cups.sock")
    }

    /// `program -h SOCKET args...` against this server, which must succeed; its standard output.
    pub fn admin(&self, program: &str, args: &[&str]) -> String {
        let output = Command::new(program)
            .arg("-h")
            .arg(self.socket())
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("run {program}: {e}"));
        assert!(
            output.status.success(),
            "{program} {args:?} failed: {}\n{}",
            String::from_utf8_lossy(&output.stderr),
            self.logs()
        );
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// The text (`pdftotext -layout`) of the PDF cups-pdf made of the one job whose title
    /// contains `title` (as cups-pdf writes it in the file's name: spaces become `_`), waiting
    /// until the queue has finished it; the PDF is removed.
    pub fn pdf_text(&self, title: &str) -> String {
        let out = cups_pdf_output_dir();
        let start = Instant::now();
        let pdf = loop {
            let idle = self.admin("lpstat", &["-o", QUEUE]).trim().is_empty();
            let pdfs = pdfs_titled(&out, title);
            match pdfs.as_slice() {
                [pdf] if idle => break pdf.clone(),
                [_, _, ..] => panic!(
                    "several PDFs in {} match {title:?}: {pdfs:?}",
                    out.display()
                ),
                _ if start.elapsed() > JOB => panic!(
                    "no PDF for the job {title:?} in {} after {JOB:?} (queue idle: {idle})\n{}",
                    out.display(),
                    self.logs()
                ),
                _ => std::thread::sleep(Duration::from_millis(100)),
            }
        };
        let output = Command::new("pdftotext")
            .args(["-layout"])
            .arg(&pdf)
            .arg("-")
            .output()
            .expect("run pdftotext");
        assert!(
            output.status.success(),
            "pdftotext {}: {}",
            pdf.display(),
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::remove_file(&pdf).expect("remove the test's PDF");
        String::from_utf8(output.stdout).expect("pdftotext writes UTF-8")
    }

    /// The end of the server's logs, for a failure message.
    pub fn logs(&self) -> String {
        let mut text = String::new();
        for name in ["cupsd.out", "error_log"] {
            let log =
                std::fs::read_to_string(self.dir.path().join("log").join(name)).unwrap_or_default();
            let lines: Vec<&str> = log.lines().collect();
            let tail = lines[lines.len().saturating_sub(40)..].join("\n");
            text.push_str(&format!("--- {name} (end):\n{tail}\n"));
        }
        text
    }

    fn wait_until_running(&mut self) {
        let start = Instant::now();
        loop {
            if let Ok(Some(status)) = self.cupsd.try_wait() {
                let test = Command::new("cupsd")
                    .arg("-t")
                    .arg("-c")
                    .arg(self.dir.path().join("etc/cupsd.conf"))
                    .arg("-s")
                    .arg(self.dir.path().join("etc/cups-files.conf"))
                    .output()
                    .map(|o| String::from_utf8_lossy(&[o.stdout, o.stderr].concat()).into_owned());
                panic!(
                    "cupsd exited ({status}) at start; `cupsd -t` says: {test:?}\n{}",
                    self.logs()
                );
            }
            let running = self.socket().exists()
                && Command::new("lpstat")
                    .arg("-h")
                    .arg(self.socket())
                    .arg("-r")
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status()
                    .is_ok_and(|s| s.success());
            if running {
                return;
            }
            assert!(
                start.elapsed() < STARTUP,
                "cupsd did not answer within {STARTUP:?}:\n{}",
                self.logs()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Adds [`QUEUE`] with the model printer-driver-cups-pdf installs (`lpinfo -m` names it),
    /// the job's title (not one found in the PostScript) naming its PDF.
    fn add_pdf_queue(&self) {
        let models = self.admin("lpinfo", &["-m"]);
        let model = models
            .lines()
            .filter_map(|l| l.split_whitespace().next())
            .find(|m| m.ends_with("CUPS-PDF_opt.ppd"))
            .unwrap_or_else(|| {
                panic!("no cups-pdf model among the drivers (printer-driver-cups-pdf installed?):\n{models}")
            })
            .to_owned();
        self.admin(
            "lpadmin",
            &[
                "-p",
                QUEUE,
                "-E",
                "-v",
                "cups-pdf:/",
                "-m",
                &model,
                "-o",
                "TitlePref=1",
                "-o",
                "Label=2",
            ],
        );
    }
}

impl Drop for Cups {
    fn drop(&mut self) {
        // Asked to stop first (cupsd then ends its jobs' processes), killed if it does not.
        let _ = Command::new("kill")
            .args(["-TERM", &self.cupsd.id().to_string()])
            .status();
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if let Ok(Some(_)) = self.cupsd.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.cupsd.kill();
        let _ = self.cupsd.wait();
    }
}

/// A test that cannot run here is skipped, saying `why` — or, with `WORDJUDGE_REQUIRE_TOOLS=1`
/// (CI), fails: as [`super::tool`] does.
fn unavailable(why: &str) -> Option<Cups> {
    super::skip("WORDJUDGE_REQUIRE_TOOLS", why);
    None
}

/// The server's configuration in `dir`: `etc/` (ServerRoot), `bin/` (ServerBin: the system's
/// programs, and the text filter), `spool/`, `cache/`, `state/`, `log/`.
fn write_configuration(dir: &Path) {
    for sub in ["etc", "bin/filter", "spool/tmp", "cache", "state", "log"] {
        std::fs::create_dir_all(dir.join(sub)).expect("mkdir");
    }
    let system = Path::new(SYSTEM_SERVER_BIN);
    for entry in std::fs::read_dir(system).expect("the CUPS programs") {
        let name = entry.expect("read_dir").file_name();
        if name != "filter" {
            std::os::unix::fs::symlink(system.join(&name), dir.join("bin").join(&name))
                .expect("symlink");
        }
    }
    for entry in std::fs::read_dir(system.join("filter")).expect("the CUPS filters") {
        let name = entry.expect("read_dir").file_name();
        std::os::unix::fs::symlink(
            system.join("filter").join(&name),
            dir.join("bin/filter").join(&name),
        )
        .expect("symlink");
    }
    let texttops = dir.join("bin/filter/wordjudge-texttops");
    std::fs::write(&texttops, TEXTTOPS).expect("write the filter");
    chmod(&texttops, 0o755);
    let d = dir.display();
    let files = format!(
        "ServerRoot {d}/etc\nServerBin {d}/bin\nRequestRoot {d}/spool\nTempDir {d}/spool/tmp\n\
         CacheDir {d}/cache\nStateDir {d}/state\nErrorLog {d}/log/error_log\n\
         AccessLog {d}/log/access_log\nPageLog {d}/log/page_log\nPrintcap\n\
         SystemGroup root\nCreateSelfSignedCerts no\n"
    );
    // No network, no browsing, no web interface: one socket, everything allowed on it.
    let cupsd = format!(
        "Listen {d}/cups.sock\nLogLevel debug\nMaxLogSize 0\nBrowsing No\n\
         BrowseLocalProtocols none\nWebInterface No\nErrorPolicy abort-job\n\
         <Location />\n  Order allow,deny\n  Allow all\n</Location>\n"
    );
    // Cheaper than texttopdf, so CUPS takes it for plain text (see the module).
    let convs = "text/plain application/postscript 0 wordjudge-texttops\n";
    std::fs::write(dir.join("etc/cups-files.conf"), files).expect("write cups-files.conf");
    std::fs::write(dir.join("etc/cupsd.conf"), cupsd).expect("write cupsd.conf");
    std::fs::write(dir.join("etc/wordjudge.convs"), convs).expect("write wordjudge.convs");
}

/// Where cups-pdf writes root's PDFs: `Out` of `/etc/cups/cups-pdf.conf` (default
/// `${HOME}/PDF`), `${HOME}` being root's home.
fn cups_pdf_output_dir() -> PathBuf {
    let conf = std::fs::read_to_string("/etc/cups/cups-pdf.conf").unwrap_or_default();
    let out = conf
        .lines()
        .rev()
        .find_map(|l| l.trim().strip_prefix("Out "))
        .map_or("${HOME}/PDF", str::trim)
        .to_owned();
    let passwd = std::fs::read_to_string("/etc/passwd").expect("read /etc/passwd");
    let home = passwd
        .lines()
        .map(|l| l.split(':').collect::<Vec<_>>())
        .find(|f| f.len() > 5 && f[2] == "0")
        .map_or("/root".to_owned(), |f| f[5].to_owned());
    PathBuf::from(out.replace("${HOME}", &home).replace("${USER}", "root"))
}

/// The PDFs in `dir` whose names hold `title` as cups-pdf writes it.
fn pdfs_titled(dir: &Path, title: &str) -> Vec<PathBuf> {
    let name = title.replace(' ', "_");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.contains(&name) && n.ends_with(".pdf"))
        })
        .collect()
}

fn chmod(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

fn file(path: &Path) -> std::fs::File {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .expect("open a log file")
}
