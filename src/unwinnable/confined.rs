//! Article 5.2.2 proved without search when the pawns may still move: every
//! man is confined to a region it can never leave, and no man of the side
//! can ever attack a square of the other king's region.
//!
//! This widens the locked wall of `wall` (where no pawn may move at all)
//! to walls that pawns behind them, or facing pawns in an open file, can
//! still walk up to. The argument over-estimates, for each man, the set of
//! squares it could ever stand on (its *reach*), by growing the sets until
//! nothing changes:
//!
//! * a man (pawn, piece or king) is *fixed* while its reach is its own
//!   square and nothing can ever take it; a fixed man stands where it is
//!   in every future position, so it blocks lines and keeps the other
//!   side's king off the squares it attacks (a slider's line up to the
//!   first square another man may ever stand on);
//! * a piece's reach: the squares its moves lead to, one after another,
//!   with only fixed men in the way and never onto a fixed man of its
//!   own (a king also never onto a square a fixed enemy man attacks). A
//!   piece whose reach meets a square an enemy man other than the king
//!   may stand on could take that man: it is no longer counted as fixed;
//! * a pawn's reach: from each square of it, the step forward (two from
//!   its first square) unless a fixed man stands there, and a capture
//!   onto each square it attacks that some enemy man other than the king
//!   may stand on (such an enemy man is then no longer fixed either). Two
//!   pawns of one file that can neither of them ever leave it never pass
//!   each other: a pawn stops short of an enemy pawn ahead of it on its
//!   file, and short of the furthest square of its own side's pawn ahead.
//!   A pawn that could reach its last rank could become anything: the
//!   argument then gives up.
//!
//! Every real game from the position keeps every man inside its reach
//! (each move of it is one the rules above allow, given where the men
//! stood before it), so when no square of the reach of any man of the side
//! attacks a square of the other king's reach, the side never gives check
//! and never mates. When only bishops of one colour can ever attack that
//! region, the side may check but never mates where, on every square of
//! the region of the bishops' colour, the king's orthogonal neighbours in
//! its region (which no bishop attacks) are more than its own men that
//! could stand on them plus the one the mating king could cover. The
//! argument gives up on a position with an en passant capture possible
//! now, or with a castling right other than standard chess's. When only
//! pawns can ever attack that region, and no other man of the side can
//! ever attack a square from which one of them does, every check is by a
//! pawn next to the king that nothing guards: the king may take it, and
//! the side never mates ([`every_check_takes_the_pawn`]).
//!
//! When this fails and no castling right is left, the reaches are grown
//! again with one king kept off the squares where its arrival would leave
//! the other side without a legal move ([`stalemating`]): the game ends
//! on such an arrival, so no later position needs covering. It ends in
//! stalemate, or in a mate by the arriving king's side; that is never a
//! mate by the side asked about when it is the side left without a move,
//! nor, when the arriving king is its own, where none of its bishops,
//! rooks and queens could ever attack a square the other king may then
//! stand on (a king never checks, only a line it uncovers could; a pawn
//! or knight checking then would have been checking before). A king
//! that could walk round to take a pawn and free the one behind it is so
//! shown never to get there when the only way round stalemates first.

use shakmaty::{
    Bitboard, Board, Chess, Color, EnPassantMode, Position, Rank, Role, Square, attacks,
};

use super::wall::{attacks_from, piece_attacks};

/// One man: where it starts, what it is, and where it may ever stand.
#[derive(Debug, Clone)]
struct Man {
    from: Square,
    color: Color,
    role: Role,
    reach: Bitboard,
}

/// Whether `mater` can never mate from `position` because every man stays
/// in its reach (see the module): first as the reaches stand, then, with
/// no castling right left, with either king kept off the squares where
/// its arrival would end the game, leaving the other side without a
/// legal move and not in a mate by `mater` (see [`stalemating`]).
pub fn never_mates(position: &Chess, mater: Color) -> bool {
    !a_pawn_runs_free(position.board()) && argued(position, mater)
}

/// Whether a pawn of either side has no man anywhere ahead of it on its
/// file. Its reach then runs to its last rank in the first round, and the
/// argument gives up ([`pawn_reach`]: only a fixed man, standing on its
/// own square, or a pawn ahead on the file stops a step); this says so
/// before any reach is grown.
fn a_pawn_runs_free(board: &Board) -> bool {
    let occupied = board.occupied();
    board.pawns().into_iter().any(|pawn| {
        let rank = u32::from(pawn.rank());
        let ahead = if board.by_color(Color::White).contains(pawn) {
            u64::MAX.checked_shl(8 * (rank + 1)).unwrap_or(0)
        } else {
            (1 << (8 * rank)) - 1
        };
        (Bitboard::from_file(pawn.file()) & Bitboard(ahead) & occupied).is_empty()
    })
}

/// [`never_mates`] argued in full: the reaches grown, with no shortcut.
fn argued(position: &Chess, mater: Color) -> bool {
    if position.ep_square(EnPassantMode::Legal).is_some() || !standard_castling(position) {
        return false;
    }
    let board = position.board();
    let Some(their_king) = board.king_of(!mater) else {
        return false;
    };
    let proves = |barring: Option<Barring>| {
        let mut men = men_on(board);
        grow_reaches(&mut men, barring).is_some_and(|takeable| {
            never_checks_to_mate(&men, takeable, mater, their_king, barring)
        })
    };
    if proves(None) {
        return true;
    }
    if position.castles().any() {
        return false;
    }
    [!mater, mater]
        .into_iter()
        .filter(|&king| !a_man_can_step(board, !king))
        .any(|king| proves(Some(Barring { king, mater })))
}

/// Whether a man of `color` other than its king has a move on `board`
/// now, pins aside: a pawn's step to an empty square or capture of an
/// enemy man other than the king, a piece's move to a square that holds
/// no man of its own and no king. Such a man is never fixed (its reach
/// holds that square from the first round on), so no square can leave
/// `color` without a move ([`stalemating`]) and the round with a barred
/// king is not worth growing.
fn a_man_can_step(board: &Board, color: Color) -> bool {
    let occupied = board.occupied();
    let forward = match color {
        Color::White => 8,
        Color::Black => -8,
    };
    let takeable = board.by_color(!color) & !board.kings();
    (board.by_color(color) & !board.kings())
        .into_iter()
        .any(|from| match board.role_at(from) {
            Some(Role::Pawn) => {
                from.offset(forward)
                    .is_some_and(|step| !occupied.contains(step))
                    || (attacks::pawn_attacks(color, from) & takeable).any()
            }
            Some(role) => {
                (piece_attacks(role, from, occupied) & !board.by_color(color) & !board.kings())
                    .any()
            }
            None => false,
        })
}

/// Whether, the reaches grown, no man of `mater` ever attacks a square of
/// the reach of the other king (on `their_king`), or only pawns do and
/// the king may always take the one that checks (see
/// [`every_check_takes_the_pawn`]), or only bishops of one colour do and
/// no square of it can be a mate (see [`no_square_can_be_mate`]).
fn never_checks_to_mate(
    men: &[Man],
    takeable: Bitboard,
    mater: Color,
    their_king: Square,
    barring: Option<Barring>,
) -> bool {
    let fixed = fixed_men(men, takeable, barring.map(|barring| barring.king));
    let Some(king_region) = men
        .iter()
        .find(|man| man.from == their_king)
        .map(|man| man.reach)
    else {
        return false;
    };
    let attackers = attackers_of(men, mater, king_region, fixed);
    let Some(first) = attackers.first() else {
        return true;
    };
    if every_check_takes_the_pawn(men, &attackers, king_region, fixed) {
        return true;
    }
    let light = first.from.is_light();
    if attackers
        .iter()
        .any(|man| man.role != Role::Bishop || man.from.is_light() != light)
    {
        return false;
    }
    let mater_king = men
        .iter()
        .find(|man| man.color == mater && man.role == Role::King)
        .map_or(Bitboard::EMPTY, |man| man.reach);
    let helpers: Vec<Bitboard> = men
        .iter()
        .filter(|man| man.color != mater && man.role != Role::King)
        .map(|man| man.reach)
        .collect();
    no_square_can_be_mate(king_region, light, mater_king, &helpers)
}

/// Whether the men that may attack the other king's region `king_region`
/// (`attackers`) are all pawns, and none of them could ever be defended
/// on a square from which it attacks that region: no other man of its
/// side attacks such a square from anywhere in its reach, lines stopping
/// at fixed men only. A king in check from such a pawn stands next to it
/// and may always take it: nothing else attacks the pawn's square, not
/// even along a line through the king's own square (such a line would
/// reach the king's region and make its piece one of `attackers`). So no
/// check is mate.
fn every_check_takes_the_pawn(
    men: &[Man],
    attackers: &[&Man],
    king_region: Bitboard,
    fixed: Fixed,
) -> bool {
    if attackers.iter().any(|man| man.role != Role::Pawn) {
        return false;
    }
    let mater = attackers[0].color;
    let covers: Vec<(Square, Bitboard)> = men
        .iter()
        .filter(|man| man.color == mater)
        .map(|man| {
            let cover = attacks_from(man.role, mater, man.reach, fixed.all);
            (man.from, cover)
        })
        .collect();
    attackers.iter().all(|pawn| {
        let checking: Bitboard = pawn
            .reach
            .into_iter()
            .filter(|&square| (attacks::pawn_attacks(mater, square) & king_region).any())
            .collect();
        covers
            .iter()
            .all(|&(from, cover)| from == pawn.from || (cover & checking).is_empty())
    })
}

/// Which king is kept off the squares where its arrival would end the
/// game, and the side asked about (whose mate that last position must
/// not be).
#[derive(Debug, Clone, Copy)]
struct Barring {
    king: Color,
    mater: Color,
}

/// The squares one king is kept off while the reaches grow: those where
/// it would leave the other side without a legal move (see
/// [`stalemating`]).
#[derive(Debug, Clone, Copy)]
struct Barred {
    king: Color,
    squares: Bitboard,
}

impl Barred {
    fn for_king(barred: Option<Barred>, color: Color) -> Bitboard {
        match barred {
            Some(barred) if barred.king == color => barred.squares,
            _ => Bitboard::EMPTY,
        }
    }
}

/// The squares on which the king of the side other than `stuck`, arriving
/// there, leaves `stuck` without a legal move, given the reaches and
/// fixed men of a round (in which that king is never counted as fixed),
/// and, with `lines`, where the step there can uncover no check.
///
/// The men of `stuck` other than its king must all be fixed: they never
/// move, and what keeps them from moving (fixed men in the way, no enemy
/// man other than the king that could stand where a pawn takes) is still
/// there once the other king has moved, since that king never counts as
/// fixed. `stuck` has no castling right (the caller's test). Its king
/// stands on a square of its reach, and every legal move of it leads to a
/// square of its reach next to it: the king steps only onto squares no
/// fixed enemy man attacks, and an enemy line stops short only at a
/// square some man may stand on, these squares included. So where, for
/// each square of its reach not next to the square in question, every
/// square of the reach next to it is also next to that square (which the
/// other king then attacks), `stuck` has no move once that king arrives,
/// and the game ends there: in stalemate, or in a mate given by the other
/// side when the king's step uncovers a check ([`Lines`] rules that out
/// where it must). Every other position of a game stays in the reaches
/// grown with the king kept off these squares.
fn stalemating(men: &[Man], stuck: Color, fixed: Fixed, lines: Option<&Lines>) -> Bitboard {
    let mut king = None;
    for man in men.iter().filter(|man| man.color == stuck) {
        if man.role == Role::King {
            king = Some(man.reach);
        } else if !fixed.of(stuck).contains(man.from) {
            return Bitboard::EMPTY;
        }
    }
    let Some(region) = king else {
        return Bitboard::EMPTY;
    };
    let mut squares = Bitboard::EMPTY;
    for square in Bitboard::FULL {
        let around = attacks::king_attacks(square) | Bitboard::from(square);
        let standing = region & !around;
        let shut = standing
            .into_iter()
            .all(|from| (attacks::king_attacks(from) & region & !around).is_empty());
        let no_check = lines.is_none_or(|lines| {
            standing
                .into_iter()
                .all(|target| !lines.could_uncover(square, target))
        });
        if shut && no_check {
            squares.add(square);
        }
    }
    squares
}

/// Where the lines of the side whose king steps could uncover a check: the
/// squares its bishops and queens may stand on, those its rooks and
/// queens may stand on, those its king may stand on, and the fixed men,
/// which stop every line.
///
/// A king never gives check itself, and a pawn or knight giving check
/// after a king's step would have been giving it before, with its own
/// side to move, which no game reaches. A check after the step is
/// uncovered: a line from a bishop, rook or queen that runs through the
/// square the king left.
#[derive(Debug, Clone, Copy)]
struct Lines {
    diagonal: Bitboard,
    straight: Bitboard,
    king: Bitboard,
    fixed: Bitboard,
}

impl Lines {
    /// The lines of the side `color`, from the reaches of its men.
    fn of(men: &[Man], color: Color, fixed: Fixed) -> Lines {
        let mut lines = Lines {
            diagonal: Bitboard::EMPTY,
            straight: Bitboard::EMPTY,
            king: Bitboard::EMPTY,
            fixed: fixed.all,
        };
        for man in men.iter().filter(|man| man.color == color) {
            match man.role {
                Role::Bishop => lines.diagonal |= man.reach,
                Role::Rook => lines.straight |= man.reach,
                Role::Queen => {
                    lines.diagonal |= man.reach;
                    lines.straight |= man.reach;
                }
                Role::King => lines.king |= man.reach,
                Role::Pawn | Role::Knight => {}
            }
        }
        lines
    }

    /// Whether the king's step onto `arrival` could uncover a check on
    /// `target`: from a square next to `arrival` it may stand on, in line
    /// with `target`, with a man of the right kind able to stand further
    /// along that line and no fixed man in between.
    fn could_uncover(&self, arrival: Square, target: Square) -> bool {
        (attacks::king_attacks(arrival) & self.king)
            .into_iter()
            .any(|left| {
                let sliders = if attacks::bishop_attacks(target, Bitboard::EMPTY).contains(left) {
                    self.diagonal
                } else if attacks::rook_attacks(target, Bitboard::EMPTY).contains(left) {
                    self.straight
                } else {
                    Bitboard::EMPTY
                };
                (attacks::ray(target, left) & sliders)
                    .into_iter()
                    .any(|slider| {
                        let between = attacks::between(target, slider);
                        between.contains(left) && (between & self.fixed).is_empty()
                    })
            })
    }
}

/// Every man on `board`, its reach its own square.
fn men_on(board: &Board) -> Vec<Man> {
    board
        .occupied()
        .into_iter()
        .filter_map(|square| {
            let piece = board.piece_at(square)?;
            Some(Man {
                from: square,
                color: piece.color,
                role: piece.role,
                reach: Bitboard::from(square),
            })
        })
        .collect()
}

/// Grows every man's reach until nothing changes; gives the men other
/// than kings (by their first square) that some man could take, or `None`
/// when a pawn could reach its last rank.
///
/// With `barring`, its king is kept off the squares where it would leave
/// the other side without a legal move ([`stalemating`]; when the king is
/// the mater's, also out of reach of the mater's lines, so that the end
/// is no mate by the mater), and is never counted as fixed.
fn grow_reaches(men: &mut [Man], barring: Option<Barring>) -> Option<Bitboard> {
    let mut takeable = Bitboard::EMPTY;
    loop {
        let before: Vec<Bitboard> = men.iter().map(|man| man.reach).collect();
        let takeable_before = takeable;
        let fixed = fixed_men(men, takeable, barring.map(|barring| barring.king));
        let barred = barring.map(|Barring { king, mater }| {
            let lines = (king == mater).then(|| Lines::of(men, mater, fixed));
            Barred {
                king,
                squares: stalemating(men, !king, fixed, lines.as_ref()),
            }
        });
        // Pawns first: one that reaches its last rank ends the round, and
        // the argument, before any piece's reach is grown.
        for index in 0..men.len() {
            if men[index].role == Role::Pawn {
                men[index].reach = pawn_reach(men, index, fixed, takeable)?;
            }
        }
        for index in 0..men.len() {
            if men[index].role != Role::Pawn {
                men[index].reach = piece_reach(men, index, fixed, barred);
            }
        }
        takeable |= now_takeable(men);
        let after: Vec<Bitboard> = men.iter().map(|man| man.reach).collect();
        if after == before && takeable == takeable_before {
            return Some(takeable);
        }
    }
}

/// Men other than kings that some enemy man may take, given the reaches:
/// a piece or king that may step where the man may stand, or a pawn that
/// may attack such a square (a pawn takes only diagonally).
fn now_takeable(men: &[Man]) -> Bitboard {
    let mut takers = [Bitboard::EMPTY; 2];
    for other in men {
        takers[other.color as usize] |= match other.role {
            Role::Pawn => attacks_from(Role::Pawn, other.color, other.reach, Bitboard::EMPTY),
            _ => other.reach,
        };
    }
    let mut takeable = Bitboard::EMPTY;
    for man in men.iter().filter(|man| man.role != Role::King) {
        if (takers[(!man.color) as usize] & man.reach).any() {
            takeable.add(man.from);
        }
    }
    takeable
}

/// The men of `mater` that may ever attack a square of `king_region`, the
/// squares the other king may stand on.
fn attackers_of(men: &[Man], mater: Color, king_region: Bitboard, fixed: Fixed) -> Vec<&Man> {
    men.iter()
        .filter(|man| man.color == mater && man.role != Role::King)
        .filter(|man| {
            man.reach.into_iter().any(|square| {
                let hits = match man.role {
                    Role::Pawn => attacks::pawn_attacks(mater, square),
                    role => piece_attacks(role, square, fixed.all),
                };
                (hits & king_region).any()
            })
        })
        .collect()
}

/// Whether every castling right is one of standard chess (king on its
/// e-square, rook in the corner): the king's two-square step and the
/// rook's jump over it then pass only squares that must be empty (and
/// unattacked for the king), which the step-by-step reach already covers.
/// Chess960 rights can move a rook through its own king: we give up.
fn standard_castling(position: &Chess) -> bool {
    let board = position.board();
    let corners = Bitboard::from(Square::A1)
        | Bitboard::from(Square::H1)
        | Bitboard::from(Square::A8)
        | Bitboard::from(Square::H8);
    let rights = position.castles().castling_rights();
    let king_home = |rank: Rank, color: Color, home: Square| {
        (rights & Bitboard::from_rank(rank)).is_empty() || board.king_of(color) == Some(home)
    };
    (rights & !corners).is_empty()
        && king_home(Rank::First, Color::White, Square::E1)
        && king_home(Rank::Eighth, Color::Black, Square::E8)
}

/// Whether, when only bishops on squares of one colour (`light` or dark)
/// can ever attack the other king's region `king_region`, no square of
/// the region can be a checkmate: on each square of the bishops' colour,
/// the king's orthogonal neighbours in its region (squares no bishop
/// attacks) outnumber the men of its side that may stand on one of them
/// plus the one the mating king (whose region is `mater_king`) could
/// cover. A mate there needs each such neighbour taken: by a man of the
/// king's own side standing on it, or by the mating king, which, never
/// next to the mated king, covers at most one of them.
fn no_square_can_be_mate(
    king_region: Bitboard,
    light: bool,
    mater_king: Bitboard,
    helpers: &[Bitboard],
) -> bool {
    king_region
        .into_iter()
        .filter(|square| square.is_light() == light)
        .all(|square| {
            let beside =
                attacks::king_attacks(square) & attacks::rook_attacks(square, Bitboard::FULL);
            let escapes = beside & king_region;
            let covering = escapes.into_iter().fold(Bitboard::EMPTY, |all, escape| {
                all | attacks::king_attacks(escape)
            }) & !attacks::king_attacks(square)
                & !Bitboard::from(square);
            let king = usize::from((mater_king & covering).any());
            let blockers = helpers
                .iter()
                .filter(|region| (**region & escapes).any())
                .count();
            escapes.count() > blockers + king
        })
}

/// The fixed men (pawns, pieces and kings) of each colour and of both: a
/// man is fixed while its reach is its own square and no enemy man could
/// take it (a king is never taken), so it stands there in every position
/// the game reaches.
#[derive(Debug, Clone, Copy)]
struct Fixed {
    white: Bitboard,
    black: Bitboard,
    all: Bitboard,
}

impl Fixed {
    fn of(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}

/// The fixed men given the reaches and the men that may be taken; the
/// king of `unfixed_king`'s side, when barred from squares, never counts.
fn fixed_men(men: &[Man], takeable: Bitboard, unfixed_king: Option<Color>) -> Fixed {
    let mut fixed = Fixed {
        white: Bitboard::EMPTY,
        black: Bitboard::EMPTY,
        all: Bitboard::EMPTY,
    };
    for man in men {
        let unfixed = man.role == Role::King && unfixed_king == Some(man.color);
        if man.reach == Bitboard::from(man.from) && !takeable.contains(man.from) && !unfixed {
            match man.color {
                Color::White => fixed.white.add(man.from),
                Color::Black => fixed.black.add(man.from),
            }
            fixed.all.add(man.from);
        }
    }
    fixed
}

/// The reach of the piece (not a pawn) `men[index]` given the fixed men.
fn piece_reach(men: &[Man], index: usize, fixed: Fixed, barred: Option<Barred>) -> Bitboard {
    let man = &men[index];
    let own = fixed.of(man.color);
    let guarded = if man.role == Role::King {
        guarded_from_king(men, index, fixed, barred) | Barred::for_king(barred, man.color)
    } else {
        Bitboard::EMPTY
    };
    // Grown a step at a time (see [`attacks_from`]).
    let mut reach = Bitboard::from(man.from);
    let mut newest = reach;
    while newest.any() {
        newest = attacks_from(man.role, man.color, newest, fixed.all) & !reach & !own & !guarded;
        reach |= newest;
    }
    reach
}

/// The squares the king `men[index]` may never step onto: those a fixed
/// enemy man attacks in every position. A slider's line counts only up to
/// the first square some man other than this king may ever stand on
/// (that square included): the squares before it are always empty.
fn guarded_from_king(men: &[Man], index: usize, fixed: Fixed, barred: Option<Barred>) -> Bitboard {
    let king = &men[index];
    let mut anyone = barred.map_or(Bitboard::EMPTY, |barred| barred.squares);
    for (other, man) in men.iter().enumerate() {
        if other != index {
            anyone |= man.reach;
        }
    }
    let mut guarded = Bitboard::EMPTY;
    for man in men {
        if man.color == king.color || !fixed.all.contains(man.from) {
            continue;
        }
        guarded |= match man.role {
            Role::Pawn => attacks::pawn_attacks(man.color, man.from),
            role => piece_attacks(role, man.from, anyone),
        };
    }
    guarded
}

/// The reach of the pawn `men[index]`, or `None` when it could reach its
/// last rank.
fn pawn_reach(men: &[Man], index: usize, fixed: Fixed, takeable: Bitboard) -> Option<Bitboard> {
    let pawn = &men[index];
    let forward: i32 = match pawn.color {
        Color::White => 8,
        Color::Black => -8,
    };
    let last = match pawn.color {
        Color::White => Rank::Eighth,
        Color::Black => Rank::First,
    };
    let first_step_rank = match pawn.color {
        Color::White => Rank::Second,
        Color::Black => Rank::Seventh,
    };
    let limit = file_limit(men, index, takeable);
    let blocked = fixed.all | limit;
    let enemies_stand = men
        .iter()
        .filter(|other| other.color != pawn.color && other.role != Role::King)
        .fold(Bitboard::EMPTY, |squares, other| squares | other.reach);
    // Grown a step at a time (see [`attacks_from`]).
    let mut reach = pawn.reach;
    let mut newest = reach;
    while newest.any() {
        let mut moves = Bitboard::EMPTY;
        for square in newest {
            if let Some(step) = square.offset(forward)
                && !blocked.contains(step)
            {
                moves.add(step);
                if square.rank() == first_step_rank
                    && let Some(double) = step.offset(forward)
                    && !blocked.contains(double)
                {
                    moves.add(double);
                }
            }
            moves |= attacks::pawn_attacks(pawn.color, square) & enemies_stand;
        }
        if (moves & Bitboard::from_rank(last)).any() {
            return None;
        }
        newest = moves & !reach;
        reach |= newest;
    }
    Some(reach)
}

/// The squares of its file the pawn `men[index]` can never reach because
/// of another pawn of the file ahead of it, when neither can ever leave
/// the file (and the other cannot be taken): an enemy pawn's square and
/// everything beyond it, or the furthest square of an own pawn and
/// everything beyond it.
fn file_limit(men: &[Man], index: usize, takeable: Bitboard) -> Bitboard {
    let pawn = &men[index];
    let file = Bitboard::from_file(pawn.from.file());
    if (pawn.reach & !file).any() {
        return Bitboard::EMPTY;
    }
    let ahead = |square: Square| match pawn.color {
        Color::White => square.rank() > pawn.from.rank(),
        Color::Black => square.rank() < pawn.from.rank(),
    };
    let mut limit = Bitboard::EMPTY;
    for other in men {
        if other.role != Role::Pawn
            || other.from == pawn.from
            || (other.reach & !file).any()
            || !file.contains(other.from)
            || takeable.contains(other.from)
            || !ahead(other.from)
        {
            continue;
        }
        let stop = if other.color == pawn.color {
            // The own pawn's furthest square.
            let furthest = match pawn.color {
                Color::White => other.reach.into_iter().max_by_key(|s| s.rank()),
                Color::Black => other.reach.into_iter().min_by_key(|s| s.rank()),
            };
            furthest.unwrap_or(other.from)
        } else {
            other.from
        };
        for square in file {
            let beyond = match pawn.color {
                Color::White => square.rank() >= stop.rank(),
                Color::Black => square.rank() <= stop.rank(),
            };
            if beyond {
                limit.add(square);
            }
        }
    }
    limit
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{Dice, position, position_in};
    use shakmaty::CastlingMode;

    /// The shortcut changes no answer: wherever a pawn runs free, the
    /// argument in full proves nothing either, for either side, on the
    /// positions of random games from structures of blocked and free
    /// pawns (and the argument still proves where no pawn runs free).
    #[test]
    fn a_pawn_that_runs_free_leaves_the_argument_nothing_to_prove() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k3/8/1p1p1p1p/1P1P1P1P/8/8/8/4K3 w - - 0 1",
            "4k3/p7/1p1p1p2/1P1P1P1p/7P/8/8/4K2B w - - 0 1",
            "8/4k3/2p1p1p1/p1P1P1P1/P7/8/3K4/8 b - - 0 1",
            // Pawns that may step but meet a pawn further up the file.
            "4k3/8/1p1p1p1p/1P1P1P1P/8/8/1P6/4K3 w - - 0 1",
        ];
        let mut dice = Dice(0x2545_f491_4f6c_dd1d);
        let (mut free, mut proved) = (0, 0);
        for fen in starts {
            for _game in 0..30 {
                let mut at = position(fen);
                for _ply in 0..60 {
                    for mater in [Color::White, Color::Black] {
                        let full = argued(&at, mater);
                        if a_pawn_runs_free(at.board()) {
                            assert!(!full, "{mater:?} in {at:?}");
                            free += 1;
                        }
                        proved += usize::from(full);
                    }
                    let legal = at.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    at.play_unchecked(legal[dice.roll(legal.len())]);
                }
            }
        }
        // How often the assertion ran, and how often the argument proved.
        println!("{free} sides with a pawn running free; {proved} sides proved");
        assert!(free > 1_000 && proved > 100, "{free} {proved}");
    }

    #[test]
    fn pawns_that_run_free_and_pawns_that_do_not() {
        // White's b-pawn has nothing ahead; so has Black's h-pawn.
        assert!(a_pawn_runs_free(
            position("4k3/8/8/8/8/8/1P6/4K3 w - - 0 1").board()
        ));
        assert!(a_pawn_runs_free(
            position("4k3/8/8/7p/8/8/8/4K3 w - - 0 1").board()
        ));
        // Blocked by a man of either side, anywhere ahead on the file.
        assert!(!a_pawn_runs_free(
            position("1n2k3/8/8/8/8/8/1P6/4K3 w - - 0 1").board()
        ));
        assert!(!a_pawn_runs_free(
            position("4k3/8/8/7p/8/8/7B/4K3 w - - 0 1").board()
        ));
        assert!(!a_pawn_runs_free(
            position("4k3/8/8/1p6/1P6/8/8/4K3 w - - 0 1").board()
        ));
        assert!(!a_pawn_runs_free(
            position("4k3/8/8/8/8/8/8/4K3 w - - 0 1").board()
        ));
    }

    #[test]
    fn castling_rights_of_standard_chess_only() {
        let standard = position_in(
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            CastlingMode::Standard,
        );
        assert!(standard_castling(&standard));
        let none = position_in("4k3/8/8/8/8/8/8/4K3 w - - 0 1", CastlingMode::Standard);
        assert!(standard_castling(&none));
        // King on g1 between rooks on b1 and h1: a Chess960 setup.
        let chess960 = position_in(
            "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1",
            CastlingMode::Chess960,
        );
        assert!(!standard_castling(&chess960));
        // The rooks in the corners, the king elsewhere: still Chess960.
        let king_on_b = position_in("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", CastlingMode::Chess960);
        assert!(!standard_castling(&king_on_b));
    }
}
