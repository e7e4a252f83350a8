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

/// A breadth-first visit of the positions reachable from a start, which
/// can be taken further: [`run`](Exploration::run) with a larger limit goes
/// on where the last run stopped, and finds what one run with that limit
/// would have found (the same positions in the same order).
pub struct Exploration {
    /// Every position reached, in the order reached.
    positions: Vec<Chess>,
    /// The position each came from and the move, `None` for the start.
    parents: Vec<Option<(usize, Move)>>,
    seen: KeySet,
    /// Positions reached whose moves are still to be looked at; the first
    /// may have had some of them looked at when a run stopped.
    queue: VecDeque<usize>,
}

impl Exploration {
    /// A visit that has reached `start` alone.
    pub fn new(start: &Chess) -> Exploration {
        let mut seen = KeySet::default();
        seen.insert(Key::of(start));
        Exploration {
            positions: vec![start.clone()],
            parents: vec![None],
            seen,
            queue: VecDeque::from([0]),
        }
    }

    /// Whether the visit looks close to its end: the positions reached but
    /// not yet explored are fewer than a third of all reached. A visit
    /// of an open position keeps most of what it reaches still to explore
    /// (each position brings several new ones); one of a closed position
    /// runs out of new positions, and its queue shrinks. Only a sign, used
    /// to order the searches: it decides no verdict. (A quarter, as it
    /// was, let the locked pawn structures of 40,000 to 65,000 reachable
    /// positions, with 26% to 30% of the visit still to explore at 20,000,
    /// wait for the long searches to fail before the last visit.)
    pub fn narrowing(&self) -> bool {
        self.queue.len() * 3 < self.seen.len()
    }

    /// How many positions the visit has reached.
    pub fn reached(&self) -> usize {
        self.seen.len()
    }

    /// [`run`](Exploration::run) to `limit`, then on to twice that limit
    /// and so on, up to `most`, for as long as the visit is
    /// [`narrowing`](Exploration::narrowing) when a run stops.
    pub fn run_while_narrowing(&mut self, mater: Color, limit: usize, most: usize) -> Explored {
        let mut limit = limit.min(most);
        loop {
            let explored = self.run(mater, limit);
            if explored != Explored::TooMany || limit >= most || !self.narrowing() {
                return explored;
            }
            limit = limit.saturating_mul(2).min(most);
        }
    }

    /// Explores on, until `limit` positions are known, looking for a
    /// checkmate by `mater`. Breadth first, so a mate found is one of the
    /// nearest.
    pub fn run(&mut self, mater: Color, limit: usize) -> Explored {
        while let Some(&index) = self.queue.front() {
            let position = self.positions[index].clone();
            if is_mate_by(&position, mater) {
                return Explored::Mate(line_to(&self.parents, index));
            }
            if !material::never_mates(&position, mater) {
                for mv in position.legal_moves() {
                    let mut child = position.clone();
                    child.play_unchecked(mv);
                    let key = Key::after(&child, Some(mv));
                    if !self.seen.insert(key) {
                        continue;
                    }
                    if self.seen.len() > limit {
                        // Unknown again, so that a later run adds it where
                        // this one would have; the position stays first in
                        // the queue, its known children skipped then.
                        self.seen.remove(&key);
                        return Explored::TooMany;
                    }
                    self.positions.push(child);
                    self.parents.push(Some((index, mv)));
                    self.queue.push_back(self.positions.len() - 1);
                }
            }
            self.queue.pop_front();
        }
        Explored::NoMate(self.seen.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::position;

    /// A visit taken on in stages ends where one visit with the last limit
    /// ends: the same count of positions, the same mating line.
    #[test]
    fn a_visit_taken_on_finds_what_one_visit_finds() {
        // CHA's race of tempi: 23,221 reachable positions, no mate.
        let race = position("k7/p1p1p3/8/8/8/P1P1P1p1/6Pp/7K w - - 0 1");
        let mut staged = Exploration::new(&race);
        assert_eq!(staged.run(Color::Black, 2_000), Explored::TooMany);
        assert_eq!(staged.run(Color::Black, 20_000), Explored::TooMany);
        let mut once = Exploration::new(&race);
        let whole = once.run(Color::Black, 100_000);
        assert_eq!(whole, Explored::NoMate(23_221));
        assert_eq!(staged.run(Color::Black, 100_000), whole);
        // Every position known was visited, in the order of one visit.
        assert_eq!(staged.seen.len(), staged.positions.len());
        assert!(staged.positions == once.positions && staged.parents == once.parents);

        // A mate in one, stopped among the first moves.
        let mate = position("k7/8/1K6/8/8/8/8/7R w - - 0 1");
        let mut staged = Exploration::new(&mate);
        assert_eq!(staged.run(Color::White, 5), Explored::TooMany);
        let whole = Exploration::new(&mate).run(Color::White, 100_000);
        assert!(matches!(whole, Explored::Mate(_)), "{whole:?}");
        assert_eq!(staged.run(Color::White, 100_000), whole);
    }

    /// A closed position's visit goes on while it narrows; an open one's
    /// stops at the first limit.
    #[test]
    fn a_narrowing_visit_goes_on_and_an_open_one_stops() {
        // The race of tempi: at 2,000 positions 866 are still to explore,
        // at 20,000 only 2,328, and the visit goes on to its end.
        let race = position("k7/p1p1p3/8/8/8/P1P1P1p1/6Pp/7K w - - 0 1");
        let mut visit = Exploration::new(&race);
        assert_eq!(visit.run(Color::Black, 2_000), Explored::TooMany);
        assert!(!visit.narrowing());
        assert_eq!(visit.run(Color::Black, 20_000), Explored::TooMany);
        assert!(visit.narrowing());
        let mut visit = Exploration::new(&race);
        assert_eq!(
            visit.run_while_narrowing(Color::Black, 20_000, 100_000),
            Explored::NoMate(23_221)
        );
        // Stopped by `most` even while narrowing.
        let mut visit = Exploration::new(&race);
        assert_eq!(
            visit.run_while_narrowing(Color::Black, 20_000, 21_000),
            Explored::TooMany
        );
        assert_eq!(visit.reached(), 21_000);

        // The start position: most of what is reached is still to explore.
        let open = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let mut visit = Exploration::new(&open);
        assert_eq!(
            visit.run_while_narrowing(Color::White, 2_000, 100_000),
            Explored::TooMany
        );
        assert!(!visit.narrowing());
        assert_eq!(visit.reached(), 2_000);
    }

    /// A locked structure with 30% of its visit still to explore at
    /// 20,000 positions is nearing its end: the visit goes on and settles
    /// it (64,768 reachable positions, no mate). With a quarter as the
    /// sign, as it was, it stopped at 20,000 and waited for the long
    /// searches.
    #[test]
    fn a_locked_structure_with_a_third_still_to_explore_is_visited_to_its_end() {
        let locked = position("8/1p1p1p1p/1P6/KP6/PP6/1P3P2/3P3P/k7 w - - 0 1");
        let mut visit = Exploration::new(&locked);
        assert_eq!(visit.run(Color::White, 20_000), Explored::TooMany);
        assert_eq!(visit.queue.len(), 6_054);
        assert!(visit.narrowing() && visit.queue.len() * 4 >= visit.reached());
        let mut visit = Exploration::new(&locked);
        assert_eq!(
            visit.run_while_narrowing(Color::White, 20_000, 100_000),
            Explored::NoMate(64_768)
        );
    }
}
