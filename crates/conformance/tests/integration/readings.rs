//! Every accepted reading `verify` knows stands for corpus alternatives,
//! and every alternative of the corpus other than ours is one of them:
//! the reference's records of the case, seen through the reading
//! (`Reading::record` at each ply), meet that alternative in full and
//! not ours.

use std::path::Path;

use drawrules::{Notation, Reference, StartPosition, Status, judge};
use drawrules_conformance::corpus::{Case, Corpus, alternative_holds, load_dir};
use drawrules_conformance::verify::{Reading, reading_cases};

fn corpus() -> Corpus {
    load_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/cases"))
        .expect("the corpus loads")
}

/// The reference's records of `case` under each of its editions, each
/// ply seen through `reading` where it applies.
fn records_under(case: &Case, reading: Option<Reading>) -> Vec<Vec<Status>> {
    let start = case
        .fen
        .as_deref()
        .map_or_else(StartPosition::standard, |fen| fen.parse().expect("FEN"));
    let moves: Vec<&str> = case.moves().collect();
    case.editions
        .iter()
        .map(|&edition| {
            let judged = judge(
                &mut Reference::default(),
                &start,
                edition,
                &moves,
                Notation::Uci,
            );
            judged
                .records
                .into_iter()
                .map(|status| match reading.and_then(|r| r.record(&status)) {
                    Some(theirs) => theirs,
                    None => status,
                })
                .collect()
        })
        .collect()
}

#[test]
fn each_reading_meets_its_cases_alternative_and_not_ours() {
    let corpus = corpus();
    for reading in Reading::ALL {
        for &full_name in reading_cases(reading) {
            let (_, case) = corpus
                .cases()
                .find(|(group, case)| case.full_name(group) == full_name)
                .unwrap_or_else(|| panic!("{reading}: no case {full_name}"));
            for records in records_under(case, Some(reading)) {
                let held: Vec<bool> = case
                    .alternatives
                    .iter()
                    .map(|alternative| alternative_holds(&records, alternative))
                    .collect();
                let others: Vec<usize> = (0..held.len())
                    .filter(|&i| held[i] && !case.alternatives[i].ours)
                    .collect();
                assert_eq!(others.len(), 1, "{reading} on {full_name}: {held:?}");
                let ours = case.alternatives.iter().position(|a| a.ours).unwrap();
                assert!(!held[ours], "{reading} on {full_name} meets ours too");
            }
        }
    }
}

#[test]
fn every_alternative_of_the_corpus_is_a_reading_verify_accepts() {
    let corpus = corpus();
    let mut alternatives = 0;
    for (group, case) in corpus.cases() {
        let full_name = case.full_name(group);
        for (index, alternative) in case.alternatives.iter().enumerate() {
            if alternative.ours {
                continue;
            }
            alternatives += 1;
            let readings: Vec<Reading> = Reading::ALL
                .into_iter()
                .filter(|&reading| reading_cases(reading).contains(&full_name.as_str()))
                .filter(|&reading| {
                    records_under(case, Some(reading))
                        .iter()
                        .all(|records| alternative_holds(records, alternative))
                })
                .collect();
            assert_eq!(
                readings.len(),
                1,
                "{full_name}, alternative {}: {:?} ({:?})",
                index + 1,
                alternative.reading,
                readings
            );
        }
    }
    assert_eq!(alternatives, 3, "the corpus's other readings");
}
