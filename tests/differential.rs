//! The arbiter against the reference: every field of every ply's record,
//! and the acceptance of every move, under both editions.

use drawrules::oracle::arbiter_matches_reference;
use drawrules::scenario::{Scenario, scenarios};
use proptest::prelude::*;
use proptest::test_runner::Config;

/// At least 2,000 games per run; `PROPTEST_CASES` asks for more (or fewer).
fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(2_000);
    Config {
        cases,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn prop_arbiter_matches_reference(scenario in scenarios()) {
        if let Err(divergence) = arbiter_matches_reference(&scenario) {
            prop_assert!(false, "{divergence}\nreplay: {scenario:?}");
        }
    }
}

/// The same oracle on bytes from a fixed seed, as a fuzzer would feed it.
#[test]
fn oracle_agrees_on_seeded_bytes() {
    let mut state: u64 = 0x0dd5_eed5;
    let mut records = 0;
    for _ in 0..1_000 {
        let len = 64 + (next(&mut state) % 700) as usize;
        let bytes: Vec<u8> = (0..len).map(|_| next(&mut state) as u8).collect();
        let scenario = Scenario::from_bytes(&bytes);
        match arbiter_matches_reference(&scenario) {
            Ok(agreement) => records += agreement.records,
            Err(divergence) => panic!("{divergence}\nreplay: {scenario:?}"),
        }
    }
    assert!(records > 50_000, "only {records} records compared");
}

fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
