//! The groups a divergence belongs to: a part of the rules, or one of the
//! groups beside the parts (claims after the end, which moves are
//! accepted, the shape of the answer, malformed input). Reports and
//! known-divergences files name findings by their group.

use std::fmt;

use crate::protocol::{Malformation, Part};

use crate::verify::game::illegal_move::IllegalMove;

/// The group a divergence belongs to: a part of the rules, which moves are
/// accepted, or the shape of the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Group {
    /// A part of the record.
    Part(Part),
    /// A claim (now or on a written move) reported after the game ended:
    /// once an ending holds, nothing is left to claim. The part says which.
    ClaimsAfterTheEnd(Part),
    /// The engine plays a move (or takes a start position) our reference
    /// refuses as illegal, or refuses one it accepts.
    MoveAcceptance,
    /// The engine plays a move after the game ended: the part says which
    /// ending held (the first, in article order, where several did), or
    /// which draw rule the engine itself makes automatic ended its game.
    MovesAfterTheEnd(Part),
    /// The answer lacks a declared field, or its plies do not follow on.
    AnswerShape,
    /// Malformed input (move text that is not a move, a FEN the standard
    /// does not allow) answered otherwise than expected: the kind says
    /// which.
    Input(Malformation),
    /// An illegal move (castling through check, a pinned man moved off
    /// its line, ...) answered otherwise than refused: the kind says which.
    IllegalMoves(IllegalMove),
}

impl Group {
    /// One group of each kind beside the parts, in the order reports list
    /// them. A group's name does not depend on the part of a claim after
    /// the end, the ending before a move after it or the kind of malformed input,
    /// so one stands for all.
    pub const BESIDE_THE_PARTS: [Group; 6] = [
        Group::ClaimsAfterTheEnd(Part::Moves),
        Group::MoveAcceptance,
        Group::MovesAfterTheEnd(Part::Moves),
        Group::AnswerShape,
        Group::Input(Malformation::SquareOffTheBoard),
        Group::IllegalMoves(IllegalMove::CastlingOutOfCheck),
    ];

    /// The name of every group, as reports and known-divergences files
    /// write them: the parts' (but `moves`, whose divergences are move
    /// acceptance), then those [`Group::BESIDE_THE_PARTS`].
    pub fn names() -> Vec<&'static str> {
        Part::ALL
            .into_iter()
            .filter(|&part| part != Part::Moves)
            .map(Group::Part)
            .chain(Group::BESIDE_THE_PARTS)
            .map(Group::name)
            .collect()
    }

    /// The rule's group name in reports and known-divergences files.
    pub fn name(self) -> &'static str {
        match self {
            Group::Part(part) => part.name(),
            Group::ClaimsAfterTheEnd(_) => "claims-after-the-end",
            Group::MoveAcceptance => "move-acceptance",
            Group::MovesAfterTheEnd(_) => "moves-after-the-end",
            Group::AnswerShape => "answer-shape",
            Group::Input(_) => "input",
            Group::IllegalMoves(_) => "illegal-moves",
        }
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Group::ClaimsAfterTheEnd(part) | Group::MovesAfterTheEnd(part) => {
                write!(f, "{} ({})", self.name(), part.name())
            }
            Group::Input(kind) => write!(f, "{} ({kind})", self.name()),
            Group::IllegalMoves(kind) => write!(f, "{} ({kind})", self.name()),
            _ => f.write_str(self.name()),
        }
    }
}
