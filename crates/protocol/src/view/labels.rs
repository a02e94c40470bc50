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
