//! The printed docket: the paper the station hands the players after a verdict (WESPA 3.11.2
//! allows one), and that `wordjudge slips print N` prints again.
//!
//! A docket says which adjudication it records — event (name and fingerprint), station, slip
//! number, the hall's local time, round and table, division and lexicons — the words and the one
//! verdict, and the first digits of the slip's seal: with the slip number, an anchor the director
//! can check later (`wordjudge slips verify --anchor N:CODE`).
//!
//! It never says which word failed: it is built from the slip without [`Slip::detail`], which is
//! for the director alone.
//!
//! Plain ASCII text, at most [`WIDTH`] columns a line, so that it fits a 58 mm receipt printer in
//! its standard font; this module only builds the text ([`mod@print`] sends it).

#![forbid(unsafe_code)]

pub mod print;

use wordjudge_base::clock::TimeZone;
use wordjudge_lang::tr;
use wordjudge_lang::Language;
use wordjudge_sliplog::{Anchor, Slip, SlipKind};

/// Columns a line may use: a 58 mm receipt printer's 32 characters in font A.
pub const WIDTH: usize = 32;

/// Columns of the label before each value, at least (English: "Division " is the longest).
const LABEL: usize = 9;

/// A docket's text, line by line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Docket {
    pub(crate) lines: Vec<String>,
}

impl Docket {
    /// The lines, each ASCII and at most [`WIDTH`] columns, without line endings.
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// The whole docket, each line ending in a newline.
    pub fn text(&self) -> String {
        let mut text = String::new();
        for line in &self.lines {
            text.push_str(line);
            text.push('\n');
        }
        text
    }
}

/// The docket of `slip`, at the event called `event_name` (`[event] name`), if it has one, in
/// English, its time on the clock of `zone` (the event's).
pub fn docket(slip: &Slip, event_name: Option<&str>, zone: &TimeZone) -> Docket {
    docket_in(slip, event_name, Language::En, zone)
}

/// The docket of `slip` in `l`, its division's language: the labels and the verdict's word
/// translated, then made ASCII like every other text of the docket.
pub fn docket_in(slip: &Slip, event_name: Option<&str>, l: Language, zone: &TimeZone) -> Docket {
    let labels = [
        "docket-event",
        "docket-event-id",
        "docket-station",
        "docket-slip",
        "docket-time",
        "docket-round",
        "docket-table",
        "docket-division",
    ]
    .map(|id| l.text(id));
    let lexicon_label = tr!(l, "docket-lexicon", n = slip.lexicons.len());
    // The value column starts after the longest label and a space, but never leaves the value
    // fewer than 18 columns (a fingerprint and a lexicon's code with its digits).
    let label = labels
        .iter()
        .chain([&lexicon_label])
        .map(|t| ascii(t).len() + 1)
        .max()
        .unwrap_or(LABEL)
        .clamp(LABEL, WIDTH - 18);
    let mut d = Lines {
        lines: Vec::new(),
        label,
    };
    d.centred(&match slip.kind {
        SlipKind::Challenge => tr!(l, "docket-challenge"),
        SlipKind::SecondOpinion => tr!(l, "docket-second-opinion"),
        SlipKind::Director => tr!(l, "docket-director"),
    });
    d.rule('=');
    d.game(slip, event_name, &labels, &lexicon_label, l, zone);
    match (slip.kind, slip.refers_to) {
        (SlipKind::SecondOpinion, Some(n)) => d.wrapped(&tr!(l, "docket-second-on", slip = n)),
        (SlipKind::SecondOpinion, None) => d.wrapped(&tr!(l, "docket-second")),
        (SlipKind::Director, _) => d.wrapped(&tr!(l, "docket-by-director")),
        (SlipKind::Challenge, _) => {}
    }
    d.rule('-');
    d.wrapped(&tr!(l, "docket-words", n = slip.words.len()));
    d.wrapped(
        &slip
            .words
            .iter()
            .map(|w| word_in_ascii(w))
            .collect::<Vec<_>>()
            .join(" "),
    );
    d.rule('-');
    let verdict = wordjudge_lang::verdict_word(slip.verdict, l);
    d.centred(&tr!(l, "docket-verdict", verdict = &verdict));
    d.rule('-');
    let anchor = Anchor::of(slip);
    d.wrapped(&tr!(l, "docket-seal", seal = &anchor.seal_prefix));
    d.wrapped(&tr!(l, "docket-check"));
    d.wrapped(&format!("--anchor {anchor}"));
    Docket { lines: d.lines }
}

impl Lines {
    /// The fields that tie the docket to its game and its slip: the event, the station, the slip,
    /// its time, round, table, division and lexicons, each under its label in `labels`.
    fn game(
        &mut self,
        slip: &Slip,
        event_name: Option<&str>,
        labels: &[String; 8],
        lexicon_label: &str,
        l: Language,
        zone: &TimeZone,
    ) {
        let [event, event_id, station, slip_label, time, round_label, table_label, division] =
            labels;
        let d = self;
        if let Some(name) = event_name {
            d.field(event, name);
        }
        if let Some(fingerprint) = &slip.event {
            d.field(event_id, fingerprint);
        }
        d.field(station, &slip.station);
        d.field(slip_label, &slip.slip.to_string());
        d.field(time, &l.datetime(slip.time, zone));
        if let Some(round) = slip.round {
            d.field(round_label, &round.to_string());
        }
        if let Some(table) = slip.table {
            d.field(table_label, &table.to_string());
        }
        d.field(division, &slip.division);
        for (i, lexicon) in slip.lexicons.iter().enumerate() {
            let sha: String = lexicon.sha256.chars().take(12).collect();
            d.field(
                if i == 0 { lexicon_label } else { "" },
                &format!("{} {sha}", lexicon.code),
            );
        }
    }
}

/// The name of `slip`'s print job (`wordjudge STATION slip N`), as a print queue lists it.
pub fn job_title(slip: &Slip) -> String {
    format!("wordjudge {} slip {}", slip.station, slip.slip)
}

/// The lines being built; every one goes through [`wrap`], so none is wider than [`WIDTH`].
struct Lines {
    lines: Vec<String>,
    /// Columns of the label before each value.
    label: usize,
}

impl Lines {
    /// `text`, wrapped at [`WIDTH`].
    fn wrapped(&mut self, text: &str) {
        self.lines.extend(wrap(&ascii(text), WIDTH));
    }

    /// `text` centred (wrapped first if it is too wide).
    fn centred(&mut self, text: &str) {
        for line in wrap(&ascii(text), WIDTH) {
            let pad = (WIDTH - line.len()) / 2;
            self.lines.push(format!("{:pad$}{line}", ""));
        }
    }

    /// A full-width rule of `ch`.
    fn rule(&mut self, ch: char) {
        self.lines.push(ch.to_string().repeat(WIDTH));
    }

    /// `label` and `value`, the value wrapped in its column; continuation lines are indented.
    fn field(&mut self, label: &str, value: &str) {
        let width = self.label;
        let wrapped = wrap(&ascii(value), WIDTH - width);
        let label = ascii(label);
        for (i, line) in wrapped.into_iter().enumerate() {
            let label = if i == 0 { label.as_str() } else { "" };
            self.lines
                .push(format!("{label:<width$}{line}").trim_end().to_owned());
        }
    }
}

/// `text` in lines of at most `width` columns, broken at spaces; a word wider than a line is cut
/// into pieces. `text` must be ASCII ([`ascii`]). An empty text gives one empty line.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word = word;
        while word.len() > width {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let (piece, rest) = word.split_at(width);
            lines.push(piece.to_owned());
            word = rest;
        }
        if word.is_empty() {
            continue;
        }
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` in printable ASCII, which every receipt printer has: accented Latin letters lose their
/// accents (`Montréal` → `Montreal`), typographic quotes and dashes become plain ones, control
/// characters spaces, and anything else `?`.
fn ascii(text: &str) -> String {
    // U+00C0 to U+00FF, each as its unaccented letter (× and ÷ as x and /).
    const LATIN1: &str = "AAAAAAACEEEEIIIIDNOOOOOxOUUUUYTsaaaaaaaceeeeiiiidnooooo/ouuuuyty";
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            ' '..='~' => out.push(ch),
            'Æ' => out.push_str("AE"),
            'æ' => out.push_str("ae"),
            'ß' => out.push_str("ss"),
            'Œ' => out.push_str("OE"),
            '‘' | '’' => out.push('\''),
            '“' | '”' => out.push('"'),
            '–' | '—' => out.push('-'),
            '…' => out.push_str("..."),
            'œ' => out.push_str("oe"),
            '\u{C0}'..='\u{FF}' => {
                let i = ch as usize - 0xC0;
                out.push_str(&LATIN1[i..i + 1]);
            }
            // The Catalan L·L as it is typed: L.L.
            '·' => out.push('.'),
            // Letters with a stroke, which no decomposition takes apart.
            'Ł' => out.push('L'),
            'ł' => out.push('l'),
            'Đ' => out.push('D'),
            'đ' => out.push('d'),
            c if c.is_control() || c.is_whitespace() => out.push(' '),
            // Any other accented Latin letter (Ą Ć Ę Ń Ś Ź Ż Č Š Ž ...): its letter.
            c => match base_letter(c) {
                Some(base) => out.push(base),
                None => out.push('?'),
            },
        }
    }
    out
}

/// A word of any alphabet in ASCII that cannot be taken for another word: each letter the receipt
/// cannot print is its letter followed by `'` (`ŻONA` → `Z'ONA`, not `ZONA`; `AÑO` → `AN'O`), and
/// the L·L tile is `L.L`, as typed.
fn word_in_ascii(word: &str) -> String {
    let mut out = String::with_capacity(word.len() + 4);
    for ch in word.chars() {
        match ch {
            ' '..='~' => out.push(ch),
            '·' => out.push('.'),
            ch => {
                out.push_str(&ascii(&ch.to_string()));
                out.push('\'');
            }
        }
    }
    out
}

/// The ASCII letter an accented letter is made of (`Ż` → `Z`), if it is one.
fn base_letter(c: char) -> Option<char> {
    let mut first = None;
    unicode_normalization::char::decompose_canonical(c, |d| {
        first.get_or_insert(d);
    });
    first.filter(|&d| d != c && d.is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paris() -> TimeZone {
        wordjudge_base::clock::zone_named("Europe/Paris").unwrap()
    }
    use wordjudge_lexicon::judge::{Verdict, WordFinding};
    use wordjudge_sliplog::Consulted;

    const SEAL: &str = "3f2a91bc04d1e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e";

    fn slip() -> Slip {
        Slip {
            slip: 42,
            station: "hall-b-07".into(),
            event: Some("K3QF-7A2M-XR5T-JH4D".into()),
            round: Some(7),
            table: Some(14),
            time: "2026-11-24T13:32:07Z".parse().unwrap(),
            kind: SlipKind::Challenge,
            refers_to: None,
            division: "nsa".into(),
            lexicons: vec![
                Consulted {
                    code: "TWL".into(),
                    sha256: "7ced91210162aaaabbbbccccddddeeeeffff0000111122223333444455556666"
                        .into(),
                },
                Consulted {
                    code: "LL".into(),
                    sha256: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
                        .into(),
                },
            ],
            words: vec!["QI".into(), "ZA".into(), "QOPH".into()],
            verdict: Verdict::Unacceptable,
            detail: vec![
                WordFinding {
                    word: "QI".into(),
                    acceptable: true,
                    found_in: Some("DETAILLEX".into()),
                },
                WordFinding {
                    word: "QOPH".into(),
                    acceptable: false,
                    found_in: None,
                },
            ],
            key: None,
            prev: "0".repeat(64),
            seal: SEAL.into(),
            sig: None,
        }
    }

    /// Every line fits the receipt and is printable ASCII.
    fn assert_fits(docket: &Docket) {
        for line in docket.lines() {
            assert!(line.len() <= WIDTH, "{line:?} is wider than {WIDTH}");
            assert!(
                line.bytes().all(|b| (b' '..=b'~').contains(&b)),
                "{line:?} is not printable ASCII"
            );
        }
    }

    fn line_with<'d>(docket: &'d Docket, start: &str) -> &'d str {
        docket
            .lines()
            .iter()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no line starts {start:?}:\n{}", docket.text()))
    }

    #[test]
    fn a_docket_names_the_event_station_slip_game_lexicons_words_verdict_and_seal() {
        let docket = docket(&slip(), Some("Spring Open 2026"), &paris());
        assert_fits(&docket);
        let text = docket.text();
        assert_eq!(docket.lines()[0].trim(), "WORDJUDGE CHALLENGE", "{text}");
        assert_eq!(line_with(&docket, "Event    "), "Event    Spring Open 2026");
        assert_eq!(
            line_with(&docket, "Event ID"),
            "Event ID K3QF-7A2M-XR5T-JH4D"
        );
        assert_eq!(line_with(&docket, "Station"), "Station  hall-b-07");
        assert_eq!(line_with(&docket, "Slip"), "Slip     42");
        assert_eq!(line_with(&docket, "Round"), "Round    7");
        assert_eq!(line_with(&docket, "Table"), "Table    14");
        assert_eq!(line_with(&docket, "Division"), "Division nsa");
        assert_eq!(line_with(&docket, "Lexicons"), "Lexicons TWL 7ced91210162");
        assert!(text.contains("\n         LL 0123456789ab\n"), "{text}");
        let time = line_with(&docket, "Time");
        // On the clock of the zone it is given (the event's).
        assert_eq!(time, "Time     2026-11-24 14:32:07 CET");
        assert!(text.contains("\nWords (3):\nQI ZA QOPH\n"), "{text}");
        let verdict = docket.lines().iter().find(|l| l.contains("VERDICT"));
        assert_eq!(verdict.unwrap(), "     VERDICT: UNACCEPTABLE");
        assert!(text.contains("\nSeal 3f2a91bc04d1e5f6\n"), "{text}");
        assert!(text.contains("--anchor 42:3f2a91bc04d1e5f6\n"), "{text}");
        assert!(!text.contains(SEAL), "only the seal's first digits: {text}");
        assert!(text.ends_with('\n') && text.lines().count() == docket.lines().len());
    }

    #[test]
    fn the_per_word_detail_never_appears_on_a_docket() {
        for verdict in [Verdict::Acceptable, Verdict::Unacceptable] {
            let mut slip = slip();
            slip.verdict = verdict;
            let text = docket(&slip, Some("Open"), &paris()).text();
            assert!(!text.contains("DETAILLEX"), "{text}");
            assert!(!text.to_lowercase().contains("not acceptable"), "{text}");
            assert!(!text.contains("found"), "{text}");
            // The words appear once, in the order typed, and nowhere marked.
            assert_eq!(text.matches("QOPH").count(), 1, "{text}");
        }
    }

    #[test]
    fn a_second_opinion_says_which_slip_it_re_adjudicates() {
        let mut slip = slip();
        slip.kind = SlipKind::SecondOpinion;
        slip.refers_to = Some(41);
        let docket = docket(&slip, None, &paris());
        assert_fits(&docket);
        assert_eq!(docket.lines()[0].trim(), "WORDJUDGE SECOND OPINION");
        assert!(
            docket
                .lines()
                .iter()
                .any(|l| l == "Second opinion on slip 41"),
            "{}",
            docket.text()
        );
        assert_eq!(line_with(&docket, "Slip"), "Slip     42");
    }

    #[test]
    fn a_director_ruling_says_so() {
        let mut slip = slip();
        slip.kind = SlipKind::Director;
        let docket = docket(&slip, None, &paris());
        assert_eq!(docket.lines()[0].trim(), "WORDJUDGE DIRECTOR'S RULING");
        assert!(docket.lines().iter().any(|l| l == "Judged by the director"));
    }

    #[test]
    fn no_event_round_or_table_lines_when_the_slip_has_none() {
        let mut slip = slip();
        slip.event = None;
        slip.round = None;
        slip.table = None;
        slip.lexicons.truncate(1);
        let docket = docket(&slip, None, &paris());
        assert_fits(&docket);
        for label in ["Event", "Round", "Table"] {
            assert!(
                !docket.lines().iter().any(|l| l.starts_with(label)),
                "{label}:\n{}",
                docket.text()
            );
        }
        assert_eq!(line_with(&docket, "Lexicon"), "Lexicon  TWL 7ced91210162");
    }

    #[test]
    fn eight_words_of_fifteen_letters_wrap_within_32_columns_in_order() {
        let mut slip = slip();
        slip.words = (0..8)
            .map(|i| format!("{}{}", (b'A' + i) as char, "BCDEFGHIJKLMNO"))
            .collect();
        let docket = docket(&slip, None, &paris());
        assert_fits(&docket);
        let start = docket
            .lines()
            .iter()
            .position(|l| l == "Words (8):")
            .expect("words header");
        let words: Vec<&str> = docket.lines()[start + 1..start + 5]
            .iter()
            .flat_map(|l| l.split(' '))
            .collect();
        assert_eq!(words, slip.words, "{}", docket.text());
        assert!(docket.lines()[start + 5].starts_with('-'));
    }

    #[test]
    fn a_long_or_accented_event_name_is_folded_to_ascii_and_wrapped() {
        let name = "Championnat de Montréal — Coupe Œcuménique des Lettres Sans Fin";
        let docket = docket(&slip(), Some(name), &paris());
        assert_fits(&docket);
        let text = docket.text();
        assert!(
            text.contains("Event    Championnat de Montreal\n"),
            "{text}"
        );
        assert!(
            text.contains("\n         - Coupe OEcumenique des\n"),
            "{text}"
        );
        assert!(text.contains("\n         Lettres Sans Fin\n"), "{text}");
        let unbroken = "X".repeat(40);
        let docket = super::docket(&slip(), Some(&unbroken), &paris());
        assert_fits(&docket);
        assert!(docket
            .text()
            .contains(&format!("Event    {}\n", &unbroken[..23])));
    }

    #[test]
    fn wrap_breaks_at_spaces_and_cuts_only_words_wider_than_a_line() {
        assert_eq!(wrap("", 5), vec![""]);
        assert_eq!(wrap("ab cd ef", 5), vec!["ab cd", "ef"]);
        assert_eq!(wrap("abcdefgh ij", 3), vec!["abc", "def", "gh", "ij"]);
        assert_eq!(wrap("abc", 3), vec!["abc"]);
        assert_eq!(ascii("Ça\tva\u{7}"), "Ca va ");
        // Every tournament alphabet's letters: the letter without its accent; L·L as typed. In
        // the words, each such letter is marked, so that ŻONA is not ZONA.
        assert_eq!(word_in_ascii("ŻONA"), "Z'ONA");
        assert_eq!(word_in_ascii("COL·LEGI"), "COL.LEGI");
        assert_eq!(word_in_ascii("C-HICO"), "C-HICO");
        assert_eq!(word_in_ascii("BLÅBÆR"), "BLA'BAE'R");
        assert_eq!(
            ascii("ŻÓŁW ŹDŹBŁO ČŠŽ BLÅBÆR ØL COL·LEGI AÑO"),
            "ZOLW ZDZBLO CSZ BLABAER OL COL.LEGI ANO"
        );
        assert_eq!(
            ascii("Straße 😀 “Ünï” – l’été…"),
            "Strasse ? \"Uni\" - l'ete..."
        );
    }
}
