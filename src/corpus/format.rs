//! The corpus format: what one case file holds, as serde types.
//!
//! `spec/README.md` is the format's reference; these types follow it field
//! by field. Every table rejects fields it does not know.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::laws::{Claim, Edition, Ending, GameResult};
use crate::status::Status;

/// One case file: a group of cases, named after the file.
///
/// # Examples
///
/// ```
/// use drawrules::corpus::parse_file;
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
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Lowercase words joined by `-`, unique within the file.
    pub name: String,
    /// The articles the case exercises, e.g. `["9.2.1", "9.2.3"]`.
    pub articles: Vec<String>,
    /// One line, in our own words, saying what the case shows.
    pub shows: String,
    /// The editions the case holds for (default: every edition).
    #[serde(default = "every_edition")]
    pub editions: Vec<Edition>,
    /// The start position as FEN (default: the standard position).
    #[serde(default)]
    pub fen: Option<String>,
    /// The moves in UCI, separated by spaces.
    #[serde(default)]
    pub moves: String,
    /// What holds at the last ply played.
    #[serde(default)]
    pub expect: Option<Expected>,
    /// What holds at chosen plies.
    #[serde(default)]
    pub at: Vec<Expected>,
    /// The error that stops the game, if one must.
    #[serde(default)]
    pub error: Option<ExpectedError>,
    /// Readings of the Laws that the case accepts, where the text leaves a
    /// real choice; one of them must hold besides `expect` and `at`.
    #[serde(default, rename = "alternative")]
    pub alternatives: Vec<Alternative>,
    /// The line of the case in its file (1-based), filled in when loaded.
    #[serde(skip)]
    pub line: usize,
}

fn every_edition() -> Vec<Edition> {
    Edition::ALL.to_vec()
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
            Some(error) if error.kind == ErrorKind::InvalidFen => None,
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

/// Expected values for fields of one status record; a field left out is not
/// checked.
///
/// In `at`, `ply` is required and chooses the record; in `expect` it is
/// checked against the last ply played.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expected {
    /// See [`Status::ply`].
    #[serde(default)]
    pub ply: Option<u32>,
    /// See [`Status::fen`].
    #[serde(default)]
    pub fen: Option<String>,
    /// See [`Status::clock`].
    #[serde(default)]
    pub clock: Option<u32>,
    /// See [`Status::repetition`].
    #[serde(default)]
    pub repetition: Option<u32>,
    /// See [`Status::ended`].
    #[serde(default)]
    pub ended: Option<Vec<Ending>>,
    /// See [`Status::result`].
    #[serde(default)]
    pub result: Option<GameResult>,
    /// See [`Status::claims`].
    #[serde(default)]
    pub claims: Option<Vec<Claim>>,
    /// See [`Status::claims_on_move`]; each list may be expected alone.
    #[serde(default)]
    pub claims_on_move: Option<ExpectedClaimsOnMove>,
}

/// Expected written-move lists; a list left out is not checked.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedClaimsOnMove {
    /// See [`crate::ClaimsOnMove::threefold_repetition`].
    #[serde(
        default,
        rename = "threefold-repetition",
        skip_serializing_if = "Option::is_none"
    )]
    pub threefold_repetition: Option<Vec<String>>,
    /// See [`crate::ClaimsOnMove::fifty_moves`].
    #[serde(
        default,
        rename = "fifty-moves",
        skip_serializing_if = "Option::is_none"
    )]
    pub fifty_moves: Option<Vec<String>>,
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

impl Expected {
    /// Whether no field is expected (a `ply` alone expects nothing).
    pub fn is_empty(&self) -> bool {
        let Expected {
            ply: _,
            fen,
            clock,
            repetition,
            ended,
            result,
            claims,
            claims_on_move,
        } = self;
        fen.is_none()
            && clock.is_none()
            && repetition.is_none()
            && ended.is_none()
            && result.is_none()
            && claims.is_none()
            && claims_on_move.as_ref().is_none_or(|on_move| {
                on_move.threefold_repetition.is_none() && on_move.fifty_moves.is_none()
            })
    }

    /// The fields of `status` that differ from the expected ones, in record
    /// order.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::corpus::Expected;
    /// use drawrules::{Reference, Rules};
    ///
    /// let expected = Expected { clock: Some(3), repetition: Some(1), ..Expected::default() };
    /// let differences = expected.differences(&Reference::default().status());
    /// assert_eq!(differences.len(), 1);
    /// assert_eq!(differences[0].to_string(), "clock: expected 3, got 0");
    /// ```
    pub fn differences(&self, status: &Status) -> Vec<Difference> {
        let mut out = Vec::new();
        compare(&mut out, "ply", &self.ply, &status.ply);
        compare(&mut out, "fen", &self.fen, &status.fen);
        compare(&mut out, "clock", &self.clock, &status.clock);
        compare(&mut out, "repetition", &self.repetition, &status.repetition);
        compare(&mut out, "ended", &self.ended, &status.ended);
        compare(&mut out, "result", &self.result, &status.result);
        compare(&mut out, "claims", &self.claims, &status.claims);
        if let Some(on_move) = &self.claims_on_move {
            compare(
                &mut out,
                "claims_on_move.threefold-repetition",
                &on_move.threefold_repetition,
                &status.claims_on_move.threefold_repetition,
            );
            compare(
                &mut out,
                "claims_on_move.fifty-moves",
                &on_move.fifty_moves,
                &status.claims_on_move.fifty_moves,
            );
        }
        out
    }
}

fn compare<T: PartialEq + Serialize>(
    out: &mut Vec<Difference>,
    field: &'static str,
    expected: &Option<T>,
    actual: &T,
) {
    if let Some(expected) = expected
        && expected != actual
    {
        out.push(Difference {
            field,
            expected: json(expected),
            actual: json(actual),
        });
    }
}

/// Values of the status record always serialise; an empty string stands in
/// if one ever did not.
fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// An error the game must stop with, by kind.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedError {
    /// What goes wrong.
    pub kind: ErrorKind,
    /// The ply the refused move would have made: required for the move
    /// kinds, and it must be the last move of the case; absent for
    /// `invalid-fen`.
    #[serde(default)]
    pub ply: Option<u32>,
}

impl fmt::Display for ExpectedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ply {
            Some(ply) => write!(f, "{} at ply {ply}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

/// The kinds of error a case may expect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    /// The start FEN is not FEN, or not a legal position.
    InvalidFen,
    /// The move text is not UCI.
    UnreadableMove,
    /// The move is UCI but not a legal move in the position.
    IllegalMove,
    /// An ending already holds, so no move may follow, whatever the move
    /// is (this kind takes precedence over the other two move kinds).
    GameOver,
}

impl ErrorKind {
    /// The name used in case files, e.g. `illegal-move`.
    pub const fn name(self) -> &'static str {
        match self {
            ErrorKind::InvalidFen => "invalid-fen",
            ErrorKind::UnreadableMove => "unreadable-move",
            ErrorKind::IllegalMove => "illegal-move",
            ErrorKind::GameOver => "game-over",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One accepted reading of a point the Laws leave open, with what it
/// expects.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Alternative {
    /// One line naming the reading.
    pub reading: String,
    /// Whether this is the reading `drawrules` follows (exactly one
    /// alternative of a case says so).
    #[serde(default)]
    pub ours: bool,
    /// What holds at the last ply under this reading.
    #[serde(default)]
    pub expect: Option<Expected>,
    /// What holds at chosen plies under this reading.
    #[serde(default)]
    pub at: Vec<Expected>,
}
