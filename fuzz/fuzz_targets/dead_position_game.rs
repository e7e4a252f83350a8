//! Bytes -> a game from a locked structure or a small endgame; with Article
//! 5.2.2 decided exactly, the arbiter and the reference must agree on every
//! field of every ply's record, their two decisions must agree side by side
//! on the last position wherever both decide, and a dead last position must
//! survive an independent visit of the positions reachable from it.
#![no_main]

use drawrules_oracle::{ORACLE_BUDGET, Statistics, exact_dead_position_game};
use libfuzzer_sys::fuzz_target;

static STATS: Statistics = Statistics::new("dead_position_game");

fuzz_target!(|data: &[u8]| {
    match exact_dead_position_game(data, ORACLE_BUDGET) {
        Ok(agreement) => STATS.add(&agreement),
        Err(divergence) => panic!("{divergence}\nbytes: {data:?}"),
    }
});
