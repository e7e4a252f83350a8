//! Article 5.2.2 decided exactly on positions read from standard input, one
//! FEN per line: prints the time taken, the FEN and the verdict with its
//! evidence (`cargo run --release --example dead_survey < fens.txt`).

use drawrules::mating::Budget;
use drawrules::reference::dead_position::deadness_in;
use shakmaty::{CastlingMode, Chess, fen::Fen};
use std::time::Instant;
fn main() {
    for line in std::io::stdin().lines() {
        let line = line.unwrap();
        let fen = line.trim();
        if fen.is_empty() {
            continue;
        }
        let pos: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let t = Instant::now();
        let d = deadness_in(&pos, CastlingMode::Standard, Budget::DEFAULT);
        println!(
            "{:>9.3}ms {fen} => {:?}",
            t.elapsed().as_secs_f64() * 1e3,
            d
        );
    }
}
