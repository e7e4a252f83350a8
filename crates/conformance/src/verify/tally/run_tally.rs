//! What the games of a run found, read in order as they are judged: the
//! counts of what was compared, the FEN conventions' tally, the findings
//! (counted, a few kept), and the departures each convention would have;
//! then, once every game is judged, the conventions decided.

use std::collections::BTreeMap;

use crate::protocol::{EngineError, Part};

use crate::verify::game::compare::Comparison;
use crate::verify::game::conventions::counted::{ConventionTally, DecidedConventions};
use crate::verify::game::group::Group;
use crate::verify::game::occasions::Exercise;
use crate::verify::game::readings::Reading;
use crate::verify::game::trial::{Checked, RunGame};
use crate::verify::tally::fen_departures::Departures;
use crate::verify::tally::findings::Findings;
use crate::verify::tally::outcome::Problem;

/// What the comparisons of a run add up to, and how it ended.
#[derive(Default)]
pub(crate) struct Counts {
    pub(crate) compared: BTreeMap<Part, usize>,
    pub(crate) games_compared: usize,
    pub(crate) plies_generated: usize,
    pub(crate) plies_judged: usize,
    pub(crate) readings: BTreeMap<Reading, usize>,
    pub(crate) one_ending_named: usize,
    pub(crate) after_own_draws: usize,
    pub(crate) exercise: Exercise,
    pub(crate) broken: Option<EngineError>,
    pub(crate) judged: usize,
}

impl Counts {
    /// Adds the comparison of one game whose reference has
    /// `reference_plies` records.
    fn add(&mut self, comparison: &Comparison, reference_plies: usize) {
        self.plies_generated += reference_plies;
        self.plies_judged += comparison.plies_judged;
        if comparison.plies.values().any(|&plies| plies > 0) {
            self.games_compared += 1;
        }
        for (&part, &plies) in &comparison.plies {
            *self.compared.entry(part).or_default() += plies;
        }
        for (&reading, &plies) in &comparison.readings {
            *self.readings.entry(reading).or_default() += plies;
        }
        self.one_ending_named += comparison.one_ending_named;
        self.after_own_draws += comparison.after_own_draw;
        self.exercise.merge(&comparison.exercise);
    }
}

/// What the checks of a run found so far, read in order.
pub(crate) struct RunTally {
    counts: Counts,
    conventions: ConventionTally,
    findings: Findings,
    departures: Departures,
    /// Why the run stopped before its last game: the engine is broken.
    pub(crate) broken: Option<EngineError>,
}

impl RunTally {
    /// Nothing found yet; `shrink_per_group` of each group and cause are
    /// to be shrunk.
    pub(crate) fn new(shrink_per_group: usize) -> RunTally {
        RunTally {
            counts: Counts::default(),
            conventions: ConventionTally::default(),
            findings: Findings::new(shrink_per_group),
            departures: Departures::new(shrink_per_group),
            broken: None,
        }
    }

    /// Adds the check of `game`, the run's game number `index` (games are
    /// added in order; after a fault that says the engine is broken, none
    /// is).
    pub(crate) fn add(
        &mut self,
        index: usize,
        game: RunGame,
        checked: Result<Checked, EngineError>,
    ) {
        self.counts.judged += 1;
        match checked {
            Err(fault) => self.fault(index, &game, fault),
            Ok(checked) => self.compared(index, &game, checked),
        }
    }

    /// A fault on `game`. A broken engine answers nothing more: the report
    /// stops with the findings so far.
    fn fault(&mut self, index: usize, game: &RunGame, fault: EngineError) {
        if fault.is_broken() {
            self.broken = Some(fault.clone());
        }
        self.findings
            .record((index, 0), Problem::Fault(fault), |problem| {
                game.finding(problem, None)
            });
    }

    /// The comparison of `game`: counted, its FEN conventions tallied, a
    /// refusal as unsupported and each divergence a finding, and the
    /// departures it would have from each convention.
    fn compared(&mut self, index: usize, game: &RunGame, checked: Checked) {
        let Checked {
            reference,
            comparison,
        } = checked;
        self.counts.add(&comparison, reference.records.len());
        self.conventions.merge(&comparison.conventions);
        let mut place = 0;
        if let Some(message) = comparison.unsupported {
            self.findings
                .record((index, place), Problem::Unsupported(message), |problem| {
                    game.finding(problem, None)
                });
            place += 1;
        }
        let fen = Group::Part(Part::Fen);
        let other_fen = comparison.divergences.iter().any(|d| d.group == fen);
        for divergence in comparison.divergences {
            self.findings
                .record((index, place), Problem::Divergence(divergence), |problem| {
                    game.finding(problem, Some(reference.clone()))
                });
            place += 1;
        }
        self.departures.add(
            (index, place),
            (game, &reference),
            &comparison.conventions,
            other_fen,
        );
    }

    /// The FEN conventions decided for the run, the findings with the
    /// departures from them, and the counts.
    pub(crate) fn decide(self) -> (DecidedConventions, Findings, Counts) {
        let decided = self.conventions.decide();
        let mut findings = self.findings;
        let (departures, new_games) = self.departures.decided(&decided);
        for departed in departures {
            findings.absorb(departed);
        }
        findings.add_games(Group::Part(Part::Fen).name(), new_games);
        let mut counts = self.counts;
        counts.broken = self.broken;
        (decided, findings, counts)
    }
}
