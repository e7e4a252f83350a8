//! What a run says of each part of the rules and each group beside them:
//! agrees (and how much of it was compared), diverges, not implemented,
//! or not compared and why. Every report format writes these verdicts, so
//! that none of them says "yes" of a part that was never compared: a
//! declaration narrows what is judged, and the report says so.

use std::fmt;

use crate::protocol::{DeadReading, Malformation, Part};

use crate::verify::game::group::Group;
use crate::verify::game::illegal_move::IllegalMove;
use crate::verify::game::judged_by::JudgedBy;
use crate::verify::game::occasions::{Exercised, FLOOR, Occasion};
use crate::verify::tally::outcome::VerifyReport;

/// How much of a part or group was compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compared {
    /// Plies compared (a per-game part counts the plies each game's
    /// answer was judged on).
    Plies(usize),
    /// Games checked.
    Games(usize),
}

impl fmt::Display for Compared {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, unit) = match *self {
            Compared::Plies(n) => (n, if n == 1 { "ply" } else { "plies" }),
            Compared::Games(n) => (n, if n == 1 { "game" } else { "games" }),
        };
        write!(f, "{n} {unit} compared")
    }
}

/// What a run says of one part or group.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::protocol::Part;
/// use drawrules_conformance::verify::{KnownDivergences, OurArbiter, Verdict, VerifyOptions, verify};
///
/// let options = VerifyOptions { games: 5, ..VerifyOptions::default() };
/// let report = verify(&mut OurArbiter, &options, KnownDivergences::default(), &mut |_, _| {}).unwrap();
/// // Compared on every ply, but five games reach the count of 150 too
/// // seldom to say the clock agrees there.
/// let clock = report.verdict(Part::Clock);
/// assert!(matches!(clock, Verdict::NotExercised { .. }));
/// assert!(clock.was_compared());
/// assert!(clock.to_string().starts_with("not exercised: compared on fewer than 10 of "));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Compared on at least [`FLOOR`] of each of its occasions, and no
    /// finding.
    Agrees {
        /// How much was compared.
        compared: Compared,
        /// What the engine's declarations narrowed (a meaning, editions).
        narrowed: Vec<String>,
        /// How it was exercised on each of its occasions (none for a
        /// group beside the parts that has none).
        exercised: Vec<Exercised>,
    },
    /// Compared, no finding, but on fewer than [`FLOOR`] of one of its
    /// occasions: the run cannot say it agrees, and does not pass.
    NotExercised {
        /// How much was compared.
        compared: Compared,
        /// How it was exercised on each of its occasions.
        exercised: Vec<Exercised>,
    },
    /// Findings in this group, from this many games.
    Diverges {
        /// The games with findings.
        games: usize,
    },
    /// Not in the handshake's `implements`.
    NotImplemented,
    /// Implemented (or always checked), yet nothing of it was compared:
    /// why.
    NotCompared(String),
}

impl Verdict {
    /// The verdict's one word in the JSON report: `agrees`,
    /// `not-exercised`, `diverges`, `not-implemented` or `not-compared`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Agrees { .. } => "agrees",
            Verdict::NotExercised { .. } => "not-exercised",
            Verdict::Diverges { .. } => "diverges",
            Verdict::NotImplemented => "not-implemented",
            Verdict::NotCompared(_) => "not-compared",
        }
    }

    /// Whether something of the part was compared.
    pub fn was_compared(&self) -> bool {
        matches!(
            self,
            Verdict::Agrees { .. } | Verdict::NotExercised { .. } | Verdict::Diverges { .. }
        )
    }
}

/// The occasions as a report lists them: each with how often the part
/// was compared on it of how often it came up.
fn occasions_text(exercised: &[Exercised]) -> String {
    let each: Vec<String> = exercised.iter().map(ToString::to_string).collect();
    format!("occasions compared/met: {}", each.join(", "))
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Agrees {
                compared,
                narrowed,
                exercised,
            } => {
                write!(f, "agrees ({compared}")?;
                if !exercised.is_empty() {
                    write!(f, "; {}", occasions_text(exercised))?;
                }
                for narrowed in narrowed {
                    write!(f, "; {narrowed}")?;
                }
                f.write_str(")")
            }
            Verdict::NotExercised {
                compared,
                exercised,
            } => {
                let short: Vec<&str> = exercised
                    .iter()
                    .filter(|e| !e.enough())
                    .map(|e| e.occasion.name())
                    .collect();
                write!(
                    f,
                    "not exercised: compared on fewer than {FLOOR} of {} ({compared}; {})",
                    short.join(", "),
                    occasions_text(exercised)
                )
            }
            Verdict::Diverges { games } => {
                write!(
                    f,
                    "diverges ({games} game{})",
                    if *games == 1 { "" } else { "s" }
                )
            }
            Verdict::NotImplemented => f.write_str("not implemented"),
            Verdict::NotCompared(why) => write!(f, "not compared: {why}"),
        }
    }
}

/// The groups beside the parts, in the order reports list them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtraGroup {
    /// Claims reported once the game is over.
    ClaimsAfterTheEnd,
    /// Which moves and start positions are accepted.
    MoveAcceptance,
    /// Moves played after the game ended.
    MovesAfterTheEnd,
    /// The shape of the answers.
    AnswerShape,
    /// Malformed input.
    Input,
    /// Illegal moves.
    IllegalMoves,
    /// Faults of the engine.
    Fault,
    /// Games refused as unsupported.
    Unsupported,
}

impl ExtraGroup {
    /// Every group beside the parts.
    pub const ALL: [ExtraGroup; 8] = [
        ExtraGroup::ClaimsAfterTheEnd,
        ExtraGroup::MoveAcceptance,
        ExtraGroup::MovesAfterTheEnd,
        ExtraGroup::AnswerShape,
        ExtraGroup::Input,
        ExtraGroup::IllegalMoves,
        ExtraGroup::Fault,
        ExtraGroup::Unsupported,
    ];

    /// The group's name in reports and known-divergences files: that of
    /// its group of divergences ([`ExtraGroup::divergences`]), if it has
    /// one.
    pub fn name(self) -> &'static str {
        match (self, self.divergences()) {
            (_, Some(group)) => group.name(),
            (ExtraGroup::Fault, None) => "fault",
            (_, None) => "unsupported",
        }
    }

    /// The group of divergences it reports, one of
    /// [`Group::BESIDE_THE_PARTS`]; none for faults and games refused as
    /// unsupported, which are not divergences.
    pub fn divergences(self) -> Option<Group> {
        match self {
            ExtraGroup::ClaimsAfterTheEnd => Some(Group::ClaimsAfterTheEnd(Part::Moves)),
            ExtraGroup::MoveAcceptance => Some(Group::MoveAcceptance),
            ExtraGroup::MovesAfterTheEnd => Some(Group::MovesAfterTheEnd(Part::Moves)),
            ExtraGroup::AnswerShape => Some(Group::AnswerShape),
            ExtraGroup::Input => Some(Group::Input(Malformation::SquareOffTheBoard)),
            ExtraGroup::IllegalMoves => Some(Group::IllegalMoves(IllegalMove::CastlingOutOfCheck)),
            ExtraGroup::Fault | ExtraGroup::Unsupported => None,
        }
    }
}

/// Below this share of the generated plies compared, the summary line
/// says how much was left out.
const WELL_COMPARED: f64 = 0.9;

impl VerifyReport {
    /// What the run says of `part`.
    pub fn verdict(&self, part: Part) -> Verdict {
        if !self.hello.implements(part) {
            return Verdict::NotImplemented;
        }
        if let Some(verdict) = self.diverges(part.name()) {
            return verdict;
        }
        if self.hello.draws.is_absent(part) {
            return Verdict::NotCompared(format!(
                "its rule is absent under {}",
                self.absent_under()
            ));
        }
        match self.compared.get(&part) {
            Some(&plies) if plies > 0 => {
                let exercised = self.exercise.of(&self.hello, part);
                let compared = Compared::Plies(plies);
                if exercised.iter().all(Exercised::enough) {
                    Verdict::Agrees {
                        compared,
                        narrowed: self.narrowed(part),
                        exercised,
                    }
                } else {
                    Verdict::NotExercised {
                        compared,
                        exercised,
                    }
                }
            }
            _ => Verdict::NotCompared(self.why_none(part)),
        }
    }

    /// The parts and groups the run did not exercise: those it compared
    /// on fewer than [`FLOOR`] of an occasion, and those it implements,
    /// whose rule it has, that it compared on no ply at all. A run with
    /// any of them does not pass.
    pub fn not_exercised(&self) -> Vec<&'static str> {
        let parts = Part::ALL
            .into_iter()
            .filter(|&part| match self.verdict(part) {
                Verdict::NotExercised { .. } => true,
                Verdict::NotCompared(_) => !self.hello.draws.is_absent(part),
                _ => false,
            });
        let groups = ExtraGroup::ALL
            .into_iter()
            .filter(|&group| matches!(self.extra_verdict(group), Verdict::NotExercised { .. }));
        parts
            .map(Part::name)
            .chain(groups.map(ExtraGroup::name))
            .collect()
    }

    /// What the run says of a group beside the parts.
    pub fn extra_verdict(&self, group: ExtraGroup) -> Verdict {
        if let Some(verdict) = self.diverges(group.name()) {
            return verdict;
        }
        let moves = self.hello.implements(Part::Moves);
        let claims = [
            Part::ThreefoldRepetition,
            Part::FiftyMoves,
            Part::ThreefoldOnMove,
            Part::FiftyMovesOnMove,
            Part::DrawClaimable,
        ];
        let compared = match group {
            ExtraGroup::ClaimsAfterTheEnd
                if !claims.iter().any(|part| self.verdict(*part).was_compared()) =>
            {
                return Verdict::NotCompared("no claim part was compared".to_owned());
            }
            ExtraGroup::MoveAcceptance | ExtraGroup::MovesAfterTheEnd if !moves => {
                return Verdict::NotCompared("the engine does not declare moves".to_owned());
            }
            ExtraGroup::Input if self.malformed_games == 0 => {
                return Verdict::NotCompared(
                    "no malformed input was sent (the engine does not declare moves)".to_owned(),
                );
            }
            ExtraGroup::Input => Compared::Games(self.malformed_games),
            ExtraGroup::IllegalMoves if self.illegal_games == 0 => {
                return Verdict::NotCompared(
                    "no illegal move was sent (the engine does not declare moves)".to_owned(),
                );
            }
            ExtraGroup::IllegalMoves => Compared::Games(self.illegal_games),
            ExtraGroup::MovesAfterTheEnd => {
                // Agreeing means refusing the moves offered after the end:
                // the occasions count, not the plies.
                let exercised = self
                    .exercise
                    .of(&self.hello, Part::Moves)
                    .into_iter()
                    .filter(|e| e.occasion == Occasion::MoveAfterTheEnd)
                    .collect::<Vec<_>>();
                let compared = Compared::Games(exercised.iter().map(|e| e.compared).sum());
                return if exercised.iter().all(Exercised::enough) {
                    Verdict::Agrees {
                        compared,
                        narrowed: Vec::new(),
                        exercised,
                    }
                } else {
                    Verdict::NotExercised {
                        compared,
                        exercised,
                    }
                };
            }
            ExtraGroup::MoveAcceptance => {
                Compared::Plies(self.compared.get(&Part::Moves).copied().unwrap_or(0))
            }
            ExtraGroup::ClaimsAfterTheEnd => Compared::Games(self.games_compared),
            ExtraGroup::AnswerShape | ExtraGroup::Fault | ExtraGroup::Unsupported => {
                Compared::Games(self.judged)
            }
        };
        Verdict::Agrees {
            compared,
            narrowed: Vec::new(),
            exercised: Vec::new(),
        }
    }

    /// The summary line's words on what the run left out, when less than
    /// nine in ten of the plies it generated were compared.
    pub fn left_out(&self) -> Option<String> {
        let (judged, generated) = (self.plies_judged, self.plies_generated);
        if generated == 0 || judged as f64 >= WELL_COMPARED * generated as f64 {
            return None;
        }
        let after_draws = match self.plies_after_own_draws {
            0 => String::new(),
            plies => format!(
                "; {plies} of them after draws the engine makes automatic: were its game to play \
                 on after them, declaring them claims would compare those plies (spec/PROTOCOL.md, \
                 \"A claim test and an automatic end\")"
            ),
        };
        Some(format!(
            "only {judged} of the {generated} plies the run generated were compared ({:.0}% left \
             out by what the engine declares and refuses{after_draws})",
            100.0 * (generated - judged) as f64 / generated as f64
        ))
    }

    /// `Diverges` when the group named `name` has findings.
    fn diverges(&self, name: &str) -> Option<Verdict> {
        let games = self.findings.games(name);
        (games > 0).then_some(Verdict::Diverges { games })
    }

    /// Which declaration makes a rule absent: the profile given to verify,
    /// the handshake's profile, or its draw policies.
    fn absent_under(&self) -> String {
        match (&self.judged_by, self.hello.profile) {
            (JudgedBy::Given { profile, .. }, _) => {
                format!("profile {profile}, given to verify (--profile)")
            }
            (JudgedBy::Handshake, Some(profile)) => {
                format!("profile {profile}, declared in the handshake")
            }
            (JudgedBy::Handshake, None) => "the handshake's draw policies".to_owned(),
        }
    }

    /// What the declarations narrowed in a part that was compared.
    fn narrowed(&self, part: Part) -> Vec<String> {
        let mut narrowed = Vec::new();
        if let Some(meaning) = self.hello.meanings.get(&part) {
            narrowed.push(format!("judged by the declared narrower meaning {meaning}"));
        }
        if part == Part::FivefoldRepetition && self.hello.editions.len() == 1 {
            narrowed.push(format!(
                "under {} only, the edition judged",
                self.hello.editions[0]
            ));
        }
        narrowed
    }

    /// Why a part the engine implements, whose rule it has, was compared
    /// on no ply.
    fn why_none(&self, part: Part) -> String {
        if self.judged == 0 {
            "no game was judged".to_owned()
        } else if part == Part::DeadPosition && self.hello.dead_position == DeadReading::Exact {
            "the reference's exact rule decided no ply it was asked about".to_owned()
        } else {
            format!(
                "no ply of the {} games judged reached it (the answers stopped before, or were \
                 refused)",
                self.judged
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_groups_beside_the_parts_are_those_of_divergences_then_two_more() {
        let divergences: Vec<Group> = ExtraGroup::ALL
            .into_iter()
            .filter_map(ExtraGroup::divergences)
            .collect();
        assert_eq!(divergences, Group::BESIDE_THE_PARTS);
        let names: Vec<&str> = ExtraGroup::ALL.into_iter().map(ExtraGroup::name).collect();
        assert_eq!(
            names,
            [
                "claims-after-the-end",
                "move-acceptance",
                "moves-after-the-end",
                "answer-shape",
                "input",
                "illegal-moves",
                "fault",
                "unsupported"
            ]
        );
    }
}
