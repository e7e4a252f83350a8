//! Any bytes -> an engine's output lines: each read as an answer of the
//! protocol or refused with a reason, compared and rendered without a panic.
#![no_main]

use drawrules_oracle::{Statistics, protocol_answers};
use libfuzzer_sys::fuzz_target;

static STATS: Statistics = Statistics::new("protocol_answers");

fuzz_target!(|data: &[u8]| {
    // The harness refuses lines that are not UTF-8 before reading them.
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match protocol_answers(text) {
        Ok(agreement) => STATS.add(&agreement),
        Err(inconsistency) => panic!("{inconsistency}\ninput: {text:?}"),
    }
});
