//! Accepted readings: where the Laws can honestly be read in more than one
//! way, the project accepts each reading beside ours (the corpus lists
//! them as alternatives, `drawrules verify` and the packages' `compare`
//! accept them in every game).
//!
//! A reading is written here as the record the reference would give under
//! it at a ply where it differs from ours: a library whose record differs
//! from ours there, but agrees with the reading's, follows the reading
//! and makes no departure from the Laws.

use std::fmt;

use crate::{Ending, GameResult, Status};

/// A reading of the Laws other than ours that the corpus accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reading {
    /// Articles 9.6.2 and 5.2.1: stalemate takes precedence over the
    /// seventy-five-move rule, as checkmate does, so a stalemate at a count
    /// of 150 or more is reported without `seventy-five-moves`. The game is
    /// drawn either way. Ours reports every rule that holds.
    StalemateBeforeTheCount,
    /// Articles 9.6.2 and 5.1.1, at a start position that is checkmate with
    /// a count past 150: the count says the game was drawn before the mate
    /// could be played, so it is a seventy-five-move draw. Ours lets the
    /// board decide: checkmate at any count.
    CountBeforeTheMate,
}

impl Reading {
    /// Every accepted reading.
    pub const ALL: [Reading; 2] = [
        Reading::StalemateBeforeTheCount,
        Reading::CountBeforeTheMate,
    ];

    /// The reading's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Reading::StalemateBeforeTheCount => "stalemate-before-the-count",
            Reading::CountBeforeTheMate => "count-before-the-mate",
        }
    }

    /// What the reading says, for a report's reader.
    pub fn explain(self) -> &'static str {
        match self {
            Reading::StalemateBeforeTheCount => {
                "stalemate takes precedence over seventy-five moves (9.6.2, 5.2.1): reported alone"
            }
            Reading::CountBeforeTheMate => {
                "a start that is checkmate past a count of 150 is a seventy-five-move draw (9.6.2, 5.1.1)"
            }
        }
    }

    /// The record the reference would give under this reading, where it
    /// differs from `ours`.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::{Ending, Reference, Rules, StartPosition};
    /// use drawrules::Reading;
    ///
    /// let start: StartPosition = "k7/8/1Q6/8/8/8/8/K7 w - - 149 100".parse().unwrap();
    /// let mut reference = Reference::new(&start, Default::default());
    /// reference.play("b6c7".parse().unwrap()).unwrap();
    /// let ours = reference.status();
    /// assert_eq!(ours.ended, [Ending::Stalemate, Ending::SeventyFiveMoves]);
    /// let theirs = Reading::StalemateBeforeTheCount.record(&ours).unwrap();
    /// assert_eq!(theirs.ended, [Ending::Stalemate]);
    /// assert_eq!(Reading::CountBeforeTheMate.record(&ours), None);
    /// ```
    pub fn record(self, ours: &Status) -> Option<Status> {
        let holds = |ending| ours.ended.contains(&ending);
        match self {
            Reading::StalemateBeforeTheCount
                if holds(Ending::Stalemate) && holds(Ending::SeventyFiveMoves) =>
            {
                let mut theirs = ours.clone();
                theirs.ended.retain(|&e| e != Ending::SeventyFiveMoves);
                Some(theirs)
            }
            Reading::CountBeforeTheMate
                if ours.ply == 0 && ours.clock > 150 && holds(Ending::Checkmate) =>
            {
                let mut theirs = ours.clone();
                theirs.ended = vec![Ending::SeventyFiveMoves];
                theirs.result = GameResult::Draw;
                Some(theirs)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Reference, Rules, StartPosition};

    fn status(fen: &str, moves: &[&str]) -> Status {
        let start: StartPosition = fen.parse().unwrap();
        let mut reference = Reference::new(&start, Default::default());
        for mv in moves {
            reference.play(mv.parse().unwrap()).unwrap();
        }
        reference.status()
    }

    #[test]
    fn each_reading_is_named_and_says_which_articles_it_reads() {
        let names = ["stalemate-before-the-count", "count-before-the-mate"];
        assert_eq!(Reading::ALL.map(Reading::name), names);
        assert_eq!(Reading::ALL.map(|reading| reading.to_string()), names);
        assert!(
            Reading::StalemateBeforeTheCount
                .explain()
                .starts_with("stalemate takes precedence over seventy-five moves (9.6.2, 5.2.1)")
        );
        assert!(
            Reading::CountBeforeTheMate
                .explain()
                .ends_with("is a seventy-five-move draw (9.6.2, 5.1.1)")
        );
    }

    #[test]
    fn stalemate_before_the_count_drops_only_the_seventy_five_moves() {
        let start = status("k7/2B5/1K6/8/8/8/8/8 b - - 150 100", &[]);
        let theirs = Reading::StalemateBeforeTheCount.record(&start).unwrap();
        assert_eq!(theirs.ended, [Ending::Stalemate, Ending::DeadPosition]);
        assert_eq!(theirs.result, GameResult::Draw);
        // A stalemate below the count, or the count without a stalemate:
        // the reading says what ours says.
        let early = status("k7/8/1Q6/8/8/8/8/K7 w - - 10 100", &["b6c7"]);
        assert_eq!(Reading::StalemateBeforeTheCount.record(&early), None);
        let count = status("4k3/8/8/8/8/8/8/R3K3 w - - 149 80", &["a1a2"]);
        assert_eq!(Reading::StalemateBeforeTheCount.record(&count), None);
    }

    #[test]
    fn count_before_the_mate_holds_only_past_150_at_the_start() {
        let past = status("R5k1/5ppp/8/8/8/8/8/6K1 b - - 151 120", &[]);
        let theirs = Reading::CountBeforeTheMate.record(&past).unwrap();
        assert_eq!(theirs.ended, [Ending::SeventyFiveMoves]);
        assert_eq!(theirs.result, GameResult::Draw);
        let at = status("R5k1/5ppp/8/8/8/8/8/6K1 b - - 150 120", &[]);
        assert_eq!(Reading::CountBeforeTheMate.record(&at), None);
        let played = status("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120", &["a1a8"]);
        assert_eq!(Reading::CountBeforeTheMate.record(&played), None);
    }
}
