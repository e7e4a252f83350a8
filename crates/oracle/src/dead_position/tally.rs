//! The survey's counts over many judged positions, and the table row they
//! print as.

use std::fmt;

use drawrules::mating::Deadness;

use super::{CheckedVerdict, Confirmation, DeadBy};

/// Counts over judged positions.
///
/// # Examples
///
/// ```
/// use drawrules::mating::Budget;
/// use drawrules_oracle::dead_position::{Tally, decide_and_check};
/// use shakmaty::{CastlingMode, Chess, fen::Fen};
///
/// let rook: Chess = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
///     .parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// let mut tally = Tally::default();
/// tally.add(&decide_and_check(&rook, Budget::DEFAULT, 1_000));
/// assert_eq!((tally.positions, tally.alive, tally.wrong_witnesses), (1, 1, 0));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Tally {
    /// Positions judged.
    pub positions: usize,
    /// Dead by material alone.
    pub dead_material: usize,
    /// Dead by a locked wall.
    pub dead_wall: usize,
    /// Dead by visiting every reachable position.
    pub dead_exhausted: usize,
    /// Alive.
    pub alive: usize,
    /// Undetermined within the budget.
    pub undetermined: usize,
    /// Alive lines that do not replay to a checkmate by the side named.
    pub wrong_witnesses: usize,
    /// Dead verdicts confirmed by the independent visit.
    pub confirmed: usize,
    /// Dead verdicts the independent visit found a mate against.
    pub contradicted: usize,
    /// Dead verdicts with too many reachable positions to confirm.
    pub not_checkable: usize,
    /// Each verdict's time, in milliseconds.
    pub times_ms: Vec<f64>,
}

impl Tally {
    /// Counts one judged position.
    pub fn add(&mut self, judged: &CheckedVerdict) {
        self.positions += 1;
        self.times_ms.push(judged.time.as_secs_f64() * 1e3);
        match (&judged.verdict, judged.dead_by()) {
            (Deadness::Alive { .. }, _) => self.alive += 1,
            (Deadness::Undetermined, _) => self.undetermined += 1,
            (_, Some(DeadBy::Material)) => self.dead_material += 1,
            (_, Some(DeadBy::Wall)) => self.dead_wall += 1,
            (_, _) => self.dead_exhausted += 1,
        }
        self.wrong_witnesses += usize::from(judged.witness_holds == Some(false));
        match judged.confirmation {
            Some(Confirmation::Confirmed) => self.confirmed += 1,
            Some(Confirmation::Contradicted(_)) => self.contradicted += 1,
            Some(Confirmation::NotCheckable) => self.not_checkable += 1,
            None => {}
        }
    }

    /// Adds another tally's counts to this one.
    pub fn merge(&mut self, other: &Tally) {
        self.positions += other.positions;
        self.dead_material += other.dead_material;
        self.dead_wall += other.dead_wall;
        self.dead_exhausted += other.dead_exhausted;
        self.alive += other.alive;
        self.undetermined += other.undetermined;
        self.wrong_witnesses += other.wrong_witnesses;
        self.confirmed += other.confirmed;
        self.contradicted += other.contradicted;
        self.not_checkable += other.not_checkable;
        self.times_ms.extend_from_slice(&other.times_ms);
    }

    /// Dead positions, whatever the reason.
    pub fn dead(&self) -> usize {
        self.dead_material + self.dead_wall + self.dead_exhausted
    }

    /// Positions decided (dead or alive).
    pub fn decided(&self) -> usize {
        self.dead() + self.alive
    }

    /// The median and the worst time, in milliseconds (0 with none).
    pub fn median_and_worst_ms(&self) -> (f64, f64) {
        let mut times = self.times_ms.clone();
        times.sort_by(f64::total_cmp);
        let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
        (median, times.last().copied().unwrap_or(0.0))
    }

    /// The header of the table [`Tally`]'s `Display` writes rows of.
    pub const HEADER: &'static str = "| family | positions | decided | dead: material | wall | \
         exhausted | alive | undetermined | wrong witnesses | dead confirmed | not checkable | \
         contradicted | median ms | worst ms |\n\
         |---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|";
}

/// One Markdown table row, without the family cell.
impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (median, worst) = self.median_and_worst_ms();
        write!(
            f,
            "{} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {median:.3} | {worst:.1} |",
            self.positions,
            self.decided(),
            self.dead_material,
            self.dead_wall,
            self.dead_exhausted,
            self.alive,
            self.undetermined,
            self.wrong_witnesses,
            self.confirmed,
            self.not_checkable,
            self.contradicted,
        )
    }
}
