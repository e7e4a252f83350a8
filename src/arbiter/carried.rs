//! Article 5.2.2 under the exact rule in the arbiter: the helpmate line
//! that proved one position alive, carried to the next.
//!
//! The reference decides every ply afresh, with a search. The arbiter keeps
//! the line that proved the position before the move alive (a series of
//! legal moves ending in a checkmate by one side) and, after the move, tries
//! to make it prove the new position alive too, cheapest first:
//!
//! 1. the line without its first move: right when the move just played was
//!    that first move, and often right when it was another move of the
//!    same player that leaves the rest of the line playable;
//! 2. one move of the player now to move, then the whole line: that player
//!    passes the turn back with a move that leaves the line playable (a
//!    few moves are tried, those of men farthest from the king to be
//!    mated first);
//! 3. when the move just played neither captured nor moved a pawn nor
//!    castled: one such move of the player now to move, the move just
//!    played taken back, that move taken back, then the whole line (the
//!    men stand as they stood when the line was found);
//! 4. the line played loosely, without its first move and then with it: a
//!    move no longer legal gives way to a legal move of a man of the same
//!    kind to the same square, or is left out, and where the other player
//!    is to move a waiting move goes first (after a capture or a pawn
//!    move, the line often needs only such mending).
//!
//! Every candidate is replayed move by move from the new position, each
//! move checked for legality, and counts only when it ends in a checkmate
//! given by the line's side: a carried line is evidence in its own right,
//! never an assumption that the position changed little. A candidate longer
//! than [`LONGEST`] plies is not tried (lines grow by one ply under step
//! 2, by three under step 3, by a few under step 4), and when none
//! replays the arbiter asks the full decision again.
//! Nothing here proves a position dead.

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, MoveList, Position, Role};

/// A helpmate line: `side` checkmates the other side after `line`, played
/// from the current position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Carried {
    /// The side that gives the checkmate.
    pub side: Color,
    /// The moves, from the current position.
    pub line: Vec<Move>,
}

/// The longest line carried from one ply to the next, in plies; past it,
/// the full decision finds a short line again.
pub const LONGEST: usize = 40;

/// How many moves of the player to move step 2 tries in front of the line.
const WAITING_MOVES: usize = 4;

impl Carried {
    /// The line carried over to `position`, reached from the line's own
    /// start position by the legal move `played`: a line that replays from
    /// `position` to a checkmate by the same side (steps 1 to 4 of the
    /// module), or `None` when no candidate does.
    pub fn after_move(&self, position: &Chess, played: Move) -> Option<Carried> {
        let rest = self.line.get(1..)?;
        if replays_to_mate(position, self.side, rest) {
            return Some(self.with(Vec::new(), rest));
        }
        let waits = waiting_moves(position, self.side);
        if self.line.len() < LONGEST {
            for &wait in &waits {
                if replays_to_mate(&after(position, wait), self.side, &self.line) {
                    return Some(self.with(vec![wait], &self.line));
                }
            }
        }
        let undone = taken_back(played)
            .filter(|_| self.line.len() + 3 <= LONGEST)
            .and_then(|back| {
                waits.into_iter().find_map(|wait| {
                    let prefix = vec![wait, back, taken_back(wait)?];
                    let mut start = position.clone();
                    for &mv in &prefix {
                        if !start.is_legal(mv) {
                            return None;
                        }
                        start.play_unchecked(mv);
                    }
                    replays_to_mate(&start, self.side, &self.line)
                        .then(|| self.with(prefix, &self.line))
                })
            });
        undone.or_else(|| {
            [true, false].into_iter().find_map(|skip_first| {
                self.mended(position, skip_first)
                    .map(|line| self.with(line, &[]))
            })
        })
    }

    /// Step 4: the line played loosely from `position` (its first move
    /// left out when `skip_first` says so): a move that is not legal where
    /// it comes gives way to its [`stand_in`] or is left out, and where the
    /// player to move is not the one whose move comes next, a waiting move
    /// of the player to move goes first; it stops at a checkmate by this
    /// side. The moves played, when they end in such a checkmate within
    /// [`LONGEST`] plies.
    fn mended(&self, position: &Chess, skip_first: bool) -> Option<Vec<Move>> {
        // The line's first move was the move of the player who just moved.
        let mut mover = !position.turn();
        let mut position = position.clone();
        let mut line = Vec::with_capacity(self.line.len() + 4);
        for (index, &mv) in self.line.iter().enumerate() {
            let by = mover;
            mover = !mover;
            if index == 0 && skip_first {
                continue;
            }
            if position.turn() != by {
                let wait = *waiting_moves(&position, self.side).first()?;
                position.play_unchecked(wait);
                line.push(wait);
            }
            if let Some(mv) = stand_in(&position, mv) {
                position.play_unchecked(mv);
                line.push(mv);
                if position.is_check() && position.turn() != self.side && position.is_checkmate() {
                    break;
                }
            }
            if line.len() > LONGEST {
                // Too long already: no need to play the rest.
                return None;
            }
        }
        let mated = position.turn() != self.side && position.is_checkmate();
        (mated && line.len() <= LONGEST).then_some(line)
    }

    /// A line of this side: `prefix`, then `line`.
    fn with(&self, mut prefix: Vec<Move>, line: &[Move]) -> Carried {
        prefix.extend_from_slice(line);
        Carried {
            side: self.side,
            line: prefix,
        }
    }
}

/// `mv` when it is legal in `position`; otherwise a legal move of a man of
/// the same kind to the same square (another man doing its job), if there
/// is one.
fn stand_in(position: &Chess, mv: Move) -> Option<Move> {
    if position.is_legal(mv) {
        return Some(mv);
    }
    let mut moves = position.legal_moves();
    moves.retain(|other| {
        other.role() == mv.role() && other.to() == mv.to() && other.promotion() == mv.promotion()
    });
    moves.first().copied()
}

/// The position `mv` reaches from `position`.
fn after(position: &Chess, mv: Move) -> Chess {
    let mut position = position.clone();
    position.play_unchecked(mv);
    position
}

/// The move that takes back `mv` (the same man from where it went to where
/// it came from) when `mv` neither captured, moved a pawn, promoted nor
/// castled; `None` otherwise.
pub(super) fn taken_back(mv: Move) -> Option<Move> {
    match mv {
        Move::Normal {
            role,
            from,
            capture: None,
            to,
            promotion: None,
        } if role != Role::Pawn => Some(Move::Normal {
            role,
            from: to,
            capture: None,
            to: from,
            promotion: None,
        }),
        _ => None,
    }
}

/// The line `uci` (UCI moves, as the full decision writes its evidence)
/// by which `side` mates from `position`, as moves; `None` if a move does
/// not read as a legal move where it stands.
pub fn from_uci(position: &Chess, side: Color, uci: &[String]) -> Option<Carried> {
    let mut position = position.clone();
    let line = uci
        .iter()
        .map(|text| {
            let mv = text.parse::<UciMove>().ok()?.to_move(&position).ok()?;
            position.play_unchecked(mv);
            Some(mv)
        })
        .collect::<Option<Vec<Move>>>()?;
    Some(Carried { side, line })
}

/// Whether `line`, played from `position`, is a series of legal moves that
/// ends in a checkmate given by `side`.
pub fn replays_to_mate(position: &Chess, side: Color, line: &[Move]) -> bool {
    let mut position = position.clone();
    for &mv in line {
        if !position.is_legal(mv) {
            return false;
        }
        position.play_unchecked(mv);
    }
    position.turn() != side && position.is_checkmate()
}

/// Up to [`WAITING_MOVES`] legal moves of the player to move in `position`
/// that step 2 tries before a line mating by `side`: moves that neither
/// capture nor move a pawn (they change least), of the men farthest from
/// the king `side` mates first; none when every move captures or moves a
/// pawn.
fn waiting_moves(position: &Chess, side: Color) -> Vec<Move> {
    let Some(target) = position.board().king_of(!side) else {
        return Vec::new();
    };
    let mut moves: MoveList = position.legal_moves();
    moves.retain(|mv| !mv.is_capture() && mv.role() != Role::Pawn && !mv.is_castle());
    let mut ranked: Vec<(u32, Move)> = moves
        .into_iter()
        .filter_map(|mv| mv.from().map(|from| (from.distance(target), mv)))
        .collect();
    ranked.sort_by_key(|&(distance, _)| std::cmp::Reverse(distance));
    ranked
        .into_iter()
        .take(WAITING_MOVES)
        .map(|(_, mv)| mv)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::position;

    fn moves(position: &Chess, uci: &str) -> Vec<Move> {
        let mut position = position.clone();
        uci.split_whitespace()
            .map(|text| {
                let mv = text.parse::<UciMove>().unwrap().to_move(&position).unwrap();
                position.play_unchecked(mv);
                mv
            })
            .collect()
    }

    /// The line carried over the move `uci` from `start`.
    fn carried_over(carried: &Carried, start: &Chess, uci: &str) -> Option<Carried> {
        let mv = moves(start, uci)[0];
        carried.after_move(&played(start, uci), mv)
    }

    fn played(position: &Chess, uci: &str) -> Chess {
        let mut position = position.clone();
        for mv in moves(&position, uci) {
            position.play_unchecked(mv);
        }
        position
    }

    /// `shuffles` knight round trips of both sides from the standard
    /// start, then `mate` (UCI moves from the position they reach).
    fn shuffled_then(start: &Chess, shuffles: usize, mate: &str) -> Vec<Move> {
        let mut line = moves(start, "g1f3 g8f6 f3g1 f6g8").repeat(shuffles);
        line.extend(moves(start, mate));
        line
    }

    /// Step 3's shape after the quiet move `played` of White's: a
    /// waiting move of Black's, `played` taken back, the waiting move
    /// taken back, then the whole of `carried`'s line, replaying to mate.
    fn assert_taken_back(carried: &Carried, start: &Chess, played_uci: &str, back: &str) {
        let after = played(start, played_uci);
        let next = carried_over(carried, start, played_uci).unwrap();
        assert_eq!(next.line.len(), carried.line.len() + 3);
        assert_eq!(next.line[1], moves(&after, back)[1]);
        assert_eq!(Some(next.line[2]), taken_back(next.line[0]));
        assert_eq!(next.line[3..], carried.line[..]);
        assert!(replays_to_mate(&after, Color::Black, &next.line));
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// Fool's mate from `start` (the standard start): Black mates by f2f3
    /// e7e5 g2g4 d8h4.
    fn fools_mate(start: &Chess) -> Carried {
        Carried {
            side: Color::Black,
            line: moves(start, "f2f3 e7e5 g2g4 d8h4"),
        }
    }

    #[test]
    fn the_move_of_the_line_leaves_the_rest_of_it() {
        let start = position(START);
        let carried = fools_mate(&start);
        let next = carried_over(&carried, &start, "f2f3").unwrap();
        assert_eq!(next.line, moves(&played(&start, "f2f3"), "e7e5 g2g4 d8h4"));
    }

    #[test]
    fn another_move_that_leaves_the_rest_playable_takes_its_place() {
        // f2f4 instead of f2f3 opens the same diagonal: e7e5 g2g4 d8h4
        // still mates.
        let start = position(START);
        let carried = fools_mate(&start);
        let after = played(&start, "f2f4");
        let next = carried_over(&carried, &start, "f2f4").unwrap();
        assert_eq!(next.line, moves(&after, "e7e5 g2g4 d8h4"));
        assert!(replays_to_mate(&after, Color::Black, &next.line));
    }

    #[test]
    fn a_waiting_move_goes_in_front_when_the_rest_does_not_replay() {
        // After 1. Nc3 (not part of the line) the rest, e7e5 g2g4 d8h4,
        // leaves f2 closed; a waiting move of Black's, then the whole
        // line, still mates.
        let start = position(START);
        let carried = fools_mate(&start);
        let after = played(&start, "b1c3");
        let next = carried_over(&carried, &start, "b1c3").unwrap();
        assert_eq!(next.line.len(), 5);
        assert_eq!(next.line[1..], carried.line[..]);
        assert!(!next.line[0].is_capture() && next.line[0].role() != Role::Pawn);
        assert!(replays_to_mate(&after, Color::Black, &next.line));
    }

    #[test]
    fn a_quiet_move_is_taken_back_between_two_waiting_moves() {
        // After 1. Nh3 the knight can block on f2: neither the rest of the
        // line nor a waiting move and the whole line mates. A waiting move
        // of Black's, Nh3-g1, the waiting move taken back: the men stand as
        // they did, and the line mates.
        let start = position(START);
        let carried = fools_mate(&start);
        assert_taken_back(&carried, &start, "g1h3", "b8c6 h3g1");
    }

    #[test]
    fn only_a_quiet_move_of_a_piece_is_taken_back() {
        let start = position(START);
        let [knight, pawn] = moves(&start, "g1f3 e7e5")[..] else {
            unreachable!()
        };
        assert_eq!(
            taken_back(knight),
            Some(moves(&played(&start, "g1f3 e7e6"), "f3g1")[0])
        );
        assert_eq!(taken_back(pawn), None);
        let castled = position("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assert_eq!(taken_back(moves(&castled, "e1g1")[0]), None);
        let capture = position("4k3/8/8/8/8/8/r7/R3K3 w - - 0 1");
        assert_eq!(taken_back(moves(&capture, "a1a2")[0]), None);
    }

    #[test]
    fn a_line_whose_move_was_played_out_of_turn_is_mended() {
        // 1. g4: the line's own g2g4 can no longer be played, so neither
        // its rest nor a waiting move and the whole line replays; played
        // loosely (g2g4 left out, waiting moves where the turn is wrong) it
        // still mates.
        let start = position(START);
        let carried = fools_mate(&start);
        let after = played(&start, "g2g4");
        let next = carried_over(&carried, &start, "g2g4").unwrap();
        assert!(replays_to_mate(&after, Color::Black, &next.line));
        for kept in [carried.line[0], carried.line[1], carried.line[3]] {
            assert!(next.line.contains(&kept), "{:?}", next.line);
        }
        assert!(!next.line.contains(&carried.line[2]));
        assert!(next.line.len() <= LONGEST);
    }

    #[test]
    fn a_man_of_the_same_kind_stands_in_for_one_that_cannot_move() {
        let start = position("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1");
        let from_g1 = Move::Normal {
            role: Role::Knight,
            from: shakmaty::Square::G1,
            capture: None,
            to: shakmaty::Square::F3,
            promotion: None,
        };
        assert_eq!(stand_in(&start, from_g1), Some(moves(&start, "d2f3")[0]));
        // No knight reaches h4: nothing stands in.
        let to_h4 = Move::Normal {
            role: Role::Knight,
            from: shakmaty::Square::G1,
            capture: None,
            to: shakmaty::Square::H4,
            promotion: None,
        };
        assert_eq!(stand_in(&start, to_h4), None);
    }

    #[test]
    fn a_move_that_spoils_the_line_leaves_nothing_carried() {
        // 1. e3 gives White's king e2: Qh4 is never mate again by this
        // line, with or without a waiting move in front.
        let start = position(START);
        let carried = fools_mate(&start);
        assert_eq!(carried_over(&carried, &start, "e2e3"), None);
    }

    #[test]
    fn a_line_past_the_longest_is_not_lengthened() {
        let start = position(START);
        let line = shuffled_then(&start, 10, "f2f3 e7e5 g2g4 d8h4");
        assert!(line.len() > LONGEST);
        assert!(replays_to_mate(&start, Color::Black, &line));
        let carried = Carried {
            side: Color::Black,
            line,
        };
        // The rest after the first move still replays...
        assert!(carried_over(&carried, &start, "g1f3").is_some());
        // ...but after another move it does not, no longer line is tried,
        // and the loose replay (step 4) ends in no mate within the
        // longest line.
        assert_eq!(carried_over(&carried, &start, "b1c3"), None);
    }

    #[test]
    fn a_line_of_the_longest_length_gets_no_waiting_move_in_front() {
        // Nine knight shuffles and fool's mate: 40 plies, the longest
        // carried. After 1. Nc3 its rest no longer replays (the knight it
        // moves back from f3 never went there), and a waiting move in
        // front of the whole line would make it 41 plies long.
        let start = position(START);
        let line = shuffled_then(&start, 9, "f2f3 e7e5 g2g4 d8h4");
        assert_eq!(line.len(), LONGEST);
        let carried = Carried {
            side: Color::Black,
            line,
        };
        let next = carried_over(&carried, &start, "b1c3");
        assert!(
            next.as_ref().is_none_or(|next| next.line.len() <= LONGEST),
            "{next:?}"
        );
    }

    #[test]
    fn a_quiet_move_is_taken_back_in_front_of_a_longer_line() {
        // Step 3 on a line of 16 plies (three knight shuffles and fool's
        // mate): after 1. Nh3, a waiting move of Black's, Nh3-g1, the
        // waiting move taken back, then the whole line: 19 plies.
        let start = position(START);
        let carried = Carried {
            side: Color::Black,
            line: shuffled_then(&start, 3, "f2f3 e7e5 g2g4 d8h4"),
        };
        assert_eq!(carried.line.len(), 16);
        assert_taken_back(&carried, &start, "g1h3", "b8c6 h3g1");
    }

    #[test]
    fn waiting_moves_neither_capture_nor_move_a_pawn() {
        // White's rook can only take the knight on g1 and its h-pawn may
        // step: the waiting moves are the king's quiet steps alone (Black
        // is the side that would mate).
        let start = position("4k3/8/8/8/8/8/7P/4K1nR w - - 0 1");
        let waits = waiting_moves(&start, Color::Black);
        assert_eq!(waits.len(), 4, "{waits:?}");
        assert!(waits.iter().all(|mv| mv.role() == Role::King), "{waits:?}");
    }

    #[test]
    fn waiting_moves_come_from_the_men_farthest_from_the_king_to_be_mated() {
        // Black mates White's king on e1: the knight on e6 (five squares
        // from it) moves before the rook on h1 (three) and the king.
        let start = position("4k3/8/4N3/8/8/8/8/4K2R w - - 0 1");
        let waits = waiting_moves(&start, Color::Black);
        assert_eq!(waits.len(), WAITING_MOVES);
        assert!(
            waits.iter().all(|mv| mv.role() == Role::Knight),
            "{waits:?}"
        );
    }

    /// A move of `role` from `from` to `to` that captures nothing, as a
    /// line may hold it where it can no longer be played.
    fn unplayable(role: Role, from: shakmaty::Square, to: shakmaty::Square) -> Move {
        Move::Normal {
            role,
            from,
            capture: None,
            to,
            promotion: None,
        }
    }

    #[test]
    fn a_mended_line_skips_only_its_first_move_when_told() {
        // After 1. f3, played loosely without its first move, fool's mate
        // is its other three moves.
        let start = position(START);
        let carried = fools_mate(&start);
        let after = played(&start, "f2f3");
        assert_eq!(
            carried.mended(&after, true),
            Some(moves(&after, "e7e5 g2g4 d8h4"))
        );
    }

    #[test]
    fn a_mended_line_stops_at_the_mate_and_not_at_a_check() {
        // Black mates White's king on a1 with its queen: a check that is
        // no mate (h2h1), the king's escape, a second check, then the
        // mate on b3. Two moves follow it in the line, which nobody can
        // play after the mate: the mended line stops at the mate.
        use shakmaty::Square;
        let start = position("8/8/8/8/8/2k5/7q/K7 b - - 0 1");
        let mut line = vec![unplayable(Role::King, Square::B1, Square::A1)];
        line.extend(moves(&start, "h2h1 a1a2 h1b1 a2a3 b1b3"));
        line.push(unplayable(Role::King, Square::A3, Square::A4));
        line.push(unplayable(Role::Queen, Square::B3, Square::C2));
        let carried = Carried {
            side: Color::Black,
            line,
        };
        let mended = carried.mended(&start, true).unwrap();
        assert_eq!(mended, moves(&start, "h2h1 a1a2 h1b1 a2a3 b1b3"));
        assert!(replays_to_mate(&start, Color::Black, &mended));
    }

    #[test]
    fn a_mended_line_longer_than_the_longest_is_given_up() {
        // Nine knight shuffles and fool's mate, 40 plies, the first played:
        // the other 39 mate, played loosely.
        let start = position(START);
        let line = shuffled_then(&start, 9, "f2f3 e7e5 g2g4 d8h4");
        let after = played(&start, "g1f3");
        let carried = Carried {
            side: Color::Black,
            line: line.clone(),
        };
        assert_eq!(carried.mended(&after, true), Some(line[1..].to_vec()));
        // One shuffle more: 43 plies, too long, although they still mate.
        let longer = shuffled_then(&start, 10, "f2f3 e7e5 g2g4 d8h4");
        assert!(replays_to_mate(&after, Color::Black, &longer[1..]));
        let carried = Carried {
            side: Color::Black,
            line: longer,
        };
        assert_eq!(carried.mended(&after, true), None);
        // White mates in 41 plies (the shuffles, then 1. e4 g5 2. d4 f6
        // 3. Qh5#): the other 40, the longest, are kept.
        let white_mates = shuffled_then(&start, 9, "e2e4 g7g5 d2d4 f7f6 d1h5");
        let carried = Carried {
            side: Color::White,
            line: white_mates.clone(),
        };
        assert_eq!(
            carried.mended(&after, true),
            Some(white_mates[1..].to_vec())
        );
    }

    #[test]
    fn an_illegal_move_in_the_line_fails_the_replay() {
        let start = position(START);
        let line = moves(&start, "f2f3 e7e5 g2g4 d8h4");
        // From the position after 1. e4 the line's first move is still
        // legal but the mate is gone (e4 does not open h4-e1).
        let after = played(&start, "e2e4 e7e6");
        assert!(!replays_to_mate(&after, Color::Black, &line[..1]));
        // A move from another position: White's f-pawn is gone.
        let moved = played(&start, "f2f4 e7e5 f4e5");
        assert!(!replays_to_mate(&moved, Color::Black, &line));
    }
}
