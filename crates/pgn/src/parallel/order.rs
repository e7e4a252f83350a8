//! The results put back in input order: those of a batch whose turn has
//! not come wait, those in turn go to the sink and are kept to go back to
//! the workers that made them.

use std::collections::BTreeMap;
use std::sync::mpsc::SyncSender;

use super::outbox::{Done, Panic};

/// The results of a batch whose turn has not come yet.
struct Waiting<U> {
    /// The worker that works on it.
    from: usize,
    results: Vec<Box<U>>,
    ended: bool,
}

/// The results of batches whose turn has not come yet, the batch whose
/// turn it is, and the results handed on, to go back to their workers.
pub(super) struct Order<U> {
    next: u64,
    waiting: BTreeMap<u64, Waiting<U>>,
    /// Emptied lists of results, kept for the next batches that wait.
    spare: Vec<Vec<Box<U>>>,
    /// For each worker, the results of its that were handed on.
    pub(super) spent: Vec<Vec<Box<U>>>,
}

impl<U> Order<U> {
    /// The order of the results of `workers` workers, from the first
    /// batch.
    pub(super) fn new(workers: usize) -> Order<U> {
        Order {
            next: 0,
            waiting: BTreeMap::new(),
            spare: Vec::new(),
            spent: (0..workers).map(|_| Vec::new()).collect(),
        }
    }

    /// Takes what worker `from` gave and hands on what its turn lets go:
    /// the results to `sink`, a token through `token_tx` for each batch
    /// ended. `Ok(false)` once `sink` wants no more; the panic of the work
    /// if it gave one (the calling thread stops the others, then carries
    /// it on).
    pub(super) fn hand_on<S>(
        &mut self,
        from: usize,
        done: Done<U>,
        token_tx: &SyncSender<()>,
        sink: &mut S,
    ) -> Result<bool, Panic>
    where
        S: FnMut(&mut U) -> bool,
    {
        match done {
            // A result in its turn, the most common by far, goes straight
            // to `sink`.
            Done::Result(number, result) if number == self.next => {
                Ok(self.sink_one(from, result, sink))
            }
            Done::Result(number, result) => {
                self.waiting(from, number).results.push(result);
                Ok(true)
            }
            Done::End(number) if number == self.next => Ok(self.end(token_tx, sink)),
            Done::End(number) => {
                self.waiting(from, number).ended = true;
                Ok(true)
            }
            Done::Panic(panic) => Err(panic),
        }
    }

    /// What is kept of batch `number`, which worker `from` works on.
    fn waiting(&mut self, from: usize, number: u64) -> &mut Waiting<U> {
        let spare = &mut self.spare;
        self.waiting.entry(number).or_insert_with(|| Waiting {
            from,
            results: spare.pop().unwrap_or_default(),
            ended: false,
        })
    }

    /// Lends `result`, made by worker `from`, to `sink`, then keeps it to
    /// go back to that worker; whether `sink` wants more.
    fn sink_one<S>(&mut self, from: usize, mut result: Box<U>, sink: &mut S) -> bool
    where
        S: FnMut(&mut U) -> bool,
    {
        let more = sink(&mut result);
        self.spent[from].push(result);
        more
    }

    /// The end of the batch whose turn it is: its token goes back and the
    /// turn passes to the next ones, whose results kept so far are handed
    /// on (with a token for each that has ended too). `false` once `sink`
    /// wants no more.
    fn end<S>(&mut self, token_tx: &SyncSender<()>, sink: &mut S) -> bool
    where
        S: FnMut(&mut U) -> bool,
    {
        let _ = token_tx.send(());
        self.next += 1;
        while let Some(mut waiting) = self.waiting.remove(&self.next) {
            for result in waiting.results.drain(..) {
                if !self.sink_one(waiting.from, result, sink) {
                    return false;
                }
            }
            self.spare.push(waiting.results);
            if !waiting.ended {
                // Its turn has come: the rest of its results go on at once.
                break;
            }
            let _ = token_tx.send(());
            self.next += 1;
        }
        true
    }
}
