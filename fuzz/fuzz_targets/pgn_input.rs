//! Any bytes -> a PGN file through `drawrules adjudicate`'s path: a clean
//! per-game error or findings whose final record is the reference's.
#![no_main]

use drawrules_oracle::{Statistics, pgn_input};
use libfuzzer_sys::fuzz_target;

static STATS: Statistics = Statistics::new("pgn_input");

fuzz_target!(|data: &[u8]| {
    match pgn_input(data) {
        Ok(agreement) => STATS.add(&agreement),
        Err(inconsistency) => panic!(
            "{inconsistency}\ninput: {:?}",
            String::from_utf8_lossy(data)
        ),
    }
});
