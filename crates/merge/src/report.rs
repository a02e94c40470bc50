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
use wordjudge_lang::tr;
use wordjudge_lang::Language;

use crate::{LogStatus, LogSummary, Merged, Stats, Tally};
use wordjudge_base::clock;
use wordjudge_lexicon::judge::Verdict;

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
    html_in(merged, title, Language::En)
}

/// The report with its headings and table captions in `l` (its sentences stay in English).
pub fn html_in(merged: &Merged, title: &str, l: Language) -> String {
    let mut out = String::with_capacity(32 * 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        l.code(),
        esc(title)
    );
    overview(&mut out, merged, title);
    logs(&mut out, merged, l);
    anchors(&mut out, merged, l);
    challenges(&mut out, &merged.stats, l);
    second_opinions(&mut out, &merged.stats, l);
    rechallenges(&mut out, &merged.stats, l);
    out.push_str("</body>\n</html>\n");
    out
}

/// The title, the warnings (logs left out, anchors not held, one station id on two logs), the
/// event fingerprints and the time span.
fn overview(out: &mut String, merged: &Merged, title: &str) {
    let _ = writeln!(out, "<h1>{}</h1>", esc(title));
    let left_out = merged.logs.iter().filter(|l| l.status.left_out()).count();
    if left_out > 0 {
        let _ = writeln!(
            out,
            "<p class=\"warning\" id=\"not-merged\" role=\"alert\"><strong>NOT MERGED:</strong> \
             {left_out} of {} {} did not verify, could not be read, or hold slips that nothing \
             proves. Those slips are left out of every count in this report: see \
             <a href=\"#logs\">the logs</a>.</p>",
            merged.logs.len(),
            plural(merged.logs.len(), "log", "logs"),
        );
    }
    let unheld = merged
        .anchors
        .iter()
        .filter(|a| a.held_by.is_empty() || !a.contradicted_by.is_empty())
        .count();
    if unheld > 0 {
        let _ = writeln!(
            out,
            "<p class=\"warning\" id=\"anchors-not-held\" role=\"alert\"><strong>ANCHORS NOT \
             HELD:</strong> {unheld} of the {} {} written down at the stations {} not held by \
             the logs given: see <a href=\"#anchors\">the anchors</a>.</p>",
            merged.anchors.len(),
            plural(merged.anchors.len(), "anchor", "anchors"),
            plural(unheld, "is", "are"),
        );
    }
    if !merged.shared_ids.is_empty() {
        let ids: Vec<String> = merged.shared_ids.iter().map(|s| esc(s)).collect();
        let _ = writeln!(
            out,
            "<p class=\"warning\" id=\"shared-ids\" role=\"alert\"><strong>ONE STATION ID, TWO \
             LOGS:</strong> station {} {} carried by logs that are not copies of each other \
             (two stations installed with one id?). They are kept apart, each named with its \
             log's id; give every station its own id.</p>",
            ids.join(", "),
            plural(ids.len(), "is", "are"),
        );
    }
    if merged.logs.is_empty() {
        out.push_str("<p class=\"warning\" id=\"no-logs\">No slip logs were given.</p>\n");
    }
    let stats = &merged.stats;
    out.push_str("<dl class=\"summary\">\n<dt>Event</dt><dd>");
    out.push_str(&fingerprints(stats));
    out.push_str("</dd>\n");
    let _ = writeln!(
        out,
        "<dt>First slip</dt><dd id=\"first-slip\">{}</dd>\n\
         <dt>Last slip</dt><dd id=\"last-slip\">{}</dd>",
        when(stats.first, &merged.zone),
        when(stats.last, &merged.zone),
    );
    let merged_logs = merged.logs.iter().filter(|l| l.contributes()).count();
    let _ = writeln!(
        out,
        "<dt>Slips</dt><dd id=\"slip-count\">{} from {merged_logs} {}: {} {}, {} {}, {} \
         director's</dd>\n</dl>",
        stats.slips,
        plural(merged_logs, "log", "logs"),
        stats.challenges,
        plural(stats.challenges, "challenge", "challenges"),
        stats.second_opinions,
        plural(stats.second_opinions, "second opinion", "second opinions"),
        stats.director,
    );
    out.push_str(
        "<p>Times are on the event's clock (its time zone is shown); point at one for UTC.</p>\n",
    );
}

/// The event fingerprints the slips carry, and how many carry none.
fn fingerprints(stats: &Stats) -> String {
    let mut parts: Vec<String> = stats
        .events
        .iter()
        .map(|(event, n)| format!("<code class=\"fingerprint\">{}</code> ({n})", esc(event)))
        .collect();
    if stats.without_event > 0 {
        parts.push(format!(
            "no event fingerprint ({} {})",
            stats.without_event,
            plural(stats.without_event, "slip", "slips")
        ));
    }
    if parts.is_empty() {
        return "no slips".to_owned();
    }
    parts.join("; ")
}

/// One row per log given, and what became of it: the stations' logs, then the table devices'
/// apart, saying what a device's log proves.
fn logs(out: &mut String, merged: &Merged, l: Language) {
    let stations: Vec<&LogSummary> = merged.logs.iter().filter(|log| !log.device).collect();
    let devices: Vec<&LogSummary> = merged.logs.iter().filter(|log| log.device).collect();
    let _ = write!(
        out,
        "<h2>{}</h2>\n<table id=\"logs\">\n<caption>{}</caption>\n",
        esc(&tr!(l, "report-slip-logs")),
        esc(&tr!(l, "report-logs-caption"))
    );
    log_rows(out, merged, &stations, "Stations");
    if !devices.is_empty() {
        let _ = write!(
            out,
            "<h2>{}</h2>\n<p id=\"device-logs-proof\">{}</p>\n<table id=\"device-logs\">\n<caption>{}</caption>\n",
            esc(&tr!(l, "report-device-logs")),
            esc(&tr!(l, "report-device-logs-proof")),
            esc(&tr!(l, "report-logs-caption"))
        );
        log_rows(out, merged, &devices, "Device");
    }
}

/// The head and rows of a table of `logs` (its caption written), `who` naming the column of
/// their station ids.
fn log_rows(out: &mut String, merged: &Merged, logs: &[&LogSummary], who: &str) {
    let _ = write!(
        out,
        "<thead><tr><th scope=\"col\">Log</th><th scope=\"col\">Log id</th>\
         <th scope=\"col\">{who}</th><th scope=\"col\">Slips</th>\
         <th scope=\"col\">Merged</th><th scope=\"col\">First slip</th>\
         <th scope=\"col\">Last slip</th><th scope=\"col\">Status</th></tr></thead>\n<tbody>\n",
    );
    for log in logs {
        let class = match log.status {
            _ if log.status.left_out() => "bad",
            LogStatus::SameLogAs(_) => "same",
            _ => "ok",
        };
        let stations: Vec<String> = log.stations.iter().map(|s| esc(s)).collect();
        let _ = writeln!(
            out,
            "<tr class=\"{class}\"><td><code>{}</code></td><td><code>{}</code></td><td>{}</td>\
             <td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td><td>{}</td>\
             <td class=\"status\">{}</td></tr>",
            esc(&log.path.display().to_string()),
            esc(log.id.as_deref().unwrap_or("—")),
            stations.join(", "),
            log.slips,
            log.merged,
            when(log.first, &merged.zone),
            when(log.last, &merged.zone),
            esc(&status_text(log)),
        );
    }
    out.push_str("</tbody>\n</table>\n");
}

/// What became of a log, in words.
pub(crate) fn status_text(log: &LogSummary) -> String {
    let mut text = match &log.status {
        LogStatus::Intact => "verified".to_owned(),
        LogStatus::NotVerified(problem) => format!("NOT VERIFIED — {problem}"),
        LogStatus::SameLogAs(path) => format!("same log as {}", path.display()),
        LogStatus::Longer {
            than,
            extra,
            named,
            trusted_other,
        } => format!(
            "{} — {extra} slip(s) more than {}: {}{}",
            if *trusted_other {
                "verified; merged up to the copy you trust"
            } else {
                "NOT MERGED PAST THE SHORTER COPY: nothing proves the slips only it holds"
            },
            than.display(),
            named.join("; "),
            if named.len() < *extra { "; …" } else { "" }
        ),
        LogStatus::Unreadable(why) => format!("unreadable — {why}"),
        LogStatus::OtherEvent(events) => {
            format!("verified — of event {}: not merged", events.join(", "))
        }
    };
    for note in &log.notes {
        text.push_str(" — ");
        text.push_str(note);
    }
    text
}

/// The anchors given, and the logs that hold each.
fn anchors(out: &mut String, merged: &Merged, l: Language) {
    if merged.anchors.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "<h2>{}</h2>\n<table id=\"anchors\">\n<caption>{}</caption>\n",
        esc(&tr!(l, "report-anchors")),
        esc(&tr!(l, "report-anchors-caption"))
    );
    out.push_str(
        "<thead><tr><th scope=\"col\">Anchor</th><th scope=\"col\">Held by</th>\
         </tr></thead>\n<tbody>\n",
    );
    let paths = |list: &[std::path::PathBuf]| -> String {
        list.iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    for a in &merged.anchors {
        let (class, held) = if !a.contradicted_by.is_empty() {
            (
                "bad",
                format!("CONTRADICTED by {}", paths(&a.contradicted_by)),
            )
        } else if a.held_by.is_empty() {
            ("bad", "NO LOG GIVEN".to_owned())
        } else {
            ("ok", paths(&a.held_by))
        };
        let _ = writeln!(
            out,
            "<tr class=\"{class}\"><td><code>{}</code></td><td>{}</td></tr>",
            esc(&a.given.to_string()),
            esc(&held)
        );
    }
    out.push_str("</tbody>\n</table>\n");
}

/// The challenges (slips of kind challenge) per round, station and division, and the chart.
fn challenges(out: &mut String, stats: &Stats, l: Language) {
    let _ = writeln!(out, "<h2>{}</h2>", esc(&tr!(l, "report-challenges")));
    if stats.challenges == 0 {
        out.push_str("<p id=\"no-challenges\">No challenges in the merged logs.</p>\n");
        return;
    }
    let rounds: Vec<(String, Tally)> = stats
        .by_round
        .iter()
        .map(|(&(none, round), &tally)| {
            let label = if none {
                "no round".to_owned()
            } else {
                round.to_string()
            };
            (label, tally)
        })
        .collect();
    tally_table(
        out,
        "by-round",
        &tr!(l, "report-by-round"),
        "Round",
        &rounds,
    );
    chart_figure(out, &rounds);
    let rows = |map: &BTreeMap<String, Tally>| -> Vec<(String, Tally)> {
        map.iter().map(|(k, t)| (k.clone(), *t)).collect()
    };
    tally_table(
        out,
        "by-station",
        &tr!(l, "report-by-station"),
        "Station",
        &rows(&stats.by_station),
    );
    tally_table(
        out,
        "by-division",
        &tr!(l, "report-by-division"),
        "Division",
        &rows(&stats.by_division),
    );
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

/// Says how many are not listed when a list was cut at [`crate::LISTED`] rows.
fn more(listed: usize, count: usize) -> String {
    if count > listed {
        format!(
            " The first {listed} are listed; {} more are not.",
            count - listed
        )
    } else {
        String::new()
    }
}

/// How many second opinions, and the ones whose verdict differs from the slip they re-judged.
fn second_opinions(out: &mut String, stats: &Stats, l: Language) {
    let (seconds, differing) = (stats.second_opinions, stats.differing_count);
    let _ = write!(
        out,
        "<h2>{}</h2>\n<p id=\"second-opinions\">{} {}; {} {} from the slip {} \
         re-adjudicated.",
        esc(&tr!(l, "report-second-opinions")),
        seconds,
        plural(seconds, "second opinion", "second opinions"),
        differing,
        plural(differing, "differs", "differ"),
        plural(differing, "it", "they"),
    );
    if stats.unmatched > 0 {
        let _ = write!(
            out,
            " {} {} to a slip that is not in the merged logs.",
            stats.unmatched,
            plural(stats.unmatched, "refers", "refer")
        );
    }
    out.push_str(&more(stats.differing.len(), differing));
    out.push_str("</p>\n");
    if stats.differing.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "<table id=\"differing\">\n<caption>{}</caption>",
        esc(&tr!(l, "report-differing-caption"))
    );
    out.push_str(
        "<thead><tr>\
         <th scope=\"col\">Station</th><th scope=\"col\">Slip</th><th scope=\"col\">Verdict</th>\
         <th scope=\"col\">Second opinion</th><th scope=\"col\">Its verdict</th>\
         <th scope=\"col\">Round</th><th scope=\"col\">Table</th><th scope=\"col\">Division</th>\
         <th scope=\"col\">Words</th></tr></thead>\n<tbody>\n",
    );
    for d in &stats.differing {
        let second = &d.second;
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td class=\"num\">{}</td>{}<td class=\"num\">{}</td>{}\
             <td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td><td>{}</td></tr>",
            esc(&second.station),
            d.original,
            verdict_cell(d.original_verdict),
            second.slip,
            verdict_cell(second.verdict),
            second.round.map_or("—".to_owned(), |r| r.to_string()),
            second.table.map_or("—".to_owned(), |t| t.to_string()),
            esc(&d.division),
            esc(&second.words.join(" ")),
        );
    }
    out.push_str("</tbody>\n</table>\n");
}

/// New challenges on part of a play judged UNACCEPTABLE a moment before, at any table and any
/// station: a player who may have learnt which word failed.
fn rechallenges(out: &mut String, stats: &Stats, l: Language) {
    let count = stats.rechallenge_count;
    let _ = write!(
        out,
        "<h2>{}</h2>\n<p id=\"rechallenges\">{} new {} on part of a play judged \
         UNACCEPTABLE in the same event, within {:.0} minutes, at any table and any station, \
         or later at the same table in the same round ({} of them): {} may have told the \
         players which word failed.{}</p>\n",
        esc(&tr!(l, "report-rechallenges")),
        count,
        plural(count, "challenge", "challenges"),
        crate::RECHALLENGE_MINUTES,
        stats.late_rechallenge_count,
        plural(count, "it", "they"),
        more(stats.rechallenges.len(), count),
    );
    if stats.rechallenges.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "<table id=\"rechallenge-list\">\n<caption>{}</caption>",
        esc(&tr!(l, "report-rechallenge-caption"))
    );
    out.push_str(
        "<thead><tr><th scope=\"col\">Round</th><th scope=\"col\">Table</th>\
         <th scope=\"col\">Failed play</th><th scope=\"col\">Its words</th>\
         <th scope=\"col\">Later challenge</th><th scope=\"col\">Its words</th>\
         <th scope=\"col\">Its verdict</th><th scope=\"col\">Minutes after</th>\
         <th scope=\"col\">After the window</th></tr></thead>\n<tbody>\n",
    );
    for r in &stats.rechallenges {
        let (failed, later) = (&r.failed, &r.later);
        let minutes = wordjudge_base::clock::minutes_between(failed.time, later.time);
        let _ = writeln!(
            out,
            "<tr><td class=\"num\">{}</td><td class=\"num\">{}</td><td>station {} slip {}</td>\
             <td>{}</td><td>station {} slip {}</td><td>{}</td>{}<td class=\"num\">{minutes:.1}</td><td>{}</td></tr>",
            failed.round.map_or("—".to_owned(), |r| r.to_string()),
            failed.table.map_or("—".to_owned(), |t| t.to_string()),
            esc(&failed.station),
            failed.slip,
            esc(&failed.words.join(" ")),
            esc(&later.station),
            later.slip,
            esc(&later.words.join(" ")),
            verdict_cell(later.verdict),
            if r.late { "yes: same table and round" } else { "—" },
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

/// A slip's time on the hall's clock (`zone`), with UTC on hover; a dash for none.
fn when(at: Option<clock::Timestamp>, zone: &clock::TimeZone) -> String {
    let Some(at) = at else {
        return "—".to_owned();
    };
    format!(
        "<time datetime=\"{0}\" title=\"{0} UTC\">{1}</time>",
        esc(&at.to_string()),
        esc(&clock::local(at, zone))
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

    #[test]
    fn a_cut_list_says_how_many_it_leaves_out() {
        assert_eq!(more(50, 53), " The first 50 are listed; 3 more are not.");
        assert_eq!(more(50, 50), "");
        assert_eq!(more(50, 2), "");
    }
}
