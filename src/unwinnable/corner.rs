//! A helpmate by a side with little left to mate with (no queen, no rook),
//! looked for by walking both sides toward one mating picture: the other
//! king in a corner, its own men on the squares beside it, the mating king
//! two squares up the edge, and a minor piece checking from afar.
//!
//! A bishop or a knight mates a king in the corner only when the king's
//! own men take its flight squares; the best-first search of `helpmate`,
//! which rates positions by how hemmed in the king already is, wanders
//! when every man of the helping side first has to walk there. Here the
//! estimate says where each man should go instead, for a corner fixed at
//! the start: of the colour of the side's bishop when it has one (a bishop
//! checks a corner king along the long diagonal), else the one nearest the
//! other king. The lines found replay to a checkmate like every other.

use shakmaty::{Bitboard, Chess, Color, Move, Position, Square, attacks};

use super::helpmate::toward;

/// How much the estimate weighs against one ply of depth: the walk to the
/// picture is long, so the estimate leads.
const WEIGHT: u32 = 8;

/// Whether the search applies: `mater` has a minor piece, and no queen or
/// rook.
pub fn applies(position: &Chess, mater: Color) -> bool {
    let board = position.board();
    let ours = board.by_color(mater);
    (ours & (board.queens() | board.rooks())).is_empty()
        && (ours & (board.knights() | board.bishops())).any()
}

/// A helpmate line by `mater` toward each eligible corner in turn, nearest
/// first, each search expanding at most `nodes` positions.
pub fn line(start: &Chess, mater: Color, nodes: usize) -> Option<Vec<Move>> {
    let board = start.board();
    let king = board.king_of(!mater)?;
    let bishops = board.bishops() & board.by_color(mater);
    let mut corners: Vec<Square> = [Square::A1, Square::H1, Square::A8, Square::H8]
        .into_iter()
        .filter(|corner| {
            bishops.is_empty()
                || bishops
                    .into_iter()
                    .any(|bishop| bishop.is_light() == corner.is_light())
        })
        .collect();
    corners.sort_by_key(|corner| corner.distance(king));
    corners.into_iter().take(2).find_map(|corner| {
        let picture = Picture::at(corner);
        let estimate = |position: &Chess| picture.distance(position, mater);
        let mated = |position: &Chess| position.turn() != mater && position.is_checkmate();
        toward(start, mater, nodes, WEIGHT, estimate, mated).map(|(line, _)| line)
    })
}

/// The mating picture at one corner: the squares beside the corner, the
/// squares two up the edge from it (where the mating king stands guard),
/// and the squares a knight checks the corner from. Worked out once per
/// corner; the estimate reads them for every position met.
struct Picture {
    corner: Square,
    beside: Bitboard,
    guards: Bitboard,
    knight_checks: Bitboard,
}

impl Picture {
    fn at(corner: Square) -> Picture {
        let toward_rank = if corner.rank() == shakmaty::Rank::First {
            16
        } else {
            -16
        };
        let toward_file = if corner.file() == shakmaty::File::A {
            2
        } else {
            -2
        };
        let guards = [corner.offset(toward_rank), corner.offset(toward_file)]
            .into_iter()
            .flatten()
            .fold(Bitboard::EMPTY, |all, square| all | Bitboard::from(square));
        Picture {
            corner,
            beside: attacks::king_attacks(corner),
            guards,
            knight_checks: attacks::knight_attacks(corner),
        }
    }

    /// How far `position` is from the picture, by our estimate: the other
    /// king's distance to the corner (counted thrice), its nearest man's
    /// distance to a square beside the corner (a pawn's by its advance,
    /// and only when the mating side has no bishop), the mating king's
    /// distance to a guard square, and how far the mating side's nearest
    /// minor piece is from attacking the corner.
    fn distance(&self, position: &Chess, mater: Color) -> u32 {
        let board = position.board();
        let Some(king) = board.king_of(!mater) else {
            return u32::MAX / 16;
        };
        let corner = self.corner;
        // Pawns that walk up to the corner count as blockers when the
        // mating side has no bishop (a knight mates over a pawn wall); with
        // a bishop they do not: measured on our families, counting them
        // there loses lines the search otherwise finds (through a
        // promotion).
        let pawns = board.pawns();
        let helpers = if (board.bishops() & board.by_color(mater)).any() {
            board.by_color(!mater) & !board.kings() & !pawns
        } else {
            board.by_color(!mater) & !board.kings()
        };
        let blocker = helpers
            .into_iter()
            .map(|man| {
                let pawn = pawns.contains(man);
                self.beside
                    .into_iter()
                    .map(|square| {
                        if pawn {
                            pawn_steps(man, square, !mater)
                        } else {
                            man.distance(square)
                        }
                    })
                    .min()
                    .unwrap_or(7)
            })
            .min()
            .unwrap_or(0);
        let own_king = board
            .king_of(mater)
            .map_or(0, |square| nearest(square, self.guards));
        let checker = (board.by_color(mater) & (board.knights() | board.bishops()))
            .into_iter()
            .map(|square| {
                if board.bishops().contains(square) {
                    let lines = attacks::bishop_attacks(square, Bitboard::EMPTY);
                    u32::from(!lines.contains(corner))
                } else {
                    nearest(square, self.knight_checks)
                }
            })
            .min()
            .unwrap_or(4);
        3 * king.distance(corner) + blocker + own_king + checker
    }
}

/// The distance from `from` to the nearest square of `squares` (7 when
/// there is none).
fn nearest(from: Square, squares: Bitboard) -> u32 {
    squares
        .into_iter()
        .map(|square| from.distance(square))
        .min()
        .unwrap_or(7)
}

/// How many steps a pawn of `color` on `pawn` needs to stand on `square`,
/// by our estimate: the ranks ahead when `square` lies ahead on its file;
/// 8 (more than any walk of a piece) when its plain advance never gets
/// there.
fn pawn_steps(pawn: Square, square: Square, color: Color) -> u32 {
    let ahead = match color {
        Color::White => i32::from(square.rank()) - i32::from(pawn.rank()),
        Color::Black => i32::from(pawn.rank()) - i32::from(square.rank()),
    };
    match u32::try_from(ahead) {
        Ok(ahead) if pawn.file() == square.file() => ahead,
        _ => 8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::position;

    /// Whether `line` replays from `fen` to a checkmate by `mater`.
    fn mates(fen: &str, mater: Color, line: &[Move]) -> bool {
        let mut position = position(fen);
        for &mv in line {
            assert!(position.is_legal(mv), "{mv:?} in {line:?}");
            position.play_unchecked(mv);
        }
        position.is_checkmate() && position.turn() != mater
    }

    #[test]
    fn a_pawn_blocks_by_walking_straight_up() {
        // A white pawn on g6 reaches g7 in one step and g8 in two; h8
        // lies on another file, a1 behind it.
        assert_eq!(pawn_steps(Square::G6, Square::G7, Color::White), 1);
        assert_eq!(pawn_steps(Square::G6, Square::G8, Color::White), 2);
        assert_eq!(pawn_steps(Square::G6, Square::H8, Color::White), 8);
        assert_eq!(pawn_steps(Square::G6, Square::G5, Color::White), 8);
        // Black's pawns walk down the board.
        assert_eq!(pawn_steps(Square::D2, Square::D1, Color::Black), 1);
        assert_eq!(pawn_steps(Square::D2, Square::D3, Color::Black), 8);
    }

    #[test]
    fn a_knight_mates_a_king_walled_in_by_its_own_pawns() {
        // The final position of a game: Black's lone knight mates only
        // over White's own pawns, found at once now that they count.
        let fen = "8/4n3/5kP1/7P/8/4KP2/8/8 b - - 0 73";
        let line = line(&position(fen), Color::Black, 10_000).expect("a line");
        assert!(mates(fen, Color::Black, &line), "{line:?}");
    }

    #[test]
    fn a_bishop_mates_with_the_help_of_a_promotion() {
        // Pawns left out of the estimate for a bishop: the line goes
        // through Black's promotion.
        let fen = "8/8/4K3/8/4B3/8/1k1p4/8 b - - 0 1";
        let line = line(&position(fen), Color::White, 10_000).expect("a line");
        assert!(mates(fen, Color::White, &line), "{line:?}");
    }
}
