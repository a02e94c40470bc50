//! The station's fixed words (buttons, prompts): declared once, for the protocol and the window.

use wordjudge_lang::Language;

/// Declares the station's fixed words once: the [`Labels`] struct, [`Labels::of`] (each field
/// from the catalogue's `label-FIELD` message, `_` written `-`), and `wordjudge_protocol::for_each_label!`,
/// which hands every field's name to a macro of the caller's. The window fills its own `Labels`
/// (ui/api.slint, which Slint needs declared) with it, so the names are listed here and there
/// only, and a field missing on either side does not compile.
macro_rules! labels {
    ($d:tt $($(#[$doc:meta])* $field:ident,)*) => {
        /// The fixed words of the station's screens, for the user interface, in one language.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct Labels {
            $($(#[$doc])* pub $field: String,)*
        }

        impl Labels {
            /// The fixed words in `language`.
            pub fn of(language: Language) -> Labels {
                Labels {
                    $($field: language.text(&format!("label-{}", stringify!($field).replace('_', "-"))),)*
                }
            }

            /// The fixed words in each of `languages`, for a players' screen before a division
            /// (and so a language) is chosen on a station whose divisions speak several: see
            /// [`several`].
            pub fn of_several(languages: &[Language]) -> Labels {
                Labels {
                    $($field: several(languages, &format!("label-{}", stringify!($field).replace('_', "-"))),)*
                }
            }
        }

        /// `for_each_label!(m)` expands to `m! { out_of_service, call_director, … }`: every field
        /// of [`Labels`], in order.
        #[macro_export]
        macro_rules! for_each_label {
            ($d m:ident) => { $d m! { $($field),* } };
        }
    };
}

labels! { $
    out_of_service,
    call_director,
    verdicts_differ,
    second_opinion,
    edit_keys,
    /// The tile keyboard's key that ends a word (it types Space).
    next_word,
    done,
    any_key_clears,
    judge,
    words_typed,
    word,
    cancel,
    backspace,
    ok,
    pin,
    pin_digits,
    director,
    scroll,
    alert,
    back,
    /// Said of a control that cannot act now (a screen reader's description of it).
    unavailable,
    about_text,
}

/// Message `id` in each of `languages`, joined by " / ", each different text once: "SEGONA
/// OPINIÓ / DRUGA OPINIA (F2)". A key every language names the same way at the end ("(F2)",
/// "(Esc)") is said once, at the end.
fn several(languages: &[Language], id: &str) -> String {
    let texts: Vec<String> = languages.iter().map(|l| l.text(id)).collect();
    let key = texts
        .first()
        .and_then(|t| t.rfind(" (").map(|at| &t[at..]))
        .filter(|k| k.ends_with(')') && texts.iter().all(|t| t.ends_with(k)));
    let mut parts: Vec<&str> = Vec::new();
    for t in &texts {
        let part = key.and_then(|k| t.strip_suffix(k)).unwrap_or(t);
        if !parts.contains(&part) {
            parts.push(part);
        }
    }
    format!("{}{}", parts.join(" / "), key.unwrap_or(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn several_languages_words_are_each_said_once_and_a_shared_key_at_the_end() {
        let both = Labels::of_several(&[Language::Ca, Language::Pl]);
        assert_eq!(both.second_opinion, "SEGONA OPINIÓ / DRUGA OPINIA (F2)");
        assert_eq!(both.cancel, "Cancel·la / Anuluj (Esc)");
        // The same word in both: once.
        let de_pl = Labels::of_several(&[Language::De, Language::Pl]);
        assert_eq!(de_pl.ok, "OK");
        // One language: as `of`.
        assert_eq!(
            Labels::of_several(&[Language::De]),
            Labels::of(Language::De)
        );
    }
}
