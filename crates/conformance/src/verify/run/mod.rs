//! The run and its games.

mod games;
mod threads;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::corpus::Corpus;
use crate::protocol::{EngineError, Hello, Profile};
use crate::verify::game::illegal;
use crate::verify::game::judged_by::JudgedBy;
use crate::verify::game::malformed;
use crate::verify::game::subject::Subject;
use crate::verify::game::trial::{self, Checked, Probe, RunGame};
use crate::verify::shrink::{Effort, Shrinker};
use crate::verify::tally::known::KnownDivergences;
use crate::verify::tally::outcome::{COMPLETE_RUN_GAMES, VerifyReport};
use crate::verify::tally::run_tally::RunTally;

use games::{GameCounts, RunGames};

/// What to verify, and how hard.
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    /// Generated games to judge.
    pub games: usize,
    /// The seed of the generated games.
    pub seed: u64,
    /// The corpus to judge first, if any.
    pub corpus: Option<Corpus>,
    /// Divergences shrunk per group, cause and kind (the rest are counted).
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
            games: COMPLETE_RUN_GAMES,
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
    let mut found = RunTally::new(options.shrink_per_group);
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
    let mut found = RunTally::new(options.shrink_per_group);
    threads::check_all(
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
) -> Result<Checked, EngineError> {
    match game.probe {
        Some(Probe::Malformed(kind)) => {
            malformed::check_malformed(subject, hello, kind, &game.trial, id)
        }
        Some(Probe::Illegal(kind)) => illegal::check_illegal(subject, hello, kind, &game.trial, id),
        None => trial::compare_once(subject, hello, &game.trial, id),
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
    (counts, found): (GameCounts, RunTally),
    started: Instant,
) -> VerifyReport {
    let stopped = stopping(options);
    let known = known.for_profile(judged_by.profile_of(&hello));
    let (conventions, mut findings, tally) = found.decide();
    let mut shrinker = Shrinker {
        subject,
        hello: &hello,
        next_id: counts.total() as u64,
        effort: Effort {
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
