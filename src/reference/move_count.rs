//! Articles 9.3.1 and 9.3.2 (fifty moves, a draw the player to move may
//! claim) and 9.6.2 (seventy-five moves, a draw without a claim).
//!
//! Both count moves made by each player with no pawn moved and nothing
//! captured. We count plies: 50 moves by each player are 100 plies, 75 are
//! 150. A promotion and an en passant capture are pawn moves (and the latter
//! a capture); castling is neither, so it does not restart the count.
//!
//! Nothing before the start position is known except what its FEN states:
//! the FEN's halfmove clock is taken as the number of plies already played
//! without a pawn move or capture.

use shakmaty::{Move, Position, Role};

use super::game::Game;

/// Whether a move restarts the count: it moves a pawn or captures a piece.
pub fn is_pawn_move_or_capture(mv: Move) -> bool {
    mv.role() == Role::Pawn || mv.is_capture()
}

/// The number of plies at `ply` since the last pawn move or capture. If none
/// was played since the start, the start FEN's halfmove clock plus the plies
/// played (saturating at `u32::MAX`).
pub fn clock(game: &Game, ply: usize) -> u32 {
    let last_reset = (1..=ply)
        .rev()
        .find(|&earlier| game.move_into(earlier).is_some_and(is_pawn_move_or_capture));
    match last_reset {
        Some(reset) => (ply - reset) as u32,
        None => game
            .start()
            .setup()
            .halfmoves
            .saturating_add(u32::try_from(ply).unwrap_or(u32::MAX)),
    }
}

/// Article 9.3.2: the player to move may claim a draw because each player
/// has made (at least) the last 50 moves without a pawn move or capture.
pub fn fifty_moves_now(game: &Game) -> bool {
    clock(game, game.last_ply()) >= 100
}

/// Article 9.3.1: the legal moves the player to move may write down to claim
/// a draw because that move would complete 50 moves by each player without
/// a pawn move or capture: the count stands at 99 plies or more and the move
/// is neither a pawn move nor a capture. The move is not played; a move that
/// would checkmate or stalemate supports the claim all the same.
pub fn fifty_moves_on_move(game: &Game) -> Vec<Move> {
    if clock(game, game.last_ply()) < 99 {
        return Vec::new();
    }
    game.current()
        .legal_moves()
        .into_iter()
        .filter(|&mv| !is_pawn_move_or_capture(mv))
        .collect()
}

/// Article 9.6.2's count: each player has made at least the last 75 moves
/// without a pawn move or capture, which draws the game with no claim.
///
/// The article's exception, a last move that checkmated, is a matter of
/// precedence between two endings and is applied in
/// [`precedence`](super::precedence).
pub fn seventy_five_moves(game: &Game) -> bool {
    clock(game, game.last_ply()) >= 150
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::testing::{game, uci_list};

    #[test]
    fn clock_counts_from_the_fen_and_resets_on_pawn_moves_and_captures() {
        let g = game(
            "4k3/4p3/8/8/8/8/8/R3K3 w - - 7 30",
            "a1a7 e8d8 a7e7 d8e7 e1e2 e7e6",
        );
        let clocks: Vec<u32> = (0..=g.last_ply()).map(|ply| clock(&g, ply)).collect();
        // Ra7 (8), Kd8 (9), Rxe7 capture (0), Kxe7 capture (0), Ke2 (1), Ke6 (2).
        assert_eq!(clocks, [7, 8, 9, 0, 0, 1, 2]);
    }

    #[test]
    fn castling_does_not_reset_the_clock() {
        let g = game("r3k3/8/8/8/8/8/8/4K2R w Kq - 10 40", "e1g1 e8c8");
        assert_eq!(clock(&g, 2), 12);
    }

    #[test]
    fn promotion_and_en_passant_reset_the_clock() {
        let g = game("4k3/P7/8/8/3p4/8/4P3/4K3 w - - 30 50", "e2e4 d4e3 a7a8q");
        let clocks: Vec<u32> = (0..=3).map(|ply| clock(&g, ply)).collect();
        assert_eq!(clocks, [30, 0, 0, 0]);
    }

    #[test]
    fn fifty_moves_at_99_100_and_149_150() {
        let at = |clock: u32| game(&format!("4k3/8/8/8/8/8/8/R3K3 w - - {clock} 80"), "");
        assert!(!fifty_moves_now(&at(99)));
        assert!(fifty_moves_now(&at(100)));
        assert!(!seventy_five_moves(&at(149)));
        assert!(seventy_five_moves(&at(150)));
        // At 98 no written move supports the claim; at 99 every non-pawn,
        // non-capturing move does.
        assert!(fifty_moves_on_move(&at(98)).is_empty());
        assert_eq!(
            fifty_moves_on_move(&at(99)).len(),
            at(99).current().legal_moves().len()
        );
    }

    #[test]
    fn written_move_excludes_pawn_moves_and_captures() {
        // White: king e1, pawn h2; Black: king e8, knight d2 (attackable).
        let g = game("4k3/8/8/8/8/8/3n3P/4K3 w - - 99 80", "");
        let moves = uci_list(&fifty_moves_on_move(&g));
        assert!(
            moves
                .iter()
                .all(|m| m != "h2h3" && m != "h2h4" && m != "e1d2")
        );
        assert!(moves.contains(&"e1e2".to_string()));
        // Only pawn moves and captures available: no written-move claim.
        // (The bishop on h7 guards b1, so White can only push a pawn.)
        let only = game("7k/7b/8/8/8/8/PP6/K7 w - - 99 80", "");
        assert!(fifty_moves_on_move(&only).is_empty());
        assert!(!fifty_moves_now(&only));
    }
}
