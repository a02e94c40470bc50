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

    /// Writes the request for `job` (`install N` or `copy-logs N`, N this request's number).
    pub fn ask(&mut self, job: StickJob) -> Result<(), String> {
        let n = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
            .to_string();
        let word = match job {
            StickJob::InstallEvent => "install",
            StickJob::CopyLogs => "copy-logs",
        };
        if !fsutil::parent_dir(&self.request).is_dir() {
            return Err("this station has no USB-stick helper: only the station image has one (at a computer with the package, run `wordjudge event stick` as root)".into());
        }
        fsutil::write_atomically(&self.request, format!("{word} {n}\n").as_bytes()).map_err(|e| {
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
        helper.ask(StickJob::CopyLogs).unwrap();
        let asked = std::fs::read_to_string(&request).unwrap();
        let n = asked.strip_prefix("copy-logs ").unwrap().trim().to_owned();
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
        helper.ask(StickJob::InstallEvent).unwrap();
        assert!(std::fs::read_to_string(&request)
            .unwrap()
            .starts_with("install "));
        // No helper's folder: said in words.
        let mut none = StickHelper::at(&tmp.path().join("no/such/request"), &answer);
        let e = none.ask(StickJob::CopyLogs).unwrap_err();
        assert!(e.contains("USB-stick helper"), "{e}");
    }
}
