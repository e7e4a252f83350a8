//! Article 5.2.2, the thorough half of "can this side mate?": visit every
//! position reachable from this one by legal moves, and look among them for
//! a checkmate given by that side.
//!
//! Exact whenever it finishes: a checkmate found comes with the line that
//! reaches it; when every reachable position has been visited and none is a
//! checkmate by that side, that side can never mate. Positions in which the
//! side has nothing but its king are visited but not explored further (no
//! mate by it can follow from them), and so are positions whose material
//! alone can never mate (step 1 of the module: for either side, or for
//! this side against men that always answer its checks). Positions
//! are told apart by their identity (Article 9.2.3).

use std::collections::VecDeque;

use shakmaty::{Chess, Color, Move, Position};

use super::material;
use super::node::{Key, KeySet, is_mate_by, line_to};

/// What exploring found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Explored {
    /// A line to a checkmate by the side.
    Mate(Vec<Move>),
    /// Every reachable position was visited, this many, and none is a
    /// checkmate by the side.
    NoMate(usize),
    /// More positions are reachable than the limit allows.
    TooMany,
}

/// Explores the positions reachable from `start`, at most `limit` of them,
/// looking for a checkmate by `mater`. Breadth first, so a mate found is
/// one of the nearest.
pub fn explore(start: &Chess, mater: Color, limit: usize) -> Explored {
    let mut positions: Vec<Chess> = vec![start.clone()];
    let mut parents: Vec<Option<(usize, Move)>> = vec![None];
    let mut seen = KeySet::default();
    seen.insert(Key::of(start));
    let mut queue: VecDeque<usize> = VecDeque::from([0]);
    while let Some(index) = queue.pop_front() {
        let position = positions[index].clone();
        if is_mate_by(&position, mater) {
            return Explored::Mate(line_to(&parents, index));
        }
        if material::never_mates(&position, mater) {
            continue;
        }
        for mv in position.legal_moves() {
            let mut child = position.clone();
            child.play_unchecked(mv);
            if !seen.insert(Key::after(&child, Some(mv))) {
                continue;
            }
            if seen.len() > limit {
                return Explored::TooMany;
            }
            positions.push(child);
            parents.push(Some((index, mv)));
            queue.push_back(positions.len() - 1);
        }
    }
    Explored::NoMate(seen.len())
}
