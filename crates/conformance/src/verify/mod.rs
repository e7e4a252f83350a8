//! `drawrules verify`: check an implementation of the draw rules against the
//! reference, on the conformance corpus and on generated games, through the
//! engine protocol (`spec/PROTOCOL.md`).
//!
//! * [`judge_text()`]: our implementations' answers in the protocol's terms;
//! * [`Subject`]: what is verified, an [`EngineProcess`](crate::protocol::EngineProcess)
//!   or [`OurArbiter`];
//! * [`compare()`]: the first divergence, on declared parts only;
//! * shrinking to a minimal game, grouped by [`Group`];
//! * [`KnownDivergences`]: the known-divergences file, strict both ways;
//! * [`render`]: text, JSON, JUnit and Markdown reports.

mod compare;
mod judge;
mod known;
pub mod render;
mod shrink;
mod subject;

pub use compare::{Divergence, Group, compare};
pub use judge::judge_text;
pub use known::{KnownDivergences, KnownDivergencesError};
pub use shrink::{Minimal, Trial};
pub use subject::{OurArbiter, Subject};

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use drawrules::Judgement;

use crate::corpus::Corpus;
use crate::protocol::{EngineError, Hello};
use drawrules::StartPosition;
use drawrules_scenario::{Scenario, SeededBytes};

/// What to verify, and how hard.
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    /// Generated games to judge.
    pub games: usize,
    /// The seed of the generated games.
    pub seed: u64,
    /// The corpus to judge first, if any.
    pub corpus: Option<Corpus>,
    /// Divergences shrunk per rule (the rest are counted).
    pub shrink_per_rule: usize,
    /// Checks one shrink may spend.
    pub shrink_budget: usize,
}

impl Default for VerifyOptions {
    fn default() -> VerifyOptions {
        VerifyOptions {
            games: 300,
            seed: 1,
            corpus: None,
            shrink_per_rule: 2,
            shrink_budget: 300,
        }
    }
}

/// What went wrong with one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The answer departs from the reference.
    Divergence(Divergence),
    /// The engine broke the protocol.
    Fault(EngineError),
}

/// One game on which the engine went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Where the game came from: a corpus case or a generated game.
    pub source: String,
    /// The game as found.
    pub game: Trial,
    /// What the reference said about the game as found (nothing for a
    /// fault, which is not compared).
    pub reference: Option<Judgement>,
    /// The shrunk game, its divergence and the reference's judgement of
    /// it, for the findings that were shrunk.
    pub minimal: Option<Minimal>,
    /// What went wrong.
    pub problem: Problem,
}

impl Finding {
    /// The group: the rule's name, or `fault`.
    pub fn group(&self) -> &'static str {
        match &self.problem {
            Problem::Divergence(divergence) => divergence.group.name(),
            Problem::Fault(_) => "fault",
        }
    }
}

/// The outcome of a verification run.
#[derive(Debug, Clone)]
pub struct VerifyReport {
    /// The engine's handshake.
    pub hello: Hello,
    /// Corpus games judged (case and edition).
    pub case_games: usize,
    /// Generated games judged.
    pub generated_games: usize,
    /// Every game that went wrong.
    pub findings: Vec<Finding>,
    /// The known divergences it was run with.
    pub known: KnownDivergences,
    /// How long it took.
    pub elapsed: Duration,
    /// Why the run stopped before its last game: the engine is broken
    /// ([`EngineError::is_broken`]).
    pub broken: Option<EngineError>,
}

impl VerifyReport {
    /// The findings grouped by [`Finding::group`], in name order.
    pub fn groups(&self) -> BTreeMap<&'static str, Vec<&Finding>> {
        let mut groups: BTreeMap<&'static str, Vec<&Finding>> = BTreeMap::new();
        for finding in &self.findings {
            groups.entry(finding.group()).or_default().push(finding);
        }
        groups
    }

    /// The groups with findings that the known file does not list.
    pub fn unexpected(&self) -> Vec<&'static str> {
        self.groups()
            .into_keys()
            .filter(|&group| self.known.why(group).is_none())
            .collect()
    }

    /// The known rules (group names) that no longer diverge.
    pub fn stale(&self) -> Vec<&str> {
        let groups = self.groups();
        self.known
            .rules()
            .into_iter()
            .filter(|rule| !groups.contains_key(rule))
            .collect()
    }

    /// Whether the run passes: no finding beyond the known file, and no
    /// known divergence that has gone.
    pub fn passed(&self) -> bool {
        self.broken.is_none() && self.unexpected().is_empty() && self.stale().is_empty()
    }
}

/// Verifies `subject`: the corpus first (each case under each edition both
/// it and the engine hold), then `options.games` generated games (standard
/// chess: the generator's Chess960 games are passed over), each
/// judged by the reference and by the subject and compared on the parts the
/// subject declares. Divergences are shrunk (`shrink_per_rule` per rule);
/// faults are recorded and the run goes on (an engine process restarts by
/// itself) and the run goes on, unless the engine is broken: then it stops
/// there, with the findings so far and [`VerifyReport::broken`]. `progress`
/// hears `(games done, games in all)`.
///
/// # Errors
///
/// The fault that prevented the handshake: nothing can be verified then.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::verify::{KnownDivergences, VerifyOptions, OurArbiter, verify};
///
/// let options = VerifyOptions { games: 20, ..VerifyOptions::default() };
/// let report = verify(&mut OurArbiter, &options, KnownDivergences::default(), &mut |_, _| {}).unwrap();
/// assert_eq!(report.generated_games, 20);
/// assert!(report.passed(), "{:?}", report.findings);
/// ```
pub fn verify(
    subject: &mut dyn Subject,
    options: &VerifyOptions,
    known: KnownDivergences,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<VerifyReport, EngineError> {
    let started = Instant::now();
    let hello = subject.hello()?;
    let mut games: Vec<(String, Trial)> = Vec::new();
    if let Some(corpus) = &options.corpus {
        for (group, case) in corpus.cases() {
            for &edition in &case.editions {
                if !hello.editions.contains(&edition) {
                    continue;
                }
                let fen = case
                    .fen
                    .clone()
                    .unwrap_or_else(|| StartPosition::standard().to_string());
                games.push((
                    format!("case {} ({edition})", case.full_name(group)),
                    Trial {
                        fen,
                        moves: case.moves().map(str::to_owned).collect(),
                        edition,
                    },
                ));
            }
        }
    }
    let case_games = games.len();
    let mut seeded = SeededBytes::new(options.seed);
    let mut index = 0;
    while games.len() < case_games + options.games {
        let len = 64 + (seeded.next_u64() % 700) as usize;
        let scenario = Scenario::from_bytes(&seeded.take(len));
        index += 1;
        // Protocol 1 speaks standard chess only.
        if scenario.start.is_chess960() {
            continue;
        }
        let edition = if hello.editions.contains(&scenario.edition) {
            scenario.edition
        } else {
            hello.editions[0]
        };
        games.push((
            format!("generated game {} (seed {})", index - 1, options.seed),
            Trial {
                fen: scenario.start.to_string(),
                moves: scenario.uci().iter().map(ToString::to_string).collect(),
                edition,
            },
        ));
    }

    let total = games.len();
    let mut findings = Vec::new();
    let mut shrunk: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut next_id = 0;
    let mut broken = None;
    for (done, (source, game)) in games.into_iter().enumerate() {
        next_id += 1;
        let (problem, reference) = match shrink::check(subject, &hello, &game, next_id) {
            Ok(checked) => (
                checked.divergence.map(Problem::Divergence),
                Some(checked.reference),
            ),
            Err(fault) => (Some(Problem::Fault(fault)), None),
        };
        // A broken engine answers nothing more: stop with the findings so far.
        if let Some(Problem::Fault(fault)) = &problem
            && fault.is_broken()
        {
            broken = Some(fault.clone());
        }
        if let Some(problem) = problem {
            let mut finding = Finding {
                source,
                game,
                reference,
                minimal: None,
                problem,
            };
            if let (Problem::Divergence(divergence), Some(reference)) =
                (&finding.problem, &finding.reference)
            {
                let count = shrunk.entry(divergence.group.name()).or_default();
                if *count < options.shrink_per_rule {
                    *count += 1;
                    finding.minimal = Some(shrink::shrink(
                        subject,
                        &hello,
                        &finding.game,
                        divergence,
                        reference,
                        options.shrink_budget,
                        &mut next_id,
                    ));
                }
            }
            findings.push(finding);
        }
        progress(done + 1, total);
        if broken.is_some() {
            break;
        }
    }
    Ok(VerifyReport {
        hello,
        case_games,
        generated_games: options.games,
        findings,
        known,
        elapsed: started.elapsed(),
        broken,
    })
}
