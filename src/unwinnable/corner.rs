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

use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square, attacks};

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
        let estimate = |position: &Chess| picture_distance(position, mater, corner);
        let mated = |position: &Chess| position.turn() != mater && position.is_checkmate();
        toward(start, mater, nodes, WEIGHT, estimate, mated).map(|(line, _)| line)
    })
}

/// How far `position` is from the mating picture at `corner`, by our
/// estimate: the other king's distance to the corner (counted thrice),
/// its nearest man's distance to a square beside the corner, the mating
/// king's distance to the square two up the edge from the corner, and how
/// far the mating side's nearest minor piece is from attacking the corner.
fn picture_distance(position: &Chess, mater: Color, corner: Square) -> u32 {
    let board = position.board();
    let Some(king) = board.king_of(!mater) else {
        return u32::MAX / 16;
    };
    let beside = attacks::king_attacks(corner);
    let helpers = board.by_color(!mater) & !board.kings() & !board.pawns();
    let blocker = helpers
        .into_iter()
        .map(|man| {
            beside
                .into_iter()
                .map(|square| man.distance(square))
                .min()
                .unwrap_or(7)
        })
        .min()
        .unwrap_or(0);
    // Two squares up the edge, on the side of the corner's file or rank
    // nearest the other king.
    let up = |square: Square, steps: i32| {
        let toward_rank = if corner.rank() == shakmaty::Rank::First {
            8
        } else {
            -8
        };
        let toward_file = if corner.file() == shakmaty::File::A {
            1
        } else {
            -1
        };
        [
            square.offset(toward_rank * steps),
            square.offset(toward_file * steps),
        ]
    };
    let guard_squares: Vec<Square> = up(corner, 2).into_iter().flatten().collect();
    let own_king = board.king_of(mater).map_or(0, |square| {
        guard_squares
            .iter()
            .map(|guard| square.distance(*guard))
            .min()
            .unwrap_or(0)
    });
    let checker = (board.by_color(mater) & (board.knights() | board.bishops()))
        .into_iter()
        .map(|square| match board.role_at(square) {
            Some(Role::Bishop) => {
                let lines = attacks::bishop_attacks(square, Bitboard::EMPTY);
                if lines.contains(corner) { 0 } else { 1 }
            }
            _ => {
                let jumps = attacks::knight_attacks(corner);
                jumps
                    .into_iter()
                    .map(|jump| square.distance(jump))
                    .min()
                    .unwrap_or(7)
            }
        })
        .min()
        .unwrap_or(4);
    3 * king.distance(corner) + blocker + own_king + checker
}
