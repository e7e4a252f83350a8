//! Bytes -> a generated game; the arbiter and the reference must agree on
//! every field of every ply's record, under the edition the bytes chose
//! (the fuzzer flips that choice like any other byte).
#![no_main]

use drawrules_oracle::{Statistics, arbiter_matches_reference_in_its_edition};
use drawrules_scenario::Scenario;
use libfuzzer_sys::fuzz_target;

static STATS: Statistics = Statistics::new("differential_game");

fuzz_target!(|data: &[u8]| {
    let scenario = Scenario::from_bytes(data);
    match arbiter_matches_reference_in_its_edition(&scenario) {
        Ok(agreement) => STATS.add(&agreement),
        Err(divergence) => panic!("{divergence}\nreplay: {scenario:?}"),
    }
});
