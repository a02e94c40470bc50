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
mod house;
mod properties;
