//! The departures from the run's FEN conventions, found as the games are
//! judged, before the run has decided its conventions: for every
//! convention a field could be decided for, the findings its departures
//! would be, counted and kept as [`Findings`] keeps them. Once the run
//! decides, the decided conventions' findings join the others, so that no
//! game needs to be held until then.

use std::collections::BTreeMap;

use drawrules::Judgement;

use crate::protocol::Part;

use crate::verify::game::cause::Cause;
use crate::verify::game::conventions::Convention;
use crate::verify::game::conventions::counted::{ConventionTally, DecidedConventions};
use crate::verify::game::divergence::Divergence;
use crate::verify::game::group::Group;
use crate::verify::game::trial::RunGame;
use crate::verify::tally::findings::{Findings, Order};
use crate::verify::tally::outcome::Problem;

/// The findings each convention's departures would be, were it decided.
pub(crate) struct Departures {
    /// Per convention, the departures of its field from it.
    if_decided: BTreeMap<Convention, Findings>,
    /// Per choice of one convention for each field (in
    /// [`ConventionTally::FIELDS`] order), the games that would depart
    /// with no other finding in the group `fen`.
    new_games: BTreeMap<Vec<Convention>, usize>,
}

impl Departures {
    /// None yet; `shrink_per_group` of each field's are to be shrunk.
    pub(crate) fn new(shrink_per_group: usize) -> Departures {
        Departures {
            if_decided: Convention::ALL
                .into_iter()
                .map(|convention| (convention, Findings::new(shrink_per_group)))
                .collect(),
            new_games: choices().into_iter().map(|choice| (choice, 0)).collect(),
        }
    }

    /// Adds the departures of `game` (`tally`, with the reference's
    /// `reference`), whose first departure would stand at `order`, and
    /// which has `other_fen` when it has another finding in the group
    /// `fen`.
    pub(crate) fn add(
        &mut self,
        order: Order,
        (game, reference): (&RunGame, &Judgement),
        tally: &ConventionTally,
        other_fen: bool,
    ) {
        let mut departs: Vec<Convention> = Vec::new();
        for (place, field) in ConventionTally::FIELDS.into_iter().enumerate() {
            for convention in Convention::ALL.into_iter().filter(|c| c.field() == field) {
                let Some(departure) = tally.departure(field, convention) else {
                    continue;
                };
                departs.push(convention);
                let divergence = Divergence {
                    group: Group::Part(Part::Fen),
                    cause: Cause::of_mixed_conventions(field),
                    ply: Some(departure.ply),
                    expected: departure.expected,
                    actual: departure.actual,
                    direction: None,
                };
                if let Some(findings) = self.if_decided.get_mut(&convention) {
                    let at = (order.0, order.1 + place);
                    findings.record(at, Problem::Divergence(divergence), |problem| {
                        game.finding(problem, Some(reference.clone()))
                    });
                }
            }
        }
        if other_fen || departs.is_empty() {
            return;
        }
        for (choice, games) in &mut self.new_games {
            if choice.iter().any(|c| departs.contains(c)) {
                *games += 1;
            }
        }
    }

    /// The findings of the departures from the conventions `decided`, and
    /// how many games they add to the group `fen`.
    pub(crate) fn decided(mut self, decided: &DecidedConventions) -> (Vec<Findings>, usize) {
        let choice: Vec<Convention> = ConventionTally::FIELDS
            .into_iter()
            .filter_map(|field| decided.convention(field))
            .collect();
        let new_games = self.new_games.get(&choice).copied().unwrap_or(0);
        let findings = choice
            .iter()
            .filter_map(|convention| self.if_decided.remove(convention))
            .collect();
        (findings, new_games)
    }
}

/// Every choice of one convention for each field, in
/// [`ConventionTally::FIELDS`] order.
fn choices() -> Vec<Vec<Convention>> {
    let mut choices: Vec<Vec<Convention>> = vec![Vec::new()];
    for field in ConventionTally::FIELDS {
        choices = choices
            .into_iter()
            .flat_map(|choice| {
                Convention::ALL
                    .into_iter()
                    .filter(move |c| c.field() == field)
                    .map(move |convention| {
                        let mut longer = choice.clone();
                        longer.push(convention);
                        longer
                    })
            })
            .collect();
    }
    choices
}
