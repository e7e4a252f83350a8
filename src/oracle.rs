//! Differential oracles (feature `generators`): run the same game through
//! two implementations of [`Rules`] and report the first ply where any field
//! of their records, or their acceptance of a move, differs.
//!
//! The same functions run in `cargo test` (from seeded bytes and proptest)
//! and in the fuzz targets.

use std::fmt;

use shakmaty::uci::UciMove;

use crate::arbiter::Arbiter;
use crate::laws::{Edition, Ending};
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

/// What a game that both implementations agreed on reached.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    /// Records compared (all plies, all editions).
    pub records: usize,
    /// The records in which each ending held.
    pub endings: Vec<(Ending, usize)>,
    /// Records with a claim open now.
    pub claims_now: usize,
    /// Records with a claim open on a written move.
    pub claims_on_move: usize,
}

impl Agreement {
    fn count(&mut self, status: &Status) {
        self.records += 1;
        for &ending in &status.ended {
            match self.endings.iter_mut().find(|(seen, _)| *seen == ending) {
                Some((_, n)) => *n += 1,
                None => self.endings.push((ending, 1)),
            }
        }
        if !status.claims.is_empty() {
            self.claims_now += 1;
        }
        if !status.claims_on_move.is_empty() {
            self.claims_on_move += 1;
        }
    }
}

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
        let uci = UciMove::from_move(mv, shakmaty::CastlingMode::Standard);
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
    let mut agreement = Agreement::default();
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

fn json(status: &Status) -> String {
    serde_json::to_string(status).unwrap_or_else(|err| format!("{status:?} ({err})"))
}
