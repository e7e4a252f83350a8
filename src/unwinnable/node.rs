//! What the searches of Article 5.2.2 keep per position: the position, its
//! identity (as in Article 9.2.3) and how it was reached.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role, Square};

/// The identity of a position met while searching: the player to move, the
/// men on the board, the castling rights (the rook squares shakmaty keeps
/// after each move) and the en passant right (only a legal capture
/// counts). Two positions with equal keys have exactly the same future.
///
/// Packed in 32 bytes, so that the searches' tables stay small: the kind
/// of each man in three sets of squares, read as the three bits of its
/// number (pawn 1 to king 6; a square in none is empty), and the squares
/// of White's men. The number 7, no man's, marks a rook that keeps a
/// castling right (it stands on its first rank) and the pawn that may be
/// taken en passant (it stands on its fourth or fifth rank): the rank
/// tells the two apart. The two kings are of opposite colours, so the
/// colour of the king on the lower square is enough: the bit of the other
/// king's square says whether Black is to move. Keys are compared whole:
/// the hash ([`KeyHasher`]) only sorts them into buckets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    kinds: [u64; 3],
    white: u64,
}

impl Key {
    /// The key of `position`, reached by `last_move` (`None`: unknown). An
    /// en passant capture is possible only after a pawn's double step, so
    /// the legal moves are listed only then (or when the move is unknown).
    pub fn after(position: &Chess, last_move: Option<Move>) -> Key {
        let double_step = last_move.is_none_or(|mv| {
            mv.role() == Role::Pawn
                && mv
                    .from()
                    .is_some_and(|from| from.rank().distance(mv.to().rank()) == 2)
        });
        let mut key = Key::of_board(position);
        if double_step && let Some(target) = en_passant(position) {
            // The pawn that stepped stands one rank past the square it
            // crossed, seen from the player to move.
            let pawn = target.offset(if position.turn().is_white() { -8 } else { 8 });
            if let Some(pawn) = pawn {
                key.mark(pawn);
            }
        }
        key
    }

    /// The key of `position` reached by an unknown move.
    pub fn of(position: &Chess) -> Key {
        Key::after(position, None)
    }

    fn of_board(position: &Chess) -> Key {
        let board = position.board();
        let (pawns, knights, bishops) = (board.pawns().0, board.knights().0, board.bishops().0);
        let (rooks, queens, kings) = (board.rooks().0, board.queens().0, board.kings().0);
        let mut key = Key {
            kinds: [
                pawns | bishops | queens,
                knights | bishops | kings,
                rooks | queens | kings,
            ],
            white: board.by_color(Color::White).0,
        };
        for rook in position.castles().castling_rights() {
            key.mark(rook);
        }
        // A position has one king of each colour (shakmaty refuses any
        // other): the higher king's own bit is the other's opposite, so it
        // holds the player to move instead.
        if kings.count_ones() == 2 {
            let higher = 1 << (63 - kings.leading_zeros());
            if position.turn().is_black() {
                key.white |= higher;
            } else {
                key.white &= !higher;
            }
        }
        key
    }

    /// Gives the man on `square` the number 7 (see [`Key`]).
    fn mark(&mut self, square: Square) {
        for kind in &mut self.kinds {
            *kind |= 1 << u32::from(square);
        }
    }
}

/// Four words, one multiply each with [`KeyHasher`] (the derived hash
/// would add the array's length): hashing is much of what the searches'
/// tables cost.
impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for word in self.kinds {
            state.write_u64(word);
        }
        state.write_u64(self.white);
    }
}

/// The sets of [`Key`]s the searches keep.
pub type KeySet = HashSet<Key, BuildHasherDefault<KeyHasher>>;

/// A fast hash for [`Key`]s: each word is mixed in by a multiply and a
/// rotation. Not resistant to chosen collisions, which no search here has
/// to fear: a collision costs time, never a wrong answer, since keys are
/// compared whole.
#[derive(Debug, Default, Clone, Copy)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        // The high bits of the last product are the well-mixed ones; the
        // table indexes by the low bits.
        self.0.rotate_left(26)
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut eight = [0; 8];
            eight.copy_from_slice(word);
            self.write_u64(u64::from_le_bytes(eight));
        }
        for &byte in words.remainder() {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, word: u8) {
        self.write_u64(u64::from(word));
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}

/// The target square of the legal en passant capture in `position`, if any.
fn en_passant(position: &Chess) -> Option<Square> {
    position.legal_moves().iter().find_map(|mv| match *mv {
        Move::EnPassant { to, .. } => Some(to),
        _ => None,
    })
}

/// Whether `mater` has checkmated the other side in `position`.
pub fn is_mate_by(position: &Chess, mater: Color) -> bool {
    position.turn() != mater && position.is_checkmate()
}

/// Moves as UCI text.
pub fn uci_line(moves: &[Move], mode: CastlingMode) -> Vec<String> {
    moves
        .iter()
        .map(|&mv| UciMove::from_move(mv, mode).to_string())
        .collect()
}

/// The moves leading to node `index`, following the parent links of a
/// search tree (`parents[i]` is the node `i` came from and the move).
pub fn line_to(parents: &[Option<(usize, Move)>], mut index: usize) -> Vec<Move> {
    let mut line = Vec::new();
    while let Some((parent, mv)) = parents[index] {
        line.push(mv);
        index = parent;
    }
    line.reverse();
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{position, position_in};
    use shakmaty::uci::UciMove;

    fn key(fen: &str) -> Key {
        Key::of(&position(fen))
    }

    /// Plays the UCI `moves` from `fen`: the key of the position reached,
    /// as a search computes it (from the last move).
    fn key_after(fen: &str, moves: &[&str]) -> Key {
        let mut at = position(fen);
        let mut last = None;
        for text in moves {
            let mv = text.parse::<UciMove>().unwrap().to_move(&at).unwrap();
            at.play_unchecked(mv);
            last = Some(mv);
        }
        Key::after(&at, last)
    }

    /// Asserts that the positions of `fens` have as many different keys.
    fn assert_keys_told_apart(fens: &[&str]) {
        for (i, a) in fens.iter().enumerate() {
            for (j, b) in fens.iter().enumerate() {
                assert_eq!(key(a) == key(b), i == j, "{a} against {b}");
            }
        }
    }

    /// The player to move and the kings' colours live in one bit each:
    /// every combination of the two is told apart, with the kings on the
    /// same two squares.
    #[test]
    fn the_player_to_move_and_the_kings_colours_are_told_apart() {
        let fens = [
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
            "4K3/8/8/8/8/8/8/4k3 w - - 0 1",
            "4K3/8/8/8/8/8/8/4k3 b - - 0 1",
        ];
        assert_keys_told_apart(&fens);
    }

    /// Each castling right counts, and the rook that keeps one is told
    /// apart from the same rook without it.
    #[test]
    fn castling_rights_are_part_of_the_key() {
        let fens = [
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        ];
        assert_keys_told_apart(&fens);
        // Chess960: rights by rook file, each its own.
        let outer = position_in(
            "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
            CastlingMode::Chess960,
        );
        let fewer = position_in(
            "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w Bgb - 0 1",
            CastlingMode::Chess960,
        );
        assert_ne!(Key::of(&outer), Key::of(&fewer));
    }

    /// Only an en passant capture that is a legal move makes a difference
    /// (Article 9.2.3): a double step no pawn can answer, or one whose
    /// capture would expose the king, leaves the key as without it.
    #[test]
    fn only_a_legal_en_passant_capture_counts() {
        let open = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        assert_ne!(key(open), key("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2"));
        // The same right reached by the double step itself.
        assert_eq!(
            key(open),
            key_after("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", &["d7d5"])
        );
        // A double step with no pawn beside it.
        assert_eq!(
            key_after("4k3/3p4/8/8/8/8/8/4K3 b - - 0 1", &["d7d5"]),
            key("4k3/8/8/3p4/8/8/8/4K3 w - - 0 2"),
        );
        // The capture would leave White's king in check along its rank.
        assert_eq!(
            key_after("8/3p4/8/K3P2r/8/8/8/4k3 b - - 0 1", &["d7d5"]),
            key("8/8/8/K2pP2r/8/8/8/4k3 w - - 0 2"),
        );
        // Black's right to take en passant, on the other wing.
        assert_ne!(
            key_after("4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1", &["a2a4"]),
            key("4k3/8/8/8/Pp6/8/8/4K3 b - - 0 1"),
        );
    }

    /// The same position reached again by knights' moves has one key;
    /// a king's or a rook's move and back loses castling rights for good.
    #[test]
    fn a_position_reached_twice_has_one_key() {
        let start = "rn2k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1";
        let knights = ["b1c3", "b8c6", "c3b1", "c6b8"];
        assert_eq!(key(start), key_after(start, &knights));
        assert_eq!(
            key("rn2k2r/8/8/8/8/8/8/RN2K2R w - - 0 1"),
            key_after(start, &["e1f1", "e8f8", "f1e1", "f8e8"]),
        );
        assert_eq!(
            key("rn2k2r/8/8/8/8/8/8/RN2K2R w Kk - 0 1"),
            key_after(start, &["a1a2", "a8a7", "a2a1", "a7a8"]),
        );
    }
}
