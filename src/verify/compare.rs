//! Comparing an engine's answer with our reference's judgement, only on the
//! parts the engine declares.

use std::fmt;

use crate::laws::Claim;
use crate::protocol::{Answer, Draws, EngineRecord, Hello, Part, RefusalKind};
use crate::status::Status;

use super::judge::Judgement;

/// The group a divergence belongs to: a part of the rules, which moves are
/// accepted, or the shape of the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// A part of the record.
    Part(Part),
    /// A claim (now or on a written move) reported after the game ended:
    /// once an ending holds, nothing is left to claim. The part says which.
    ClaimsAfterTheEnd(Part),
    /// The engine plays a move (or takes a start position) our reference
    /// refuses as illegal, or refuses one it accepts.
    MoveAcceptance,
    /// The engine plays a move after the game ended.
    MovesAfterTheEnd,
    /// The answer lacks a declared field, or its plies do not follow on.
    AnswerShape,
}

impl Rule {
    /// The name of every group, as reports and known-divergences files
    /// write them.
    pub fn names() -> Vec<&'static str> {
        let mut names: Vec<&'static str> = Part::ALL
            .into_iter()
            .filter(|&part| part != Part::Moves)
            .map(Part::name)
            .collect();
        names.extend([
            "claims-after-the-end",
            "move-acceptance",
            "moves-after-the-end",
            "answer-shape",
        ]);
        names
    }

    /// The rule's group name in reports and known-divergences files.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Part(part) => part.name(),
            Rule::ClaimsAfterTheEnd(_) => "claims-after-the-end",
            Rule::MoveAcceptance => "move-acceptance",
            Rule::MovesAfterTheEnd => "moves-after-the-end",
            Rule::AnswerShape => "answer-shape",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::ClaimsAfterTheEnd(part) => write!(f, "{} ({})", self.name(), part.name()),
            _ => f.write_str(self.name()),
        }
    }
}

/// An engine's refusal: the ply, the kind, the message.
type TheirRefusal<'a> = (Option<u32>, RefusalKind, &'a str);

/// Where and how an engine's answer departs from the reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divergence {
    /// Which rule.
    pub rule: Rule,
    /// The ply (`None`: the start position was refused).
    pub ply: Option<u32>,
    /// What the reference says.
    pub expected: String,
    /// What the engine says.
    pub actual: String,
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ply {
            Some(ply) => write!(f, "{} at ply {ply}: ", self.rule)?,
            None => write!(f, "{}: ", self.rule)?,
        }
        write!(f, "expected {}, got {}", self.expected, self.actual)
    }
}

/// The first divergence of `answer` from `ours`, looking only at what
/// `hello` declares.
///
/// Plies are compared in order, and the parts of a ply in the order of
/// [`Part::ALL`]. Once our game is over by an ending the engine does not
/// implement, only the endings it does implement are compared at that ply,
/// and nothing after it. A refusal at the same ply as ours agrees whatever
/// its kind (after an ending, no move is legal either); an engine that
/// ends the game on claimable draws (`draws: automatic`) may refuse the
/// moves after one. Which moves are accepted is compared only for an engine
/// that declares the part `moves`. A claim reported once our game is over
/// is grouped apart ([`Rule::ClaimsAfterTheEnd`]), and so is a move played
/// after the end ([`Rule::MovesAfterTheEnd`]).
pub fn compare(hello: &Hello, ours: &Judgement, answer: &Answer) -> Option<Divergence> {
    let (theirs, refused): (&[EngineRecord], Option<TheirRefusal<'_>>) = match answer {
        Answer::Records { records, .. } => (records, None),
        Answer::Error(refusal) => (
            &refusal.records,
            Some((refusal.ply, refusal.kind, refusal.message.as_str())),
        ),
        Answer::Hello(_) => {
            return Some(shape(None, "records or a refusal", "a handshake"));
        }
    };
    for (index, record) in theirs.iter().enumerate() {
        if record.ply as usize != index {
            return Some(shape(
                Some(record.ply),
                &format!("the record of ply {index}"),
                &format!("ply {}", record.ply),
            ));
        }
    }

    for (index, status) in ours.records.iter().enumerate() {
        let Some(record) = theirs.get(index) else {
            break;
        };
        let undeclared_end = status
            .ended
            .iter()
            .any(|&ending| !hello.implements.iter().any(|p| p.ending() == Some(ending)));
        for part in Part::ALL {
            if !hello.implements(part) || (undeclared_end && part.ending().is_none()) {
                continue;
            }
            if let Some(mut divergence) = compare_part(part, status, record) {
                if status.is_over() && part.claim().is_some() && divergence.rule == Rule::Part(part)
                {
                    divergence.rule = Rule::ClaimsAfterTheEnd(part);
                }
                return Some(divergence);
            }
        }
        if undeclared_end {
            return None;
        }
    }
    if hello.implements(Part::Moves) {
        compare_acceptance(hello, ours, theirs, refused)
    } else {
        None
    }
}

fn shape(ply: Option<u32>, expected: &str, actual: &str) -> Divergence {
    Divergence {
        rule: Rule::AnswerShape,
        ply,
        expected: expected.to_owned(),
        actual: actual.to_owned(),
    }
}

fn compare_part(part: Part, ours: &Status, theirs: &EngineRecord) -> Option<Divergence> {
    let ply = ours.ply;
    let missing = |field: &str| Some(shape(Some(ply), &format!("a `{field}` field"), "none"));
    let differ = |expected: String, actual: String| {
        (expected != actual).then_some(Divergence {
            rule: Rule::Part(part),
            ply: Some(ply),
            expected,
            actual,
        })
    };
    let presence = |yes: bool| if yes { "present" } else { "absent" }.to_owned();
    if let Some(ending) = part.ending() {
        let Some(ended) = &theirs.ended else {
            return missing("ended");
        };
        return differ(
            presence(ours.ended.contains(&ending)),
            presence(ended.contains(&ending)),
        );
    }
    match part {
        Part::ThreefoldRepetition | Part::FiftyMoves => {
            let claim = part.claim().unwrap_or(Claim::FiftyMoves);
            let Some(claims) = &theirs.claims else {
                return missing("claims");
            };
            differ(
                presence(ours.claims.contains(&claim)),
                presence(claims.contains(&claim)),
            )
        }
        Part::ThreefoldOnMove | Part::FiftyMovesOnMove => {
            let (expected, actual) = if part == Part::ThreefoldOnMove {
                (
                    &ours.claims_on_move.threefold_repetition,
                    theirs
                        .claims_on_move
                        .as_ref()
                        .and_then(|lists| lists.threefold_repetition.as_ref()),
                )
            } else {
                (
                    &ours.claims_on_move.fifty_moves,
                    theirs
                        .claims_on_move
                        .as_ref()
                        .and_then(|lists| lists.fifty_moves.as_ref()),
                )
            };
            let Some(actual) = actual else {
                return missing(&format!(
                    "claims_on_move.{}",
                    part.claim().map_or("", Claim::name)
                ));
            };
            differ(sorted(expected), sorted(actual))
        }
        Part::Repetition => match theirs.repetition {
            Some(count) => differ(ours.repetition.to_string(), count.to_string()),
            None => missing("repetition"),
        },
        Part::Clock => match theirs.clock {
            Some(clock) => differ(ours.clock.to_string(), clock.to_string()),
            None => missing("clock"),
        },
        Part::Fen => match &theirs.fen {
            Some(fen) => differ(ours.fen.clone(), fen.clone()),
            None => missing("fen"),
        },
        Part::Result => match theirs.result {
            Some(result) => differ(ours.result.to_string(), result.to_string()),
            None => missing("result"),
        },
        // Compared over the whole game, not per record.
        Part::Moves => None,
        _ => None,
    }
}

/// A list of moves as a set, printed sorted.
fn sorted(moves: &[String]) -> String {
    let mut moves = moves.to_vec();
    moves.sort();
    moves.dedup();
    format!("[{}]", moves.join(", "))
}

fn compare_acceptance(
    hello: &Hello,
    ours: &Judgement,
    theirs: &[EngineRecord],
    refused: Option<TheirRefusal<'_>>,
) -> Option<Divergence> {
    let our_plies = ours.records.len();
    let their_plies = theirs.len();
    let describe_ours = |(ply, kind): (Option<u32>, RefusalKind)| match ply {
        Some(ply) => format!("move {ply} refused ({})", kind.name()),
        None => format!("the start refused ({})", kind.name()),
    };
    let describe_theirs = |refusal: Option<TheirRefusal<'_>>| match refusal {
        Some((Some(ply), kind, message)) => {
            format!("move {ply} refused ({}: {message})", kind.name())
        }
        Some((None, kind, message)) => format!("the start refused ({}: {message})", kind.name()),
        None => "every move played".to_owned(),
    };
    let diverge = |ply: usize, expected: String, actual: String| Divergence {
        rule: Rule::MoveAcceptance,
        ply: u32::try_from(ply).ok(),
        expected,
        actual,
    };
    match (ours.refusal, refused) {
        _ if our_plies == their_plies => match (ours.refusal, refused) {
            (None, None) | (Some(_), Some(_)) => None,
            (None, Some(theirs_refusal)) => Some(diverge(
                our_plies,
                "every move played".to_owned(),
                describe_theirs(Some(theirs_refusal)),
            )),
            (Some(our_refusal), None) if their_plies == 0 => Some(diverge(
                0,
                describe_ours(our_refusal),
                "no record and no refusal".to_owned(),
            )),
            (Some(our_refusal), None) => Some(shape(
                u32::try_from(their_plies).ok(),
                &describe_ours(our_refusal),
                "no further record and no refusal",
            )),
        },
        (_, theirs_refusal) if their_plies < our_plies => {
            let last_shared = their_plies.checked_sub(1).and_then(|i| ours.records.get(i));
            let allowed = hello.draws == Draws::Automatic
                && matches!(theirs_refusal, Some((_, RefusalKind::GameOver, _)))
                && last_shared.is_some_and(|status| !status.claims.is_empty());
            if allowed {
                None
            } else if theirs_refusal.is_none() {
                Some(shape(
                    u32::try_from(their_plies).ok(),
                    &format!("{our_plies} records"),
                    &format!("{their_plies} records and no refusal"),
                ))
            } else {
                Some(diverge(
                    their_plies,
                    "the move played".to_owned(),
                    describe_theirs(theirs_refusal),
                ))
            }
        }
        (Some(our_refusal @ (_, RefusalKind::GameOver)), _) => Some(Divergence {
            rule: Rule::MovesAfterTheEnd,
            ..diverge(
                our_plies,
                describe_ours(our_refusal),
                "the move played".to_owned(),
            )
        }),
        (Some(our_refusal), _) => Some(diverge(
            our_plies,
            describe_ours(our_refusal),
            if our_refusal.0.is_none() {
                "the start accepted".to_owned()
            } else {
                "the move played".to_owned()
            },
        )),
        (None, _) => Some(shape(
            u32::try_from(our_plies).ok(),
            &format!("{our_plies} records"),
            &format!("{their_plies} records"),
        )),
    }
}
