//! The differential oracle: run the same game through two implementations
//! of [`Rules`] and report the first ply where any field of their records,
//! or their acceptance of a move, differs.

use std::fmt;

use shakmaty::uci::UciMove;

use super::Agreement;
use crate::arbiter::Arbiter;
use crate::laws::Edition;
use crate::reference::Reference;
use crate::rules::{Rules, RulesError};
use crate::scenario::Scenario;
use crate::status::Status;

/// Where two implementations first disagreed on a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The edition under which they disagreed.
    pub edition: Edition,
    /// The ply whose record or move differed.
    pub ply: u32,
    /// What the first implementation said.
    pub left: String,
    /// What the second implementation said.
    pub right: String,
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at ply {}:\n  left:  {}\n  right: {}",
            self.edition, self.ply, self.left, self.right
        )
    }
}

impl std::error::Error for Divergence {}

/// Replays `moves` from the scenario's start through `left` and `right`
/// under `edition`, comparing every record and every move's acceptance.
/// Stops after the first move both refuse (with the same error).
///
/// # Errors
///
/// The first [`Divergence`].
pub fn compare(
    left: &mut dyn Rules,
    right: &mut dyn Rules,
    scenario: &Scenario,
    edition: Edition,
    agreement: &mut Agreement,
) -> Result<(), Divergence> {
    let diverge = |ply: u32, l: String, r: String| Divergence {
        edition,
        ply,
        left: l,
        right: r,
    };
    let started = (
        left.start(&scenario.start, edition),
        right.start(&scenario.start, edition),
    );
    if started.0 != started.1 {
        return Err(diverge(
            0,
            format!("{:?}", started.0),
            format!("{:?}", started.1),
        ));
    }
    let mut ply = 0;
    loop {
        let (a, b) = (left.status(), right.status());
        if a != b {
            return Err(diverge(ply, json(&a), json(&b)));
        }
        agreement.count(&a);
        let Some(&mv) = scenario.moves.get(ply as usize) else {
            return Ok(());
        };
        ply += 1;
        let uci = UciMove::from_move(mv, scenario.start.castling_mode());
        let played: (Result<(), RulesError>, Result<(), RulesError>) =
            (left.play(uci), right.play(uci));
        match played {
            (Ok(()), Ok(())) => {}
            (Err(a), Err(b)) if a == b => return Ok(()),
            (a, b) => {
                return Err(diverge(
                    ply,
                    format!("{uci}: {a:?}"),
                    format!("{uci}: {b:?}"),
                ));
            }
        }
    }
}

/// The arbiter against the reference on a scenario, under both editions.
///
/// # Errors
///
/// The first [`Divergence`] (left is the reference, right the arbiter).
pub fn arbiter_matches_reference(scenario: &Scenario) -> Result<Agreement, Divergence> {
    let mut agreement = Agreement {
        inputs: 1,
        ..Agreement::default()
    };
    for edition in Edition::ALL {
        compare(
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
