//! A helpmate found by a depth-first search whose depth counts only the
//! moves that do not obviously help the mate.
//!
//! Most positions of real games can be mated with help along one plan:
//! the mating side takes whatever it can, pushes its pawns home and
//! brings its king and knights toward a corner; the other side walks its
//! king into that corner and its knights next to it (by the fewest knight
//! moves: a knight one king step from its square may be three leaps from
//! it, or four beside a corner, and a walk by king steps stalls there),
//! and gives nothing back (its other men are given up to the mating
//! side's captures). Moves that follow the plan cost no depth, any other
//! move one ply (none right after a move of the plan), and a capture by
//! the helping side three. A move that is the only legal one costs one
//! ply at most: with no choice there is nothing to steer, and such a
//! capture can be the help the mate needs (a queen given up with check
//! beside a king that its own pawns shut in, which taking it sets free).
//! Deepened one ply at a time, the search reaches mates of thirty or
//! forty plies at a nominal depth of a few, where a search counting every
//! ply would not.
//!
//! Some material can mate only against a man the other side has yet to
//! make: a lone knight facing pawns and queens, or bishops of one colour
//! with no bishop of the other colour on the board and no knight of the
//! other side (nothing there can take the cornered king's last flight
//! square). Then the helping side's pawns walk for free toward a
//! promotion to a minor piece, and its other moves cost three, unless
//! they bring its king or knights to their squares.
//!
//! The widest of the three searches here gives each depth a share of its
//! budget that grows with the depth, and tries a deeper depth even when a
//! shallower one ran out of its share.
//!
//! The corner: of the colour of the mating side's bishops when it has
//! bishops (a bishop checks a cornered king along the long diagonal), and
//! of those the one nearest the other king (on the helping side's back
//! rank when two are as near).
//!
//! The mating move itself costs nothing and is looked for first at every
//! position where the mating side moves. Positions met again with no more
//! depth left are not searched again, which also cuts cycles of moves that
//! cost nothing. The search proves only the positive answer: a line it
//! finds replays to a checkmate; finding none proves nothing.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::BuildHasherDefault;

use shakmaty::{Chess, Color, Move, Position, Rank, Role, Square};

use super::check::mating_move;
use super::material;
use super::node::{Key, KeyHasher};

/// The deepest nominal depth tried by [`line`]; [`deep_line`] goes
/// twice as deep.
const DEEPEST: u32 = 12;

/// The deepest nominal depth tried by [`wide_line`].
const DEEPEST_WIDE: u32 = 40;

/// [`wide_line`] may visit this many times the positions it is given.
pub const WIDE_FACTOR: usize = 25;

/// In [`wide_line`], each depth `d` may visit at most `d / SHARE` of the
/// whole budget.
const SHARE: usize = 25;

/// The most positions one depth of a search remembers: what a hash table
/// of 2^18 slots holds (seven eighths of them), about 11 MB with the
/// 32-byte keys and the depth.
const MOST_REMEMBERED: usize = 229_376;

/// Past this many plies from the start, moves of the plan cost a ply too,
/// so that no line grows without end.
const LONGEST_FREE: usize = 120;

/// A helpmate line by `mater` from `start`, visiting at most `nodes`
/// positions over all the depths tried, up to [`DEEPEST`].
pub fn line(start: &Chess, mater: Color, nodes: usize) -> Option<Vec<Move>> {
    deepened(start, mater, nodes, DEEPEST, None)
}

/// [`line`] to twice the depth: the search tried once the quick steps
/// have failed.
pub fn deep_line(start: &Chess, mater: Color, nodes: usize) -> Option<Vec<Move>> {
    deepened(start, mater, nodes, 2 * DEEPEST, None)
}

/// [`line`] deeper still (up to [`DEEPEST_WIDE`]) and with [`WIDE_FACTOR`]
/// times the positions, each depth with a share of them that grows with
/// it: tried where too many positions are reachable to visit them all.
pub fn wide_line(start: &Chess, mater: Color, nodes: usize) -> Option<Vec<Move>> {
    let nodes = nodes.saturating_mul(WIDE_FACTOR);
    deepened(start, mater, nodes, DEEPEST_WIDE, Some(nodes / SHARE))
}

/// The search deepened from 1 to `deepest`, visiting at most `nodes`
/// positions in all. With a `share`, depth `d` may visit at most `d`
/// shares of them and a deeper depth is tried even when a shallower one
/// ran out of its own (so that a shallow depth whose tree is too large to
/// finish does not take what the deeper ones need); without, the search
/// stops when the budget runs out.
fn deepened(
    start: &Chess,
    mater: Color,
    nodes: usize,
    deepest: u32,
    share: Option<usize>,
) -> Option<Vec<Move>> {
    let plan = Plan::of(start, mater)?;
    let mut search = Search {
        mater,
        plan,
        left: 0,
        seen: HashMap::default(),
        line: Vec::new(),
    };
    let mut unspent = nodes;
    for depth in 1..=deepest {
        search.seen.clear();
        let given = match share {
            Some(share) => unspent.min((depth as usize).saturating_mul(share.max(1))),
            None => unspent,
        };
        search.left = given;
        let found = search.visit(start, depth, false);
        unspent -= given - search.left;
        if found {
            return Some(search.line);
        }
        if unspent == 0 {
            return None;
        }
    }
    None
}

/// Where the plan sends each man.
#[derive(Debug, Clone, Copy)]
struct Plan {
    /// The corner the other king is walked into.
    corner: Square,
    /// Where the mating king goes: two squares from the corner along the
    /// back rank's edge file.
    king_post: Square,
    /// Where the helping side's knights go: next to the corner on the back
    /// rank, to take a flight square from their own king.
    beside: Square,
}

impl Plan {
    fn of(position: &Chess, mater: Color) -> Option<Plan> {
        use shakmaty::File;
        let board = position.board();
        let king = board.king_of(!mater)?;
        let (back, front) = match mater {
            Color::White => (Rank::Eighth, Rank::First),
            Color::Black => (Rank::First, Rank::Eighth),
        };
        // The helping side's back rank first: of two corners as near, the
        // one found first is kept.
        let corners = [back, front]
            .into_iter()
            .flat_map(|rank| [File::A, File::H].map(|file| Square::from_coords(file, rank)));
        let bishops = board.bishops() & board.by_color(mater);
        let light = bishops.into_iter().next().map(Square::is_light);
        let corner = corners
            .filter(|corner| light.is_none_or(|light| corner.is_light() == light))
            .min_by_key(|corner| corner.distance(king))?;
        let down: i32 = if corner.rank() == Rank::Eighth {
            -16
        } else {
            16
        };
        let inward = if corner.file() == File::A { 1 } else { -1 };
        Some(Plan {
            corner,
            king_post: corner.offset(down)?,
            beside: corner.offset(inward)?,
        })
    }
}

struct Search {
    mater: Color,
    plan: Plan,
    left: usize,
    seen: HashMap<Key, u32, BuildHasherDefault<KeyHasher>>,
    line: Vec<Move>,
}

impl Search {
    /// Whether a mate by the mater follows from `position` within `depth`
    /// (the line left in `self.line`); `planned` tells whether the move
    /// into it followed the plan.
    fn visit(&mut self, position: &Chess, depth: u32, planned: bool) -> bool {
        let Some(left) = self.left.checked_sub(1) else {
            return false;
        };
        self.left = left;
        let key = Key::after(position, self.line.last().copied());
        if self.met_before(key, depth) {
            return false;
        }
        let moves = position.legal_moves();
        // A mating move ends the line whatever it costs: looked for first,
        // so that the shortest line through this position is the one found.
        if position.turn() == self.mater
            && let Some(mv) = mating_move(position, &moves)
        {
            self.line.push(mv);
            return true;
        }
        // Whether the helping side must first make a blocker: a fact of
        // the position, not of the move, so asked once.
        let awaiting = position.turn() != self.mater && needs_a_blocker(position, self.mater);
        // A move there is no choice but to play steers nothing: it costs
        // no more than an ordinary move.
        let forced = moves.len() == 1;
        for &mv in &moves {
            let own = self.cost(position, mv, awaiting);
            let own = if forced { own.min(1) } else { own };
            let cost = if own == 1 && planned { 0 } else { own };
            if cost > depth {
                continue;
            }
            let mut child = position.clone();
            child.play_unchecked(mv);
            if material::lone_king(&child, self.mater) {
                continue;
            }
            self.line.push(mv);
            if self.visit(&child, depth - cost, own == 0) {
                return true;
            }
            self.line.pop();
            if self.left == 0 {
                return false;
            }
        }
        false
    }

    /// Whether the position of `key` was searched before with at least
    /// `depth` left (then it need not be searched again); otherwise notes
    /// that it is being searched with `depth`. A full table no longer
    /// grows: positions met after that are searched again when met again
    /// (the memory stays bounded; the answer cannot change, since the
    /// table only spares work). Its entry is not asked for then, since
    /// asking reserves a slot, which would double a full table.
    fn met_before(&mut self, key: Key, depth: u32) -> bool {
        if self.seen.len() < MOST_REMEMBERED {
            match self.seen.entry(key) {
                Entry::Occupied(mut had) => {
                    if *had.get() >= depth {
                        return true;
                    }
                    had.insert(depth);
                }
                Entry::Vacant(slot) => {
                    slot.insert(depth);
                }
            }
        } else if let Some(had) = self.seen.get_mut(&key) {
            if *had >= depth {
                return true;
            }
            *had = depth;
        }
        false
    }

    /// What `mv` from `position` costs: 0 when it follows the plan, 1 when
    /// it neither follows nor works against it, 3 when the helping side
    /// takes a man (or, `awaiting` a blocker it has yet to make, does
    /// anything but walk a pawn toward it or its king and knights to their
    /// squares).
    fn cost(&self, position: &Chess, mv: Move, awaiting: bool) -> u32 {
        if self.line.len() >= LONGEST_FREE {
            return 1;
        }
        let to = mv.to();
        let Some(from) = mv.from() else {
            return 1;
        };
        let nearer = |target: Square| to.distance(target) < from.distance(target);
        let leaps_nearer = |target: Square| leaps(to, target) < leaps(from, target);
        if position.turn() == self.mater {
            let planned = mv.is_capture()
                || match mv.role() {
                    Role::Pawn => {
                        let rank = u32::from(to.rank());
                        let height = if self.mater == Color::White {
                            rank
                        } else {
                            7 - rank
                        };
                        height >= 5
                    }
                    Role::King => nearer(self.plan.king_post),
                    Role::Knight => nearer(self.plan.corner),
                    _ => false,
                };
            u32::from(!planned)
        } else {
            let toward = match mv.role() {
                Role::King => nearer(self.plan.corner),
                Role::Knight => leaps_nearer(self.plan.beside),
                _ => false,
            };
            if toward {
                0
            } else if mv.is_capture() {
                3
            } else if awaiting {
                // Only a man the helping side has yet to promote can take
                // its king's last flight square: its pawns walk for free
                // (to a minor piece or on the way), anything else costs.
                let minor = !matches!(mv.promotion(), Some(Role::Queen | Role::Rook));
                if mv.role() == Role::Pawn && minor {
                    0
                } else {
                    3
                }
            } else {
                1
            }
        }
    }
}

/// The fewest knight moves from `from` to `to` on an empty board.
fn leaps(from: Square, to: Square) -> u8 {
    LEAPS[usize::from(from)][usize::from(to)]
}

/// [`leaps`] for every pair of squares, found breadth first from each.
static LEAPS: [[u8; 64]; 64] = leaps_table();

const fn leaps_table() -> [[u8; 64]; 64] {
    const JUMPS: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let mut table = [[u8::MAX; 64]; 64];
    let mut start = 0;
    while start < 64 {
        let distances = &mut table[start];
        distances[start] = 0;
        let mut queue = [0usize; 64];
        let (mut head, mut tail) = (0, 1);
        queue[0] = start;
        while head < tail {
            let square = queue[head];
            head += 1;
            let mut jump = 0;
            while jump < 8 {
                let file = (square % 8) as i32 + JUMPS[jump].0;
                let rank = (square / 8) as i32 + JUMPS[jump].1;
                if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                    let next = (rank * 8 + file) as usize;
                    if distances[next] == u8::MAX {
                        distances[next] = distances[square] + 1;
                        queue[tail] = next;
                        tail += 1;
                    }
                }
                jump += 1;
            }
        }
        start += 1;
    }
    table
}

/// Whether `mater`'s men can mate only against a man of the other side
/// that does not exist yet: a lone knight against pawns and queens (no
/// minor piece or rook to hem the king in), or bishops of one colour with
/// no bishop of the other colour on the board and no knight of the other
/// side. Then the other side's pawns must promote first.
fn needs_a_blocker(position: &Chess, mater: Color) -> bool {
    let board = position.board();
    let own = board.by_color(mater);
    let theirs = board.by_color(!mater);
    let men = own.count();
    let knights = (board.knights() & own).count();
    if men == 2 && knights == 1 {
        let blockers = (board.knights() | board.bishops() | board.rooks()) & theirs;
        return blockers.is_empty();
    }
    let bishops = board.bishops() & own;
    if bishops.is_empty() || men != bishops.count() + 1 {
        return false;
    }
    let colour = if (bishops & shakmaty::Bitboard::DARK_SQUARES).any() {
        shakmaty::Bitboard::DARK_SQUARES
    } else {
        shakmaty::Bitboard::LIGHT_SQUARES
    };
    let other_bishops = board.bishops() & !colour;
    other_bishops.is_empty() && (board.knights() & theirs).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{position, replayed};

    #[test]
    fn material_that_mates_only_against_a_man_yet_to_be_made() {
        let cases = [
            // A dark bishop against a pawn: only a promoted man can block.
            ("8/8/8/5K2/2k3p1/8/5B2/8 b - - 0 55", Color::White, true),
            // The other side's dark bishop cannot stand on a light square
            // beside a dark corner: still needed.
            ("k7/8/1b6/8/K7/8/p7/4B3 b - - 0 1", Color::White, true),
            // A light bishop of the other side can block: not needed.
            ("k7/8/8/3b4/K7/8/p7/4B3 b - - 0 1", Color::White, false),
            // A knight of the other side can block: not needed.
            ("k7/8/2n5/8/K7/8/p7/4B3 b - - 0 1", Color::White, false),
            // Bishops of both colours mate without help: not needed.
            ("k7/8/8/8/K7/8/p7/3BB3 b - - 0 1", Color::White, false),
            // A lone knight against pawns and a queen: needed.
            ("8/5k2/2p5/8/8/3q4/2N5/2K5 w - - 0 1", Color::White, true),
            // A lone knight against a rook: the rook can block.
            ("8/5k2/2r5/8/8/8/2N5/2K5 w - - 0 1", Color::White, false),
            // A knight and a pawn: the pawn can promote.
            ("8/5k2/2p5/8/8/8/2N2P2/2K5 w - - 0 1", Color::White, false),
            // A lone king never mates; there is nothing to wait for.
            ("8/5k2/2p5/8/8/8/8/2K5 w - - 0 1", Color::White, false),
        ];
        for (fen, mater, needed) in cases {
            assert_eq!(needs_a_blocker(&position(fen), mater), needed, "{fen}");
        }
    }

    /// Asserts that `line` is legal from `start` and ends with Black
    /// checkmated.
    fn assert_mates_black(start: &Chess, line: &[Move]) {
        let mated = replayed(start, line);
        assert!(mated.is_checkmate() && mated.turn() == Color::Black);
    }

    /// A dark bishop against a pawn (the final position of a game of the
    /// shared Lichess file): the pawn must become a knight that takes the
    /// cornered king's last square, a line of some forty plies.
    #[test]
    fn a_pawn_walks_to_a_promotion_for_free_when_only_it_can_block() {
        let start = position("8/8/8/5K2/2k3p1/8/5B2/8 b - - 0 55");
        let line = wide_line(&start, Color::White, 40_000).expect("a helpmate line");
        assert_mates_black(&start, &line);
        let promotions: Vec<_> = line.iter().filter_map(|mv| mv.promotion()).collect();
        assert!(
            promotions
                .iter()
                .all(|role| matches!(role, Role::Knight | Role::Bishop)),
            "{promotions:?}"
        );
        assert!(!promotions.is_empty());
    }

    /// One of CHA's published positions: White's king on h5 is shut in by
    /// its own pawns and Black's g7-pawn, so White has only a dozen pawn
    /// steps to give. Black takes the e-pawn with its king, queens its own
    /// e-pawn and gives the queen up on h4 with check; the king takes it
    /// and is free, and Black's other pawns queen. While the king's
    /// capture, its only legal move, cost three plies as any capture by
    /// the helping side, the line was out of reach of the wide search's
    /// budget (it was found with four times that budget).
    #[test]
    fn a_king_shut_in_is_freed_by_its_only_move() {
        let start = position("8/p1p1p1p1/6P1/6PK/6PP/8/P1P1P3/7k w - - 0 1");
        let line = wide_line(&start, Color::Black, 40_000).expect("a helpmate line");
        let mated = replayed(&start, &line);
        assert!(mated.is_checkmate() && mated.turn() == Color::White);
        let mut before = start.clone();
        let mut forced_captures = 0;
        for &mv in &line {
            let only = before.legal_moves().len() == 1;
            if before.turn() == Color::White && only && mv.is_capture() {
                forced_captures += 1;
            }
            before.play_unchecked(mv);
        }
        assert_eq!(forced_captures, 1, "{line:?}");
    }

    #[test]
    fn leaps_count_knight_moves_on_an_empty_board() {
        assert_eq!(leaps(Square::A1, Square::A1), 0);
        assert_eq!(leaps(Square::G1, Square::F3), 1);
        // One king step apart, but two, three or four leaps.
        assert_eq!(leaps(Square::F7, Square::G8), 2);
        assert_eq!(leaps(Square::F7, Square::F8), 3);
        assert_eq!(leaps(Square::A1, Square::B2), 4);
        assert_eq!(leaps(Square::A1, Square::H8), 6);
        assert!(LEAPS.iter().flatten().all(|&n| n <= 6));
    }

    /// A lone bishop against a pawn that must become a knight beside its
    /// cornered king: the knight finds its square by leaps. A side that
    /// cost more than CHA's worst of its family while the knight walked by
    /// king steps, which found it only with 20,000 positions (with leaps,
    /// 5,000 until a forced move cost one ply at most, 5,500 since).
    #[test]
    fn a_promoted_knight_walks_to_its_square_by_leaps() {
        let start = position("8/8/5K2/2k5/8/1p1B4/8/7b w - - 0 1");
        let line = wide_line(&start, Color::White, 6_000).expect("a helpmate line");
        assert_mates_black(&start, &line);
    }
}
