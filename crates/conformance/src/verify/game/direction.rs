//! Which way an answer departs from ours, for the groups whose answers have
//! a way: an ending or a claim the engine misses or adds, a count above or
//! below ours, a move it refuses or plays. The direction is the kind of
//! such a group's findings: a known divergence names one, so that a
//! library's second bug in the same part and cause, the other way round,
//! still shows.

use std::fmt;

use drawrules::{GameResult, PartialStatus};

use crate::protocol::Part;
use crate::verify::game::group::Group;

/// Which way an engine's answer departs from ours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// The engine lacks what ours has: an ending, a claim, a result where
    /// our game ended, moves of a written-move list.
    Missed,
    /// The engine has what ours lacks.
    Extra,
    /// A written-move list that lacks some of our moves and has others.
    MissedAndExtra,
    /// A count (repetition, clock) above ours.
    Higher,
    /// A count below ours.
    Lower,
    /// Neither missed nor extra: an ending or claim listed twice, another
    /// result where both games ended.
    Other,
    /// The engine refuses a move (or a start) that our reference accepts.
    Refused,
    /// The engine plays a move (or takes a start) that our reference
    /// refuses.
    Accepted,
}

impl Direction {
    /// Every direction, in the order reports list them.
    pub const ALL: [Direction; 8] = [
        Direction::Missed,
        Direction::Extra,
        Direction::MissedAndExtra,
        Direction::Higher,
        Direction::Lower,
        Direction::Other,
        Direction::Refused,
        Direction::Accepted,
    ];

    /// The name in reports and known-divergences files.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Missed => "missed",
            Direction::Extra => "extra",
            Direction::MissedAndExtra => "missed-and-extra",
            Direction::Higher => "higher",
            Direction::Lower => "lower",
            Direction::Other => "other",
            Direction::Refused => "refused",
            Direction::Accepted => "accepted",
        }
    }

    /// The directions the findings of `group` take: none for a group whose
    /// findings have no direction (the `fen`, whose causes are its fields,
    /// and the groups beside the parts but `move-acceptance`).
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_conformance::protocol::Part;
    /// use drawrules_conformance::verify::{Direction, Group};
    ///
    /// assert_eq!(Direction::of(Group::Part(Part::Clock)), [Direction::Higher, Direction::Lower]);
    /// assert_eq!(Direction::of(Group::Part(Part::Fen)), []);
    /// ```
    pub fn of(group: Group) -> &'static [Direction] {
        use Direction::{Accepted, Extra, Higher, Lower, Missed, MissedAndExtra, Other, Refused};
        match group {
            Group::Part(Part::Fen | Part::Moves) => &[],
            Group::Part(Part::Repetition | Part::Clock) => &[Higher, Lower],
            Group::Part(Part::ThreefoldOnMove | Part::FiftyMovesOnMove) => {
                &[Missed, Extra, MissedAndExtra]
            }
            Group::Part(_) => &[Missed, Extra, Other],
            Group::MoveAcceptance => &[Refused, Accepted],
            _ => &[],
        }
    }

    /// The direction of `actual` against `expected`, both records
    /// projected on `part` (only its field, only its ending or claim);
    /// `None` for a part whose answers have no direction.
    pub(crate) fn of_records(
        part: Part,
        expected: &PartialStatus,
        actual: &PartialStatus,
    ) -> Option<Direction> {
        let count = |value: Option<u64>| value.unwrap_or(0);
        fn listed<T>(list: Option<&Vec<T>>) -> usize {
            list.map_or(0, Vec::len)
        }
        match part {
            Part::Fen | Part::Moves => None,
            Part::Repetition => Some(Direction::of_counts(
                count(expected.repetition),
                count(actual.repetition),
            )),
            Part::Clock => Some(Direction::of_counts(
                count(expected.clock),
                count(actual.clock),
            )),
            Part::ThreefoldOnMove | Part::FiftyMovesOnMove => {
                let list = |record: &PartialStatus| -> Vec<String> {
                    let lists = record.claims_on_move.as_ref();
                    let list = if part == Part::ThreefoldOnMove {
                        lists.and_then(|l| l.threefold_repetition.clone())
                    } else {
                        lists.and_then(|l| l.fifty_moves.clone())
                    };
                    list.unwrap_or_default()
                };
                let (ours, theirs) = (list(expected), list(actual));
                let missed = ours.iter().any(|mv| !theirs.contains(mv));
                let extra = theirs.iter().any(|mv| !ours.contains(mv));
                Some(match (missed, extra) {
                    (true, true) => Direction::MissedAndExtra,
                    (true, false) => Direction::Missed,
                    // A list with a move twice is longer, never shorter.
                    _ => Direction::Extra,
                })
            }
            Part::Result => {
                let ongoing = |record: &PartialStatus| record.result == Some(GameResult::Ongoing);
                Some(match (ongoing(expected), ongoing(actual)) {
                    (false, true) => Direction::Missed,
                    (true, false) => Direction::Extra,
                    _ => Direction::Other,
                })
            }
            Part::DrawClaimable => Some(Direction::of_presence(
                usize::from(expected.draw_claimable == Some(true)),
                usize::from(actual.draw_claimable == Some(true)),
            )),
            _ if part.ending().is_some() => Some(Direction::of_presence(
                listed(expected.ended.as_ref()),
                listed(actual.ended.as_ref()),
            )),
            _ if part.claim().is_some() => Some(Direction::of_presence(
                listed(expected.claims.as_ref()),
                listed(actual.claims.as_ref()),
            )),
            _ => None,
        }
    }

    /// An ending, claim or per-game claim that holds `ours` and `theirs`
    /// times (listed, or 0 and 1).
    pub(crate) fn of_presence(ours: usize, theirs: usize) -> Direction {
        match (ours, theirs) {
            (1.., 0) => Direction::Missed,
            (0, 1..) => Direction::Extra,
            _ => Direction::Other,
        }
    }

    /// A count of `theirs` against `ours`.
    fn of_counts(ours: u64, theirs: u64) -> Direction {
        if theirs > ours {
            Direction::Higher
        } else {
            Direction::Lower
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use drawrules::{Claim, Ending};

    #[test]
    fn each_part_departs_one_way_or_the_other() {
        let ended = |endings: Vec<Ending>| PartialStatus {
            ended: Some(endings),
            ..PartialStatus::default()
        };
        let mate = ended(vec![Ending::Checkmate]);
        let none = ended(Vec::new());
        let of = Direction::of_records;
        assert_eq!(of(Part::Checkmate, &mate, &none), Some(Direction::Missed));
        assert_eq!(of(Part::Checkmate, &none, &mate), Some(Direction::Extra));
        let twice = ended(vec![Ending::Checkmate, Ending::Checkmate]);
        assert_eq!(of(Part::Checkmate, &mate, &twice), Some(Direction::Other));
        let claims = |claims: Vec<Claim>| PartialStatus {
            claims: Some(claims),
            ..PartialStatus::default()
        };
        let threefold = claims(vec![Claim::ThreefoldRepetition]);
        assert_eq!(
            of(Part::ThreefoldRepetition, &claims(Vec::new()), &threefold),
            Some(Direction::Extra)
        );
        let counted = |repetition: u64| PartialStatus {
            repetition: Some(repetition),
            ..PartialStatus::default()
        };
        assert_eq!(
            of(Part::Repetition, &counted(3), &counted(2)),
            Some(Direction::Lower)
        );
        assert_eq!(
            of(Part::Repetition, &counted(2), &counted(3)),
            Some(Direction::Higher)
        );
        let result = |result: GameResult| PartialStatus {
            result: Some(result),
            ..PartialStatus::default()
        };
        let (ongoing, drawn) = (result(GameResult::Ongoing), result(GameResult::Draw));
        assert_eq!(of(Part::Result, &drawn, &ongoing), Some(Direction::Missed));
        assert_eq!(of(Part::Result, &ongoing, &drawn), Some(Direction::Extra));
        let won = result(GameResult::WhiteWins);
        assert_eq!(of(Part::Result, &won, &drawn), Some(Direction::Other));
        assert_eq!(of(Part::Fen, &drawn, &won), None);
    }

    #[test]
    fn a_direction_is_one_a_group_takes() {
        for part in Part::ALL {
            let group = Group::Part(part);
            let taken = Direction::of(group);
            assert_eq!(
                taken.is_empty(),
                matches!(part, Part::Fen | Part::Moves),
                "{part:?}"
            );
        }
        assert_eq!(
            Direction::of(Group::MoveAcceptance),
            [Direction::Refused, Direction::Accepted]
        );
        assert!(Direction::of(Group::AnswerShape).is_empty());
    }
}
