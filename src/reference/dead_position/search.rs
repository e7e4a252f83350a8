//! Article 5.2.2 by moving the men: a helpmate looked for, or every
//! reachable position visited.
//!
//! Two searches, both exact in what they conclude:
//!
//! * [`helpmate`] looks for a series of legal moves, by both players,
//!   after which the mater has checkmated the other side. Positions are
//!   taken in order of how many plies deep they stand plus how far, by a
//!   simple estimate, the mater looks from a mate ([`distance`]). A line it
//!   finds is the proof that the side can mate; finding none proves
//!   nothing.
//! * [`visit`] goes through every position reachable from this one, nearest
//!   first. A checkmate by the mater among them comes with its line; when
//!   all have been seen and none is one, the mater can never mate.
//!
//! Positions are told apart as Article 9.2.3 tells them apart ([`key`]):
//! two positions with the same key have the same future; keys are
//! compared whole, in ordered sets, never by a hash. Neither search
//! goes on from a position where the mater has only its king, or where
//! neither side could ever mate by material: no mate by the mater follows.

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap, VecDeque};

use shakmaty::{Chess, Color, Move, Position, Role, Square};

use super::material;

/// Whether `mater` has just checkmated the other side.
pub fn is_mate_by(position: &Chess, mater: Color) -> bool {
    position.turn() != mater && position.is_checkmate()
}

/// Whether no mate by `mater` can follow from `position`, by material.
fn hopeless(position: &Chess, mater: Color) -> bool {
    material::lone_king(position, mater) || material::neither_side_can_ever_mate(position)
}

/// The identity of a position as Article 9.2.3 reads it: the player to
/// move, the men on the board (the squares of each kind of man and of
/// each colour), the castling rights (by the squares of the rooks that
/// keep one) and the square of the legal en passant capture, if there is
/// one. Only a pawn that has just advanced two squares can be taken en
/// passant, so the legal moves are looked at only after such a move
/// (`last`; `None`: not known, look).
pub fn key(position: &Chess, last: Option<Move>) -> Key {
    let board = position.board();
    let men = [
        board.pawns(),
        board.knights(),
        board.bishops(),
        board.rooks(),
        board.queens(),
        board.kings(),
        board.white(),
        board.black(),
    ]
    .map(|squares| squares.0);
    let en_passant = if last.is_none_or(is_double_step) {
        position
            .legal_moves()
            .iter()
            .find(|mv| mv.is_en_passant())
            .map(|mv| mv.to())
    } else {
        None
    };
    Key {
        white_to_move: position.turn().is_white(),
        men,
        castling: position.castles().castling_rights().0,
        en_passant,
    }
}

/// Whether `mv` is a pawn's advance of two squares, the only move after
/// which an en passant capture may be legal.
fn is_double_step(mv: Move) -> bool {
    mv.role() == Role::Pawn
        && mv
            .from()
            .is_some_and(|from| from.rank().distance(mv.to().rank()) == 2)
}

/// What [`key`] returns: two positions with equal keys have the same
/// future. Compared whole (the searches keep them in ordered sets).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Key {
    white_to_move: bool,
    men: [u64; 8],
    castling: u64,
    en_passant: Option<Square>,
}

/// One position a search has reached: the position, and how (the index of
/// the position it came from and the move), for the line back to the start.
struct Reached {
    position: Chess,
    from: Option<(usize, Move)>,
    depth: u32,
}

/// The moves from the start to `reached[index]`.
fn line_to(reached: &[Reached], mut index: usize) -> Vec<Move> {
    let mut line = Vec::new();
    while let Some((parent, mv)) = reached[index].from {
        line.push(mv);
        index = parent;
    }
    line.reverse();
    line
}

/// A helpmate line by `mater` from `start`, looking at no more than
/// `nodes` positions' moves; `None` when none was found that way.
///
/// Only the positions whose moves were looked at are kept whole; one
/// waiting its turn is kept as the position it comes from and the move.
/// A position reached by several ways waits once for each and has its
/// moves looked at once, the first time its turn comes: only those
/// positions are remembered, which keeps the set small (most positions
/// met never have their turn).
pub fn helpmate(start: &Chess, mater: Color, nodes: usize) -> Option<Vec<Move>> {
    if is_mate_by(start, mater) {
        return Some(Vec::new());
    }
    let mut reached: Vec<Reached> = Vec::new();
    let mut waiting_moves: Vec<Option<(usize, Move)>> = vec![None];
    let mut waiting = BinaryHeap::from([Reverse((distance(start, mater), 0))]);
    let mut expanded = BTreeSet::new();
    while let Some(Reverse((_, entry))) = waiting.pop() {
        if reached.len() == nodes {
            return None;
        }
        let (position, depth) = match waiting_moves[entry] {
            None => (start.clone(), 0),
            Some((parent, mv)) => {
                let mut position = reached[parent].position.clone();
                position.play_unchecked(mv);
                (position, reached[parent].depth + 1)
            }
        };
        let last = waiting_moves[entry].map(|(_, mv)| mv);
        if !expanded.insert(key(&position, last)) || hopeless(&position, mater) {
            continue;
        }
        let index = reached.len();
        let moves = position.legal_moves();
        reached.push(Reached {
            position,
            from: waiting_moves[entry],
            depth,
        });
        let position = &reached[index].position;
        for &mv in &moves {
            let mut next = position.clone();
            next.play_unchecked(mv);
            if is_mate_by(&next, mater) {
                let mut line = line_to(&reached, index);
                line.push(mv);
                return Some(line);
            }
            let priority = depth + 1 + ESTIMATE_WEIGHT * estimate(&next, mater);
            waiting_moves.push(Some((index, mv)));
            waiting.push(Reverse((priority, waiting_moves.len() - 1)));
        }
    }
    None
}

/// How many plies one step of [`distance`] is worth in [`helpmate`]'s
/// order: the estimate leads, the depth breaks its ties and keeps lines
/// short.
const ESTIMATE_WEIGHT: u32 = 8;

/// How far `mater` looks from mating in `position` (0 when it has mated):
/// the other king's squares to flee to, its distance from the edge, and
/// the distance between it and the nearest man of the mater (a pawn
/// counts by its distance from promotion, plus one).
pub fn distance(position: &Chess, mater: Color) -> u32 {
    if is_mate_by(position, mater) {
        return 0;
    }
    estimate(position, mater)
}

/// [`distance`] from a position that is no checkmate by `mater` (the
/// search has just looked).
fn estimate(position: &Chess, mater: Color) -> u32 {
    let board = position.board();
    let Some(king) = board.king_of(!mater) else {
        return u32::MAX / 64;
    };
    let flight = shakmaty::attacks::king_attacks(king)
        .into_iter()
        .filter(|&square| {
            !board.by_color(!mater).contains(square)
                && board
                    .attacks_to(square, mater, board.occupied().without(king))
                    .is_empty()
        })
        .count();
    let edge = [
        king.file() as u32,
        7 - king.file() as u32,
        king.rank() as u32,
        7 - king.rank() as u32,
    ]
    .into_iter()
    .min()
    .unwrap_or(0);
    let nearest = (board.by_color(mater) & !board.kings())
        .into_iter()
        .map(|square| match board.role_at(square) {
            Some(Role::Pawn) => 1 + to_last_rank(square, mater),
            _ => square.distance(king),
        })
        .min()
        .unwrap_or(8);
    let check = u32::from(!position.is_check());
    3 * u32::try_from(flight).unwrap_or(8) + 2 * edge + nearest + check
}

/// How many steps the pawn of `side` on `square` is from the last rank.
fn to_last_rank(square: Square, side: Color) -> u32 {
    let rank = square.rank() as u32;
    match side {
        Color::White => 7 - rank,
        Color::Black => rank,
    }
}

/// What [`visit`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Visited {
    /// A line to a checkmate by the mater.
    Mate(Vec<Move>),
    /// All this many reachable positions were seen, none a checkmate by
    /// the mater.
    NoMate(usize),
    /// More than the limit are reachable.
    TooMany,
}

/// Every position reachable from `start`, at most `limit` of them, nearest
/// first, looked at for a checkmate by `mater`.
pub fn visit(start: &Chess, mater: Color, limit: usize) -> Visited {
    let mut reached = vec![Reached {
        position: start.clone(),
        from: None,
        depth: 0,
    }];
    let mut seen = BTreeSet::from([key(start, None)]);
    let mut queue = VecDeque::from([0]);
    while let Some(index) = queue.pop_front() {
        let position = reached[index].position.clone();
        if is_mate_by(&position, mater) {
            return Visited::Mate(line_to(&reached, index));
        }
        if hopeless(&position, mater) {
            continue;
        }
        for mv in position.legal_moves() {
            let mut next = position.clone();
            next.play_unchecked(mv);
            if !seen.insert(key(&next, Some(mv))) {
                continue;
            }
            if seen.len() > limit {
                return Visited::TooMany;
            }
            reached.push(Reached {
                position: next,
                from: Some((index, mv)),
                depth: reached[index].depth + 1,
            });
            queue.push_back(reached.len() - 1);
        }
    }
    Visited::NoMate(seen.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::position;
    use shakmaty::uci::UciMove;

    #[test]
    fn the_key_holds_an_en_passant_right_only_after_a_double_step() {
        let start = position("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
        let push = "e2e4".parse::<UciMove>().unwrap().to_move(&start).unwrap();
        let mut after = start.clone();
        after.play_unchecked(push);
        // Black's d4-pawn may take on e3: the right is part of the key,
        // whether the search names the move or leaves it to be looked at.
        assert_eq!(key(&after, Some(push)).en_passant, Some(Square::E3));
        assert_eq!(key(&after, None).en_passant, Some(Square::E3));
        // The same men with no right: another position.
        let without = position("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
        assert_eq!(key(&without, None).en_passant, None);
        assert_ne!(key(&after, Some(push)), key(&without, None));
    }

    #[test]
    fn nothing_follows_a_position_where_the_mater_has_only_its_king() {
        // Black's lone king can never mate: the searches stop at once,
        // with the start alone seen, however many positions follow it.
        let lone = position("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
        assert_eq!(visit(&lone, Color::Black, 1_000), Visited::NoMate(1));
        assert_eq!(helpmate(&lone, Color::Black, 1_000), None);
    }

    #[test]
    fn the_visit_sees_exactly_as_many_positions_as_its_limit() {
        // Worked example (h) of spec/rules/5-endings.md: 203 positions
        // are reachable, none a mate by White.
        let stuck = position("1k6/8/7p/5p1P/5p2/5PpK/6P1/8 w - - 0 1");
        assert_eq!(visit(&stuck, Color::White, 203), Visited::NoMate(203));
        assert_eq!(visit(&stuck, Color::White, 202), Visited::TooMany);
    }
}
