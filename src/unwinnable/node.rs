//! What the searches of Article 5.2.2 keep per position: the position, its
//! identity (as in Article 9.2.3) and how it was reached.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role, Square};

/// The identity of a position met while searching: the player to move, the
/// men on the board (one set of squares per kind of man and one per
/// colour), the castling rights (the rook squares shakmaty keeps after each
/// move) and the en passant right (only a legal capture counts). Two
/// positions with equal keys have exactly the same future.
///
/// Keys are compared whole: the hash ([`KeyHasher`]) only sorts them into
/// buckets.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Key {
    turn: Color,
    /// Pawns, knights, bishops, rooks, queens, kings, then White's men and
    /// Black's men, as sets of squares (bit `i` for square `i`).
    men: [u64; 8],
    castling: u64,
    en_passant: Option<Square>,
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
        if double_step {
            key.en_passant = en_passant(position);
        }
        key
    }

    /// The key of `position`.
    pub fn of(position: &Chess) -> Key {
        Key::after(position, None)
    }

    fn of_board(position: &Chess) -> Key {
        let board = position.board();
        let mut men = [0; 8];
        for (slot, role) in men.iter_mut().zip(Role::ALL) {
            *slot = board.by_role(role).0;
        }
        men[6] = board.by_color(Color::White).0;
        men[7] = board.by_color(Color::Black).0;
        Key {
            turn: position.turn(),
            men,
            castling: position.castles().castling_rights().0,
            en_passant: None,
        }
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
        self.0
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

/// Whether `side` has any man besides its king.
pub fn has_more_than_a_king(position: &Chess, side: Color) -> bool {
    let board = position.board();
    (board.by_color(side) & !board.kings()).any()
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
