//! A helpmate found by a depth-first search whose depth counts only the
//! moves that do not obviously help the mate.
//!
//! Most positions of real games can be mated with help along one plan:
//! the mating side takes whatever it can, pushes its pawns home and
//! brings its king and knights toward a corner; the other side walks its
//! king into that corner and its knights next to it, and gives nothing
//! back (its other men are given up to the mating side's captures). Moves
//! that follow the plan cost no depth, any other move one ply (none right
//! after a move of the plan), and a capture by the helping side three.
//! Deepened one ply at a time, the search reaches mates of thirty or forty
//! plies at a nominal depth of a few, where a search counting every ply
//! would not.
//!
//! The corner: on the helping side's back rank, of the colour of the
//! mating side's bishops when it has bishops (a bishop checks a cornered
//! king along the long diagonal), otherwise the one nearer the other king.
//!
//! The mating move itself costs nothing and is looked for first at every
//! position where the mating side moves. Positions met again with no more
//! depth left are not searched again, which also cuts cycles of moves that
//! cost nothing. The search proves only the positive answer: a line it
//! finds replays to a checkmate; finding none proves nothing.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use shakmaty::{Chess, Color, Move, Position, Rank, Role, Square};

use super::node::{Key, KeyHasher, has_more_than_a_king};

/// The deepest nominal depth tried by [`line`]; [`deep_line`] goes
/// twice as deep.
const DEEPEST: u32 = 12;

/// Past this many plies from the start, moves of the plan cost a ply too,
/// so that no line grows without end.
const LONGEST_FREE: usize = 120;

/// A helpmate line by `mater` from `start`, visiting at most `nodes`
/// positions over all the depths tried, up to [`DEEPEST`].
pub fn line(start: &Chess, mater: Color, nodes: usize) -> Option<Vec<Move>> {
    deepened(start, mater, nodes, DEEPEST)
}

/// [`line`] to twice the depth: the search tried once the quick steps
/// have failed.
pub fn deep_line(start: &Chess, mater: Color, nodes: usize) -> Option<Vec<Move>> {
    deepened(start, mater, nodes, 2 * DEEPEST)
}

fn deepened(start: &Chess, mater: Color, nodes: usize, deepest: u32) -> Option<Vec<Move>> {
    let plan = Plan::of(start, mater)?;
    let mut search = Search {
        mater,
        plan,
        left: nodes,
        seen: HashMap::default(),
        line: Vec::new(),
    };
    for depth in 1..=deepest {
        search.seen.clear();
        if search.visit(start, depth, false) {
            return Some(search.line);
        }
        if search.left == 0 {
            return None;
        }
    }
    None
}

/// Where the plan sends each man.
#[derive(Debug, Clone, Copy)]
struct Plan {
    /// The corner the other king is walked into.
    corner: Square,
    /// Where the mating king goes: two squares from the corner along the
    /// back rank's edge file.
    king_post: Square,
    /// Where the helping side's knights go: next to the corner on the back
    /// rank, to take a flight square from their own king.
    beside: Square,
}

impl Plan {
    fn of(position: &Chess, mater: Color) -> Option<Plan> {
        let board = position.board();
        let king = board.king_of(!mater)?;
        let back = match mater {
            Color::White => Rank::Eighth,
            Color::Black => Rank::First,
        };
        let corners = [
            Square::from_coords(shakmaty::File::A, back),
            Square::from_coords(shakmaty::File::H, back),
        ];
        let bishops = board.bishops() & board.by_color(mater);
        let light = bishops.into_iter().next().map(Square::is_light);
        let corner = match light {
            Some(light) => corners
                .into_iter()
                .find(|corner| corner.is_light() == light)?,
            None => corners
                .into_iter()
                .min_by_key(|corner| corner.distance(king))?,
        };
        let down: i32 = match mater {
            Color::White => -16,
            Color::Black => 16,
        };
        let inward = if corner.file() == shakmaty::File::A {
            1
        } else {
            -1
        };
        Some(Plan {
            corner,
            king_post: corner.offset(down)?,
            beside: corner.offset(inward)?,
        })
    }
}

struct Search {
    mater: Color,
    plan: Plan,
    left: usize,
    seen: HashMap<Key, u32, BuildHasherDefault<KeyHasher>>,
    line: Vec<Move>,
}

impl Search {
    /// Whether a mate by the mater follows from `position` within `depth`
    /// (the line left in `self.line`); `planned` tells whether the move
    /// into it followed the plan.
    fn visit(&mut self, position: &Chess, depth: u32, planned: bool) -> bool {
        let Some(left) = self.left.checked_sub(1) else {
            return false;
        };
        self.left = left;
        let key = Key::after(position, self.line.last().copied());
        match self.seen.get(&key) {
            Some(&had) if had >= depth => return false,
            _ => {
                self.seen.insert(key, depth);
            }
        }
        let moves = position.legal_moves();
        // A mating move ends the line whatever it costs: looked for first,
        // so that the shortest line through this position is the one found.
        if position.turn() == self.mater {
            for &mv in &moves {
                let mut child = position.clone();
                child.play_unchecked(mv);
                if child.is_check() && child.is_checkmate() {
                    self.line.push(mv);
                    return true;
                }
            }
        }
        for &mv in &moves {
            let own = self.cost(position, mv);
            let cost = if own == 1 && planned { 0 } else { own };
            if cost > depth {
                continue;
            }
            let mut child = position.clone();
            child.play_unchecked(mv);
            if !has_more_than_a_king(&child, self.mater) {
                continue;
            }
            self.line.push(mv);
            if self.visit(&child, depth - cost, own == 0) {
                return true;
            }
            self.line.pop();
            if self.left == 0 {
                return false;
            }
        }
        false
    }

    /// What `mv` from `position` costs: 0 when it follows the plan, 1 when
    /// it neither follows nor works against it, 3 when the helping side
    /// takes a man.
    fn cost(&self, position: &Chess, mv: Move) -> u32 {
        if self.line.len() >= LONGEST_FREE {
            return 1;
        }
        let to = mv.to();
        let Some(from) = mv.from() else {
            return 1;
        };
        let nearer = |target: Square| to.distance(target) < from.distance(target);
        if position.turn() == self.mater {
            let planned = mv.is_capture()
                || match mv.role() {
                    Role::Pawn => {
                        let rank = u32::from(to.rank());
                        let height = if self.mater == Color::White {
                            rank
                        } else {
                            7 - rank
                        };
                        height >= 5
                    }
                    Role::King => nearer(self.plan.king_post),
                    Role::Knight => nearer(self.plan.corner),
                    _ => false,
                };
            u32::from(!planned)
        } else if mv.is_capture() {
            3
        } else {
            let planned = match mv.role() {
                Role::King => nearer(self.plan.corner),
                Role::Knight => nearer(self.plan.beside),
                _ => false,
            };
            u32::from(!planned)
        }
    }
}
