//! Judging games on several subjects at once: each subject (an engine
//! process, say) takes the next game not yet taken, and the answers are
//! handed on in the games' order as soon as every game before them is in.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;

use crate::protocol::{EngineError, Hello};

use super::check_one;
use super::run_games::{RunGame, RunGames};
use super::shrink::Checked;
use super::subject::Subject;

/// A game's number, the game, and its check.
type Answered = (usize, RunGame, Result<Checked, EngineError>);

/// Judges `games` with `subjects` at once and hands each check to
/// `deliver` in the games' order, until `deliver` says no more (the engine
/// is broken) or the first game no subject reached. Once `stopped()` no
/// further game is started, and a check that failed after it is dropped
/// (its engine may have been killed by the stop): the games judged are
/// handed on, whatever their place. `progress` hears `(games done, games
/// in all)` from this thread.
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
    let mut order = InOrder::default();
    thread::scope(|scope| {
        let (sender, answers) = mpsc::channel::<Answered>();
        for subject in subjects.iter_mut() {
            let (source, stop, sender) = (&source, &stop, sender.clone());
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) && !stopped() {
                    let next = source.lock().ok().and_then(|mut games| games.next());
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
        }
    });
    order.finish(stopped(), deliver);
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
