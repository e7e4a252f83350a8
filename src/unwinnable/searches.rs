//! One side's searches (the module's steps 3 to 8), taken one at a time,
//! so that the two sides of a position can take theirs in turn.
//!
//! A position is alive as soon as one side can mate. Run side after side,
//! a side that no search settles spends every budget (a second or so)
//! before the other side's first search starts, however soon that one
//! would find its line. Taken in turn, the side whose line comes first
//! ends the decision. Each side meets the same searches in the same order
//! either way, so its answer, when it has one, is the same.

use std::cell::RefCell;
use std::rc::Rc;

use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use super::explore::{Exploration, Explored};
use super::node::uci_line;
use super::{corner, helpmate, shaped, two_plies_ahead};
use crate::mating::{Budget, Mating, NoMate};

/// The searches of one side from one position, and how far they went:
/// [`step`](Searches::step) runs the next.
pub(super) struct Searches<'a> {
    position: &'a Chess,
    side: Color,
    mode: CastlingMode,
    budget: Budget,
    /// The next search to run, counted from 0.
    next: usize,
    /// The visit of every reachable position, taken on from where it
    /// stopped by each later visit; `None` once it can add nothing more.
    /// Shared with the other side's searches while it serves both.
    exploration: Option<Rc<RefCell<Exploration>>>,
}

impl<'a> Searches<'a> {
    /// The searches of `side` from `position` (castling written as `mode`
    /// writes it), none run yet, with a visit of its own.
    pub(super) fn new(
        position: &'a Chess,
        side: Color,
        mode: CastlingMode,
        budget: Budget,
    ) -> Searches<'a> {
        let visit = Exploration::new(position, &[side]);
        Searches::sharing(position, side, mode, budget, Rc::new(RefCell::new(visit)))
    }

    /// [`Searches::new`] with `visit`, a visit that may serve the other
    /// side's searches too (see [`Exploration`]): both sides' searches
    /// take their visits to the same limits, step after step, so each
    /// position is reached once for both while their visits are the same.
    pub(super) fn sharing(
        position: &'a Chess,
        side: Color,
        mode: CastlingMode,
        budget: Budget,
        visit: Rc<RefCell<Exploration>>,
    ) -> Searches<'a> {
        Searches {
            position,
            side,
            mode,
            budget,
            next: 0,
            exploration: Some(visit),
        }
    }

    /// Every search, in order, until one settles the side: its answer
    /// (undetermined when none does).
    pub(super) fn run(mut self) -> Mating {
        loop {
            if let Some(answer) = self.step() {
                return answer;
            }
        }
    }

    /// Runs the next search: the side's answer when it settles the side
    /// (the last one always does, undetermined when nothing did), `None`
    /// when the searches go on. The searches come in the order of the
    /// module's steps 3 to 8, one arm each. Once it has given an answer,
    /// the searches are over: the caller drops them.
    pub(super) fn step(&mut self) -> Option<Mating> {
        let (position, side) = (self.position, self.side);
        let nodes = self.budget.helpmate_nodes;
        let most = self.budget.explored_positions;
        let step = self.next;
        self.next += 1;
        match step {
            0 => self.line(helpmate::best_first(position, side, nodes / 32)),
            1 => self.visit(|visit| visit.run(side, most / 50)),
            2 => self.line(shaped::wide_line(position, side, nodes / 32)),
            3 => self.line(shaped::deep_line(position, side, nodes)),
            4 => self.line(
                corner::applies(position, side)
                    .then(|| corner::line(position, side, nodes / 4))
                    .flatten(),
            ),
            5 => {
                let found = self.visit(|visit| visit.run_while_narrowing(side, most / 5, most));
                // A visit already at the whole budget is let go before
                // the long searches: it can add nothing more.
                if self
                    .exploration
                    .as_ref()
                    .is_some_and(|visit| visit.borrow().stopped(side) >= most)
                {
                    self.exploration = None;
                }
                found
            }
            6 => match two_plies_ahead(position, side) {
                Mating::Undetermined => None,
                proved => Some(proved),
            },
            7 => self.line(helpmate::best_first(position, side, nodes / 8)),
            8 => self.long_search(self.pawns_lead()),
            9 => self.long_search(!self.pawns_lead()),
            _ => Some(
                self.visit(|visit| visit.run(side, most))
                    .unwrap_or(Mating::Undetermined),
            ),
        }
    }

    /// One of the two searches with the whole budget: best first, or the
    /// wide shaped search.
    fn long_search(&self, best_first: bool) -> Option<Mating> {
        let (position, side, nodes) = (self.position, self.side, self.budget.helpmate_nodes);
        self.line(if best_first {
            helpmate::best_first(position, side, nodes)
        } else {
            shaped::wide_line(position, side, nodes)
        })
    }

    /// Whether the side's best-first search with the whole budget comes
    /// before its wide shaped search with the whole budget: where the side
    /// has a pawn. Its mate then mostly needs men yet to be made or pawn
    /// structures to open, which the best-first search's estimate counts
    /// (a pawn by its distance from promotion); a side of pieces alone
    /// mates by the plans the wide shaped search follows, and the
    /// best-first search spends its budget failing first (the lone
    /// minor pieces of the endgames and of the materials of 3 to 6 men).
    fn pawns_lead(&self) -> bool {
        self.position.board().by_piece(self.side.pawn()).any()
    }

    /// A search's line as the side's answer.
    fn line(&self, line: Option<Vec<Move>>) -> Option<Mating> {
        line.map(|line| Mating::Possible {
            line: uci_line(&line, self.mode),
        })
    }

    /// The visit taken on as `run` says, while it can still add something:
    /// a checkmate found (with its line) or every reachable position
    /// visited without one settle the side.
    /// Where the visit no longer serves the side (it parted from the other
    /// side's, which it went on as), the side starts one of its own.
    fn visit(&mut self, run: impl FnOnce(&mut Exploration) -> Explored) -> Option<Mating> {
        let side = self.side;
        if !self.exploration.as_ref()?.borrow().serves(side) {
            let own = Exploration::new(self.position, &[side]);
            self.exploration = Some(Rc::new(RefCell::new(own)));
        }
        let explored = run(&mut self.exploration.as_ref()?.borrow_mut());
        match explored {
            Explored::Mate(line) => self.line(Some(line)),
            Explored::NoMate(positions) => Some(Mating::Impossible {
                reason: NoMate::Exhausted { positions },
            }),
            Explored::TooMany => None,
        }
    }
}
