//! The languages the station speaks, and every word it shows in them: Fluent message catalogues
//! (`crates/lang/locales/CODE.ftl`, embedded), one per [`Language`], English the reference.
//!
//! Fluent rather than gettext: its messages carry named placeholders (`{ $slip }`), which a
//! translator can move and a test can check against English's, and each message chooses its own
//! plural form by the language's CLDR rules (Polish and Slovene have four), where gettext has one
//! plural formula per file and positional `%s`. Translation tools (Pontoon, Weblate) read both.
//! Slint's `@tr` reads gettext, but the station's screens take every word from Rust (`ui/` has no
//! wording of its own), so that advantage does not apply.
//!
//! A message missing from a catalogue is shown in English ([`Language::missing`] lists them for
//! `config check`); a message missing in English is a bug a test catches, and shows its id.
//! Numbers that name things (slips, tables, rounds) are never grouped: they are written as the
//! players write them on the paper slip.

#![forbid(unsafe_code)]

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// A language the station speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Language {
    #[default]
    En,
    Ca,
    Es,
    Pl,
    De,
    Fr,
    Nb,
    Nl,
    Sv,
    Sl,
}

/// Each language: its code (BCP 47, as `kiosk.toml` names it) and its catalogue.
const CATALOGUES: [(Language, &str, &str); 10] = [
    (Language::En, "en", include_str!("../locales/en.ftl")),
    (Language::Ca, "ca", include_str!("../locales/ca.ftl")),
    (Language::Es, "es", include_str!("../locales/es.ftl")),
    (Language::Pl, "pl", include_str!("../locales/pl.ftl")),
    (Language::De, "de", include_str!("../locales/de.ftl")),
    (Language::Fr, "fr", include_str!("../locales/fr.ftl")),
    (Language::Nb, "nb", include_str!("../locales/nb.ftl")),
    (Language::Nl, "nl", include_str!("../locales/nl.ftl")),
    (Language::Sv, "sv", include_str!("../locales/sv.ftl")),
    (Language::Sl, "sl", include_str!("../locales/sl.ftl")),
];

impl Language {
    /// Every language, English first.
    pub const ALL: [Language; 10] = [
        Language::En,
        Language::Ca,
        Language::Es,
        Language::Pl,
        Language::De,
        Language::Fr,
        Language::Nb,
        Language::Nl,
        Language::Sv,
        Language::Sl,
    ];

    /// The code `kiosk.toml` names it by: `en`, `ca`, `es`, `pl`, `de`, `fr`, `nb`, `nl`, `sv`,
    /// `sl`.
    pub fn code(self) -> &'static str {
        CATALOGUES[self as usize].1
    }

    /// The language a code names (see [`Language::code`]).
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.code() == code)
    }

    /// Every code, for a message naming the choices: "en, ca, es, …".
    pub fn codes() -> String {
        Language::ALL.map(Language::code).join(", ")
    }

    /// The catalogue's source text.
    pub fn source(self) -> &'static str {
        CATALOGUES[self as usize].2
    }

    /// Message `id` without placeholders.
    pub fn text(self, id: &str) -> String {
        self.format(id, &[])
    }

    /// Message `id` with its placeholders (`tr!` builds `args`); in English if this language's
    /// catalogue lacks it.
    pub fn format(self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        let catalogues = catalogues();
        lookup(
            &catalogues[self as usize],
            &catalogues[Language::En as usize],
            id,
            args,
        )
    }

    /// The messages English has and this language's catalogue lacks (shown in English), and
    /// the catalogue's syntax errors, as `config check` reports them.
    pub fn missing(self) -> Vec<String> {
        let catalogues = catalogues();
        let own = &catalogues[self as usize];
        let mut missing: Vec<String> = own.errors.clone();
        for id in message_ids(&catalogues[Language::En as usize].resource) {
            if !own.bundle.has_message(id) {
                missing.push(format!("no message {id}"));
            }
        }
        missing
    }

    /// The date and time `at` on the clock of `zone` (the hall's: the event's zone), written as
    /// this language's people write them.
    pub fn datetime(
        self,
        at: wordjudge_base::clock::Timestamp,
        zone: &wordjudge_base::clock::TimeZone,
    ) -> String {
        self.clock_parts("datetime", &wordjudge_base::clock::local_parts(at, zone))
    }

    /// Message `id` (`datetime`) for the moment `t`.
    pub(crate) fn clock_parts(self, id: &str, t: &wordjudge_base::clock::LocalParts) -> String {
        let two = |n: i8| format!("{n:02}");
        let hour12 = match t.hour % 12 {
            0 => 12,
            h => h,
        };
        self.format(
            id,
            &[
                ("year", Arg::Str(&t.year.to_string())),
                ("month", Arg::Str(&two(t.month))),
                ("day", Arg::Str(&two(t.day))),
                ("month_num", Arg::Str(&t.month.to_string())),
                ("day_num", Arg::Str(&t.day.to_string())),
                ("hour", Arg::Str(&two(t.hour))),
                ("minute", Arg::Str(&two(t.minute))),
                ("second", Arg::Str(&two(t.second))),
                ("hour12", Arg::Str(&hour12.to_string())),
                ("ampm", Arg::Str(if t.hour < 12 { "AM" } else { "PM" })),
                ("zone", Arg::Str(&t.zone)),
            ],
        )
    }
}

/// A placeholder's value: text, or a number (which chooses plural forms).
#[derive(Debug, Clone, Copy)]
pub enum Arg<'a> {
    Str(&'a str),
    Num(f64),
}

impl Arg<'_> {
    fn to_fluent(self) -> FluentValue<'static> {
        match self {
            Arg::Str(s) => FluentValue::from(s.to_owned()),
            Arg::Num(n) => FluentValue::from(n),
        }
    }
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Arg<'a> {
        Arg::Str(s)
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Arg<'a> {
        Arg::Str(s)
    }
}

macro_rules! numeric_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Num(n as f64)
            }
        }
    )*};
}
numeric_args!(u32, u64, usize, f64);

/// `tr!(language, "id")`, or `tr!(language, "id", name = value, …)`: message `id` in
/// `language` (a [`Language`]) with its placeholders; values are text or numbers.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:literal) => {
        $crate::Language::text($lang, $id)
    };
    ($lang:expr, $id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::Language::format(
            $lang,
            $id,
            &[$((stringify!($name), $crate::Arg::from($value))),+],
        )
    };
}

/// Message `id` from `own`, else from `english`, else its id.
fn lookup(own: &Catalogue, english: &Catalogue, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    let args = (!args.is_empty()).then(|| {
        let mut fluent = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            fluent.set(*name, value.to_fluent());
        }
        fluent
    });
    for catalogue in [own, english] {
        let bundle = &catalogue.bundle;
        if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let text: Cow<str> = bundle.format_pattern(pattern, args.as_ref(), &mut errors);
            return text.into_owned();
        }
    }
    id.to_owned()
}

struct Catalogue {
    bundle: FluentBundle<Arc<FluentResource>>,
    resource: Arc<FluentResource>,
    /// What the parser could not read, as `config check` reports it.
    errors: Vec<String>,
}

/// Every catalogue, parsed on first use.
fn catalogues() -> &'static [Catalogue] {
    static CATALOGUES_PARSED: OnceLock<Vec<Catalogue>> = OnceLock::new();
    CATALOGUES_PARSED.get_or_init(|| {
        CATALOGUES
            .iter()
            .map(|&(language, code, source)| {
                debug_assert_eq!(language.code(), code);
                Catalogue::new(code, source)
            })
            .collect()
    })
}

impl Catalogue {
    /// The catalogue of language `code` from its source, with what could not be read. The
    /// source is parsed once: the bundle and the list of ids share the resource.
    fn new(code: &str, source: &str) -> Catalogue {
        let mut errors = Vec::new();
        let resource = Arc::new(match FluentResource::try_new(source.into()) {
            Ok(r) => r,
            Err((r, e)) => {
                errors.extend(e.iter().map(|e| format!("locales/{code}.ftl: {e}")));
                r
            }
        });
        let locale = code.parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![locale]);
        // No Unicode isolation marks around placeables: the screens and the docket show
        // text as it is, and the station treats invisible characters as suspect.
        bundle.set_use_isolating(false);
        if let Err(e) = bundle.add_resource(Arc::clone(&resource)) {
            errors.extend(e.iter().map(|e| format!("locales/{code}.ftl: {e}")));
        }
        Catalogue {
            bundle,
            resource,
            errors,
        }
    }
}

/// The ids of the messages (not terms) of a catalogue, in order.
fn message_ids(resource: &FluentResource) -> impl Iterator<Item = &str> {
    resource.entries().filter_map(|e| match e {
        fluent_syntax::ast::Entry::Message(m) => Some(m.id.name),
        _ => None,
    })
}

/// The verdict's word in `l`, without its symbol: ACCEPTABLE, VÀLIDA, DOPUSZCZALNE.
pub fn verdict_word(verdict: wordjudge_lexicon::judge::Verdict, l: Language) -> String {
    match verdict {
        wordjudge_lexicon::judge::Verdict::Acceptable => crate::tr!(l, "verdict-word-acceptable"),
        wordjudge_lexicon::judge::Verdict::Unacceptable => {
            crate::tr!(l, "verdict-word-unacceptable")
        }
    }
}

#[cfg(test)]
mod tests;
