//! The published editions wordjudge can recognise, by the fingerprint of their content.
//!
//! The table (`known-lexicons.toml`, read when the crate is built, `build.rs`, and compiled in)
//! holds facts about each edition — code, title, word count, canonical content SHA-256 — and no
//! words. Recognition compares a
//! compiled list's content digest with it, so a mislabelled file is caught whatever its name.

use std::fmt;
use std::sync::OnceLock;

use wordjudge_base::digest::Digest;

#[cfg(test)]
const TABLE: &str = include_str!("known-lexicons.toml");

/// One published edition.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
pub struct Edition {
    pub code: String,
    pub title: String,
    pub publisher: String,
    /// When the edition became official for rated play, where known.
    #[cfg_attr(test, serde(default))]
    pub effective: Option<String>,
    pub words: u64,
    pub two_letter: u64,
    pub max_len: usize,
    #[cfg_attr(test, serde(deserialize_with = "digest_from_str"))]
    pub content_sha256: Digest,
}

#[cfg(test)]
fn digest_from_str<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Digest, D::Error> {
    let s = <String as serde::Deserialize>::deserialize(d)?;
    s.parse().map_err(serde::de::Error::custom)
}

impl Edition {
    /// "NWL2023 (NASPA Word List 2023, 196,601 words)".
    pub fn describe(&self) -> String {
        format!(
            "{} ({}, {} words)",
            self.code,
            self.title,
            thousands(self.words)
        )
    }
}

/// An edition as build.rs writes the table's row.
struct Row {
    code: &'static str,
    title: &'static str,
    publisher: &'static str,
    effective: Option<&'static str>,
    words: u64,
    two_letter: u64,
    max_len: usize,
    content_sha256: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/known_editions.rs"));

/// Every published edition in the embedded table, in table order.
pub fn editions() -> &'static [Edition] {
    static EDITIONS: OnceLock<Vec<Edition>> = OnceLock::new();
    EDITIONS.get_or_init(|| {
        TABLE_ROWS
            .iter()
            .map(|r| Edition {
                code: r.code.to_owned(),
                title: r.title.to_owned(),
                publisher: r.publisher.to_owned(),
                effective: r.effective.map(str::to_owned),
                words: r.words,
                two_letter: r.two_letter,
                max_len: r.max_len,
                content_sha256: r
                    .content_sha256
                    .parse()
                    .expect("build.rs wrote only 64 hex digits here"),
            })
            .collect()
    })
}

/// The edition whose content digest is `content`, if any.
pub(crate) fn by_content(content: &Digest) -> Option<&'static Edition> {
    editions().iter().find(|e| e.content_sha256 == *content)
}

/// The edition whose code is `code` (ignoring case), if any.
pub fn by_code(code: &str) -> Option<&'static Edition> {
    editions()
        .iter()
        .find(|e| e.code.eq_ignore_ascii_case(code))
}

/// What a list is, given the code the director gave it and its content.
#[derive(Debug, Clone, PartialEq)]
pub enum Recognition {
    /// The content is exactly this edition (and the code, if it names an edition, agrees).
    Exactly(&'static Edition),
    /// The code names one edition; the content is another.
    Mislabelled {
        called: &'static Edition,
        actually: &'static Edition,
    },
    /// The code names an edition, but the content is no published edition.
    NotTheNamedEdition {
        called: &'static Edition,
        words: u64,
    },
    /// The content is no published edition (and the code does not claim one).
    Unpublished { words: u64 },
}

impl Recognition {
    /// Recognises a list with `words` distinct words and canonical digest `content`, which the
    /// director called `code` (if they named it).
    pub fn of(code: Option<&str>, content: &Digest, words: u64) -> Recognition {
        let called = code.and_then(by_code);
        match (called, by_content(content)) {
            (Some(called), Some(actually)) if called.code != actually.code => {
                Recognition::Mislabelled { called, actually }
            }
            (_, Some(actually)) => Recognition::Exactly(actually),
            (Some(called), None) => Recognition::NotTheNamedEdition { called, words },
            (None, None) => Recognition::Unpublished { words },
        }
    }

    /// The edition the content is, if it is one.
    pub fn edition(&self) -> Option<&'static Edition> {
        match self {
            Recognition::Exactly(e) | Recognition::Mislabelled { actually: e, .. } => Some(e),
            _ => None,
        }
    }

    /// True when the director's label contradicts the content.
    pub fn is_warning(&self) -> bool {
        matches!(
            self,
            Recognition::Mislabelled { .. } | Recognition::NotTheNamedEdition { .. }
        )
    }

    /// What `kiosk.toml` records as the edition found.
    pub fn edition_field(&self) -> String {
        match self.edition() {
            Some(e) => e.code.clone(),
            None => UNPUBLISHED.to_owned(),
        }
    }
}

/// The `edition` recorded for a list that matches no published edition.
pub const UNPUBLISHED: &str = "not a published edition";

impl fmt::Display for Recognition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Recognition::Exactly(e) => write!(f, "exactly {}", e.describe()),
            Recognition::Mislabelled { called, actually } => write!(
                f,
                "WARNING: you called this {} but it is {}",
                called.code,
                actually.describe()
            ),
            Recognition::NotTheNamedEdition { called, words } => write!(
                f,
                "WARNING: you called this {} but it is not that edition: it has {} words \
                 (not {}) and different content — {UNPUBLISHED}",
                called.code,
                thousands(*words),
                thousands(called.words)
            ),
            Recognition::Unpublished { words } => {
                write!(f, "{UNPUBLISHED} ({} words)", thousands(*words))
            }
        }
    }
}

/// 196601 → "196,601".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_table_parses_and_has_distinct_fingerprints() {
        let all = editions();
        assert!(all.len() >= 20, "{} editions", all.len());
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(
                    a.content_sha256, b.content_sha256,
                    "{} / {}",
                    a.code, b.code
                );
                assert_ne!(a.code, b.code);
            }
        }
        assert_eq!(by_code("nwl2023").unwrap().words, 196_601);
    }

    #[test]
    fn the_built_table_is_the_toml_file_as_toml_reads_it() {
        let by_toml: indexmap::IndexMap<String, Edition> = toml::from_str(TABLE).unwrap();
        let by_toml: Vec<Edition> = by_toml.into_values().collect();
        assert_eq!(editions(), by_toml.as_slice());
    }

    #[test]
    fn recognition_says_exactly_which_edition() {
        let nwl = by_code("NWL2023").unwrap();
        let r = Recognition::of(Some("NWL2023"), &nwl.content_sha256, nwl.words);
        assert_eq!(
            r.to_string(),
            "exactly NWL2023 (NASPA Word List 2023, 196,601 words)"
        );
        // A code that names no edition does not matter when the content is one.
        let r = Recognition::of(Some("MYLIST"), &nwl.content_sha256, nwl.words);
        assert_eq!(r, Recognition::Exactly(nwl));
        assert!(!r.is_warning());
    }

    #[test]
    fn recognition_warns_about_a_mislabelled_edition() {
        let csw21 = by_code("CSW21").unwrap();
        let r = Recognition::of(Some("CSW24"), &csw21.content_sha256, csw21.words);
        assert!(r.is_warning());
        assert_eq!(
            r.to_string(),
            "WARNING: you called this CSW24 but it is CSW21 (Collins Scrabble Words 2021, 279,077 words)"
        );
        assert_eq!(r.edition_field(), "CSW21");
    }

    #[test]
    fn recognition_of_unknown_content() {
        let d = Digest::of(b"AA\n");
        let r = Recognition::of(Some("csw24"), &d, 1);
        assert!(r.is_warning());
        assert!(r.to_string().contains("not a published edition"), "{r}");
        let r = Recognition::of(None, &d, 1234);
        assert_eq!(r.to_string(), "not a published edition (1,234 words)");
        assert_eq!(r.edition_field(), UNPUBLISHED);
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(280_887), "280,887");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
