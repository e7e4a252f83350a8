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

/// The checks of `games`, in their order, judged by `subjects` at once;
/// ends at the first game (in order) whose check says the engine is broken,
/// or at the first game no subject reached after that. `progress` hears
/// `(games done, games in all)` from this thread.
pub(crate) fn check_all(
    subjects: &mut [Box<dyn Subject + Send>],
    hello: &Hello,
    games: &[RunGame],
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<Result<Checked, EngineError>> {
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
                    while !stop.load(Ordering::Relaxed) {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(game) = games.get(index) else {
                            return;
                        };
                        let checked = check_one(subject.as_mut(), hello, game, index as u64 + 1);
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
        let Some(checked) = checked else {
            break;
        };
        let broken = matches!(&checked, Err(fault) if fault.is_broken());
        checks.push(checked);
        if broken {
            break;
        }
    }
    checks
}
