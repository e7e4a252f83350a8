//! Games per second for `drawrules adjudicate` against a bare replay of the
//! same games (the same PGN reader, SAN to moves and play with shakmaty, no
//! rules), on one and on two threads, in one process. Decompression is
//! timed apart: both read the already decompressed text.
//!
//! Run with `cargo bench --bench adjudicate`.

use std::io::Read;
use std::path::Path;
use std::time::{Duration, Instant};

use drawrules::Edition;
use drawrules_pgn::adjudicate::{AdjudicateOptions, adjudicate_source};
use drawrules_pgn::{Games, PgnGame, decompressed, in_order};
use shakmaty::Position;

/// Replays a game's main line with shakmaty alone; returns the plies
/// played (stopping at the first move that is not legal).
fn bare_replay(game: &PgnGame) -> usize {
    let Ok(start) = game.start() else { return 0 };
    let mut position = start.position().clone();
    let mut plies = 0;
    for san in &game.moves {
        let Ok(mv) = san.san.to_move(&position) else {
            break;
        };
        position.play_unchecked(mv);
        plies += 1;
    }
    plies
}

/// The best of three timings of `work`.
fn best(work: impl Fn() -> u64) -> (Duration, u64) {
    (0..3)
        .map(|_| {
            let started = Instant::now();
            let games = work();
            (started.elapsed(), games)
        })
        .min()
        .unwrap_or_default()
}

/// What `cargo test --benches` runs (the binary without `--bench`): both
/// sides of the comparison, once, on the real games shipped in
/// `tests/data/`, which must agree on the games read and replay them all.
fn smoke() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/lichess-sample.pgn");
    let text =
        std::fs::read(&path).unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    let (mut games, mut plies) = (0, 0);
    for game in Games::new(text.as_slice()) {
        games += 1;
        plies += bare_replay(&game.expect("the sample reads to its end"));
    }
    let mut adjudicated = 0;
    let options = AdjudicateOptions {
        edition: Edition::Fide2018,
        threads: 2,
        ..AdjudicateOptions::default()
    };
    adjudicate_source(
        "lichess-sample.pgn",
        text.as_slice(),
        &options,
        |report, _| {
            assert!(report.adjudication.is_some(), "{:?}", report.error_line());
            adjudicated += 1;
        },
    )
    .expect("readable");
    assert_eq!((games, adjudicated, plies), (283, 283, 24_050));
    println!("adjudicate smoke run: {games} games, {plies} plies, both ways");
}

fn main() {
    // `cargo test --benches` runs bench binaries with `--bench` absent: a
    // quick run that checks the work instead of timing it.
    if !std::env::args().any(|arg| arg == "--bench") {
        smoke();
        return;
    }
    println!(
        "machine: {} cores",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    for file in ["tcec-compact.pgn.xz", "lichess-elite-2013-2015.pgn.xz"] {
        let path = data.join(file);
        let Ok(raw) = std::fs::read(&path) else {
            println!("\n{file}: not found, skipped");
            continue;
        };
        let started = Instant::now();
        let mut text = Vec::new();
        decompressed(std::io::Cursor::new(raw))
            .and_then(|mut input| input.read_to_end(&mut text))
            .expect("decompressible");
        let unpacking = started.elapsed();
        println!(
            "\n{file}: decompressed {} MB in {:.2} s (not timed below)",
            text.len() / 1_000_000,
            unpacking.as_secs_f64()
        );
        println!(
            "{:<10} {:>14} {:>14} {:>8}",
            "threads", "bare games/s", "adjud. games/s", "ratio"
        );
        for threads in [1, 2] {
            let (bare_time, games) = best(|| {
                let mut games = 0;
                in_order(
                    Games::new(text.as_slice()),
                    threads,
                    256,
                    |game| game.map(|game| bare_replay(&game)),
                    |_| games += 1,
                )
                .expect("threads");
                games
            });
            let (adjudicate_time, adjudicated) = best(|| {
                let mut games = 0;
                let options = AdjudicateOptions {
                    edition: Edition::Fide2018,
                    threads,
                    ..AdjudicateOptions::default()
                };
                adjudicate_source(file, text.as_slice(), &options, |_, _| games += 1)
                    .expect("readable");
                games
            });
            assert_eq!(games, adjudicated);
            let bare_rate = games as f64 / bare_time.as_secs_f64();
            let rate = adjudicated as f64 / adjudicate_time.as_secs_f64();
            println!(
                "{threads:<10} {bare_rate:>14.0} {rate:>14.0} {:>8.2}",
                rate / bare_rate
            );
        }
    }
}
