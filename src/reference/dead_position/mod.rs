//! Article 5.2.2: a dead position, one from which neither player can ever
//! checkmate by any series of legal moves, ends the game as a draw.
//!
//! Our reading: both players are taken to cooperate. A side *can mate* when
//! some series of legal moves, whoever's they are, leads from the position
//! to a checkmate given by that side; the position is dead when neither side
//! can. Every verdict carries its evidence ([`Deadness`]), and we never
//! guess:
//!
//! * **alive**: a helpmate line, UCI moves that replay to a checkmate;
//! * **dead**: for each side, why it can never mate ([`NoMate`]): the
//!   material alone, a locked wall, or every reachable position visited;
//! * **undetermined**: neither within the budget ([`Budget`]); the game is
//!   then treated as going on, and the status record says so.
//!
//! This is the decision written for reading, the argument of
//! `spec/rules/5-endings.md` in code. For one side, in order:
//!
//! 1. [`material`]: the men on the board could never mate wherever they
//!    stood;
//! 2. [`wall`]: every man is confined to the squares it could ever stand
//!    on, and none of the side's men can ever attack a square of the other
//!    king's;
//! 3. [`search`]: a helpmate looked for, then every reachable position
//!    visited;
//! 4. when there are too many: [`ahead`], steps 1 and 2 on every position
//!    one and then two legal moves later.
//!
//! The [`Arbiter`](crate::Arbiter) has a decision of its own, built for
//! speed ([`crate::unwinnable`]); the two share no code and the tests
//! compare them: where both decide, they decide alike.
//!
//! # What the status record uses
//!
//! The status record decides 5.2.2 as its [`DeadRule`] says
//! ([`dead_position_by`]): by default by material alone
//! ([`dead_position`]), and under [`DeadRule::Exact`] by the full decision
//! ([`deadness_in`]), an undetermined verdict listed as such.

pub mod ahead;
pub mod material;
pub mod search;
pub mod wall;

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use super::game::Game;
use crate::mating::{Budget, DeadRule, DeadVerdict, Deadness, Mating, NoMate};
use search::Visited;

/// Article 5.2.2 as the status record decides it by default: by material
/// alone, for both sides at once.
pub fn dead_position(game: &Game) -> bool {
    material::neither_side_can_ever_mate(game.current())
}

/// Article 5.2.2 at the last ply of `game` as `rule` decides it.
///
/// Under the exact rule a checkmated position is alive without a search
/// (the mate on the board is its own evidence), and any other position
/// gets the full decision of [`deadness_in`] within the rule's budget.
pub fn dead_position_by(game: &Game, rule: DeadRule) -> DeadVerdict {
    match rule {
        DeadRule::Material if dead_position(game) => DeadVerdict::Dead,
        DeadRule::Material => DeadVerdict::Alive,
        DeadRule::Exact(budget) => {
            let position = game.current();
            if position.is_checkmate() {
                return DeadVerdict::Alive;
            }
            match deadness_in(position, game.start().castling_mode(), budget) {
                Deadness::Dead { .. } => DeadVerdict::Dead,
                Deadness::Alive { .. } => DeadVerdict::Alive,
                Deadness::Undetermined => DeadVerdict::Undetermined,
            }
        }
    }
}

/// Article 5.2.2, decided exactly, at the last ply of `game`, with the
/// default [`Budget`].
pub fn deadness(game: &Game) -> Deadness {
    deadness_in(
        game.current(),
        game.start().castling_mode(),
        Budget::DEFAULT,
    )
}

/// Article 5.2.2 on `position` (castling written as `mode` writes it),
/// within `budget`: White's answer first; when White can mate the
/// position is alive, otherwise Black's answer decides.
pub fn deadness_in(position: &Chess, mode: CastlingMode, budget: Budget) -> Deadness {
    let white = can_ever_mate_in(position, Color::White, mode, budget);
    if white.is_possible() {
        return Deadness::of(&white, &Mating::Undetermined);
    }
    let black = can_ever_mate_in(position, Color::Black, mode, budget);
    Deadness::of(&white, &black)
}

/// Whether `side` can still checkmate from `position`, both players
/// cooperating (5.2.2 for one side; the test of Article 6.9 when a flag
/// falls), with the default [`Budget`].
///
/// # Examples
///
/// ```
/// use drawrules::mating::{Mating, NoMate};
/// use drawrules::reference::dead_position::can_ever_mate;
/// use shakmaty::{Chess, Color, fen::Fen, CastlingMode};
///
/// let position: Chess = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
///     .parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// // White's rook can mate with Black's help; Black's lone king never can.
/// assert!(matches!(can_ever_mate(&position, Color::White), Mating::Possible { .. }));
/// assert_eq!(
///     can_ever_mate(&position, Color::Black),
///     Mating::Impossible { reason: NoMate::Material }
/// );
/// ```
pub fn can_ever_mate(position: &Chess, side: Color) -> Mating {
    can_ever_mate_in(position, side, CastlingMode::Standard, Budget::DEFAULT)
}

/// [`can_ever_mate`] with the castling notation `mode` (for the helpmate
/// line) and an explicit `budget`: the static arguments, then a helpmate
/// looked for, then every reachable position visited, then, when there are
/// too many, the static arguments up to two moves ahead.
pub fn can_ever_mate_in(
    position: &Chess,
    side: Color,
    mode: CastlingMode,
    budget: Budget,
) -> Mating {
    if let Some(reason) = never_mates(position, side) {
        return Mating::Impossible { reason };
    }
    if let Some(line) = search::helpmate(position, side, budget.helpmate_nodes) {
        return Mating::Possible {
            line: uci(&line, mode),
        };
    }
    match search::visit(position, side, budget.explored_positions) {
        Visited::Mate(line) => Mating::Possible {
            line: uci(&line, mode),
        },
        Visited::NoMate(positions) => Mating::Impossible {
            reason: NoMate::Exhausted { positions },
        },
        Visited::TooMany if ahead::never_mates_within(position, side, 2) => Mating::Impossible {
            reason: NoMate::Wall,
        },
        Visited::TooMany => Mating::Undetermined,
    }
}

/// Steps 1 and 2 alone, no search: why `side` can never mate from
/// `position`, when the material or a locked wall proves it; `None` proves
/// nothing.
///
/// # Examples
///
/// ```
/// use drawrules::mating::NoMate;
/// use drawrules::reference::dead_position::never_mates;
/// use shakmaty::{Chess, Color, fen::Fen, CastlingMode};
///
/// let position: Chess = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
///     .parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// assert_eq!(never_mates(&position, Color::Black), Some(NoMate::Material));
/// assert_eq!(never_mates(&position, Color::White), None);
/// ```
pub fn never_mates(position: &Chess, side: Color) -> Option<NoMate> {
    if material::lone_king(position, side)
        || material::neither_side_can_ever_mate(position)
        || material::checks_are_always_answered(position, side)
    {
        return Some(NoMate::Material);
    }
    wall::walled_off(position, side).then_some(NoMate::Wall)
}

/// Moves as UCI text.
fn uci(moves: &[Move], mode: CastlingMode) -> Vec<String> {
    moves
        .iter()
        .map(|&mv| UciMove::from_move(mv, mode).to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::testing::game;

    fn verdict(fen: &str) -> Deadness {
        deadness(&game(fen, ""))
    }

    fn replays_to_mate(fen: &str, line: &[String]) -> bool {
        game(fen, &line.join(" ")).current().is_checkmate()
    }

    #[test]
    fn material_decides_small_endings() {
        for fen in [
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
            "2b1k3/8/8/8/8/8/8/4KB1B w - - 0 1",
        ] {
            assert!(dead_position(&game(fen, "")), "{fen}");
            assert_eq!(
                verdict(fen),
                Deadness::Dead {
                    white: NoMate::Material,
                    black: NoMate::Material
                },
                "{fen}"
            );
        }
        for fen in [
            "4kb2/8/8/8/8/8/8/4KB2 w - - 0 1",
            "4kn2/8/8/8/8/8/8/4KN2 w - - 0 1",
            "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
        ] {
            assert!(!dead_position(&game(fen, "")), "{fen}");
            let Deadness::Alive { line, .. } = verdict(fen) else {
                panic!("{fen} must be alive")
            };
            assert!(replays_to_mate(fen, &line), "{fen}: {line:?}");
        }
    }

    #[test]
    fn a_locked_chain_is_dead_by_the_wall_and_a_pawn_break_is_not() {
        assert_eq!(
            verdict("k7/8/8/p1p1p1p1/P1P1P1P1/8/8/KB6 w - - 0 1"),
            Deadness::Dead {
                white: NoMate::Wall,
                black: NoMate::Wall
            }
        );
        let fen = "k7/8/8/p1p1p1p1/P1P1P1P1/8/7P/K7 w - - 0 1";
        let Deadness::Alive { line, .. } = verdict(fen) else {
            panic!("{fen} must be alive")
        };
        assert!(replays_to_mate(fen, &line), "{line:?}");
    }

    #[test]
    fn a_knight_mates_with_the_help_of_the_other_knight() {
        // No mate can be forced, but Black's knight can block its own king.
        let fen = "4k3/8/8/8/8/8/3K4/5N1n b - - 0 1";
        let Deadness::Alive { line, .. } = verdict(fen) else {
            panic!("{fen} must be alive")
        };
        assert!(replays_to_mate(fen, &line), "{line:?}");
    }
}
