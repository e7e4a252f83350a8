//! A divergence: where and how an engine's answer departs from the
//! reference, in a group and with a cause; and how one part of one record
//! is compared, our record seen as the engine's declared meanings ask.

use std::fmt;

use drawrules::{PartialStatus, Status};

use crate::protocol::{Meaning, Meanings, Part, RefusalKind};

use crate::verify::game::cause::Cause;
use crate::verify::game::direction::Direction;
use crate::verify::game::group::Group;

/// An engine's refusal: the ply, the kind, the message.
pub(crate) type TheirRefusal<'a> = (Option<u32>, RefusalKind, &'a str);

/// Where and how an engine's answer departs from the reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divergence {
    /// The group it belongs to.
    pub group: Group,
    /// What distinguishes the position, in the reference's terms.
    pub cause: Cause,
    /// The ply (`None`: the start position was refused).
    pub ply: Option<u32>,
    /// What the reference says.
    pub expected: String,
    /// What the engine says.
    pub actual: String,
    /// Which way the engine departs, for a group whose findings have a
    /// way ([`Direction::of`]): the kind of the finding.
    pub direction: Option<Direction>,
}

impl Divergence {
    /// The key findings are grouped and shrunk by: the group and the cause.
    /// Claims after the end are one key whatever the claim, and moves after
    /// the end whatever the ending (their kinds are counted apart).
    pub fn key(&self) -> (Group, Cause) {
        match self.group {
            Group::ClaimsAfterTheEnd(_) => (Group::ClaimsAfterTheEnd(Part::Moves), self.cause),
            Group::MovesAfterTheEnd(_) => (Group::MovesAfterTheEnd(Part::Moves), self.cause),
            group => (group, self.cause),
        }
    }
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.group)?;
        if self.cause != Cause::Plain {
            write!(f, " [{}]", self.cause)?;
        }
        match self.ply {
            Some(ply) => write!(f, " at ply {ply}: ")?,
            None => write!(f, ": ")?,
        }
        write!(f, "expected {}, got {}", self.expected, self.actual)
    }
}

/// A divergence of [`Group::AnswerShape`] at `ply`.
pub(crate) fn shape(ply: Option<u32>, expected: &str, actual: &str) -> Divergence {
    Divergence {
        group: Group::AnswerShape,
        cause: Cause::Plain,
        ply,
        expected: expected.to_owned(),
        actual: actual.to_owned(),
        direction: None,
    }
}

/// Our record and theirs compared on one part, with the workspace's one
/// comparer ([`PartialStatus::mismatches`]) on the part's field, each side
/// seen through [`project`], ours as the part means it to the engine
/// ([`narrowed`]).
pub(crate) fn compare_part(
    part: Part,
    meanings: &Meanings,
    ours: &Status,
    theirs: &PartialStatus,
) -> Option<Divergence> {
    let ply = ours.ply;
    let field = part.field()?;
    let expected = project(part, &narrowed(meanings, ours));
    let actual = project(part, theirs);
    let mismatch = expected.mismatches(&actual).into_iter().next()?;
    if mismatch.missing {
        return Some(shape(Some(ply), &format!("a `{field}` field"), "none"));
    }
    let mut shown = render_part(part, &actual);
    if let (Some(ours), Some(theirs)) = (on_move_list(part, &expected), on_move_list(part, &actual))
    {
        shown = format!("{shown} ({})", difference(ours, theirs));
    }
    Some(Divergence {
        group: Group::Part(part),
        cause: Cause::Plain,
        ply: Some(ply),
        expected: render_part(part, &expected),
        actual: shown,
        direction: Direction::of_records(part, &expected, &actual),
    })
}

/// The written-move list of `part` in a projected record, for the parts
/// that are one.
fn on_move_list(part: Part, projected: &PartialStatus) -> Option<&[String]> {
    let lists = projected.claims_on_move.as_ref()?;
    match part {
        Part::ThreefoldOnMove => lists.threefold_repetition.as_deref(),
        Part::FiftyMovesOnMove => lists.fifty_moves.as_deref(),
        _ => None,
    }
}

/// What a list of moves lacks and what it has too many of, against the
/// expected one: a reader of two long lists need not find the one move
/// that differs.
fn difference(expected: &[String], actual: &[String]) -> String {
    let missing: Vec<&str> = expected
        .iter()
        .filter(|mv| !actual.contains(mv))
        .map(String::as_str)
        .collect();
    let extra: Vec<&str> = actual
        .iter()
        .filter(|mv| !expected.contains(mv))
        .map(String::as_str)
        .collect();
    let mut said = Vec::new();
    if !missing.is_empty() {
        said.push(format!("missing {}", missing.join(", ")));
    }
    if !extra.is_empty() {
        said.push(format!("extra {}", extra.join(", ")));
    }
    said.join("; ")
}

/// The part of `record` that `part` is about: its field alone, an ending
/// or a claim only as present or absent, written-move lists as sets.
fn project(part: Part, record: &PartialStatus) -> PartialStatus {
    let Some(field) = part.field() else {
        return PartialStatus::default();
    };
    let mut only = record.only(field);
    if let (Some(ending), Some(ended)) = (part.ending(), &mut only.ended) {
        ended.retain(|&other| other == ending);
    }
    if let (Some(claim), Some(claims)) = (part.claim(), &mut only.claims) {
        claims.retain(|&other| other == claim);
    }
    if let Some(lists) = &mut only.claims_on_move {
        for list in [&mut lists.threefold_repetition, &mut lists.fifty_moves]
            .into_iter()
            .flatten()
        {
            list.sort();
            list.dedup();
        }
    }
    only
}

/// A projected part as reports show it.
fn render_part(part: Part, projected: &PartialStatus) -> String {
    // An ending or claim listed more than once says so: "present" against
    // "present" would read as no difference at all.
    let presence = |times: usize| match times {
        0 => "absent".to_owned(),
        1 => "present".to_owned(),
        n => format!("listed {n} times"),
    };
    let lists = projected.claims_on_move.as_ref();
    match part {
        _ if part.ending().is_some() => presence(projected.ended.as_ref().map_or(0, Vec::len)),
        Part::ThreefoldRepetition | Part::FiftyMoves => {
            presence(projected.claims.as_ref().map_or(0, Vec::len))
        }
        Part::ThreefoldOnMove => sorted(lists.and_then(|l| l.threefold_repetition.as_deref())),
        Part::FiftyMovesOnMove => sorted(lists.and_then(|l| l.fifty_moves.as_deref())),
        Part::Repetition => projected
            .repetition
            .map(|n| n.to_string())
            .unwrap_or_default(),
        Part::Clock => projected.clock.map(|n| n.to_string()).unwrap_or_default(),
        Part::Fen => projected.fen.clone().unwrap_or_default(),
        Part::Result => projected.result.map(|r| r.to_string()).unwrap_or_default(),
        Part::DrawClaimable => projected
            .draw_claimable
            .map(|yes| yes.to_string())
            .unwrap_or_default(),
        _ => String::new(),
    }
}

/// A list of moves (already a sorted set), printed.
fn sorted(moves: Option<&[String]>) -> String {
    format!("[{}]", moves.unwrap_or_default().join(", "))
}

/// Our record as the engine's declared meanings ask for it: with
/// [`Meaning::OnTheBoard`], `draw_claimable` says whether a draw may be
/// claimed on the board alone.
pub(crate) fn narrowed(meanings: &Meanings, ours: &Status) -> PartialStatus {
    let mut record = PartialStatus::from(ours);
    if meanings.get(&Part::DrawClaimable) == Some(&Meaning::OnTheBoard) {
        record.draw_claimable = Some(Meaning::on_the_board(ours));
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn a_written_move_list_that_differs_says_what_is_missing_and_extra() {
        let expected = moves("a1a2 a1a7 a1a8 g1h1");
        assert_eq!(
            difference(&expected, &moves("a1a2 a1a7 g1h1")),
            "missing a1a8"
        );
        assert_eq!(
            difference(&expected, &moves("a1a2 a1a7 a1a8 b1b2 g1h1")),
            "extra b1b2"
        );
        assert_eq!(
            difference(&expected, &moves("a1a2 b1b2")),
            "missing a1a7, a1a8, g1h1; extra b1b2"
        );
    }
}
