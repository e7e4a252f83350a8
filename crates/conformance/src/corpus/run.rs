//! Running cases against any [`Rules`] implementation and saying, field by
//! field, where it differs from what the case expects.

use std::fmt;

use drawrules::laws::Edition;
use drawrules::{
    Judgement, Notation, PartialStatus, Refusal, RefusalKind, Rules, StartPosition, Status, judge,
};

use super::format::{Alternative, Case, Difference, differences};
use super::load::Corpus;

/// Which of a case's accepted readings an implementation must follow, where
/// the case offers alternatives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Readings {
    /// Any accepted reading will do: for implementations other than ours.
    Any,
    /// The reading marked `ours`: for the implementations of this project.
    #[default]
    Ours,
}

/// One thing a case expected that did not happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The alternative (0-based) the expectation belongs to, if any.
    pub alternative: Option<usize>,
    /// The ply whose record differs; `None` for the error and for `expect`
    /// when no record could be compared.
    pub ply: Option<u32>,
    /// The field and both values.
    pub difference: Difference,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(index) = self.alternative {
            write!(f, "reading {}: ", index + 1)?;
        }
        if let Some(ply) = self.ply {
            write!(f, "ply {ply}: ")?;
        }
        write!(f, "{}", self.difference)
    }
}

/// How a refusal reads beside an expected error.
fn describe(refusal: &Refusal) -> String {
    match refusal.kind() {
        RefusalKind::InvalidFen => format!("invalid-fen ({})", refusal.reason),
        kind => format!(
            "{kind} at ply {} ({}: {})",
            refusal.ply,
            refusal.text.as_deref().unwrap_or_default(),
            refusal.reason
        ),
    }
}

/// Plays the case through the judging pipeline (UCI only: the corpus
/// speaks it).
fn play<R: Rules + ?Sized>(rules: &mut R, case: &Case, edition: Edition) -> Judgement {
    let start = match case.fen.as_deref().map(StartPosition::from_fen) {
        None => StartPosition::standard(),
        Some(Ok(start)) => start,
        Some(Err(err)) => return Judgement::refused_at_start(err.into()),
    };
    let moves: Vec<&str> = case.moves().collect();
    judge(rules, &start, edition, &moves, Notation::Uci)
}

/// Runs one case under one edition and returns what differs from the
/// expectations (empty when the case holds).
///
/// The case's `expect` and `at` must hold, and so must its error, if it
/// expects one; where it offers alternatives, `readings` says which of them
/// must hold too.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::corpus::{Readings, parse_file, run_case};
/// use drawrules::{Edition, Reference};
///
/// let text = r#"
/// [[case]]
/// name = "knights-twice"
/// articles = ["9.2.2"]
/// shows = "two knight round trips bring the start position back a third time"
/// moves = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"
/// expect = { repetition = 3, claims = [] }
/// "#;
/// let case = &parse_file("threefold.toml", text).unwrap().cases[0];
/// let failures = run_case(&mut Reference::default(), case, Edition::Fide2018, Readings::Ours);
/// assert_eq!(failures.len(), 1);
/// assert_eq!(
///     failures[0].to_string(),
///     r#"ply 8: claims: expected [], got ["threefold-repetition"]"#
/// );
/// ```
pub fn run_case<R: Rules + ?Sized>(
    rules: &mut R,
    case: &Case,
    edition: Edition,
    readings: Readings,
) -> Vec<Failure> {
    if !rules.set_dead_rule(case.dead_rule.rule()) {
        return vec![Failure {
            alternative: None,
            ply: None,
            difference: Difference {
                field: "dead-rule",
                expected: "5.2.2 decided exactly".to_owned(),
                actual: "not offered by this implementation".to_owned(),
            },
        }];
    }
    let Judgement {
        records, refusal, ..
    } = play(rules, case, edition);
    let mut failures = Vec::new();

    let expected_error = case.error.as_ref();
    let error_matches = match (expected_error, &refusal) {
        (None, None) => true,
        (Some(expected), Some(actual)) => {
            expected.kind == actual.kind()
                && (expected.kind == RefusalKind::InvalidFen || expected.ply == Some(actual.ply))
        }
        _ => false,
    };
    if !error_matches {
        failures.push(Failure {
            alternative: None,
            ply: None,
            difference: Difference {
                field: "error",
                expected: expected_error.map_or_else(|| "none".to_owned(), ToString::to_string),
                actual: refusal.as_ref().map_or_else(|| "none".to_owned(), describe),
            },
        });
    }

    failures.extend(compare_expected(
        &records,
        case.expect.as_ref(),
        &case.at,
        None,
    ));
    match readings {
        _ if case.alternatives.is_empty() => {}
        Readings::Ours => {
            if let Some((index, ours)) = case.our_reading() {
                failures.extend(compare_alternative(&records, index, ours));
            }
        }
        Readings::Any => {
            let per_reading: Vec<Vec<Failure>> = case
                .alternatives
                .iter()
                .enumerate()
                .map(|(index, alternative)| compare_alternative(&records, index, alternative))
                .collect();
            if per_reading.iter().all(|failed| !failed.is_empty()) {
                failures.extend(per_reading.into_iter().flatten());
            }
        }
    }
    failures
}

/// Whether `records` (a game's status records from ply 0) meet every
/// expectation of `alternative`.
///
/// # Examples
///
/// ```
/// use drawrules::{Edition, Notation, Reference, StartPosition, judge};
/// use drawrules_conformance::corpus::{alternative_holds, parse_file};
///
/// let text = r#"
/// [[case]]
/// name = "stalemate-on-the-150th-ply"
/// articles = ["9.6.2", "5.2.1"]
/// shows = "the move that completes the 75th move stalemates"
/// fen = "k7/8/1Q6/8/8/8/8/K7 w - - 149 100"
/// moves = "b6c7"
/// expect = { result = "1/2-1/2" }
///
/// [[case.alternative]]
/// reading = "every rule that holds is reported"
/// ours = true
/// expect = { ended = ["stalemate", "seventy-five-moves"] }
///
/// [[case.alternative]]
/// reading = "stalemate alone"
/// expect = { ended = ["stalemate"] }
/// "#;
/// let case = &parse_file("seventy-five-moves.toml", text).unwrap().cases[0];
/// let start: StartPosition = case.fen.as_deref().unwrap().parse().unwrap();
/// let judged = judge(&mut Reference::default(), &start, Edition::Fide2018, &["b6c7"], Notation::Uci);
/// assert!(alternative_holds(&judged.records, &case.alternatives[0]));
/// assert!(!alternative_holds(&judged.records, &case.alternatives[1]));
/// ```
pub fn alternative_holds(records: &[Status], alternative: &Alternative) -> bool {
    compare_alternative(records, 0, alternative).is_empty()
}

fn compare_alternative(
    records: &[Status],
    index: usize,
    alternative: &Alternative,
) -> Vec<Failure> {
    compare_expected(
        records,
        alternative.expect.as_ref(),
        &alternative.at,
        Some(index),
    )
}

/// Compares `expect` with the last record and each `at` with its ply.
fn compare_expected(
    records: &[Status],
    expect: Option<&PartialStatus>,
    at: &[PartialStatus],
    alternative: Option<usize>,
) -> Vec<Failure> {
    let mut failures = Vec::new();
    let missing = |ply: Option<u32>| Failure {
        alternative,
        ply,
        difference: Difference {
            field: "record",
            expected: "a record".to_owned(),
            actual: match records.len() {
                0 => "none: the game did not start".to_owned(),
                n => format!("none: the game stopped at ply {}", n - 1),
            },
        },
    };
    let mut compare = |ply: Option<u32>, expected: &PartialStatus| {
        let record = match ply {
            Some(ply) => records.get(ply as usize),
            None => records.last(),
        };
        match record {
            None => failures.push(missing(ply)),
            Some(status) => {
                failures.extend(differences(expected, status).into_iter().map(|difference| {
                    Failure {
                        alternative,
                        ply: Some(status.ply),
                        difference,
                    }
                }))
            }
        }
    };
    if let Some(expected) = expect {
        compare(None, expected);
    }
    for expected in at {
        compare(expected.ply, expected);
    }
    failures
}

/// One case run under one edition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseRun {
    /// The case's full name, `group/name`.
    pub name: String,
    /// The edition it ran under.
    pub edition: Edition,
    /// What differed; empty when the case holds.
    pub failures: Vec<Failure>,
}

impl CaseRun {
    /// Whether the case held.
    pub fn holds(&self) -> bool {
        self.failures.is_empty()
    }
}

impl fmt::Display for CaseRun {
    /// `group/name (edition): ok`, or the failures separated by `; `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}): ", self.name, self.edition)?;
        if self.failures.is_empty() {
            return f.write_str("ok");
        }
        for (index, failure) in self.failures.iter().enumerate() {
            if index > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{failure}")?;
        }
        Ok(())
    }
}

/// Runs every case whose full name contains `filter`, under every edition
/// it holds for, through `rules`; one [`CaseRun`] per case and edition, in
/// corpus order.
///
/// # Examples
///
/// ```
/// use std::path::Path;
/// use drawrules_conformance::corpus::{Readings, load_dir, run_corpus};
/// use drawrules::Arbiter;
///
/// let corpus = load_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/cases")).unwrap();
/// let runs = run_corpus(&corpus, &mut Arbiter::default(), "threefold/", Readings::Ours);
/// assert!(!runs.is_empty());
/// assert!(runs.iter().all(|run| run.holds()), "{runs:#?}");
/// ```
pub fn run_corpus<R: Rules + ?Sized>(
    corpus: &Corpus,
    rules: &mut R,
    filter: &str,
    readings: Readings,
) -> Vec<CaseRun> {
    let mut runs = Vec::new();
    for (group, case) in corpus.cases() {
        let name = case.full_name(group);
        if !name.contains(filter) {
            continue;
        }
        for edition in Edition::ALL {
            if case.holds_for(edition) {
                runs.push(CaseRun {
                    failures: run_case(rules, case, edition, readings),
                    name: name.clone(),
                    edition,
                });
            }
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::parse_file;
    use drawrules::RulesError;
    use drawrules::reference::Reference;
    use shakmaty::uci::UciMove;

    /// The failures of the one case in `body`, under fide-2018.
    fn failures(body: &str, readings: Readings) -> Vec<String> {
        let text = format!("[[case]]\nname = \"c\"\narticles = [\"9.2.2\"]\nshows = \"x\"\n{body}");
        let file = parse_file("g.toml", &text).unwrap();
        run_case(
            &mut Reference::default(),
            &file.cases[0],
            Edition::Fide2018,
            readings,
        )
        .iter()
        .map(ToString::to_string)
        .collect()
    }

    /// An implementation that decides 5.2.2 by material only: the trait's
    /// default `set_dead_rule`.
    struct MaterialOnly(Reference);

    impl Rules for MaterialOnly {
        fn start(&mut self, start: &StartPosition, edition: Edition) -> Result<(), RulesError> {
            self.0.start(start, edition)
        }

        fn play(&mut self, mv: UciMove) -> Result<(), RulesError> {
            self.0.play(mv)
        }

        fn status(&self) -> Status {
            self.0.status()
        }
    }

    #[test]
    fn a_case_of_the_exact_rule_fails_where_it_is_not_offered() {
        let text = "[[case]]\nname = \"c\"\narticles = [\"5.2.2\"]\nshows = \"x\"\n\
                    dead-rule = \"exact\"\nfen = \"k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1\"\n\
                    expect = { ended = [\"dead-position\"] }\n";
        let case = &parse_file("g.toml", text).unwrap().cases[0];
        let mut material = MaterialOnly(Reference::default());
        let found: Vec<String> = run_case(&mut material, case, Edition::Fide2018, Readings::Any)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            found,
            ["dead-rule: expected 5.2.2 decided exactly, got not offered by this implementation"]
        );
        assert!(
            run_case(
                &mut Reference::default(),
                case,
                Edition::Fide2018,
                Readings::Any
            )
            .is_empty()
        );
    }

    #[test]
    fn every_differing_field_is_reported_with_its_ply() {
        let found = failures(
            "moves = \"g1f3 g8f6\"\nat = [{ ply = 1, clock = 1, repetition = 2 }]\nexpect = { clock = 3, claims = [\"fifty-moves\"] }\n",
            Readings::Ours,
        );
        assert_eq!(
            found,
            [
                "ply 2: clock: expected 3, got 2",
                "ply 2: claims: expected [\"fifty-moves\"], got []",
                "ply 1: repetition: expected 2, got 1",
            ]
        );
    }

    #[test]
    fn errors_are_compared_by_kind_and_ply() {
        let missing = failures(
            "moves = \"e2e4\"\nerror = { kind = \"illegal-move\", ply = 1 }\n",
            Readings::Ours,
        );
        assert_eq!(missing, ["error: expected illegal-move at ply 1, got none"]);

        let other_kind = failures(
            "moves = \"e2e5\"\nerror = { kind = \"unreadable-move\", ply = 1 }\n",
            Readings::Ours,
        );
        assert_eq!(
            other_kind,
            [
                "error: expected unreadable-move at ply 1, got illegal-move at ply 1 (e2e5: illegal move in this position)"
            ]
        );

        let unexpected = failures(
            "fen = \"8/8 w - - 0 1\"\nexpect = { clock = 0 }\n",
            Readings::Ours,
        );
        assert_eq!(unexpected.len(), 2, "{unexpected:?}");
        assert!(unexpected[0].starts_with("error: expected none, got invalid-fen ("));
        assert_eq!(
            unexpected[1],
            "record: expected a record, got none: the game did not start"
        );
    }

    #[test]
    fn game_over_comes_before_the_move_text() {
        let found = failures(
            "moves = \"f2f3 e7e5 g2g4 d8h4 nonsense\"\nerror = { kind = \"game-over\", ply = 5 }\n",
            Readings::Ours,
        );
        assert!(found.is_empty(), "{found:?}");
        let found = failures(
            "moves = \"f2f3 nonsense\"\nerror = { kind = \"unreadable-move\", ply = 2 }\n",
            Readings::Ours,
        );
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn readings_any_and_ours() {
        let body = "moves = \"g1f3\"\n\
            [[case.alternative]]\nreading = \"one\"\nexpect = { clock = 1 }\n\
            [[case.alternative]]\nreading = \"two\"\nours = true\nexpect = { clock = 5 }\n";
        assert!(failures(body, Readings::Any).is_empty());
        assert_eq!(
            failures(body, Readings::Ours),
            ["reading 2: ply 1: clock: expected 5, got 1"]
        );
        let neither = body.replace("clock = 1", "clock = 4");
        assert_eq!(
            failures(&neither, Readings::Any),
            [
                "reading 1: ply 1: clock: expected 4, got 1",
                "reading 2: ply 1: clock: expected 5, got 1",
            ]
        );
    }
}
