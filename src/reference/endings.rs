//! Articles 5.1.1 (checkmate) and 5.2.1 (stalemate): the position after the
//! last move leaves the player to move without a legal move.
//!
//! Both end the game at once. How they combine with the other endings and
//! with the claims is stated in [`precedence`](super::precedence).

use shakmaty::Position;

use super::game::Game;

/// Article 5.1.1: the player to move is in check and has no legal move; the
/// other player has won.
pub fn checkmate(game: &Game) -> bool {
    let position = game.current();
    position.is_check() && position.legal_moves().is_empty()
}

/// Article 5.2.1: the player to move is not in check and has no legal move;
/// the game is drawn.
pub fn stalemate(game: &Game) -> bool {
    let position = game.current();
    !position.is_check() && position.legal_moves().is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::testing::game;

    #[test]
    fn fools_mate_is_checkmate() {
        let g = game(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "f2f3 e7e5 g2g4 d8h4",
        );
        assert!(checkmate(&g));
        assert!(!stalemate(&g));
    }

    #[test]
    fn king_in_the_corner_is_stalemated() {
        let g = game("k7/8/1Q6/8/8/8/8/K7 w - - 0 1", "b6c7");
        assert!(stalemate(&g));
        assert!(!checkmate(&g));
        let g = game("k7/8/1Q6/8/8/8/8/K7 w - - 0 1", "b6b5");
        assert!(!stalemate(&g));
    }

    #[test]
    fn check_with_a_way_out_is_neither() {
        let g = game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8");
        assert!(!checkmate(&g));
        assert!(!stalemate(&g));
    }
}
