//! A refusal in a director's words at a station image, which has no shell: the same install
//! refuses a bundle at a director's command line (`wordjudge event install`), where a flag or a
//! command is the way on, and at an image's first boot or director mode, where it is not. Each
//! piece of advice that names a flag or a command is written once here, with what a director at
//! a shell-less station does instead; [`for_the_image`] puts the second in place of the first.

/// A bundle packed before the running one.
pub(crate) const OLDER: Advice = Advice {
    command_line: "to go back on purpose, install it with --older",
    image: "to go back to it on purpose, pack that event again on your machine (a new pack is newer than the event this station runs), put it on the stick and choose it again",
};

/// A bundle with no signature.
pub(crate) const NOT_SIGNED: Advice = Advice {
    command_line: "pack it with `wordjudge event pack --key FILE`",
    image: "pack it again on your machine, signed with the key this station image was built with, put it on the stick and restart the station",
};

/// A bundle signed by another key than the one the station trusts.
pub(crate) const OTHER_KEY: Advice = Advice {
    command_line: "pack it with the key this station trusts (`wordjudge event pack --key FILE`)",
    image: "pack it again on your machine with the key this station image was built with, put it on the stick and restart the station",
};

/// The station id given to the install (the image reads it from the stick's `station` file).
pub(crate) const STATION: Advice = Advice {
    command_line: "--station",
    image: "the station number in the stick's wordjudge-event/station file (write this station's own there and restart the station)",
};

/// A bundle damaged or not copied whole (two wordings: the second is the first's start).
pub(crate) const DAMAGED: Advice = Advice {
    command_line: "copy it again from the director's machine",
    image: "copy event.tar onto the stick again from your machine, eject the stick properly and restart the station",
};
pub(crate) const CUT_SHORT: Advice = Advice {
    command_line: "copy it again",
    image: DAMAGED.image,
};

/// One piece of advice, as the command line and as a station image says it.
pub(crate) struct Advice {
    pub(crate) command_line: &'static str,
    pub(crate) image: &'static str,
}

const ALL: [Advice; 6] = [OLDER, NOT_SIGNED, OTHER_KEY, STATION, DAMAGED, CUT_SHORT];

/// `text` (a refusal from the install) with every command line's advice in it replaced by what
/// a director at a station image does instead.
pub(crate) fn for_the_image(text: &str) -> String {
    ALL.iter()
        .fold(text.to_owned(), |t, a| t.replace(a.command_line, a.image))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_advice_for_the_image_names_a_flag_or_a_command() {
        for a in ALL {
            assert!(
                !a.image.contains("--") && !a.image.contains('`'),
                "{}",
                a.image
            );
            assert_eq!(
                for_the_image(&format!("x: {}", a.command_line)),
                format!("x: {}", a.image)
            );
        }
    }
}
