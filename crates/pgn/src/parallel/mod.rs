//! Work on a stream across threads, in batches, with the results handed
//! back in input order as soon as their turn comes, memory bounded by the
//! batch size, and a flag that stops the run early.

mod order;
mod outbox;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use thiserror::Error;

use order::Order;
use outbox::{Closing, Done, Outbox, Panic};

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
/// next result. Each result is carried in a box that goes back and forth
/// with it, so that a large result is never copied on its way and no box
/// is allocated once the first have come back. The results handed on and
/// not yet dropped are, for each worker, at most twice as many as the
/// results of the batches in flight.
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
                if !order
                    .hand_on(from, done, token_tx, sink)
                    .map_err(Stop::Panic)?
                {
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

/// Why the threads stopped early.
enum Stop {
    Failed(ParallelError),
    Panic(Panic),
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
/// then the batch's end, upon which it wakes `caller`; for each result it
/// puts, it drops one that the calling thread has handed back and puts
/// the new one in its box.
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
    // Results handed on by the calling thread, to drop, their boxes to
    // carry the next results.
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
                    // For each result made, one handed on is dropped here,
                    // on the thread that made it, and its box carries the
                    // new one.
                    let done = Done::result(number, result, &mut spent);
                    open = open && !stopped() && outbox.put(done, &mut spent);
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
mod tests;
