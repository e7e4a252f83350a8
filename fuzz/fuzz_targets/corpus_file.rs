//! Any bytes -> a `spec/cases` file: a one-line error naming the file, or
//! cases that run and that both engines judge alike. Cases that ask for the
//! exact 5.2.2 rule run under the material rule, counted in the statistics:
//! `dead_position_game` fuzzes that decision, and a seed file of the costly
//! cases would cost half a minute an input.
#![no_main]

use drawrules_oracle::{ExactCases, Statistics, corpus_file};
use libfuzzer_sys::fuzz_target;

static STATS: Statistics = Statistics::new("corpus_file");

fuzz_target!(|data: &[u8]| {
    // Case files are read as UTF-8; other bytes never reach the parser.
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match corpus_file(text, ExactCases::UnderMaterial) {
        Ok(agreement) => STATS.add(&agreement),
        Err(inconsistency) => panic!("{inconsistency}\ninput: {text:?}"),
    }
});
