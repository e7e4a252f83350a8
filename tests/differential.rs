//! The arbiter against the reference: every field of every ply's record,
//! and the acceptance of every move, under both editions.
//!
//! proptest keeps no seed files here (`proptest_config` turns failure
//! persistence off): a shrunk failure is written into the conformance
//! corpus (`spec/cases/`) as a named case with a one-line postmortem, which
//! keeps reproducing when the generators change.

use drawrules_oracle::arbiter_matches_reference;
use drawrules_scenario::{Scenario, SeededBytes, proptest_config, scenarios};
use proptest::prelude::*;

proptest! {
    // At least 2,000 games per run; `PROPTEST_CASES` asks for more.
    #![proptest_config(proptest_config(2_000))]

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
    let mut seeded = SeededBytes::new(0x0dd5_eed5);
    let mut records = 0;
    for _ in 0..1_000 {
        let len = 64 + (seeded.next_u64() % 700) as usize;
        let bytes = seeded.take(len);
        let scenario = Scenario::from_bytes(&bytes);
        match arbiter_matches_reference(&scenario) {
            Ok(agreement) => records += agreement.records,
            Err(divergence) => panic!("{divergence}\nreplay: {scenario:?}"),
        }
    }
    assert!(records > 50_000, "only {records} records compared");
}
