//! What distinguishes the position where an engine diverges, in the
//! reference's own terms: the cause a divergence is grouped by, so that two
//! bugs in the same part of the rules show as two groups.
//!
//! A cause is read from the reference's judgement of the game (its records
//! and the moves it played), never from the engine's answer. Each part of
//! the rules looks at the facts that can change its answer, in a fixed
//! order, and the first one that holds names the cause:
//!
//! * the move count (9.3, 9.6.2: `clock`, `fifty-moves`,
//!   `fifty-moves-on-move`, `seventy-five-moves`): the count includes plies
//!   from before the start position (its FEN clock), a castling move or a
//!   lost castling right since the last pawn move or capture;
//! * repetition (9.2, 9.6.1: `repetition`, `threefold-repetition`,
//!   `threefold-on-move`, `fivefold-repetition`): a pawn's two-square step
//!   whose en passant capture no legal move can make (9.2.3 counts no such
//!   right), told apart by why: an enemy pawn beside it whose capture would
//!   expose its king (`pinned-en-passant`, checked first: a library that
//!   asks only whether a pawn stands beside fails there alone), no enemy
//!   pawn beside it (`unusable-en-passant`), or only the start FEN's field
//!   (`en-passant-in-start-fen`); one whose capture is legal, a castling
//!   right lost during the game;
//! * the `fen`: the field that differs, each field its own divergence
//!   ([`FenField`]): placement and side to move, castling, en passant
//!   (then whether our right is usable), halfmove clock, move number; and
//!   a field that follows another published convention than the one
//!   decided for the run;
//! * `result` and the endings: checkmate, or stalemate, at a count of 100
//!   or more (two causes: a library may get one right and not the other);
//! * the written-move lists (`threefold-on-move`, `fifty-moves-on-move`): a
//!   listed move that would checkmate or stalemate, before the facts above;
//! * `draw-claimable`: a draw claimable only by writing a move, then the
//!   facts of the count and of repetition above.
//!
//! Anything else is `plain`. A claim reported after the game ended is one
//! root cause, whatever the claim and the ending: that group has no
//! causes.

use std::fmt;

use drawrules::{Ending, Judgement, Status};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position, Role};

use crate::protocol::Part;

use crate::verify::game::fen_fields::FenField;
use crate::verify::game::group::Group;

/// What distinguishes the position where a divergence happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cause {
    /// The move count reaches back before the start position: its FEN
    /// clock is above zero and no pawn move or capture has reset it.
    StartClock,
    /// A castling move, or a move that lost a castling right, was played
    /// since the count last started.
    CastlingInCount,
    /// A pawn's two-square step gave no legal en passant capture, no enemy
    /// pawn standing beside it: 9.2.3 counts no en passant right, a
    /// FEN-based identity would.
    UnusableEnPassant,
    /// A pawn's two-square step beside an enemy pawn whose en passant
    /// capture is illegal (it would leave its own king in check): no right
    /// under 9.2.3, though a pawn stands ready to take. An identity that
    /// asks only whether a pawn stands beside counts one.
    PinnedEnPassant,
    /// The start FEN names an en passant square no legal capture can use,
    /// and no two-square step of the game does: a right taken from the
    /// FEN's text.
    EnPassantInStartFen,
    /// A pawn's two-square step gave a legal en passant capture.
    UsableEnPassant,
    /// A castling right was lost during the game: positions before and
    /// after differ.
    CastlingRightLost,
    /// Checkmate at a move count of 100 plies or more.
    MateAtCount,
    /// Stalemate at a move count of 100 plies or more.
    StalemateAtCount,
    /// A move the player may write down to claim would checkmate or
    /// stalemate if it were played.
    WrittenMoveEnds,
    /// A draw may be claimed only by writing a move (9.2.1, 9.3.1), none on
    /// the board.
    OnlyOnAWrittenMove,
    /// The FEN's placement of the men or side to move (or a FEN that is
    /// not six fields).
    Placement,
    /// The FEN's castling field.
    CastlingField,
    /// The FEN's halfmove clock.
    HalfmoveClock,
    /// The FEN's move number.
    MoveNumber,
    /// The FEN's en passant field follows another published convention
    /// than the one decided for the run.
    MixedEnPassantConventions,
    /// The FEN's castling field follows another published convention than
    /// the one decided for the run.
    MixedCastlingConventions,
    /// None of the above.
    Plain,
}

impl Cause {
    /// Every cause, in the order of their names in reports.
    pub const ALL: [Cause; 18] = [
        Cause::StartClock,
        Cause::CastlingInCount,
        Cause::UnusableEnPassant,
        Cause::PinnedEnPassant,
        Cause::EnPassantInStartFen,
        Cause::UsableEnPassant,
        Cause::CastlingRightLost,
        Cause::MateAtCount,
        Cause::StalemateAtCount,
        Cause::WrittenMoveEnds,
        Cause::OnlyOnAWrittenMove,
        Cause::Placement,
        Cause::CastlingField,
        Cause::HalfmoveClock,
        Cause::MoveNumber,
        Cause::MixedEnPassantConventions,
        Cause::MixedCastlingConventions,
        Cause::Plain,
    ];

    /// The cause's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Cause::StartClock => "start-clock",
            Cause::CastlingInCount => "castling-in-count",
            Cause::UnusableEnPassant => "unusable-en-passant",
            Cause::PinnedEnPassant => "pinned-en-passant",
            Cause::EnPassantInStartFen => "en-passant-in-start-fen",
            Cause::UsableEnPassant => "usable-en-passant",
            Cause::CastlingRightLost => "castling-right-lost",
            Cause::MateAtCount => "mate-at-count",
            Cause::StalemateAtCount => "stalemate-at-count",
            Cause::WrittenMoveEnds => "written-move-ends-the-game",
            Cause::OnlyOnAWrittenMove => "only-on-a-written-move",
            Cause::Placement => "placement",
            Cause::CastlingField => "castling-field",
            Cause::HalfmoveClock => "halfmove-clock",
            Cause::MoveNumber => "move-number",
            Cause::MixedEnPassantConventions => "mixed-en-passant-conventions",
            Cause::MixedCastlingConventions => "mixed-castling-conventions",
            Cause::Plain => "plain",
        }
    }

    /// What the cause means, for a report's reader.
    pub fn explain(self) -> &'static str {
        match self {
            Cause::StartClock => "the count includes the start FEN's clock",
            Cause::CastlingInCount => "castling or a lost castling right during the count",
            Cause::UnusableEnPassant => {
                "a two-square pawn step with no enemy pawn beside it to take en passant"
            }
            Cause::PinnedEnPassant => {
                "a two-square pawn step beside an enemy pawn whose en passant capture would expose its king"
            }
            Cause::EnPassantInStartFen => {
                "a start FEN naming an en passant square no legal capture can use"
            }
            Cause::UsableEnPassant => "a two-square pawn step with a legal en passant capture",
            Cause::CastlingRightLost => "a castling right lost during the game",
            Cause::MateAtCount => "checkmate at a count of 100 or more",
            Cause::StalemateAtCount => "stalemate at a count of 100 or more",
            Cause::WrittenMoveEnds => {
                "a move written to claim would checkmate or stalemate if played"
            }
            Cause::OnlyOnAWrittenMove => "a draw claimable only by writing a move",
            Cause::Placement => "the FEN's placement or side to move",
            Cause::CastlingField => "the FEN's castling field",
            Cause::HalfmoveClock => "the FEN's halfmove clock",
            Cause::MoveNumber => "the FEN's move number",
            Cause::MixedEnPassantConventions => {
                "an en passant field written by another convention than the run's"
            }
            Cause::MixedCastlingConventions => {
                "a castling field written by another convention than the run's"
            }
            Cause::Plain => "no distinguishing feature",
        }
    }
}

impl Cause {
    /// The cause of a departure in `field` of the FEN, where our FEN is
    /// `ours`: for the en passant field, whether our right is usable.
    pub fn of_fen_field(field: FenField, ours: &str) -> Cause {
        match field {
            FenField::Placement => Cause::Placement,
            FenField::Castling => Cause::CastlingField,
            FenField::EnPassant if FenField::EnPassant.of(ours).as_deref() == Some("-") => {
                Cause::UnusableEnPassant
            }
            FenField::EnPassant => Cause::UsableEnPassant,
            FenField::HalfmoveClock => Cause::HalfmoveClock,
            FenField::MoveNumber => Cause::MoveNumber,
        }
    }

    /// The cause of a departure from the run's convention of `field`.
    pub fn of_mixed_conventions(field: FenField) -> Cause {
        match field {
            FenField::Castling => Cause::MixedCastlingConventions,
            _ => Cause::MixedEnPassantConventions,
        }
    }

    /// The FEN field a cause of a `fen` divergence is about.
    pub fn fen_field(self) -> Option<FenField> {
        match self {
            Cause::Placement => Some(FenField::Placement),
            Cause::CastlingField | Cause::MixedCastlingConventions => Some(FenField::Castling),
            Cause::UnusableEnPassant
            | Cause::PinnedEnPassant
            | Cause::EnPassantInStartFen
            | Cause::UsableEnPassant
            | Cause::MixedEnPassantConventions => Some(FenField::EnPassant),
            Cause::HalfmoveClock => Some(FenField::HalfmoveClock),
            Cause::MoveNumber => Some(FenField::MoveNumber),
            _ => None,
        }
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The cause of a divergence in `group` at `ply` of the game the reference
/// judged as `ours` (see the module docs).
pub fn cause(group: Group, ours: &Judgement, ply: Option<u32>) -> Cause {
    let Some(ply) = ply.map(|p| p as usize).filter(|&p| p < ours.records.len()) else {
        return Cause::Plain;
    };
    let facts = Facts { ours, ply };
    let part = match group {
        Group::Part(part) => part,
        _ => return Cause::Plain,
    };
    let checks: &[Cause] = match part {
        Part::FiftyMovesOnMove => &[
            Cause::WrittenMoveEnds,
            Cause::StartClock,
            Cause::CastlingInCount,
        ],
        Part::ThreefoldOnMove => &[
            Cause::WrittenMoveEnds,
            Cause::PinnedEnPassant,
            Cause::UnusableEnPassant,
            Cause::EnPassantInStartFen,
            Cause::UsableEnPassant,
            Cause::CastlingRightLost,
        ],
        // A mate or stalemate cannot change the count or a claim on the
        // board (a claim after the end is grouped apart).
        Part::Clock | Part::FiftyMoves => &[Cause::StartClock, Cause::CastlingInCount],
        Part::SeventyFiveMoves | Part::GameFiftyMoves => &[
            Cause::MateAtCount,
            Cause::StalemateAtCount,
            Cause::StartClock,
            Cause::CastlingInCount,
        ],
        Part::Repetition
        | Part::ThreefoldRepetition
        | Part::FivefoldRepetition
        | Part::GameThreefoldRepetition => &[
            Cause::PinnedEnPassant,
            Cause::UnusableEnPassant,
            Cause::EnPassantInStartFen,
            Cause::UsableEnPassant,
            Cause::CastlingRightLost,
        ],
        Part::Result | Part::Checkmate | Part::Stalemate => {
            &[Cause::MateAtCount, Cause::StalemateAtCount]
        }
        Part::DrawClaimable => &[
            Cause::OnlyOnAWrittenMove,
            Cause::MateAtCount,
            Cause::StalemateAtCount,
            Cause::StartClock,
            Cause::CastlingInCount,
            Cause::PinnedEnPassant,
            Cause::UnusableEnPassant,
            Cause::EnPassantInStartFen,
            Cause::UsableEnPassant,
            Cause::CastlingRightLost,
        ],
        _ => &[],
    };
    checks
        .iter()
        .copied()
        .find(|&cause| facts.holds(cause))
        .unwrap_or(Cause::Plain)
}

/// The cause of a departure in the FEN's en passant field at `ply` of
/// `ours`, where our field names no square: the start FEN's field at ply
/// 0, an enemy pawn beside the step that cannot take (pinned), or none
/// beside it.
pub(crate) fn en_passant_field_cause(ours: &Judgement, ply: Option<u32>) -> Cause {
    match ply.map(|p| p as usize) {
        Some(0) => Cause::EnPassantInStartFen,
        Some(ply)
            if ply < ours.records.len() && {
                let facts = Facts { ours, ply };
                facts.double_step(ply).is_some() && facts.pawn_beside(ply)
            } =>
        {
            Cause::PinnedEnPassant
        }
        _ => Cause::UnusableEnPassant,
    }
}

/// The reference's judgement seen at one ply.
struct Facts<'a> {
    ours: &'a Judgement,
    ply: usize,
}

impl Facts<'_> {
    fn status(&self, ply: usize) -> &Status {
        &self.ours.records[ply]
    }

    /// The move into `ply` (plies from 1).
    fn move_into(&self, ply: usize) -> Option<Move> {
        ply.checked_sub(1)
            .and_then(|index| self.ours.moves.get(index))
            .copied()
    }

    /// The FEN field `index` of the record of `ply`.
    fn fen_field(&self, ply: usize, index: usize) -> &str {
        self.status(ply).fen.split(' ').nth(index).unwrap_or("")
    }

    /// Whether `ply` was reached by a pawn's two-square step (at ply 0: the
    /// start FEN names an en passant square), and then whether its en
    /// passant capture is legal (the reference writes the square only
    /// then).
    fn double_step(&self, ply: usize) -> Option<bool> {
        if ply == 0 {
            let named = self.ours.start_fen.split(' ').nth(3);
            return named
                .is_some_and(|field| field != "-")
                .then(|| self.fen_field(0, 3) != "-");
        }
        let mv = self.move_into(ply)?;
        let from = mv.from()?;
        let two = mv.role() == Role::Pawn && from.rank().distance(mv.to().rank()) == 2;
        two.then(|| self.fen_field(ply, 3) != "-")
    }

    /// Whether, after the two-square step into `ply`, an enemy pawn (of
    /// the side to move) stands beside the pawn that stepped.
    fn pawn_beside(&self, ply: usize) -> bool {
        let Some(mv) = self.move_into(ply) else {
            return false;
        };
        let Ok(fen) = self.status(ply).fen.parse::<Fen>() else {
            return false;
        };
        let setup = fen.as_setup();
        let to = mv.to();
        let enemy = setup.turn;
        [-1, 1].into_iter().any(|step| {
            to.offset(step)
                .filter(|beside| beside.rank() == to.rank())
                .and_then(|beside| setup.board.piece_at(beside))
                .is_some_and(|piece| piece.role == Role::Pawn && piece.color == enemy)
        })
    }

    /// Whether the move into `ply` castled or lost a castling right.
    fn castling_changed(&self, ply: usize) -> bool {
        ply >= 1
            && (self.move_into(ply).is_some_and(|mv| mv.is_castle())
                || self.fen_field(ply, 2) != self.fen_field(ply - 1, 2))
    }

    /// Whether some move listed in the record of the ply (for either claim
    /// on a written move) would checkmate or stalemate if played.
    fn written_move_ends(&self) -> bool {
        let status = self.status(self.ply);
        let Ok(fen) = status.fen.parse::<Fen>() else {
            return false;
        };
        let Ok(position) = fen.into_position::<Chess>(CastlingMode::Standard) else {
            return false;
        };
        let lists = &status.claims_on_move;
        lists
            .threefold_repetition
            .iter()
            .chain(&lists.fifty_moves)
            .filter_map(|text| text.parse::<UciMove>().ok()?.to_move(&position).ok())
            .any(|mv| {
                let mut after = position.clone();
                after.play_unchecked(mv);
                after.legal_moves().is_empty()
            })
    }

    /// The plies a fact is looked for in: every ply up to this one.
    fn plies(&self) -> std::ops::RangeInclusive<usize> {
        0..=self.ply
    }

    fn holds(&self, cause: Cause) -> bool {
        let status = self.status(self.ply);
        let clock = status.clock as usize;
        match cause {
            Cause::StartClock => clock > self.ply,
            Cause::CastlingInCount => {
                let first = self.ply.saturating_sub(clock) + 1;
                (first..=self.ply).any(|p| self.castling_changed(p))
            }
            Cause::UnusableEnPassant => {
                (1..=self.ply).any(|p| self.double_step(p) == Some(false) && !self.pawn_beside(p))
            }
            Cause::PinnedEnPassant => {
                (1..=self.ply).any(|p| self.double_step(p) == Some(false) && self.pawn_beside(p))
            }
            Cause::EnPassantInStartFen => self.double_step(0) == Some(false),
            Cause::UsableEnPassant => self.plies().any(|p| self.double_step(p) == Some(true)),
            Cause::CastlingRightLost => self
                .plies()
                .any(|p| p >= 1 && self.fen_field(p, 2) != self.fen_field(p - 1, 2)),
            Cause::MateAtCount => clock >= 100 && status.ended.contains(&Ending::Checkmate),
            Cause::StalemateAtCount => clock >= 100 && status.ended.contains(&Ending::Stalemate),
            Cause::WrittenMoveEnds => self.written_move_ends(),
            Cause::OnlyOnAWrittenMove => {
                status.claims.is_empty()
                    && !(status.claims_on_move.threefold_repetition.is_empty()
                        && status.claims_on_move.fifty_moves.is_empty())
            }
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::game::judge::judged;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn the_count_is_told_apart_by_start_clock_and_castling() {
        let clock = Group::Part(Part::Clock);
        let from_fen = judged("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 30 40", "e1g1 e8c8");
        assert_eq!(cause(clock, &from_fen, Some(2)), Cause::StartClock);
        let castled = judged("r3k2r/p7/8/8/8/8/P7/R3K2R w KQkq - 0 1", "a2a3 e8g8 e1c1");
        assert_eq!(cause(clock, &castled, Some(3)), Cause::CastlingInCount);
        assert_eq!(cause(clock, &castled, Some(1)), Cause::Plain);
    }

    #[test]
    fn repetition_is_told_apart_by_en_passant() {
        let repetition = Group::Part(Part::Repetition);
        // d2d4 with no black pawn beside: no legal en passant capture.
        let unusable = judged(START, "d2d4 g8f6 g1f3 f6g8");
        assert_eq!(
            cause(repetition, &unusable, Some(4)),
            Cause::UnusableEnPassant
        );
        let usable = judged(
            "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e2e4 g8f6",
        );
        assert_eq!(cause(repetition, &usable, Some(2)), Cause::UsableEnPassant);
        let knights = judged(START, "g1f3 g8f6 f3g1 f6g8");
        assert_eq!(cause(repetition, &knights, Some(4)), Cause::Plain);
    }

    #[test]
    fn a_start_fen_naming_an_unusable_en_passant_square_is_that_cause() {
        let knights = judged(
            "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 19",
            "e8e7 e1d1 e7e8 d1e1 e8e7 e1d1 e7e8 d1e1",
        );
        let group = Group::Part(Part::ThreefoldRepetition);
        assert_eq!(cause(group, &knights, Some(8)), Cause::EnPassantInStartFen);
    }

    #[test]
    fn a_pin_that_forbids_the_capture_is_its_own_cause() {
        // After e2e4 the black pawn on d4 stands beside it, pinned along
        // the fourth rank by the rook on a4: no capture, no right.
        let pinned = judged(
            "8/8/8/8/R2p3k/8/4P3/4K3 w - - 0 1",
            "e2e4 h4h5 a4a5 h5h4 a5a4",
        );
        let repetition = Group::Part(Part::Repetition);
        assert_eq!(pinned.records[1].fen.split(' ').nth(3), Some("-"));
        assert_eq!(pinned.records[5].repetition, 2);
        assert_eq!(cause(repetition, &pinned, Some(5)), Cause::PinnedEnPassant);
        // The same step with no pawn beside is the plain cause.
        let alone = judged(
            "8/8/8/8/7k/8/4P3/R3K3 w - - 0 1",
            "e2e4 h4h5 a1a2 h5h4 a2a1",
        );
        assert_eq!(alone.records[5].repetition, 2);
        assert_eq!(cause(repetition, &alone, Some(5)), Cause::UnusableEnPassant);
    }

    #[test]
    fn a_claim_only_on_a_written_move_is_its_own_cause() {
        let knights = judged(START, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
        let group = Group::Part(Part::DrawClaimable);
        assert_eq!(cause(group, &knights, Some(7)), Cause::OnlyOnAWrittenMove);
        let fifty = judged("4k3/8/8/8/8/8/8/R3K3 w - - 100 80", "");
        assert_eq!(cause(group, &fifty, Some(0)), Cause::StartClock);
    }

    #[test]
    fn mate_and_stalemate_at_the_count_and_a_written_move_that_mates_are_told_apart() {
        let ended = Group::Part(Part::SeventyFiveMoves);
        let mate = judged("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120", "a1a8");
        assert_eq!(cause(ended, &mate, Some(1)), Cause::MateAtCount);
        let stalemate = judged("k7/8/1Q6/8/8/8/8/K7 w - - 149 100", "b6c7");
        assert_eq!(cause(ended, &stalemate, Some(1)), Cause::StalemateAtCount);
        let written = judged("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 60", "");
        let on_move = Group::Part(Part::FiftyMovesOnMove);
        assert_eq!(cause(on_move, &written, Some(0)), Cause::WrittenMoveEnds);
        let quiet = judged("4k3/8/8/8/8/8/8/R3K3 w - - 99 60", "");
        assert_eq!(cause(on_move, &quiet, Some(0)), Cause::StartClock);
        // A claim after the end is one cause, whatever the claim.
        let after = Group::ClaimsAfterTheEnd(Part::FiftyMoves);
        assert_eq!(cause(after, &mate, Some(1)), Cause::Plain);
    }

    #[test]
    fn a_fen_departure_is_told_by_its_field() {
        let ours = "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1";
        assert_eq!(
            Cause::of_fen_field(FenField::EnPassant, ours),
            Cause::UnusableEnPassant
        );
        let usable = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1";
        assert_eq!(
            Cause::of_fen_field(FenField::EnPassant, usable),
            Cause::UsableEnPassant
        );
        for field in FenField::ALL {
            let cause = Cause::of_fen_field(field, ours);
            assert_eq!(cause.fen_field(), Some(field), "{cause}");
        }
        for field in [FenField::EnPassant, FenField::Castling] {
            assert_eq!(Cause::of_mixed_conventions(field).fen_field(), Some(field));
        }
    }

    #[test]
    fn a_ply_the_judgement_does_not_reach_is_plain() {
        let knights = judged(START, "g1f3");
        assert_eq!(
            cause(Group::Part(Part::Clock), &knights, Some(9)),
            Cause::Plain
        );
        assert_eq!(cause(Group::AnswerShape, &knights, Some(1)), Cause::Plain);
    }
}
