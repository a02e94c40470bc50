//! The event report: one self-contained HTML page from the merged logs — which logs verified,
//! the challenges per round, station and division, the second opinions that differed, and a
//! chart of the challenges per round.
//!
//! The page loads nothing: its style is inline and its chart an inline SVG. Everything that
//! comes from a slip or a path is escaped (a station id or a word could hold `<`). Per-word
//! findings (`Slip::detail`) are never shown: the report may list a challenge's words, never
//! which of them failed.

mod chart;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::merge::{LogStatus, LogSummary, Merged};
use crate::clock;
use crate::judge::Verdict;
use crate::sliplog::{Slip, SlipKind};

const STYLE: &str = "
body { font-family: sans-serif; margin: 2em auto; max-width: 70em; padding: 0 1em; color: #111; }
h1 { margin-bottom: 0.2em; }
h2 { margin-top: 1.6em; border-bottom: 1px solid #bbb; }
table { border-collapse: collapse; margin: 0.8em 0; }
caption { text-align: left; font-weight: bold; padding: 0.3em 0; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
thead th, tfoot th, tfoot td { background: #eee; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.bad td, tr.bad th { background: #fde8e8; }
.warning { border: 2px solid #b00; background: #fde8e8; color: #600; padding: 0.6em 1em; }
.unacceptable { color: #a00; }
dl.summary { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
dl.summary dt { font-weight: bold; }
dl.summary dd { margin: 0; }
code { word-break: break-all; }
svg { max-width: 100%; height: auto; }
.key { display: inline-block; width: 0.9em; height: 0.9em; vertical-align: middle; }
@media print { .warning { border-width: 3px; } }
";

/// The report as one HTML page.
pub fn html(merged: &Merged, title: &str) -> String {
    let mut out = String::with_capacity(32 * 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        esc(title)
    );
    overview(&mut out, merged, title);
    logs(&mut out, &merged.logs);
    challenges(&mut out, &merged.slips);
    second_opinions(&mut out, merged);
    rechallenges(&mut out, merged);
    out.push_str("</body>\n</html>\n");
    out
}

/// The title, the warning if a log was left out, the event fingerprints and the time span.
fn overview(out: &mut String, merged: &Merged, title: &str) {
    let _ = writeln!(out, "<h1>{}</h1>", esc(title));
    let left_out = merged
        .logs
        .iter()
        .filter(|l| !l.status.merged() && !matches!(l.status, LogStatus::SameLogAs(_)))
        .count();
    if left_out > 0 {
        let _ = writeln!(
            out,
            "<p class=\"warning\" id=\"not-merged\" role=\"alert\"><strong>NOT MERGED:</strong> \
             {left_out} of {} {} did not verify or could not be read. {} slips are left out of \
             every count in this report: see <a href=\"#logs\">the logs</a>.</p>",
            merged.logs.len(),
            plural(merged.logs.len(), "log", "logs"),
            plural(left_out, "Its", "Their"),
        );
    }
    if merged.logs.is_empty() {
        out.push_str("<p class=\"warning\" id=\"no-logs\">No slip logs were given.</p>\n");
    }
    out.push_str("<dl class=\"summary\">\n<dt>Event</dt><dd>");
    out.push_str(&fingerprints(&merged.slips));
    out.push_str("</dd>\n");
    let (first, last) = (merged.slips.first(), merged.slips.last());
    let _ = writeln!(
        out,
        "<dt>First slip</dt><dd id=\"first-slip\">{}</dd>\n\
         <dt>Last slip</dt><dd id=\"last-slip\">{}</dd>",
        when(first.map(|s| s.time.as_str())),
        when(last.map(|s| s.time.as_str())),
    );
    let count = |kind: SlipKind| merged.slips.iter().filter(|s| s.kind == kind).count();
    let merged_logs = merged.logs.iter().filter(|l| l.status.merged()).count();
    let _ = writeln!(
        out,
        "<dt>Slips</dt><dd id=\"slip-count\">{} from {merged_logs} {}: {} {}, {} {}, {} \
         director's</dd>\n</dl>",
        merged.slips.len(),
        plural(merged_logs, "log", "logs"),
        count(SlipKind::Challenge),
        plural(count(SlipKind::Challenge), "challenge", "challenges"),
        count(SlipKind::SecondOpinion),
        plural(
            count(SlipKind::SecondOpinion),
            "second opinion",
            "second opinions"
        ),
        count(SlipKind::Director),
    );
    out.push_str(
        "<p>Times are on this computer's clock (its time zone is shown); point at one for UTC.</p>\n",
    );
}

/// The event fingerprints the slips carry, and how many carry none.
fn fingerprints(slips: &[Slip]) -> String {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let mut without = 0;
    for slip in slips {
        match &slip.event {
            Some(event) => *seen.entry(event.as_str()).or_default() += 1,
            None => without += 1,
        }
    }
    let mut parts: Vec<String> = seen
        .iter()
        .map(|(event, n)| format!("<code class=\"fingerprint\">{}</code> ({n})", esc(event)))
        .collect();
    if without > 0 {
        parts.push(format!(
            "no event fingerprint ({without} {})",
            plural(without, "slip", "slips")
        ));
    }
    if parts.is_empty() {
        return "no slips".to_owned();
    }
    parts.join("; ")
}

/// One row per log given, and what became of it.
fn logs(out: &mut String, logs: &[LogSummary]) {
    out.push_str(
        "<h2>Slip logs</h2>\n<table id=\"logs\">\n<caption>Verification of each log given\
         </caption>\n<thead><tr><th scope=\"col\">Log</th><th scope=\"col\">Stations</th>\
         <th scope=\"col\">Slips</th><th scope=\"col\">First slip</th>\
         <th scope=\"col\">Last slip</th><th scope=\"col\">Status</th></tr></thead>\n<tbody>\n",
    );
    for log in logs {
        let class = match log.status {
            LogStatus::NotVerified(_) | LogStatus::Unreadable(_) => "bad",
            LogStatus::SameLogAs(_) => "same",
            _ => "ok",
        };
        let stations: Vec<String> = log.stations.iter().map(|s| esc(s)).collect();
        let _ = writeln!(
            out,
            "<tr class=\"{class}\"><td><code>{}</code></td><td>{}</td><td class=\"num\">{}</td>\
             <td>{}</td><td>{}</td><td class=\"status\">{}</td></tr>",
            esc(&log.path.display().to_string()),
            stations.join(", "),
            log.slips,
            when(log.first.as_deref()),
            when(log.last.as_deref()),
            esc(&status_text(&log.status)),
        );
    }
    out.push_str("</tbody>\n</table>\n");
}

/// What became of a log, in words.
fn status_text(status: &LogStatus) -> String {
    match status {
        LogStatus::Intact => "verified".to_owned(),
        LogStatus::IntactWithNote(note) => format!("verified — {note}"),
        LogStatus::NotVerified(problem) => format!("NOT VERIFIED — {problem}"),
        LogStatus::SameLogAs(path) => format!("same log as {}", path.display()),
        LogStatus::Unreadable(why) => format!("unreadable — {why}"),
    }
}

/// Acceptable and unacceptable verdicts counted.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Tally {
    acceptable: usize,
    unacceptable: usize,
}

impl Tally {
    fn add(&mut self, verdict: Verdict) {
        match verdict {
            Verdict::Acceptable => self.acceptable += 1,
            Verdict::Unacceptable => self.unacceptable += 1,
        }
    }

    fn total(self) -> usize {
        self.acceptable + self.unacceptable
    }

    /// The share acceptable, in percent to one decimal; a dash when there are none.
    fn rate(self) -> String {
        match self.total() {
            0 => "—".to_owned(),
            total => format!("{:.1}%", self.acceptable as f64 * 100.0 / total as f64),
        }
    }
}

/// The challenges (slips of kind challenge) per round, station and division, and the chart.
fn challenges(out: &mut String, slips: &[Slip]) {
    let challenges: Vec<&Slip> = slips
        .iter()
        .filter(|s| s.kind == SlipKind::Challenge)
        .collect();
    out.push_str("<h2>Challenges</h2>\n");
    if challenges.is_empty() {
        out.push_str("<p id=\"no-challenges\">No challenges in the merged logs.</p>\n");
        return;
    }
    let rounds = by_round(&challenges);
    tally_table(out, "by-round", "Challenges per round", "Round", &rounds);
    chart_figure(out, &rounds);
    let stations = grouped(&challenges, |s| &s.station);
    tally_table(
        out,
        "by-station",
        "Challenges per station",
        "Station",
        &stations,
    );
    let divisions = grouped(&challenges, |s| &s.division);
    tally_table(
        out,
        "by-division",
        "Challenges per division",
        "Division",
        &divisions,
    );
}

/// Tallies per round, in round order, slips without a round last ("no round").
fn by_round(challenges: &[&Slip]) -> Vec<(String, Tally)> {
    let mut rounds: BTreeMap<(bool, u32), Tally> = BTreeMap::new();
    for slip in challenges {
        let key = (slip.round.is_none(), slip.round.unwrap_or(0));
        rounds.entry(key).or_default().add(slip.verdict);
    }
    rounds
        .into_iter()
        .map(|((none, round), tally)| {
            let label = if none {
                "no round".to_owned()
            } else {
                round.to_string()
            };
            (label, tally)
        })
        .collect()
}

/// Tallies per value of `key`, in its order.
fn grouped<'s>(challenges: &[&'s Slip], key: impl Fn(&'s Slip) -> &'s str) -> Vec<(String, Tally)> {
    let mut groups: BTreeMap<&str, Tally> = BTreeMap::new();
    for slip in challenges {
        groups.entry(key(slip)).or_default().add(slip.verdict);
    }
    groups
        .into_iter()
        .map(|(k, tally)| (k.to_owned(), tally))
        .collect()
}

/// A table of tallies, one row per `rows` and a total.
fn tally_table(out: &mut String, id: &str, caption: &str, head: &str, rows: &[(String, Tally)]) {
    let _ = writeln!(
        out,
        "<table id=\"{id}\">\n<caption>{caption}</caption>\n<thead><tr><th scope=\"col\">{head}\
         </th><th scope=\"col\">Challenges</th><th scope=\"col\">Acceptable</th>\
         <th scope=\"col\">Unacceptable</th><th scope=\"col\">Acceptance rate</th></tr></thead>\n\
         <tbody>"
    );
    let mut all = Tally::default();
    for (label, tally) in rows {
        all.acceptable += tally.acceptable;
        all.unacceptable += tally.unacceptable;
        let _ = writeln!(
            out,
            "<tr><th scope=\"row\">{}</th>{}</tr>",
            esc(label),
            cells(*tally)
        );
    }
    let _ = writeln!(
        out,
        "</tbody>\n<tfoot><tr><th scope=\"row\">All</th>{}</tr></tfoot>\n</table>",
        cells(all)
    );
}

fn cells(t: Tally) -> String {
    format!(
        "<td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
         <td class=\"num\">{}</td>",
        t.total(),
        t.acceptable,
        t.unacceptable,
        t.rate()
    )
}

/// The chart, or why there is none: the tables stand either way.
fn chart_figure(out: &mut String, rounds: &[(String, Tally)]) {
    out.push_str("<figure id=\"chart\">\n");
    match chart::svg(rounds) {
        Ok(svg) => out.push_str(&svg),
        Err(why) => {
            let _ = writeln!(
                out,
                "<p class=\"warning\" id=\"chart-failed\">The chart could not be drawn ({}); the \
                 tables have every number.</p>",
                esc(&why)
            );
        }
    }
    let _ = writeln!(
        out,
        "<figcaption>Challenges per round: <span class=\"key\" style=\"background:{}\"></span> \
         acceptable, <span class=\"key\" style=\"background:{}\"></span> unacceptable.\
         </figcaption>\n</figure>",
        chart::css(chart::ACCEPTABLE),
        chart::css(chart::UNACCEPTABLE),
    );
}

/// How many second opinions, and the ones whose verdict differs from the slip they re-judged.
fn second_opinions(out: &mut String, merged: &Merged) {
    let seconds: Vec<&Slip> = merged
        .slips
        .iter()
        .filter(|s| s.kind == SlipKind::SecondOpinion)
        .collect();
    let unmatched = seconds
        .iter()
        .filter(|s| merged.original_of(s).is_none())
        .count();
    let differing: Vec<(&Slip, &Slip)> = merged.differing().collect();
    let _ = write!(
        out,
        "<h2>Second opinions</h2>\n<p id=\"second-opinions\">{} {}; {} {} from the slip {} \
         re-adjudicated.",
        seconds.len(),
        plural(seconds.len(), "second opinion", "second opinions"),
        differing.len(),
        plural(differing.len(), "differs", "differ"),
        plural(differing.len(), "it", "they"),
    );
    if unmatched > 0 {
        let _ = write!(
            out,
            " {unmatched} {} to a slip that is not in the merged logs.",
            plural(unmatched, "refers", "refer")
        );
    }
    out.push_str("</p>\n");
    if differing.is_empty() {
        return;
    }
    out.push_str(
        "<table id=\"differing\">\n<caption>Second opinions that differ</caption>\n<thead><tr>\
         <th scope=\"col\">Station</th><th scope=\"col\">Slip</th><th scope=\"col\">Verdict</th>\
         <th scope=\"col\">Second opinion</th><th scope=\"col\">Its verdict</th>\
         <th scope=\"col\">Round</th><th scope=\"col\">Table</th><th scope=\"col\">Division</th>\
         <th scope=\"col\">Words</th></tr></thead>\n<tbody>\n",
    );
    for (original, second) in differing {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td class=\"num\">{}</td>{}<td class=\"num\">{}</td>{}\
             <td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td><td>{}</td></tr>",
            esc(&second.station),
            original.slip,
            verdict_cell(original.verdict),
            second.slip,
            verdict_cell(second.verdict),
            second.round.map_or("—".to_owned(), |r| r.to_string()),
            second.table.map_or("—".to_owned(), |t| t.to_string()),
            esc(&second.division),
            esc(&original.words.join(" ")),
        );
    }
    out.push_str("</tbody>\n</table>\n");
}

/// New challenges on part of a play judged UNACCEPTABLE a moment before at the same table
/// ([`Merged::rechallenges`]): a player who may have learnt which word failed, perhaps at
/// another station.
fn rechallenges(out: &mut String, merged: &Merged) {
    let found = merged.rechallenges(crate::event::merge::RECHALLENGE_MINUTES);
    let _ = write!(
        out,
        "<h2>Re-challenges</h2>\n<p id=\"rechallenges\">{} new {} on part of a play judged \
         UNACCEPTABLE at the same table in the same round, within {:.0} minutes, at any station: \
         {} may have told the players which word failed.</p>\n",
        found.len(),
        plural(found.len(), "challenge", "challenges"),
        crate::event::merge::RECHALLENGE_MINUTES,
        plural(found.len(), "it", "they"),
    );
    if found.is_empty() {
        return;
    }
    out.push_str(
        "<table id=\"rechallenge-list\">\n<caption>New challenges on part of a failed play</caption>\n\
         <thead><tr><th scope=\"col\">Round</th><th scope=\"col\">Table</th>\
         <th scope=\"col\">Failed play</th><th scope=\"col\">Its words</th>\
         <th scope=\"col\">Later challenge</th><th scope=\"col\">Its words</th>\
         <th scope=\"col\">Its verdict</th><th scope=\"col\">Minutes after</th></tr></thead>\n<tbody>\n",
    );
    for (failed, later) in found {
        let minutes = crate::clock::minutes_between(&failed.time, &later.time).unwrap_or(0.0);
        let _ = writeln!(
            out,
            "<tr><td class=\"num\">{}</td><td class=\"num\">{}</td><td>station {} slip {}</td>\
             <td>{}</td><td>station {} slip {}</td><td>{}</td>{}<td class=\"num\">{minutes:.1}</td></tr>",
            failed.round.map_or("—".to_owned(), |r| r.to_string()),
            failed.table.map_or("—".to_owned(), |t| t.to_string()),
            esc(&failed.station),
            failed.slip,
            esc(&failed.words.join(" ")),
            esc(&later.station),
            later.slip,
            esc(&later.words.join(" ")),
            verdict_cell(later.verdict),
        );
    }
    out.push_str("</tbody>\n</table>\n");
}

fn verdict_cell(verdict: Verdict) -> String {
    let class = match verdict {
        Verdict::Acceptable => "acceptable",
        Verdict::Unacceptable => "unacceptable",
    };
    format!("<td class=\"verdict {class}\">{verdict}</td>")
}

/// A slip's time on the hall's clock, with UTC on hover; a dash for none.
fn when(utc: Option<&str>) -> String {
    let Some(utc) = utc else {
        return "—".to_owned();
    };
    let shown = clock::local(utc).unwrap_or_else(|| utc.to_owned());
    format!(
        "<time datetime=\"{0}\" title=\"{0} UTC\">{1}</time>",
        esc(utc),
        esc(&shown)
    )
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// `text` safe in HTML text and in a quoted attribute.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            esc("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }

    #[test]
    fn the_rate_never_divides_by_zero() {
        assert_eq!(Tally::default().rate(), "—");
        let t = Tally {
            acceptable: 2,
            unacceptable: 1,
        };
        assert_eq!(t.rate(), "66.7%");
    }
}
