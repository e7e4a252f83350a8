//! The static arguments a move or two ahead.
//!
//! A side can mate from a position exactly when the position is already
//! its checkmate, or some legal move leads to a position from which it can
//! mate. So when the position is no checkmate by the side, and after every
//! legal move the side can never mate, it can never mate now. A position
//! with no legal move ends the game: checkmate (the side's only if the
//! other king is the one mated) or stalemate.
//!
//! The wall sometimes fails on a position only because of what the next
//! move must change: a king in check from a pawn (the wall gives up on
//! it) has to step out of the check, and after each of its moves the wall
//! holds. Applied to every position up to two moves ahead, material and
//! the wall prove these.

use shakmaty::{Chess, Color, Position};

/// Whether `side` can never mate from `position`: the static arguments
/// (material, the wall) prove it on `position`, or, `plies` being more
/// than 0, on every position one legal move later (recursively, to
/// `plies` moves).
pub fn never_mates_within(position: &Chess, side: Color, plies: u32) -> bool {
    let moves = position.legal_moves();
    if moves.is_empty() {
        let mated_by_side = position.is_check() && position.turn() != side;
        return !mated_by_side;
    }
    if super::never_mates(position, side).is_some() {
        return true;
    }
    if plies == 0 {
        return false;
    }
    for mv in &moves {
        let mut after = position.clone();
        after.play_unchecked(*mv);
        if !never_mates_within(&after, side, plies - 1) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::position;

    #[test]
    fn a_position_without_a_legal_move_is_a_mate_only_by_the_side_that_gave_it() {
        // Black to move, stalemated: neither side mates from here.
        let stalemate = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        // Black to move, mated by White's queen.
        let mated = position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
        for side in Color::ALL {
            assert!(never_mates_within(&stalemate, side, 0), "{side:?}");
        }
        assert!(!never_mates_within(&mated, Color::White, 0));
        assert!(never_mates_within(&mated, Color::Black, 0));
    }
}
