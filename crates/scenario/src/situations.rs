//! The subtle situations the draw rules create, found in a game by looking
//! at what happened in it (never at how it was generated), so that a test
//! can show how often generated games reach each one.
//!
//! `spec/SITUATIONS.md` lists them with the articles they test; each is
//! where some implementation is known to go wrong.

use std::collections::BTreeSet;
use std::fmt;
use std::ops::Range;

use drawrules::{Arbiter, Edition, Ending, StartPosition, Status};
use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Role, Square};

/// A situation of the rules that a game may reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Situation {
    /// After a two-square pawn step, the enemy pawn beside it cannot take
    /// en passant because it is pinned along the rank (9.2.3: no right),
    /// and the position stands again later in the game.
    EnPassantPinnedOnRank,
    /// The same, the capturing pawn pinned along a diagonal.
    EnPassantPinnedOnDiagonal,
    /// After a two-square pawn step, no enemy pawn stands beside it but an
    /// enemy piece does (no right), and the position stands again later.
    EnPassantBesideAPiece,
    /// The start FEN names an en passant square no legal capture can use,
    /// and the start position stands again later.
    EnPassantInFenUnusable,
    /// A legal en passant capture was possible, and the same placement
    /// stands again later without it (two different positions).
    EnPassantUsable,
    /// A count that reaches 99 plies includes a castling move.
    CastlingInCount,
    /// A count that reaches 99 plies includes a castling right lost by a
    /// king or rook move.
    CastlingRightLostInCount,
    /// The same placement stands before and after a castling right was lost
    /// (two different positions).
    CastlingRightLostBetweenRepetitions,
    /// The same placement (same side to move, same en passant right)
    /// stands before and after a king's move (not castling) lost its
    /// side's castling rights.
    CastlingRightsLostByKing,
    /// The same, a rook's move from the king's side of its king.
    CastlingRightLostByKingSideRook,
    /// The same, a rook's move from the queen's side of its king.
    CastlingRightLostByQueenSideRook,
    /// One side's two castling rights lost by its two rooks' moves, one
    /// after the other (either first), and the same placement standing
    /// with both rights, with one and with none.
    CastlingRightsLostRookAfterRook,
    /// The move that brings the count to 100 mates.
    MateAt100,
    /// The move that brings the count to 100 stalemates.
    StalemateAt100,
    /// The move that brings the count to 150 mates.
    MateAt150,
    /// The move that brings the count to 150 stalemates.
    StalemateAt150,
    /// A capture or pawn move (a promotion included) as the 100th or 150th
    /// ply of a count: the count starts again.
    ResetAtTheCount,
    /// At a count of 99 or more, a move the player may write down to claim
    /// fifty moves would checkmate or stalemate if played.
    WrittenMoveThatEnds,
    /// At a count of 99, the fifty-move claim is open on a written move
    /// only.
    WrittenMoveAt99,
    /// The start FEN's count is 100 plies or more.
    HighClockStart,
    /// A capture leaves neither side the men to mate with: the game is
    /// over by a dead position (5.2.2).
    DeadPositionByCapture,
    /// The start FEN's count is past 150 plies: the game is over at its
    /// start by seventy-five moves (9.6.2), and a clock an implementation
    /// caps at 150 shows.
    StartPast150,
}

impl Situation {
    /// Every situation, in the order of `spec/SITUATIONS.md`.
    pub const ALL: [Situation; 22] = [
        Situation::EnPassantPinnedOnRank,
        Situation::EnPassantPinnedOnDiagonal,
        Situation::EnPassantBesideAPiece,
        Situation::EnPassantInFenUnusable,
        Situation::EnPassantUsable,
        Situation::CastlingInCount,
        Situation::CastlingRightLostInCount,
        Situation::CastlingRightLostBetweenRepetitions,
        Situation::CastlingRightsLostByKing,
        Situation::CastlingRightLostByKingSideRook,
        Situation::CastlingRightLostByQueenSideRook,
        Situation::CastlingRightsLostRookAfterRook,
        Situation::MateAt100,
        Situation::StalemateAt100,
        Situation::MateAt150,
        Situation::StalemateAt150,
        Situation::ResetAtTheCount,
        Situation::WrittenMoveThatEnds,
        Situation::WrittenMoveAt99,
        Situation::HighClockStart,
        Situation::DeadPositionByCapture,
        Situation::StartPast150,
    ];

    /// The situation's name.
    pub fn name(self) -> &'static str {
        match self {
            Situation::EnPassantPinnedOnRank => "en-passant-pinned-on-rank",
            Situation::EnPassantPinnedOnDiagonal => "en-passant-pinned-on-diagonal",
            Situation::EnPassantBesideAPiece => "en-passant-beside-a-piece",
            Situation::EnPassantInFenUnusable => "en-passant-in-fen-unusable",
            Situation::EnPassantUsable => "en-passant-usable",
            Situation::CastlingInCount => "castling-in-count",
            Situation::CastlingRightLostInCount => "castling-right-lost-in-count",
            Situation::CastlingRightLostBetweenRepetitions => {
                "castling-right-lost-between-repetitions"
            }
            Situation::CastlingRightsLostByKing => "castling-rights-lost-by-king",
            Situation::CastlingRightLostByKingSideRook => "castling-right-lost-by-king-side-rook",
            Situation::CastlingRightLostByQueenSideRook => "castling-right-lost-by-queen-side-rook",
            Situation::CastlingRightsLostRookAfterRook => "castling-rights-lost-rook-after-rook",
            Situation::MateAt100 => "mate-at-100",
            Situation::StalemateAt100 => "stalemate-at-100",
            Situation::MateAt150 => "mate-at-150",
            Situation::StalemateAt150 => "stalemate-at-150",
            Situation::ResetAtTheCount => "reset-at-the-count",
            Situation::WrittenMoveThatEnds => "written-move-that-ends",
            Situation::WrittenMoveAt99 => "written-move-at-99",
            Situation::HighClockStart => "high-clock-start",
            Situation::DeadPositionByCapture => "dead-position-by-capture",
            Situation::StartPast150 => "start-past-150",
        }
    }
}

impl fmt::Display for Situation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The situations game `moves` from `start` reaches, up to where the game
/// ends under `edition` (moves after the end are not looked at).
///
/// # Examples
///
/// ```
/// use drawrules::{Edition, StartPosition};
/// use drawrules_scenario::situations::{Situation, situations};
/// use shakmaty::uci::UciMove;
///
/// let start: StartPosition = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 60".parse().unwrap();
/// let mate = "a1a8".parse::<UciMove>().unwrap().to_move(start.position()).unwrap();
/// let found = situations(&start, &[mate], Edition::Fide2018);
/// assert!(found.contains(&Situation::MateAt100));
/// assert!(found.contains(&Situation::WrittenMoveThatEnds));
/// ```
pub fn situations(start: &StartPosition, moves: &[Move], edition: Edition) -> BTreeSet<Situation> {
    let mut arbiter = Arbiter::new(start, edition);
    let mut statuses: Vec<Status> = vec![arbiter.status()];
    let mut positions: Vec<Chess> = vec![start.position().clone()];
    let mut played: Vec<Move> = Vec::new();
    for &mv in moves {
        if arbiter.is_over() || arbiter.play_move(mv).is_err() {
            break;
        }
        let mut next = positions.last().expect("ply 0").clone();
        next.play_unchecked(mv);
        positions.push(next);
        statuses.push(arbiter.status());
        played.push(mv);
    }
    let game = Game {
        start,
        statuses: &statuses,
        positions: &positions,
        moves: &played,
    };
    Situation::ALL
        .into_iter()
        .filter(|&situation| game.reaches(situation))
        .collect()
}

/// A game as the detectors see it: a status and a position per ply, and
/// the moves between them.
struct Game<'a> {
    start: &'a StartPosition,
    statuses: &'a [Status],
    positions: &'a [Chess],
    moves: &'a [Move],
}

/// The FEN fields that make a position (placement, turn, castling, en
/// passant as our records write it), and the same without castling or en
/// passant: the FEN's first four fields, and its first two.
fn identity(status: &Status) -> (&str, &str) {
    let first = |fields: usize| {
        let end = status
            .fen
            .match_indices(' ')
            .nth(fields - 1)
            .map_or(status.fen.len(), |(at, _)| at);
        &status.fen[..end]
    };
    (first(4), first(2))
}

impl Game<'_> {
    fn reaches(&self, situation: Situation) -> bool {
        let plies = 0..self.statuses.len();
        match situation {
            Situation::EnPassantPinnedOnRank
            | Situation::EnPassantPinnedOnDiagonal
            | Situation::EnPassantBesideAPiece => plies
                .filter(|&ply| self.recurs(ply))
                .any(|ply| self.paper_right(ply) == Some(situation)),
            Situation::EnPassantInFenUnusable => {
                self.start.setup().ep_square.is_some()
                    && self.positions[0].legal_ep_square().is_none()
                    && self.recurs(0)
            }
            Situation::EnPassantUsable => plies.into_iter().any(|ply| {
                self.positions[ply].legal_ep_square().is_some() && {
                    let placement = identity(&self.statuses[ply]).1;
                    self.statuses[ply + 1..]
                        .iter()
                        .any(|later| identity(later).1 == placement)
                }
            }),
            Situation::CastlingInCount => self.count_holds(|mv, _| mv.is_castle()),
            Situation::CastlingRightLostInCount => self.count_holds(|mv, ply| {
                !mv.is_castle() && self.castling(ply) != self.castling(ply - 1)
            }),
            Situation::CastlingRightLostBetweenRepetitions => plies.into_iter().any(|i| {
                self.statuses[i + 1..].iter().any(|later| {
                    let (a, b) = (&self.statuses[i], later);
                    identity(a).1 == identity(b).1
                        && ep_field(a) == ep_field(b)
                        && castling_field(a) != castling_field(b)
                })
            }),
            Situation::CastlingRightsLostByKing
            | Situation::CastlingRightLostByKingSideRook
            | Situation::CastlingRightLostByQueenSideRook
            | Situation::CastlingRightsLostRookAfterRook => self.lost_by(situation),
            Situation::MateAt100 => self.ended_at(Ending::Checkmate, 100),
            Situation::StalemateAt100 => self.ended_at(Ending::Stalemate, 100),
            Situation::MateAt150 => self.ended_at(Ending::Checkmate, 150),
            Situation::StalemateAt150 => self.ended_at(Ending::Stalemate, 150),
            Situation::ResetAtTheCount => (1..self.statuses.len()).any(|ply| {
                matches!(self.statuses[ply - 1].clock, 99 | 149) && self.statuses[ply].clock == 0
            }),
            Situation::WrittenMoveThatEnds => {
                self.statuses
                    .iter()
                    .zip(self.positions)
                    .any(|(status, position)| {
                        status.clock >= 99
                            && status.claims_on_move.fifty_moves.iter().any(|text| {
                                let Ok(uci) = text.parse::<shakmaty::uci::UciMove>() else {
                                    return false;
                                };
                                uci.to_move(position).is_ok_and(|mv| {
                                    let mut after = position.clone();
                                    after.play_unchecked(mv);
                                    after.legal_moves().is_empty()
                                })
                            })
                    })
            }
            Situation::WrittenMoveAt99 => self
                .statuses
                .iter()
                .any(|status| status.clock == 99 && !status.claims_on_move.fifty_moves.is_empty()),
            Situation::HighClockStart => self.statuses[0].clock >= 100,
            Situation::StartPast150 => self.statuses[0].clock > 150,
            Situation::DeadPositionByCapture => (1..self.statuses.len()).any(|ply| {
                self.moves[ply - 1].is_capture()
                    && self.statuses[ply].ended.contains(&Ending::DeadPosition)
            }),
        }
    }

    /// Whether the position of `ply` stands again at a later ply.
    fn recurs(&self, ply: usize) -> bool {
        let here = identity(&self.statuses[ply]).0;
        self.statuses[ply + 1..]
            .iter()
            .any(|later| identity(later).0 == here)
    }

    /// Whether the rights were lost as the castling situation `situation`
    /// says, the same placement standing before and after.
    fn lost_by(&self, situation: Situation) -> bool {
        match situation {
            Situation::CastlingRightsLostByKing => self.placement_around(|ply| {
                self.loss(ply)
                    .is_some_and(|(mv, _)| mv.role() == Role::King)
            }),
            Situation::CastlingRightLostByKingSideRook => self.placement_around(|ply| {
                self.rook_loss(ply).is_some_and(|(_, king_side)| king_side)
            }),
            Situation::CastlingRightLostByQueenSideRook => self.placement_around(|ply| {
                self.rook_loss(ply).is_some_and(|(_, king_side)| !king_side)
            }),
            _ => self.rook_after_rook(),
        }
    }

    /// The placement (side to move and en passant right with it) of
    /// `ply`: the FEN's first two fields and its fourth.
    fn placement(&self, ply: usize) -> (&str, &str) {
        let status = &self.statuses[ply];
        (identity(status).1, ep_field(status))
    }

    /// Whether some ply where `lost` holds (its move lost castling rights)
    /// has the same placement standing before it and at or after it: as
    /// rights are only ever lost, the two positions differ.
    fn placement_around(&self, lost: impl Fn(usize) -> bool) -> bool {
        (1..self.statuses.len())
            .filter(|&ply| lost(ply))
            .any(|ply| self.placements_meet(0..ply, ply..self.statuses.len()))
    }

    /// Whether a placement of the plies `before` stands again among the
    /// plies `later`.
    fn placements_meet(&self, before: Range<usize>, later: Range<usize>) -> bool {
        let seen: BTreeSet<(&str, &str)> = before.map(|ply| self.placement(ply)).collect();
        later
            .into_iter()
            .any(|ply| seen.contains(&self.placement(ply)))
    }

    /// The move into `ply` and the castling rights it lost (their rooks'
    /// squares), when it is no castling move and lost some.
    fn loss(&self, ply: usize) -> Option<(Move, Bitboard)> {
        let mv = *self.moves.get(ply.checked_sub(1)?)?;
        let rights = |p: usize| self.positions[p].castles().castling_rights();
        let lost = rights(ply - 1) & !rights(ply);
        (!mv.is_castle() && lost.any()).then_some((mv, lost))
    }

    /// The colour whose right the rook move into `ply` lost, and whether
    /// the rook stood on its king's side, when it was such a move.
    fn rook_loss(&self, ply: usize) -> Option<(Color, bool)> {
        let (mv, lost) = self.loss(ply)?;
        let from = mv
            .from()
            .filter(|&from| mv.role() == Role::Rook && lost.contains(from))?;
        let board = self.positions[ply - 1].board();
        let colour = board.color_at(from)?;
        let king = board.king_of(colour)?;
        Some((colour, from.file() > king.file()))
    }

    /// Whether one side's two rights were lost by two rook moves, the same
    /// placement standing before the first, between the two, and after
    /// the second.
    fn rook_after_rook(&self) -> bool {
        let plies = self.statuses.len();
        let losses: Vec<(usize, Color)> = (1..plies)
            .filter_map(|ply| Some((ply, self.rook_loss(ply)?.0)))
            .collect();
        losses.iter().enumerate().any(|(i, &(first, colour))| {
            losses[i + 1..]
                .iter()
                .filter(|&&(_, other)| other == colour)
                .any(|&(second, _)| {
                    let seen: BTreeSet<(&str, &str)> =
                        (0..first).map(|ply| self.placement(ply)).collect();
                    let between: BTreeSet<(&str, &str)> = (first..second)
                        .map(|ply| self.placement(ply))
                        .filter(|key| seen.contains(key))
                        .collect();
                    (second..plies).any(|ply| between.contains(&self.placement(ply)))
                })
        })
    }

    fn castling(&self, ply: usize) -> &str {
        castling_field(&self.statuses[ply])
    }

    /// Whether some ply with a count of 99 or more has, among the moves of
    /// its count, one for which `holds(move, ply it made)`.
    fn count_holds(&self, holds: impl Fn(Move, usize) -> bool) -> bool {
        self.statuses.iter().enumerate().any(|(ply, status)| {
            let clock = status.clock as usize;
            clock >= 99 && {
                let first = ply.saturating_sub(clock) + 1;
                (first.max(1)..=ply).any(|p| holds(self.moves[p - 1], p))
            }
        })
    }

    /// Whether a move brought the count to `count` and `ending` with it.
    fn ended_at(&self, ending: Ending, count: u32) -> bool {
        self.statuses
            .iter()
            .skip(1)
            .any(|status| status.clock == count && status.ended.contains(&ending))
    }

    /// Why the pawn that has just advanced two squares into `ply` gives no
    /// en passant right, when it gives none and something could seem to
    /// take it: the enemy pawn beside it pinned along the rank or a
    /// diagonal, or an enemy piece beside it.
    fn paper_right(&self, ply: usize) -> Option<Situation> {
        let mv = *self.moves.get(ply.checked_sub(1)?)?;
        let from = mv.from()?;
        if mv.role() != Role::Pawn || from.rank().distance(mv.to().rank()) != 2 {
            return None;
        }
        let position = &self.positions[ply];
        if position.legal_ep_square().is_some() {
            return None;
        }
        let board: &Board = position.board();
        let us = position.turn();
        let pawn = mv.to();
        let beside = [-1, 1]
            .into_iter()
            .filter_map(|df| pawn.offset(df))
            .filter(|square| square.rank() == pawn.rank());
        let mut piece_beside = false;
        for square in beside {
            match board.piece_at(square) {
                Some(p) if p.color == us && p.role == Role::Pawn => {
                    return Some(pin_line(board, us, square));
                }
                Some(p) if p.color == us && p.role != Role::King => piece_beside = true,
                _ => {}
            }
        }
        piece_beside.then_some(Situation::EnPassantBesideAPiece)
    }
}

/// The line along which the pawn of `us` on `square` is pinned to its
/// king: the rank, else a diagonal (a file pin also counts as a diagonal
/// here: no capture leaves it either).
fn pin_line(board: &Board, us: Color, square: Square) -> Situation {
    let king = board.king_of(us);
    if king.is_some_and(|king| king.rank() == square.rank()) {
        Situation::EnPassantPinnedOnRank
    } else {
        Situation::EnPassantPinnedOnDiagonal
    }
}

fn castling_field(status: &Status) -> &str {
    status.fen.split(' ').nth(2).unwrap_or_default()
}

fn ep_field(status: &Status) -> &str {
    status.fen.split(' ').nth(3).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::uci::UciMove;

    /// The castling situations game `moves` (UCI) from `fen` reaches.
    fn castling_situations(fen: &str, moves: &str) -> Vec<Situation> {
        let start: StartPosition = fen.parse().unwrap();
        let mut position = start.position().clone();
        let mut played = Vec::new();
        for text in moves.split_whitespace() {
            let mv = text.parse::<UciMove>().unwrap().to_move(&position).unwrap();
            position.play_unchecked(mv);
            played.push(mv);
        }
        situations(&start, &played, Edition::Fide2018)
            .into_iter()
            .filter(|s| s.name().starts_with("castling-right"))
            .collect()
    }

    const RIGHTS: &str = "r3k2r/8/2n5/8/8/5N2/8/R3K2R w KQkq - 0 1";

    #[test]
    fn a_right_lost_by_king_or_by_either_rook_is_told_apart() {
        use Situation::*;
        let between = CastlingRightLostBetweenRepetitions;
        assert_eq!(
            castling_situations(RIGHTS, "e1d1 c6b8 d1e1 b8c6"),
            [between, CastlingRightsLostByKing]
        );
        assert_eq!(
            castling_situations(RIGHTS, "f3g5 h8g8 g5f3 g8h8"),
            [between, CastlingRightLostByKingSideRook]
        );
        assert_eq!(
            castling_situations(RIGHTS, "a1b1 c6b8 b1a1 b8c6"),
            [between, CastlingRightLostByQueenSideRook]
        );
        // The king goes out and does not come back: no placement stands
        // again with other rights.
        assert_eq!(castling_situations(RIGHTS, "e1d1 c6b8 f3g5 b8c6"), []);
    }

    #[test]
    fn both_rooks_in_turn_with_the_placement_standing_at_each_state() {
        use Situation::*;
        let rooks = [
            CastlingRightLostBetweenRepetitions,
            CastlingRightLostByKingSideRook,
            CastlingRightLostByQueenSideRook,
        ];
        let both = "f3g5 a8b8 g5f3 b8a8 f3g5 h8g8 g5f3 g8h8";
        let mut found = rooks.to_vec();
        found.push(CastlingRightsLostRookAfterRook);
        assert_eq!(castling_situations(RIGHTS, both), found);
        // The same two rook moves, the placement never standing between
        // them with one right: not rook after rook.
        let no_middle = "f3g5 a8b8 g5f3 h8g8 f3g5 b8a8 g5f3 g8h8";
        assert_eq!(castling_situations(RIGHTS, no_middle), rooks);
    }
}
