//! Four-ply cycles for steered games: each side moves a man out and back,
//! so that the placement stands again; a cycle may keep every castling
//! right, lose some, or lose exactly one chosen right. A chain of such
//! cycles loses a game's castling rights one after another, so that the
//! same placement stands with every state of the chain (Article 9.2.3:
//! each a different position).

use arbitrary::Unstructured;
use shakmaty::{Bitboard, Chess, Color, Move, Position, Rank, Role, Square};

/// The rook squares of the four castling rights of standard chess, in the
/// order of their FEN letters: `K`, `Q`, `k`, `q`.
const RIGHTS: [Square; 4] = [Square::H1, Square::A1, Square::H8, Square::A8];

/// How many orders of the four rights there are.
pub(crate) const ORDERS: usize = 24;

/// The `nth` order (modulo 24) in which a chain loses the four rights, as
/// indices into `K`, `Q`, `k`, `q`: the 12 even permutations in
/// lexicographic order, then the 12 odd ones. Either twelve alone meets
/// every pair of a three-right and a two-right state, of a three-right
/// and a one-right state, and of a two-right and a one-right state
/// exactly once (each chain meets one pair of each of these kinds, and
/// there are twelve of each), so that chains played in this order spread
/// over all pairs of castling states evenly.
pub(crate) fn order(nth: usize) -> [usize; 4] {
    let mut orders: Vec<[usize; 4]> = (0..256)
        .map(|n| [n / 64, n / 16 % 4, n / 4 % 4, n % 4])
        .filter(|p| (0..4).all(|i| p[i + 1..].iter().all(|&later| later != p[i])))
        .collect();
    let odd = |p: &[usize; 4]| {
        let inversions = (0..4)
            .flat_map(|i| (i + 1..4).map(move |j| (i, j)))
            .filter(|&(i, j)| p[i] > p[j])
            .count();
        inversions % 2
    };
    orders.sort_by_key(odd);
    orders[nth % ORDERS]
}

/// A move with no pawn, capture or castling.
pub(crate) fn is_quiet(mv: &Move) -> bool {
    mv.role() != Role::Pawn && !mv.is_capture() && !mv.is_castle()
}

/// `position` after `mv`, when `mv` is legal there.
pub(crate) fn after(position: &Chess, mv: Move) -> Option<Chess> {
    position.is_legal(mv).then(|| {
        let mut next = position.clone();
        next.play_unchecked(mv);
        next
    })
}

/// The castling rights of `position`, as the squares of their rooks.
fn rights(position: &Chess) -> Bitboard {
    position.castles().castling_rights()
}

/// Out, out, back, back: each side moves a man (no pawn move, capture or
/// castling) that loses no castling right and then moves it back, so
/// that the position stands again. `None` when no such four moves are
/// found among the first candidates.
pub(crate) fn cycle(position: &Chess, u: &mut Unstructured<'_>) -> Option<Vec<Move>> {
    let keeps = |before: &Chess, _: Move, next: &Chess| rights(before) == rights(next);
    four_plies(position, keeps, keeps, |_| true, u)
}

/// The castling rights of `position` lost one after another in the given
/// `order` (see [`order`]) until `keep` are left, each in a four-ply
/// cycle after which the placement stands again: a right is lost by its
/// rook's move, or with `by_king` by its king's move when it is the last
/// right of its side. The moves of the cycles made, `None` if none was.
pub(crate) fn chain(
    position: &Chess,
    order: [usize; 4],
    by_king: bool,
    keep: usize,
    u: &mut Unstructured<'_>,
) -> Option<Vec<Move>> {
    let mut position = position.clone();
    let mut moves = Vec::new();
    for rook in order.map(|index| RIGHTS[index]) {
        let held = rights(&position);
        if held.count() <= keep {
            break;
        }
        if !held.contains(rook) {
            continue;
        }
        let colour = Color::from_white(rook.rank() == Rank::First);
        let side = held & Bitboard::from_rank(rook.rank());
        let mover = match position.board().king_of(colour) {
            Some(king) if by_king && side.count() == 1 => king,
            _ => rook,
        };
        let Some(cycle) = lose(&position, colour, mover, held.without(rook), u) else {
            break;
        };
        for mv in cycle {
            position.play_unchecked(mv);
            moves.push(mv);
        }
    }
    (!moves.is_empty()).then_some(moves)
}

/// A four-ply cycle in which `colour`'s man on `mover` goes out and back,
/// leaving the rights `target`, while the other side's man goes out and
/// back keeping its rights.
fn lose(
    position: &Chess,
    colour: Color,
    mover: Square,
    target: Bitboard,
    u: &mut Unstructured<'_>,
) -> Option<Vec<Move>> {
    let keeps = |before: &Chess, _: Move, next: &Chess| rights(before) == rights(next);
    let loses =
        |_: &Chess, mv: Move, next: &Chess| mv.from() == Some(mover) && rights(next) == target;
    let goal = |end: &Chess| rights(end) == target;
    if position.turn() == colour {
        four_plies(position, loses, keeps, goal, u)
    } else {
        four_plies(position, keeps, loses, goal, u)
    }
}

/// Four quiet moves out, out, back, back from `position`: a first move
/// for which `first(before, move, after)` holds, a reply for which
/// `second` holds, then each man straight back, ending on the same board
/// with the same side to move in a position where `goal` holds. The
/// first moves are tried from a point chosen by `u`, at most 12 of them
/// and 6 replies each; `None` when none fits.
fn four_plies(
    position: &Chess,
    first: impl Fn(&Chess, Move, &Chess) -> bool,
    second: impl Fn(&Chess, Move, &Chess) -> bool,
    goal: impl Fn(&Chess) -> bool,
    u: &mut Unstructured<'_>,
) -> Option<Vec<Move>> {
    let fitting = |from: &Chess, fits: &dyn Fn(&Chess, Move, &Chess) -> bool| -> Vec<Move> {
        from.legal_moves()
            .into_iter()
            .filter(|mv| {
                is_quiet(mv) && after(from, *mv).is_some_and(|next| fits(from, *mv, &next))
            })
            .collect()
    };
    let firsts = fitting(position, &first);
    let offset = u.choose_index(firsts.len().max(1)).unwrap_or(0);
    for i in 0..firsts.len().min(12) {
        let out = firsts[(offset + i) % firsts.len()];
        let Some(one) = after(position, out) else {
            continue;
        };
        for reply in fitting(&one, &second).into_iter().take(6) {
            let Some(two) = after(&one, reply) else {
                continue;
            };
            let Some(back) = reverse(&two, out) else {
                continue;
            };
            let Some(three) = after(&two, back) else {
                continue;
            };
            let Some(back_reply) = reverse(&three, reply) else {
                continue;
            };
            let Some(four) = after(&three, back_reply) else {
                continue;
            };
            if four.board() == position.board() && four.turn() == position.turn() && goal(&four) {
                return Some(vec![out, reply, back, back_reply]);
            }
        }
    }
    None
}

/// The quiet move that takes `mv`'s man back to where it came from.
fn reverse(position: &Chess, mv: Move) -> Option<Move> {
    let from = mv.from()?;
    position
        .legal_moves()
        .into_iter()
        .find(|back| is_quiet(back) && back.from() == Some(mv.to()) && back.to() == from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The states of castling a chain of `order` passes through, as sets
    /// of right indices.
    fn states(order: [usize; 4]) -> Vec<BTreeSet<usize>> {
        (0..=4)
            .map(|lost| order[lost..].iter().copied().collect())
            .collect()
    }

    #[test]
    fn each_twelve_orders_meet_every_pair_of_three_two_and_one_rights_once() {
        for half in [0..12, 12..24] {
            let mut pairs = BTreeSet::new();
            for nth in half {
                let chain = states(order(nth));
                for (i, j) in [(1, 2), (1, 3), (2, 3)] {
                    pairs.insert((chain[i].clone(), chain[j].clone()));
                }
            }
            // Twelve pairs of each of the three kinds.
            assert_eq!(pairs.len(), 36, "{pairs:?}");
        }
        let all: BTreeSet<[usize; 4]> = (0..ORDERS).map(order).collect();
        assert_eq!(all.len(), ORDERS);
    }

    #[test]
    fn a_chain_loses_every_right_and_the_placement_stands_with_each_state() {
        let start: drawrules::StartPosition =
            "r3k2r/8/2n5/8/8/5N2/8/R3K2R w KQkq - 0 1".parse().unwrap();
        for nth in 0..ORDERS {
            for by_king in [false, true] {
                let mut u = Unstructured::new(&[3; 64]);
                let moves = chain(start.position(), order(nth), by_king, 0, &mut u).unwrap();
                assert_eq!(moves.len(), 16, "order {nth}");
                let mut position = start.position().clone();
                let mut seen = BTreeSet::new();
                for (ply, mv) in moves.iter().enumerate() {
                    position.play_unchecked(*mv);
                    if ply % 4 == 3 {
                        assert_eq!(position.board(), start.position().board());
                        seen.insert(rights(&position).count());
                    }
                }
                assert_eq!(seen, BTreeSet::from([0, 1, 2, 3]), "order {nth}");
            }
        }
    }
}
