//! Article 5.2.2 proved a move or two ahead: the static arguments
//! (`material`, `wall`, `confined`) sometimes fail on a position only
//! because of what the next move must change (a king in check from a
//! pawn has to step out of it; a man about to be taken goes). A side that
//! can mate from no position one legal move later cannot mate now, unless
//! the position is already its checkmate; a position with no legal move
//! at all (checkmate of the side, or stalemate) ends the game without its
//! mate. So the proofs are tried on every position after each legal move,
//! to a small depth.
//!
//! Costly (each legal move's static proofs, for each of the next moves'),
//! so the decision tries it last, on sides the searches left undetermined.

use shakmaty::{Chess, Color, Position};

/// Whether `side` can never mate from `position`, by the static proofs
/// on every position at most `plies` legal moves later (or on this one).
pub fn never_mates_within(position: &Chess, side: Color, plies: u32) -> bool {
    let moves = position.legal_moves();
    if moves.is_empty() {
        // Checkmate of the side to move, or stalemate: the game is over. It
        // is `side`'s mate only when the other side is the one mated.
        return !(position.is_check() && position.turn() != side);
    }
    if super::never_mates(position, side).is_some() {
        return true;
    }
    plies > 0
        && moves.iter().all(|mv| {
            let mut next = position.clone();
            next.play_unchecked(*mv);
            never_mates_within(&next, side, plies - 1)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::position;

    #[test]
    fn a_king_in_check_from_a_pawn_steps_out_behind_the_wall() {
        // Black's king on a6 is in check from b5: the wall argument gives
        // up on a king in check; after each of its moves it holds.
        let fen = "8/2b5/kp1p1p2/1PpP1Pp1/K1P3P1/3B4/8/8 b - - 0 1";
        let checked = position(fen);
        for side in [Color::White, Color::Black] {
            assert_eq!(super::super::never_mates(&checked, side), None, "{side:?}");
            assert!(never_mates_within(&checked, side, 1), "{side:?}");
        }
    }

    #[test]
    fn a_mate_on_the_board_belongs_to_the_side_that_gave_it() {
        // Fool's mate: Black has mated, White never can.
        let mated = position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        assert!(!never_mates_within(&mated, Color::Black, 2));
        assert!(never_mates_within(&mated, Color::White, 0));
    }

    #[test]
    fn a_side_that_can_mate_is_never_proved_unable() {
        // King and rook against king: White mates with help.
        let alive = position("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
        assert!(!never_mates_within(&alive, Color::White, 2));
    }
}
