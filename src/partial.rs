//! The partial status record: some fields of a [`Status`], the others left
//! out, and the one comparer of records in the workspace.
//!
//! A corpus case expects some fields of a record; an engine of the protocol
//! reports the fields it implements. Both are a [`PartialStatus`], and both
//! are held against a record by [`PartialStatus::mismatches`]: each field
//! the expectation states is compared, a field it leaves out is not.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::laws::{Claim, Ending, GameResult};
use crate::status::Status;

/// Some fields of a status record; a field left out (`None`) says nothing.
///
/// Serialised like [`Status`], without the fields left out; unknown fields
/// are rejected. `clock` and `repetition` are wider than the full record's,
/// so that an engine's count past ours reads as a different count, not as
/// malformed JSON.
///
/// # Examples
///
/// ```
/// use drawrules::{Field, PartialStatus, Reference, Rules};
///
/// let expected: PartialStatus = serde_json::from_str(r#"{"clock": 3, "repetition": 1}"#).unwrap();
/// let actual = PartialStatus::from(&Reference::default().status());
/// let mismatches = expected.mismatches(&actual);
/// assert_eq!(mismatches.len(), 1);
/// assert_eq!(mismatches[0].field, Field::Clock);
/// assert!(!mismatches[0].missing);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartialStatus {
    /// See [`Status::ply`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ply: Option<u32>,
    /// See [`Status::fen`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// See [`Status::clock`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<u64>,
    /// See [`Status::repetition`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repetition: Option<u64>,
    /// See [`Status::ended`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<Vec<Ending>>,
    /// See [`Status::undetermined`]. Only this project's implementations
    /// report it; an engine's record never carries it and is never held to
    /// it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undetermined: Option<Vec<Ending>>,
    /// See [`Status::result`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// See [`Status::claims`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claims: Option<Vec<Claim>>,
    /// See [`Status::claims_on_move`]; each list may be given alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claims_on_move: Option<PartialClaimsOnMove>,
    /// Whether the player to move may claim some draw now, on the board or
    /// by writing a move: `claims` or a `claims_on_move` list is not empty
    /// (9.2.1, 9.2.2, 9.3.1, 9.3.2 together). Derived from the full record,
    /// for implementations that answer only that question.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_claimable: Option<bool>,
}

/// Some of the written-move lists; a list left out says nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartialClaimsOnMove {
    /// See [`ClaimsOnMove::threefold_repetition`](crate::ClaimsOnMove::threefold_repetition).
    #[serde(
        default,
        rename = "threefold-repetition",
        skip_serializing_if = "Option::is_none"
    )]
    pub threefold_repetition: Option<Vec<String>>,
    /// See [`ClaimsOnMove::fifty_moves`](crate::ClaimsOnMove::fifty_moves).
    #[serde(
        default,
        rename = "fifty-moves",
        skip_serializing_if = "Option::is_none"
    )]
    pub fifty_moves: Option<Vec<String>>,
}

/// A field of the status record, each written-move list on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Field {
    /// `ply`.
    Ply,
    /// `fen`.
    Fen,
    /// `clock`.
    Clock,
    /// `repetition`.
    Repetition,
    /// `ended`.
    Ended,
    /// `undetermined`.
    Undetermined,
    /// `result`.
    Result,
    /// `claims`.
    Claims,
    /// `claims_on_move.threefold-repetition`.
    ThreefoldOnMove,
    /// `claims_on_move.fifty-moves`.
    FiftyMovesOnMove,
    /// `draw_claimable`.
    DrawClaimable,
}

impl Field {
    /// Every field, in record order.
    pub const ALL: [Field; 11] = [
        Field::Ply,
        Field::Fen,
        Field::Clock,
        Field::Repetition,
        Field::Ended,
        Field::Undetermined,
        Field::Result,
        Field::Claims,
        Field::ThreefoldOnMove,
        Field::FiftyMovesOnMove,
        Field::DrawClaimable,
    ];

    /// The field's path in the JSON record, e.g.
    /// `claims_on_move.fifty-moves`.
    pub const fn name(self) -> &'static str {
        match self {
            Field::Ply => "ply",
            Field::Fen => "fen",
            Field::Clock => "clock",
            Field::Repetition => "repetition",
            Field::Ended => "ended",
            Field::Undetermined => "undetermined",
            Field::Result => "result",
            Field::Claims => "claims",
            Field::ThreefoldOnMove => "claims_on_move.threefold-repetition",
            Field::FiftyMovesOnMove => "claims_on_move.fifty-moves",
            Field::DrawClaimable => "draw_claimable",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A field an expectation states that the record compared does not match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mismatch {
    /// Which field.
    pub field: Field,
    /// Whether the record compared leaves the field out (rather than giving
    /// another value).
    pub missing: bool,
}

impl PartialStatus {
    /// Only `field` of this record (or nothing, if it leaves it out).
    pub fn only(&self, field: Field) -> PartialStatus {
        let mut only = PartialStatus::default();
        match field {
            Field::Ply => only.ply = self.ply,
            Field::Fen => only.fen.clone_from(&self.fen),
            Field::Clock => only.clock = self.clock,
            Field::Repetition => only.repetition = self.repetition,
            Field::Ended => only.ended.clone_from(&self.ended),
            Field::Undetermined => only.undetermined.clone_from(&self.undetermined),
            Field::Result => only.result = self.result,
            Field::Claims => only.claims.clone_from(&self.claims),
            Field::DrawClaimable => only.draw_claimable = self.draw_claimable,
            Field::ThreefoldOnMove | Field::FiftyMovesOnMove => {
                let list = self.moves_on(field).cloned();
                let mut lists = PartialClaimsOnMove::default();
                if field == Field::ThreefoldOnMove {
                    lists.threefold_repetition = list;
                } else {
                    lists.fifty_moves = list;
                }
                only.claims_on_move = list_present(&lists).then_some(lists);
            }
        }
        only
    }

    /// Whether the record gives `field`.
    pub fn has(&self, field: Field) -> bool {
        match field {
            Field::Ply => self.ply.is_some(),
            Field::Fen => self.fen.is_some(),
            Field::Clock => self.clock.is_some(),
            Field::Repetition => self.repetition.is_some(),
            Field::Ended => self.ended.is_some(),
            Field::Undetermined => self.undetermined.is_some(),
            Field::Result => self.result.is_some(),
            Field::Claims => self.claims.is_some(),
            Field::DrawClaimable => self.draw_claimable.is_some(),
            Field::ThreefoldOnMove | Field::FiftyMovesOnMove => self.moves_on(field).is_some(),
        }
    }

    /// Whether no field but `ply` is given (a `ply` alone expects nothing).
    pub fn is_empty(&self) -> bool {
        Field::ALL
            .into_iter()
            .all(|field| field == Field::Ply || !self.has(field))
    }

    /// The fields this record gives that `actual` gives otherwise or leaves
    /// out, in record order. Fields this record leaves out are not compared.
    pub fn mismatches(&self, actual: &PartialStatus) -> Vec<Mismatch> {
        Field::ALL
            .into_iter()
            .filter_map(|field| {
                let missing = match self.same(actual, field)? {
                    Some(true) => return None,
                    Some(false) => false,
                    None => true,
                };
                Some(Mismatch { field, missing })
            })
            .collect()
    }

    /// `None` when this record leaves `field` out; `Some(None)` when
    /// `actual` leaves it out; otherwise `Some(Some(equal))`.
    fn same(&self, actual: &PartialStatus, field: Field) -> Option<Option<bool>> {
        fn cmp<T: PartialEq>(ours: Option<&T>, theirs: Option<&T>) -> Option<Option<bool>> {
            let ours = ours?;
            Some(theirs.map(|theirs| ours == theirs))
        }
        match field {
            Field::Ply => cmp(self.ply.as_ref(), actual.ply.as_ref()),
            Field::Fen => cmp(self.fen.as_ref(), actual.fen.as_ref()),
            Field::Clock => cmp(self.clock.as_ref(), actual.clock.as_ref()),
            Field::Repetition => cmp(self.repetition.as_ref(), actual.repetition.as_ref()),
            Field::Ended => cmp(self.ended.as_ref(), actual.ended.as_ref()),
            Field::Undetermined => cmp(self.undetermined.as_ref(), actual.undetermined.as_ref()),
            Field::Result => cmp(self.result.as_ref(), actual.result.as_ref()),
            Field::Claims => cmp(self.claims.as_ref(), actual.claims.as_ref()),
            Field::DrawClaimable => {
                cmp(self.draw_claimable.as_ref(), actual.draw_claimable.as_ref())
            }
            Field::ThreefoldOnMove | Field::FiftyMovesOnMove => {
                cmp(self.moves_on(field), actual.moves_on(field))
            }
        }
    }

    /// One written-move list, if given.
    fn moves_on(&self, field: Field) -> Option<&Vec<String>> {
        let lists = self.claims_on_move.as_ref()?;
        match field {
            Field::ThreefoldOnMove => lists.threefold_repetition.as_ref(),
            Field::FiftyMovesOnMove => lists.fifty_moves.as_ref(),
            _ => None,
        }
    }
}

fn list_present(lists: &PartialClaimsOnMove) -> bool {
    lists.threefold_repetition.is_some() || lists.fifty_moves.is_some()
}

impl From<&Status> for PartialStatus {
    /// Every field of the full record.
    fn from(status: &Status) -> PartialStatus {
        PartialStatus {
            ply: Some(status.ply),
            fen: Some(status.fen.clone()),
            clock: Some(status.clock.into()),
            repetition: Some(status.repetition.into()),
            ended: Some(status.ended.clone()),
            undetermined: Some(status.undetermined.clone()),
            result: Some(status.result),
            claims: Some(status.claims.clone()),
            claims_on_move: Some(PartialClaimsOnMove {
                threefold_repetition: Some(status.claims_on_move.threefold_repetition.clone()),
                fifty_moves: Some(status.claims_on_move.fifty_moves.clone()),
            }),
            draw_claimable: Some(
                !status.claims.is_empty()
                    || !status.claims_on_move.threefold_repetition.is_empty()
                    || !status.claims_on_move.fifty_moves.is_empty(),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Reference, Rules};

    #[test]
    fn every_field_is_compared_when_given_and_only_then() {
        let full = PartialStatus::from(&Reference::default().status());
        assert!(full.mismatches(&full).is_empty());
        assert!(PartialStatus::default().mismatches(&full).is_empty());
        for field in Field::ALL {
            let only = full.only(field);
            assert!(only.has(field), "{field}");
            assert_eq!(
                Field::ALL.iter().filter(|&&other| only.has(other)).count(),
                1,
                "{field}"
            );
            // Given here, absent there: missing.
            assert_eq!(
                only.mismatches(&PartialStatus::default()),
                [Mismatch {
                    field,
                    missing: true
                }]
            );
        }
    }

    #[test]
    fn a_different_value_is_a_mismatch_of_that_field_alone() {
        let full = PartialStatus::from(&Reference::default().status());
        let mut other = full.clone();
        other.clock = Some(7);
        if let Some(lists) = &mut other.claims_on_move {
            lists.fifty_moves = Some(vec!["g1f3".to_owned()]);
        }
        assert_eq!(
            full.mismatches(&other),
            [
                Mismatch {
                    field: Field::Clock,
                    missing: false
                },
                Mismatch {
                    field: Field::FiftyMovesOnMove,
                    missing: false
                }
            ]
        );
    }
}
