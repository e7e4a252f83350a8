//! Any text -> `drawrules explain`'s path (first line a FEN, then moves):
//! a clean error or consistent records, the same under both engines.
#![no_main]

use drawrules_oracle::{Statistics, explain_input};
use libfuzzer_sys::fuzz_target;

static STATS: Statistics = Statistics::new("explain_input");

fuzz_target!(|data: &[u8]| {
    // The command line only ever receives text.
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match explain_input(text) {
        Ok(agreement) => STATS.add(&agreement),
        Err(inconsistency) => panic!("{inconsistency}\ninput: {text:?}"),
    }
});
