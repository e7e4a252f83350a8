//! A second, incomplete check of a dead verdict, for positions with too
//! many reachable positions to visit: random cooperative games from the
//! position, which take a mating move whenever one exists and otherwise
//! prefer promotions and captures (what opens a locked position). A mate
//! reached refutes the verdict; none reached proves nothing.

use drawrules_scenario::positions::Rng;
use shakmaty::{Chess, Color, Move, Position, Role};

/// Plays `games` random games of at most `plies` plies from `start`
/// (seeded by `seed`); the side that gave a checkmate in one of them, with
/// the moves, if any did.
///
/// # Examples
///
/// ```
/// use drawrules_oracle::dead_position::mate_by_playouts;
/// use shakmaty::{CastlingMode, Chess, Color, fen::Fen};
///
/// let rook: Chess = "4k3/8/4K3/8/8/8/8/7R w - - 0 1"
///     .parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// let (side, line) = mate_by_playouts(&rook, 1, 10, 1).unwrap();
/// assert_eq!((side, line.len()), (Color::White, 1));
/// ```
pub fn mate_by_playouts(
    start: &Chess,
    games: usize,
    plies: usize,
    seed: u64,
) -> Option<(Color, Vec<Move>)> {
    let mut rng = Rng::new(seed);
    for _ in 0..games {
        let mut position = start.clone();
        let mut line = Vec::new();
        for _ in 0..plies {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mating = moves.iter().find(|&&mv| {
                let mut next = position.clone();
                next.play_unchecked(mv);
                next.is_checkmate()
            });
            let opening: Vec<Move> = moves
                .iter()
                .filter(|mv| mv.promotion() == Some(Role::Queen) || mv.is_capture())
                .copied()
                .collect();
            let mv = match mating {
                Some(&mv) => mv,
                None if !opening.is_empty() && rng.one_in(2) => *rng.pick(&opening),
                None => *rng.pick(&moves),
            };
            position.play_unchecked(mv);
            line.push(mv);
            if position.is_checkmate() {
                return Some((!position.turn(), line));
            }
        }
    }
    None
}
