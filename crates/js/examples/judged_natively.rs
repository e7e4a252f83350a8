//! The native side of the npm package's speed bench (js/benches/speed.mjs):
//! the games on standard input (one line each: the moves as a JSON array,
//! a tab, the options as JSON) judged by the very function the bench's
//! WebAssembly baseline calls, [`drawrules_js::judged_in_wasm`], compiled
//! natively; prints the median time of `ROUNDS` rounds over all of them,
//! in seconds.
//!
//! usage: judged_natively ROUNDS < games.tsv

use std::io::{self, BufRead};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let rounds: usize = match std::env::args().nth(1).map(|text| text.parse()) {
        Some(Ok(rounds)) if rounds > 0 => rounds,
        _ => {
            eprintln!("usage: judged_natively ROUNDS < games.tsv");
            return ExitCode::from(2);
        }
    };
    let mut games = Vec::new();
    for (number, line) in io::stdin().lock().lines().enumerate() {
        let line = match line {
            Ok(line) => line,
            Err(err) => {
                eprintln!("standard input, line {}: {err}", number + 1);
                return ExitCode::from(2);
            }
        };
        let Some((moves, options)) = line.split_once('\t') else {
            eprintln!(
                "standard input, line {}: no tab between the moves and the options",
                number + 1
            );
            return ExitCode::from(2);
        };
        games.push((moves.to_owned(), options.to_owned()));
    }
    let mut times = Vec::with_capacity(rounds);
    for _ in 0..=rounds {
        let started = Instant::now();
        for (moves, options) in &games {
            if let Err(err) = drawrules_js::judged_in_wasm(moves, options) {
                eprintln!("{err}");
                return ExitCode::from(1);
            }
        }
        times.push(started.elapsed().as_secs_f64());
    }
    // The first round warms up.
    times.remove(0);
    times.sort_by(f64::total_cmp);
    println!("{}", times[times.len() / 2]);
    ExitCode::SUCCESS
}
