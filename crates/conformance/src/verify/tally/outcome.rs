//! What a run found, and what it means: passes, fails or says too little.

use std::collections::BTreeMap;
use std::time::Duration;

use drawrules::Judgement;

use crate::protocol::{EngineError, Hello, Part};
use crate::verify::game::cause::Cause;
use crate::verify::game::conventions::counted::DecidedConventions;
use crate::verify::game::direction::Direction;
use crate::verify::game::divergence::Divergence;
use crate::verify::game::group::Group;
use crate::verify::game::judged_by::JudgedBy;
use crate::verify::game::occasions::Exercise;
use crate::verify::game::readings::Reading;
use crate::verify::game::trial::{Minimal, RunGame, Trial};
use crate::verify::tally::findings::{FindingLabel, Findings};
use crate::verify::tally::known::{KnownDivergences, Label};
use crate::verify::tally::verdicts::ExtraGroup;

/// The generated games of a complete run ([`VerifyReport::complete`]):
/// the default run's.
pub const COMPLETE_RUN_GAMES: usize = 300;

/// What went wrong with one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The answer departs from the reference.
    Divergence(Divergence),
    /// The engine broke the protocol.
    Fault(EngineError),
    /// The engine refused the game as outside what it supports (its
    /// message): nothing of it was compared.
    Unsupported(String),
}

/// One game on which the engine went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Where the game came from: a corpus case or a generated game.
    pub source: String,
    /// The game as found.
    pub game: Trial,
    /// What the reference said about the game as found (nothing for a
    /// fault, which is not compared).
    pub reference: Option<Judgement>,
    /// The shrunk game, its divergence and the reference's judgement of
    /// it, for the findings that were shrunk.
    pub minimal: Option<Minimal>,
    /// What went wrong.
    pub problem: Problem,
}

impl Problem {
    /// The group: the rule's name, or `fault`.
    pub fn group(&self) -> &'static str {
        match self {
            Problem::Divergence(divergence) => divergence.group.name(),
            Problem::Fault(_) => ExtraGroup::Fault.name(),
            Problem::Unsupported(_) => ExtraGroup::Unsupported.name(),
        }
    }

    /// The cause, for a divergence.
    pub fn cause(&self) -> Option<Cause> {
        match self {
            Problem::Divergence(divergence) => Some(divergence.cause),
            _ => None,
        }
    }

    /// The kind within its group and cause, for a group that holds kinds:
    /// the malformed input's ([`Group::Input`]), the illegal move's
    /// ([`Group::IllegalMoves`]), the claim's reported after the end
    /// ([`Group::ClaimsAfterTheEnd`]), the ending's before a move after it
    /// ([`Group::MovesAfterTheEnd`]), and for the parts and move
    /// acceptance the [`Direction`] of the departure. Reports list every
    /// kind of a cause, each with its count and an example.
    pub fn kind(&self) -> Option<&'static str> {
        match self {
            Problem::Divergence(Divergence {
                group: Group::Input(kind),
                ..
            }) => Some(kind.name()),
            Problem::Divergence(Divergence {
                group: Group::ClaimsAfterTheEnd(part) | Group::MovesAfterTheEnd(part),
                ..
            }) => Some(part.name()),
            Problem::Divergence(Divergence {
                group: Group::IllegalMoves(kind),
                ..
            }) => Some(kind.name()),
            Problem::Divergence(Divergence {
                group: Group::Part(_) | Group::MoveAcceptance,
                direction,
                ..
            }) => direction.map(Direction::name),
            _ => None,
        }
    }
}

impl Finding {
    /// The group: the rule's name, or `fault`.
    pub fn group(&self) -> &'static str {
        self.problem.group()
    }

    /// The cause, for a divergence.
    pub fn cause(&self) -> Option<Cause> {
        self.problem.cause()
    }
}

/// The outcome of a verification run.
#[derive(Debug, Clone)]
pub struct VerifyReport {
    /// The engine's handshake, as judged: with a profile given to verify,
    /// that profile's draw policies and editions in place of its own.
    pub hello: Hello,
    /// Where the draw policies and editions judged by come from.
    pub judged_by: JudgedBy,
    /// Corpus games judged (case and edition).
    pub case_games: usize,
    /// Where the corpus came from ([`Corpus::source`](crate::corpus::Corpus::source)), `None` without one.
    pub corpus: Option<String>,
    /// Generated games judged.
    pub generated_games: usize,
    /// Malformed inputs judged (none for an engine that does not declare
    /// `moves`).
    pub malformed_games: usize,
    /// Illegal-move games judged (none for an engine that does not
    /// declare `moves`).
    pub illegal_games: usize,
    /// Plies compared, per declared part, over all games.
    pub compared: BTreeMap<Part, usize>,
    /// Games compared on at least one ply of a declared part.
    pub games_compared: usize,
    /// The plies of the reference's records over every game judged: what
    /// the run generated to compare.
    pub plies_generated: usize,
    /// Of those, the plies on which at least one part was compared.
    pub plies_judged: usize,
    /// Plies that differ from ours and hold under an accepted reading, per
    /// reading: the readings the engine follows.
    pub readings: BTreeMap<Reading, usize>,
    /// The plies where several endings held and the engine, declaring
    /// `"ended": "one"` (a game-over API that gives one reason), named one
    /// of them.
    pub one_ending_named: usize,
    /// Of the plies generated, those after a draw the engine makes
    /// automatic ended its game: not compared.
    pub plies_after_own_draws: usize,
    /// The occasions of the parts' rules in the reference's games, and
    /// those each part was compared on: a part compared on fewer than
    /// [`FLOOR`](crate::verify::FLOOR) of one of its occasions is not exercised.
    pub exercise: Exercise,
    /// The FEN conventions decided for the run, from every ply at which
    /// conventions write a field differently: the plies of a game that
    /// follow another one are findings (group `fen`).
    pub conventions: DecidedConventions,
    /// Whether `unsupported` refusals may pass.
    pub allow_unsupported: bool,
    /// Every finding counted, per group and cause with the games they come
    /// from; the first of each kept whole, with those shrunk.
    pub findings: Findings,
    /// The known divergences it was run with.
    pub known: KnownDivergences,
    /// How long it took.
    pub elapsed: Duration,
    /// Why the run stopped before its last game: the engine is broken
    /// ([`EngineError::is_broken`]).
    pub broken: Option<EngineError>,
    /// Games judged: every game of the run ([`VerifyReport::games`])
    /// unless it stopped early.
    pub judged: usize,
    /// The run was stopped on request ([`VerifyOptions::stop`](crate::verify::VerifyOptions::stop)): the
    /// report covers the games judged before, and the divergences found
    /// after the stop were not shrunk.
    pub stopped: bool,
}

impl VerifyReport {
    /// The findings kept ([`Findings::kept`]) grouped by
    /// [`Finding::group`], in name order: every group with findings, each
    /// with the first of every cause and those shrunk, in the run's order.
    pub fn groups(&self) -> BTreeMap<&'static str, Vec<&Finding>> {
        self.findings
            .group_names()
            .map(|group| (group, self.findings.kept(group)))
            .collect()
    }

    /// The groups with findings that the known file does not list: a
    /// finding whose group, cause and kind no entry names (`unsupported`
    /// only when it is not allowed).
    pub fn unexpected(&self) -> Vec<&'static str> {
        let mut groups: Vec<&'static str> = self
            .findings
            .labels()
            .into_iter()
            .filter(|label| !self.is_known(label))
            .map(|label| label.group)
            .collect();
        groups.dedup();
        groups
    }

    /// Whether the findings of `label` are known: an entry names them, or
    /// they are refusals as unsupported that the run allows.
    pub fn is_known(&self, label: &FindingLabel) -> bool {
        (label.group == ExtraGroup::Unsupported.name() && self.allow_unsupported)
            || self
                .known
                .why(label.group, label.cause, label.kind)
                .is_some()
    }

    /// The games of the run: corpus, generated and malformed.
    pub fn games(&self) -> usize {
        self.case_games + self.generated_games + self.malformed_games + self.illegal_games
    }

    /// The plies compared over all parts.
    pub fn plies_compared(&self) -> usize {
        self.compared.values().sum()
    }

    /// Whether the run is one a known file is held to in full: it judged
    /// a corpus and at least 300 generated games (the default run). A
    /// smaller run cannot show every known departure: its known entries
    /// with no finding are [`unseen`](VerifyReport::unseen), not stale.
    pub fn complete(&self) -> bool {
        self.case_games > 0 && self.generated_games >= COMPLETE_RUN_GAMES
    }

    /// The known entries with no finding left in a complete run
    /// ([`VerifyReport::complete`]): they no longer diverge, and the run
    /// fails.
    pub fn stale(&self) -> Vec<&Label> {
        if self.complete() {
            self.unseen()
        } else {
            Vec::new()
        }
    }

    /// The known entries with no finding in this run, complete or not.
    pub fn unseen(&self) -> Vec<&Label> {
        let labels = self.findings.labels();
        self.known
            .labels()
            .into_iter()
            .filter(|known| {
                !labels.iter().any(|label| {
                    label.group == known.group
                        && label.cause.map(Cause::name) == Some(known.cause.as_str())
                        && label.kind == known.kind.as_deref()
                })
            })
            .collect()
    }

    /// Whether the run fails: it stopped before its end, compared
    /// nothing, found more than the known file lists, or a known
    /// divergence has gone.
    pub fn failed(&self) -> bool {
        self.broken.is_some()
            || self.stopped
            || self.plies_compared() == 0
            || !self.unexpected().is_empty()
            || !self.stale().is_empty()
    }

    /// Whether the run passes: it did not fail ([`VerifyReport::failed`])
    /// and every part it compares was exercised
    /// ([`VerifyReport::not_exercised`]).
    pub fn passed(&self) -> bool {
        !self.failed() && self.not_exercised().is_empty()
    }

    /// The run's outcome in one word, as the text report's last line
    /// begins: `PASS`, `FAIL`, or `NOT EXERCISED` (nothing failed, but a
    /// part was compared on fewer than [`FLOOR`](crate::verify::FLOOR) of an occasion).
    pub fn outcome(&self) -> &'static str {
        if self.failed() {
            "FAIL"
        } else if self.passed() {
            "PASS"
        } else {
            "NOT EXERCISED"
        }
    }
}

impl RunGame {
    /// A finding of `problem` on this game, not shrunk.
    pub(crate) fn finding(&self, problem: Problem, reference: Option<Judgement>) -> Finding {
        Finding {
            source: self.source.clone(),
            game: self.trial.clone(),
            reference,
            minimal: None,
            problem,
        }
    }
}
