//! Work on a stream across threads, in batches, with the results handed
//! back in input order and memory bounded by the batch size.

use std::sync::mpsc::sync_channel;

use rayon::prelude::*;
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
/// `batch` items, `threads` workers (a rayon pool) process each batch, and
/// the calling thread hands the results to `sink`; at most a few batches
/// are in flight at once, whatever the length of the stream.
///
/// # Errors
///
/// [`ParallelError`] if the worker pool cannot be built.
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
/// items in flight weigh at most about four times `max_weight` plus the
/// heaviest item.
///
/// # Errors
///
/// [`ParallelError`] if the worker pool cannot be built.
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
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|err| ParallelError {
            threads,
            reason: err.to_string(),
        })?;
    let batch = batch.max(1);
    // Two batches queued while a third is processed: bounded memory.
    let (sender, receiver) = sync_channel::<Vec<T>>(2);
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let mut next = Vec::with_capacity(batch);
            let mut weight = 0usize;
            for item in items {
                weight = weight.saturating_add(weigh(&item));
                next.push(item);
                if next.len() == batch || weight >= max_weight {
                    weight = 0;
                    let full = std::mem::replace(&mut next, Vec::with_capacity(batch));
                    if sender.send(full).is_err() {
                        return;
                    }
                }
            }
            if !next.is_empty() {
                let _ = sender.send(next);
            }
        });
        for items in receiver {
            let results: Vec<U> = pool.install(|| items.into_par_iter().map(&work).collect());
            results.into_iter().for_each(&mut sink);
        }
    });
    Ok(())
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
}
