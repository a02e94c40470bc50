//! The library's own rules, tested in process: property tests over everything that takes input
//! from a file or a person (`properties`), every tournament alphabet (`alphabet_properties`), and
//! the house's shape (`house`: layers, import circles, file lengths, clippy's rules). One test
//! binary, so the library is linked once for all three.

// A test may be long: the 80-line rule is for the program (clippy.toml).
#![allow(clippy::too_many_lines)]

#[path = "../common/mod.rs"]
mod common;

mod alphabet_properties;
mod documents;
mod guard;
mod house;
mod properties;

/// Every file under the folders `dirs`, at any depth, whose extension is `ext`, in sorted order.
fn files_under(dirs: &[std::path::PathBuf], ext: &str) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut dirs = dirs.to_vec();
    while let Some(dir) = dirs.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == ext) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}
