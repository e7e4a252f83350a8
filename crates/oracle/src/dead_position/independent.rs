//! An exhaustive visit of the positions reachable from one, written apart
//! from the library's own search: depth first, positions told apart by
//! shakmaty's board, the side to move, the castling rights and the legal
//! en passant square (compared whole: the hash only sorts them into
//! buckets), nothing pruned.

use rustc_hash::FxHashSet;
use shakmaty::{Bitboard, Board, Chess, Color, EnPassantMode, Position, Square};

/// What the visit found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reachable {
    /// A checkmate given by this side is reachable.
    Mate(Color),
    /// Every reachable position, this many, was visited: no checkmate.
    NoMate(usize),
    /// More than the limit are reachable.
    TooMany,
}

/// Visits the positions reachable from `start`, at most `limit` of them,
/// looking for any checkmate.
///
/// # Examples
///
/// ```
/// use drawrules_oracle::dead_position::{Reachable, mate_reachable};
/// use shakmaty::{CastlingMode, Chess, fen::Fen};
///
/// let bare: Chess = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
///     .parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// assert!(matches!(mate_reachable(&bare, 10_000), Reachable::NoMate(_)));
/// ```
pub fn mate_reachable(start: &Chess, limit: usize) -> Reachable {
    let mut seen: FxHashSet<(Board, Color, Bitboard, Option<Square>)> = FxHashSet::default();
    seen.insert(identity(start));
    let mut stack = vec![start.clone()];
    while let Some(position) = stack.pop() {
        if position.is_checkmate() {
            return Reachable::Mate(!position.turn());
        }
        for mv in position.legal_moves() {
            let mut next = position.clone();
            next.play_unchecked(mv);
            if seen.insert(identity(&next)) {
                if seen.len() > limit {
                    return Reachable::TooMany;
                }
                stack.push(next);
            }
        }
    }
    Reachable::NoMate(seen.len())
}

fn identity(position: &Chess) -> (Board, Color, Bitboard, Option<Square>) {
    (
        position.board().clone(),
        position.turn(),
        position.castles().castling_rights(),
        position.ep_square(EnPassantMode::Legal),
    )
}
