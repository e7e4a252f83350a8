//! The arbiter's answers outside its status record against the record, on
//! every ply of many games: `may_claim` and `claimable_on_move` answer
//! what the record lists without writing it out, and the accessors (`ply`,
//! `clock`, `repetition`, `result`, `endings`) read what it holds;
//! `from_fen` starts the game the FEN describes, and `dead_rule` and
//! `edition` give back what the game was set up with. (The differential
//! tests compare the record with the reference's; these answers are not
//! in it, so one that drifted from it would pass them.)

use shakmaty::{Move, Position};

use super::Arbiter;
use super::carried::taken_back;
use crate::laws::{Claim, Edition};
use crate::start::StartPosition;
use crate::testing::Dice;

/// How often each quick answer was `true` over a run: a floor on each
/// shows the assertions were made both ways.
#[derive(Debug, Default)]
struct Seen {
    plies: usize,
    may_claim: [usize; 2],
    on_move: [usize; 2],
}

/// Asserts every quick answer of `arbiter` against its status record.
fn agrees_with_its_record(arbiter: &Arbiter, seen: &mut Seen, context: &str) {
    let status = arbiter.status();
    seen.plies += 1;
    for (index, claim) in Claim::ALL.into_iter().enumerate() {
        let may = arbiter.may_claim(claim);
        assert_eq!(
            may,
            status.claims.contains(&claim),
            "may_claim({claim:?}) {context}"
        );
        let on_move = arbiter.claimable_on_move(claim);
        assert_eq!(
            on_move,
            !status.claims_on_move.moves(claim).is_empty(),
            "claimable_on_move({claim:?}) {context}"
        );
        seen.may_claim[index] += usize::from(may);
        seen.on_move[index] += usize::from(on_move);
    }
    assert_eq!(
        arbiter.is_over(),
        !status.ended.is_empty(),
        "is_over {context}"
    );
    assert_eq!(arbiter.endings(), status.ended, "endings {context}");
    assert_eq!(
        (
            arbiter.ply(),
            arbiter.clock(),
            arbiter.repetition(),
            arbiter.result()
        ),
        (status.ply, status.clock, status.repetition, status.result),
        "ply, clock, repetition, result {context}"
    );
}

/// Plays `games` random games from `fen`, checking every ply: mostly
/// quiet moves, so that the clock runs up, and half the time the move that
/// takes back the mover's last one when it is legal, so that positions
/// stand a third time.
fn play_from(fen: &str, edition: Edition, games: usize, dice: &mut Dice, seen: &mut Seen) {
    let start = StartPosition::from_fen(fen).unwrap();
    for game in 0..games {
        let mut arbiter = Arbiter::new(&start, edition);
        let mut played: Vec<Move> = Vec::new();
        agrees_with_its_record(&arbiter, seen, &format!("at the start of {fen}"));
        while !arbiter.is_over() {
            let moves = arbiter.position().legal_moves();
            let quiet: Vec<Move> = moves
                .iter()
                .filter(|mv| !mv.is_zeroing())
                .copied()
                .collect();
            let undo = played
                .len()
                .checked_sub(2)
                .and_then(|before| taken_back(played[before]))
                .filter(|mv| moves.contains(mv));
            let mv = match undo {
                Some(undo) if dice.roll(2) == 0 => undo,
                _ if !quiet.is_empty() && dice.roll(10) < 8 => quiet[dice.roll(quiet.len())],
                _ => moves[dice.roll(moves.len())],
            };
            played.push(mv);
            arbiter.play_move(mv).unwrap();
            let context = format!(
                "after {mv:?}, ply {}, game {game} from {fen}",
                arbiter.ply()
            );
            agrees_with_its_record(&arbiter, seen, &context);
        }
    }
}

#[test]
fn quick_claim_answers_agree_with_the_record_on_every_ply() {
    let mut dice = Dice(0x9e37_79b9_7f4a_7c15);
    let mut seen = Seen::default();
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // The clock near 100: fifty-move claims, on the board and on a move.
        "4k3/8/8/8/8/8/4P3/4K3 w - - 90 80",
        "r3k2r/pppq1ppp/2n2n2/8/8/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 96 120",
    ];
    for edition in Edition::ALL {
        for fen in starts {
            play_from(fen, edition, 12, &mut dice, &mut seen);
        }
    }
    // Each answer came up true on many plies and false on most.
    eprintln!("{seen:?}");
    for index in 0..2 {
        for (name, count) in [
            ("may_claim", seen.may_claim[index]),
            ("on_move", seen.on_move[index]),
        ] {
            assert!(
                (50..seen.plies / 2).contains(&count),
                "{name} of {:?} true on {count} of {} plies",
                Claim::ALL[index],
                seen.plies
            );
        }
    }
}

#[test]
fn from_fen_starts_the_game_the_fen_describes() {
    for (fen, edition) in [
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 99 80", Edition::Fide2018),
        ("7k/8/8/8/8/8/8/K6R b - - 3 40", Edition::Fide2014),
        // Over at the start: stalemate.
        ("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", Edition::Fide2018),
    ] {
        let from_fen = Arbiter::from_fen(fen, edition).unwrap();
        let new = Arbiter::new(&StartPosition::from_fen(fen).unwrap(), edition);
        assert_eq!(from_fen.status(), new.status(), "{fen}");
        assert_eq!(from_fen.fen(), fen);
        assert_eq!(from_fen.edition(), edition);
    }
    assert!(Arbiter::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0", Edition::Fide2018).is_err());
}

#[test]
fn the_dead_rule_set_is_the_one_given_back() {
    use crate::mating::{Budget, DeadRule};
    let budget = Budget {
        helpmate_nodes: 77,
        explored_positions: 99,
    };
    for rule in [
        DeadRule::Material,
        DeadRule::exact(),
        DeadRule::Exact(budget),
    ] {
        assert_eq!(Arbiter::default().with_dead_rule(rule).dead_rule(), rule);
    }
    assert_eq!(Arbiter::default().dead_rule(), DeadRule::Material);
}

#[test]
fn every_ply_under_the_exact_rule_is_counted_once_carried_or_searched() {
    // The start is searched; its helpmate line then carries over the
    // moves that leave it replayable to its checkmate, and a ply whose
    // move the line cannot take is searched again.
    let mut game = Arbiter::default().with_dead_rule(crate::mating::DeadRule::exact());
    let mut counts = vec![game.dead_searches()];
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"] {
        game.play_text(san).unwrap();
        counts.push(game.dead_searches());
    }
    for (ply, searches) in counts.iter().enumerate() {
        assert_eq!(
            searches.carried + searches.searched,
            ply as u64 + 1,
            "ply {ply}: {searches:?}"
        );
    }
    let last = counts.last().unwrap();
    assert_eq!(counts[0].searched, 1, "{counts:?}");
    assert!(last.carried >= 1, "{counts:?}");
}

#[test]
fn a_checkmate_on_the_board_costs_no_dead_position_search() {
    // Under the exact 5.2.2 rule a checkmate is its own proof that the
    // position is not dead: the mating move is given no search (the
    // searches counted are the arbiter's own answer about its cost).
    let mut game = Arbiter::default().with_dead_rule(crate::mating::DeadRule::exact());
    for san in ["f3", "e5", "g4"] {
        game.play_text(san).unwrap();
    }
    let before = game.dead_searches();
    game.play_text("Qh4#").unwrap();
    assert_eq!(game.endings(), [crate::laws::Ending::Checkmate]);
    assert_eq!(game.dead_searches(), before);
}

#[test]
fn a_pawn_move_or_a_capture_gives_a_side_searched_in_vain_its_searches_again() {
    // With a budget too small for it, the race of tempi of the corpus's
    // case `a-race-of-tempi-black-loses` is undetermined: a side
    // whose searches found nothing is not searched again while only
    // pieces walk. A pawn move changes the men the searches see, so they
    // run again, and settle the position after it within the same budget
    // (kept from the searches, it would stay undetermined).
    let budget = crate::mating::Budget {
        helpmate_nodes: 5_000,
        explored_positions: 20_000,
    };
    let mut game = Arbiter::from_fen(
        "k7/p1p1p3/8/8/8/P1P1P1p1/6Pp/7K w - - 0 1",
        Edition::Fide2018,
    )
    .unwrap()
    .with_dead_rule(crate::mating::DeadRule::Exact(budget));
    assert_eq!(
        game.status().undetermined,
        [crate::laws::Ending::DeadPosition]
    );
    game.play_text("a4").unwrap();
    let status = game.status();
    assert_eq!(status.ended, [crate::laws::Ending::DeadPosition]);
    assert!(status.undetermined.is_empty());
}
