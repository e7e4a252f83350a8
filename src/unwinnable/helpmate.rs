//! Article 5.2.2, the quick half of "can this side mate?": a directed
//! search for a helpmate, a series of legal moves by both players after
//! which the other side is checkmated.
//!
//! It proves only the positive answer: whatever line it finds replays to a
//! checkmate, and when it finds none nothing is concluded. The search is
//! best first: positions are expanded in order of how close the
//! mating side's men are to the other king, how few free squares that king
//! has, and how near it stands to the edge (a cornered king hemmed in by
//! its own men is the easiest to mate), with the depth added so that short
//! lines are preferred. Positions met twice are expanded once.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square, attacks};

use super::material;
use super::node::{Key, KeySet, is_mate_by, line_to};

/// A helpmate line by `mater` from `start` found by the best-first search,
/// expanding at most `nodes` positions; `None` when none was found within
/// that many.
pub fn best_first(start: &Chess, mater: Color, nodes: usize) -> Option<Vec<Move>> {
    toward(
        start,
        mater,
        nodes,
        GREEDY,
        |position| distance(position, mater),
        |position| is_mate_by(position, mater),
        every_man,
    )
    .map(|(line, _)| line)
}

/// How much one step of the estimate weighs against one ply of depth in
/// the first best-first search: it follows the estimate almost blindly,
/// which finds the usual lines fastest.
const GREEDY: u32 = 16;

/// The most positions one best-first search meets (and remembers as met):
/// what a hash table of 2^19 slots holds (seven eighths of them). A search
/// that meets more gives up, as when it has expanded its budget: the
/// positions met then take about 33 MB whatever the position (the table
/// of 32-byte keys with its control bytes, about 17 MB; the moves met and
/// the frontier, about 8 MB each), besides the positions it expanded,
/// where the expansions alone (several hundred moves each at most) would
/// allow hundreds of megabytes.
const MOST_MET: usize = 458_752;

/// For [`toward`]: every man may move.
pub(super) fn every_man(position: &Chess) -> Bitboard {
    position.board().occupied()
}

/// A best-first search from `start` for a position where `reached` holds,
/// expanding positions in order of `estimate` times `weight` plus their
/// depth (ties in the order they were met), at most `nodes` of them: the
/// line there and the position, or `None`. Only the men on the squares
/// `movable` gives for a position move from it (a narrower search: a line
/// it finds is a line all the same). Positions where `mater` has
/// nothing but its king are dropped (no mate by it can follow), and
/// positions met twice are expanded once.
///
/// Only the positions expanded are kept whole; a position waiting in the
/// frontier is kept as the position it comes from and the move, and played
/// again when its turn comes (most are never expanded).
pub(super) fn toward(
    start: &Chess,
    mater: Color,
    nodes: usize,
    weight: u32,
    estimate: impl Fn(&Chess) -> u32,
    reached: impl Fn(&Chess) -> bool,
    movable: impl Fn(&Chess) -> Bitboard,
) -> Option<(Vec<Move>, Chess)> {
    if reached(start) {
        return Some((Vec::new(), start.clone()));
    }
    let mut expanded: Vec<Expanded> = Vec::new();
    let mut seen = KeySet::default();
    seen.insert(Key::of(start));
    // The positions met, in the order they were met (none: the start), as
    // the expanded position each comes from and the move; the frontier
    // holds their priorities and indices there.
    let mut met: Vec<Option<(u32, Move)>> = vec![None];
    let mut frontier = BinaryHeap::from([Reverse((estimate(start), 0usize))]);
    while let Some(Reverse((_, waiting))) = frontier.pop() {
        if expanded.len() == nodes {
            return None;
        }
        let index = u32::try_from(expanded.len()).ok()?;
        let next = Expanded::from(start, &expanded, met[waiting]);
        let depth = next.depth;
        expanded.push(next);
        let position = &expanded[index as usize].position;
        let movable = movable(position);
        for mv in position.legal_moves() {
            if !mv.from().is_some_and(|from| movable.contains(from)) {
                continue;
            }
            let mut child = position.clone();
            child.play_unchecked(mv);
            if material::lone_king(&child, mater) {
                continue;
            }
            let key = Key::after(&child, Some(mv));
            // Full: give up rather than let the table grow, and skip a
            // position already met without asking to insert it (an insert
            // reserves a slot first, which would double a full table).
            if seen.len() == MOST_MET {
                if seen.contains(&key) {
                    continue;
                }
                return None;
            }
            if !seen.insert(key) {
                continue;
            }
            if reached(&child) {
                let parents: Vec<Option<(usize, Move)>> =
                    expanded.iter().map(|node| node.parent).collect();
                let mut line = line_to(&parents, index as usize);
                line.push(mv);
                return Some((line, child));
            }
            let priority = estimate(&child)
                .saturating_mul(weight)
                .saturating_add(depth + 1);
            met.push(Some((index, mv)));
            frontier.push(Reverse((priority, met.len() - 1)));
        }
    }
    None
}

/// A position the best-first search has expanded: the position, the
/// expanded position it came from and the move, and its depth.
struct Expanded {
    position: Chess,
    parent: Option<(usize, Move)>,
    depth: u32,
}

impl Expanded {
    /// The position met by playing `from`'s move in the expanded position
    /// it names (none: `start`), played again now that its turn has come.
    fn from(start: &Chess, expanded: &[Expanded], from: Option<(u32, Move)>) -> Expanded {
        let (position, depth) = match from {
            None => (start.clone(), 0),
            Some((parent, mv)) => {
                let parent = &expanded[parent as usize];
                let mut position = parent.position.clone();
                position.play_unchecked(mv);
                (position, parent.depth + 1)
            }
        };
        Expanded {
            position,
            parent: from.map(|(parent, mv)| (parent as usize, mv)),
            depth,
        }
    }
}

/// How far `mater` is from mating in `position`, by our estimate (smaller
/// is nearer): the other king's free neighbouring squares, its distance to
/// the edge, how far the mating side's men and king stand from it (a pawn
/// counts by its distance from promotion), and how far the nearest of its
/// own pieces is (one that could take a free square away).
fn distance(position: &Chess, mater: Color) -> u32 {
    let board = position.board();
    let Some(king) = board.king_of(!mater) else {
        return u32::MAX / 8;
    };
    // One pass over the mating side's men: the squares they attack with the
    // other king off the board (a square next to it is free when none of
    // them attacks it, as `attacks_to` would tell square by square), and
    // the two nearest men, summed (fewer when there are fewer).
    let without_king = board.occupied().without(king);
    let mut attacked = Bitboard::EMPTY;
    let mut two = [None, None];
    for square in board.by_color(mater) {
        let Some(role) = board.role_at(square) else {
            continue;
        };
        let piece = shakmaty::Piece { color: mater, role };
        let lines = attacks::attacks(square, piece, board.occupied());
        attacked |= if matches!(role, Role::Bishop | Role::Rook | Role::Queen) {
            attacks::attacks(square, piece, without_king)
        } else {
            lines
        };
        let near = match role {
            Role::King => continue,
            Role::Pawn => 2 + to_promotion(square, mater),
            _ => reach(lines, square, king),
        };
        match two {
            [Some(first), _] if near < first => two = [Some(near), Some(first)],
            [Some(_), Some(second)] if near >= second => {}
            [Some(first), _] => two = [Some(first), Some(near)],
            [None, _] => two = [Some(near), None],
        }
    }
    let free = (attacks::king_attacks(king) & !board.by_color(!mater) & !attacked).count();
    let edge = [
        u32::from(king.file()),
        7 - u32::from(king.file()),
        u32::from(king.rank()),
        7 - u32::from(king.rank()),
    ]
    .into_iter()
    .min()
    .unwrap_or(0);
    let nearest: u32 = two.into_iter().flatten().sum();
    let own_king = board
        .king_of(mater)
        .map_or(0, |square| chebyshev(square, king));
    let blocker = (board.by_color(!mater) & !board.kings() & !board.pawns())
        .into_iter()
        .map(|square| chebyshev(square, king))
        .min()
        .unwrap_or(1);
    let check = if position.is_check() { 0 } else { 2 };
    let free = u32::try_from(free).unwrap_or(8);
    free * 3 + edge * 2 + nearest + own_king + blocker + check
}

/// How near a man on `square` attacking `lines` is to attacking `king`: 0
/// when it gives check, 1 when it attacks a square next to the king,
/// otherwise its distance from the king.
fn reach(lines: Bitboard, square: Square, king: Square) -> u32 {
    if lines.contains(king) {
        0
    } else if (lines & attacks::king_attacks(king)).any() {
        1
    } else {
        chebyshev(square, king)
    }
}

fn chebyshev(a: Square, b: Square) -> u32 {
    a.distance(b)
}

/// How many steps a pawn of `side` on `pawn` is from its last rank.
pub(super) fn to_promotion(pawn: Square, side: Color) -> u32 {
    let rank = u32::from(pawn.rank());
    match side {
        Color::White => 7 - rank,
        Color::Black => rank,
    }
}
