//! What passes between each worker and the calling thread: the results
//! and ends of batches one way, the results handed on the other way, for
//! the worker to drop.
//!
//! A result travels in a box of its own, which goes back to its worker
//! with it: the worker drops the old result in place and puts its next
//! one in the same box, so that however large a result is, passing it on
//! moves a pointer, and no box is allocated once a worker has boxes back.

use std::sync::Mutex;

/// What a worker gives: a result of a batch, the end of a batch, or the
/// panic of the work.
pub(super) enum Done<U> {
    Result(u64, Box<U>),
    End(u64),
    Panic(Panic),
}

impl<U> Done<U> {
    /// `result`, of batch `number`, in the box of a result handed back
    /// from `spent` (that result is dropped in place, on the thread that
    /// asks, which made it), or in a new box while none has come back.
    pub(super) fn result(number: u64, result: U, spent: &mut Vec<Box<U>>) -> Done<U> {
        let boxed = match spent.pop() {
            Some(mut boxed) => {
                *boxed = result;
                boxed
            }
            None => Box::new(result),
        };
        Done::Result(number, boxed)
    }
}

/// What a panic of the work left: it goes on in the calling thread.
pub(super) type Panic = Box<dyn std::any::Any + Send>;

/// What passes between one worker and the calling thread.
struct Shelf<U> {
    /// What the worker gave and the calling thread has not yet taken.
    given: Vec<Done<U>>,
    /// Results the calling thread has handed on, for the worker to drop.
    spent: Vec<Box<U>>,
    /// Once closed, the shelf takes nothing more from the worker.
    closed: bool,
}

/// One worker's [`Shelf`].
pub(super) struct Outbox<U>(Mutex<Shelf<U>>);

impl<U> Default for Outbox<U> {
    fn default() -> Outbox<U> {
        Outbox(Mutex::new(Shelf {
            given: Vec::new(),
            spent: Vec::new(),
            closed: false,
        }))
    }
}

impl<U> Outbox<U> {
    fn lock(&self) -> std::sync::MutexGuard<'_, Shelf<U>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Puts `done` in and, when the worker's `spent` is empty, hands it
    /// the results handed on since it last looked; `false` if the outbox
    /// is closed.
    pub(super) fn put(&self, done: Done<U>, spent: &mut Vec<Box<U>>) -> bool {
        let mut shelf = self.lock();
        if shelf.closed {
            return false;
        }
        shelf.given.push(done);
        if spent.is_empty() {
            std::mem::swap(&mut shelf.spent, spent);
        }
        true
    }

    /// Takes what the worker gave into `taken`, which must be empty (its
    /// room goes to the outbox, so that neither side grows a list anew
    /// for every batch), gives the worker the results of `spent` to drop,
    /// and closes the outbox if `close`.
    pub(super) fn exchange(&self, close: bool, taken: &mut Vec<Done<U>>, spent: &mut Vec<Box<U>>) {
        let mut shelf = self.lock();
        shelf.closed |= close;
        std::mem::swap(&mut shelf.given, taken);
        if shelf.spent.is_empty() {
            std::mem::swap(&mut shelf.spent, spent);
        } else {
            shelf.spent.append(spent);
        }
    }

    /// Closes the outbox; what it holds is dropped.
    fn close(&self) {
        let mut shelf = self.lock();
        shelf.closed = true;
        shelf.given.clear();
    }
}

/// Closes every outbox when dropped.
pub(super) struct Closing<'a, U>(pub(super) &'a [Outbox<U>]);

impl<U> Drop for Closing<'_, U> {
    fn drop(&mut self) {
        for outbox in self.0 {
            outbox.close();
        }
    }
}
