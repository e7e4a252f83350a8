//! `drawrules verify`: check an implementation of the draw rules against the
//! reference, on the conformance corpus and on generated games, through the
//! engine protocol (`spec/PROTOCOL.md`).
//!
//! * [`judge_text()`]: our implementations' answers in the protocol's terms;
//! * [`Subject`]: what is verified, an [`EngineProcess`](crate::protocol::EngineProcess)
//!   or [`OurArbiter`];
//! * [`compare()`]: every distinct divergence, on declared parts only, each
//!   with its [`Cause`]; the exceptions it makes (when a difference is not
//!   a departure) are small named functions of one file, among them the
//!   accepted [`Reading`]s of the corpus and the published FEN
//!   [`Convention`]s, one per field decided for the whole run
//!   ([`ConventionTally`]); a FEN departs once per field ([`FenField`]);
//! * malformed input in every run ([`Malformation`](crate::protocol::Malformation)), in its own group;
//! * illegal moves in every run ([`IllegalMove`]), in their own group;
//! * shrinking each group and cause to a minimal game (a prefix of moves
//!   replaced by the FEN it reaches, moves dropped, simpler starts);
//! * [`Findings`]: every finding of a run counted, per group and cause,
//!   and only the reports' examples and the games to shrink kept whole, so
//!   that a run's memory does not grow with its games (which are made as
//!   they are judged);
//! * [`KnownDivergences`]: the known-divergences file, strict both ways;
//! * [`JudgedBy`]: the draw policies and editions judged by, the
//!   handshake's or a profile given in their place;
//! * [`render`]: text, JSON, JUnit and Markdown reports.

mod cause;
mod compare;
mod convention_tally;
mod conventions;
mod departures;
mod divergence;
mod exceptions;
mod fen_fields;
mod findings;
#[cfg(test)]
mod fixtures;
mod found;
mod group;
mod illegal;
mod illegal_move;
mod judge;
mod judged_by;
mod known;
mod malformed;
mod occasions;
mod parallel;
mod readings;
pub mod render;
mod run_games;
mod shrink;
mod subject;
mod verdicts;

pub use cause::Cause;
pub use compare::{Comparison, compare};
pub use convention_tally::{ConventionTally, DecidedConventions, Decision};
pub use conventions::{Convention, Told, double_step, told_apart};
pub use divergence::Divergence;
pub use fen_fields::{FenField, differing_fields};
pub use findings::{EXAMPLES, FindingLabel, Findings};
pub use group::Group;
pub use illegal_move::IllegalMove;
pub use judge::judge_text;
pub use judged_by::JudgedBy;
pub use known::{KnownDivergences, KnownDivergencesError, Label};
pub use malformed::malformed_game;
pub use occasions::{Exercise, Exercised, FLOOR, Occasion};
pub use readings::Reading;
pub use shrink::{Minimal, Trial};
pub use subject::{OurArbiter, OurExactArbiter, Subject};
pub use verdicts::{Compared, ExtraGroup, Verdict};

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use drawrules::Judgement;

use crate::corpus::Corpus;
use crate::protocol::{EngineError, Hello, Part, Profile};

use found::{Found, Shrinker};
use run_games::{GameCounts, Probe, RunGame, RunGames};

/// What to verify, and how hard.
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    /// Generated games to judge.
    pub games: usize,
    /// The seed of the generated games.
    pub seed: u64,
    /// The corpus to judge first, if any.
    pub corpus: Option<Corpus>,
    /// Divergences shrunk per group and cause (the rest are counted).
    pub shrink_per_group: usize,
    /// Checks one shrink may spend.
    pub shrink_budget: usize,
    /// Whether games the engine refuses as `unsupported` may pass (they
    /// are counted and listed either way).
    pub allow_unsupported: bool,
    /// Set from another thread (on a signal, say) to stop the run early:
    /// no further game is judged or shrunk, a game whose engine fails
    /// after the stop (a program that stops kills its engines) is not
    /// counted as judged, and the report covers the games judged before
    /// ([`VerifyReport::stopped`]). Nothing here watches for signals.
    pub stop: Option<Arc<AtomicBool>>,
    /// A profile to judge by in place of the draw policies and editions
    /// the handshake declares (`--profile`); the games sent name the
    /// profile's editions.
    pub profile: Option<Profile>,
}

impl Default for VerifyOptions {
    fn default() -> VerifyOptions {
        VerifyOptions {
            games: 300,
            seed: 1,
            corpus: None,
            shrink_per_group: 1,
            shrink_budget: 300,
            allow_unsupported: false,
            stop: None,
            profile: None,
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
    /// The engine refused the game as outside what it supports (its
    /// message): nothing of it was compared.
    Unsupported(String),
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

impl Problem {
    /// The group: the rule's name, or `fault`.
    pub fn group(&self) -> &'static str {
        match self {
            Problem::Divergence(divergence) => divergence.group.name(),
            Problem::Fault(_) => ExtraGroup::Fault.name(),
            Problem::Unsupported(_) => ExtraGroup::Unsupported.name(),
        }
    }

    /// The cause, for a divergence.
    pub fn cause(&self) -> Option<Cause> {
        match self {
            Problem::Divergence(divergence) => Some(divergence.cause),
            _ => None,
        }
    }

    /// The kind within its group and cause, for a group that holds kinds:
    /// the malformed input's ([`Group::Input`]), the illegal move's
    /// ([`Group::IllegalMoves`]), the claim's reported after the end
    /// ([`Group::ClaimsAfterTheEnd`]). Reports list every kind of a
    /// cause, each with its count and an example.
    pub fn kind(&self) -> Option<&'static str> {
        match self {
            Problem::Divergence(Divergence {
                group: Group::Input(kind),
                ..
            }) => Some(kind.name()),
            Problem::Divergence(Divergence {
                group: Group::ClaimsAfterTheEnd(part),
                ..
            }) => Some(part.name()),
            Problem::Divergence(Divergence {
                group: Group::IllegalMoves(kind),
                ..
            }) => Some(kind.name()),
            _ => None,
        }
    }
}

impl Finding {
    /// The group: the rule's name, or `fault`.
    pub fn group(&self) -> &'static str {
        self.problem.group()
    }

    /// The cause, for a divergence.
    pub fn cause(&self) -> Option<Cause> {
        self.problem.cause()
    }
}

/// The outcome of a verification run.
#[derive(Debug, Clone)]
pub struct VerifyReport {
    /// The engine's handshake, as judged: with a profile given to verify,
    /// that profile's draw policies and editions in place of its own.
    pub hello: Hello,
    /// Where the draw policies and editions judged by come from.
    pub judged_by: JudgedBy,
    /// Corpus games judged (case and edition).
    pub case_games: usize,
    /// Where the corpus came from ([`Corpus::source`]), `None` without one.
    pub corpus: Option<String>,
    /// Generated games judged.
    pub generated_games: usize,
    /// Malformed inputs judged (none for an engine that does not declare
    /// `moves`).
    pub malformed_games: usize,
    /// Illegal-move games judged (none for an engine that does not
    /// declare `moves`).
    pub illegal_games: usize,
    /// Plies compared, per declared part, over all games.
    pub compared: BTreeMap<Part, usize>,
    /// Games compared on at least one ply of a declared part.
    pub games_compared: usize,
    /// The plies of the reference's records over every game judged: what
    /// the run generated to compare.
    pub plies_generated: usize,
    /// Of those, the plies on which at least one part was compared.
    pub plies_judged: usize,
    /// Plies that differ from ours and hold under an accepted reading, per
    /// reading: the readings the engine follows.
    pub readings: BTreeMap<Reading, usize>,
    /// The plies where several endings held and the engine, declaring
    /// `"ended": "one"` (a game-over API that gives one reason), named one
    /// of them.
    pub one_ending_named: usize,
    /// Of the plies generated, those after a draw the engine makes
    /// automatic ended its game: not compared.
    pub plies_after_own_draws: usize,
    /// The occasions of the parts' rules in the reference's games, and
    /// those each part was compared on: a part compared on fewer than
    /// [`FLOOR`] of one of its occasions is not exercised.
    pub exercise: Exercise,
    /// The FEN conventions decided for the run, from every ply at which
    /// conventions write a field differently: the plies of a game that
    /// follow another one are findings (group `fen`).
    pub conventions: DecidedConventions,
    /// Whether `unsupported` refusals may pass.
    pub allow_unsupported: bool,
    /// Every finding counted, per group and cause with the games they come
    /// from; the first of each kept whole, with those shrunk.
    pub findings: Findings,
    /// The known divergences it was run with.
    pub known: KnownDivergences,
    /// How long it took.
    pub elapsed: Duration,
    /// Why the run stopped before its last game: the engine is broken
    /// ([`EngineError::is_broken`]).
    pub broken: Option<EngineError>,
    /// Games judged: every game of the run ([`VerifyReport::games`])
    /// unless it stopped early.
    pub judged: usize,
    /// The run was stopped on request ([`VerifyOptions::stop`]): the
    /// report covers the games judged before, and the divergences found
    /// after the stop were not shrunk.
    pub stopped: bool,
}

impl VerifyReport {
    /// The findings kept ([`Findings::kept`]) grouped by
    /// [`Finding::group`], in name order: every group with findings, each
    /// with the first of every cause and those shrunk, in the run's order.
    pub fn groups(&self) -> BTreeMap<&'static str, Vec<&Finding>> {
        self.findings
            .group_names()
            .map(|group| (group, self.findings.kept(group)))
            .collect()
    }

    /// The groups with findings that the known file does not list: a
    /// finding whose group, cause and kind no entry names (`unsupported`
    /// only when it is not allowed).
    pub fn unexpected(&self) -> Vec<&'static str> {
        let mut groups: Vec<&'static str> = self
            .findings
            .labels()
            .into_iter()
            .filter(|label| !self.is_known(label))
            .map(|label| label.group)
            .collect();
        groups.dedup();
        groups
    }

    /// Whether the findings of `label` are known: an entry names them, or
    /// they are refusals as unsupported that the run allows.
    pub fn is_known(&self, label: &FindingLabel) -> bool {
        (label.group == ExtraGroup::Unsupported.name() && self.allow_unsupported)
            || self
                .known
                .why(label.group, label.cause, label.kind)
                .is_some()
    }

    /// The games of the run: corpus, generated and malformed.
    pub fn games(&self) -> usize {
        self.case_games + self.generated_games + self.malformed_games + self.illegal_games
    }

    /// The plies compared over all parts.
    pub fn plies_compared(&self) -> usize {
        self.compared.values().sum()
    }

    /// Whether the run is one a known file is held to in full: it judged
    /// a corpus and at least 300 generated games (the default run). A
    /// smaller run cannot show every known departure: its known entries
    /// with no finding are [`unseen`](VerifyReport::unseen), not stale.
    pub fn complete(&self) -> bool {
        self.case_games > 0 && self.generated_games >= VerifyOptions::default().games
    }

    /// The known entries with no finding left in a complete run
    /// ([`VerifyReport::complete`]): they no longer diverge, and the run
    /// fails.
    pub fn stale(&self) -> Vec<&Label> {
        if self.complete() {
            self.unseen()
        } else {
            Vec::new()
        }
    }

    /// The known entries with no finding in this run, complete or not.
    pub fn unseen(&self) -> Vec<&Label> {
        let labels = self.findings.labels();
        self.known
            .labels()
            .into_iter()
            .filter(|known| {
                !labels.iter().any(|label| {
                    label.group == known.group
                        && label.cause.map(Cause::name) == Some(known.cause.as_str())
                        && label.kind == known.kind.as_deref()
                })
            })
            .collect()
    }

    /// Whether the run fails: it stopped before its end, compared
    /// nothing, found more than the known file lists, or a known
    /// divergence has gone.
    pub fn failed(&self) -> bool {
        self.broken.is_some()
            || self.stopped
            || self.plies_compared() == 0
            || !self.unexpected().is_empty()
            || !self.stale().is_empty()
    }

    /// Whether the run passes: it did not fail ([`VerifyReport::failed`])
    /// and every part it compares was exercised
    /// ([`VerifyReport::not_exercised`]).
    pub fn passed(&self) -> bool {
        !self.failed() && self.not_exercised().is_empty()
    }

    /// The run's outcome in one word, as the text report's last line
    /// begins: `PASS`, `FAIL`, or `NOT EXERCISED` (nothing failed, but a
    /// part was compared on fewer than [`FLOOR`] of an occasion).
    pub fn outcome(&self) -> &'static str {
        if self.failed() {
            "FAIL"
        } else if self.passed() {
            "PASS"
        } else {
            "NOT EXERCISED"
        }
    }
}

/// Verifies `subject`: the corpus first (each case under each edition both
/// it and the engine hold), then `options.games` generated games
/// ([`run_of`](drawrules_scenario::run_of): standard chess, 29 in 30 steered to a subtle situation
/// of the rules), each
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
/// assert!(!report.failed(), "{:?}", report.findings);
/// // Twenty games meet too few checkmates (among others) to say more.
/// assert!(report.not_exercised().contains(&"checkmate"));
/// assert_eq!(report.outcome(), "NOT EXERCISED");
/// ```
pub fn verify(
    subject: &mut dyn Subject,
    options: &VerifyOptions,
    known: KnownDivergences,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<VerifyReport, EngineError> {
    let started = Instant::now();
    let (hello, judged_by) = judged_handshake(subject.hello()?, options)?;
    let run = RunGames::of(&hello, options);
    let (total, counts) = (run.total(), run.counts());
    let stopped = stopping(options);
    let mut found = Found::new(options.shrink_per_group);
    for (index, game) in run.enumerate() {
        if stopped() {
            break;
        }
        let checked = check_one(subject, &hello, &game, index as u64 + 1);
        if checked.is_err() && stopped() {
            // Its engine may have been killed by the stop.
            break;
        }
        found.add(index, game, checked);
        progress(index + 1, total);
        if found.broken.is_some() {
            break;
        }
    }
    Ok(assemble(
        subject,
        (hello, judged_by),
        options,
        known,
        (counts, found),
        started,
    ))
}

/// [`verify`] with several subjects judging games at once (for instance one
/// engine process per core), `subjects[0]` also shrinking. The report is
/// the one [`verify`] gives with `subjects[0]` alone (for engines that
/// answer a game the same way every time): games are numbered, judged in
/// any order and reported in theirs, and divergences are shrunk one after
/// another once every game is judged. A broken engine stops every subject;
/// the report ends at the first game, in order, whose answer says so.
///
/// # Errors
///
/// A fault that prevented a subject's handshake, or handshakes that differ.
///
/// # Panics
///
/// If `subjects` is empty.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::verify::{
///     KnownDivergences, OurArbiter, Subject, VerifyOptions, verify_parallel,
/// };
///
/// let mut subjects: Vec<Box<dyn Subject + Send>> = vec![Box::new(OurArbiter), Box::new(OurArbiter)];
/// let options = VerifyOptions { games: 20, ..VerifyOptions::default() };
/// let report =
///     verify_parallel(&mut subjects, &options, KnownDivergences::default(), &mut |_, _| {}).unwrap();
/// assert_eq!(report.generated_games, 20);
/// assert!(!report.failed());
/// ```
pub fn verify_parallel(
    subjects: &mut [Box<dyn Subject + Send>],
    options: &VerifyOptions,
    known: KnownDivergences,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<VerifyReport, EngineError> {
    let started = Instant::now();
    let (first, others) = subjects.split_first_mut().expect("at least one subject");
    let hello = first.hello()?;
    for other in others.iter_mut() {
        let theirs = other.hello()?;
        if theirs != hello {
            return Err(EngineError::Unexpected(format!(
                "two processes of the engine gave different handshakes: {} and {}",
                hello.title(),
                theirs.title()
            )));
        }
    }
    let (hello, judged_by) = judged_handshake(hello, options)?;
    let run = RunGames::of(&hello, options);
    let counts = run.counts();
    let mut found = Found::new(options.shrink_per_group);
    parallel::check_all(
        subjects,
        &hello,
        run,
        &stopping(options),
        progress,
        &mut |index, game, checked| {
            found.add(index, game, checked);
            found.broken.is_none()
        },
    );
    let (first, _) = subjects.split_first_mut().expect("at least one subject");
    Ok(assemble(
        first.as_mut(),
        (hello, judged_by),
        options,
        known,
        (counts, found),
        started,
    ))
}

/// The handshake as the run judges it: refused when it cannot be judged
/// ([`Hello::check`]), whatever the subject (an engine process checks it
/// too), then with the profile given to verify, if any, in place of its
/// draw policies ([`JudgedBy::apply`]).
fn judged_handshake(
    mut hello: Hello,
    options: &VerifyOptions,
) -> Result<(Hello, JudgedBy), EngineError> {
    hello.check().map_err(EngineError::Unexpected)?;
    let judged_by =
        JudgedBy::apply(&mut hello, options.profile).map_err(EngineError::Unexpected)?;
    Ok((hello, judged_by))
}

/// Whether `options.stop` is set.
fn stopping(options: &VerifyOptions) -> impl Fn() -> bool + Sync + '_ {
    || {
        options
            .stop
            .as_ref()
            .is_some_and(|stop| stop.load(Ordering::SeqCst))
    }
}

/// Judges `game` with the reference and with `subject`, and compares.
fn check_one(
    subject: &mut dyn Subject,
    hello: &Hello,
    game: &RunGame,
    id: u64,
) -> Result<shrink::Checked, EngineError> {
    match game.probe {
        Some(Probe::Malformed(kind)) => {
            malformed::check_malformed(subject, hello, kind, &game.trial, id)
        }
        Some(Probe::Illegal(kind)) => illegal::check_illegal(subject, hello, kind, &game.trial, id),
        None => shrink::compare_once(subject, hello, &game.trial, id),
    }
}

/// The report from what was `found` in a run of games counted as
/// `counts`: the FEN conventions decided, the departures from them added
/// to the findings, the findings to shrink shrunk with `subject` in the
/// run's order (until a stop), and what was compared.
fn assemble(
    subject: &mut dyn Subject,
    (hello, judged_by): (Hello, JudgedBy),
    options: &VerifyOptions,
    known: KnownDivergences,
    (counts, found): (GameCounts, Found),
    started: Instant,
) -> VerifyReport {
    let stopped = stopping(options);
    let known = known.for_profile(judged_by.profile_of(&hello));
    let (conventions, mut findings, tally) = found.decide();
    let mut shrinker = Shrinker {
        subject,
        hello: &hello,
        next_id: counts.total() as u64,
        effort: shrink::Effort {
            budget: options.shrink_budget,
            stopped: &stopped,
            conventions: &conventions,
        },
    };
    for kept in findings.shrinkable() {
        kept.finding.minimal = shrinker.minimal(&kept.finding);
    }
    VerifyReport {
        hello,
        judged_by,
        case_games: counts.cases,
        corpus: options.corpus.as_ref().map(|corpus| corpus.source.clone()),
        generated_games: options.games,
        malformed_games: counts.malformed,
        illegal_games: counts.illegal,
        compared: tally.compared,
        games_compared: tally.games_compared,
        plies_generated: tally.plies_generated,
        plies_judged: tally.plies_judged,
        readings: tally.readings,
        one_ending_named: tally.one_ending_named,
        plies_after_own_draws: tally.after_own_draws,
        exercise: tally.exercise,
        conventions,
        allow_unsupported: options.allow_unsupported,
        findings,
        known,
        elapsed: started.elapsed(),
        broken: tally.broken,
        judged: tally.judged,
        stopped: stopped(),
    }
}
