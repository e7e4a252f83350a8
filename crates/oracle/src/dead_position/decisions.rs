//! The two 5.2.2 decisions of the library held against each other: the
//! reference's, written for reading, and the arbiter's own, built for
//! speed (`drawrules::unwinnable`). They share no code; where both decide
//! a side, they must decide it alike, and each helpmate line either gives
//! must replay to a checkmate by its side.

use std::fmt;

use drawrules::mating::{Budget, Mating, NoMate};
use drawrules::reference::dead_position as reference;
use drawrules::unwinnable;
use shakmaty::{CastlingMode, Chess, Color};

use super::replays_to_mate;

/// How the two decisions answered, side by side, over the positions
/// compared.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DecisionCounts {
    /// Sides compared (two per position).
    pub sides: u64,
    /// Each decision's answers (the reference's first), as
    /// [`DecisionCounts::ANSWERS`] names them.
    pub answers: [[u64; 5]; 2],
    /// Sides both decided (and alike).
    pub decided_by_both: u64,
    /// Sides only the reference decided.
    pub only_reference: u64,
    /// Sides only the fast decision decided.
    pub only_fast: u64,
}

impl DecisionCounts {
    /// Nothing counted yet.
    pub const NONE: DecisionCounts = DecisionCounts {
        sides: 0,
        answers: [[0; 5]; 2],
        decided_by_both: 0,
        only_reference: 0,
        only_fast: 0,
    };

    /// The kinds of answer counted in [`DecisionCounts::answers`].
    pub const ANSWERS: [&'static str; 5] =
        ["possible", "material", "wall", "exhausted", "undetermined"];

    /// Adds `other`'s counts to these.
    pub fn merge(&mut self, other: &DecisionCounts) {
        self.sides += other.sides;
        for (mine, theirs) in self.answers.iter_mut().zip(&other.answers) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
        self.decided_by_both += other.decided_by_both;
        self.only_reference += other.only_reference;
        self.only_fast += other.only_fast;
    }
}

impl fmt::Display for DecisionCounts {
    /// `sides 8: reference possible 5 material 1 …; fast …; both 7, …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sides {}:", self.sides)?;
        for (name, answers) in ["reference", "fast"].iter().zip(&self.answers) {
            write!(f, " {name}")?;
            for (kind, count) in Self::ANSWERS.iter().zip(answers) {
                write!(f, " {kind} {count}")?;
            }
            f.write_str(";")?;
        }
        write!(
            f,
            " decided by both {}, only the reference {}, only the fast one {}",
            self.decided_by_both, self.only_reference, self.only_fast
        )
    }
}

/// Which slot of [`DecisionCounts::ANSWERS`] an answer counts in.
fn slot(mating: &Mating) -> usize {
    match mating {
        Mating::Possible { .. } => 0,
        Mating::Impossible {
            reason: NoMate::Material,
        } => 1,
        Mating::Impossible {
            reason: NoMate::Wall,
        } => 2,
        Mating::Impossible {
            reason: NoMate::Exhausted { .. },
        } => 3,
        Mating::Undetermined => 4,
    }
}

/// Both decisions on each side of `position`, within `budget`, counted in
/// `counts`.
///
/// # Errors
///
/// What went wrong, in words: the two decided a side apart, or a line does
/// not replay to a checkmate by its side.
///
/// # Examples
///
/// ```
/// use drawrules::mating::Budget;
/// use drawrules_oracle::dead_position::{DecisionCounts, decisions_agree};
/// use shakmaty::{CastlingMode, Chess, fen::Fen};
///
/// let locked: Chess = "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1"
///     .parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// let mut counts = DecisionCounts::default();
/// decisions_agree(&locked, Budget::DEFAULT, &mut counts).unwrap();
/// assert_eq!(counts.sides, 2);
/// assert_eq!(counts.decided_by_both, 2);
/// assert_eq!(counts.answers[0][2], 2, "the reference: two walls");
/// ```
pub fn decisions_agree(
    position: &Chess,
    budget: Budget,
    counts: &mut DecisionCounts,
) -> Result<(), String> {
    let mode = CastlingMode::Standard;
    for side in Color::ALL {
        let slow = reference::can_ever_mate_in(position, side, mode, budget);
        let fast = unwinnable::can_ever_mate_in(position, side, mode, budget);
        counts.sides += 1;
        counts.answers[0][slot(&slow)] += 1;
        counts.answers[1][slot(&fast)] += 1;
        for (name, answer) in [("reference", &slow), ("fast", &fast)] {
            if let Mating::Possible { line } = answer
                && !replays_to_mate(position, line, side)
            {
                return Err(format!(
                    "{side:?}: the {name} decision's line {line:?} is not a checkmate by {side:?}"
                ));
            }
        }
        let decided = |answer: &Mating| !matches!(answer, Mating::Undetermined);
        match (decided(&slow), decided(&fast)) {
            (true, true) if slow.is_possible() != fast.is_possible() => {
                return Err(format!(
                    "{side:?}: the reference says {slow}, the fast decision {fast}"
                ));
            }
            (true, true) => counts.decided_by_both += 1,
            (true, false) => counts.only_reference += 1,
            (false, true) => counts.only_fast += 1,
            (false, false) => {}
        }
    }
    Ok(())
}
