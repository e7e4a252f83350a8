//! Judging games on several subjects at once: each subject (an engine
//! process, say) takes the next game not yet taken, and the answers are put
//! back in the games' order.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread;
use std::time::Duration;

use crate::protocol::{EngineError, Hello};

use super::shrink::Checked;
use super::subject::Subject;
use super::{RunGame, check_one};

/// The checks of `games`, in their order, judged by `subjects` at once
/// (`None` for a game not judged); ends at the first game (in order) whose
/// check says the engine is broken, or at the first game no subject
/// reached after that. Once `stopped()` no further game is started, and a
/// check that failed after it is dropped (its engine may have been killed
/// by the stop): the games judged are kept, whatever their place. `progress`
/// hears `(games done, games in all)` from this thread.
pub(crate) fn check_all(
    subjects: &mut [Box<dyn Subject + Send>],
    hello: &Hello,
    games: &[RunGame],
    stopped: &(dyn Fn() -> bool + Sync),
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<Option<Result<Checked, EngineError>>> {
    let total = games.len();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let results: Mutex<Vec<Option<Result<Checked, EngineError>>>> =
        Mutex::new((0..total).map(|_| None).collect());
    thread::scope(|scope| {
        let workers: Vec<_> = subjects
            .iter_mut()
            .map(|subject| {
                let (next, done, stop, results) = (&next, &done, &stop, &results);
                scope.spawn(move || {
                    while !stop.load(Ordering::Relaxed) && !stopped() {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(game) = games.get(index) else {
                            return;
                        };
                        let checked = check_one(subject.as_mut(), hello, game, index as u64 + 1);
                        if checked.is_err() && stopped() {
                            return;
                        }
                        if matches!(&checked, Err(fault) if fault.is_broken()) {
                            stop.store(true, Ordering::Relaxed);
                        }
                        if let Ok(mut results) = results.lock() {
                            results[index] = Some(checked);
                        }
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                })
            })
            .collect();
        let mut shown = 0;
        while !workers.iter().all(|worker| worker.is_finished()) {
            let now = done.load(Ordering::Relaxed);
            if now != shown {
                shown = now;
                progress(now, total);
            }
            thread::sleep(Duration::from_millis(20));
        }
        let now = done.load(Ordering::Relaxed);
        if now != shown {
            progress(now, total);
        }
    });
    let results = results
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut checks = Vec::with_capacity(total);
    for checked in results {
        if checked.is_none() && !stopped() {
            break;
        }
        let broken = matches!(&checked, Some(Err(fault)) if fault.is_broken());
        checks.push(checked);
        if broken {
            break;
        }
    }
    checks
}
