//! A reproducible survey of Article 5.2.2 (dead position): positions built
//! from a seed by `drawrules_scenario::positions` (locked pawn structures,
//! small endgames, plies of the real games in `../shared/data`), each
//! decided by the library with the default budget and checked by the
//! dead-position oracle (every alive line replayed to its checkmate; dead
//! verdicts confirmed, where few enough positions are reachable, by an
//! exhaustive visit written apart from the library).
//!
//! ```text
//! cargo run --release --example dead_survey [-- --seed 14 --count 400 --games 200 \
//!     --data ../shared/data --check-limit 600000 --verbose]
//! ```
//!
//! `--count` positions per generated family, `--games` games per PGN file
//! (one ply each). Prints a Markdown table per family and in total, then
//! every undetermined position and every wrong verdict with its FEN. When
//! a data file is absent the games family says so in its row. Exits 1 when
//! a verdict was found wrong.

use std::path::{Path, PathBuf};

use drawrules::mating::Budget;
use drawrules_oracle::dead_position::{Tally, decide_and_check};
use drawrules_scenario::positions::{Family, Sample, endgame, locked, plies};

const FILES: [&str; 2] = ["tcec-compact.pgn.xz", "lichess-elite-2013-2015.pgn.xz"];

struct Options {
    seed: u64,
    count: usize,
    games: usize,
    data: PathBuf,
    check_limit: usize,
    verbose: bool,
}

fn options() -> Options {
    let mut options = Options {
        seed: 14,
        count: 400,
        games: 200,
        data: Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        check_limit: 600_000,
        verbose: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--verbose" {
            options.verbose = true;
            continue;
        }
        let value = args.next().unwrap_or_else(|| usage(&arg));
        let number = || value.parse::<usize>().unwrap_or_else(|_| usage(&arg));
        match arg.as_str() {
            "--seed" => options.seed = number() as u64,
            "--count" => options.count = number(),
            "--games" => options.games = number(),
            "--check-limit" => options.check_limit = number(),
            "--data" => options.data = PathBuf::from(&value),
            _ => usage(&arg),
        }
    }
    options
}

fn usage(arg: &str) -> ! {
    eprintln!(
        "dead_survey: bad argument {arg:?}; usage: dead_survey [--seed N] [--count N] \
         [--games N] [--data DIR] [--check-limit N] [--verbose]"
    );
    std::process::exit(64)
}

fn main() {
    let options = options();
    let mut samples = locked::generate(options.count, options.seed);
    samples.extend(endgame::generate(options.count, options.seed));
    let mut skipped = Vec::new();
    for (index, file) in FILES.iter().enumerate() {
        let path = options.data.join(file);
        if !path.exists() {
            skipped.push(format!("{file} (not found at {})", path.display()));
            continue;
        }
        match plies::from_pgn(&path, options.games, options.seed + index as u64) {
            Ok(found) => samples.extend(found),
            Err(err) => skipped.push(format!("{file} ({err})")),
        }
    }
    let mut tallies: Vec<(Family, Tally)> =
        Family::ALL.iter().map(|&f| (f, Tally::default())).collect();
    let mut notes = Vec::new();
    for sample in &samples {
        let judged = decide_and_check(&sample.position, Budget::DEFAULT, options.check_limit);
        if options.verbose {
            println!(
                "{:>10.3} ms  {}  [{}] => {:?}",
                judged.time.as_secs_f64() * 1e3,
                sample.fen(),
                sample.label,
                judged.verdict
            );
        }
        if judged.is_wrong() || judged.verdict.is_undetermined() {
            notes.push(note(sample, &judged));
        }
        let (_, tally) = tallies
            .iter_mut()
            .find(|(family, _)| *family == sample.family)
            .expect("every family has a tally");
        tally.add(&judged);
    }
    println!(
        "seed {}, {} per generated family, {} games per file, default budget, \
         independent check up to {} positions\n",
        options.seed, options.count, options.games, options.check_limit
    );
    println!("{}", Tally::HEADER);
    let mut total = Tally::default();
    for (family, tally) in &tallies {
        let name = if *family == Family::Games && !skipped.is_empty() {
            format!(
                "{family} ({} of {} files skipped)",
                skipped.len(),
                FILES.len()
            )
        } else {
            family.to_string()
        };
        println!("| {name} | {tally}");
        total.merge(tally);
    }
    println!("| total | {total}");
    for skip in &skipped {
        println!("\nskipped: {skip}");
    }
    for line in &notes {
        println!("{line}");
    }
    if total.wrong_witnesses + total.contradicted > 0 {
        std::process::exit(1);
    }
}

fn note(sample: &Sample, judged: &drawrules_oracle::dead_position::CheckedVerdict) -> String {
    let what = if judged.is_wrong() {
        "WRONG"
    } else {
        "undetermined"
    };
    format!(
        "{what}: {} [{} {}] {:?} ({:.1} ms)",
        sample.fen(),
        sample.family,
        sample.label,
        judged.verdict,
        judged.time.as_secs_f64() * 1e3
    )
}
