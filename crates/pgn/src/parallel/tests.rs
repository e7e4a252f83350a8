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
fn a_result_goes_in_the_box_of_one_handed_back() {
    use std::rc::Rc;
    let old = Rc::new("old");
    let mut spent = vec![Box::new(Rc::clone(&old))];
    let home: *const Rc<&str> = &*spent[0];
    let Done::Result(7, boxed) = Done::result(7, Rc::new("new"), &mut spent) else {
        panic!("not the result of batch 7");
    };
    // The same box, the old result dropped in it, none left to reuse.
    let reused: *const Rc<&str> = &*boxed;
    assert_eq!(reused, home);
    assert_eq!(
        (**boxed, Rc::strong_count(&old), spent.len()),
        ("new", 1, 0)
    );
    // With none handed back, a new box.
    let Done::Result(8, fresh) = Done::result(8, Rc::new("next"), &mut spent) else {
        panic!("not the result of batch 8");
    };
    assert_eq!(**fresh, "next");
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
