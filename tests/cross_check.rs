//! The reference against shakmaty's own answers, on seeded random games (and
//! the arbiter against the reference on the same plies).
//!
//! The reference derives position identity, castling and en passant rights
//! and the clock itself. shakmaty computes the same things its own way (its
//! FEN writer with legal en passant squares, its halfmove clock, its
//! checkmate, stalemate and insufficient-material tests). Two independent
//! derivations agreeing on every field of every ply of thousands of plies is
//! the check here. The games are steered towards move reversals and quiet
//! moves so that repetitions, high clocks and the automatic endings occur.

use drawrules::{
    Arbiter, Claim, ClaimsOnMove, Edition, Ending, GameResult, Reference, Rules, StartPosition,
    Status,
};
use drawrules_scenario::SeededBytes;
use shakmaty::fen::{Epd, Fen};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position};

/// A number below `n` from the seeded stream.
fn below(random: &mut SeededBytes, n: usize) -> usize {
    (random.next_u64() % n as u64) as usize
}

const STARTS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/R3K3 w - - 120 80",
    "2b1k3/8/8/8/8/8/3r4/R3KB2 w Q - 140 90",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 90 50",
    "4k3/8/8/8/8/8/3n4/4KB2 w - - 0 1",
    "8/8/4k3/8/2n5/8/3B4/4K3 b - - 30 40",
];

/// What shakmaty says the record should be, given the positions so far.
fn expected(history: &[Chess], edition: Edition) -> Status {
    let current = history.last().unwrap();
    let key = |p: &Chess| Epd::from_position(p, EnPassantMode::Legal).to_string();
    let keys: Vec<String> = history.iter().map(key).collect();
    let now = keys.last().unwrap();
    let count = |key: &String| keys.iter().filter(|k| *k == key).count() as u32;
    let repetition = count(now);
    let n = keys.len() - 1;
    let fivefold = match edition {
        Edition::Fide2018 => repetition >= 5,
        Edition::Fide2014 => n >= 16 && (1..=4).all(|b| keys[n - 4 * b] == *now),
    };
    let checks = [
        (Ending::Checkmate, current.is_checkmate()),
        (Ending::Stalemate, current.is_stalemate()),
        (Ending::DeadPosition, current.is_insufficient_material()),
        (Ending::FivefoldRepetition, fivefold),
        (
            Ending::SeventyFiveMoves,
            current.halfmoves() >= 150 && !current.is_checkmate(),
        ),
    ];
    let ended: Vec<Ending> = checks.iter().filter(|c| c.1).map(|c| c.0).collect();
    let result = match (ended.first(), current.turn()) {
        (None, _) => GameResult::Ongoing,
        (Some(Ending::Checkmate), Color::White) => GameResult::BlackWins,
        (Some(Ending::Checkmate), Color::Black) => GameResult::WhiteWins,
        (Some(_), _) => GameResult::Draw,
    };
    let mut claims = Vec::new();
    let mut on_move = ClaimsOnMove::default();
    if ended.is_empty() {
        if repetition >= 3 {
            claims.push(Claim::ThreefoldRepetition);
        }
        if current.halfmoves() >= 100 {
            claims.push(Claim::FiftyMoves);
        }
        for m in current.legal_moves() {
            let uci = UciMove::from_move(m, CastlingMode::Standard).to_string();
            let mut child = current.clone();
            child.play_unchecked(m);
            if count(&key(&child)) + 1 >= 3 {
                on_move.threefold_repetition.push(uci.clone());
            }
            if current.halfmoves() >= 99 && !m.is_zeroing() {
                on_move.fifty_moves.push(uci);
            }
        }
        on_move.threefold_repetition.sort();
        on_move.fifty_moves.sort();
    }
    Status {
        ply: n as u32,
        fen: Fen::from_position(current, EnPassantMode::Legal).to_string(),
        clock: current.halfmoves(),
        repetition,
        ended,
        undetermined: Vec::new(),
        result,
        claims,
        claims_on_move: on_move,
    }
}

/// Picks a move: often the reverse of the mover's previous move (so that
/// positions come back in four-ply cycles), otherwise mostly quiet piece
/// moves (so that the clock climbs).
fn pick(position: &Chess, previous: Option<Move>, random: &mut SeededBytes) -> Move {
    let moves = position.legal_moves();
    let back = previous.and_then(|prev| {
        moves
            .iter()
            .copied()
            .find(|m| !m.is_capture() && m.from() == Some(prev.to()) && Some(m.to()) == prev.from())
    });
    if let Some(back) = back
        && below(random, 10) < 6
    {
        return back;
    }
    let quiet: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| m.role() != shakmaty::Role::Pawn && !m.is_capture())
        .collect();
    if !quiet.is_empty() && below(random, 10) < 8 {
        quiet[below(random, quiet.len())]
    } else {
        moves[below(random, moves.len())]
    }
}

#[test]
fn reference_agrees_with_shakmaty_on_every_ply_of_random_games() {
    let mut random = SeededBytes::new(0x5eed_d4a1);
    let mut plies = 0;
    let mut seen = std::collections::BTreeMap::<&str, usize>::new();
    for game_index in 0..120 {
        let edition = Edition::ALL[game_index % 2];
        let fen = STARTS[game_index % STARTS.len()];
        let start: StartPosition = fen.parse().unwrap();
        let mut reference = Reference::new(&start, edition);
        let mut arbiter = Arbiter::new(&start, edition);
        let mut history = vec![start.position().clone()];
        for ply in 0..=90_usize {
            let status: Status = reference.status();
            let context = format!("game {game_index} ({edition}) from {fen:?}, ply {ply}");
            assert_eq!(status, expected(&history, edition), "{context}");
            assert_eq!(arbiter.status(), status, "arbiter, {context}");
            plies += 1;
            if status.repetition >= 3 {
                *seen.entry("repetition >= 3").or_default() += 1;
            }
            if !status.claims_on_move.threefold_repetition.is_empty() {
                *seen.entry("threefold on a written move").or_default() += 1;
            }
            if !status.claims_on_move.fifty_moves.is_empty() {
                *seen.entry("fifty moves on a written move").or_default() += 1;
            }
            for ending in &status.ended {
                *seen.entry(ending.name()).or_default() += 1;
            }
            if status.is_over() {
                break;
            }
            let current = history.last().unwrap();
            let previous = ply
                .checked_sub(1)
                .and_then(|p| reference.game().move_into(p));
            let mv = pick(current, previous, &mut random);
            reference
                .play(UciMove::from_move(mv, CastlingMode::Standard))
                .unwrap();
            arbiter.play_move(mv).unwrap();
            let mut next = current.clone();
            next.play_unchecked(mv);
            history.push(next);
        }
    }
    println!("{plies} plies compared; edges reached: {seen:?}");
    assert!(plies > 5_000, "only {plies} plies");
    for edge in [
        "repetition >= 3",
        "threefold on a written move",
        "fifty moves on a written move",
        "fivefold-repetition",
        "seventy-five-moves",
        "dead-position",
    ] {
        assert!(seen.contains_key(edge), "no game reached {edge}: {seen:?}");
    }
}
