//! Article 5.2.2 decided exactly on positions read from standard input, one
//! FEN per line (`cargo run --release --example dead_survey < fens.txt`):
//! prints each verdict with the time it took, then a summary (decided,
//! dead, alive, undetermined, helpmate lines that fail to replay, median
//! and worst time). Lines that are not a legal position are skipped with a
//! message on standard error.

use std::time::Instant;

use drawrules::mating::{Budget, Deadness};
use drawrules::reference::dead_position::deadness_in;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Position, fen::Fen};

fn main() {
    let (mut dead, mut alive, mut undetermined, mut wrong) = (0, 0, 0, 0);
    let mut times = Vec::new();
    for line in std::io::stdin().lines().map_while(Result::ok) {
        let fen = line.trim();
        let Some(position) = fen
            .parse::<Fen>()
            .ok()
            .and_then(|f| f.into_position::<Chess>(CastlingMode::Standard).ok())
        else {
            eprintln!("skipped: {fen}");
            continue;
        };
        let start = Instant::now();
        let verdict = deadness_in(&position, CastlingMode::Standard, Budget::DEFAULT);
        let elapsed = start.elapsed().as_secs_f64() * 1e3;
        times.push(elapsed);
        match &verdict {
            Deadness::Dead { .. } => dead += 1,
            Deadness::Undetermined => undetermined += 1,
            Deadness::Alive { side, line } => {
                alive += 1;
                if !replays(&position, line, Color::from(*side)) {
                    wrong += 1;
                }
            }
        }
        println!("{elapsed:>9.3}ms {fen} => {verdict:?}");
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let worst = times.last().copied().unwrap_or(0.0);
    println!(
        "positions {}, decided {}, dead {dead}, alive {alive}, undetermined {undetermined}, \
         wrong lines {wrong}, median {median:.3} ms, worst {worst:.1} ms",
        times.len(),
        dead + alive
    );
}

fn replays(start: &Chess, line: &[String], mater: Color) -> bool {
    let mut position = start.clone();
    for text in line {
        let Some(mv) = text
            .parse::<UciMove>()
            .ok()
            .and_then(|uci| uci.to_move(&position).ok())
        else {
            return false;
        };
        position.play_unchecked(mv);
    }
    position.is_checkmate() && position.turn() != mater
}
