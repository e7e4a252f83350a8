//! The classes of game the parts of `verify` depend on: a game that goes on
//! after each ending (so that an engine's refusal of the move after it is
//! put to the test), a start past 150 plies, a seventy-five-move ending with
//! and without mate, a fivefold repetition. Found in a game by looking at
//! what happened in it, as [`situations`](crate::situations) are, so that
//! a test can hold each class to a floor in every run.

use std::collections::BTreeSet;
use std::fmt;

use drawrules::{Arbiter, Edition, Ending, StartPosition};
use shakmaty::Move;

/// A class of game a run must hold enough of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// A move follows a checkmate (5.1.1).
    PlaysOnAfterCheckmate,
    /// A move follows a stalemate (5.2.1).
    PlaysOnAfterStalemate,
    /// A move follows a dead position (5.2.2).
    PlaysOnAfterDeadPosition,
    /// A move follows a fivefold repetition (9.6.1).
    PlaysOnAfterFivefold,
    /// A move follows the seventy-fifth move (9.6.2).
    PlaysOnAfterSeventyFive,
    /// The start FEN's count is past 150 plies: the game is over at its
    /// start, and a clock an implementation caps at 150 shows.
    StartPast150,
    /// The move that brings the count to 150 checkmates.
    SeventyFiveWithMate,
    /// The count reaches 150 by a move that does not checkmate: the game
    /// ends by seventy-five moves (a stalemate there too, or not).
    SeventyFiveWithoutMate,
    /// A position stands for the fifth time (under the 2014 edition, at
    /// five plies four apart).
    Fivefold,
}

impl Class {
    /// Every class, in the order of `spec/SITUATIONS.md`.
    pub const ALL: [Class; 9] = [
        Class::PlaysOnAfterCheckmate,
        Class::PlaysOnAfterStalemate,
        Class::PlaysOnAfterDeadPosition,
        Class::PlaysOnAfterFivefold,
        Class::PlaysOnAfterSeventyFive,
        Class::StartPast150,
        Class::SeventyFiveWithMate,
        Class::SeventyFiveWithoutMate,
        Class::Fivefold,
    ];

    /// The class's name.
    pub fn name(self) -> &'static str {
        match self {
            Class::PlaysOnAfterCheckmate => "plays-on-after-checkmate",
            Class::PlaysOnAfterStalemate => "plays-on-after-stalemate",
            Class::PlaysOnAfterDeadPosition => "plays-on-after-dead-position",
            Class::PlaysOnAfterFivefold => "plays-on-after-fivefold",
            Class::PlaysOnAfterSeventyFive => "plays-on-after-seventy-five",
            Class::StartPast150 => "start-past-150",
            Class::SeventyFiveWithMate => "seventy-five-with-mate",
            Class::SeventyFiveWithoutMate => "seventy-five-without-mate",
            Class::Fivefold => "fivefold",
        }
    }

    /// The class of a game that goes on after `ending`.
    fn plays_on_after(ending: Ending) -> Class {
        match ending {
            Ending::Checkmate => Class::PlaysOnAfterCheckmate,
            Ending::Stalemate => Class::PlaysOnAfterStalemate,
            Ending::DeadPosition => Class::PlaysOnAfterDeadPosition,
            Ending::FivefoldRepetition => Class::PlaysOnAfterFivefold,
            Ending::SeventyFiveMoves => Class::PlaysOnAfterSeventyFive,
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The classes game `moves` from `start` belongs to under `edition`: the
/// game is replayed by our arbiter up to its end, and the moves after it
/// (which no implementation may play) only counted.
///
/// # Examples
///
/// ```
/// use drawrules::{Edition, StartPosition};
/// use drawrules_scenario::classes::{Class, classes};
///
/// use shakmaty::uci::UciMove;
///
/// let start: StartPosition = "4k3/8/8/8/8/8/8/R3K3 w - - 149 100".parse().unwrap();
/// let quiet = "a1a2".parse::<UciMove>().unwrap().to_move(start.position()).unwrap();
/// let found = classes(&start, &[quiet], Edition::Fide2018);
/// assert_eq!(found.into_iter().collect::<Vec<_>>(), [Class::SeventyFiveWithoutMate]);
/// ```
pub fn classes(start: &StartPosition, moves: &[Move], edition: Edition) -> BTreeSet<Class> {
    let mut found = BTreeSet::new();
    let mut arbiter = Arbiter::new(start, edition);
    if arbiter.status().clock > 150 {
        found.insert(Class::StartPast150);
    }
    let mut played = 0;
    loop {
        let status = arbiter.status();
        if status.ended.contains(&Ending::FivefoldRepetition) {
            found.insert(Class::Fivefold);
        }
        // The move that brought the count to 150: a mate takes precedence
        // over the seventy-five-move rule.
        if status.clock == 150 && played > 0 {
            if status.ended.contains(&Ending::Checkmate) {
                found.insert(Class::SeventyFiveWithMate);
            } else if status.ended.contains(&Ending::SeventyFiveMoves) {
                found.insert(Class::SeventyFiveWithoutMate);
            }
        }
        if arbiter.is_over() {
            if played < moves.len() {
                found.extend(
                    status
                        .ended
                        .iter()
                        .map(|&ending| Class::plays_on_after(ending)),
                );
            }
            break;
        }
        let Some(&mv) = moves.get(played) else {
            break;
        };
        if arbiter.play_move(mv).is_err() {
            break;
        }
        played += 1;
    }
    found
}
