//! Runs every case of the conformance corpus (`spec/cases/`) against both
//! implementations, under every edition each case holds for, and reports
//! every failure at once.
//!
//! `DRAWRULES_CASES=TEXT cargo test --test conformance` runs only the cases
//! whose full name (`group/name`) contains `TEXT`.

use std::path::Path;
use std::time::Instant;

use drawrules::corpus::{CaseRun, Corpus, Readings, load_dir, run_corpus};
use drawrules::{Arbiter, Reference, Rules};

fn corpus() -> Corpus {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/cases");
    load_dir(&dir).unwrap_or_else(|err| panic!("{err}"))
}

fn filter() -> String {
    std::env::var("DRAWRULES_CASES").unwrap_or_default()
}

/// Runs the filtered corpus through one engine; returns the runs.
fn run(engine: &str, rules: &mut dyn Rules, corpus: &Corpus, filter: &str) -> Vec<CaseRun> {
    let started = Instant::now();
    let runs = run_corpus(corpus, rules, filter, Readings::Ours);
    eprintln!(
        "{engine}: {} case runs in {:.2?}",
        runs.len(),
        started.elapsed()
    );
    runs
}

#[test]
fn every_case_holds_for_both_engines() {
    let corpus = corpus();
    let filter = filter();
    let mut failures = Vec::new();
    let mut total = 0;
    let engines: [(&str, Box<dyn Rules>); 2] = [
        ("reference", Box::new(Reference::default())),
        ("arbiter", Box::new(Arbiter::default())),
    ];
    for (engine, mut rules) in engines {
        let runs = run(engine, rules.as_mut(), &corpus, &filter);
        assert!(
            !runs.is_empty(),
            "no case loaded (DRAWRULES_CASES={filter:?} matches none of {} cases)",
            corpus.len()
        );
        total += runs.len();
        failures.extend(
            runs.iter()
                .filter(|run| !run.holds())
                .map(|run| format!("{engine}: {run}")),
        );
    }
    assert!(
        failures.is_empty(),
        "{} of {total} case runs fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_corpus_is_large_and_covers_every_article() {
    let corpus = corpus();
    assert!(corpus.len() >= 80, "only {} cases", corpus.len());
    for article in drawrules::corpus::ARTICLES {
        assert!(
            corpus
                .cases()
                .any(|(_, case)| case.articles.iter().any(|a| a == article)),
            "no case names article {article}"
        );
    }
}

#[test]
fn every_case_with_alternatives_holds_under_some_reading_only_as_stated() {
    // A reading that is not ours must really differ from ours: our
    // implementations must fail it, or the alternative says nothing.
    let corpus = corpus();
    let mut checked = 0;
    for (group, case) in corpus.cases() {
        for (index, alternative) in case.alternatives.iter().enumerate() {
            if alternative.ours {
                continue;
            }
            let mut only_this = case.clone();
            only_this.alternatives = vec![alternative.clone()];
            only_this.alternatives[0].ours = true;
            for edition in case.editions.iter().copied() {
                let failures = drawrules::corpus::run_case(
                    &mut Reference::default(),
                    &only_this,
                    edition,
                    Readings::Ours,
                );
                assert!(
                    !failures.is_empty(),
                    "{} ({edition}): alternative {} holds for the reference too",
                    case.full_name(group),
                    index + 1
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "no case offers an alternative reading");
}

#[test]
fn any_reading_accepts_an_implementation_that_follows_another() {
    // Under `Readings::Any` a case holds when some alternative holds: a case
    // whose only `ours` reading is dropped still holds through the others
    // only if one of them matches, which ours never does (see above), so it
    // must fail; with ours kept it must hold.
    let corpus = corpus();
    for (group, case) in corpus.cases().filter(|(_, c)| !c.alternatives.is_empty()) {
        for edition in case.editions.iter().copied() {
            let failures = drawrules::corpus::run_case(
                &mut Reference::default(),
                case,
                edition,
                Readings::Any,
            );
            assert!(
                failures.is_empty(),
                "{}: {failures:?}",
                case.full_name(group)
            );
            let mut others = case.clone();
            others.alternatives.retain(|alternative| !alternative.ours);
            let failures = drawrules::corpus::run_case(
                &mut Reference::default(),
                &others,
                edition,
                Readings::Any,
            );
            assert!(
                !failures.is_empty(),
                "{}: the other readings hold too",
                case.full_name(group)
            );
        }
    }
}
