//! The station's side of its USB-stick helper (`deploy/stick`, root's, started by
//! `wordjudge-stick.path`): a request written where the helper watches, its answer read where
//! only root writes. The station's account can ask; it can neither mount a stick nor write the
//! answer the station believes.

use std::path::{Path, PathBuf};

use wordjudge_base::fsutil;
use wordjudge_protocol::StickJob;

/// Where a station asks (its runtime folder, the station's account's) and where the helper
/// answers (a folder only root writes).
#[derive(Debug, Clone)]
pub(crate) struct StickHelper {
    pub request: PathBuf,
    pub answer: PathBuf,
    /// The number of the request under way, which its answer must carry.
    pending: Option<String>,
}

/// The image's: `deploy/systemd/wordjudge-stick.path` watches the request.
pub(crate) const REQUEST: &str = "/run/wordjudge-station/stick-request";
/// The image's: `deploy/stick` answers there.
pub(crate) const ANSWER: &str = "/run/wordjudge-stick/result";

impl StickHelper {
    /// The station image's helper.
    pub fn system() -> StickHelper {
        StickHelper::at(Path::new(REQUEST), Path::new(ANSWER))
    }

    pub fn at(request: &Path, answer: &Path) -> StickHelper {
        StickHelper {
            request: request.to_owned(),
            answer: answer.to_owned(),
            pending: None,
        }
    }

    /// Writes the request for `job` (`install N PIN` or `copy-logs N PIN`, N this request's
    /// number, PIN the one that opened director mode, which the helper checks itself), readable
    /// by its owner only.
    pub fn ask(&mut self, job: StickJob, pin: &str) -> Result<(), String> {
        let n = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
            .to_string();
        if !fsutil::parent_dir(&self.request).is_dir() {
            return Err("this station has no USB-stick helper: only the station image has one (at a computer with the package, run `wordjudge event stick` as root)".into());
        }
        // The third word: the PIN director mode was opened with; for a first install (no event,
        // so no PIN yet), the station number the director typed.
        let (word, third) = match job {
            StickJob::InstallEvent => ("install", pin.to_owned()),
            StickJob::CopyLogs => ("copy-logs", pin.to_owned()),
            StickJob::FirstInstall(number) => ("first-install", number.to_string()),
        };
        if third.is_empty() || !third.bytes().all(|b| b.is_ascii_digit()) {
            return Err(
                "director mode was not opened with a PIN: the stick helper does nothing without it"
                    .into(),
            );
        }
        write_private(&self.request, format!("{word} {n} {third}\n").as_bytes()).map_err(|e| {
            format!(
                "the station cannot ask its USB-stick helper ({}: {e}): restart the station and try again",
                self.request.display()
            )
        })?;
        self.pending = Some(n);
        Ok(())
    }

    /// The answer to the request under way, once the helper wrote it: done or not, its words.
    pub fn answer(&mut self) -> Option<(bool, String)> {
        let n = self.pending.as_ref()?;
        let bytes = fsutil::read_regular_nofollow(&self.answer, 64 * 1024).ok()?;
        let text = String::from_utf8_lossy(&bytes);
        let (first, rest) = text.split_once('\n').unwrap_or((&text, ""));
        let done = match first.strip_prefix(n.as_str())?.trim() {
            "done" => true,
            "failed" => false,
            _ => return None,
        };
        self.pending = None;
        // Each line made safe to show (a control character escaped), the lines kept.
        let words: Vec<String> = rest
            .lines()
            .map(|l| wordjudge_base::text::shown(l).into_owned())
            .collect();
        let words = words.join("\n");
        Some((done, words))
    }
}

/// `bytes` at `path`, readable by this account only (mode 0600; it holds the PIN), replacing
/// whatever was there in one rename.
fn write_private(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let tmp = path.with_extension("new");
    let _ = std::fs::remove_file(&tmp);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(&tmp)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_counts_only_for_the_request_under_way() {
        let tmp = tempfile::tempdir().unwrap();
        let (request, answer) = (tmp.path().join("request"), tmp.path().join("answer"));
        let mut helper = StickHelper::at(&request, &answer);
        assert_eq!(helper.answer(), None, "nothing asked");
        std::fs::write(&answer, "1 done\nan old answer\n").unwrap();
        // Without the PIN that opened director mode, nothing is asked (issue 49, finding 4).
        assert!(helper.ask(StickJob::CopyLogs, "").is_err());
        assert!(!request.exists());
        helper.ask(StickJob::CopyLogs, "13572468").unwrap();
        let asked = std::fs::read_to_string(&request).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&request).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "the request holds the PIN");
        }
        let n = asked
            .strip_prefix("copy-logs ")
            .and_then(|rest| rest.trim().strip_suffix(" 13572468"))
            .unwrap()
            .to_owned();
        assert!(
            n.chars().all(|c| c.is_ascii_digit()) && n.len() > 6,
            "{asked}"
        );
        assert_eq!(helper.answer(), None, "another request's answer");
        std::fs::write(
            &answer,
            format!("{n} failed\nnothing copied: no USB stick found\n"),
        )
        .unwrap();
        assert_eq!(
            helper.answer(),
            Some((false, "nothing copied: no USB stick found".into()))
        );
        assert_eq!(helper.answer(), None, "taken once");
        helper.ask(StickJob::InstallEvent, "13572468").unwrap();
        assert!(std::fs::read_to_string(&request)
            .unwrap()
            .starts_with("install "));
        // No helper's folder: said in words.
        let mut none = StickHelper::at(&tmp.path().join("no/such/request"), &answer);
        let e = none.ask(StickJob::CopyLogs, "13572468").unwrap_err();
        assert!(e.contains("USB-stick helper"), "{e}");
    }
}
