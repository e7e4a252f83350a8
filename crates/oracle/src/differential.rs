//! The differential oracle: run the same game through two implementations
//! of [`Rules`] through the judging pipeline and report the first ply where
//! any field of their records, or their acceptance of a move, differs.

use std::fmt;

use super::Agreement;
use drawrules::laws::Edition;
use drawrules::reference::Reference;
use drawrules::{Arbiter, Judgement, Notation, Rules, Status, judge};
use drawrules_scenario::Scenario;

/// Where two implementations first disagreed on a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DisagreementError {
    /// The edition under which they disagreed.
    pub edition: Edition,
    /// The ply whose record or move differed.
    pub ply: u32,
    /// What the first implementation said.
    pub left: String,
    /// What the second implementation said.
    pub right: String,
}

impl fmt::Display for DisagreementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at ply {}:\n  left:  {}\n  right: {}",
            self.edition, self.ply, self.left, self.right
        )
    }
}

impl std::error::Error for DisagreementError {}

/// Judges the scenario's moves from its start through `left` and `right`
/// under `edition`, with the judging pipeline, and compares every record and
/// the refusal that stopped the game, if any (its ply and reason).
///
/// # Errors
///
/// The first [`DisagreementError`].
pub fn first_disagreement(
    left: &mut dyn Rules,
    right: &mut dyn Rules,
    scenario: &Scenario,
    edition: Edition,
    agreement: &mut Agreement,
) -> Result<(), DisagreementError> {
    let moves = scenario.uci();
    let a = &judge(left, &scenario.start, edition, &moves, Notation::Uci);
    let b = &judge(right, &scenario.start, edition, &moves, Notation::Uci);
    let disagree = |ply: usize, left: String, right: String| DisagreementError {
        edition,
        ply: u32::try_from(ply).unwrap_or(u32::MAX),
        left,
        right,
    };
    for ply in 0..a.records.len().max(b.records.len()) {
        match (a.records.get(ply), b.records.get(ply)) {
            (Some(x), Some(y)) if x == y => agreement.count(x),
            (x, y) => return Err(disagree(ply, record(x, a), record(y, b))),
        }
    }
    if a.refusal != b.refusal {
        return Err(disagree(
            a.records.len(),
            format!("{:?}", a.refusal),
            format!("{:?}", b.refusal),
        ));
    }
    Ok(())
}

/// A ply's record as JSON, or the refusal that left it unplayed.
fn record(status: Option<&Status>, judged: &Judgement) -> String {
    match status {
        Some(status) => json(status),
        None => format!("no record: {:?}", judged.refusal),
    }
}

/// The arbiter against the reference on a scenario, under both editions.
///
/// # Errors
///
/// The first [`DisagreementError`] (left is the reference, right the arbiter).
pub fn arbiter_matches_reference(scenario: &Scenario) -> Result<Agreement, DisagreementError> {
    let mut agreement = Agreement {
        inputs: 1,
        ..Agreement::default()
    };
    for edition in Edition::ALL {
        first_disagreement(
            &mut Reference::default(),
            &mut Arbiter::default(),
            scenario,
            edition,
            &mut agreement,
        )?;
    }
    Ok(agreement)
}

pub(crate) fn json(status: &Status) -> String {
    serde_json::to_string(status).unwrap_or_else(|err| format!("{status:?} ({err})"))
}
