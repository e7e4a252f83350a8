//! Work on a stream across threads, in batches, with the results handed
//! back in input order and memory bounded by the batch size.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

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

/// Applies `work` to every item of `items` and passes the results to `sink`
/// in the order of the items.
///
/// With `threads` of 1 (or 0) everything runs on the calling thread, one
/// item at a time. Otherwise one thread reads `items` into batches of
/// `batch` items, `threads` workers take the batches as they come (each
/// works on its own batch while the others work on theirs, and while the
/// reader reads), and the calling thread hands the results to `sink` in
/// input order; at most `2 × threads + 2` batches are in flight at once,
/// whatever the length of the stream. A panic of `work` stops every thread
/// and goes on in the caller.
///
/// # Errors
///
/// [`ParallelError`] if the threads cannot be started.
///
/// # Examples
///
/// ```
/// use drawrules_pgn::in_order;
///
/// let mut out = Vec::new();
/// in_order(0..1000u64, 2, 64, |n| n * n, |square| out.push(square)).unwrap();
/// assert_eq!(out, (0..1000u64).map(|n| n * n).collect::<Vec<_>>());
/// ```
pub fn in_order<I, T, U, W, S>(
    items: I,
    threads: usize,
    batch: usize,
    work: W,
    sink: S,
) -> Result<(), ParallelError>
where
    I: Iterator<Item = T> + Send,
    T: Send,
    U: Send,
    W: Fn(T) -> U + Sync,
    S: FnMut(U),
{
    in_order_weighed(items, threads, batch, usize::MAX, |_| 0, work, sink)
}

/// [`in_order`], with batches also bounded by weight: a batch is handed
/// over when it holds `batch` items or its items weigh `max_weight` or more
/// (`weigh` tells an item's weight, say the bytes it holds), so that the
/// items in flight weigh at most about `2 × threads + 2` times
/// `max_weight` plus the heaviest item.
///
/// # Errors
///
/// [`ParallelError`] if the threads cannot be started.
///
/// # Examples
///
/// ```
/// use drawrules_pgn::in_order_weighed;
///
/// let texts = (0..100).map(|n| "x".repeat(n));
/// let mut lengths = Vec::new();
/// in_order_weighed(texts, 2, 64, 500, String::len, |text| text.len(), |n| lengths.push(n))
///     .unwrap();
/// assert_eq!(lengths, (0..100).collect::<Vec<_>>());
/// ```
pub fn in_order_weighed<I, T, U, G, W, S>(
    items: I,
    threads: usize,
    batch: usize,
    max_weight: usize,
    weigh: G,
    work: W,
    mut sink: S,
) -> Result<(), ParallelError>
where
    I: Iterator<Item = T> + Send,
    T: Send,
    U: Send,
    G: Fn(&T) -> usize + Send,
    W: Fn(T) -> U + Sync,
    S: FnMut(U),
{
    if threads <= 1 {
        items.map(work).for_each(sink);
        return Ok(());
    }
    let batch = batch.max(1);
    // Batches read but not yet handed to `sink`: the reader waits for a
    // token before it sends one, and the calling thread gives the token
    // back once the batch is sunk, so memory stays bounded however uneven
    // the batches are.
    let in_flight = 2 * threads + 2;
    let (work_tx, work_rx) = sync_channel::<Batch<T>>(threads);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = sync_channel::<Done<U>>(in_flight);
    let (token_tx, token_rx) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        let _ = token_tx.send(());
    }
    let failed = |err: std::io::Error| ParallelError {
        threads,
        reason: err.to_string(),
    };
    std::thread::scope(|scope| {
        // Owned here, so that leaving early (a thread that cannot start, a
        // panic) closes them and every thread ends before the scope does.
        let (work_tx, token_tx) = (work_tx, token_tx);
        for n in 0..threads {
            let done_tx = done_tx.clone();
            let (work_rx, work) = (&work_rx, &work);
            std::thread::Builder::new()
                .name(format!("worker-{n}"))
                .spawn_scoped(scope, move || worker(work_rx, work, &done_tx))
                .map_err(failed)?;
        }
        drop(done_tx);
        std::thread::Builder::new()
            .name("reader".to_owned())
            .spawn_scoped(scope, move || {
                read(items, batch, max_weight, weigh, &work_tx, &token_rx);
            })
            .map_err(failed)?;
        // The calling thread hands the results over in input order.
        let mut waiting = BTreeMap::new();
        let mut next = 0u64;
        for done in done_rx {
            let (number, results) = match done {
                Ok(done) => done,
                // Dropping the channels stops the other threads; the
                // panic goes on once they have.
                Err(panic) => return Err(Stop::Panic(panic)),
            };
            waiting.insert(number, results);
            while let Some(results) = waiting.remove(&next) {
                results.into_iter().for_each(&mut sink);
                next += 1;
                let _ = token_tx.send(());
            }
        }
        Ok(())
    })
    .or_else(|stop| match stop {
        Stop::Panic(panic) => std::panic::resume_unwind(panic),
        Stop::Failed(err) => Err(err),
    })
}

/// A batch of items and its number in the stream.
type Batch<T> = (u64, Vec<T>);

/// A batch's results, or the panic of the work.
type Done<U> = Result<(u64, Vec<U>), Box<dyn std::any::Any + Send>>;

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

/// Cuts `items` into numbered batches, each sent once a token allows it.
fn read<I, T, G>(
    items: I,
    batch: usize,
    max_weight: usize,
    weigh: G,
    work_tx: &SyncSender<Batch<T>>,
    token_rx: &Receiver<()>,
) where
    I: Iterator<Item = T>,
    G: Fn(&T) -> usize,
{
    let mut number = 0u64;
    let mut send = |full: Vec<T>| {
        let sent = token_rx.recv().is_ok() && work_tx.send((number, full)).is_ok();
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
    }
    if !next.is_empty() {
        send(next);
    }
}

/// Works on batches until there are no more, sending each batch's results.
fn worker<T, U, W>(work_rx: &Mutex<Receiver<Batch<T>>>, work: &W, done_tx: &SyncSender<Done<U>>)
where
    W: Fn(T) -> U,
{
    loop {
        let job = match work_rx.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => return,
        };
        let Ok((number, items)) = job else { return };
        let results = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            items.into_iter().map(work).collect::<Vec<U>>()
        }));
        let failed = results.is_err();
        if done_tx
            .send(results.map(|results| (number, results)))
            .is_err()
            || failed
        {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
