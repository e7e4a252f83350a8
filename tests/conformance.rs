//! The conformance corpus (`spec/cases/`) against both implementations: one
//! test per case and engine, named `group/name::engine`, which runs the case
//! under every edition it holds for and, when it fails, names every field
//! that differs. Then the checks of the corpus itself.
//!
//! A harness of its own (`harness = false`, with `libtest-mimic`), so that
//! the usual filters pick cases by name:
//!
//! ```text
//! cargo test --test conformance -- castling                 # every case whose name has "castling"
//! cargo test --test conformance -- fifty-moves/ ::arbiter   # a group, or one engine
//! cargo test --test conformance -- --exact threefold/knights-twice::reference
//! cargo test --test conformance -- --list
//! ```

use std::path::Path;

use drawrules::{Arbiter, Article, Edition, Reference, Rules};
use drawrules_conformance::corpus::{Case, CaseRun, Corpus, Readings, load_dir, run_case};
use libtest_mimic::{Arguments, Failed, Trial};

/// An engine's name in the test names, and a fresh instance of it.
type Engine = (&'static str, fn() -> Box<dyn Rules>);

/// A check of the whole corpus, by name.
type Check = (&'static str, fn(&Corpus) -> Result<(), Failed>);

const ENGINES: [Engine; 2] = [
    ("reference", || Box::new(Reference::default())),
    ("arbiter", || Box::new(Arbiter::default())),
];

fn main() {
    let arguments = Arguments::from_args();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/cases");
    let trials = match load_dir(&dir) {
        Ok(corpus) => trials(corpus),
        // A corpus that does not load is one failing test, not a crash.
        Err(err) => vec![Trial::test("the_corpus_loads", move || {
            Err(err.to_string().into())
        })],
    };
    libtest_mimic::run(&arguments, trials).exit();
}

/// One trial per case and engine, then the checks of the whole corpus.
fn trials(corpus: Corpus) -> Vec<Trial> {
    let mut trials: Vec<Trial> = corpus
        .cases()
        .flat_map(|(group, case)| ENGINES.map(|engine| case_trial(group, case, engine)))
        .collect();
    let corpus = std::sync::Arc::new(corpus);
    let checks: [Check; 3] = [
        (
            "the_corpus_is_large_and_covers_every_article",
            the_corpus_is_large_and_covers_every_article,
        ),
        (
            "every_case_with_alternatives_holds_under_some_reading_only_as_stated",
            every_case_with_alternatives_holds_under_some_reading_only_as_stated,
        ),
        (
            "any_reading_accepts_an_implementation_that_follows_another",
            any_reading_accepts_an_implementation_that_follows_another,
        ),
    ];
    for (name, check) in checks {
        let corpus = std::sync::Arc::clone(&corpus);
        trials.push(Trial::test(name, move || check(&corpus)));
    }
    trials
}

/// The case under every edition it holds for, through a fresh engine; fails
/// with one line per edition that does not hold, naming every differing
/// field.
fn case_trial(group: &str, case: &Case, (engine, make): Engine) -> Trial {
    let name = case.full_name(group);
    let case = case.clone();
    Trial::test(format!("{name}::{engine}"), move || {
        let mut rules = make();
        let failed: Vec<String> = Edition::ALL
            .into_iter()
            .filter(|&edition| case.holds_for(edition))
            .map(|edition| CaseRun {
                name: name.clone(),
                edition,
                failures: run_case(rules.as_mut(), &case, edition, Readings::Ours),
            })
            .filter(|run| !run.holds())
            .map(|run| format!("{engine}: {run}"))
            .collect();
        if failed.is_empty() {
            Ok(())
        } else {
            Err(failed.join("\n").into())
        }
    })
}

fn the_corpus_is_large_and_covers_every_article(corpus: &Corpus) -> Result<(), Failed> {
    if corpus.len() < 80 {
        return Err(format!("only {} cases", corpus.len()).into());
    }
    let missing: Vec<Article> = Article::ALL
        .into_iter()
        .filter(|article| {
            !corpus
                .cases()
                .any(|(_, case)| case.articles.contains(article))
        })
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!("no case names the articles {missing:?}").into())
    }
}

/// A reading that is not ours must really differ from ours: our
/// implementations must fail it, or the alternative says nothing.
fn every_case_with_alternatives_holds_under_some_reading_only_as_stated(
    corpus: &Corpus,
) -> Result<(), Failed> {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (group, case) in corpus.cases() {
        for (index, alternative) in case.alternatives.iter().enumerate() {
            if alternative.ours {
                continue;
            }
            let mut only_this = case.clone();
            only_this.alternatives = vec![alternative.clone()];
            only_this.alternatives[0].ours = true;
            for edition in case.editions.iter().copied() {
                let failures = run_case(
                    &mut Reference::default(),
                    &only_this,
                    edition,
                    Readings::Ours,
                );
                if failures.is_empty() {
                    wrong.push(format!(
                        "{} ({edition}): alternative {} holds for the reference too",
                        case.full_name(group),
                        index + 1
                    ));
                }
                checked += 1;
            }
        }
    }
    if checked == 0 {
        return Err("no case offers an alternative reading".into());
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(wrong.join("\n").into())
    }
}

/// Under `Readings::Any` a case holds when some alternative holds: a case
/// whose only `ours` reading is dropped still holds through the others only
/// if one of them matches, which ours never does (see above), so it must
/// fail; with ours kept it must hold.
fn any_reading_accepts_an_implementation_that_follows_another(
    corpus: &Corpus,
) -> Result<(), Failed> {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (group, case) in corpus.cases().filter(|(_, c)| !c.alternatives.is_empty()) {
        for edition in case.editions.iter().copied() {
            let failures = run_case(&mut Reference::default(), case, edition, Readings::Any);
            if !failures.is_empty() {
                wrong.push(format!("{}: {failures:?}", case.full_name(group)));
            }
            let mut others = case.clone();
            others.alternatives.retain(|alternative| !alternative.ours);
            let failures = run_case(&mut Reference::default(), &others, edition, Readings::Any);
            if failures.is_empty() {
                wrong.push(format!(
                    "{}: the other readings hold too",
                    case.full_name(group)
                ));
            }
            checked += 1;
        }
    }
    if checked == 0 {
        return Err("no case offers an alternative reading".into());
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(wrong.join("\n").into())
    }
}
