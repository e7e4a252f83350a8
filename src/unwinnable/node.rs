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
/// Packed in 40 bytes, so that the searches' tables stay small: the kind
/// of each man in three sets of squares, read as the three bits of its
/// number (pawn 1 to king 6; a square in none is empty), the squares of
/// White's men, and one word with the castling rights of both back ranks,
/// the player to move and the en passant square. Keys are compared whole:
/// the hash ([`KeyHasher`]) only sorts them into buckets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    kinds: [u64; 3],
    white: u64,
    /// Bits 0-7: castling rights on the first rank (by file), 8-15 on the
    /// eighth; bit 16: Black to move; bits 17-23: the en passant square
    /// plus one (0: none).
    rest: u32,
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
        if double_step && let Some(square) = en_passant(position) {
            key.rest |= (u32::from(square) + 1) << 17;
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
        let rights = position.castles().castling_rights().0;
        let first = (rights & 0xff) as u32;
        let eighth = ((rights >> 56) & 0xff) as u32;
        let black = u32::from(position.turn().is_black());
        Key {
            kinds: [
                pawns | bishops | queens,
                knights | bishops | kings,
                rooks | queens | kings,
            ],
            white: board.by_color(Color::White).0,
            rest: first | (eighth << 8) | (black << 16),
        }
    }
}

/// Five words, one multiply each with [`KeyHasher`] (the derived hash
/// would add the array's length and spend four on the last word, byte by
/// byte): hashing is much of what the searches' tables cost.
impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for word in self.kinds {
            state.write_u64(word);
        }
        state.write_u64(self.white);
        state.write_u64(u64::from(self.rest));
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
