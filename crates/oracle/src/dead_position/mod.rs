//! The dead-position oracle: one position's Article 5.2.2 verdict from the
//! library, checked by means that share nothing with the library's search.
//!
//! * an *alive* verdict names a side and a helpmate line: the line is
//!   replayed move by move with shakmaty and must end in a checkmate given
//!   by that side ([`replays_to_mate`]);
//! * a *dead* verdict is checked, when the position is small enough, by a
//!   separate exhaustive visit of every reachable position
//!   ([`mate_reachable`]): no checkmate by either side may be among them;
//!   when it is not, random cooperative games ([`mate_by_playouts`]) look
//!   for a checkmate that would refute it.
//!
//! [`Tally`] adds the results up into the survey's table.

mod decisions;
mod independent;
mod playouts;
mod tally;

use std::time::{Duration, Instant};

use drawrules::mating::{Budget, Deadness, NoMate};
use drawrules::unwinnable::deadness_in;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Position};

pub use decisions::{DecisionCounts, decisions_agree};
pub use independent::{Reachable, mate_reachable};
pub use playouts::mate_by_playouts;
pub use tally::Tally;

/// Why a dead position was proved dead, taking the side whose proof went
/// furthest: every reachable position visited, else a locked wall, else
/// material alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeadBy {
    /// Both sides by material.
    Material,
    /// At least one side by the wall, none by exhaustion.
    Wall,
    /// At least one side by visiting every reachable position.
    Exhausted,
}

impl DeadBy {
    fn of(white: NoMate, black: NoMate) -> DeadBy {
        let rank = |reason: NoMate| match reason {
            NoMate::Material => 0,
            NoMate::Wall => 1,
            NoMate::Exhausted { .. } => 2,
        };
        match rank(white).max(rank(black)) {
            0 => DeadBy::Material,
            1 => DeadBy::Wall,
            _ => DeadBy::Exhausted,
        }
    }
}

/// What the independent exhaustive check said of a dead verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirmation {
    /// Every reachable position was visited and none is a checkmate.
    Confirmed,
    /// A checkmate by this side is reachable (found by the visit or by a
    /// random game): the verdict is wrong.
    Contradicted(Color),
    /// More positions are reachable than the check may visit, and the
    /// random games found no checkmate.
    NotCheckable,
}

/// One position decided by the library, and its verdict checked.
#[derive(Debug, Clone)]
pub struct CheckedVerdict {
    /// The library's verdict.
    pub verdict: Deadness,
    /// How long the verdict took.
    pub time: Duration,
    /// For an alive verdict, whether its line replays to a checkmate by
    /// the side it names.
    pub witness_holds: Option<bool>,
    /// For a dead verdict, what the independent check said.
    pub confirmation: Option<Confirmation>,
}

impl CheckedVerdict {
    /// Why the position is dead, if it is.
    pub fn dead_by(&self) -> Option<DeadBy> {
        match self.verdict {
            Deadness::Dead { white, black } => Some(DeadBy::of(white, black)),
            _ => None,
        }
    }

    /// Whether the oracle found the library wrong: a line that does not
    /// replay to mate, or a dead position in which a mate is reachable.
    pub fn is_wrong(&self) -> bool {
        self.witness_holds == Some(false)
            || matches!(self.confirmation, Some(Confirmation::Contradicted(_)))
    }
}

/// Decides Article 5.2.2 on `position` with the library (within `budget`)
/// and checks the verdict: an alive line is replayed; a dead verdict is
/// confirmed by visiting at most `check_limit` reachable positions, or
/// else tested by 64 random games of 200 plies.
///
/// # Examples
///
/// ```
/// use drawrules::mating::Budget;
/// use drawrules_oracle::dead_position::{Confirmation, decide_and_check};
/// use shakmaty::{CastlingMode, Chess, fen::Fen};
///
/// let locked: Chess = "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1"
///     .parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// let judged = decide_and_check(&locked, Budget::DEFAULT, 100_000);
/// assert!(judged.verdict.is_dead());
/// assert_eq!(judged.confirmation, Some(Confirmation::Confirmed));
/// assert!(!judged.is_wrong());
/// ```
pub fn decide_and_check(position: &Chess, budget: Budget, check_limit: usize) -> CheckedVerdict {
    let start = Instant::now();
    let verdict = deadness_in(position, CastlingMode::Standard, budget);
    let time = start.elapsed();
    let (witness_holds, confirmation) = match &verdict {
        Deadness::Alive { side, line } => (
            Some(replays_to_mate(position, line, Color::from(*side))),
            None,
        ),
        Deadness::Dead { .. } => {
            let confirmation = match mate_reachable(position, check_limit) {
                Reachable::NoMate(_) => Confirmation::Confirmed,
                Reachable::Mate(color) => Confirmation::Contradicted(color),
                Reachable::TooMany => match mate_by_playouts(position, 64, 200, 14) {
                    Some((color, _)) => Confirmation::Contradicted(color),
                    None => Confirmation::NotCheckable,
                },
            };
            (None, Some(confirmation))
        }
        Deadness::Undetermined => (None, None),
    };
    CheckedVerdict {
        verdict,
        time,
        witness_holds,
        confirmation,
    }
}

/// Replays the UCI `line` from `start` with shakmaty; true when every move
/// is legal and the last position is a checkmate given by `mater`.
pub fn replays_to_mate(start: &Chess, line: &[String], mater: Color) -> bool {
    let mut position = start.clone();
    for text in line {
        let Some(mv) = text
            .parse::<UciMove>()
            .ok()
            .and_then(|uci| uci.to_move(&position).ok())
        else {
            return false;
        };
        position.play_unchecked(mv);
    }
    position.is_checkmate() && position.turn() != mater
}
