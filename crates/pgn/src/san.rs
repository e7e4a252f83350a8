//! A move's SAN turned into the move, with exactly the answers of
//! shakmaty's [`San::to_move`] but without generating the legal moves.
//!
//! A replay resolves one SAN per ply, and shakmaty does it by generating a
//! list of candidate moves and filtering it. Here the few men that could
//! make the move are found from the attack tables, filtered by the SAN's
//! file, rank, capture mark and promotion, and each survivor is checked for
//! legality by the one test that decides it for a move that is not castling:
//! after the move, no man of the other side attacks the mover's king. One
//! survivor is the move; none is [`SanError::IllegalSan`]; more are
//! [`SanError::AmbiguousSan`], as with shakmaty. Castling, drops and null
//! moves are left to shakmaty. The tests hold the two to the same answer on
//! every SAN form of every legal move of real games, and on every
//! (role, square, capture, promotion) of many positions.

use shakmaty::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks,
    rook_attacks,
};
use shakmaty::san::{San, SanError};
use shakmaty::{Bitboard, Chess, Move, Piece, Position, Rank, Role, Square};

/// The move `san` names in `position`, or why there is none: the same
/// answer as `san.to_move(position)`.
pub(crate) fn to_move(san: &San, position: &Chess) -> Result<Move, SanError> {
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = *san
    else {
        return san.to_move(position);
    };
    let board = position.board();
    let us = position.turn();
    let Some(king) = board.king_of(us) else {
        return san.to_move(position);
    };
    if board.by_color(us).contains(to) {
        return Err(SanError::IllegalSan);
    }
    let mut found = Found::default();
    let mut consider = |from: Square, mv: Move, gone: Option<Square>| {
        if file.is_none_or(|f| f == from.file())
            && rank.is_none_or(|r| r == from.rank())
            && king_safe_after(position, king, from, to, gone)
        {
            found.add(mv);
        }
    };
    if role == Role::Pawn {
        pawn_moves(position, to, capture, promotion, &mut consider)?;
    } else {
        piece_moves(position, role, to, capture, promotion, &mut consider)?;
    }
    found.into_result()
}

/// Hands to `consider` every pawn move to `to` that the SAN's capture mark
/// and promotion allow, whatever file or rank it names, as `consider(from,
/// move, taken)`, `taken` being the square of the man it takes, if any; an
/// error when they rule out every pawn move.
fn pawn_moves(
    position: &Chess,
    to: Square,
    capture: bool,
    promotion: Option<Role>,
    consider: &mut impl FnMut(Square, Move, Option<Square>),
) -> Result<(), SanError> {
    let board = position.board();
    let us = position.turn();
    let last = to.rank() == us.fold_wb(Rank::Eighth, Rank::First);
    let promotes = matches!(
        promotion,
        Some(Role::Knight | Role::Bishop | Role::Rook | Role::Queen)
    );
    if last != promotes || (promotion.is_some() && !promotes) {
        return Err(SanError::IllegalSan);
    }
    let pawns = board.by_piece(Piece {
        color: us,
        role: Role::Pawn,
    });
    if capture {
        pawn_captures(position, pawns, to, promotion, consider);
    } else if board.role_at(to).is_none() {
        pawn_pushes(position, pawns, to, promotion, consider);
    }
    Ok(())
}

/// Hands to `consider` the captures of `pawns` on `to`, en passant
/// included.
fn pawn_captures(
    position: &Chess,
    pawns: Bitboard,
    to: Square,
    promotion: Option<Role>,
    consider: &mut impl FnMut(Square, Move, Option<Square>),
) {
    let froms = pawn_attacks(!position.turn(), to) & pawns;
    if let Some(victim) = position.board().role_at(to) {
        for from in froms {
            let mv = Move::Normal {
                role: Role::Pawn,
                from,
                capture: Some(victim),
                to,
                promotion,
            };
            consider(from, mv, Some(to));
        }
    } else if position.maybe_ep_square() == Some(to) {
        for from in froms {
            let passed = Square::from_coords(to.file(), from.rank());
            consider(from, Move::EnPassant { from, to }, Some(passed));
        }
    }
}

/// Hands to `consider` the push of one of `pawns` to the empty square
/// `to`: one square, or two from the pawn's first rank.
fn pawn_pushes(
    position: &Chess,
    pawns: Bitboard,
    to: Square,
    promotion: Option<Role>,
    consider: &mut impl FnMut(Square, Move, Option<Square>),
) {
    let us = position.turn();
    let back = us.fold_wb(-8, 8);
    let Some(one) = to.offset(back) else {
        return;
    };
    let push = |from: Square| Move::Normal {
        role: Role::Pawn,
        from,
        capture: None,
        to,
        promotion,
    };
    if pawns.contains(one) {
        consider(one, push(one), None);
    } else if !position.board().occupied().contains(one)
        && to.rank() == us.fold_wb(Rank::Fourth, Rank::Fifth)
        && let Some(two) = one.offset(back).filter(|two| pawns.contains(*two))
    {
        consider(two, push(two), None);
    }
}

/// Hands to `consider` every move of a man of `role` (not a pawn) to `to`
/// with nothing standing between, whatever file or rank the SAN names; an
/// error when the capture mark or a promotion rules them all out.
fn piece_moves(
    position: &Chess,
    role: Role,
    to: Square,
    capture: bool,
    promotion: Option<Role>,
    consider: &mut impl FnMut(Square, Move, Option<Square>),
) -> Result<(), SanError> {
    let board = position.board();
    let taken = board.role_at(to);
    if promotion.is_some() || capture != taken.is_some() {
        return Err(SanError::IllegalSan);
    }
    let piece = Piece {
        color: position.turn(),
        role,
    };
    // The men of that kind on a line to the square (attack tables of an
    // empty board, small and cached), then the ones with nothing standing
    // between.
    let lines = match role {
        Role::Knight => knight_attacks(to),
        Role::Bishop => bishop_attacks(to, Bitboard::EMPTY),
        Role::Rook => rook_attacks(to, Bitboard::EMPTY),
        Role::Queen => queen_attacks(to, Bitboard::EMPTY),
        Role::King | Role::Pawn => king_attacks(to),
    };
    let froms = (lines & board.by_piece(piece))
        .into_iter()
        .filter(|&from| (between(from, to) & board.occupied()).is_empty());
    for from in froms {
        let mv = Move::Normal {
            role,
            from,
            capture: taken,
            to,
            promotion: None,
        };
        consider(from, mv, taken.map(|_| to));
    }
    Ok(())
}

/// The legal moves that match, as far as it matters: none, one, or more.
#[derive(Default)]
struct Found {
    first: Option<Move>,
    more: bool,
}

impl Found {
    fn add(&mut self, mv: Move) {
        if self.first.is_some() {
            self.more = true;
        } else {
            self.first = Some(mv);
        }
    }

    fn into_result(self) -> Result<Move, SanError> {
        match (self.first, self.more) {
            (Some(mv), false) => Ok(mv),
            (Some(_), true) => Err(SanError::AmbiguousSan),
            (None, _) => Err(SanError::IllegalSan),
        }
    }
}

/// Whether the mover's king (on `king` before the move) stands unattacked
/// after the man on `from` goes to `to`, the man on `gone` (if any) being
/// taken: the legality of a move that is not castling.
fn king_safe_after(
    position: &Chess,
    king: Square,
    from: Square,
    to: Square,
    gone: Option<Square>,
) -> bool {
    let board = position.board();
    let us = position.turn();
    let king = if from == king { to } else { king };
    let mut occupied = board.occupied();
    occupied.discard(from);
    let mut them = board.by_color(!us);
    if let Some(gone) = gone {
        occupied.discard(gone);
        them.discard(gone);
    }
    occupied.add(to);
    let near = (knight_attacks(king) & board.knights())
        | (king_attacks(king) & board.kings())
        | (pawn_attacks(us, king) & board.pawns());
    if (near & them).any() {
        return false;
    }
    // A slider can attack only along a line it stands on (a lookup in the
    // small table of an empty board), so the real lookup is made only then.
    let rooks = board.rooks_and_queens() & them;
    let bishops = board.bishops_and_queens() & them;
    let rook_line = (rook_attacks(king, Bitboard::EMPTY) & rooks).any();
    let bishop_line = (bishop_attacks(king, Bitboard::EMPTY) & bishops).any();
    (!rook_line || (rook_attacks(king, occupied) & rooks).is_empty())
        && (!bishop_line || (bishop_attacks(king, occupied) & bishops).is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Games;
    use shakmaty::{File, fen::Fen};

    /// The positions of every game of a PGN text, each game replayed from
    /// its own start.
    fn positions_of(text: &[u8]) -> Vec<Chess> {
        let mut positions = Vec::new();
        for game in Games::new(text) {
            let game = game.expect("readable");
            let mut position = game.start().expect("a start").position().clone();
            positions.push(position.clone());
            for san in &game.moves {
                let mv = san.san.to_move(&position).expect("legal");
                position.play_unchecked(mv);
                positions.push(position.clone());
            }
        }
        positions
    }

    /// The positions of 300 generated games (FEN starts, Chess960,
    /// repetitions, en passant set-ups).
    fn generated_positions() -> Vec<Chess> {
        positions_of(drawrules_scenario::pgn_text::generated_pgn(300, 29).as_bytes())
    }

    /// The positions of the Lichess sample of the shared collection.
    fn real_positions() -> Vec<Chess> {
        let sample = drawrules_scenario::shared::lichess_sample().expect("the shared games");
        positions_of(sample.as_bytes())
    }

    /// Positions where the rare cases live: en passant (usable, pinned,
    /// through a discovered check), promotions with and without capture,
    /// pins, double check, a king next to the other's pawns.
    fn corner_positions() -> Vec<Chess> {
        [
            "4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 2",
            "8/8/8/K1Pp3r/8/8/8/4k3 w - d6 0 2",
            "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1",
            "4k3/8/8/3pP3/8/8/8/4K2b w - d6 0 2",
            "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
            "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1",
            "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
            "4k3/8/8/8/1b6/8/3N4/r3K3 w - - 0 1",
            "4k3/8/5n2/8/1b6/8/3N4/4K3 w - - 0 1",
            "3qk3/8/8/8/8/8/3PPP2/3QKB2 w - - 0 1",
            "4k3/8/8/8/8/2n5/3P4/4K3 w - - 0 1",
            "8/8/3k4/8/1N3N2/8/1N3N2/4K3 w - - 0 1",
            "3k4/8/8/8/1Q3Q2/8/1Q3Q2/4K3 w - - 0 1",
            "4k3/8/8/8/8/5p2/4P3/4K3 w - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "8/8/3p4/1Pp4r/1K3p2/6k1/4P1P1/1R6 w - c6 0 3",
        ]
        .iter()
        .map(|fen| {
            fen.parse::<Fen>()
                .expect("fen")
                .into_position(shakmaty::CastlingMode::Standard)
                .expect("legal")
        })
        .collect()
    }

    fn same(san: &San, position: &Chess) {
        assert_eq!(
            to_move(san, position),
            san.to_move(position),
            "{san} in {}",
            shakmaty::fen::Fen::from_position(position, shakmaty::EnPassantMode::Always)
        );
    }

    /// Every legal move in every SAN form: minimal, with the file, the
    /// rank, both, a wrong file or rank, the capture mark flipped, and the
    /// promotion changed.
    fn every_form_of_every_move(position: &Chess) -> usize {
        let mut checked = 0;
        for mv in position.legal_moves() {
            let San::Normal {
                role,
                capture,
                to,
                promotion,
                ..
            } = San::from_move(position, mv)
            else {
                continue;
            };
            let from = mv.from().expect("a normal move");
            let files = [
                None,
                Some(from.file()),
                Some(File::new((u32::from(from.file()) + 1) % 8)),
            ];
            let ranks = [
                None,
                Some(from.rank()),
                Some(Rank::new((u32::from(from.rank()) + 3) % 8)),
            ];
            for file in files {
                for rank in ranks {
                    for capture in [capture, !capture] {
                        for promotion in [promotion, None, Some(Role::Queen), Some(Role::King)] {
                            let san = San::Normal {
                                role,
                                file,
                                rank,
                                capture,
                                to,
                                promotion,
                            };
                            same(&san, position);
                            checked += 1;
                        }
                    }
                }
            }
        }
        checked
    }

    /// Every role, target square, capture mark and promotion, undisambiguated.
    fn every_target(position: &Chess) -> usize {
        let mut checked = 0;
        for role in Role::ALL {
            for to in Square::ALL {
                for capture in [false, true] {
                    for promotion in [
                        None,
                        Some(Role::Knight),
                        Some(Role::Queen),
                        Some(Role::King),
                    ] {
                        let san = San::Normal {
                            role,
                            file: None,
                            rank: None,
                            capture,
                            to,
                            promotion,
                        };
                        same(&san, position);
                        checked += 1;
                    }
                }
            }
        }
        checked
    }

    #[test]
    fn every_san_form_of_every_move_of_generated_games_resolves_as_shakmaty_does() {
        let positions = generated_positions();
        let checked: usize = positions.iter().map(every_form_of_every_move).sum();
        println!("{} positions, {checked} SANs", positions.len());
        assert!(positions.len() > 20_000, "{}", positions.len());
    }

    #[test]
    fn every_target_of_sampled_generated_positions_resolves_as_shakmaty_does() {
        let positions = generated_positions();
        let checked: usize = positions.iter().step_by(40).map(every_target).sum();
        assert!(checked > 1_000_000, "{checked}");
    }

    #[test]
    #[ignore = "needs ../shared/data"]
    fn every_san_form_of_every_move_of_real_games_resolves_as_shakmaty_does() {
        let positions = real_positions();
        let checked: usize = positions.iter().map(every_form_of_every_move).sum();
        println!("{} positions, {checked} SANs", positions.len());
        assert!(positions.len() > 24_000, "{}", positions.len());
    }

    #[test]
    #[ignore = "needs ../shared/data"]
    fn every_target_of_sampled_real_positions_resolves_as_shakmaty_does() {
        let positions = real_positions();
        let checked: usize = positions.iter().step_by(40).map(every_target).sum();
        assert!(checked > 1_000_000, "{checked}");
    }

    #[test]
    fn corner_positions_resolve_as_shakmaty_does() {
        for position in corner_positions() {
            every_form_of_every_move(&position);
            every_target(&position);
        }
    }

    #[test]
    fn the_rare_answers_are_given() {
        let position = &corner_positions()[11];
        let ambiguous: San = "Nd3".parse().expect("san");
        assert_eq!(to_move(&ambiguous, position), Err(SanError::AmbiguousSan));
        let pinned = &corner_positions()[6];
        let san: San = "Nf3".parse().expect("san");
        assert_eq!(to_move(&san, pinned), Err(SanError::IllegalSan));
        let through_check = &corner_positions()[1];
        let san: San = "cxd6".parse().expect("san");
        assert_eq!(to_move(&san, through_check), Err(SanError::IllegalSan));
        let usable = &corner_positions()[0];
        assert!(matches!(to_move(&san, usable), Ok(Move::EnPassant { .. })));
    }
}
