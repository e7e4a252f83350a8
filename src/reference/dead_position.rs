//! Article 5.2.2: a dead position, one from which neither player can ever
//! checkmate by any series of legal moves, ends the game as a draw.
//!
//! Deciding deadness in general needs a search; the reference decides only
//! the part that material alone settles, and says so. A position is dead for
//! us when no pawn, rook or queen is left and the minor pieces are either
//!
//! * at most one in all (king against king, king and knight against king,
//!   king and bishop against king), or
//! * bishops only, all on squares of one colour, however many and whoever
//!   owns them: such bishops can never attack the squares of the other
//!   colour, so no king can be hemmed in.
//!
//! Every other position is treated as alive, even when no mate could in fact
//! be forced or helped (say, blocked pawn chains): a documented subset of
//! 5.2.2, not a reading of it.

use shakmaty::{Position, Role, Square};

use super::game::Game;

/// Article 5.2.2, the material subset described in this module.
pub fn dead_position(game: &Game) -> bool {
    let board = game.current().board();
    let mut minors: Vec<(Role, Square)> = Vec::new();
    for square in Square::ALL {
        match board.role_at(square) {
            None | Some(Role::King) => {}
            Some(Role::Knight) => minors.push((Role::Knight, square)),
            Some(Role::Bishop) => minors.push((Role::Bishop, square)),
            Some(Role::Pawn | Role::Rook | Role::Queen) => return false,
        }
    }
    let lone_minor = minors.len() <= 1;
    let bishops_on_one_colour = minors.iter().all(|&(role, _)| role == Role::Bishop)
        && minors
            .windows(2)
            .all(|pair| pair[0].1.is_light() == pair[1].1.is_light());
    lone_minor || bishops_on_one_colour
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::testing::game;

    fn dead(fen: &str) -> bool {
        dead_position(&game(fen, ""))
    }

    #[test]
    fn material_that_can_never_mate() {
        assert!(dead("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "K v K");
        assert!(dead("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"), "KN v K");
        assert!(dead("4k3/8/8/8/8/8/8/4KB2 w - - 0 1"), "KB v K");
        assert!(dead("4kb2/8/8/8/8/8/8/4K3 w - - 0 1"), "K v KB");
        // f1 and c8 are both light squares.
        assert!(
            dead("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1"),
            "KB v KB, same colour"
        );
        // c8, f1 and h1 are all light: three bishops that can never mate.
        assert!(
            dead("2b1k3/8/8/8/8/8/8/4KB1B w - - 0 1"),
            "KBB v KB, all light"
        );
    }

    #[test]
    fn material_that_can_mate_with_help() {
        assert!(
            !dead("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1"),
            "KB v KB, opposite colours"
        );
        assert!(!dead("2b1k3/8/8/8/8/8/8/B3KB2 w - - 0 1"), "a1 is dark");
        assert!(!dead("4k3/8/8/8/8/8/8/4KNN1 w - - 0 1"), "KNN v K");
        assert!(!dead("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1"), "KN v KN");
        assert!(!dead("4kn2/8/8/8/8/8/8/4KB2 w - - 0 1"), "KB v KN");
        assert!(!dead("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), "KR v K");
        assert!(!dead("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"), "KP v K");
    }
}
