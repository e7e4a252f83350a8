//! Metamorphic properties, checked on both implementations: relations
//! between the records of related games that must hold whatever the games.

use drawrules::scenario::{Scenario, proptest_config, scenarios};
use drawrules::{
    Arbiter, Edition, GameResult, Reference, Rules, RulesError, StartPosition, Status,
};
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, EnPassantMode, Move, Position, Role};

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

/// Plays the scenario until its end (or until the game is over); returns the
/// records and the position reached.
fn play(rules: &mut dyn Rules, scenario: &Scenario) -> (Vec<Status>, Chess) {
    rules.start(&scenario.start, scenario.edition).unwrap();
    let mut position = scenario.start.position().clone();
    let mut records = vec![rules.status()];
    for &mv in &scenario.moves {
        if rules.play(uci(mv, scenario)).is_err() {
            break;
        }
        position.play_unchecked(mv);
        records.push(rules.status());
    }
    (records, position)
}

/// The longest prefix of the scenario that ends in a position where the game
/// goes on, no en passant right stands, and `find` finds what it looks for.
fn prefix_where<T>(
    scenario: &Scenario,
    find: impl Fn(&Chess) -> Option<T>,
) -> Option<(Scenario, T)> {
    let (records, _) = play(&mut Arbiter::default(), scenario);
    let mut positions = vec![scenario.start.position().clone()];
    for &mv in &scenario.moves[..records.len() - 1] {
        let mut next = positions.last().unwrap().clone();
        next.play_unchecked(mv);
        positions.push(next);
    }
    (0..records.len()).rev().find_map(|ply| {
        let usable = records[ply].ended.is_empty() && positions[ply].legal_ep_square().is_none();
        let found = if usable { find(&positions[ply]) } else { None }?;
        let prefix = Scenario {
            moves: scenario.moves[..ply].to_vec(),
            ..scenario.clone()
        };
        Some((prefix, found))
    })
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

proptest! {
    #![proptest_config(proptest_config(500))]

    /// Flipping the board and swapping the colours changes nothing but the
    /// colours: same clock, count, endings, claims; mirrored FEN and moves.
    #[test]
    fn prop_colour_mirror_gives_the_mirrored_record(scenario in scenarios()) {
        let setup = Fen::from_position(scenario.start.position(), EnPassantMode::Legal)
            .into_setup();
        let mut setup = setup.into_mirrored();
        setup.halfmoves = scenario.start.setup().halfmoves;
        let fen = Fen::try_from_setup(setup).unwrap().to_string();
        let mirror = Scenario {
            edition: scenario.edition,
            start: StartPosition::from_fen_in(&fen, scenario.start.castling_mode()).unwrap(),
            moves: scenario.moves.iter().map(|&mv| mirror_move(mv)).collect(),
        };
        for ((name, mut a), (_, mut b)) in engines().into_iter().zip(engines()) {
            let (original, _) = play(a.as_mut(), &scenario);
            let (flipped, _) = play(b.as_mut(), &mirror);
            prop_assert_eq!(original.len(), flipped.len(), "{}", name);
            for (o, f) in original.iter().zip(&flipped) {
                prop_assert_eq!(
                    without_move_number(mirrored(o)),
                    without_move_number(f.clone()),
                    "{} on {:?}", name, scenario
                );
            }
        }
    }

    /// Pawn moves and captures reset the clock to 0; every other move adds
    /// one (castling included).
    #[test]
    fn prop_only_pawn_moves_and_captures_reset_the_clock(scenario in scenarios()) {
        for (name, mut rules) in engines() {
            let (records, _) = play(rules.as_mut(), &scenario);
            for (pair, &mv) in records.windows(2).zip(&scenario.moves) {
                let expected = if mv.role() == Role::Pawn || mv.is_capture() {
                    0
                } else {
                    pair[0].clock.saturating_add(1)
                };
                prop_assert_eq!(pair[1].clock, expected, "{} {} on {:?}", name, uci(mv, &scenario), scenario);
            }
        }
    }

    /// Once an ending holds, no move is accepted and the record stays as it
    /// is.
    #[test]
    fn prop_a_finished_game_accepts_no_move(scenario in scenarios()) {
        for (name, mut rules) in engines() {
            let (records, position) = play(rules.as_mut(), &scenario);
            let last = records.last().unwrap();
            if last.ended.is_empty() {
                continue;
            }
            for mv in position.legal_moves() {
                let refused = rules.play(uci(mv, &scenario));
                prop_assert_eq!(
                    refused,
                    Err(RulesError::GameOver { ended: last.ended.clone() }),
                    "{} on {:?}", name, scenario
                );
                prop_assert_eq!(&rules.status(), last);
            }
        }
    }

    /// Going out and back with one knight each (a four-ply cycle) brings the
    /// position back once more: the count goes up by exactly one.
    #[test]
    fn prop_knight_cycle_raises_the_count_by_one(scenario in scenarios(), pick in any::<u16>()) {
        // A cycle restores the position only if no en passant right is lost
        // on the way: `prefix_where` stops where none stands.
        let Some((prefix, cycle)) = prefix_where(&scenario, |p| knight_cycle(p, pick)) else {
            return Ok(());
        };
        for (name, mut rules) in engines() {
            let (records, _) = play(rules.as_mut(), &prefix);
            let before = records.last().unwrap();
            let mut last = before.clone();
            let mut complete = true;
            for mv in cycle {
                if rules.play(uci(mv, &prefix)).is_err() {
                    complete = false;
                    break;
                }
                last = rules.status();
            }
            if complete {
                prop_assert_eq!(last.repetition, before.repetition + 1, "{} on {:?}", name, prefix);
                prop_assert_eq!(
                    last.fen.split(' ').take(4).collect::<Vec<_>>(),
                    before.fen.split(' ').take(4).collect::<Vec<_>>()
                );
            }
        }
    }

    /// Two move orders that reach the same position give it the same
    /// repetition count.
    #[test]
    fn prop_transposed_move_orders_give_the_same_count(scenario in scenarios(), pick in any::<u32>()) {
        let Some((prefix, [x1, y1, x2, y2])) = prefix_where(&scenario, |p| transposable(p, pick))
        else {
            return Ok(());
        };
        for (name, _) in engines() {
            let mut ends = Vec::new();
            for order in [[x1, y1, x2, y2], [x2, y1, x1, y2]] {
                let mut rules: Box<dyn Rules> = if name == "reference" {
                    Box::new(Reference::default())
                } else {
                    Box::new(Arbiter::default())
                };
                let extended = Scenario {
                    moves: prefix.moves.iter().copied().chain(order).collect(),
                    ..prefix.clone()
                };
                let (records, _) = play(rules.as_mut(), &extended);
                if records.len() < extended.moves.len() + 1 {
                    // The game ended on the way (the count reached 150, or
                    // one order passed a fivefold repetition): no claim
                    // about the end position.
                    return Ok(());
                }
                let last = records.last().unwrap().clone();
                ends.push((last.repetition, last.fen));
            }
            prop_assert_eq!(&ends[0], &ends[1], "{} on {:?}", name, prefix);
        }
    }
}

/// A knight move out and back for each side, legal in turn, if there is one.
fn knight_cycle(position: &Chess, pick: u16) -> Option<[Move; 4]> {
    let out_and_back = |position: &Chess, skip: usize| -> Option<(Move, Move, Chess)> {
        let knights: Vec<Move> = position
            .legal_moves()
            .into_iter()
            .filter(|mv| mv.role() == Role::Knight && !mv.is_capture())
            .collect();
        if knights.is_empty() {
            return None;
        }
        let out = knights[skip % knights.len()];
        let mut after = position.clone();
        after.play_unchecked(out);
        let back = Move::Normal {
            role: Role::Knight,
            from: out.to(),
            capture: None,
            to: out.from()?,
            promotion: None,
        };
        Some((out, back, after))
    };
    let (a_out, a_back, after_a) = out_and_back(position, usize::from(pick))?;
    let (b_out, b_back, after_b) = out_and_back(&after_a, usize::from(pick >> 8))?;
    let mut check = after_b;
    for mv in [a_back, b_back] {
        if !check.is_legal(mv) {
            return None;
        }
        check.play_unchecked(mv);
    }
    Some([a_out, b_out, a_back, b_back])
}

/// Quiet moves x1, y1, x2, y2 (no pawn, no capture, no king, no rook: no
/// rights lost) such that x1 y1 x2 y2 and x2 y1 x1 y2 are both legal and
/// reach the same position.
fn transposable(position: &Chess, pick: u32) -> Option<[Move; 4]> {
    let quiet = |p: &Chess| -> Vec<Move> {
        p.legal_moves()
            .into_iter()
            .filter(|mv| {
                !mv.is_capture() && matches!(mv.role(), Role::Knight | Role::Bishop | Role::Queen)
            })
            .collect()
    };
    let choose = |list: &[Move], shift: u32| {
        list.get((pick >> shift) as usize % list.len().max(1))
            .copied()
    };
    let x = quiet(position);
    let x1 = choose(&x, 0)?;
    let x2 = choose(&x, 8)?;
    if x1.from() == x2.from() {
        return None;
    }
    let mut after = position.clone();
    after.play_unchecked(x1);
    let y = quiet(&after);
    let y1 = choose(&y, 16)?;
    let run = |order: [Move; 3]| -> Option<Chess> {
        let mut p = position.clone();
        for mv in order {
            if !p.is_legal(mv) {
                return None;
            }
            p.play_unchecked(mv);
        }
        Some(p)
    };
    let a = run([x1, y1, x2])?;
    let b = run([x2, y1, x1])?;
    let y2 = choose(&quiet(&a), 24)?;
    if !b.is_legal(y2) {
        return None;
    }
    let same = |p: &Chess, q: &Chess| {
        Fen::from_position(p, EnPassantMode::Legal).to_string()
            == Fen::from_position(q, EnPassantMode::Legal).to_string()
    };
    same(&a, &b).then_some([x1, y1, x2, y2])
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

/// The conditional properties above must not skip most games: count how
/// often a cycle and a transposition are found.
#[test]
fn cycles_and_transpositions_are_found_often() {
    let (mut cycles, mut transpositions) = (0, 0);
    for seed in 0u32..400 {
        let bytes: Vec<u8> = (0..300u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) ^ seed.wrapping_mul(40_503)) as u8)
            .collect();
        let scenario = Scenario::from_bytes(&bytes);
        if prefix_where(&scenario, |p| knight_cycle(p, seed as u16)).is_some() {
            cycles += 1;
        }
        let pick = seed.wrapping_mul(2_246_822_519);
        if prefix_where(&scenario, |p| transposable(p, pick)).is_some() {
            transpositions += 1;
        }
    }
    println!("of 400 games: {cycles} with a knight cycle, {transpositions} with a transposition");
    assert!(
        cycles >= 40 && transpositions >= 40,
        "{cycles} cycles, {transpositions} transpositions"
    );
}
