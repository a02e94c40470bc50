//! A lexicon stored compressed inside a bundle (manifest format 4): raw DEFLATE (RFC 1951),
//! written by `event pack` for a file of [`MIN_BYTES`] or more when that is smaller, in the
//! member `PATH.deflate`, and
//! inflated by every reader — a station's install, a table device's page — before the file is
//! checked against the manifest's size and SHA-256, which are the file's own, not the stored
//! bytes'. The players' phones fetch the bundle from a plain static server, which compresses
//! nothing (issue 51, item 7): a lexicon's `fst` file deflates to about 70 % of its size.

use super::ManifestFile;

/// What a compressed member's name adds to the file's path.
pub const SUFFIX: &str = ".deflate";

/// The format from which a manifest may say a file is stored compressed.
pub const FROM_FORMAT: u32 = 4;

/// The smallest file stored deflated: below it the few bytes saved are not worth a member a
/// person cannot read with `tar` alone.
pub const MIN_BYTES: usize = 4096;

/// `bytes` deflated, if they are [`MIN_BYTES`] or more and that is smaller; `None` to store them
/// as they are.
pub fn deflate(bytes: &[u8]) -> Option<Vec<u8>> {
    if bytes.len() < MIN_BYTES {
        return None;
    }
    let deflated = miniz_oxide::deflate::compress_to_vec(bytes, 9);
    (deflated.len() < bytes.len()).then_some(deflated)
}

/// The member of the bundle that holds `file`: its path, or with [`SUFFIX`] when the manifest
/// says it is stored deflated.
pub fn member(file: &ManifestFile) -> String {
    match file.deflated {
        Some(_) => format!("{}{SUFFIX}", file.path),
        None => file.path.clone(),
    }
}

/// The file `file` names, from its stored member `stored`: inflated when the manifest says it
/// is deflated (never to more than the file's size: a stream that would inflate past it is
/// refused before it fills memory); as it is otherwise. The caller checks the result's size and
/// SHA-256 against the manifest.
pub fn inflate(file: &ManifestFile, stored: Vec<u8>) -> Result<Vec<u8>, String> {
    let Some(deflated) = file.deflated else {
        return Ok(stored);
    };
    if stored.len() as u64 != deflated {
        return Err(format!(
            "{} is {} bytes, not the {deflated} event.toml says: the bundle was changed or damaged since it was packed; copy it again from the director's machine",
            member(file),
            stored.len()
        ));
    }
    let limit = usize::try_from(file.bytes).unwrap_or(usize::MAX);
    miniz_oxide::inflate::decompress_to_vec_with_limit(&stored, limit).map_err(|e| {
        format!(
            "{} does not inflate to the {} bytes event.toml says ({:?}): the bundle was changed or damaged since it was packed; copy it again from the director's machine",
            member(file),
            file.bytes,
            e.status
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(bytes: u64, deflated: Option<u64>) -> ManifestFile {
        ManifestFile {
            path: "lexicons/TWL.fst".into(),
            bytes,
            sha256: String::new(),
            settings_sha256: None,
            code: Some("TWL".into()),
            deflated,
        }
    }

    #[test]
    fn a_file_deflated_inflates_to_itself_and_one_that_would_not_shrink_is_stored() {
        let text: Vec<u8> = b"AA AAH AAHED AAHING AAHS AAL AALII AALIIS AALS "
            .repeat(200)
            .to_vec();
        let deflated = deflate(&text).expect("repeated text shrinks");
        assert!(deflated.len() < text.len() / 10, "{}", deflated.len());
        let f = file(text.len() as u64, Some(deflated.len() as u64));
        assert_eq!(member(&f), "lexicons/TWL.fst.deflate");
        assert_eq!(inflate(&f, deflated).unwrap(), text);
        // A small file is stored as it is, under its own name; so is one that would not shrink.
        assert_eq!(deflate(&[7u8; MIN_BYTES - 1]), None);
        assert!(deflate(&[7u8; MIN_BYTES]).is_some());
        let mut x = 0x2545_f491_4f6c_dd1d_u64;
        let noise: Vec<u8> = (0..MIN_BYTES * 2)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 32) as u8
            })
            .collect();
        assert_eq!(deflate(&noise), None);
        let plain = file(3, None);
        assert_eq!(member(&plain), "lexicons/TWL.fst");
        assert_eq!(inflate(&plain, vec![1, 2, 3]).unwrap(), [1, 2, 3]);
    }

    #[test]
    fn a_stream_cut_changed_or_inflating_past_the_files_size_is_refused() {
        let text = b"QI ZA ".repeat(1000);
        let deflated = deflate(&text).unwrap();
        let n = deflated.len() as u64;
        // Cut: its stored size is not the manifest's.
        let e = inflate(
            &file(6000, Some(n)),
            deflated[..deflated.len() - 1].to_vec(),
        )
        .unwrap_err();
        assert!(e.contains("not the"), "{e}");
        // A bomb: the manifest says 100 bytes; the stream would give 6,000.
        let e = inflate(&file(100, Some(n)), deflated.clone()).unwrap_err();
        assert!(e.contains("does not inflate to the 100 bytes"), "{e}");
        // Garbage of the right size.
        let e = inflate(&file(6000, Some(n)), vec![0xff; deflated.len()]).unwrap_err();
        assert!(e.contains("does not inflate"), "{e}");
    }
}
