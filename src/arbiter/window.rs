//! The positions that can still repeat: those since the last irreversible
//! change (a pawn move, a capture, or the loss of a castling right).
//!
//! None of these changes can be undone, so no position from before the last
//! one can ever stand again. The window therefore holds everything the
//! repetition rules need, and is emptied at each irreversible change.

use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{Bitboard, CastlingSide, Chess, Color, Move, Piece, Position, Role, Square};

/// Where the men stand: the men of each colour, then of each kind, as
/// bitboards. (Copied field by field: a copy of shakmaty's whole `Board`
/// right after a move was played stalls on the stores the move made.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placement {
    colors: [Bitboard; 2],
    roles: [Bitboard; 6],
}

impl Placement {
    fn of(position: &Chess) -> Placement {
        let board = position.board();
        Placement {
            colors: [board.white(), board.black()],
            roles: Role::ALL.map(|role| board.by_role(role)),
        }
    }

    /// Takes back a quiet move: the man standing on `to` goes back to
    /// `from` (nothing was taken, nothing promoted).
    fn take_back(&mut self, from: Square, to: Square) {
        let both = Bitboard::from(from) | Bitboard::from(to);
        for board in self.colors.iter_mut().chain(self.roles.iter_mut()) {
            if board.contains(to) {
                *board ^= both;
            }
        }
    }
}

/// The full identity of a position (Article 9.2.3): what a hash match must be
/// confirmed against, so that no verdict rests on a hash alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Key {
    turn: Color,
    castling: Bitboard,
    en_passant: Option<Square>,
    placement: Placement,
}

impl Key {
    /// The squares occupied in this position.
    pub(crate) fn occupied(&self) -> Bitboard {
        self.placement.colors[0] | self.placement.colors[1]
    }

    pub(crate) fn of(position: &Chess) -> Key {
        Key {
            turn: position.turn(),
            castling: position.castles().castling_rights(),
            en_passant: position.legal_ep_square(),
            placement: Placement::of(position),
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

/// The words of [`Window::present`]: 1,024 bits, so that a window of 100
/// positions sends about one new position in ten to the search.
const FILTER_WORDS: usize = 16;

/// The word and bit of [`Window::present`] for `hash`.
fn filter_bit(hash: u64) -> (usize, u64) {
    let bit = (hash >> 54) as usize;
    (bit / 64 % FILTER_WORDS, 1 << (bit % 64))
}

/// One position of the window: its hash, how it was reached, and its
/// repetition count. The position itself is not kept: within a window every
/// move is a quiet move of a piece (a pawn move, a capture, castling or a
/// lost castling right starts a new window), so any earlier position is
/// the current one with the moves since taken back, and is rebuilt that
/// way when a hash match must be confirmed.
#[derive(Clone, Copy, Debug)]
struct Seen {
    hash: u64,
    /// The move that led here (unused for the window's first position).
    from: Square,
    to: Square,
    /// How many times this position had stood when it stood here.
    repetition: u32,
}

/// The positions since the last irreversible change, oldest first; the last
/// one is the current position.
///
/// Every position after the first has no en passant right (that needs a
/// pawn move just before) and the castling rights of the first, so two
/// positions of the window with the same player to move are the same
/// (Article 9.2.3) exactly when their placements are, the first one
/// excepted when it has an en passant right.
#[derive(Clone, Debug)]
pub(crate) struct Window {
    seen: Vec<Seen>,
    /// Whether the first position has an en passant right.
    first_en_passant: bool,
    /// A bit for each hash of the window, by its top bits: a new position
    /// whose bit is clear matches none of the window, and the window is not
    /// searched (most plies of a long window).
    present: [u64; FILTER_WORDS],
    /// The entries whose count is 2, with their hashes and their
    /// positions' keys (taken when they stood, as the current position),
    /// apart by the parity of their place in the window: those of one
    /// parity have one player to move.
    stood_twice: [Vec<(u64, Key)>; 2],
}

/// The positions a new window has room for before it grows: more than
/// most windows of real games reach, so that a game's window is seldom
/// moved to a larger allocation.
const ROOM: usize = 32;

impl Default for Window {
    fn default() -> Window {
        Window {
            seen: Vec::with_capacity(ROOM),
            first_en_passant: false,
            present: [0; FILTER_WORDS],
            stood_twice: [Vec::new(), Vec::new()],
        }
    }
}

impl Window {
    /// Starts a new window at the current position (the start of the game,
    /// or an irreversible change just happened); its count is 1.
    pub(crate) fn restart(&mut self, position: &Chess, hash: u64) {
        self.seen.clear();
        self.stood_twice.iter_mut().for_each(Vec::clear);
        self.first_en_passant = position.legal_ep_square().is_some();
        self.present = [0; FILTER_WORDS];
        let (word, bit) = filter_bit(hash);
        self.present[word] |= bit;
        self.seen.push(Seen {
            hash,
            from: Square::A1,
            to: Square::A1,
            repetition: 1,
        });
    }

    /// Adds the current position, reached from the last one by the quiet
    /// piece move `mv` (one that changes no castling right), and returns its
    /// repetition count.
    ///
    /// Only positions with the same player to move (every second one,
    /// counting back from the new one) can match; a hash match is
    /// confirmed on the placement. The latest match carries the count so
    /// far, so the search stops there.
    pub(crate) fn push(&mut self, position: &Chess, hash: u64, mv: Move) -> u32 {
        let Move::Normal {
            from,
            to,
            capture: None,
            promotion: None,
            ..
        } = mv
        else {
            // Not a quiet move: the caller starts a new window instead
            // (a pawn move or a capture); should one come here anyway, no
            // earlier position can be the same.
            debug_assert!(false, "a move within a window is quiet: {mv:?}");
            self.restart(position, hash);
            return 1;
        };
        self.seen.push(Seen {
            hash,
            from,
            to,
            repetition: 0,
        });
        let last = self.seen.len() - 1;
        let (word, bit) = filter_bit(hash);
        let maybe_seen = self.present[word] & bit != 0;
        self.present[word] |= bit;
        if !maybe_seen {
            self.seen[last].repetition = 1;
            return 1;
        }
        // The placement of the current position, and of the one at
        // `rebuilt`, which the moves since are taken back to reach.
        let mut now = None;
        let mut rebuilt = last;
        let mut earlier = 0;
        for index in (0..last.saturating_sub(1)).rev().step_by(2) {
            if self.seen[index].hash != hash || (index == 0 && self.first_en_passant) {
                continue;
            }
            let (now, then) = now.get_or_insert_with(|| {
                let placement = Placement::of(position);
                (placement, placement)
            });
            while rebuilt > index {
                let seen = self.seen[rebuilt];
                then.take_back(seen.from, seen.to);
                rebuilt -= 1;
            }
            if then == now {
                earlier = self.seen[index].repetition;
                break;
            }
        }
        let repetition = earlier + 1;
        self.seen[last].repetition = repetition;
        if repetition == 2 {
            self.stood_twice[last % 2].push((hash, Key::of(position)));
        }
        repetition
    }

    /// The repetition count of the current position.
    #[inline]
    pub(crate) fn repetition(&self) -> u32 {
        self.seen.last().map_or(0, |seen| seen.repetition)
    }

    /// The 2014 reading of Article 9.6.1: the current position (`position`)
    /// also stood 4, 8, 12 and 16 plies ago (all within
    /// the window, since nothing before it can be the same).
    pub(crate) fn four_ply_rhythm(&self, position: &Chess) -> bool {
        let Some(last) = self.seen.len().checked_sub(1) else {
            return false;
        };
        let hash = self.seen[last].hash;
        if last < 16
            || (last == 16 && self.first_en_passant)
            || !(1..=4).all(|back| self.seen[last - 4 * back].hash == hash)
        {
            return false;
        }
        let now = Placement::of(position);
        let mut then = now;
        for (rebuilt, seen) in self.seen.iter().enumerate().skip(last - 15).rev() {
            then.take_back(seen.from, seen.to);
            // `then` is now the placement at `rebuilt - 1`.
            if (last - (rebuilt - 1)) % 4 == 0 && then != now {
                return false;
            }
        }
        true
    }

    /// Positions with the other player to move that have already stood at
    /// least twice, with their hashes: the only ones a move now could
    /// bring back a third time.
    ///
    /// Each such position has exactly one entry whose count is 2 (its second
    /// appearance), so listing those entries lists every target once.
    pub(crate) fn threefold_targets(&self) -> &[(u64, Key)] {
        // The current position is at `len - 1`: the other player moves at
        // the places of the parity of `len`.
        &self.stood_twice[self.seen.len() % 2]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;

    /// Plays `moves` (UCI) from `fen` through a window, every position
    /// given the hash `forced` when set (so that every hash matches and only
    /// the placement decides), the true hash otherwise; the repetition
    /// count and the 2014 rhythm after each ply, the start included.
    fn counts(fen: &str, moves: &str, forced: Option<u64>) -> Vec<(u32, bool)> {
        let fen: Fen = fen.parse().expect("a FEN");
        let mut position: Chess = fen
            .into_position(CastlingMode::Standard)
            .expect("a position");
        let hash_of = |position: &Chess| forced.unwrap_or_else(|| hash(position));
        let mut window = Window::default();
        window.restart(&position, hash_of(&position));
        let mut seen = vec![(window.repetition(), window.four_ply_rhythm(&position))];
        for text in moves.split_whitespace() {
            let uci: UciMove = text.parse().expect("a UCI move");
            let mv = uci.to_move(&position).expect("a legal move");
            position.play_unchecked(mv);
            let hash = hash_of(&position);
            if mv.is_zeroing() {
                window.restart(&position, hash);
            } else {
                window.push(&position, hash, mv);
            }
            seen.push((window.repetition(), window.four_ply_rhythm(&position)));
        }
        seen
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// The positions of random games from starts where every kind of move
    /// comes up (castling both ways, en passant, promotions with and
    /// without a capture), with every legal move of each.
    fn positions_and_moves() -> Vec<(Chess, Move)> {
        let mut dice = crate::testing::Dice(0x51_7cc1_b727_220a);
        let starts = [
            START,
            "r3k2r/pPp1qppp/2n2n2/3pP3/8/2N2N2/P1PQ1PpP/R3K2R w KQkq d6 0 1",
            "4k3/1P4P1/8/8/8/8/1p4p1/4K3 b - - 0 1",
        ];
        let mut found = Vec::new();
        for fen in starts {
            for _ in 0..20 {
                let mut position = crate::testing::position(fen);
                for _ in 0..60 {
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    found.extend(moves.iter().map(|&mv| (position.clone(), mv)));
                    position.play_unchecked(moves[dice.roll(moves.len())]);
                }
            }
        }
        found
    }

    #[test]
    fn the_hash_after_a_move_is_the_hash_of_the_position_after() {
        let mut kinds = [0; 4];
        for (before, mv) in positions_and_moves() {
            let mut after = before.clone();
            after.play_unchecked(mv);
            assert_eq!(
                hash_after(&before, hash(&before), mv),
                hash(&after),
                "{mv:?} in {}",
                Fen::from_position(&before, shakmaty::EnPassantMode::Legal)
            );
            let kind = match mv {
                Move::Castle { .. } => 0,
                Move::EnPassant { .. } => 1,
                Move::Normal {
                    promotion: Some(_), ..
                } => 2,
                _ => 3,
            };
            kinds[kind] += 1;
        }
        // Castling, en passant, promotions and the rest all came up.
        assert!(kinds.iter().all(|&count| count >= 10), "{kinds:?}");
    }

    #[test]
    fn the_hash_tells_apart_the_placements_of_many_games() {
        // The hash only filters (a match is confirmed on the full key),
        // but a filter that let every position through would search the
        // window at every ply: on these positions no two placements with
        // the same player to move share a hash.
        let mut by_hash = std::collections::HashMap::new();
        for (position, _) in positions_and_moves() {
            let placement = (Placement::of(&position), position.turn());
            let earlier = by_hash.entry(hash(&position)).or_insert(placement);
            assert_eq!(*earlier, placement, "two placements, one hash");
        }
        assert!(by_hash.len() > 1_000, "{} placements", by_hash.len());
    }

    #[test]
    fn the_filter_gives_each_of_its_bits_to_one_range_of_hashes() {
        // The top ten bits of the hash choose one of the 1,024 bits.
        let mut bits = std::collections::HashSet::new();
        for top in 0..(FILTER_WORDS as u64 * 64) {
            let (word, bit) = filter_bit(top << 54 | 0x2f_ffff_ffff_ffff);
            assert!(word < FILTER_WORDS && bit.count_ones() == 1);
            assert!(bits.insert((word, bit)), "{top} shares a bit");
        }
    }

    #[test]
    fn a_hash_match_counts_only_when_the_placement_is_the_same() {
        // Two knights shuffle out and back: the start stands again at
        // plies 4 and 8; the other positions once each in every cycle.
        let cycle = "g1f3 g8f6 f3g1 f6g8 ";
        let expected = [1, 1, 1, 1, 2, 2, 2, 2, 3];
        for forced in [None, Some(0)] {
            let seen = counts(START, &cycle.repeat(2), forced);
            let repetitions: Vec<u32> = seen.iter().map(|(count, _)| *count).collect();
            assert_eq!(repetitions, expected, "hash forced: {forced:?}");
        }
        // An eight-ply cycle through two pairs of knights: the positions
        // four plies apart differ, though every hash is the same.
        let long = "g1f3 g8f6 b1c3 b8c6 f3g1 f6g8 c3b1 c6b8 ";
        for forced in [None, Some(7)] {
            let seen = counts(START, &long.repeat(2), forced);
            let repetitions: Vec<u32> = seen.iter().map(|(count, _)| *count).collect();
            assert_eq!(
                repetitions,
                [1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3],
                "hash forced: {forced:?}"
            );
            assert!(seen.iter().all(|(_, rhythm)| !rhythm), "{seen:?}");
        }
    }

    #[test]
    fn the_2014_rhythm_needs_the_same_placement_every_four_plies() {
        let seen = counts(START, &"g1f3 g8f6 f3g1 f6g8 ".repeat(4), Some(0));
        let rhythm: Vec<usize> = (0..seen.len()).filter(|&ply| seen[ply].1).collect();
        assert_eq!(rhythm, [16]);
        assert_eq!(seen[16].0, 5);
    }

    #[test]
    fn a_first_position_with_an_en_passant_right_never_stands_again() {
        // Black may take en passant at the start (9.2.3: a different
        // position from the same placement without that right).
        let fen = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1";
        let moves = "e8e7 e1e2 e7e8 e2e1 ".repeat(2);
        for forced in [None, Some(0)] {
            let seen = counts(fen, &moves, forced);
            let repetitions: Vec<u32> = seen.iter().map(|(count, _)| *count).collect();
            // Plies 1 to 3 stand again at 5 to 7; the start's placement
            // stands at 4 and 8, without the right.
            assert_eq!(repetitions, [1, 1, 1, 1, 1, 2, 2, 2, 2], "{forced:?}");
        }
    }
}
