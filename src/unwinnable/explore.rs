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
//! are told apart by their identity (Article 9.2.3). One visit serves
//! both sides for as long as it is each side's own visit (see
//! [`Exploration`]).

use std::collections::VecDeque;

use shakmaty::{ByColor, Chess, Color, Move, Position};

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
///
/// One visit can serve both sides. Each side's own visit reaches the same
/// positions in the same order as long as every position met is one
/// whose material alone can never mate for both sides or for neither (the
/// only place the side enters the walk, besides the checkmate looked
/// for). So a visit made for both sides looks, at each position, for a
/// checkmate by either, and a run for one side answers the other side's
/// runs from what it already went through: the same answer, line and
/// count as that side's own visit, its positions reached only once. At
/// the first position where the two part, the visit goes on for the side
/// that runs it alone ([`serves`](Exploration::serves) then says so, and
/// the other side starts a visit of its own).
pub struct Exploration {
    /// Every position reached, in the order reached.
    positions: Vec<Chess>,
    /// The position each came from and the move, `None` for the start.
    parents: Vec<Option<(usize, Move)>>,
    seen: KeySet,
    /// Positions reached whose moves are still to be looked at; the first
    /// may have had some of them looked at when a run stopped. The
    /// positions are explored in the order reached.
    queue: VecDeque<usize>,
    /// The sides whose own visit this still is.
    serves: ByColor<bool>,
    /// For each side served, the first position explored that is a
    /// checkmate by it, and how many positions were reached then: a run of
    /// its own to a limit at least that finds it.
    mates: ByColor<Option<(usize, usize)>>,
    /// Where runs stopped with too many positions: the limit, and whether
    /// the visit was then [`narrowing`](Exploration::narrowing).
    stops: Vec<(usize, bool)>,
    /// For each side, the limit of its last run that stopped with too
    /// many positions (0: none did).
    stopped: ByColor<usize>,
}

impl Exploration {
    /// A visit that has reached `start` alone, for each of `sides`.
    pub fn new(start: &Chess, sides: &[Color]) -> Exploration {
        let mut seen = KeySet::default();
        seen.insert(Key::of(start));
        Exploration {
            positions: vec![start.clone()],
            parents: vec![None],
            seen,
            queue: VecDeque::from([0]),
            serves: ByColor::new_with(|side| sides.contains(&side)),
            mates: ByColor::default(),
            stops: Vec::new(),
            stopped: ByColor::default(),
        }
    }

    /// Whether this is still `side`'s own visit: what its runs for `side`
    /// answer is what a visit made for `side` alone would answer.
    pub fn serves(&self, side: Color) -> bool {
        *self.serves.get(side)
    }

    /// The limit of `side`'s last run that stopped with too many
    /// positions (0 when none did).
    pub fn stopped(&self, side: Color) -> usize {
        *self.stopped.get(side)
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
    #[cfg(test)]
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
            if explored != Explored::TooMany || limit >= most || !self.narrowing_at(limit) {
                return explored;
            }
            limit = limit.saturating_mul(2).min(most);
        }
    }

    /// Whether the visit was narrowing when a run stopped at `limit`. Both
    /// sides' searches take their runs to the same limits, so a run the
    /// other side made has been recorded; were it not, the doubling stops
    /// (which only leaves the side for the later searches).
    fn narrowing_at(&self, limit: usize) -> bool {
        self.stops
            .iter()
            .rev()
            .find(|(at, _)| *at == limit)
            .is_some_and(|&(_, narrowing)| narrowing)
    }

    /// Explores on, until `limit` positions are known, looking for a
    /// checkmate by `mater`. Breadth first, so a mate found is one of the
    /// nearest. The visit must serve `mater` ([`serves`](Exploration::serves)).
    pub fn run(&mut self, mater: Color, limit: usize) -> Explored {
        debug_assert!(
            self.serves(mater),
            "a visit run for a side it no longer serves"
        );
        let explored = self
            .known(mater, limit)
            .unwrap_or_else(|| self.walk(mater, limit));
        if explored == Explored::TooMany {
            *self.stopped.get_mut(mater) = limit;
        }
        explored
    }

    /// What `mater`'s own visit to `limit` answers, when this visit has
    /// already gone past where that one ends (it served the other side
    /// further): the first checkmate by `mater` it explored, if the
    /// positions reached then were within the limit, else too many.
    fn known(&self, mater: Color, limit: usize) -> Option<Explored> {
        match *self.mates.get(mater) {
            Some((index, reached)) if reached <= limit => {
                Some(Explored::Mate(line_to(&self.parents, index)))
            }
            Some(_) => Some(Explored::TooMany),
            None => (self.seen.len() > limit).then_some(Explored::TooMany),
        }
    }

    /// The walk of [`run`](Exploration::run) from where the visit stands.
    fn walk(&mut self, mater: Color, limit: usize) -> Explored {
        let other = !mater;
        while let Some(&index) = self.queue.front() {
            let position = self.positions[index].clone();
            if is_mate_by(&position, mater) {
                return Explored::Mate(line_to(&self.parents, index));
            }
            let hopeless = material::never_mates(&position, mater);
            if self.serves(other) {
                if self.mates.get(other).is_none() && is_mate_by(&position, other) {
                    *self.mates.get_mut(other) = Some((index, self.seen.len()));
                }
                if hopeless != material::never_mates(&position, other) {
                    // The two visits part here: this one goes on as
                    // `mater`'s alone.
                    *self.serves.get_mut(other) = false;
                }
            }
            if !hopeless {
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
                        self.stops.push((limit, self.narrowing()));
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
        let mut staged = Exploration::new(&race, &[Color::Black]);
        assert_eq!(staged.run(Color::Black, 2_000), Explored::TooMany);
        assert_eq!(staged.run(Color::Black, 20_000), Explored::TooMany);
        let mut once = Exploration::new(&race, &[Color::Black]);
        let whole = once.run(Color::Black, 100_000);
        assert_eq!(whole, Explored::NoMate(23_221));
        assert_eq!(staged.run(Color::Black, 100_000), whole);
        // Every position known was visited, in the order of one visit.
        assert_eq!(staged.seen.len(), staged.positions.len());
        assert!(staged.positions == once.positions && staged.parents == once.parents);

        // A mate in one, stopped among the first moves.
        let mate = position("k7/8/1K6/8/8/8/8/7R w - - 0 1");
        let mut staged = Exploration::new(&mate, &[Color::White]);
        assert_eq!(staged.run(Color::White, 5), Explored::TooMany);
        let whole = Exploration::new(&mate, &[Color::White]).run(Color::White, 100_000);
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
        let mut visit = Exploration::new(&race, &[Color::Black]);
        assert_eq!(visit.run(Color::Black, 2_000), Explored::TooMany);
        assert!(!visit.narrowing());
        assert_eq!(visit.run(Color::Black, 20_000), Explored::TooMany);
        assert!(visit.narrowing());
        let mut visit = Exploration::new(&race, &[Color::Black]);
        assert_eq!(
            visit.run_while_narrowing(Color::Black, 20_000, 100_000),
            Explored::NoMate(23_221)
        );
        // Stopped by `most` even while narrowing.
        let mut visit = Exploration::new(&race, &[Color::Black]);
        assert_eq!(
            visit.run_while_narrowing(Color::Black, 20_000, 21_000),
            Explored::TooMany
        );
        assert_eq!(visit.reached(), 21_000);

        // The start position: most of what is reached is still to explore.
        let open = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let mut visit = Exploration::new(&open, &[Color::White]);
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
        let mut visit = Exploration::new(&locked, &[Color::White]);
        assert_eq!(visit.run(Color::White, 20_000), Explored::TooMany);
        assert_eq!(visit.queue.len(), 6_054);
        assert!(visit.narrowing() && visit.queue.len() * 4 >= visit.reached());
        let mut visit = Exploration::new(&locked, &[Color::White]);
        assert_eq!(
            visit.run_while_narrowing(Color::White, 20_000, 100_000),
            Explored::NoMate(64_768)
        );
    }

    /// The runs the searches take for one side, in their order: a
    /// fiftieth of the budget, the narrowing visit, the whole budget.
    fn staged_runs(visit: &mut Exploration, side: Color, stage: usize) -> Explored {
        match stage {
            0 => visit.run(side, 2_000),
            1 => visit.run_while_narrowing(side, 20_000, 100_000),
            _ => visit.run(side, 100_000),
        }
    }

    /// One visit for both sides, its runs taken side after side at each
    /// stage as the searches take them, answers each side what a visit of
    /// its own answers (the same line, the same count, too many at the
    /// same stages), and reaches each position once: the second side's
    /// runs reach no position the first side's did not.
    #[test]
    fn a_visit_for_both_sides_answers_each_as_its_own_visit() {
        let cases = [
            // CHA's race of tempi: no mate by either, 23,221 positions.
            ("k7/p1p1p3/8/8/8/P1P1P1p1/6Pp/7K w - - 0 1", 23_221),
            // A locked structure: no mate by either, 64,768 positions.
            ("8/1p1p1p1p/1P6/KP6/PP6/1P3P2/3P3P/k7 w - - 0 1", 64_768),
            // Black mates, found at 66,818 positions; White's visit runs
            // to the whole budget without a mate.
            ("8/3p1p1p/1p6/1P6/KP6/PP6/3P1P1P/k7 w - - 0 1", 100_000),
        ];
        for (fen, reached) in cases {
            let start = position(fen);
            let mut both = Exploration::new(&start, &Color::ALL);
            let mut own = Color::ALL.map(|side| Exploration::new(&start, &[side]));
            for stage in 0..3 {
                let mut reached_by_white = 0;
                for (side, alone) in Color::ALL.into_iter().zip(&mut own) {
                    let shared = staged_runs(&mut both, side, stage);
                    assert_eq!(shared, staged_runs(alone, side, stage), "{fen} {side:?}");
                    assert_eq!(both.stopped(side), alone.stopped(side), "{fen} {side:?}");
                    assert!(both.serves(Color::White) && both.serves(Color::Black));
                    match side {
                        Color::White => reached_by_white = both.seen.len(),
                        Color::Black => {
                            assert_eq!(both.seen.len(), reached_by_white, "{fen}: reached again");
                        }
                    }
                }
            }
            assert_eq!(both.seen.len(), reached, "{fen}");
        }
        // The third case: Black's line, White stopped at the whole budget.
        let start = position(cases[2].0);
        let mut both = Exploration::new(&start, &Color::ALL);
        assert_eq!(
            both.run_while_narrowing(Color::White, 20_000, 100_000),
            Explored::TooMany
        );
        assert_eq!(both.stopped(Color::White), 100_000);
        let line = both.run_while_narrowing(Color::Black, 20_000, 100_000);
        assert!(
            matches!(line, Explored::Mate(ref moves) if !moves.is_empty()),
            "{line:?}"
        );
    }

    /// Where a position is met that can never be mated from by one side's
    /// material and can by the other's, the visits part: the visit goes
    /// on as the runner's alone, and is still exactly its own visit.
    #[test]
    fn a_visit_for_both_sides_parts_where_their_material_does() {
        // Black's knight can be taken: Black is then left a lone king.
        let start = position("4k3/8/8/3n4/8/8/8/R3K3 w - - 0 1");
        let mut both = Exploration::new(&start, &Color::ALL);
        let mut alone = Exploration::new(&start, &[Color::White]);
        assert_eq!(
            both.run(Color::White, 20_000),
            alone.run(Color::White, 20_000)
        );
        assert!(both.serves(Color::White) && !both.serves(Color::Black));
        assert!(both.positions == alone.positions && both.parents == alone.parents);
    }
}
