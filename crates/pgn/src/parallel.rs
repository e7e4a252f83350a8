//! Work on a stream across threads, in batches, with the results handed
//! back in input order as soon as their turn comes, memory bounded by the
//! batch size, and a flag that stops the run early.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use thiserror::Error;

/// The worker threads could not be started.
#[derive(Debug, Error)]
#[error("cannot start {threads} worker threads: {reason}")]
pub struct ParallelError {
    /// How many were asked for.
    pub threads: usize,
    /// Why they could not start.
    pub reason: String,
}

/// How [`in_order_streamed`] shares the items out: worker threads, and
/// when a batch is full (`batch` items, or items that weigh `max_weight`
/// or more).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sharing {
    /// Worker threads (1 or 0: everything on the calling thread).
    pub threads: usize,
    /// The most items in a batch.
    pub batch: usize,
    /// The weight at which a batch is handed over.
    pub max_weight: usize,
}

/// How a run of [`in_order_streamed`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// Every item was read and every result handed to the sink.
    Whole,
    /// The stop flag was set, or the sink asked for no more: the results
    /// handed over are those of the first items, in order, with none
    /// missing; the rest were dropped.
    Stopped,
}

/// Applies `work` to every item of `items` and hands the results to
/// `sink` in the order of the items; the work on one item may give any
/// number of results (`work` hands each to its `emit` as soon as it has
/// it), and the run can be stopped early.
///
/// With `sharing.threads` of 1 (or 0) everything runs on the calling
/// thread, one item at a time. Otherwise one thread reads `items` into
/// batches, each handed over when it holds `sharing.batch` items or its
/// items weigh `sharing.max_weight` or more (`weigh` tells an item's
/// weight, say the bytes it holds); `threads` workers take the batches as
/// they come (each works on its own batch while the others work on theirs,
/// and while the reader reads), and the calling thread hands the results
/// on. At most `2 × threads + 2` batches are in flight at once, whatever
/// the length of the stream, so that the items in flight weigh at most
/// about `2 × threads + 2` times `max_weight` plus the heaviest item. A
/// panic of `work` stops every thread and goes on in the caller.
///
/// The results are lent to `sink` in input order (an item's in the
/// order `work` emitted them), each as soon as every result before it has
/// been handed over: the results of a long item go out one by one while
/// it is worked on, not once it is done. `sink` returns whether it wants
/// more. A result lent goes back to the worker that made it, which drops
/// one such result for each new one it gives (the last few are dropped on
/// the calling thread): its memory is freed on the thread that allocated
/// it, where the allocator's per-thread caches have it at hand for the
/// next result. The results handed on and not yet dropped are, for each
/// worker, at most twice as many as the results of the batches in flight.
///
/// Once `stop` is set (by another thread, say on a signal), the results
/// given before it whose turn has come are handed to `sink` and no others,
/// the reader reads no further item, the workers start no further item
/// and `emit` returns `false` (the work may then give up the item it is
/// on); the run returns [`Ended::Stopped`] within a few milliseconds, once
/// the threads have left what they were doing (an item the work does not
/// give up, a read from the source that blocks, are waited for).
///
/// # Errors
///
/// [`ParallelError`] if the threads cannot be started.
///
/// # Examples
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use drawrules_pgn::{Ended, Sharing, in_order_streamed};
///
/// let sharing = Sharing { threads: 2, batch: 4, max_weight: usize::MAX };
/// let stop = AtomicBool::new(false);
/// let mut out = Vec::new();
/// // Each item gives as many results as it says.
/// let ended = in_order_streamed(
///     1..=4u32,
///     sharing,
///     |_| 0,
///     &stop,
///     |n, emit| {
///         for k in 0..n {
///             if !emit(n * 10 + k) {
///                 return;
///             }
///         }
///     },
///     |result| {
///         out.push(*result);
///         out.len() < 6
///     },
/// )
/// .unwrap();
/// assert_eq!(ended, Ended::Stopped);
/// assert_eq!(out, [10, 20, 21, 30, 31, 32]);
/// ```
pub fn in_order_streamed<I, T, U, G, W, S>(
    items: I,
    sharing: Sharing,
    weigh: G,
    stop: &AtomicBool,
    work: W,
    sink: S,
) -> Result<Ended, ParallelError>
where
    I: Iterator<Item = T> + Send,
    T: Send,
    U: Send,
    G: Fn(&T) -> usize + Send,
    W: Fn(T, &mut dyn FnMut(U) -> bool) + Sync,
    S: FnMut(&mut U) -> bool,
{
    if sharing.threads <= 1 {
        Ok(on_this_thread(items, stop, work, sink))
    } else {
        on_threads(items, sharing, weigh, stop, work, sink)
    }
}

/// [`in_order_streamed`] on the calling thread alone, one item at a time.
fn on_this_thread<I, T, U, W, S>(items: I, stop: &AtomicBool, work: W, mut sink: S) -> Ended
where
    I: Iterator<Item = T>,
    W: Fn(T, &mut dyn FnMut(U) -> bool),
    S: FnMut(&mut U) -> bool,
{
    let stopped = || stop.load(Ordering::SeqCst);
    let mut wants_more = true;
    for item in items {
        if stopped() {
            return Ended::Stopped;
        }
        work(item, &mut |mut result| {
            wants_more = wants_more && !stopped() && sink(&mut result);
            wants_more
        });
        if !wants_more {
            return Ended::Stopped;
        }
    }
    if stopped() {
        Ended::Stopped
    } else {
        Ended::Whole
    }
}

/// [`in_order_streamed`] on a reading thread, `sharing.threads` workers
/// and the calling thread, which hands the results on.
fn on_threads<I, T, U, G, W, S>(
    items: I,
    sharing: Sharing,
    weigh: G,
    stop: &AtomicBool,
    work: W,
    mut sink: S,
) -> Result<Ended, ParallelError>
where
    I: Iterator<Item = T> + Send,
    T: Send,
    U: Send,
    G: Fn(&T) -> usize + Send,
    W: Fn(T, &mut dyn FnMut(U) -> bool) + Sync,
    S: FnMut(&mut U) -> bool,
{
    let Sharing {
        threads,
        batch,
        max_weight,
    } = sharing;
    let batch = batch.max(1);
    // Batches read but not yet handed to `sink`: the reader waits for a
    // token before it sends one, and the calling thread gives the token
    // back once the batch is sunk, so memory stays bounded however uneven
    // the batches are.
    let in_flight = 2 * threads + 2;
    let (work_tx, work_rx) = sync_channel::<Batch<T>>(threads);
    // Shared by the workers alone: once the last has left, the reader's
    // sending fails instead of waiting for ever.
    let work_rx = Arc::new(Mutex::new(work_rx));
    let (token_tx, token_rx) = tokens(in_flight);
    let outboxes: Vec<Outbox<U>> = (0..threads).map(|_| Outbox::default()).collect();
    let live = AtomicUsize::new(threads);
    let failed = |err: std::io::Error| ParallelError {
        threads,
        reason: err.to_string(),
    };
    std::thread::scope(|scope| {
        // Owned here, so that leaving early (a thread that cannot start, a
        // panic, a stop) closes them and every thread ends before the
        // scope does.
        let (work_tx, token_tx) = (work_tx, token_tx);
        // Leaving early closes the outboxes too: the workers give up.
        let close = Closing(&outboxes);
        // The calling thread, woken when a batch ends or a worker leaves.
        let caller = std::thread::current();
        for (n, outbox) in outboxes.iter().enumerate() {
            let (work_rx, work, live) = (Arc::clone(&work_rx), &work, &live);
            let caller = caller.clone();
            std::thread::Builder::new()
                .name(format!("worker-{n}"))
                .spawn_scoped(scope, move || {
                    worker(&work_rx, work, outbox, stop, &caller);
                    live.fetch_sub(1, Ordering::SeqCst);
                    caller.unpark();
                })
                .inspect_err(|_| {
                    live.fetch_sub(threads - n, Ordering::SeqCst);
                })
                .map_err(failed)?;
        }
        drop(work_rx);
        std::thread::Builder::new()
            .name("reader".to_owned())
            .spawn_scoped(scope, move || {
                read(items, batch, max_weight, weigh, &work_tx, &token_rx, stop);
            })
            .map_err(failed)?;
        hand_over(close.0, &live, stop, &token_tx, &mut sink)
    })
    .or_else(|stop| match stop {
        Stop::Panic(panic) => std::panic::resume_unwind(panic),
        Stop::Failed(err) => Err(err),
    })
}

/// A channel holding `count` tokens, each the right to send one batch.
fn tokens(count: usize) -> (SyncSender<()>, Receiver<()>) {
    let (token_tx, token_rx) = sync_channel::<()>(count);
    for _ in 0..count {
        let _ = token_tx.send(());
    }
    (token_tx, token_rx)
}

/// The calling thread's part: hands the results the workers put in
/// `outboxes` to `sink` in input order, taking what they gave when a
/// worker wakes it at the end of a batch or as it leaves, and every few
/// milliseconds (a message per result would wake it for each), until the
/// workers have all left (`live` is 0), `stop` is set or `sink` wants no
/// more. A token goes back to the reader through `token_tx` for each batch
/// sunk.
fn hand_over<U, S>(
    outboxes: &[Outbox<U>],
    live: &AtomicUsize,
    stop: &AtomicBool,
    token_tx: &SyncSender<()>,
    sink: &mut S,
) -> Result<Ended, Stop>
where
    S: FnMut(&mut U) -> bool,
{
    let mut order = Order::new(outboxes.len());
    let mut given = Vec::new();
    loop {
        // Read first: a worker that has left has given everything.
        let finished = live.load(Ordering::SeqCst) == 0;
        let stopping = stop.load(Ordering::SeqCst);
        let mut taken = false;
        for (from, outbox) in outboxes.iter().enumerate() {
            // At a stop the outboxes close: what they hold is all that is
            // handed on.
            outbox.exchange(stopping, &mut given, &mut order.spent[from]);
            for done in given.drain(..) {
                taken = true;
                if !order.hand_on(from, done, token_tx, sink)? {
                    return Ok(Ended::Stopped);
                }
            }
        }
        if stopping {
            return Ok(Ended::Stopped);
        }
        if finished {
            return Ok(Ended::Whole);
        }
        if !taken {
            std::thread::park_timeout(TAKE_EVERY);
        }
    }
}

/// How long the calling thread waits, unless a worker wakes it, before it
/// looks again when the workers had given nothing.
const TAKE_EVERY: Duration = Duration::from_millis(5);

/// A batch of items and its number in the stream.
type Batch<T> = (u64, Vec<T>);

/// What a worker gives: a result of a batch, the end of a batch, or the
/// panic of the work.
enum Done<U> {
    Result(u64, U),
    End(u64),
    Panic(Box<dyn std::any::Any + Send>),
}

/// What passes between one worker and the calling thread.
struct Shelf<U> {
    /// What the worker gave and the calling thread has not yet taken.
    given: Vec<Done<U>>,
    /// Results the calling thread has handed on, for the worker to drop.
    spent: Vec<U>,
    /// Once closed, the shelf takes nothing more from the worker.
    closed: bool,
}

/// One worker's [`Shelf`].
struct Outbox<U>(Mutex<Shelf<U>>);

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
    fn put(&self, done: Done<U>, spent: &mut Vec<U>) -> bool {
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
    fn exchange(&self, close: bool, taken: &mut Vec<Done<U>>, spent: &mut Vec<U>) {
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
struct Closing<'a, U>(&'a [Outbox<U>]);

impl<U> Drop for Closing<'_, U> {
    fn drop(&mut self) {
        for outbox in self.0 {
            outbox.close();
        }
    }
}

/// The results of a batch whose turn has not come yet.
struct Waiting<U> {
    /// The worker that works on it.
    from: usize,
    results: Vec<U>,
    ended: bool,
}

/// The results of batches whose turn has not come yet, the batch whose
/// turn it is, and the results handed on, to go back to their workers.
struct Order<U> {
    next: u64,
    waiting: BTreeMap<u64, Waiting<U>>,
    /// Emptied lists of results, kept for the next batches that wait.
    spare: Vec<Vec<U>>,
    /// For each worker, the results of its that were handed on.
    spent: Vec<Vec<U>>,
}

impl<U> Order<U> {
    /// The order of the results of `workers` workers, from the first
    /// batch.
    fn new(workers: usize) -> Order<U> {
        Order {
            next: 0,
            waiting: BTreeMap::new(),
            spare: Vec::new(),
            spent: (0..workers).map(|_| Vec::new()).collect(),
        }
    }

    /// Takes what worker `from` gave and hands on what its turn lets go:
    /// the results to `sink`, a token through `token_tx` for each batch
    /// ended. `Ok(false)` once `sink` wants no more; a panic of the work
    /// stops the other threads, and goes on once they have.
    fn hand_on<S>(
        &mut self,
        from: usize,
        done: Done<U>,
        token_tx: &SyncSender<()>,
        sink: &mut S,
    ) -> Result<bool, Stop>
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
            Done::Panic(panic) => Err(Stop::Panic(panic)),
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
    fn sink_one<S>(&mut self, from: usize, mut result: U, sink: &mut S) -> bool
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

/// Why the threads stopped early.
enum Stop {
    Failed(ParallelError),
    Panic(Box<dyn std::any::Any + Send>),
}

impl From<ParallelError> for Stop {
    fn from(err: ParallelError) -> Stop {
        Stop::Failed(err)
    }
}

/// Cuts `items` into numbered batches, each sent once a token allows it,
/// until `stop` is set.
fn read<I, T, G>(
    items: I,
    batch: usize,
    max_weight: usize,
    weigh: G,
    work_tx: &SyncSender<Batch<T>>,
    token_rx: &Receiver<()>,
    stop: &AtomicBool,
) where
    I: Iterator<Item = T>,
    G: Fn(&T) -> usize,
{
    let stopped = || stop.load(Ordering::SeqCst);
    let mut number = 0u64;
    let mut send = |full: Vec<T>| {
        let sent = token_rx.recv().is_ok() && !stopped() && work_tx.send((number, full)).is_ok();
        number += 1;
        sent
    };
    let mut next = Vec::with_capacity(batch);
    let mut weight = 0usize;
    for item in items {
        weight = weight.saturating_add(weigh(&item));
        next.push(item);
        if next.len() == batch || weight >= max_weight {
            weight = 0;
            if !send(std::mem::replace(&mut next, Vec::with_capacity(batch))) {
                return;
            }
        }
        if stopped() {
            return;
        }
    }
    if !next.is_empty() {
        send(next);
    }
}

/// Works on batches until there are no more, `stop` is set or the
/// outbox is closed, putting each result in the outbox as it comes and
/// then the batch's end, upon which it wakes `caller`.
fn worker<T, U, W>(
    work_rx: &Mutex<Receiver<Batch<T>>>,
    work: &W,
    outbox: &Outbox<U>,
    stop: &AtomicBool,
    caller: &std::thread::Thread,
) where
    W: Fn(T, &mut dyn FnMut(U) -> bool),
{
    let stopped = || stop.load(Ordering::SeqCst);
    // Results handed on by the calling thread, to drop.
    let mut spent = Vec::new();
    loop {
        let job = match work_rx.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => return,
        };
        let Ok((number, items)) = job else { return };
        let mut open = true;
        let worked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            for item in items {
                if !open || stopped() {
                    break;
                }
                work(item, &mut |result| {
                    open =
                        open && !stopped() && outbox.put(Done::Result(number, result), &mut spent);
                    // For each result made, one handed on is dropped here,
                    // on the thread that made it.
                    drop(spent.pop());
                    open
                });
            }
        }));
        if let Err(panic) = worked {
            outbox.put(Done::Panic(panic), &mut spent);
            return;
        }
        if !open || stopped() || !outbox.put(Done::End(number), &mut spent) {
            return;
        }
        caller.unpark();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One result per item, every item read, nothing to stop the run.
    fn in_order<T, U>(
        items: impl Iterator<Item = T> + Send,
        threads: usize,
        batch: usize,
        work: impl Fn(T) -> U + Sync,
        sink: impl FnMut(&mut U),
    ) -> Result<(), ParallelError>
    where
        T: Send,
        U: Send,
    {
        in_order_weighed(items, threads, batch, usize::MAX, |_| 0, work, sink)
    }

    /// [`in_order`], with batches also handed over at `max_weight`.
    fn in_order_weighed<T, U>(
        items: impl Iterator<Item = T> + Send,
        threads: usize,
        batch: usize,
        max_weight: usize,
        weigh: impl Fn(&T) -> usize + Send,
        work: impl Fn(T) -> U + Sync,
        mut sink: impl FnMut(&mut U),
    ) -> Result<(), ParallelError>
    where
        T: Send,
        U: Send,
    {
        let sharing = Sharing {
            threads,
            batch,
            max_weight,
        };
        let never = AtomicBool::new(false);
        let ended = in_order_streamed(
            items,
            sharing,
            weigh,
            &never,
            |item, emit| {
                emit(work(item));
            },
            |result| {
                sink(result);
                true
            },
        )?;
        assert_eq!(ended, Ended::Whole);
        Ok(())
    }

    #[test]
    fn order_is_kept_when_batches_are_cut_by_weight() {
        for threads in [1, 2, 3] {
            let texts = (0..100).map(|n| "x".repeat(n));
            let mut lengths = Vec::new();
            in_order_weighed(
                texts,
                threads,
                64,
                500,
                String::len,
                |text| text.len(),
                |n| {
                    lengths.push(*n);
                },
            )
            .unwrap();
            assert_eq!(lengths, (0..100).collect::<Vec<_>>(), "{threads} threads");
        }
    }

    #[test]
    fn order_is_kept_for_every_thread_count_and_batch() {
        let expected: Vec<String> = (0..2_000).map(|n| format!("<{n}>")).collect();
        for threads in [0, 1, 2, 3] {
            for batch in [0, 1, 7, 5_000] {
                let mut out = Vec::new();
                in_order(
                    0..2_000,
                    threads,
                    batch,
                    |n| format!("<{n}>"),
                    |s| out.push(std::mem::take(s)),
                )
                .unwrap();
                assert_eq!(out, expected, "{threads} threads, batches of {batch}");
            }
        }
    }

    #[test]
    fn items_in_flight_stay_bounded_when_one_batch_is_slow() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let (threads, batch) = (3, 10);
        let read = AtomicUsize::new(0);
        let mut sunk = 0;
        let mut most = 0;
        let mut out = Vec::new();
        in_order(
            (0..3_000u64).inspect(|_| {
                read.fetch_add(1, Ordering::SeqCst);
            }),
            threads,
            batch,
            |n| {
                // The first batch is slow: the others must wait for it
                // instead of piling up.
                if n < 10 {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                n
            },
            |n| {
                sunk += 1;
                most = most.max(read.load(Ordering::SeqCst) - sunk);
                out.push(*n);
            },
        )
        .unwrap();
        assert_eq!(out, (0..3_000).collect::<Vec<_>>());
        // Batches in flight, plus the one the reader is filling.
        let bound = (2 * threads + 2 + 1) * batch;
        assert!(most <= bound, "{most} items in flight, bound {bound}");
        println!("at most {most} items in flight (bound {bound})");
    }

    #[test]
    fn results_handed_on_are_dropped_on_the_thread_that_made_them() {
        use std::thread::ThreadId;
        /// Counts, as it is dropped, whether the thread that made it
        /// drops it.
        struct Made<'a> {
            by: ThreadId,
            at_home: &'a AtomicUsize,
            away: &'a AtomicUsize,
        }
        impl Drop for Made<'_> {
            fn drop(&mut self) {
                let dropped_by = std::thread::current().id();
                let count = if dropped_by == self.by {
                    self.at_home
                } else {
                    self.away
                };
                count.fetch_add(1, Ordering::SeqCst);
            }
        }
        let (items, batch) = (5_000, 10);
        for threads in [1, 2, 3] {
            let (at_home, away) = (AtomicUsize::new(0), AtomicUsize::new(0));
            let made = |_| Made {
                by: std::thread::current().id(),
                at_home: &at_home,
                away: &away,
            };
            let mut sunk = 0;
            in_order(0..items, threads, batch, made, |_| sunk += 1).unwrap();
            let (at_home, away) = (at_home.into_inner(), away.into_inner());
            assert_eq!((sunk, at_home + away), (items, items), "{threads} threads");
            // Only the results a worker has not yet dropped when it leaves
            // are dropped elsewhere: for each worker, at most twice the
            // results of the batches in flight.
            let bound = if threads > 1 {
                threads * 2 * (2 * threads + 2) * batch
            } else {
                0
            };
            assert!(
                away <= bound,
                "{threads} threads: {away} dropped away, bound {bound}"
            );
            println!("{threads} threads: {away} of {items} results dropped away from home");
        }
    }

    #[test]
    fn several_results_per_item_keep_their_order() {
        // Item n gives n % 5 results.
        let expected: Vec<(u32, u32)> = (0..500u32)
            .flat_map(|n| (0..n % 5).map(move |k| (n, k)))
            .collect();
        for threads in [0, 1, 2, 3] {
            for batch in [1, 7, 600] {
                let sharing = Sharing {
                    threads,
                    batch,
                    max_weight: usize::MAX,
                };
                let mut out = Vec::new();
                let never = AtomicBool::new(false);
                let ended = in_order_streamed(
                    0..500u32,
                    sharing,
                    |_| 0,
                    &never,
                    |n, emit| {
                        for k in 0..n % 5 {
                            emit((n, k));
                        }
                    },
                    |pair| {
                        out.push(*pair);
                        true
                    },
                )
                .unwrap();
                assert_eq!(ended, Ended::Whole);
                assert_eq!(out, expected, "{threads} threads, batches of {batch}");
            }
        }
    }

    #[test]
    fn a_result_goes_out_while_its_item_is_still_worked_on() {
        use std::sync::mpsc::channel;
        // The first item's work waits until the sink has its first result:
        // were results handed on per item or per batch, it would wait for
        // ever (the bound only turns a hang into a failure).
        for threads in [1, 2] {
            let (seen_tx, seen_rx) = channel::<()>();
            let seen_rx = Mutex::new(seen_rx);
            let sharing = Sharing {
                threads,
                batch: 8,
                max_weight: usize::MAX,
            };
            let never = AtomicBool::new(false);
            let mut out = Vec::new();
            in_order_streamed(
                0..20u32,
                sharing,
                |_| 0,
                &never,
                |n, emit| {
                    emit(n * 2);
                    if n == 0 {
                        let waited = seen_rx
                            .lock()
                            .unwrap()
                            .recv_timeout(Duration::from_secs(60));
                        assert!(waited.is_ok(), "the first result never reached the sink");
                    }
                    emit(n * 2 + 1);
                },
                |result| {
                    if *result == 0 {
                        seen_tx.send(()).unwrap();
                    }
                    out.push(*result);
                    true
                },
            )
            .unwrap();
            assert_eq!(out, (0..40).collect::<Vec<_>>(), "{threads} threads");
        }
    }

    #[test]
    fn a_stop_ends_an_endless_stream_with_the_first_results_and_no_gap() {
        use std::sync::atomic::AtomicU64;
        for threads in [1, 2, 3] {
            let stop = AtomicBool::new(false);
            let read = AtomicU64::new(0);
            let sharing = Sharing {
                threads,
                batch: 16,
                max_weight: usize::MAX,
            };
            let mut out = Vec::new();
            let ended = in_order_streamed(
                (0u64..).inspect(|_| {
                    read.fetch_add(1, Ordering::SeqCst);
                }),
                sharing,
                |_| 0,
                &stop,
                |n, emit| {
                    emit(n);
                },
                |n| {
                    out.push(*n);
                    if out.len() == 1_000 {
                        stop.store(true, Ordering::SeqCst);
                    }
                    true
                },
            )
            .unwrap();
            assert_eq!(ended, Ended::Stopped, "{threads} threads");
            // The first results with no gap: at least those before the
            // stop, and those already given with them.
            let handed = out.len() as u64;
            assert!(handed >= 1_000, "{threads} threads: {handed}");
            assert_eq!(out, (0..handed).collect::<Vec<_>>(), "{threads} threads");
            // The reader stopped too: what it read is what was handed on
            // plus at most the batches in flight and the one it filled.
            let bound = handed + (2 * threads as u64 + 3) * 16;
            assert!(read.load(Ordering::SeqCst) <= bound, "{threads} threads");
        }
    }

    #[test]
    fn a_sink_that_wants_no_more_stops_the_run() {
        let sharing = Sharing {
            threads: 2,
            batch: 3,
            max_weight: usize::MAX,
        };
        let never = AtomicBool::new(false);
        let mut out = Vec::new();
        let ended = in_order_streamed(
            0u64..,
            sharing,
            |_| 0,
            &never,
            |n, emit| {
                emit(n);
            },
            |n| {
                out.push(*n);
                *n < 99
            },
        )
        .unwrap();
        assert_eq!(ended, Ended::Stopped);
        assert_eq!(out, (0..100).collect::<Vec<_>>());
    }

    #[test]
    #[should_panic(expected = "item 1234")]
    fn a_panic_in_the_work_reaches_the_caller_and_stops_every_thread() {
        let _ = in_order(
            0..100_000u64,
            2,
            16,
            |n| assert_ne!(n, 1234, "item 1234"),
            |_| {},
        );
    }
}
