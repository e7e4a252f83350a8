//! Article 5.2.2 decided exactly over a whole game, as an option of
//! adjudication (the arbiter decides dead position by material alone).
//!
//! A dead position stays dead: a mate reachable from a later position
//! would be reachable from it. So the positions of a game are alive up to
//! some ply and dead from there on, and one verdict on the last position
//! settles the whole game when it is alive: the game's own moves followed
//! by that position's helpmate line are a helpmate from every earlier
//! position. When the last position is dead, a binary search over the
//! plies finds the first dead one, a verdict per probe.
//!
//! Nothing is guessed: a probe that is undetermined within the budget
//! stops the search, and the answer says how far it got.

use serde::Serialize;
use shakmaty::{CastlingMode, Chess, Move, Position};

use super::EndedAt;
use drawrules::laws::{Ending, GameResult};
use drawrules::mating::{Budget, Deadness, NoMate, Side};
use drawrules::unwinnable::deadness_in;

/// What the exact 5.2.2 check found over the plies of a game it looked at
/// (from the start to where the game ended by rule, or to its last move).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "verdict")]
pub enum DeadScan {
    /// No position is dead: the one at `ply` (the last looked at) is
    /// alive, `side` mating by `line` from it.
    Alive {
        /// The ply whose position was decided.
        ply: u32,
        /// The side whose helpmate is shown.
        side: Side,
        /// UCI moves from that position that replay to its checkmate.
        line: Vec<String>,
    },
    /// The position at `ply` is dead (with each side's reason), and so is
    /// every later one; when `first` is true every earlier position was
    /// decided alive or lies before one that was, so `ply` is the first
    /// dead ply; when false, some earlier position could not be decided.
    Dead {
        /// The dead ply.
        ply: u32,
        /// Whether it is the first dead ply of the game.
        first: bool,
        /// Why White can never mate from it.
        white: NoMate,
        /// Why Black can never mate from it.
        black: NoMate,
    },
    /// The last position looked at (`ply`) could be decided neither way
    /// within the budget.
    Undetermined {
        /// The ply whose position was undecided.
        ply: u32,
    },
}

impl DeadScan {
    /// The first dead ply, when it was established.
    pub fn first_dead_ply(&self) -> Option<u32> {
        match *self {
            DeadScan::Dead {
                ply, first: true, ..
            } => Some(ply),
            _ => None,
        }
    }
}

/// Decides Article 5.2.2 over the positions from `start` after each of
/// `moves` (legal, in order), with `budget` per verdict.
pub(crate) fn scan(start: &Chess, moves: &[Move], mode: CastlingMode, budget: Budget) -> DeadScan {
    let last = moves.len();
    let ply = |index: usize| u32::try_from(index).unwrap_or(u32::MAX);
    let verdict = |index: usize| deadness_in(&position_at(start, &moves[..index]), mode, budget);
    let (white, black) = match verdict(last) {
        Deadness::Alive { side, line } => {
            return DeadScan::Alive {
                ply: ply(last),
                side,
                line,
            };
        }
        Deadness::Undetermined => return DeadScan::Undetermined { ply: ply(last) },
        Deadness::Dead { white, black } => (white, black),
    };
    // The first dead ply lies in `alive_before..=dead`: every ply before
    // `alive_before` is alive, the one at `dead` is dead.
    let (mut alive_before, mut dead, mut reasons) = (0, last, (white, black));
    while alive_before < dead {
        let middle = alive_before + (dead - alive_before) / 2;
        match verdict(middle) {
            Deadness::Alive { .. } => alive_before = middle + 1,
            Deadness::Dead { white, black } => {
                dead = middle;
                reasons = (white, black);
            }
            Deadness::Undetermined => {
                return DeadScan::Dead {
                    ply: ply(dead),
                    first: false,
                    white: reasons.0,
                    black: reasons.1,
                };
            }
        }
    }
    DeadScan::Dead {
        ply: ply(dead),
        first: true,
        white: reasons.0,
        black: reasons.1,
    }
}

/// Makes the game end at `ply` by a dead position (Article 5.2.2), unless
/// it ended earlier by another rule; at the same ply the dead position is
/// one more ending of it. `plies` is the game's length.
pub(crate) fn end_at(ended: &mut Option<EndedAt>, plies_after_end: &mut u32, ply: u32, plies: u32) {
    match ended {
        Some(earlier) if earlier.ply < ply => {}
        Some(same) if same.ply == ply => {
            if !same.endings.contains(&Ending::DeadPosition) {
                same.endings.push(Ending::DeadPosition);
                same.endings.sort();
                same.articles = same
                    .endings
                    .iter()
                    .map(|ending| ending.article().number())
                    .collect();
                same.result = GameResult::Draw;
            }
        }
        _ => {
            *ended = Some(EndedAt {
                ply,
                endings: vec![Ending::DeadPosition],
                articles: vec![Ending::DeadPosition.article().number()],
                result: GameResult::Draw,
            });
            *plies_after_end = plies.saturating_sub(ply);
        }
    }
}

fn position_at(start: &Chess, moves: &[Move]) -> Chess {
    let mut position = start.clone();
    for &mv in moves {
        position.play_unchecked(mv);
    }
    position
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;

    fn game(fen: &str, uci: &str) -> (Chess, Vec<Move>) {
        let start: Chess = fen
            .parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("legal");
        let mut position = start.clone();
        let moves = uci
            .split_whitespace()
            .map(|text| {
                let mv = text
                    .parse::<UciMove>()
                    .expect("uci")
                    .to_move(&position)
                    .expect("legal");
                position.play_unchecked(mv);
                mv
            })
            .collect();
        (start, moves)
    }

    #[test]
    fn a_game_that_locks_its_last_pawns_is_dead_from_the_locking_move() {
        // Black's h-pawn can still take on g4 (a break); ...h4 locks the
        // last file, and the kings shuffle on either side of the wall.
        let (start, moves) = game(
            "k7/8/8/p1p1p1pp/P1P1P1P1/7P/8/K7 b - - 0 1",
            "h5h4 a1b1 a8b8 b1a1 b8a8",
        );
        let found = scan(&start, &moves, CastlingMode::Standard, Budget::DEFAULT);
        assert_eq!(
            found,
            DeadScan::Dead {
                ply: 1,
                first: true,
                white: NoMate::Wall,
                black: NoMate::Wall
            }
        );
        assert_eq!(found.first_dead_ply(), Some(1));
    }

    #[test]
    fn a_capture_down_to_bare_kings_is_the_first_dead_ply() {
        let (start, moves) = game("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1d2 e8e7 d2d3 e7e6");
        let found = scan(&start, &moves, CastlingMode::Standard, Budget::DEFAULT);
        assert_eq!(found.first_dead_ply(), Some(1));
    }

    #[test]
    fn a_live_last_position_settles_the_whole_game() {
        let (start, moves) = game(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e2e4 e7e5 g1f3",
        );
        let found = scan(&start, &moves, CastlingMode::Standard, Budget::DEFAULT);
        let DeadScan::Alive { ply: 3, line, .. } = &found else {
            panic!("{found:?}")
        };
        assert!(!line.is_empty());
        assert_eq!(found.first_dead_ply(), None);
    }

    #[test]
    fn an_undetermined_probe_leaves_the_first_dead_ply_open() {
        // With no search budget at all, the position with Black's rook
        // cannot be decided, and the bare kings after Kxd2 are dead by
        // material alone.
        let (start, moves) = game("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1d2 e8e7 d2d3 e7e6");
        let nothing = Budget {
            helpmate_nodes: 0,
            explored_positions: 0,
        };
        let found = scan(&start, &moves, CastlingMode::Standard, nothing);
        assert_eq!(
            found,
            DeadScan::Dead {
                ply: 1,
                first: false,
                white: NoMate::Material,
                black: NoMate::Material
            }
        );
        assert_eq!(found.first_dead_ply(), None);
    }

    #[test]
    fn a_dead_position_at_the_ply_of_another_ending_is_one_more_ending() {
        let mut ended = Some(EndedAt {
            ply: 150,
            endings: vec![Ending::SeventyFiveMoves],
            articles: vec!["9.6.2"],
            result: GameResult::Draw,
        });
        let mut after = 2;
        end_at(&mut ended, &mut after, 150, 152);
        let ended = ended.unwrap();
        assert_eq!(
            (ended.endings, ended.articles, after),
            (
                vec![Ending::DeadPosition, Ending::SeventyFiveMoves],
                vec!["5.2.2", "9.6.2"],
                2
            )
        );
        // An earlier ending stands; a later one gives way.
        let mut earlier = Some(EndedAt {
            ply: 10,
            endings: vec![Ending::FivefoldRepetition],
            articles: vec!["9.6.1"],
            result: GameResult::Draw,
        });
        let mut after = 5;
        end_at(&mut earlier, &mut after, 12, 15);
        assert_eq!((earlier.as_ref().map(|e| e.ply), after), (Some(10), 5));
        end_at(&mut earlier, &mut after, 7, 15);
        assert_eq!((earlier.map(|e| e.ply), after), (Some(7), 8));
    }
}
