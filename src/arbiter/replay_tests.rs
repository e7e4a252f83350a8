//! Replay mode ([`Arbiter::play_replayed`]) against the normal path, on
//! every ply of many games: the same answers to every question.

use shakmaty::{Move, Position};

use super::Arbiter;
use crate::laws::Edition;
use crate::start::StartPosition;
use crate::testing::Dice;

/// Every answer of the arbiter that replay mode could change.
fn answers(arbiter: &Arbiter) -> String {
    format!(
        "{:?} over={} result={} claims={:?} may={:?} on_move={:?}",
        arbiter.status(),
        arbiter.is_over(),
        arbiter.result(),
        arbiter.claims(),
        crate::laws::Claim::ALL
            .map(|claim| (arbiter.may_claim(claim), arbiter.claimable_on_move(claim))),
        (arbiter.threefold_on_move(), arbiter.fifty_moves_on_move()),
    )
}

/// Plays random games from `fen`, mostly quiet moves (so that positions
/// repeat and the clock runs up), both ways, and compares after every ply:
/// how many games ended, and on how many plies replay mode had left
/// checkmate and stalemate open (the normal path never does).
fn compare_from(fen: &str, edition: Edition, games: usize, dice: &mut Dice) -> (usize, usize) {
    let start = StartPosition::from_fen(fen).unwrap();
    let (mut endings_seen, mut unsettled) = (0, 0);
    for _ in 0..games {
        let mut normal = Arbiter::new(&start, edition);
        let mut replayed = Arbiter::new(&start, edition);
        assert_eq!(answers(&normal), answers(&replayed));
        while !normal.is_over() {
            let moves = normal.position().legal_moves();
            let quiet: Vec<Move> = moves
                .iter()
                .filter(|mv| !mv.is_zeroing())
                .copied()
                .collect();
            let mv = if !quiet.is_empty() && dice.roll(10) < 8 {
                quiet[dice.roll(quiet.len())]
            } else {
                moves[dice.roll(moves.len())]
            };
            normal.play_move(mv).unwrap();
            replayed.play_replayed(mv).unwrap();
            assert_eq!(
                answers(&normal),
                answers(&replayed),
                "after {mv:?} from {fen}"
            );
            assert_eq!(normal.endings(), replayed.endings());
            assert!(normal.is_settled());
            unsettled += usize::from(!replayed.is_settled());
        }
        endings_seen += 1;
        replayed.settle();
        assert!(replayed.is_settled());
        assert_eq!(answers(&normal), answers(&replayed));
        assert!(replayed.play_replayed_checked_over());
    }
    (endings_seen, unsettled)
}

impl Arbiter {
    /// Whether a further replayed move is refused now that the game is
    /// over (any legal move of the position will do).
    fn play_replayed_checked_over(&mut self) -> bool {
        let Some(mv) = self.position().legal_moves().first().copied() else {
            return true;
        };
        self.play_replayed(mv).is_err()
    }
}

#[test]
fn replay_mode_answers_as_the_normal_path_on_every_ply() {
    let mut dice = Dice(0x2545_f491_4f6c_dd1d);
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // Near the 75-move count, with mates and stalemates about.
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 140 120",
        "7k/5Q2/6K1/8/8/8/8/8 w - - 130 90",
        "k7/8/1K6/8/8/8/8/1Q6 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 98 80",
        "r3k2r/pppq1ppp/2n2n2/8/8/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    ];
    for edition in [Edition::Fide2018, Edition::Fide2014] {
        for fen in starts {
            let (ended, unsettled) = compare_from(fen, edition, 40, &mut dice);
            assert_eq!(ended, 40);
            // Most plies of a replay leave the two endings open.
            assert!(unsettled >= 100, "{unsettled} plies unsettled from {fen}");
        }
    }
}

#[test]
fn a_capture_leaves_the_endings_open_unless_it_leaves_too_little_to_mate() {
    // Replay mode decides the endings after a capture only when the
    // material left cannot mate: a capture that leaves enough is as open
    // as a quiet move.
    let mut game = Arbiter::default();
    for uci in ["e2e4", "d7d5", "e4d5"] {
        let mv = uci
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(game.position())
            .unwrap();
        game.play_replayed(mv).unwrap();
        assert!(!game.is_settled(), "after {uci}");
    }
    let start = StartPosition::from_fen("4k3/8/8/8/8/8/3r4/3K4 w - - 0 1").unwrap();
    let mut game = Arbiter::new(&start, Edition::Fide2018);
    let mv = "d1d2"
        .parse::<shakmaty::uci::UciMove>()
        .unwrap()
        .to_move(game.position())
        .unwrap();
    game.play_replayed(mv).unwrap();
    assert!(game.is_settled());
    assert_eq!(game.endings(), [crate::laws::Ending::DeadPosition]);
}
