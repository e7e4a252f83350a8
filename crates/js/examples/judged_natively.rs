//! The native side of the npm package's speed bench (js/benches/speed.mjs):
//! the games on standard input (one line each: the moves separated by
//! spaces, a tab, the options as JSON), their moves sent one a line as
//! the package's wrapper sends them, judged by the very functions the
//! bench's WebAssembly calls, compiled natively:
//! [`drawrules_js::judged_in_wasm`] (the records made, none written) and
//! [`drawrules_js::judge`] (the records also laid out as the numbers,
//! codes and text that cross to JavaScript). Prints the median time of
//! `ROUNDS` rounds over all of them for each, in seconds, on one line.
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
        games.push((moves.replace(' ', "\n"), options.to_owned()));
    }
    let made = median(rounds, || {
        for (moves, options) in &games {
            drawrules_js::judged_in_wasm(moves, options).map_err(|err| eprintln!("{err}"))?;
        }
        Ok(())
    });
    let written = median(rounds, || {
        for (moves, options) in &games {
            // A refused move (one after the game's end) is an error's text.
            let laid_out = drawrules_js::judge(moves, options).map(|mut records| records.numbers());
            std::hint::black_box(laid_out).ok();
        }
        Ok(())
    });
    match (made, written) {
        (Ok(made), Ok(written)) => {
            println!("{made} {written}");
            ExitCode::SUCCESS
        }
        _ => ExitCode::from(1),
    }
}

/// The median time of `rounds` runs of `work`, after one that warms up.
fn median(rounds: usize, mut work: impl FnMut() -> Result<(), ()>) -> Result<f64, ()> {
    let mut times = Vec::with_capacity(rounds + 1);
    for _ in 0..=rounds {
        let started = Instant::now();
        work()?;
        times.push(started.elapsed().as_secs_f64());
    }
    times.remove(0);
    times.sort_by(f64::total_cmp);
    Ok(times[times.len() / 2])
}
