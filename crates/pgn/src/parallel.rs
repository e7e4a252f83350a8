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
/// The results are handed to `sink` in input order (an item's in the
/// order `work` emitted them), each as soon as every result before it has
/// been handed over: the results of a long item go out one by one while
/// it is worked on, not once it is done. `sink` returns whether it wants
/// more.
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
///         out.push(result);
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
    S: FnMut(U) -> bool,
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
    S: FnMut(U) -> bool,
{
    let stopped = || stop.load(Ordering::SeqCst);
    let mut wants_more = true;
    for item in items {
        if stopped() {
            return Ended::Stopped;
        }
        work(item, &mut |result| {
            wants_more = wants_more && !stopped() && sink(result);
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
    S: FnMut(U) -> bool,
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
    S: FnMut(U) -> bool,
{
    let mut order = Order::default();
    loop {
        // Read first: a worker that has left has given everything.
        let finished = live.load(Ordering::SeqCst) == 0;
        let stopping = stop.load(Ordering::SeqCst);
        let mut taken = false;
        for outbox in outboxes {
            // At a stop the outboxes close: what they hold is all that is
            // handed on.
            for done in outbox.take(stopping) {
                taken = true;
                if !order.hand_on(done, token_tx, sink)? {
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

/// What one worker has given and the calling thread has not yet taken;
/// once closed, it takes nothing more.
struct Outbox<U>(Mutex<(Vec<Done<U>>, bool)>);

impl<U> Default for Outbox<U> {
    fn default() -> Outbox<U> {
        Outbox(Mutex::new((Vec::new(), false)))
    }
}

impl<U> Outbox<U> {
    fn lock(&self) -> std::sync::MutexGuard<'_, (Vec<Done<U>>, bool)> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Puts `done` in; `false` if the outbox is closed.
    fn put(&self, done: Done<U>) -> bool {
        let mut outbox = self.lock();
        if outbox.1 {
            return false;
        }
        outbox.0.push(done);
        true
    }

    /// Takes what it holds, and closes it if `close`.
    fn take(&self, close: bool) -> Vec<Done<U>> {
        let mut outbox = self.lock();
        outbox.1 |= close;
        std::mem::take(&mut outbox.0)
    }
}

/// Closes every outbox when dropped.
struct Closing<'a, U>(&'a [Outbox<U>]);

impl<U> Drop for Closing<'_, U> {
    fn drop(&mut self) {
        for outbox in self.0 {
            outbox.take(true);
        }
    }
}

/// What the calling thread may hand on, in order: a result, or the end of
/// a batch.
enum Handed<U> {
    Result(U),
    Ended,
}

/// The results of batches whose turn has not come yet, and the batch
/// whose turn it is.
struct Order<U> {
    next: u64,
    waiting: BTreeMap<u64, (Vec<U>, bool)>,
}

impl<U> Default for Order<U> {
    fn default() -> Order<U> {
        Order {
            next: 0,
            waiting: BTreeMap::new(),
        }
    }
}

impl<U> Order<U> {
    /// Takes what a worker gave and hands on what its turn lets go: the
    /// results to `sink`, a token through `token_tx` for each batch ended.
    /// `Ok(false)` once `sink` wants no more; a panic of the work stops the
    /// other threads, and goes on once they have.
    fn hand_on<S>(
        &mut self,
        done: Done<U>,
        token_tx: &SyncSender<()>,
        sink: &mut S,
    ) -> Result<bool, Stop>
    where
        S: FnMut(U) -> bool,
    {
        let ready = match done {
            // A result in its turn, the most common by far, goes straight
            // to `sink`.
            Done::Result(number, result) => match self.result(number, result) {
                Some(result) => return Ok(sink(result)),
                None => return Ok(true),
            },
            Done::End(number) => self.end(number),
            Done::Panic(panic) => return Err(Stop::Panic(panic)),
        };
        for handed in ready {
            match handed {
                Handed::Result(result) => {
                    if !sink(result) {
                        return Ok(false);
                    }
                }
                Handed::Ended => {
                    let _ = token_tx.send(());
                }
            }
        }
        Ok(true)
    }

    /// A result of batch `number`: given back to be handed on at once in
    /// its turn, else kept.
    fn result(&mut self, number: u64, result: U) -> Option<U> {
        if number == self.next {
            Some(result)
        } else {
            self.waiting.entry(number).or_default().0.push(result);
            None
        }
    }

    /// The end of batch `number`: when it is the batch whose turn it is,
    /// the turn passes to the next ones, whose results kept so far are
    /// handed on.
    fn end(&mut self, number: u64) -> Vec<Handed<U>> {
        if number != self.next {
            self.waiting.entry(number).or_default().1 = true;
            return Vec::new();
        }
        let mut ready = vec![Handed::Ended];
        self.next += 1;
        while let Some((results, ended)) = self.waiting.remove(&self.next) {
            ready.extend(results.into_iter().map(Handed::Result));
            if !ended {
                // Its turn has come: the rest of its results go on at once.
                break;
            }
            ready.push(Handed::Ended);
            self.next += 1;
        }
        ready
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
                    open = open && !stopped() && outbox.put(Done::Result(number, result));
                    open
                });
            }
        }));
        if let Err(panic) = worked {
            outbox.put(Done::Panic(panic));
            return;
        }
        if !open || stopped() || !outbox.put(Done::End(number)) {
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
        sink: impl FnMut(U),
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
        mut sink: impl FnMut(U),
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
                    lengths.push(n);
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
                    |s| out.push(s),
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
                out.push(n);
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
                        out.push(pair);
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
                    if result == 0 {
                        seen_tx.send(()).unwrap();
                    }
                    out.push(result);
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
                    out.push(n);
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
                out.push(n);
                n < 99
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
            |()| {},
        );
    }
}
