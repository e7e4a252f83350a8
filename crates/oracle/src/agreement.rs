//! What the oracles' inputs reached, counted per input and over a run.

use std::fmt;
use std::sync::Mutex;

use drawrules::Status;
use drawrules::laws::Ending;

use crate::dead_position::DecisionCounts;

/// What one or more inputs reached while the oracles found nothing wrong.
///
/// # Examples
///
/// ```
/// use drawrules_oracle::{Agreement, arbiter_matches_reference};
/// use drawrules_scenario::Scenario;
///
/// let scenario = Scenario::from_bytes(b"some fuzzer bytes");
/// let agreement: Agreement = arbiter_matches_reference(&scenario).unwrap();
/// assert_eq!(agreement.inputs, 1);
/// assert!(agreement.records >= 2, "ply 0 under both editions at least");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    /// Inputs judged.
    pub inputs: u64,
    /// Inputs refused before any record (an invalid FEN, say).
    pub rejected: u64,
    /// Status records checked (every ply, every edition, every engine
    /// compared counts once).
    pub records: u64,
    /// Records in which each ending held, in the order of [`Ending::ALL`].
    pub endings: [u64; 5],
    /// Records with a claim open now.
    pub claims_now: u64,
    /// Records with a claim open on a written move.
    pub claims_on_move: u64,
    /// Records with an ending decided neither way (5.2.2 under the exact
    /// rule).
    pub undetermined: u64,
    /// Plies where the arbiter's exact 5.2.2 rule gave a helpmate line and
    /// the line was replayed to its checkmate.
    pub lines_replayed: u64,
    /// Of those, the lines the arbiter carried from the ply before rather
    /// than found by the full decision.
    pub lines_carried: u64,
    /// Records where one of the two 5.2.2 decisions (the reference's or the
    /// arbiter's own) left the position undetermined and the other proved
    /// it alive: the one difference between their records that is
    /// allowed, since an undetermined verdict is held against nobody.
    pub decided_apart: u64,
    /// Inputs that started from each family of 5.2.2 starts (a locked
    /// structure, a small endgame), as `BlockedFamily::ALL` orders them.
    pub families: [u64; 2],
    /// The two 5.2.2 decisions compared side by side on the last position
    /// of each such input.
    pub decisions: DecisionCounts,
    /// Inputs judged under one edition alone, the one the input chose, per
    /// edition in the order of `Edition::ALL` (2018, then 2014): how often
    /// each was reached by an oracle that judges one edition an input.
    pub editions: [u64; 2],
    /// Corpus cases that ask for the exact 5.2.2 rule and were run under
    /// the material rule instead (see
    /// [`ExactCases`](crate::ExactCases)): what the run did not compare.
    pub exact_as_material: u64,
}

impl Agreement {
    /// Counts one record.
    pub(crate) fn count(&mut self, status: &Status) {
        self.records += 1;
        for (slot, ending) in self.endings.iter_mut().zip(Ending::ALL) {
            if status.ended.contains(&ending) {
                *slot += 1;
            }
        }
        if !status.claims.is_empty() {
            self.claims_now += 1;
        }
        if !status.claims_on_move.is_empty() {
            self.claims_on_move += 1;
        }
        if !status.undetermined.is_empty() {
            self.undetermined += 1;
        }
    }

    /// Adds `other`'s counts to these.
    pub fn merge(&mut self, other: &Agreement) {
        self.inputs += other.inputs;
        self.rejected += other.rejected;
        self.records += other.records;
        for (mine, theirs) in self.endings.iter_mut().zip(other.endings) {
            *mine += theirs;
        }
        self.claims_now += other.claims_now;
        self.claims_on_move += other.claims_on_move;
        self.undetermined += other.undetermined;
        self.lines_replayed += other.lines_replayed;
        self.lines_carried += other.lines_carried;
        self.decided_apart += other.decided_apart;
        for (mine, theirs) in self.families.iter_mut().zip(other.families) {
            *mine += theirs;
        }
        self.decisions.merge(&other.decisions);
        for (mine, theirs) in self.editions.iter_mut().zip(other.editions) {
            *mine += theirs;
        }
        self.exact_as_material += other.exact_as_material;
    }
}

impl fmt::Display for Agreement {
    /// One line: `inputs 4096 (rejected 12), records 81234, checkmate 31, ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "inputs {} (rejected {}), records {}",
            self.inputs, self.rejected, self.records
        )?;
        for (ending, count) in Ending::ALL.iter().zip(self.endings) {
            write!(f, ", {ending} {count}")?;
        }
        write!(
            f,
            ", claim now {}, claim on a written move {}, undetermined {}",
            self.claims_now, self.claims_on_move, self.undetermined
        )?;
        if self.lines_replayed + self.decided_apart > 0 {
            write!(
                f,
                ", helpmate lines replayed {} (carried {}), decided apart {}",
                self.lines_replayed, self.lines_carried, self.decided_apart
            )?;
        }
        if self.editions.iter().any(|&count| count > 0) {
            write!(
                f,
                ", judged under fide-2018 {}, fide-2014 {}",
                self.editions[0], self.editions[1]
            )?;
        }
        if self.exact_as_material > 0 {
            write!(
                f,
                ", exact cases run under the material rule {}",
                self.exact_as_material
            )?;
        }
        if self.decisions.sides > 0 {
            write!(
                f,
                "; starts: locked {}, endgame {}; decisions compared: {}",
                self.families[0], self.families[1], self.decisions
            )?;
        }
        Ok(())
    }
}

/// A running total of [`Agreement`]s that a fuzz target keeps in a
/// `static` and that prints itself to standard error now and then: at
/// 1,024 inputs, then at every doubling up to 65,536, then every 100,000.
///
/// # Examples
///
/// ```
/// use drawrules_oracle::{Agreement, Statistics};
///
/// static STATS: Statistics = Statistics::new("example");
/// STATS.add(&Agreement { inputs: 1, records: 3, ..Agreement::default() });
/// assert_eq!(STATS.total().records, 3);
/// ```
#[derive(Debug)]
pub struct Statistics {
    name: &'static str,
    total: Mutex<Agreement>,
}

impl Statistics {
    /// An empty total for the target called `name`.
    pub const fn new(name: &'static str) -> Statistics {
        Statistics {
            name,
            total: Mutex::new(Agreement {
                inputs: 0,
                rejected: 0,
                records: 0,
                endings: [0; 5],
                claims_now: 0,
                claims_on_move: 0,
                undetermined: 0,
                lines_replayed: 0,
                lines_carried: 0,
                decided_apart: 0,
                families: [0; 2],
                decisions: DecisionCounts::NONE,
                editions: [0; 2],
                exact_as_material: 0,
            }),
        }
    }

    /// Adds one input's counts, printing the total when it is time.
    pub fn add(&self, agreement: &Agreement) {
        let mut total = self
            .total
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let before = total.inputs;
        total.merge(agreement);
        if (before..total.inputs).any(|n| is_report_point(n + 1)) {
            eprintln!("stats {}: {}", self.name, *total);
        }
    }

    /// The total so far.
    pub fn total(&self) -> Agreement {
        self.total
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }
}

fn is_report_point(inputs: u64) -> bool {
    if inputs <= 65_536 {
        inputs >= 1_024 && inputs.is_power_of_two()
    } else {
        inputs.is_multiple_of(100_000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_points() {
        let points: Vec<u64> = (1..=300_000).filter(|&n| is_report_point(n)).collect();
        assert_eq!(
            points,
            [
                1_024, 2_048, 4_096, 8_192, 16_384, 32_768, 65_536, 100_000, 200_000, 300_000
            ]
        );
    }

    #[test]
    fn merge_adds_every_count() {
        let one = Agreement {
            inputs: 1,
            rejected: 1,
            records: 5,
            endings: [1, 0, 2, 0, 3],
            claims_now: 4,
            claims_on_move: 2,
            undetermined: 1,
            lines_replayed: 0,
            lines_carried: 0,
            decided_apart: 0,
            families: [0; 2],
            decisions: DecisionCounts::default(),
            editions: [0; 2],
            exact_as_material: 1,
        };
        let mut total = one.clone();
        total.merge(&one);
        assert_eq!(
            total,
            Agreement {
                inputs: 2,
                rejected: 2,
                records: 10,
                endings: [2, 0, 4, 0, 6],
                claims_now: 8,
                claims_on_move: 4,
                undetermined: 2,
                lines_replayed: 0,
                lines_carried: 0,
                decided_apart: 0,
                families: [0; 2],
                decisions: DecisionCounts::default(),
                editions: [0; 2],
                exact_as_material: 2,
            }
        );
        assert_eq!(
            one.to_string(),
            "inputs 1 (rejected 1), records 5, checkmate 1, stalemate 0, dead-position 2, \
             fivefold-repetition 0, seventy-five-moves 3, claim now 4, claim on a written move 2, undetermined 1, \
             exact cases run under the material rule 1"
        );
        let lines = Agreement {
            lines_replayed: 7,
            lines_carried: 3,
            decided_apart: 1,
            exact_as_material: 0,
            ..one.clone()
        };
        let mut twice = lines.clone();
        twice.merge(&lines);
        assert_eq!(
            (
                twice.lines_replayed,
                twice.lines_carried,
                twice.decided_apart
            ),
            (14, 6, 2)
        );
        assert!(
            lines.to_string().ends_with(
                "undetermined 1, helpmate lines replayed 7 (carried 3), decided apart 1"
            ),
            "{lines}"
        );
        let editions = Agreement {
            editions: [3, 1],
            exact_as_material: 0,
            ..one
        };
        assert!(
            editions
                .to_string()
                .ends_with("undetermined 1, judged under fide-2018 3, fide-2014 1"),
            "{editions}"
        );
        let mut both = editions.clone();
        both.merge(&editions);
        assert_eq!(both.editions, [6, 2]);
    }
}
