//! The corpus format: what one case file holds, as serde types.
//!
//! `spec/README.md` is the format's reference; these types follow it field
//! by field. Every table rejects fields it does not know.

use std::fmt;

use serde::{Deserialize, Serialize};

use drawrules::laws::Edition;
use drawrules::{Article, Field, PartialStatus, RefusalKind, Status};

use crate::protocol::DeadReading;

/// One case file: a group of cases, named after the file.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::corpus::parse_file;
///
/// let text = r#"
/// [[case]]
/// name = "knights-twice"
/// articles = ["9.2.2"]
/// shows = "two knight round trips bring the start position back a third time"
/// moves = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"
/// expect = { repetition = 3, claims = ["threefold-repetition"] }
/// "#;
/// let file = parse_file("threefold.toml", text).unwrap();
/// assert_eq!(file.group, "threefold");
/// assert_eq!(file.cases[0].full_name(&file.group), "threefold/knights-twice");
/// assert_eq!(file.cases[0].moves().count(), 8);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CasesFile {
    /// The group: the file name without its `.toml` extension.
    pub group: String,
    /// The cases, in file order.
    pub cases: Vec<Case>,
}

/// One case: a start, moves, and what must hold.
///
/// Serialised as it is written in a case file (fields left at their
/// defaults are left out), so that tools write cases by serialising them.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Lowercase words joined by `-`, unique within the file.
    pub name: String,
    /// The articles the case exercises, e.g. `["9.2.1", "9.2.3"]`.
    pub articles: Vec<Article>,
    /// One line, in our own words, saying what the case shows.
    pub shows: String,
    /// The editions the case holds for (default: every edition).
    #[serde(default = "every_edition", skip_serializing_if = "is_every_edition")]
    pub editions: Vec<Edition>,
    /// How Article 5.2.2 is decided while the case is played (default:
    /// by material): `"material"` or `"exact"`, read by name alone as a
    /// handshake's `dead-position` is, with the same refusals.
    #[serde(
        default,
        rename = "dead-rule",
        skip_serializing_if = "DeadReading::is_material"
    )]
    pub dead_rule: DeadReading,
    /// The start position as FEN (default: the standard position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The moves in UCI, separated by spaces.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub moves: String,
    /// What holds at the last ply played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<PartialStatus>,
    /// What holds at chosen plies.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub at: Vec<PartialStatus>,
    /// The error that stops the game, if one must.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ExpectedRefusal>,
    /// Readings of the Laws that the case accepts, where the text leaves a
    /// real choice; one of them must hold besides `expect` and `at`.
    #[serde(default, rename = "alternative", skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<Alternative>,
    /// The line of the case in its file (1-based), filled in when loaded.
    #[serde(skip)]
    pub line: usize,
}

fn every_edition() -> Vec<Edition> {
    Edition::ALL.to_vec()
}

fn is_every_edition(editions: &[Edition]) -> bool {
    editions == Edition::ALL
}

impl Case {
    /// `group/name`, the name that identifies the case in the corpus.
    pub fn full_name(&self, group: &str) -> String {
        format!("{group}/{}", self.name)
    }

    /// The move texts, in order.
    pub fn moves(&self) -> impl Iterator<Item = &str> {
        self.moves.split_whitespace()
    }

    /// Whether the case holds for `edition`.
    pub fn holds_for(&self, edition: Edition) -> bool {
        self.editions.contains(&edition)
    }

    /// The last ply that is played: the number of moves, or the ply before
    /// the expected error (`None` when the start itself must fail).
    pub fn last_ply(&self) -> Option<u32> {
        match &self.error {
            Some(error) if error.kind == RefusalKind::InvalidFen => None,
            Some(error) => Some(error.ply.unwrap_or(0).saturating_sub(1)),
            None => Some(u32::try_from(self.moves().count()).unwrap_or(u32::MAX)),
        }
    }

    /// The alternative marked as the reading this project follows.
    pub fn our_reading(&self) -> Option<(usize, &Alternative)> {
        self.alternatives
            .iter()
            .enumerate()
            .find(|(_, alternative)| alternative.ours)
    }
}

/// One field of a status record where the expected value and the actual
/// one differ, both written as JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The field, e.g. `repetition` or `claims_on_move.fifty-moves`.
    pub field: &'static str,
    /// The expected value, as JSON.
    pub expected: String,
    /// The reported value, as JSON.
    pub actual: String,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: expected {}, got {}",
            self.field, self.expected, self.actual
        )
    }
}

/// The fields of `status` that differ from those `expected` states, in
/// record order, each with both values as JSON. The comparison is
/// [`PartialStatus::mismatches`], the workspace's one comparer of records.
///
/// # Examples
///
/// ```
/// use drawrules::{PartialStatus, Reference, Rules};
/// use drawrules_conformance::corpus::differences;
///
/// let expected = PartialStatus { clock: Some(3), repetition: Some(1), ..PartialStatus::default() };
/// let differences = differences(&expected, &Reference::default().status());
/// assert_eq!(differences.len(), 1);
/// assert_eq!(differences[0].to_string(), "clock: expected 3, got 0");
/// ```
pub fn differences(expected: &PartialStatus, status: &Status) -> Vec<Difference> {
    let actual = PartialStatus::from(status);
    expected
        .mismatches(&actual)
        .into_iter()
        .map(|mismatch| Difference {
            field: mismatch.field.name(),
            expected: field_json(expected, mismatch.field),
            actual: field_json(&actual, mismatch.field),
        })
        .collect()
}

/// The value of one field of `record` as JSON (`null` when left out).
fn field_json(record: &PartialStatus, field: Field) -> String {
    let value = serde_json::to_value(record.only(field)).unwrap_or_default();
    let path: Vec<&str> = match field {
        Field::ThreefoldOnMove => vec!["claims_on_move", "threefold-repetition"],
        Field::FiftyMovesOnMove => vec!["claims_on_move", "fifty-moves"],
        other => vec![other.name()],
    };
    let value = path.into_iter().fold(&value, |value, key| &value[key]);
    value.to_string()
}

/// An error the game must stop with, by kind.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedRefusal {
    /// What goes wrong: one of the kinds the rules give
    /// ([`RefusalKind::is_given_by_the_rules`]).
    pub kind: RefusalKind,
    /// The ply the refused move would have made: required for the move
    /// kinds, and it must be the last move of the case; absent for
    /// `invalid-fen`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ply: Option<u32>,
}

impl fmt::Display for ExpectedRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ply {
            Some(ply) => write!(f, "{} at ply {ply}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

/// One accepted reading of a point the Laws leave open, with what it
/// expects.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Alternative {
    /// One line naming the reading.
    pub reading: String,
    /// Whether this is the reading `drawrules` follows (exactly one
    /// alternative of a case says so).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ours: bool,
    /// What holds at the last ply under this reading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<PartialStatus>,
    /// What holds at chosen plies under this reading.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub at: Vec<PartialStatus>,
}
