//! Which FEN convention an engine follows, decided from the whole run, and
//! the plies that follow another one.
//!
//! A convention is one the library follows for the whole run, never chosen
//! ply by ply. Each game's comparison counts the plies at which the
//! conventions of a field write it differently, by the set of conventions
//! that explain the engine's field there ([`Told`]), keeping the first ply
//! of each set and nothing else; the run adds the counts up. Per field, the
//! convention decided is the first (in [`Convention::ALL`]'s order, ours
//! first) that explains every counted ply, or failing that the first that
//! explains the most. A ply it does not explain is a departure from the
//! run's convention: one per game and field, at the game's first such ply.

use std::collections::BTreeMap;

use crate::verify::game::conventions::{Convention, Told};
use crate::verify::game::fen_fields::FenField;

/// The fields conventions differ in.
const FIELDS: [FenField; 2] = [FenField::EnPassant, FenField::Castling];

/// The plies of a game or a run at which the conventions of a FEN field
/// write it differently, by the conventions that explain the engine's
/// field there: how many, and the first of them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ConventionTally {
    seen: BTreeMap<(FenField, Vec<Convention>), Seen>,
}

/// Plies explained by one set of conventions.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Seen {
    plies: usize,
    ply: u32,
    first: Told,
}

impl ConventionTally {
    /// Counts `told`, of ply `ply`, unless no convention explains it (a
    /// departure, compared as such).
    pub(crate) fn record(&mut self, ply: u32, told: &Told) {
        if told.explained.is_empty() {
            return;
        }
        self.seen
            .entry((told.field, told.explained.clone()))
            .and_modify(|seen| seen.plies += 1)
            .or_insert_with(|| Seen {
                plies: 1,
                ply,
                first: told.clone(),
            });
    }

    /// Adds the counts of `other` (a later game) to these.
    pub(crate) fn merge(&mut self, other: &ConventionTally) {
        for (key, seen) in &other.seen {
            self.seen
                .entry(key.clone())
                .and_modify(|mine| mine.plies += seen.plies)
                .or_insert_with(|| seen.clone());
        }
    }

    /// The plies counted for `field`.
    pub fn plies(&self, field: FenField) -> usize {
        self.seen
            .iter()
            .filter(|((f, _), _)| *f == field)
            .map(|(_, seen)| seen.plies)
            .sum()
    }

    /// The plies counted that `convention` explains.
    pub fn explained_by(&self, convention: Convention) -> usize {
        self.seen
            .iter()
            .filter(|((_, set), _)| set.contains(&convention))
            .map(|(_, seen)| seen.plies)
            .sum()
    }

    /// The convention of each field for the run these counts come from
    /// (see the module docs).
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_conformance::verify::{Convention, ConventionTally, FenField};
    ///
    /// let decided = ConventionTally::default().decide();
    /// assert_eq!(decided.convention(FenField::EnPassant), Some(Convention::EnPassantWhenLegal));
    /// assert_eq!(decided.fields[&FenField::Castling].plies, 0);
    /// ```
    pub fn decide(&self) -> DecidedConventions {
        let fields = FIELDS
            .into_iter()
            .map(|field| (field, self.decide_field(field)))
            .collect();
        DecidedConventions { fields }
    }

    fn decide_field(&self, field: FenField) -> Decision {
        let plies = self.plies(field);
        let explained: BTreeMap<Convention, usize> = Convention::ALL
            .into_iter()
            .filter(|c| c.field() == field)
            .map(|c| (c, self.explained_by(c)))
            .collect();
        let mut convention = Convention::ours(field).unwrap_or(Convention::EnPassantWhenLegal);
        for (&candidate, &count) in &explained {
            if count > explained[&convention] {
                convention = candidate;
            }
        }
        Decision {
            convention,
            plies,
            explained,
        }
    }
}

/// The convention decided for one field of the FEN over a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// The convention.
    pub convention: Convention,
    /// The plies at which the conventions of the field write it
    /// differently and the engine's field is one of their writings.
    pub plies: usize,
    /// Of these, the plies each convention of the field explains.
    pub explained: BTreeMap<Convention, usize>,
}

impl Decision {
    /// The plies the convention decided does not explain: departures.
    pub fn departures(&self) -> usize {
        self.plies - self.explained.get(&self.convention).copied().unwrap_or(0)
    }
}

/// The conventions decided for a run, per field conventions differ in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecidedConventions {
    /// The decision of each field (the en passant and castling fields).
    pub fields: BTreeMap<FenField, Decision>,
}

impl Default for DecidedConventions {
    /// Ours for every field, no ply counted.
    fn default() -> DecidedConventions {
        ConventionTally::default().decide()
    }
}

/// A ply whose field follows another convention than the run's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Departure {
    pub(crate) field: FenField,
    pub(crate) ply: u32,
    /// What the run's convention writes, and its name.
    pub(crate) expected: String,
    /// What the engine wrote, and the conventions that write it.
    pub(crate) actual: String,
}

impl DecidedConventions {
    /// The convention decided for `field`, if conventions differ there.
    pub fn convention(&self, field: FenField) -> Option<Convention> {
        self.fields.get(&field).map(|decision| decision.convention)
    }

    /// The departures of one game's `tally` from these conventions: per
    /// field, the first ply the field's convention does not explain.
    pub(crate) fn departures(&self, tally: &ConventionTally) -> Vec<Departure> {
        FIELDS
            .into_iter()
            .filter_map(|field| tally.departure(field, self.convention(field)?))
            .collect()
    }
}

impl ConventionTally {
    /// The fields conventions differ in, in the order a game's departures
    /// are listed.
    pub(crate) const FIELDS: [FenField; 2] = FIELDS;

    /// The departure of this game's tally from `decided`, a convention of
    /// `field`, were it the run's: the first ply of the field that
    /// `decided` does not explain.
    pub(crate) fn departure(&self, field: FenField, decided: Convention) -> Option<Departure> {
        let seen = self
            .seen
            .iter()
            .filter(|((f, set), _)| *f == field && !set.contains(&decided))
            .map(|(_, seen)| seen)
            .min_by_key(|seen| seen.ply)?;
        let followed: Vec<&str> = seen.first.explained.iter().map(|c| c.name()).collect();
        Some(Departure {
            field,
            ply: seen.ply,
            expected: format!(
                "`{}` as {decided} writes it, the convention decided for the run",
                seen.first.writing(decided).unwrap_or("-")
            ),
            actual: format!(
                "`{}` as {} {} it",
                seen.first.theirs,
                followed.join(" and "),
                if followed.len() == 1 {
                    "writes"
                } else {
                    "write"
                }
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::game::conventions::told_apart;

    /// After 1. e4 (no black pawn beside), the engine's FEN with `field`.
    fn after_e4(field: &str) -> Told {
        let ours = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let theirs = ours.replace(" - 0 1", &format!(" {field} 0 1"));
        told_apart(ours, &theirs, "e3".parse().ok())
            .into_iter()
            .find(|told| told.field == FenField::EnPassant)
            .unwrap()
    }

    /// Beside a pinned enemy pawn, the engine's FEN with `field`.
    fn pinned(field: &str) -> Told {
        let ours = "4k3/8/8/K2pP2r/8/8/8/8 w - - 0 2";
        let theirs = ours.replace(" - - ", &format!(" - {field} "));
        told_apart(ours, &theirs, "d6".parse().ok()).remove(0)
    }

    #[test]
    fn one_convention_explaining_every_ply_is_decided() {
        let mut run = ConventionTally::default();
        for ply in 1..=3 {
            run.record(ply, &after_e4("e3"));
        }
        run.record(4, &pinned("d6"));
        let decided = run.decide();
        let en_passant = &decided.fields[&FenField::EnPassant];
        assert_eq!(
            en_passant.convention,
            Convention::EnPassantAfterEveryDoubleStep
        );
        assert_eq!((en_passant.plies, en_passant.departures()), (4, 0));
        assert_eq!(decided.departures(&run), []);
        // Ours, where every ply writes `-`: ours and X-FEN tie, ours first.
        let mut ours = ConventionTally::default();
        ours.record(1, &after_e4("-"));
        assert_eq!(
            ours.decide().convention(FenField::EnPassant),
            Some(Convention::EnPassantWhenLegal)
        );
    }

    #[test]
    fn a_mix_is_decided_by_the_most_and_the_rest_depart() {
        // `-` after a step with no pawn beside and beside a diagonal pin
        // would be ours; the square beside a rank pin is X-FEN's.
        let mut game = ConventionTally::default();
        game.record(1, &after_e4("-"));
        game.record(2, &after_e4("-"));
        game.record(5, &pinned("d6"));
        game.record(9, &pinned("d6"));
        game.record(7, &pinned("-"));
        let mut run = ConventionTally::default();
        run.merge(&game);
        let decided = run.decide();
        let en_passant = &decided.fields[&FenField::EnPassant];
        // X-FEN explains 4 of 5, ours 3.
        assert_eq!(en_passant.convention, Convention::EnPassantBesideEnemyPawn);
        assert_eq!(en_passant.departures(), 1);
        let departures = decided.departures(&game);
        assert_eq!(departures.len(), 1);
        assert_eq!(departures[0].ply, 7);
        assert_eq!(
            departures[0].expected,
            "`d6` as fen-en-passant-beside-enemy-pawn writes it, the convention decided for the run"
        );
        assert_eq!(
            departures[0].actual,
            "`-` as fen-en-passant-when-legal writes it"
        );
    }

    #[test]
    fn a_field_no_convention_writes_is_not_counted() {
        let mut run = ConventionTally::default();
        run.record(1, &after_e4("d3"));
        assert_eq!(run.plies(FenField::EnPassant), 0);
    }
}
