//! The positions that can still repeat: those since the last irreversible
//! change (a pawn move, a capture, or the loss of a castling right).
//!
//! None of these changes can be undone, so no position from before the last
//! one can ever stand again. The window therefore holds everything the
//! repetition rules need, and is emptied at each irreversible change.

use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{Bitboard, CastlingSide, Chess, Color, Move, Piece, Position, Role, Square};

/// The full identity of a position (Article 9.2.3): what a hash match must be
/// confirmed against, so that no verdict rests on a hash alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Key {
    turn: Color,
    castling: Bitboard,
    en_passant: Option<Square>,
    /// The men of each colour, then of each kind: the board, square by
    /// square. (Copied field by field: a copy of shakmaty's whole `Board`
    /// right after a move was played stalls on the stores the move made.)
    colors: [Bitboard; 2],
    roles: [Bitboard; 6],
}

impl Key {
    /// The squares occupied in this position.
    pub(crate) fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    pub(crate) fn of(position: &Chess) -> Key {
        let board = position.board();
        Key {
            turn: position.turn(),
            castling: position.castles().castling_rights(),
            en_passant: position.legal_ep_square(),
            colors: [board.white(), board.black()],
            roles: Role::ALL.map(|role| board.by_role(role)),
        }
    }
}

/// The hash of a position's placement and player to move (castling rights
/// and the en passant square are left out: within a window the rights never
/// change, and a match is always confirmed against the full [`Key`]).
///
/// Equal keys have equal hashes, which is all the window needs: a hash
/// only rules matches out, never in.
pub(crate) fn hash(position: &Chess) -> u64 {
    let board = position.board();
    let placement = board.occupied().into_iter().fold(0, |hash, square| {
        board
            .piece_at(square)
            .map_or(hash, |piece| hash ^ piece_hash(square, piece))
    });
    placement ^ turn_hash(position.turn())
}

/// The hash after `mv` is played in `before` (whose hash is `hash`),
/// updated from the squares the move changes: the same value [`hash`]
/// computes for the position after it.
pub(crate) fn hash_after(before: &Chess, hash: u64, mv: Move) -> u64 {
    let us = before.turn();
    let flipped = hash ^ Zobrist64::zobrist_for_white_turn().0;
    match mv {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            let moved = flipped
                ^ piece_hash(from, role.of(us))
                ^ piece_hash(to, promotion.unwrap_or(role).of(us));
            capture.map_or(moved, |captured| moved ^ piece_hash(to, captured.of(!us)))
        }
        Move::EnPassant { from, to } => {
            let taken = Square::from_coords(to.file(), from.rank());
            flipped
                ^ piece_hash(from, Role::Pawn.of(us))
                ^ piece_hash(to, Role::Pawn.of(us))
                ^ piece_hash(taken, Role::Pawn.of(!us))
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_queen_side(rook < king);
            flipped
                ^ piece_hash(king, Role::King.of(us))
                ^ piece_hash(rook, Role::Rook.of(us))
                ^ piece_hash(side.king_to(us), Role::King.of(us))
                ^ piece_hash(side.rook_to(us), Role::Rook.of(us))
        }
        Move::Put { role, to } => flipped ^ piece_hash(to, role.of(us)),
    }
}

fn piece_hash(square: Square, piece: Piece) -> u64 {
    Zobrist64::zobrist_for_piece(square, piece).0
}

fn turn_hash(turn: Color) -> u64 {
    match turn {
        Color::White => Zobrist64::zobrist_for_white_turn().0,
        Color::Black => 0,
    }
}

/// One position of the window.
#[derive(Clone, Debug)]
struct Seen {
    hash: u64,
    key: Key,
    /// How many times this position had stood when it stood here.
    repetition: u32,
}

/// The positions since the last irreversible change, oldest first; the last
/// one is the current position.
#[derive(Clone, Debug, Default)]
pub(crate) struct Window {
    seen: Vec<Seen>,
    /// Indices into `seen` of the entries whose count is 2.
    stood_twice: Vec<usize>,
}

impl Window {
    /// Forgets every position: an irreversible change happened.
    pub(crate) fn clear(&mut self) {
        self.seen.clear();
        self.stood_twice.clear();
    }

    /// Adds the current position and returns its repetition count.
    ///
    /// Only positions with the same player to move (every second one,
    /// counting back from the new one) can match. The latest match carries
    /// the count so far, so the search stops there.
    pub(crate) fn push(&mut self, hash: u64, key: Key) -> u32 {
        let earlier = self
            .seen
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .find(|seen| seen.hash == hash && seen.key == key)
            .map_or(0, |seen| seen.repetition);
        let repetition = earlier + 1;
        if repetition == 2 {
            self.stood_twice.push(self.seen.len());
        }
        self.seen.push(Seen {
            hash,
            key,
            repetition,
        });
        repetition
    }

    /// The repetition count of the current position.
    #[inline]
    pub(crate) fn repetition(&self) -> u32 {
        self.seen.last().map_or(0, |seen| seen.repetition)
    }

    /// The 2014 reading of Article 9.6.1: the current position also stood 4,
    /// 8, 12 and 16 plies ago (all within the window, since nothing before
    /// it can be the same).
    pub(crate) fn four_ply_rhythm(&self) -> bool {
        let Some(last) = self.seen.len().checked_sub(1) else {
            return false;
        };
        let now = &self.seen[last];
        last >= 16
            && (1..=4).all(|back| {
                let then = &self.seen[last - 4 * back];
                then.hash == now.hash && then.key == now.key
            })
    }

    /// Positions with the other player to move that have already stood at
    /// least twice: the only ones a move now could bring back a third time.
    ///
    /// Each such position has exactly one entry whose count is 2 (its second
    /// appearance), so listing those entries lists every target once.
    pub(crate) fn threefold_targets(&self) -> impl Iterator<Item = (u64, &Key)> {
        let last = self.seen.len().wrapping_sub(1);
        self.stood_twice
            .iter()
            .filter(move |&&index| (last - index) % 2 == 1)
            .map(|&index| (self.seen[index].hash, &self.seen[index].key))
    }
}
