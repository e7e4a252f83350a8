//! Games per second for `drawrules adjudicate`, on one and on two threads,
//! against a bare replay of the same games on one thread (`pgn-reader`
//! collecting the SAN of the main line, shakmaty turning SAN into moves and
//! playing them, no rules) and against the same replay keeping an
//! incremental Zobrist hash, in one process. Decompression is timed apart:
//! both read the already decompressed text.
//!
//! Run with `cargo bench --bench adjudicate`; `cargo bench --bench
//! adjudicate -- --contender WORD FILE` runs one contender once on a file,
//! for an instruction counter (see the speed chapter of the book). Each
//! file is timed twice: every contender in turn within this process, then
//! every contender in turn as a process of its own (this binary run with
//! `--contender`), as a user runs `drawrules adjudicate` once on a file.

use std::hint::black_box;
use std::io::Read;
use std::ops::ControlFlow;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use drawrules::Edition;
use drawrules_pgn::adjudicate::{AdjudicateOptions, adjudicate_source};
use drawrules_pgn::{PgnGame, decompressed};
use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{EnPassantMode, Position};

/// A bare `pgn-reader` visitor: the tags that set up the position (FEN,
/// Variant) and the main line's SAN, as any program that replays a PGN
/// file collects them.
#[derive(Default)]
struct Bare {
    game: PgnGame,
}

impl Visitor for Bare {
    type Tags = ();
    type Movetext = ();
    type Output = PgnGame;

    fn begin_tags(&mut self) -> ControlFlow<PgnGame> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _tags: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<PgnGame> {
        if matches!(name, b"FEN" | b"Variant") {
            self.game
                .tags
                .set(name, value.decode_utf8_lossy().into_owned());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<PgnGame> {
        ControlFlow::Continue(())
    }

    fn san(&mut self, _movetext: &mut (), san_plus: SanPlus) -> ControlFlow<PgnGame> {
        self.game.moves.push(san_plus);
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _movetext: &mut ()) -> ControlFlow<PgnGame, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, _movetext: ()) -> PgnGame {
        std::mem::take(&mut self.game)
    }
}

/// Replays a game's main line with shakmaty alone, keeping its Zobrist
/// hash incrementally when `hashed` says so (as anything that looks for
/// repetitions must); returns the plies played (stopping at the first
/// move that is not legal).
fn bare_replay(game: &PgnGame, hashed: bool) -> u64 {
    let Ok(start) = game.start() else { return 0 };
    let mut position = start.position().clone();
    let mut hash = hashed.then(|| position.zobrist_hash::<Zobrist64>(EnPassantMode::Legal));
    let mut plies = 0;
    for san in &game.moves {
        let Ok(mv) = san.san.to_move(&position) else {
            break;
        };
        let updated = hash.map(|hash| position.update_zobrist_hash(hash, mv, EnPassantMode::Legal));
        position.play_unchecked(mv);
        if let Some(updated) = updated {
            hash = Some(updated.unwrap_or_else(|| position.zobrist_hash(EnPassantMode::Legal)));
        }
        plies += 1;
    }
    black_box(hash);
    plies
}

/// Reads every game of `text` with bare `pgn-reader` and replays it on
/// the calling thread: (games, plies).
fn bare(text: &[u8]) -> (u64, u64) {
    bare_read(text, false)
}

/// [`bare`], the replay keeping a Zobrist hash when `hashed` says so.
fn bare_read(text: &[u8], hashed: bool) -> (u64, u64) {
    let mut reader = Reader::new(text);
    let mut visitor = Bare::default();
    let (mut games, mut plies) = (0, 0);
    loop {
        match reader.read_game(&mut visitor) {
            Ok(Some(game)) => {
                games += 1;
                plies += bare_replay(&game, hashed);
            }
            Ok(None) => break,
            Err(_) => {
                games += 1;
                visitor = Bare::default();
                let _ = reader.skip_game();
            }
        }
    }
    (games, plies)
}

/// The text cut in two near its middle, at the start of a line that opens
/// a tag section after a blank line (a game boundary for this data).
fn halves(text: &[u8]) -> (&[u8], &[u8]) {
    let middle = text.len() / 2;
    let cut = text[middle..]
        .windows(3)
        .position(|bytes| bytes == b"\n\n[")
        .map_or(text.len(), |at| middle + at + 2);
    text.split_at(cut)
}

/// The bare replay on two threads, each reading and replaying one half of
/// the text: what two threads give on this machine with no
/// coordination at all, the ceiling for any two-thread program.
fn bare_two_threads(text: &[u8]) -> (u64, u64) {
    let ((games, plies), (more_games, more_plies)) = on_halves(text, bare);
    (games + more_games, plies + more_plies)
}

/// `run` on each half of `text` (see [`halves`]), the two at once, each on
/// a thread of its own: what it gave on the first half, then the second.
fn on_halves<R: Send>(text: &[u8], run: impl Fn(&[u8]) -> R + Sync) -> (R, R) {
    let (first, second) = halves(text);
    std::thread::scope(|scope| {
        let other = scope.spawn(|| run(second));
        (run(first), other.join().expect("the other half"))
    })
}

/// Adjudicates every game of `text` on `threads` threads: the games read.
fn adjudicated(name: &str, text: &[u8], threads: usize) -> u64 {
    let mut games = 0;
    let options = AdjudicateOptions {
        edition: Edition::Fide2018,
        threads,
        ..AdjudicateOptions::default()
    };
    adjudicate_source(name, text, &options, |_, _| games += 1).expect("readable");
    games
}

/// Adjudicates each half of `text` on one thread of its own, the two at
/// once, with no sharing out: what adjudicate's own work gives on two
/// threads, the most any sharing out of one stream could reach. The
/// games read.
fn adjudicated_halves(name: &str, text: &[u8]) -> u64 {
    let (games, more_games) = on_halves(text, |half| adjudicated(name, half, 1));
    games + more_games
}

/// How many rounds of the contenders are run.
const ROUNDS: usize = 7;

/// A contender: runs once on a text named so, and tells the games read.
type Run = fn(&str, &[u8]) -> u64;

/// The contenders, in the order [`timings`] runs them: the word that
/// `--contender` names each by, what it is, and its run.
const CONTENDERS: [(&str, &str, Run); 6] = [
    (
        "bare",
        "bare pgn-reader + shakmaty replay, 1 thread",
        |_, text| bare(text).0,
    ),
    (
        "bare-halves",
        "bare replay, 2 threads on the text's halves",
        |_, text| bare_two_threads(text).0,
    ),
    ("adjudicate", "adjudicate, 1 thread", |name, text| {
        adjudicated(name, text, 1)
    }),
    ("adjudicate-2", "adjudicate, 2 threads", |name, text| {
        adjudicated(name, text, 2)
    }),
    (
        "bare-zobrist",
        "bare replay + incremental Zobrist, 1 thread",
        |_, text| bare_read(text, true).0,
    ),
    (
        "adjudicate-halves",
        "adjudicate, 1 thread on each half",
        |name, text| adjudicated_halves(name, text),
    ),
];

/// One round's times, in the order of [`CONTENDERS`].
type Round = [Duration; CONTENDERS.len()];

/// `count` rounds of the contenders timed in turn: bare on 1 thread, bare
/// on 2, adjudicate on 1, adjudicate on 2, bare with a Zobrist hash on 1,
/// adjudicate on each half.
/// `run` runs one (given its place in [`CONTENDERS`]) and tells the games
/// it read and the time it took; every run must read `games` games.
/// Returns each round's times.
fn rounds_of(
    count: usize,
    games: u64,
    mut run: impl FnMut(usize) -> Result<(u64, Duration), String>,
) -> Result<Vec<Round>, String> {
    let mut rounds = Vec::new();
    for _ in 0..count {
        let mut round = [Duration::ZERO; CONTENDERS.len()];
        for (at, slot) in round.iter_mut().enumerate() {
            let (read, took) = run(at)?;
            if read != games {
                let what = CONTENDERS[at].1;
                return Err(format!("{what}: {read} games read of {games}"));
            }
            *slot = took;
        }
        rounds.push(round);
    }
    Ok(rounds)
}

/// The contenders timed in turn in this process, [`ROUNDS`] rounds.
/// Returns the games and each round's times.
fn timings(name: &str, text: &[u8]) -> (u64, Vec<Round>) {
    let (games, _) = bare(text);
    let rounds = rounds_of(ROUNDS, games, |at| {
        let started = Instant::now();
        let read = (CONTENDERS[at].2)(name, text);
        Ok((read, started.elapsed()))
    })
    .expect("every run reads every game");
    (games, rounds)
}

/// The contenders timed in turn for `count` rounds as [`timings`] does,
/// each run a process of its own: this binary run with `--contender WORD
/// FILE`, timed by itself once the file is read and decompressed. Every
/// run must read `games` games.
fn in_processes(file: &Path, games: u64, count: usize) -> Result<Vec<Round>, String> {
    let bench = std::env::current_exe().map_err(|error| format!("no bench binary: {error}"))?;
    rounds_of(count, games, |at| {
        let (word, what, _) = CONTENDERS[at];
        let output = Command::new(&bench)
            .args(["--contender", word])
            .arg(file)
            .output()
            .map_err(|error| format!("cannot run {}: {error}", bench.display()))?;
        if !output.status.success() {
            let error = String::from_utf8_lossy(&output.stderr);
            return Err(format!("{what}: {}, {}", output.status, error.trim_end()));
        }
        let said = String::from_utf8_lossy(&output.stdout);
        let (read, seconds) = games_and_seconds(&said)
            .ok_or_else(|| format!("{what}: unexpected answer {said:?}"))?;
        Ok((read, Duration::from_secs_f64(seconds)))
    })
}

/// What `--contender` prints once its run is done: `WHAT: N games in S
/// s`, the seconds to the microsecond (a run on two threads may take
/// less than a tenth of a second).
fn contender_line(what: &str, games: u64, took: Duration) -> String {
    format!("{what}: {games} games in {:.6} s", took.as_secs_f64())
}

/// The games and the seconds in a [`contender_line`].
fn games_and_seconds(said: &str) -> Option<(u64, f64)> {
    let (_, counts) = said.trim_end().rsplit_once(": ")?;
    let (games, rest) = counts.split_once(" games in ")?;
    let seconds = rest.strip_suffix(" s")?;
    Some((games.parse().ok()?, seconds.parse().ok()?))
}

/// The fastest run of the contender at `at` of [`CONTENDERS`] over the
/// rounds.
fn best_run(rounds: &[Round], at: usize) -> Duration {
    rounds
        .iter()
        .map(|round| round[at])
        .min()
        .unwrap_or_default()
}

/// The least and the greatest of `values`.
fn spread(values: &[f64]) -> (f64, f64) {
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(0.0, f64::max);
    (low, high)
}

/// The median of `values` (not empty).
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// What `cargo test --benches` runs (the binary without `--bench`): both
/// sides of the comparison, once, on 300 generated games written out as
/// PGN, which must agree on the games read and replay them all; then every
/// contender as `--contender` runs it, which must read all 300.
fn smoke() {
    let text = drawrules_scenario::pgn_text::generated_pgn(300, 0xbe7c_4a11).into_bytes();
    let (games, plies) = bare(&text);
    let mut adjudicated = 0;
    let mut adjudicated_plies = 0;
    let options = AdjudicateOptions {
        edition: Edition::Fide2018,
        threads: 2,
        ..AdjudicateOptions::default()
    };
    adjudicate_source("generated.pgn", text.as_slice(), &options, |report, _| {
        let found = report.adjudication.as_ref();
        assert!(found.is_some(), "{:?}", report.error_line());
        adjudicated += 1;
        adjudicated_plies += found.map_or(0, |found| u64::from(found.plies));
    })
    .expect("readable");
    assert_eq!((games, adjudicated), (300, 300), "games read");
    assert_eq!(plies, adjudicated_plies, "plies replayed");
    for (_, what, run) in CONTENDERS {
        assert_eq!(run("generated.pgn", &text), 300, "{what}");
    }
    let words = "bare, bare-halves, adjudicate, adjudicate-2, bare-zobrist, adjudicate-halves";
    let args = |words: &[&str]| {
        words
            .iter()
            .map(|word| (*word).to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        one_contender(&args(&["bare"])),
        Err(format!(
            "--contender takes a contender ({words}) and a PGN file"
        ))
    );
    assert_eq!(
        one_contender(&args(&["fast", "x.pgn"])),
        Err(format!("no contender \"fast\": one of {words}"))
    );
    let missing = one_contender(&args(&["bare", "/nonexistent/x.pgn"]));
    assert!(
        missing
            .as_ref()
            .is_err_and(|error| error.starts_with("cannot read /nonexistent/x.pgn: ")),
        "{missing:?}"
    );
    let line = contender_line("adjudicate, 2 threads", 300, Duration::from_micros(12_345));
    assert_eq!(line, "adjudicate, 2 threads: 300 games in 0.012345 s");
    assert_eq!(games_and_seconds(&line), Some((300, 0.012345)));
    assert_eq!(
        games_and_seconds("adjudicate bench: cannot read x.pgn"),
        None
    );
    let file = std::env::temp_dir().join(format!("adjudicate-smoke-{}.pgn", std::process::id()));
    std::fs::write(&file, &text).expect("a temporary file");
    let rounds = in_processes(&file, 300, 1);
    let miscounted = in_processes(&file, 301, 1);
    let _ = std::fs::remove_file(&file);
    assert_eq!(
        miscounted.err().as_deref(),
        Some("bare pgn-reader + shakmaty replay, 1 thread: 300 games read of 301")
    );
    let rounds = rounds.expect("every contender in a process of its own");
    assert!(rounds[0].iter().all(|took| !took.is_zero()), "{rounds:?}");
    let failed = in_processes(Path::new("/nonexistent/x.pgn"), 300, 1);
    assert!(
        failed.as_ref().is_err_and(|error| error.starts_with(
            "bare pgn-reader + shakmaty replay, 1 thread: exit status: 2, adjudicate bench: cannot read /nonexistent/x.pgn: "
        )),
        "{failed:?}"
    );
    println!("adjudicate smoke run: {games} games, {plies} plies, both ways");
}

fn main() {
    if let Some(at) = std::env::args().position(|arg| arg == "--contender") {
        let args: Vec<String> = std::env::args().skip(at + 1).take(2).collect();
        if let Err(error) = one_contender(&args) {
            eprintln!("adjudicate bench: {error}");
            std::process::exit(2);
        }
        return;
    }
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
        let text = unpacked(raw).expect("decompressible");
        let unpacking = started.elapsed();
        println!(
            "\n{file}: decompressed {} MB in {:.2} s (not timed below)",
            text.len() / 1_000_000,
            unpacking.as_secs_f64()
        );
        let (games, rounds) = timings(file, &text);
        println!("{games} games, {ROUNDS} rounds, in this process:");
        table(games, &rounds);
        match in_processes(&path, games, ROUNDS) {
            Ok(rounds) => {
                println!("{games} games, {ROUNDS} rounds, each run a process of its own:");
                table(games, &rounds);
            }
            Err(error) => println!("each run a process of its own: {error}"),
        }
    }
}

/// The rounds' figures: for each contender the fastest run's games a
/// second, the median round's ratio to its bare replay and to its replay
/// with Zobrist, then the two threads' figures.
///
/// A shared machine has slow spells: the runs of a round are close in
/// time, so each round gives its own ratios to its bare run, and the
/// median round's ratio is shown (with the fastest run of each contender
/// for scale).
fn table(games: u64, rounds: &[Round]) {
    println!(
        "ratio: median over the rounds of the round's ratio to its bare 1-thread replay (vs hash: to its replay with Zobrist)"
    );
    println!(
        "{:<46} {:>14} {:>6} {:>12} {:>8}",
        "", "best games/s", "ratio", "ratio range", "vs hash"
    );
    for (at, (_, what, _)) in CONTENDERS.iter().enumerate() {
        let best = best_run(rounds, at);
        let ratios: Vec<f64> = rounds
            .iter()
            .map(|round| round[0].as_secs_f64() / round[at].as_secs_f64())
            .collect();
        let (low, high) = spread(&ratios);
        let to_hashed: Vec<f64> = rounds
            .iter()
            .map(|round| round[4].as_secs_f64() / round[at].as_secs_f64())
            .collect();
        println!(
            "{what:<46} {:>14.0} {:>6.2} {:>5.2}-{:<6.2} {:>8.2}",
            games as f64 / best.as_secs_f64(),
            median(ratios),
            low,
            high,
            median(to_hashed)
        );
    }
    two_threads(rounds);
}

/// The text of a file's bytes, decompressed when they are compressed.
fn unpacked(raw: Vec<u8>) -> std::io::Result<Vec<u8>> {
    let mut text = Vec::new();
    decompressed(std::io::Cursor::new(raw))?.read_to_end(&mut text)?;
    Ok(text)
}

/// `--contender WORD FILE`: the contender that `WORD` names (see
/// [`CONTENDERS`]) run once on `FILE` (decompressed first when it is
/// compressed, not timed), with the games read and the time taken: a run
/// short enough for an instruction counter (`valgrind --tool=callgrind`),
/// whose counts do not move with the load of the machine.
fn one_contender(args: &[String]) -> Result<(), String> {
    let words: Vec<&str> = CONTENDERS.iter().map(|(word, _, _)| *word).collect();
    let [word, file] = args else {
        return Err(format!(
            "--contender takes a contender ({}) and a PGN file",
            words.join(", ")
        ));
    };
    let at = words
        .iter()
        .position(|known| known == word)
        .ok_or_else(|| format!("no contender {word:?}: one of {}", words.join(", ")))?;
    let raw = std::fs::read(file).map_err(|error| format!("cannot read {file}: {error}"))?;
    let text = unpacked(raw).map_err(|error| format!("cannot decompress {file}: {error}"))?;
    let (_, what, run) = CONTENDERS[at];
    let started = Instant::now();
    let games = run(file, &text);
    println!("{}", contender_line(what, games, started.elapsed()));
    Ok(())
}

/// What two threads give adjudicate: its best run on two threads to the
/// best run of the bare replay on the text's halves (the ceiling); then,
/// each round on its own runs, its speed on two threads to the
/// ceiling's, its speed-up from one thread to two to the bare replay's
/// (what the coordination of the threads costs, whatever one thread
/// costs), adjudicate on each half to the ceiling (how its own work
/// scales, with nothing shared out) and its speed on two threads to that
/// (what sharing one stream out costs): the median round's, and the
/// range.
fn two_threads(rounds: &[Round]) {
    let speed = |round: &Round, at: usize| 1.0 / round[at].as_secs_f64();
    let ratios = |of: usize, to: usize| -> Vec<f64> {
        rounds
            .iter()
            .map(|round| speed(round, of) / speed(round, to))
            .collect()
    };
    let speed_up: Vec<f64> = rounds
        .iter()
        .map(|round| (speed(round, 3) / speed(round, 2)) / (speed(round, 1) / speed(round, 0)))
        .collect();
    println!(
        "{:<61} {:>6.2}",
        "adjudicate, 2 threads, best run to the ceiling's best run",
        best_run(rounds, 1).as_secs_f64() / best_run(rounds, 3).as_secs_f64()
    );
    for (what, values) in [
        (
            "adjudicate, 2 threads, to the two-halves ceiling",
            ratios(3, 1),
        ),
        ("its speed-up on 2 threads, to the bare replay's", speed_up),
        (
            "adjudicate on each half, to the two-halves ceiling",
            ratios(5, 1),
        ),
        (
            "adjudicate, 2 threads, to adjudicate on each half",
            ratios(3, 5),
        ),
    ] {
        let (low, high) = spread(&values);
        println!(
            "{what:<61} {:>6.2} {:>5.2}-{:<6.2}",
            median(values),
            low,
            high
        );
    }
}
