//! Article 5.2.2, the quick half of "can this side mate?": a directed
//! search for a helpmate, a series of legal moves by both players after
//! which the other side is checkmated.
//!
//! It proves only the positive answer: whatever line it finds replays to a
//! checkmate, and when it finds none nothing is concluded. Short lines are
//! tried first, by a narrow search deepened move by move (see `short`);
//! then a best-first search: positions are expanded in order of how close the
//! mating side's men are to the other king, how few free squares that king
//! has, and how near it stands to the edge (a cornered king hemmed in by
//! its own men is the easiest to mate), with the depth added so that short
//! lines are preferred. Positions met twice are expanded once.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use shakmaty::{Chess, Color, Move, Position, Role, Square, attacks};

use super::node::{Key, KeySet, has_more_than_a_king, is_mate_by, line_to};

/// A helpmate line by `mater` from `start` found by the best-first search,
/// expanding at most `nodes` positions; `None` when none was found within
/// that many.
pub fn best_first(start: &Chess, mater: Color, nodes: usize) -> Option<Vec<Move>> {
    if is_mate_by(start, mater) {
        return Some(Vec::new());
    }
    let mut positions: Vec<Chess> = vec![start.clone()];
    let mut parents: Vec<Option<(usize, Move)>> = vec![None];
    let mut depths: Vec<u32> = vec![0];
    let mut seen = KeySet::default();
    seen.insert(Key::of(start));
    let mut frontier = BinaryHeap::from([Reverse((distance(start, mater), 0usize))]);
    let mut expanded = 0;
    while let Some(Reverse((_, index))) = frontier.pop() {
        if expanded == nodes {
            return None;
        }
        expanded += 1;
        let position = positions[index].clone();
        for mv in position.legal_moves() {
            let mut child = position.clone();
            child.play_unchecked(mv);
            if !has_more_than_a_king(&child, mater) || !seen.insert(Key::after(&child, Some(mv))) {
                continue;
            }
            positions.push(child);
            parents.push(Some((index, mv)));
            depths.push(depths[index] + 1);
            let child_index = positions.len() - 1;
            let child = &positions[child_index];
            if is_mate_by(child, mater) {
                return Some(line_to(&parents, child_index));
            }
            let priority = distance(child, mater) * 16 + depths[child_index];
            frontier.push(Reverse((priority, child_index)));
        }
    }
    None
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
    let without_king = board.occupied().without(king);
    let free = (attacks::king_attacks(king) & !board.by_color(!mater))
        .into_iter()
        .filter(|&to| board.attacks_to(to, mater, without_king).is_empty())
        .count();
    let edge = [
        u32::from(king.file()),
        7 - u32::from(king.file()),
        u32::from(king.rank()),
        7 - u32::from(king.rank()),
    ]
    .into_iter()
    .min()
    .unwrap_or(0);
    let mut men: Vec<u32> = (board.by_color(mater) & !board.kings())
        .into_iter()
        .map(|square| match board.role_at(square) {
            Some(Role::Pawn) => 2 + to_promotion(square, mater),
            Some(role) => reach(board, square, role, mater, king),
            None => 8,
        })
        .collect();
    men.sort_unstable();
    let nearest: u32 = men.iter().take(2).sum();
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

/// How near the man of `role` on `square` is to attacking `king`: 0 when
/// it gives check, 1 when it attacks a square next to the king, otherwise
/// its distance from the king.
fn reach(board: &shakmaty::Board, square: Square, role: Role, mater: Color, king: Square) -> u32 {
    let attacked = attacks::attacks(
        square,
        shakmaty::Piece { color: mater, role },
        board.occupied(),
    );
    if attacked.contains(king) {
        0
    } else if (attacked & attacks::king_attacks(king)).any() {
        1
    } else {
        chebyshev(square, king)
    }
}

fn chebyshev(a: Square, b: Square) -> u32 {
    a.distance(b)
}

fn to_promotion(pawn: Square, side: Color) -> u32 {
    let rank = u32::from(pawn.rank());
    match side {
        Color::White => 7 - rank,
        Color::Black => rank,
    }
}

/// A short helpmate line by `mater` from `start`, expanding at most
/// `nodes` positions (see `short`); in a crowded position (more than
/// [`CROWDED`] men) at most an eighth of that, and failing that, one from
/// a position the next move reaches, with `nodes` more expansions (see
/// `one_move_on`).
pub fn short_line(start: &Chess, mater: Color, nodes: usize) -> Option<Vec<Move>> {
    if is_mate_by(start, mater) {
        return Some(Vec::new());
    }
    if start.board().occupied().count() <= CROWDED {
        let mut left = nodes;
        return short(start, mater, &mut left);
    }
    // Crowded: the narrow search from here gets an eighth of the budget,
    // one move on gets all of it.
    let mut left = nodes / 8;
    short(start, mater, &mut left).or_else(|| one_move_on(start, mater, nodes))
}

/// More men than this make a position crowded: lines are long to find
/// there, and the narrow search can miss every move that opens one.
const CROWDED: usize = 20;

/// The legal moves from `position` with the positions they reach, nearest
/// to a mate by `mater` first by our estimate; moves after which `mater`
/// has only its king left are dropped (no mate by it can follow).
fn nearest_first(position: &Chess, mater: Color) -> Vec<(u32, Move, Chess)> {
    let mut children: Vec<(u32, Move, Chess)> = position
        .legal_moves()
        .into_iter()
        .filter_map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            has_more_than_a_king(&child, mater).then(|| (distance(&child, mater), mv, child))
        })
        .collect();
    children.sort_by_key(|(distance, _, _)| *distance);
    children
}

/// A short line from each position the next move reaches, nearest first by
/// our estimate, each with an equal share of `nodes` expansions: a helpmate
/// from there, after that move, is one from here. In a crowded position
/// the narrow search keeps only a few moves at its first ply, and the one
/// that opens a line to the king (a pawn's step in the opening, say) is
/// often not among them; here every first move gets its own search.
fn one_move_on(start: &Chess, mater: Color, nodes: usize) -> Option<Vec<Move>> {
    let children = nearest_first(start, mater);
    let share = nodes / children.len().max(1);
    children.into_iter().find_map(|(_, mv, child)| {
        if is_mate_by(&child, mater) {
            return Some(vec![mv]);
        }
        let mut left = share;
        let mut line = short(&child, mater, &mut left)?;
        line.insert(0, mv);
        Some(line)
    })
}

/// How many of its moves the mating side tries at each ply of a short
/// line, best first by our estimate.
const MATER_BEAM: usize = 5;

/// How many of its moves the other side tries at each ply of a short line.
const HELPER_BEAM: usize = 2;

/// The longest short line tried, in moves of the mating side.
const SHORT_MOVES: usize = 5;

/// A short helpmate found at once, before the best-first search: lines of
/// up to [`SHORT_MOVES`] moves by the mating side, deepened one move at a
/// time, each ply trying only the few moves whose position looks nearest
/// to a mate by our estimate, the mating move tried among all moves. It
/// settles almost every position of a real game in a few milliseconds;
/// what it misses goes to the best-first search.
///
/// Each position whose moves it tries counts against `left`, its budget of
/// expansions (the best-first search has a budget of its own).
fn short(start: &Chess, mater: Color, left: &mut usize) -> Option<Vec<Move>> {
    let mut line = Vec::new();
    (1..=SHORT_MOVES).find_map(|mater_moves| {
        let plies = 2 * mater_moves - usize::from(start.turn() == mater);
        deepen(start, mater, plies, &mut line, left).then(|| line.clone())
    })
}

/// Whether some line of `plies` plies from `position` ends in a mate by
/// `mater` (written to `line`), within `left` expansions.
fn deepen(
    position: &Chess,
    mater: Color,
    plies: usize,
    line: &mut Vec<Move>,
    left: &mut usize,
) -> bool {
    let Some(less) = left.checked_sub(1) else {
        return false;
    };
    *left = less;
    if plies == 1 {
        // The mating move: any move that checkmates.
        for mv in position.legal_moves() {
            let mut child = position.clone();
            child.play_unchecked(mv);
            if child.is_check() && is_mate_by(&child, mater) {
                line.push(mv);
                return true;
            }
        }
        return false;
    }
    let children = nearest_first(position, mater);
    let beam = if position.turn() == mater {
        MATER_BEAM
    } else {
        HELPER_BEAM
    };
    for (_, mv, child) in children.into_iter().take(beam) {
        line.push(mv);
        if deepen(&child, mater, plies - 1, line, left) {
            return true;
        }
        line.pop();
    }
    false
}
