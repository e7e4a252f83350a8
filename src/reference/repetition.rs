//! Articles 9.2.1 and 9.2.2 (threefold repetition, a draw the player to move
//! may claim) and 9.6.1 (fivefold repetition, a draw without a claim).
//!
//! "The same position" is Article 9.2.3, read as in
//! [`same_position`](super::same_position): two plies hold the same position
//! when their [`Identity`] values are equal. Positions are counted from the
//! start position on: whatever happened before a FEN start is unknown and
//! counts for nothing. The positions need not follow each other, and need not
//! arise from the same moves (a transposition counts).
//!
//! Every rule here counts in the game's *history*: the identities of plies 0
//! to the current one, in order, as [`identities`](super::same_position::identities)
//! gives them (`history[ply]` is the identity of `ply`). The rules take the
//! history as an argument instead of deriving it, so that a caller that
//! keeps it need not derive it again: the [`Reference`](super::Reference)
//! derives each ply's identity once, when the ply is played, since a played
//! ply never changes. What the rules state is the same either way.

use shakmaty::{Move, Position};

use super::game::Game;
use super::same_position::{Identity, identity_after};
use crate::laws::Edition;

/// The number of the current ply: the last one of `history` (which is never
/// empty, since ply 0 is the start position).
fn current_ply(history: &[Identity]) -> usize {
    history.len() - 1
}

/// Article 9.2.2's count: how many of the plies from 0 to `ply`, `ply`
/// included, hold the same position as `ply`.
///
/// # Panics
///
/// If `history` does not reach `ply`.
pub fn repetition_count(history: &[Identity], ply: usize) -> u32 {
    let position = &history[ply];
    let count = history[..=ply]
        .iter()
        .filter(|&earlier| earlier == position)
        .count();
    u32::try_from(count).unwrap_or(u32::MAX)
}

/// Article 9.2.2: the player to move may claim a draw because the position
/// that stands now has stood at least three times in all, this time
/// included.
pub fn threefold_now(history: &[Identity]) -> bool {
    repetition_count(history, current_ply(history)) >= 3
}

/// Article 9.2.1: the legal moves the player to move may write down to claim
/// a draw because the position after that move would stand for at least the
/// third time: for each legal move, the identity the position would have
/// after it, counted among the identities of the game so far, plus the time
/// the move itself would make, reaches three. `history` holds the plies of
/// `game`, and `twice` the positions of `history` that have stood at least
/// twice ([`stood_twice`]).
///
/// A move makes the count reach three exactly when the position after it
/// has stood twice already, so each move's position is looked for among
/// `twice` alone (none, in most plies of a game, and then no move is
/// played at all).
///
/// The move is not played; a move that would checkmate or stalemate
/// supports the claim all the same.
pub fn threefold_on_move(game: &Game, history: &[Identity], twice: &[Identity]) -> Vec<Move> {
    if twice.is_empty() {
        return Vec::new();
    }
    let now = &history[game.last_ply()];
    game.current()
        .legal_moves()
        .into_iter()
        .filter(|&mv| twice.contains(&identity_after(game, now, mv)))
        .collect()
}

/// The positions of `history` that have stood at least twice, each once, in
/// the order in which they stood for the second time (the plies whose
/// 9.2.2 count is 2).
pub fn stood_twice(history: &[Identity]) -> Vec<Identity> {
    (0..history.len())
        .filter(|&ply| repetition_count(history, ply) == 2)
        .map(|ply| history[ply].clone())
        .collect()
}

/// Article 9.6.1: the game is drawn, with no claim, by repetition.
///
/// * `fide-2018` (also the 2017 and 2023 texts): the position that stands
///   has stood at least five times in all, in any order (9.2.2's count).
/// * `fide-2014`: the text asks for the same position after five
///   consecutive alternate moves by each player. We read it as a position
///   that stands now and stood 4, 8, 12 and 16 plies ago: both players went
///   back and forth, and each of their last five round trips ended in it.
///   Five occurrences spread out in any other way do not end the game under
///   this edition (a claim under 9.2 is still open).
pub fn fivefold(history: &[Identity], edition: Edition) -> bool {
    let now = current_ply(history);
    match edition {
        Edition::Fide2018 => repetition_count(history, now) >= 5,
        Edition::Fide2014 => {
            now >= 16 && (1..=4).all(|back| history[now - 4 * back] == history[now])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::same_position::identities;
    use crate::reference::testing::{game, uci_list};

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const KNIGHTS: &str = "g1f3 g8f6 f3g1 f6g8";

    fn counts(fen: &str, moves: &str) -> Vec<u32> {
        let history = identities(&game(fen, moves));
        (0..history.len())
            .map(|ply| repetition_count(&history, ply))
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
        let history = identities(&game);
        assert!(!threefold_now(&history));
        assert_eq!(repetition_count(&history, game.last_ply()), 2);
        // Writing f6g8 would bring the start position back a third time.
        let twice = stood_twice(&history);
        assert_eq!(
            uci_list(&threefold_on_move(&game, &history, &twice)),
            ["f6g8"]
        );
    }

    #[test]
    fn a_written_move_claims_exactly_when_its_count_reaches_three() {
        // 9.2.1 as first written: every legal move played, its identity
        // counted among the game's. The search among the positions that
        // stood twice must give the same moves at every ply.
        let game_moves =
            "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 b1c3 b8c6 c3b1 c6b8 b1c3 b8c6 c3b1";
        let moves: Vec<&str> = game_moves.split(' ').collect();
        for plies in 0..=moves.len() {
            let game = game(START, &moves[..plies].join(" "));
            let history = identities(&game);
            let now = &history[game.last_ply()];
            let counted: Vec<Move> = game
                .current()
                .legal_moves()
                .into_iter()
                .filter(|&mv| {
                    let after = identity_after(&game, now, mv);
                    history.iter().filter(|&earlier| *earlier == after).count() + 1 >= 3
                })
                .collect();
            let twice = stood_twice(&history);
            assert_eq!(
                threefold_on_move(&game, &history, &twice),
                counted,
                "after {plies} plies"
            );
        }
        let history = identities(&game(START, game_moves));
        // The four positions of the kingside knights' round trip, then the
        // three new ones of the queenside round trip (its last ply brings
        // back the start position, which has stood twice already).
        assert_eq!(stood_twice(&history).len(), 4 + 3);
    }

    #[test]
    fn threefold_by_transposition() {
        // The knights return by different routes; the count does not care.
        let game = game(START, "g1f3 g8f6 f3g1 f6g8 b1c3 b8c6 c3b1 c6b8");
        let history = identities(&game);
        assert_eq!(repetition_count(&history, game.last_ply()), 3);
        assert!(threefold_now(&history));
    }

    #[test]
    fn counted_from_a_fen_start_only() {
        // Whatever happened before the FEN is unknown: ply 0 counts once.
        let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 40 60";
        let game = game(fen, "a1a2 e8d8 a2a1 d8e8");
        assert_eq!(repetition_count(&identities(&game), game.last_ply()), 2);
    }

    /// The history of the game from the standard position after the first
    /// `plies` of `moves`.
    fn prefix(moves: &str, plies: usize) -> Vec<Identity> {
        let played: Vec<&str> = moves.split_whitespace().take(plies).collect();
        identities(&game(START, &played.join(" ")))
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
        let history = identities(&game);
        assert_eq!(repetition_count(&history, game.last_ply()), 5);
        assert!(fivefold(&history, Edition::Fide2018));
        assert!(!fivefold(&history, Edition::Fide2014));
    }
}
