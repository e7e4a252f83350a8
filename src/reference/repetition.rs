//! Articles 9.2.1 and 9.2.2 (threefold repetition, a draw the player to move
//! may claim) and 9.6.1 (fivefold repetition, a draw without a claim).
//!
//! "The same position" is Article 9.2.3, read as in
//! [`same_position`](super::same_position). Positions are counted from the
//! start position on: whatever happened before a FEN start is unknown and
//! counts for nothing. The positions need not follow each other, and need not
//! arise from the same moves (a transposition counts).

use shakmaty::{Move, Position};

use super::game::Game;
use super::same_position::{Identity, identity_after};
use crate::laws::Edition;

/// How many plies of `history` hold the same position as its last one, that
/// one included. `history` holds the identities of plies 0 to n in order.
pub fn repetition_count(history: &[Identity]) -> u32 {
    let Some(current) = history.last() else {
        return 0;
    };
    history.iter().filter(|&earlier| earlier == current).count() as u32
}

/// Article 9.2.2: the player to move may claim a draw because the position
/// that stands has stood at least twice before (three times in all).
pub fn threefold_now(game: &Game) -> bool {
    game.repetition(game.last_ply()) >= 3
}

/// Article 9.2.1: the legal moves the player to move may write down to claim
/// a draw because the position after that move would stand for at least the
/// third time. The move is not played; a move that would checkmate or
/// stalemate supports the claim all the same.
///
/// The position after the move stands for the third time exactly when it
/// has stood twice already, that is when it is the position of a ply whose
/// repetition count was 2. So only those plies are compared with.
pub fn threefold_on_move(game: &Game) -> Vec<Move> {
    let stood_twice: Vec<&Identity> = (0..=game.last_ply())
        .filter(|&ply| game.repetition(ply) == 2)
        .map(|ply| &game.identities()[ply])
        .collect();
    if stood_twice.is_empty() {
        return Vec::new();
    }
    game.current()
        .legal_moves()
        .into_iter()
        .filter(|&mv| stood_twice.contains(&&identity_after(game, mv)))
        .collect()
}

/// Article 9.6.1: the game is drawn, with no claim, by repetition.
///
/// * `fide-2018` (also the 2017 and 2023 texts): the position that stands
///   has stood at least five times in all, in any order.
/// * `fide-2014`: the text asks for the same position after five
///   consecutive alternate moves by each player. We read it as a position
///   that stands now and stood 4, 8, 12 and 16 plies ago: both players went
///   back and forth, and each of their last five round trips ended in it.
///   Five occurrences spread out in any other way do not end the game under
///   this edition (a claim under 9.2 is still open).
pub fn fivefold(game: &Game, edition: Edition) -> bool {
    let last = game.last_ply();
    match edition {
        Edition::Fide2018 => game.repetition(last) >= 5,
        Edition::Fide2014 => {
            let history = game.identities();
            last >= 16 && (1..=4).all(|back| history[last - 4 * back] == history[last])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::testing::{game, uci_list};

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const KNIGHTS: &str = "g1f3 g8f6 f3g1 f6g8";

    fn counts(fen: &str, moves: &str) -> Vec<u32> {
        let game = game(fen, moves);
        let all = game.identities();
        (1..=all.len())
            .map(|n| repetition_count(&all[..n]))
            .collect()
    }

    #[test]
    fn counts_rise_by_one_per_knight_cycle() {
        let moves = [KNIGHTS; 4].join(" ");
        let counts = counts(START, &moves);
        assert_eq!(counts[0], 1);
        assert_eq!(counts[4], 2);
        assert_eq!(counts[8], 3);
        assert_eq!(counts[12], 4);
        assert_eq!(counts[16], 5);
        assert_eq!(counts[2], 1, "after g1f3 g8f6 the position is new");
    }

    #[test]
    fn threefold_now_and_on_move() {
        let game = game(START, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
        assert!(!threefold_now(&game));
        assert_eq!(repetition_count(game.identities()), 2);
        // Writing f6g8 would bring the start position back a third time.
        assert_eq!(uci_list(&threefold_on_move(&game)), ["f6g8"]);
    }

    #[test]
    fn threefold_by_transposition() {
        // The knights return by different routes; the count does not care.
        let game = game(START, "g1f3 g8f6 f3g1 f6g8 b1c3 b8c6 c3b1 c6b8");
        assert_eq!(repetition_count(game.identities()), 3);
        assert!(threefold_now(&game));
    }

    #[test]
    fn counted_from_a_fen_start_only() {
        // Whatever happened before the FEN is unknown: ply 0 counts once.
        let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 40 60";
        let game = game(fen, "a1a2 e8d8 a2a1 d8e8");
        assert_eq!(repetition_count(game.identities()), 2);
    }

    /// The game from the standard position after the first `plies` of
    /// `moves`.
    fn prefix(moves: &str, plies: usize) -> crate::reference::Game {
        let played: Vec<&str> = moves.split_whitespace().take(plies).collect();
        game(START, &played.join(" "))
    }

    #[test]
    fn fivefold_2018_counts_any_five() {
        let moves = [KNIGHTS; 4].join(" ");
        for edition in Edition::ALL {
            assert!(fivefold(&prefix(&moves, 16), edition), "{edition}");
            assert!(!fivefold(&prefix(&moves, 15), edition), "{edition}");
        }
    }

    #[test]
    fn fivefold_2014_needs_a_four_ply_rhythm() {
        // An eight-ply detour in which the start position does not stand at
        // its middle (ply 12) breaks the four-ply rhythm: the start position
        // stands at plies 0, 4, 8, 16 and 20. The last cycle uses the other
        // knights, so the position after g1f3 does not come back a fifth time.
        let detour = "g1f3 g8f6 f3e5 f6g8 e5f3 b8c6 f3g1 c6b8";
        let moves = [KNIGHTS, KNIGHTS, detour, "b1c3 b8c6 c3b1 c6b8"].join(" ");
        for ply in 0..20 {
            for edition in Edition::ALL {
                assert!(
                    !fivefold(&prefix(&moves, ply), edition),
                    "ply {ply} {edition}"
                );
            }
        }
        let game = game(START, &moves);
        assert_eq!(repetition_count(game.identities()), 5);
        assert!(fivefold(&game, Edition::Fide2018));
        assert!(!fivefold(&game, Edition::Fide2014));
    }
}
