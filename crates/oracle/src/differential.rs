//! The differential oracle: run the same game through two implementations
//! of [`Rules`] through the judging pipeline and report the first ply where
//! any field of their records, or their acceptance of a move, differs.

use std::fmt;

use super::Agreement;
use crate::dead_position::{Reachable, decisions_agree, mate_reachable};
use drawrules::laws::Edition;
use drawrules::laws::Ending;
use drawrules::mating::{Budget, DeadRule};
use drawrules::reference::Reference;
use drawrules::{Arbiter, Judgement, Notation, Rules, Status, judge};
use drawrules_scenario::{BlockedFamily, Scenario};
use shakmaty::Position;

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
    compared(left, right, scenario, edition, agreement, &|_, _| false).map(|_| ())
}

/// [`first_disagreement`], except that a pair of records `left` and
/// `right` that differ is let through when `allowed` says so (counted in
/// [`Agreement::decided_apart`], `right`'s record counted). The number of
/// records `right` gave.
fn compared(
    left: &mut dyn Rules,
    right: &mut dyn Rules,
    scenario: &Scenario,
    edition: Edition,
    agreement: &mut Agreement,
    allowed: &dyn Fn(&Status, &Status) -> bool,
) -> Result<usize, DisagreementError> {
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
            (Some(x), Some(y)) if allowed(x, y) => {
                agreement.count(y);
                agreement.decided_apart += 1;
            }
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
    Ok(b.records.len())
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

/// The arbiter against the reference on a scenario, under the scenario's
/// own edition only (the one its bytes chose): the fuzz target's oracle.
///
/// Half the work of [`arbiter_matches_reference`] per input, for the same
/// comparison: the editions differ in one rule (9.6.1), and a fuzzer that
/// mutates the byte choosing the edition judges the same game under the
/// other one as readily as any other change. [`Agreement::editions`]
/// counts the inputs judged under each.
///
/// # Errors
///
/// The first [`DisagreementError`] (left is the reference, right the arbiter).
///
/// # Examples
///
/// ```
/// use drawrules_oracle::arbiter_matches_reference_in_its_edition;
/// use drawrules_scenario::Scenario;
///
/// let scenario = Scenario::from_bytes(b"some fuzzer bytes");
/// let agreement = arbiter_matches_reference_in_its_edition(&scenario).unwrap();
/// assert_eq!(agreement.editions.iter().sum::<u64>(), 1);
/// ```
pub fn arbiter_matches_reference_in_its_edition(
    scenario: &Scenario,
) -> Result<Agreement, DisagreementError> {
    let mut agreement = Agreement {
        inputs: 1,
        ..Agreement::default()
    };
    first_disagreement(
        &mut Reference::default(),
        &mut Arbiter::default(),
        scenario,
        scenario.edition,
        &mut agreement,
    )?;
    agreement.editions[edition_index(scenario.edition)] += 1;
    Ok(agreement)
}

/// Where `edition` stands in `Edition::ALL`.
fn edition_index(edition: Edition) -> usize {
    Edition::ALL
        .iter()
        .position(|&one| one == edition)
        .unwrap_or(0)
}

/// The most positions the independent visit looks at to confirm a dead
/// verdict of the exact rule ([`exact_dead_position_game`]).
pub const CONFIRM_LIMIT: usize = 50_000;

/// The budget of the exact 5.2.2 rule in [`exact_dead_position_game`]:
/// a twentieth of the default's helpmate expansions and explored
/// positions, so that a game costs about a millisecond and undetermined
/// verdicts (compared like any other field) come up too.
///
/// What the oracle is for is the agreement of the two decisions, not the
/// reach of either search: a search that gives up costs its whole budget
/// and decides nothing, and with this budget every kind of answer (a line,
/// the material, the wall, every reachable position seen) is compared more
/// often a second than with four times as much (on the fuzz corpus of
/// `dead_position_game`: lines found by the reference 237 a second where
/// they were 180, exhausted visits 16 where they were 8).
pub const ORACLE_BUDGET: Budget = Budget {
    helpmate_nodes: 500,
    explored_positions: 1_000,
};

/// The arbiter against the reference with Article 5.2.2 decided exactly
/// ([`DeadRule::Exact`] with `budget`), on a game from [`Scenario::blocked_from_bytes`]
/// (a locked structure or a small endgame, then a few moves): every field
/// of every record, `undetermined` included, with one difference allowed
/// and counted ([`Agreement::decided_apart`]): the reference left 5.2.2
/// undetermined and the arbiter proved the position alive with a line it
/// carried from the ply before. Then the arbiter's evidence on its own: at
/// every ply it calls alive (not dead, not undetermined, not checkmate) it
/// must hold a helpmate line, and the line must replay to a checkmate by
/// its side. When the game ends in a position both call dead, an exhaustive
/// visit written apart from the library ([`mate_reachable`]) must find no
/// checkmate from it, where at most [`CONFIRM_LIMIT`] positions are
/// reachable.
///
/// # Errors
///
/// The first [`DisagreementError`] (left is the reference, right the
/// arbiter, or the independent visit, or the arbiter's line).
///
/// # Examples
///
/// ```
/// use drawrules_oracle::exact_dead_position_game;
///
/// use drawrules_oracle::ORACLE_BUDGET;
///
/// let bytes = [1, 2, 3, 4, 5, 6, 7, 8, 0, 9, 9];
/// let agreement = exact_dead_position_game(&bytes, ORACLE_BUDGET).unwrap();
/// assert_eq!(agreement.inputs, 1);
/// assert!(agreement.records >= 1);
/// ```
pub fn exact_dead_position_game(
    bytes: &[u8],
    budget: Budget,
) -> Result<Agreement, DisagreementError> {
    let scenario = Scenario::blocked_from_bytes(bytes);
    let edition = scenario.edition;
    let mut agreement = Agreement {
        inputs: 1,
        ..Agreement::default()
    };
    let mut reference = Reference::default();
    let mut arbiter = Arbiter::default();
    reference.set_dead_rule(DeadRule::Exact(budget));
    arbiter.set_dead_rule(DeadRule::Exact(budget));
    let records = compared(
        &mut reference,
        &mut arbiter,
        &scenario,
        edition,
        &mut agreement,
        &decided_apart,
    )?;
    (agreement.lines_replayed, agreement.lines_carried) =
        arbiter_lines_replay(&scenario, budget, records)?;
    let last = reference.status();
    let family = BlockedFamily::of(bytes);
    agreement.families[family as usize] += 1;
    agreement.editions[edition_index(edition)] += 1;
    decisions_agree(reference.position(), budget, &mut agreement.decisions).map_err(|right| {
        DisagreementError {
            edition: scenario.edition,
            ply: last.ply,
            left: "the two 5.2.2 decisions on the last position".to_owned(),
            right,
        }
    })?;
    if last.ended.contains(&Ending::DeadPosition)
        && let Reachable::Mate(side) = mate_reachable(reference.position(), CONFIRM_LIMIT)
    {
        return Err(DisagreementError {
            edition: scenario.edition,
            ply: last.ply,
            left: json(&last),
            right: format!("an independent visit reaches a checkmate by {side:?}"),
        });
    }
    Ok(agreement)
}

/// Whether the two records differ only in that one of the two decisions
/// of 5.2.2 (the reference's, written for reading, or the arbiter's own,
/// built for speed) left the position undetermined and the other called it
/// alive: nothing else differs, `ended` included. The arbiter's line is
/// replayed apart; a dead verdict is never let through this way.
fn decided_apart(reference: &Status, arbiter: &Status) -> bool {
    let undetermined = |status: &Status| status.undetermined.contains(&Ending::DeadPosition);
    undetermined(reference) != undetermined(arbiter)
        && Status {
            undetermined: arbiter.undetermined.clone(),
            ..reference.clone()
        } == *arbiter
}

/// Replays the scenario's first `records - 1` moves through an arbiter
/// under the exact rule with `budget` and, at every ply it calls alive,
/// replays its helpmate line: how many lines replayed to their checkmate,
/// and how many of them the arbiter carried from the ply before.
fn arbiter_lines_replay(
    scenario: &Scenario,
    budget: Budget,
    records: usize,
) -> Result<(u64, u64), DisagreementError> {
    let failed = |ply: u32, right: String| DisagreementError {
        edition: scenario.edition,
        ply,
        left: "the arbiter's evidence for an alive position".to_owned(),
        right,
    };
    let mut arbiter =
        Arbiter::new(&scenario.start, scenario.edition).with_dead_rule(DeadRule::Exact(budget));
    let mut replayed = 0;
    for mv in std::iter::once(None)
        .chain(scenario.moves.iter().map(Some))
        .take(records)
    {
        if let Some(&mv) = mv {
            arbiter
                .play_move(mv)
                .map_err(|err| failed(arbiter.ply() + 1, format!("the move was refused: {err}")))?;
        }
        let status = arbiter.status();
        let alive = status.ended.is_empty() && status.undetermined.is_empty();
        match arbiter.helpmate() {
            Some((side, line)) => {
                let mut position = arbiter.position().clone();
                for &step in line {
                    position = position.play(step).map_err(|_| {
                        failed(arbiter.ply(), format!("{step:?} of {line:?} is not legal"))
                    })?;
                }
                if !position.is_checkmate() || position.turn() == side {
                    return Err(failed(
                        arbiter.ply(),
                        format!("{line:?} is not a checkmate by {side:?}"),
                    ));
                }
                replayed += 1;
            }
            None if alive => {
                return Err(failed(
                    arbiter.ply(),
                    "alive with no helpmate line".to_owned(),
                ));
            }
            None => {}
        }
    }
    Ok((replayed, arbiter.dead_searches().carried))
}

pub(crate) fn json(status: &Status) -> String {
    serde_json::to_string(status).unwrap_or_else(|err| format!("{status:?} ({err})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status() -> Status {
        Arbiter::default().status()
    }

    #[test]
    fn only_undetermined_against_alive_may_be_decided_apart() {
        let alive = status();
        let mut undetermined = status();
        undetermined.undetermined = vec![Ending::DeadPosition];
        assert!(decided_apart(&undetermined, &alive));
        // Either decision may be the one that gave up.
        assert!(decided_apart(&alive, &undetermined));
        assert!(!decided_apart(&alive, &alive));
        // Nor when anything else differs too.
        let mut dead = status();
        dead.ended = vec![Ending::DeadPosition];
        assert!(!decided_apart(&undetermined, &dead));
        let mut later = alive.clone();
        later.clock += 1;
        assert!(!decided_apart(&undetermined, &later));
    }
}
