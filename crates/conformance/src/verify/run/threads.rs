//! Judging games on several subjects at once: each subject (an engine
//! process, say) takes the next game not yet taken, and the answers are
//! handed on in the games' order as soon as every game before them is in.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use crate::protocol::{EngineError, Hello};

use super::check_one;
use crate::verify::game::subject::Subject;
use crate::verify::game::trial::Checked;
use crate::verify::game::trial::RunGame;
use crate::verify::run::games::RunGames;

/// A game's number, the game, and its check.
type Answered = (usize, RunGame, Result<Checked, EngineError>);

/// How many games each subject may take ahead of the first game whose
/// check has not been handed on: with one subject slow on a game, the
/// others stop there, so the checks waiting for it stay few (each holds
/// its game and the reference's records, some tens of KB), while a game
/// that takes seconds (an exact 5.2.2 search) still leaves the others
/// hundreds of fast games to judge meanwhile.
pub(crate) const AHEAD_PER_SUBJECT: usize = 256;

/// Judges `games` with `subjects` at once and hands each check to
/// `deliver` in the games' order, until `deliver` says no more (the engine
/// is broken) or the first game no subject reached. Once `stopped()` no
/// further game is started, and a check that failed after it is dropped
/// (its engine may have been killed by the stop): the games judged are
/// handed on, whatever their place. No game is started more than
/// [`AHEAD_PER_SUBJECT`] times the subjects past the first game not yet
/// handed on. `progress` hears `(games done, games in all)` from this
/// thread.
pub(crate) fn check_all(
    subjects: &mut [Box<dyn Subject + Send>],
    hello: &Hello,
    games: RunGames,
    stopped: &(dyn Fn() -> bool + Sync),
    progress: &mut dyn FnMut(usize, usize),
    deliver: &mut dyn FnMut(usize, RunGame, Result<Checked, EngineError>) -> bool,
) {
    let total = games.total();
    let source = Mutex::new(games.enumerate());
    let stop = AtomicBool::new(false);
    let ahead = AHEAD_PER_SUBJECT * subjects.len().max(1);
    // Games taken by the subjects, and handed on in order.
    let (taken, handed) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let mut order = InOrder::default();
    thread::scope(|scope| {
        let (sender, answers) = mpsc::channel::<Answered>();
        for subject in subjects.iter_mut() {
            let (source, stop, sender) = (&source, &stop, sender.clone());
            let (taken, handed) = (&taken, &handed);
            scope.spawn(move || {
                // A panic here would leave its game unanswered, and the
                // other subjects waiting for it: they stop instead.
                let _stop_on_panic = StopOnPanic(stop);
                let go_on = || !stop.load(Ordering::Relaxed) && !stopped();
                while go_on() {
                    if taken.load(Ordering::SeqCst) >= handed.load(Ordering::SeqCst) + ahead {
                        thread::sleep(Duration::from_millis(1));
                        continue;
                    }
                    let next = source.lock().ok().and_then(|mut games| {
                        taken.fetch_add(1, Ordering::SeqCst);
                        games.next()
                    });
                    let Some((index, game)) = next else {
                        return;
                    };
                    let checked = check_one(subject.as_mut(), hello, &game, index as u64 + 1);
                    if checked.is_err() && stopped() {
                        return;
                    }
                    if matches!(&checked, Err(fault) if fault.is_broken()) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    if sender.send((index, game, checked)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        for (done, answered) in answers.into_iter().enumerate() {
            progress(done + 1, total);
            order.waiting.insert(answered.0, answered);
            order.hand_on(deliver);
            handed.store(order.next, Ordering::SeqCst);
            if order.ended {
                // Nothing more is handed on: the subjects stop.
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    order.finish(stopped(), deliver);
}

/// Sets its flag when dropped by a panic.
struct StopOnPanic<'a>(&'a AtomicBool);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

/// Checks waiting for those of the games before them.
#[derive(Default)]
struct InOrder {
    next: usize,
    waiting: BTreeMap<usize, Answered>,
    ended: bool,
}

impl InOrder {
    /// Hands on the checks that follow on from those handed on already.
    fn hand_on(
        &mut self,
        deliver: &mut dyn FnMut(usize, RunGame, Result<Checked, EngineError>) -> bool,
    ) {
        while !self.ended {
            let Some((index, game, checked)) = self.waiting.remove(&self.next) else {
                return;
            };
            self.next = index + 1;
            self.ended = !deliver(index, game, checked);
        }
    }

    /// Once every subject is done: the checks left, past the games not
    /// judged when the run was `stopped` (else the run ends at the first).
    fn finish(
        mut self,
        stopped: bool,
        deliver: &mut dyn FnMut(usize, RunGame, Result<Checked, EngineError>) -> bool,
    ) {
        for (index, (_, game, checked)) in std::mem::take(&mut self.waiting) {
            if self.ended || (index != self.next && !stopped) {
                return;
            }
            self.next = index + 1;
            self.ended = !deliver(index, game, checked);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Instant;

    use super::*;
    use crate::protocol::{Answer, JudgeRequest};
    use crate::verify::{OurArbiter, VerifyOptions};

    /// Our arbiter, but the first game's request waits until the other
    /// subjects have stopped starting games (or 10 s): it then notes how
    /// many requests had been answered.
    struct Slow {
        answered: Arc<AtomicUsize>,
        waited: Arc<AtomicBool>,
        seen: Arc<AtomicUsize>,
    }

    impl Subject for Slow {
        fn hello(&mut self) -> Result<Hello, EngineError> {
            OurArbiter.hello()
        }

        fn judge(&mut self, request: &JudgeRequest) -> Result<Answer, EngineError> {
            if request.id == 1 && !self.waited.swap(true, Ordering::SeqCst) {
                let started = Instant::now();
                let mut last = usize::MAX;
                // Until the count stands still for 200 ms.
                while started.elapsed() < Duration::from_secs(10) {
                    thread::sleep(Duration::from_millis(200));
                    let now = self.answered.load(Ordering::SeqCst);
                    if now == last {
                        break;
                    }
                    last = now;
                }
                self.seen.store(last, Ordering::SeqCst);
            }
            self.answered.fetch_add(1, Ordering::SeqCst);
            OurArbiter.judge(request)
        }
    }

    /// Our arbiter's handshake and the games of a run of 2,000 generated
    /// games (the malformed ones after them).
    fn arbiter_run() -> (Hello, RunGames) {
        let hello = OurArbiter.hello().unwrap();
        let options = VerifyOptions {
            games: 2_000,
            ..VerifyOptions::default()
        };
        let games = RunGames::of(&hello, &options);
        (hello, games)
    }

    /// Our arbiter, but it panics on the first game's request.
    struct Panicking;

    impl Subject for Panicking {
        fn hello(&mut self) -> Result<Hello, EngineError> {
            OurArbiter.hello()
        }

        fn judge(&mut self, request: &JudgeRequest) -> Result<Answer, EngineError> {
            assert_ne!(request.id, 1, "a subject that panics on the first game");
            OurArbiter.judge(request)
        }
    }

    /// A subject that panics leaves its game unanswered: the others stop
    /// instead of waiting for it, and the panic goes on to the caller.
    #[test]
    fn a_panic_stops_the_other_subjects() {
        let mut subjects: Vec<Box<dyn Subject + Send>> =
            vec![Box::new(Panicking), Box::new(Panicking)];
        let (hello, games) = arbiter_run();
        let mut handed = 0;
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            check_all(
                &mut subjects,
                &hello,
                games,
                &|| false,
                &mut |_, _| {},
                &mut |_, _, _| {
                    handed += 1;
                    true
                },
            );
        }));
        assert!(run.is_err(), "the panic goes on");
        assert_eq!(handed, 0, "nothing after the unanswered first game");
    }

    /// A subject slow on the first game holds the others to
    /// [`AHEAD_PER_SUBJECT`] games each past it, not the whole run (which
    /// they would judge in far less than the wait), and every check is
    /// still handed on, in order.
    #[test]
    fn a_slow_game_holds_the_others_to_a_few_games_ahead() {
        let (answered, waited, seen) = Default::default();
        let slow =
            |answered: &Arc<AtomicUsize>, waited: &Arc<AtomicBool>, seen: &Arc<AtomicUsize>| {
                Box::new(Slow {
                    answered: Arc::clone(answered),
                    waited: Arc::clone(waited),
                    seen: Arc::clone(seen),
                }) as Box<dyn Subject + Send>
            };
        let mut subjects = vec![
            slow(&answered, &waited, &seen),
            slow(&answered, &waited, &seen),
        ];
        let (hello, games) = arbiter_run();
        let total = games.total();
        let mut handed = Vec::new();
        check_all(
            &mut subjects,
            &hello,
            games,
            &|| false,
            &mut |_, _| {},
            &mut |index, _, checked| {
                assert!(checked.is_ok(), "game {index}: {:?}", checked.err());
                handed.push(index);
                true
            },
        );
        assert_eq!(handed, (0..total).collect::<Vec<_>>());
        let seen = seen.load(Ordering::SeqCst);
        eprintln!("answered while the first game waited: {seen} of {total}");
        // The other subject may take one game past the bound while it
        // reads the count.
        assert!(seen <= 2 * AHEAD_PER_SUBJECT, "{seen} answered");
        assert!(
            seen >= AHEAD_PER_SUBJECT,
            "{seen} answered: the other subject did not go on"
        );
    }
}
