//! Metamorphic properties, checked on both implementations: relations
//! between the records of related games that must hold whatever the games.
//!
//! Every case reaches its assertions. A property that needs a shape of game
//! (a cycle, a transposition, a finished game) gets it from a strategy that
//! builds it (`drawrules_scenario::shapes`), instead of searching random
//! games and passing when it finds none. Each property's check returns how
//! many of its central assertions it made; the property fails on zero, and
//! `every_property_reaches_its_assertions` prints the share over 500
//! generated inputs and how often a shape had to fall back to its stand-in
//! start (`cargo test --test properties -- --nocapture`).
//!
//! proptest keeps no seed files here (`proptest_config` turns failure
//! persistence off): a shrunk failure is written into the conformance
//! corpus (`spec/cases/`) as a named case with a one-line postmortem, which
//! keeps reproducing when the generators change.

use drawrules::{
    Arbiter, Edition, GameResult, Notation, Reference, RefusalKind, Rules, RulesError,
    StartPosition, Status, judge,
};
use drawrules_scenario::shapes::Found;
use drawrules_scenario::{
    Cycle, Finished, Scenario, Transposition, cycles, finished, proptest_config, scenarios,
    transpositions,
};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{TestCaseError, TestRunner};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{EnPassantMode, Move, Position, Role, Square};

/// The cases each property runs, and the inputs the share test draws.
const CASES: u32 = 500;

/// Both implementations, fresh.
fn engines() -> [(&'static str, Box<dyn Rules>); 2] {
    [
        ("reference", Box::new(Reference::default())),
        ("arbiter", Box::new(Arbiter::default())),
    ]
}

/// The move in UCI as the scenario's game writes it (castling king-takes-rook
/// in Chess960).
fn uci(mv: Move, scenario: &Scenario) -> UciMove {
    UciMove::from_move(mv, scenario.start.castling_mode())
}

/// Plays the scenario through the judging pipeline until its end (or until
/// the game is over); returns the records. The scenario's moves are legal
/// on the board, so the only refusal may be that the game is over.
fn play(rules: &mut dyn Rules, scenario: &Scenario) -> Vec<Status> {
    let judged = judge(
        rules,
        &scenario.start,
        scenario.edition,
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

/// The scenario with `moves` played after its own.
fn then(scenario: &Scenario, moves: &[Move]) -> Scenario {
    Scenario {
        moves: scenario.moves.iter().chain(moves).copied().collect(),
        ..scenario.clone()
    }
}

/// FEN fields that make a position's identity: board, turn, castling, en
/// passant.
fn identity(status: &Status) -> Vec<&str> {
    status.fen.split(' ').take(4).collect()
}

fn mirror_move(mv: Move) -> Move {
    match mv {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => Move::Normal {
            role,
            from: from.flip_vertical(),
            capture,
            to: to.flip_vertical(),
            promotion,
        },
        Move::EnPassant { from, to } => Move::EnPassant {
            from: from.flip_vertical(),
            to: to.flip_vertical(),
        },
        Move::Castle { king, rook } => Move::Castle {
            king: king.flip_vertical(),
            rook: rook.flip_vertical(),
        },
        Move::Put { role, to } => Move::Put {
            role,
            to: to.flip_vertical(),
        },
    }
}

/// The mirrored FEN. The castling field keeps its letters with their case
/// swapped, White's first (`Kq` becomes `Qk`, Shredder's `Hb` becomes `Bh`),
/// so that both standard and Chess960 fields mirror as written.
fn mirror_fen(fen: &str) -> String {
    let setup = fen.parse::<Fen>().unwrap().into_setup().into_mirrored();
    let mirrored = Fen::try_from_setup(setup).unwrap().to_string();
    let castling = fen.split(' ').nth(2).unwrap();
    let (mut white, mut black) = (String::new(), String::new());
    for letter in castling.chars() {
        if letter.is_ascii_lowercase() {
            white.push(letter.to_ascii_uppercase());
        } else {
            black.push(letter.to_ascii_lowercase());
        }
    }
    let field = if castling == "-" {
        "-".to_owned()
    } else {
        white + &black
    };
    let mut fields: Vec<&str> = mirrored.split(' ').collect();
    fields[2] = &field;
    fields.join(" ")
}

fn mirror_uci(text: &str) -> String {
    let uci: UciMove = text.parse().unwrap();
    match uci {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => UciMove::Normal {
            from: from.flip_vertical(),
            to: to.flip_vertical(),
            promotion,
        },
        other => other,
    }
    .to_string()
}

/// The record of the colour-mirrored game at the same ply, as the mirror of
/// this record: FEN mirrored (move number aside), results swapped, written
/// moves mirrored.
fn mirrored(status: &Status) -> Status {
    let mut out = status.clone();
    out.fen = mirror_fen(&status.fen);
    out.result = match status.result {
        GameResult::WhiteWins => GameResult::BlackWins,
        GameResult::BlackWins => GameResult::WhiteWins,
        other => other,
    };
    for list in [
        &mut out.claims_on_move.threefold_repetition,
        &mut out.claims_on_move.fifty_moves,
    ] {
        *list = list.iter().map(|m| mirror_uci(m)).collect();
        list.sort();
    }
    out
}

/// The FEN without its move number, which mirroring cannot preserve (Black
/// moving first changes when the number goes up).
fn without_move_number(mut status: Status) -> Status {
    let cut = status.fen.rfind(' ').unwrap();
    status.fen.truncate(cut);
    status
}

/// Flipping the board and swapping the colours changes nothing but the
/// colours: same clock, count, endings, claims; mirrored FEN and moves.
/// Returns the records compared.
fn check_colour_mirror(scenario: &Scenario) -> Result<usize, TestCaseError> {
    let setup = Fen::from_position(scenario.start.position(), EnPassantMode::Legal).into_setup();
    let mut setup = setup.into_mirrored();
    setup.halfmoves = scenario.start.setup().halfmoves;
    let fen = Fen::try_from_setup(setup).unwrap().to_string();
    let mirror = Scenario {
        edition: scenario.edition,
        start: StartPosition::from_fen_in(&fen, scenario.start.castling_mode()).unwrap(),
        moves: scenario.moves.iter().map(|&mv| mirror_move(mv)).collect(),
    };
    let mut compared = 0;
    for ((name, mut a), (_, mut b)) in engines().into_iter().zip(engines()) {
        let original = play(a.as_mut(), scenario);
        let flipped = play(b.as_mut(), &mirror);
        prop_assert_eq!(original.len(), flipped.len(), "{}", name);
        for (o, f) in original.iter().zip(&flipped) {
            prop_assert_eq!(
                without_move_number(mirrored(o)),
                without_move_number(f.clone()),
                "{} on {:?}",
                name,
                scenario
            );
            compared += 1;
        }
    }
    Ok(compared)
}

/// The clock starts at the FEN's; pawn moves and captures reset it to 0,
/// every other move adds one (castling included). Every move of a finished
/// game is played, its ending move too. Returns the clocks checked.
fn check_clock(game: &Finished) -> Result<usize, TestCaseError> {
    let scenario = &game.game;
    let mut checked = 0;
    for (name, mut rules) in engines() {
        let records = play(rules.as_mut(), scenario);
        prop_assert_eq!(
            records.len(),
            scenario.moves.len() + 1,
            "{} on {:?}",
            name,
            game
        );
        prop_assert_eq!(
            records[0].clock,
            scenario.start.setup().halfmoves,
            "{}",
            name
        );
        checked += 1;
        for (pair, &mv) in records.windows(2).zip(&scenario.moves) {
            let expected = if mv.role() == Role::Pawn || mv.is_capture() {
                0
            } else {
                pair[0].clock.saturating_add(1)
            };
            prop_assert_eq!(
                pair[1].clock,
                expected,
                "{} {} on {:?}",
                name,
                uci(mv, scenario),
                game
            );
            checked += 1;
        }
    }
    Ok(checked)
}

/// A square with no man on it in the game's last position, and another one:
/// a move between them is legal in no position of that board.
fn move_from_an_empty_square(game: &Finished) -> UciMove {
    let mut position = game.game.start.position().clone();
    for &mv in &game.game.moves {
        position.play_unchecked(mv);
    }
    let board = position.board();
    let mut empty = Square::ALL
        .into_iter()
        .filter(|&sq| board.piece_at(sq).is_none());
    let from = empty.next().expect("an empty square");
    let to = empty.next().expect("a second empty square");
    UciMove::Normal {
        from,
        to,
        promotion: None,
    }
}

/// Once an ending holds, no move is accepted, legal on the board or not,
/// and the record stays as it is. Returns the refusals checked.
fn check_finished_game(game: &Finished) -> Result<usize, TestCaseError> {
    let scenario = &game.game;
    let mut position = scenario.start.position().clone();
    for &mv in &scenario.moves {
        position.play_unchecked(mv);
    }
    let mut refused = 0;
    for (name, mut rules) in engines() {
        let records = play(rules.as_mut(), scenario);
        prop_assert_eq!(
            records.len(),
            scenario.moves.len() + 1,
            "{} on {:?}",
            name,
            game
        );
        let last = records.last().unwrap();
        prop_assert!(!last.ended.is_empty(), "{} on {:?}: not over", name, game);
        let tries = position
            .legal_moves()
            .into_iter()
            .map(|mv| uci(mv, scenario))
            .chain([move_from_an_empty_square(game)]);
        for mv in tries {
            prop_assert_eq!(
                rules.play(mv),
                Err(RulesError::GameOver {
                    ended: last.ended.clone()
                }),
                "{} {} on {:?}",
                name,
                mv,
                game
            );
            prop_assert_eq!(&rules.status(), last);
            refused += 1;
        }
    }
    Ok(refused)
}

/// Going out and back with one man each (a four-ply cycle that loses no
/// right) brings the position back once more: every move is accepted and
/// the count goes up by exactly one. Returns the cycles checked.
fn check_cycle(cycle: &Cycle) -> Result<usize, TestCaseError> {
    let mut checked = 0;
    for (name, mut rules) in engines() {
        let before = play(rules.as_mut(), &cycle.prefix);
        let records = play(rules.as_mut(), &then(&cycle.prefix, &cycle.moves));
        prop_assert_eq!(records.len(), before.len() + 4, "{} on {:?}", name, cycle);
        let (before, after) = (before.last().unwrap(), records.last().unwrap());
        prop_assert_eq!(
            after.repetition,
            before.repetition + 1,
            "{} on {:?}",
            name,
            cycle
        );
        prop_assert_eq!(identity(after), identity(before), "{} on {:?}", name, cycle);
        checked += 1;
    }
    Ok(checked)
}

/// Two move orders that reach the same position give it the same record:
/// both are accepted in full, and the repetition count and FEN agree.
/// Returns the pairs of orders checked.
fn check_transposition(transposition: &Transposition) -> Result<usize, TestCaseError> {
    let prefix = &transposition.prefix;
    let mut checked = 0;
    for (name, mut rules) in engines() {
        let mut ends = Vec::new();
        for order in [transposition.moves, transposition.other_order()] {
            let game = then(prefix, &order);
            let records = play(rules.as_mut(), &game);
            prop_assert_eq!(
                records.len(),
                game.moves.len() + 1,
                "{} on {:?}",
                name,
                transposition
            );
            let last = records.last().unwrap();
            ends.push((last.repetition, last.fen.clone()));
        }
        prop_assert_eq!(&ends[0], &ends[1], "{} on {:?}", name, transposition);
        checked += 1;
    }
    Ok(checked)
}

proptest! {
    #![proptest_config(proptest_config(CASES))]

    #[test]
    fn prop_colour_mirror_gives_the_mirrored_record(scenario in scenarios()) {
        prop_assert!(check_colour_mirror(&scenario)? > 0);
    }

    #[test]
    fn prop_only_pawn_moves_and_captures_reset_the_clock(game in finished()) {
        prop_assert!(check_clock(&game)? > 0);
    }

    #[test]
    fn prop_a_finished_game_accepts_no_move(game in finished()) {
        prop_assert!(check_finished_game(&game)? > 0);
    }

    #[test]
    fn prop_cycle_raises_the_count_by_one(cycle in cycles()) {
        prop_assert!(check_cycle(&cycle)? > 0);
    }

    #[test]
    fn prop_transposed_move_orders_give_the_same_count(transposition in transpositions()) {
        prop_assert!(check_transposition(&transposition)? > 0);
    }
}

/// `count` values of `strategy`, drawn as proptest draws them, from a fixed
/// seed.
fn draw<S: Strategy>(strategy: S, count: u32) -> Vec<S::Value> {
    let mut runner = TestRunner::deterministic();
    (0..count)
        .map(|_| strategy.new_tree(&mut runner).unwrap().current())
        .collect()
}

/// How many inputs made a check reach its assertions (a count above zero),
/// failing on any assertion that does not hold.
fn reached<T: std::fmt::Debug>(
    inputs: &[T],
    check: impl Fn(&T) -> Result<usize, TestCaseError>,
) -> usize {
    inputs
        .iter()
        .filter(|input| match check(input) {
            Ok(count) => count > 0,
            Err(err) => panic!("{err}\non {input:?}"),
        })
        .count()
}

#[test]
fn every_property_reaches_its_assertions() {
    let scenarios = draw(scenarios(), CASES);
    let finished = draw(finished(), CASES);
    let cycles = draw(cycles(), CASES);
    let transpositions = draw(transpositions(), CASES);
    let rows = [
        (
            "prop_colour_mirror_gives_the_mirrored_record",
            reached(&scenarios, check_colour_mirror),
            "-".to_owned(),
        ),
        (
            "prop_only_pawn_moves_and_captures_reset_the_clock",
            reached(&finished, check_clock),
            format!(
                "{} played on, {} over at ply 0",
                finished.iter().filter(|g| g.played_on > 0).count(),
                finished.iter().filter(|g| g.game.moves.is_empty()).count()
            ),
        ),
        (
            "prop_a_finished_game_accepts_no_move",
            reached(&finished, check_finished_game),
            format!(
                "{} played on",
                finished.iter().filter(|g| g.played_on > 0).count()
            ),
        ),
        (
            "prop_cycle_raises_the_count_by_one",
            reached(&cycles, check_cycle),
            format!(
                "{}, {} by a knight",
                where_found(cycles.iter().map(|c| c.found)),
                cycles
                    .iter()
                    .filter(|c| c.moves[0].role() == Role::Knight)
                    .count()
            ),
        ),
        (
            "prop_transposed_move_orders_give_the_same_count",
            reached(&transpositions, check_transposition),
            where_found(transpositions.iter().map(|t| t.found)),
        ),
    ];
    println!("{:<52} {:>9} {:>7}  built", "property", "asserted", "share");
    for (name, hits, built) in &rows {
        println!(
            "{name:<52} {hits:>4}/{CASES} {:>6.1}%  {built}",
            100.0 * *hits as f64 / f64::from(CASES)
        );
    }
    for (name, hits, _) in &rows {
        assert_eq!(
            *hits, CASES as usize,
            "{name} asserted in {hits} of {CASES} cases"
        );
    }
    // The shapes must come from the generated games, not mostly from the
    // stand-in start.
    for found in [
        cycles.iter().map(|c| c.found).collect::<Vec<_>>(),
        transpositions.iter().map(|t| t.found).collect(),
    ] {
        let stand_in = found.iter().filter(|&&f| f == Found::StandIn).count();
        let in_game = found.iter().filter(|&&f| f == Found::InGame).count();
        assert!(
            stand_in * 100 <= found.len() * 15 && in_game * 3 >= found.len() * 2,
            "{in_game} in the game, {stand_in} at the stand-in start"
        );
    }
}

/// How many shapes were found where: in the game, at its start with a lower
/// clock, at the stand-in start.
fn where_found(found: impl Iterator<Item = Found>) -> String {
    let mut counts = [0; 3];
    for f in found {
        counts[f as usize] += 1;
    }
    format!(
        "{} in the game, {} at its start with a lower clock, {} at the stand-in",
        counts[0], counts[1], counts[2]
    )
}

#[test]
fn editions_are_both_exercised() {
    // The generators pick both editions; the properties above run under
    // whichever each scenario carries.
    let editions: Vec<Edition> = (0u8..32)
        .map(|seed| Scenario::from_bytes(&[seed; 16]).edition)
        .collect();
    assert!(editions.contains(&Edition::Fide2014) && editions.contains(&Edition::Fide2018));
}
