//! How often the generators reach each edge of the rules. Random play almost
//! never does; a generator that stopped steering there would leave the
//! differential tests blind, so each edge must occur in at least 1% of the
//! games: the repetitions, the claims on the board and on a written move
//! (9.2.1, 9.3.1), the clocks, mate and stalemate at the count, dead
//! positions, en passant and castling rights, and where the editions differ.
//! The table is printed (`cargo test --test coverage -- --nocapture`).

use drawrules::{Arbiter, Edition, Ending, Notation, RefusalKind, Status, judge};
use drawrules_scenario::{Scenario, SeededBytes};

const GAMES: usize = 10_000;

/// The records of every ply under `edition`, up to the end of the game.
/// The scenario's moves are legal on the board, so the only refusal may be
/// that the game is over.
fn records(scenario: &Scenario, edition: Edition) -> Vec<Status> {
    let judged = judge(
        &mut Arbiter::default(),
        &scenario.start,
        edition,
        &scenario.uci(),
        Notation::Uci,
    );
    if let Some(refusal) = &judged.refusal {
        assert_eq!(
            refusal.kind(),
            RefusalKind::GameOver,
            "{scenario:?}: {refusal}"
        );
    }
    judged.records
}

/// FEN fields: board, turn, castling, en passant.
fn fields(status: &Status) -> Vec<&str> {
    status.fen.split(' ').take(4).collect()
}

type Edge = (&'static str, fn(&[Status], &[Status]) -> bool);

const EDGES: [Edge; 14] = [
    ("threefold repetition", |new, _| {
        new.iter().any(|s| s.repetition >= 3)
    }),
    ("fivefold repetition", |new, old| {
        new.iter()
            .chain(old)
            .any(|s| s.ended.contains(&Ending::FivefoldRepetition))
    }),
    ("threefold claim on a written move (9.2.1)", |new, _| {
        new.iter()
            .any(|s| !s.claims_on_move.threefold_repetition.is_empty())
    }),
    (
        "threefold on a written move from a position seen once",
        |new, _| {
            new.iter()
                .any(|s| !s.claims_on_move.threefold_repetition.is_empty() && s.repetition == 1)
        },
    ),
    ("clock >= 100", |new, _| new.iter().any(|s| s.clock >= 100)),
    (
        "fifty-move claim on a written move at 99 (9.3.1)",
        |new, _| {
            new.iter()
                .any(|s| s.clock == 99 && !s.claims_on_move.fifty_moves.is_empty())
        },
    ),
    ("clock >= 150", |new, _| new.iter().any(|s| s.clock >= 150)),
    ("checkmate at clock 100", |new, _| {
        new.iter()
            .any(|s| s.clock == 100 && s.ended == [Ending::Checkmate])
    }),
    ("checkmate at clock 150", |new, _| {
        new.iter()
            .any(|s| s.clock == 150 && s.ended == [Ending::Checkmate])
    }),
    ("stalemate at clock 150", |new, _| {
        new.iter()
            .any(|s| s.clock == 150 && s.ended.contains(&Ending::Stalemate))
    }),
    ("dead position (5.2.2)", |new, _| {
        new.iter().any(|s| s.ended.contains(&Ending::DeadPosition))
    }),
    (
        "positions differing only by a legal en passant right",
        |new, _| {
            new.iter().enumerate().any(|(i, a)| {
                new[..i].iter().any(|b| {
                    let (a, b) = (fields(a), fields(b));
                    a[..3] == b[..3] && a[3] != b[3]
                })
            })
        },
    ),
    ("castling right lost during a count", |new, _| {
        // Rights only ever shrink: any change is a loss.
        new.windows(2)
            .any(|pair| fields(&pair[0])[2] != fields(&pair[1])[2] && pair[1].clock > 0)
    }),
    (
        "fide-2014 and fide-2018 disagree on fivefold",
        |new, old| {
            let fivefold = |s: &Status| s.ended.contains(&Ending::FivefoldRepetition);
            new.iter().zip(old).any(|(a, b)| fivefold(a) != fivefold(b))
        },
    ),
];

#[test]
fn generators_reach_every_edge_in_at_least_one_percent_of_games() {
    let mut seeded = SeededBytes::new(0xc0fe_2026);
    let mut hits = [0usize; EDGES.len()];
    for _ in 0..GAMES {
        let len = 32 + (seeded.next_u64() % 600) as usize;
        let bytes = seeded.take(len);
        let scenario = Scenario::from_bytes(&bytes);
        let new = records(&scenario, Edition::Fide2018);
        let old = records(&scenario, Edition::Fide2014);
        for (hit, (_, reached)) in hits.iter_mut().zip(EDGES) {
            if reached(&new, &old) {
                *hit += 1;
            }
        }
    }
    println!("{:<56} {:>7} {:>7}", "edge", "games", "share");
    for (hit, (name, _)) in hits.iter().zip(EDGES) {
        println!(
            "{name:<56} {hit:>7} {:>6.2}%",
            100.0 * *hit as f64 / GAMES as f64
        );
    }
    let short: Vec<&str> = hits
        .iter()
        .zip(EDGES)
        .filter(|(hit, _)| **hit * 100 < GAMES)
        .map(|(_, (name, _))| name)
        .collect();
    assert!(
        short.is_empty(),
        "edges below 1% of {GAMES} games: {short:?}"
    );
}
