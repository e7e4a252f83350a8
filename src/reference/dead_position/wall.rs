//! Article 5.2.2 proved without search: walls of pawns that keep the side's
//! men away from the other king forever.
//!
//! The argument, for one side (the mater), is about where each man could
//! ever stand: its *region*. We start from each man's own square and
//! widen the regions, round after round, by the moves the rules of chess
//! allow given the regions found so far, until a round widens nothing:
//!
//! 1. **Fixed men.** A man (a pawn, a piece or a king) is fixed while its
//!    region is its own square and no man of the other side could ever
//!    take it (a king is never taken). A fixed man stands where it is in
//!    every position the game can reach: lines stop at it, no man of its
//!    own side ever lands on it, and the other king never steps onto a
//!    square it attacks (a line of a fixed bishop, rook or queen counts up
//!    to the first square some man other than that king may ever stand
//!    on: the squares before it are always empty).
//! 2. **Pieces** (kings included) go from square to square by their own
//!    moves, lines stopping only at fixed men. A man that may land on a
//!    square an enemy man other than the king may stand on could take that
//!    man, and so could an enemy pawn that may attack such a square: that
//!    man is no longer fixed.
//! 3. **Pawns** step forward (two squares from their first square) onto a
//!    square no fixed man stands on, and take diagonally onto a square an
//!    enemy man other than the king may stand on. Two pawns of one file
//!    that can never leave it never pass each other: a pawn stops before
//!    an enemy pawn of its file ahead of it, and before the furthest
//!    square of a pawn of its own side ahead of it. A pawn that could
//!    reach its last rank could become any piece: the argument gives up.
//!
//! Every game from the position keeps each man in its region (each of its
//! moves is one of these, given where the men stood before it). Then:
//!
//! 4. **The mater never gives check** when no square of the region of any
//!    of its men (its king never checks) attacks a square of the other
//!    king's region, lines stopping at fixed men; or
//! 5. **it checks only with bishops of one colour, and never mates.** A
//!    mate by such bishops is given on a square of their colour, and the
//!    king's neighbours beside it (not diagonal), of the other colour, are
//!    never attacked by them. Those inside the king's region must each be
//!    taken away: by a man of the king's own side standing on it, or by
//!    the mating king, which, never next to the mated king, covers at most
//!    one of them. Where, on every square of that colour in the region,
//!    they outnumber the men that could stand on one of them plus one for
//!    the mating king (when it could stand next to one of them), no mate
//!    is possible.
//!
//! 6. **The last square of a stuck side.** When the regions above fail
//!    for the mater, and no castling right is left, they are found again
//!    with one king kept off some squares: those where its arrival would
//!    leave the other side (the stuck side) without a legal move. That
//!    holds when every man of the stuck side but its king is fixed and,
//!    from every square of its king's region not next to the arrival,
//!    each step inside the region ends next to it. The game ends on such
//!    an arrival, in stalemate or in a mate given by the arriving king's
//!    side, so no later position needs the regions to cover it. That
//!    last position is never a mate by the mater when the mater is the
//!    stuck side, nor when the arriving king is the mater's and its step
//!    cannot uncover a line of the mater's onto a square the stuck king
//!    may then stand on: a king never checks, so only a line it uncovers
//!    could (a pawn or knight checking then would have been checking
//!    before, with the mater to move). In this round the arriving king is never counted
//!    as fixed (nothing that keeps the stuck side's men still may rest on
//!    where it stood), and lines that guard squares from the stuck king
//!    count the barred squares as squares a man may stand on. This is how
//!    a king that could walk round to take a pawn, free the pawn behind
//!    it and promote is shown never to get there: the only way round
//!    stalemates the other side first.
//!
//! 7. **It checks only with pawns, and each check takes the pawn.** When
//!    the only men of the mater that may attack a square of the other
//!    king's region are pawns, and no other man of the mater may ever
//!    attack a square from which such a pawn attacks that region (lines
//!    stopping at fixed men only), every check is given by a pawn standing
//!    next to the king with nothing guarding it: the king may always take
//!    it, so no check is mate. (A line through the king's own square that
//!    could guard the pawn once the king has left would reach the king's
//!    region, and its piece would be one of the men that may attack it.)
//!    This is how pawns that never promote, on files where they can never
//!    meet an enemy man to take, are shown never to mate: they can check
//!    but never protect each other.
//!
//! A locked wall, where no pawn can move at all, is the simplest case:
//! then every pawn is fixed. Pieces shut in behind it become fixed too: a
//! knight whose every jump lands on a fixed pawn of its own side stands
//! guard for good, and a king walled in by its own fixed men and the
//! squares fixed enemy men attack blocks the pawn in front of it.
//!
//! Castling moves the king two squares and the rook over it: with the
//! standard king and rook squares, each square passed must be empty (and,
//! for the king, unattacked), so the step-by-step regions above cover it.
//! The argument gives up on other castling rights (Chess960), and when an
//! en passant capture is possible now.

use shakmaty::{Bitboard, Chess, Color, Position, Rank, Role, Square, attacks};

/// Whether the wall argument proves that `mater` can never checkmate.
pub fn walled_off(position: &Chess, mater: Color) -> bool {
    if position.legal_moves().iter().any(|mv| mv.is_en_passant()) {
        return false;
    }
    if !castling_is_standard(position) {
        return false;
    }
    if regions(position, None).is_some_and(|regions| never_mates_within(&regions, position, mater))
    {
        return true;
    }
    // Point 6: either king kept off the squares where it would leave the
    // other side without a move.
    if position.castles().any() {
        return false;
    }
    [!mater, mater]
        .into_iter()
        .filter(|&king| !a_man_can_step(position, !king))
        .any(|king| {
            regions(position, Some((king, mater)))
                .is_some_and(|regions| never_mates_within(&regions, position, mater))
        })
}

/// Whether a man of `color` other than its king can step now, pins
/// aside: a pawn onto the empty square in front of it or onto an enemy
/// man other than the king, a piece onto a square with no man of its own
/// and no king. Such a man is never fixed in any round (its region holds
/// that square from the start), so point 6 can bar no square that leaves
/// `color` without a move, and the round would prove nothing the first
/// did not.
fn a_man_can_step(position: &Chess, color: Color) -> bool {
    let board = position.board();
    let occupied = board.occupied();
    let not_a_king_or_own = !board.kings() & !board.by_color(color);
    (board.by_color(color) & !board.kings())
        .into_iter()
        .any(|from| match board.role_at(from) {
            Some(Role::Pawn) => {
                let forward = from.offset(if color == Color::White { 8 } else { -8 });
                forward.is_some_and(|to| !occupied.contains(to))
                    || (attacks::pawn_attacks(color, from)
                        & board.by_color(!color)
                        & !board.kings())
                    .any()
            }
            Some(role) => (moves_of(role, from, occupied) & not_a_king_or_own).any(),
            None => false,
        })
}

/// Points 4, 5 and 7: whether, every man kept in its region, `mater`
/// never checks, or checks only with pawns that the king may always take,
/// or only with bishops of one colour and never mates.
fn never_mates_within(regions: &Regions, position: &Chess, mater: Color) -> bool {
    let board = position.board();
    let Some(their_king) = board.king_of(!mater) else {
        return false;
    };
    let their_region = regions.of(their_king);
    let fixed = regions.fixed_men();
    // The squares of the mater's men, other than its king, that may ever
    // attack a square of the other king's region.
    let mut attackers = Vec::new();
    for square in board.by_color(mater) {
        let Some(role) = board.role_at(square) else {
            continue;
        };
        if role == Role::King {
            continue;
        }
        let attacks_the_region = regions.of(square).into_iter().any(|from| {
            let attacked = match role {
                Role::Pawn => attacks::pawn_attacks(mater, from),
                _ => moves_of(role, from, fixed),
            };
            (attacked & their_region).any()
        });
        if attacks_the_region {
            attackers.push((square, role));
        }
    }
    if attackers.is_empty() {
        return true;
    }
    // Point 7: pawns only, each check answered by taking the pawn.
    if attackers.iter().all(|&(_, role)| role == Role::Pawn)
        && attackers
            .iter()
            .all(|&(pawn, _)| every_check_takes_the_pawn(regions, fixed, mater, pawn, their_region))
    {
        return true;
    }
    // Point 5: bishops of one colour only.
    let colour = attackers[0].0.is_light();
    let only_bishops_of_one_colour = attackers
        .iter()
        .all(|&(square, role)| role == Role::Bishop && square.is_light() == colour);
    if !only_bishops_of_one_colour {
        return false;
    }
    let mater_king = board
        .king_of(mater)
        .map_or(Bitboard::EMPTY, |king| regions.of(king));
    let helpers: Vec<Bitboard> = (board.by_color(!mater) & !board.kings())
        .into_iter()
        .map(|square| regions.of(square))
        .collect();
    their_region
        .into_iter()
        .filter(|square| square.is_light() == colour)
        .all(|square| never_mated_on(square, their_region, mater_king, &helpers))
}

/// Point 7 for the pawn of `mater` starting on `pawn`: whether, on every
/// square of its region from which it attacks a square of the other
/// king's region (`their_region`), no other man of `mater` could ever
/// defend it (lines stopping at the `fixed` men). A king checked by that
/// pawn then stands next to it and may always take it, so the check is
/// never mate.
fn every_check_takes_the_pawn(
    regions: &Regions,
    fixed: Bitboard,
    mater: Color,
    pawn: Square,
    their_region: Bitboard,
) -> bool {
    regions
        .of(pawn)
        .into_iter()
        .filter(|&from| (attacks::pawn_attacks(mater, from) & their_region).any())
        .all(|checking| {
            !regions.men.iter().any(|&(square, owner, role, region)| {
                owner == mater
                    && square != pawn
                    && region.into_iter().any(|from| {
                        let defended = match role {
                            Role::Pawn => attacks::pawn_attacks(mater, from),
                            _ => moves_of(role, from, fixed),
                        };
                        defended.contains(checking)
                    })
            })
        })
}

/// Point 5 on one square: whether the king can never be mated on
/// `square` by bishops of its colour. Its neighbours beside it (not
/// diagonal) inside its region `region` are squares no such bishop
/// attacks; each must be taken from it, by a man of its own side standing
/// there (`helpers` are their regions) or by the mating king (its region
/// `mater_king`), which, never next to the king, covers at most one.
fn never_mated_on(
    square: Square,
    region: Bitboard,
    mater_king: Bitboard,
    helpers: &[Bitboard],
) -> bool {
    let escapes: Vec<Square> = attacks::king_attacks(square)
        .into_iter()
        .filter(|next| next.file() == square.file() || next.rank() == square.rank())
        .filter(|next| region.contains(*next))
        .collect();
    let mut next_to_an_escape = Bitboard::EMPTY;
    for escape in &escapes {
        next_to_an_escape |= attacks::king_attacks(*escape);
    }
    let not_next_to_the_king = !attacks::king_attacks(square) & !Bitboard::from(square);
    let king_can_cover = usize::from((mater_king & next_to_an_escape & not_next_to_the_king).any());
    let blockers = helpers
        .iter()
        .filter(|helper| escapes.iter().any(|escape| helper.contains(*escape)))
        .count();
    escapes.len() > blockers + king_can_cover
}

/// The regions of every man of a position, by its square there, which
/// pawns some man could take, and (point 6) the king kept off the squares
/// where it would leave the other side without a move, with the side
/// asked about and those squares.
struct Regions {
    men: Vec<(Square, Color, Role, Bitboard)>,
    takeable: Bitboard,
    barring: Option<(Color, Color)>,
    barred: Bitboard,
}

impl Regions {
    fn of(&self, square: Square) -> Bitboard {
        self.men
            .iter()
            .find(|man| man.0 == square)
            .map_or(Bitboard::EMPTY, |man| man.3)
    }

    fn fixed_men(&self) -> Bitboard {
        self.fixed_of(Color::White) | self.fixed_of(Color::Black)
    }

    fn fixed_of(&self, color: Color) -> Bitboard {
        let mut fixed = Bitboard::EMPTY;
        for &(square, owner, role, region) in &self.men {
            let barred_king =
                role == Role::King && self.barring.is_some_and(|(king, _)| king == owner);
            if owner == color
                && region == Bitboard::from(square)
                && !self.takeable.contains(square)
                && !barred_king
            {
                fixed.add(square);
            }
        }
        fixed
    }

    /// Whether an enemy man of `color`'s side other than a king may stand
    /// on `square`.
    fn enemy_may_stand(&self, color: Color, square: Square) -> bool {
        self.men.iter().any(|&(_, owner, role, region)| {
            owner != color && role != Role::King && region.contains(square)
        })
    }
}

/// The regions of the men of `position`, or `None` when a pawn could
/// reach its last rank; with `barring` (a king's side and the mater),
/// that king is never counted as fixed and is kept off the squares where
/// it would leave the other side without a move, and where the king is
/// the mater's, out of reach of the mater's lines (point 6).
fn regions(position: &Chess, barring: Option<(Color, Color)>) -> Option<Regions> {
    let board = position.board();
    let mut regions = Regions {
        men: board
            .occupied()
            .into_iter()
            .filter_map(|square| {
                let piece = board.piece_at(square)?;
                Some((square, piece.color, piece.role, Bitboard::from(square)))
            })
            .collect(),
        takeable: Bitboard::EMPTY,
        barring,
        barred: Bitboard::EMPTY,
    };
    loop {
        if let Some((king, mater)) = barring {
            regions.barred = leaves_without_a_move(&regions, !king, king == mater);
        }
        let mut widened = Vec::new();
        for &(square, color, role, region) in &regions.men {
            let new = if role == Role::Pawn {
                pawn_region(&regions, square, color, region)?
            } else {
                piece_region(&regions, square, color, role)
            };
            widened.push(new);
        }
        let mut takeable = regions.takeable;
        for &(square, color, role, region) in &regions.men {
            if role != Role::King && can_be_taken(&regions, color, region) {
                takeable.add(square);
            }
        }
        let unchanged = takeable == regions.takeable
            && regions
                .men
                .iter()
                .zip(&widened)
                .all(|(man, new)| man.3 == *new);
        for (man, new) in regions.men.iter_mut().zip(widened) {
            man.3 = new;
        }
        regions.takeable = takeable;
        if unchanged {
            return Some(regions);
        }
    }
}

/// Point 6: the squares where the king of the side other than `stuck`,
/// arriving, would leave `stuck` without a legal move, given the regions
/// so far (in which that king is never fixed), and, when `no_check`, where
/// the arrival cannot uncover a check either.
///
/// Every man of `stuck` but its king must be fixed: nothing it needs to
/// stay put can be that king, which is never fixed, so it still has no
/// move once the king has arrived. `stuck`'s king stands somewhere in its
/// region, and a legal step of it ends in its region (its region keeps
/// it off only squares fixed enemy men attack, their lines counted up to
/// any square a man, or the barred king at the end, may stand on); the
/// arriving king takes the squares next to it. When that leaves no step
/// from any square of the region not next to the arriving king, `stuck`
/// has no move: the game ends there in stalemate, or in a mate given by
/// the other side if the king uncovered one of its lines (no castling
/// right is left: the caller's test); see [`Lines::may_uncover_a_check`].
fn leaves_without_a_move(regions: &Regions, stuck: Color, no_check: bool) -> Bitboard {
    let mut king_region = Bitboard::EMPTY;
    let fixed = regions.fixed_of(stuck);
    for &(square, owner, role, region) in &regions.men {
        if owner != stuck {
            continue;
        }
        if role == Role::King {
            king_region = region;
        } else if !fixed.contains(square) {
            return Bitboard::EMPTY;
        }
    }
    if king_region.is_empty() {
        return Bitboard::EMPTY;
    }
    let lines = no_check.then(|| Lines::of(regions, !stuck));
    let mut squares = Bitboard::EMPTY;
    for arrival in Square::ALL {
        let taken = attacks::king_attacks(arrival).with(arrival);
        let left = king_region & !taken;
        let no_step_anywhere = left.into_iter().all(|from| {
            attacks::king_attacks(from)
                .into_iter()
                .all(|to| !king_region.contains(to) || taken.contains(to))
        });
        let checked = lines.as_ref().is_some_and(|lines| {
            left.into_iter()
                .any(|target| lines.may_uncover_a_check(arrival, target))
        });
        if no_step_anywhere && !checked {
            squares.add(arrival);
        }
    }
    squares
}

/// The regions that point 6 needs to see whether the king of one side,
/// stepping, might uncover a check: that king's region, where its
/// bishops and queens (`diagonal`) and rooks and queens (`straight`) may
/// stand, and every fixed man.
struct Lines {
    king: Bitboard,
    diagonal: Bitboard,
    straight: Bitboard,
    fixed: Bitboard,
}

impl Lines {
    /// The lines of `color`, given the regions so far.
    fn of(regions: &Regions, color: Color) -> Lines {
        let mut lines = Lines {
            king: Bitboard::EMPTY,
            diagonal: Bitboard::EMPTY,
            straight: Bitboard::EMPTY,
            fixed: regions.fixed_men(),
        };
        for &(_, owner, role, region) in &regions.men {
            if owner != color {
                continue;
            }
            match role {
                Role::King => lines.king = region,
                Role::Bishop => lines.diagonal |= region,
                Role::Rook => lines.straight |= region,
                Role::Queen => {
                    lines.diagonal |= region;
                    lines.straight |= region;
                }
                Role::Pawn | Role::Knight => {}
            }
        }
        lines
    }

    /// Whether the king, stepping onto `arrival`, might uncover a check on
    /// `target`. The king never checks itself, and a pawn or knight
    /// checking after the step would have been checking before it, with
    /// the king's side to move, which no game reaches: only a line through
    /// the square the king left can. So: some square next to `arrival` in
    /// the king's region lies on a diagonal (or a rank or file) from
    /// `target`, and a bishop or queen (or a rook or queen) may stand
    /// further along it with no fixed man between.
    fn may_uncover_a_check(&self, arrival: Square, target: Square) -> bool {
        (attacks::king_attacks(arrival) & self.king)
            .into_iter()
            .any(|left| {
                let on_diagonal = attacks::bishop_attacks(target, Bitboard::EMPTY).contains(left);
                let on_straight = attacks::rook_attacks(target, Bitboard::EMPTY).contains(left);
                let behind = |slider: Square| {
                    let between = attacks::between(target, slider);
                    between.contains(left) && (between & self.fixed).is_empty()
                };
                (on_diagonal && self.diagonal.into_iter().any(behind))
                    || (on_straight && self.straight.into_iter().any(behind))
            })
    }
}

/// Whether some enemy man could take a man of `color` whose region is
/// `region`: a piece or king that may land on it, or an enemy pawn that
/// may attack a square of it.
fn can_be_taken(regions: &Regions, color: Color, region: Bitboard) -> bool {
    regions.men.iter().any(|&(_, owner, role, other)| {
        owner != color
            && if role == Role::Pawn {
                other
                    .into_iter()
                    .any(|from| (attacks::pawn_attacks(owner, from) & region).any())
            } else {
                (other & region).any()
            }
    })
}

/// Point 2: where a piece (or king) starting on `square` can go.
fn piece_region(regions: &Regions, square: Square, color: Color, role: Role) -> Bitboard {
    let fixed = regions.fixed_men();
    let own_fixed = regions.fixed_of(color);
    let mut kept_off = Bitboard::EMPTY;
    if role == Role::King {
        // Where any man other than this king may ever stand, the barred
        // king's last squares included.
        let mut others = regions.barred;
        for &(other, _, _, region) in &regions.men {
            if other != square {
                others |= region;
            }
        }
        let guards = regions.fixed_of(!color);
        for &(guard, _, guard_role, _) in &regions.men {
            if guards.contains(guard) {
                kept_off |= match guard_role {
                    Role::Pawn => attacks::pawn_attacks(!color, guard),
                    _ => moves_of(guard_role, guard, others),
                };
            }
        }
        if regions.barring.is_some_and(|(king, _)| king == color) {
            kept_off |= regions.barred;
        }
    }
    let mut region = Bitboard::from(square);
    let mut to_visit = vec![square];
    while let Some(from) = to_visit.pop() {
        for to in moves_of(role, from, fixed) {
            if !region.contains(to) && !own_fixed.contains(to) && !kept_off.contains(to) {
                region.add(to);
                to_visit.push(to);
            }
        }
    }
    region
}

/// Point 3: where the pawn of `color` starting on `square`, with `region`
/// so far, can go; `None` when that includes its last rank.
fn pawn_region(
    regions: &Regions,
    square: Square,
    color: Color,
    region: Bitboard,
) -> Option<Bitboard> {
    let fixed = regions.fixed_men();
    let never_passes = stops_in_its_file(regions, square, color, region);
    let last_rank = if color == Color::White {
        Rank::Eighth
    } else {
        Rank::First
    };
    let first_rank = if color == Color::White {
        Rank::Second
    } else {
        Rank::Seventh
    };
    let forward = |from: Square| from.offset(if color == Color::White { 8 } else { -8 });
    let mut region = region;
    let mut to_visit: Vec<Square> = region.into_iter().collect();
    while let Some(from) = to_visit.pop() {
        let mut steps = Vec::new();
        let free = |to: Square| !fixed.contains(to) && !never_passes.contains(to);
        if let Some(one) = forward(from).filter(|&to| free(to)) {
            steps.push(one);
            if from.rank() == first_rank
                && let Some(two) = forward(one).filter(|&to| free(to))
            {
                steps.push(two);
            }
        }
        for to in attacks::pawn_attacks(color, from) {
            if regions.enemy_may_stand(color, to) {
                steps.push(to);
            }
        }
        for to in steps {
            if to.rank() == last_rank {
                return None;
            }
            if !region.contains(to) {
                region.add(to);
                to_visit.push(to);
            }
        }
    }
    Some(region)
}

/// The squares of its file that the pawn of `color` on `square` (its
/// region so far `region`) can never reach because another pawn of the
/// file stands ahead and neither can ever leave the file (nor the other
/// be taken).
fn stops_in_its_file(
    regions: &Regions,
    square: Square,
    color: Color,
    region: Bitboard,
) -> Bitboard {
    let file = Bitboard::from_file(square.file());
    if (region & !file).any() {
        return Bitboard::EMPTY;
    }
    // How far up the board a square is, seen from this pawn's side.
    let height = |at: Square| {
        let rank = at.rank() as u32;
        if color == Color::White {
            rank
        } else {
            7 - rank
        }
    };
    let mut stops = Bitboard::EMPTY;
    for &(other, owner, role, other_region) in &regions.men {
        let in_file_for_good = role == Role::Pawn
            && other != square
            && file.contains(other)
            && (other_region & !file).is_empty()
            && !regions.takeable.contains(other);
        if !in_file_for_good || height(other) <= height(square) {
            continue;
        }
        let stop = if owner == color {
            other_region
                .into_iter()
                .map(height)
                .max()
                .unwrap_or(height(other))
        } else {
            height(other)
        };
        for at in file {
            if height(at) >= stop {
                stops.add(at);
            }
        }
    }
    stops
}

/// The squares a man of `role` on `from` attacks (and so may move to),
/// lines stopping at `blockers`.
fn moves_of(role: Role, from: Square, blockers: Bitboard) -> Bitboard {
    match role {
        Role::King => attacks::king_attacks(from),
        Role::Knight => attacks::knight_attacks(from),
        Role::Bishop => attacks::bishop_attacks(from, blockers),
        Role::Rook => attacks::rook_attacks(from, blockers),
        Role::Queen => attacks::queen_attacks(from, blockers),
        Role::Pawn => Bitboard::EMPTY,
    }
}

/// Whether every castling right of `position` is one of standard chess: the
/// king on its e-square, the rook in the corner.
fn castling_is_standard(position: &Chess) -> bool {
    let board = position.board();
    position
        .castles()
        .castling_rights()
        .into_iter()
        .all(|rook| {
            let (color, king) = match rook.rank() {
                Rank::First => (Color::White, Square::E1),
                _ => (Color::Black, Square::E8),
            };
            [Square::A1, Square::H1, Square::A8, Square::H8].contains(&rook)
                && board.king_of(color) == Some(king)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::testing::game_in;
    use shakmaty::CastlingMode;

    /// The position of `fen`, as the reference's tests build it.
    fn position(fen: &str, mode: CastlingMode) -> Chess {
        game_in(fen, "", mode).current().clone()
    }

    #[test]
    fn a_man_steps_onto_an_empty_square_or_an_enemy_man_never_onto_a_king() {
        let standard = |fen| position(fen, CastlingMode::Standard);
        // A pawn with the square in front of it free, and nothing to take.
        let free_pawn = standard("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        assert!(a_man_can_step(&free_pawn, Color::White));
        // A blocked pawn whose only target is the king it checks.
        let checking_pawn = standard("8/4pk2/4P3/8/8/8/8/4K3 b - - 0 1");
        assert!(!a_man_can_step(&checking_pawn, Color::White));
        // A knight whose squares hold its own pawn and the king it checks;
        // the pawn is blocked and has nothing to take.
        let checking_knight = standard("5b1N/5P2/6k1/8/8/8/8/K7 b - - 0 1");
        assert!(!a_man_can_step(&checking_knight, Color::White));
    }

    #[test]
    fn the_wall_alone_proves_the_worked_examples_and_nothing_that_can_mate() {
        let standard = |fen| position(fen, CastlingMode::Standard);
        // Dead for both sides by the argument alone, no search: the
        // locked chain (point 4), bishops shut in (4), pawns stepping up
        // to the chain (3, 4), knights locked in (1), a king locked in and
        // bishops of one colour (5), a king that could only get round by
        // stalemating (6), pawns that check but are never guarded (7), and
        // both sides free behind a sparse chain.
        for fen in [
            "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1",
            "2b1k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/2B1K3 w - - 0 1",
            "k7/8/8/p1p1p1p1/P1P1P1P1/8/P1P1P1P1/K7 w - - 0 1",
            "k1b5/1p6/1Pp5/n1P5/N1p5/1pP5/1P6/K7 w - - 0 1",
            "k7/1b6/8/8/8/1pB5/pP6/K7 b - - 0 1",
            "1k6/8/7p/5p1P/5p2/5PpK/6P1/8 w - - 0 1",
            "1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1",
            "kb6/p1p1p1p1/8/p1p1p1p1/P1P1P1P1/8/P1P1P1P1/KB6 w - - 0 1",
        ] {
            for side in Color::ALL {
                assert!(walled_off(&standard(fen), side), "{fen}: {side:?}");
            }
        }
        // Alive: the side that mates by the reference's helpmate line is
        // never walled off.
        for fen in [
            "4k3/8/8/1p1p1p2/pPpPpPpp/P1P1P1PP/8/4K3 w - - 0 1",
            "4k3/8/8/1p1p1p1p/pPpPpPp1/P1P1P1PP/8/4K3 w - - 0 1",
            "k7/8/8/2p1p1p1/2P1P1P1/8/P7/K7 w - - 0 1",
            "8/p1p1p1p1/6P1/6PK/6PP/P7/2P1P3/7k b - - 0 1",
            "8/b5b1/1k3b2/p1p1p1p1/P1P1P1P1/3B4/3b4/KB6 w - - 14 8",
            "8/8/8/8/8/2k5/p7/K7 b - - 0 1",
        ] {
            let position = standard(fen);
            let verdict = super::super::deadness_in(
                &position,
                CastlingMode::Standard,
                crate::mating::Budget::DEFAULT,
            );
            let crate::mating::Deadness::Alive { side, .. } = verdict else {
                panic!("{fen} must be alive: {verdict:?}")
            };
            assert!(!walled_off(&position, side.into()), "{fen}: {side:?}");
        }
    }

    #[test]
    fn only_standard_castling_rights_are_followed() {
        let standard = position(
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            CastlingMode::Standard,
        );
        assert!(castling_is_standard(&standard));
        let chess960 = position(
            "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1",
            CastlingMode::Chess960,
        );
        assert!(!castling_is_standard(&chess960));
        let king_on_b = position("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", CastlingMode::Chess960);
        assert!(!castling_is_standard(&king_on_b));
    }

    /// Whether the UCI `moves`, played from `fen`, end in a checkmate
    /// given by `mater`: the helpmate that shows a position alive.
    fn mates_after(fen: &str, moves: &str, mater: Color) -> bool {
        let game = game_in(fen, moves, CastlingMode::Standard);
        super::super::search::is_mate_by(game.current(), mater)
    }

    /// Whether the visit of every position reachable from `position` (at
    /// most `limit` of them) sees them all and no mate by `mater`.
    fn no_mate_is_reachable(position: &Chess, mater: Color, limit: usize) -> bool {
        matches!(
            super::super::search::visit(position, mater, limit),
            super::super::search::Visited::NoMate(_)
        )
    }

    #[test]
    fn point_5_counts_the_mating_king_two_squares_from_the_mated_king() {
        // Article 5.2.2, point 5. White's king is held to h3 and h4, and
        // Black's dark-squared bishops can check it on h4 only, where h3 is
        // its one way out. Black's king on h2, two squares from h4 but next
        // to h3, takes that square away: the argument must count it and
        // prove nothing for Black, who mates at once with Bf8-e7.
        let fen = "5b2/8/7p/5p1P/5p1K/5Pp1/6Pk/6b1 b - - 0 1";
        assert!(mates_after(fen, "f8e7", Color::Black));
        assert!(!walled_off(
            &position(fen, CastlingMode::Standard),
            Color::Black
        ));
    }

    #[test]
    fn point_6_a_stuck_king_that_can_never_move_is_fixed() {
        // Article 5.2.2, point 6. Black cannot move and never will: its
        // king on a8 has no square, its pawns are blocked and its bishop is
        // shut in by them. White's king could walk round to d8, take the
        // bishop and then the d7-pawn, and free the d6-pawn, so the first
        // regions prove nothing; but any step of it leaves Black without a
        // move. In the round that keeps it off those squares Black's king,
        // whose region is its own square, is a fixed man like any other: it
        // holds White's a7-pawn, which would otherwise queen on a8. So the
        // argument proves the position dead for both sides, which the visit
        // of every reachable position confirms.
        let position = position(
            "k1b5/Pp1p4/1P1P4/B7/8/2B5/8/K7 w - - 0 1",
            CastlingMode::Standard,
        );
        for side in Color::ALL {
            assert!(walled_off(&position, side), "{side:?}");
            assert!(no_mate_is_reachable(&position, side, 1_000), "{side:?}");
        }
    }

    #[test]
    fn point_6_an_arrival_stalemates_when_no_square_left_away_from_it_has_a_step() {
        // Article 5.2.2, point 6, on worked example (h) with Black's king
        // already on f6. White's king has h3 and h4; Black's king could take
        // h5 only from g5 (g6 is guarded), and on g5 it leaves White's king
        // h3 alone, whose one step, to h4, is next to g5: stalemate. What
        // decides is the squares of White's king not next to the arrival,
        // and from which none of its steps leads out of the arrival's
        // reach. Kept off g5, Black's king never takes anything: dead for
        // both sides, as the visit of every reachable position confirms.
        let position = position(
            "8/8/5k1p/5p1P/5p2/5PpK/6P1/8 w - - 0 1",
            CastlingMode::Standard,
        );
        for side in Color::ALL {
            assert!(walled_off(&position, side), "{side:?}");
            assert!(no_mate_is_reachable(&position, side, 1_000), "{side:?}");
        }
    }
}
