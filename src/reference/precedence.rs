//! How the rules combine when several hold at once: which endings stand
//! together, when a claim can be made, and the result.
//!
//! Our reading of Articles 5.1.1, 5.2.1, 5.2.2, 9.2, 9.3 and 9.6 taken
//! together:
//!
//! 1. An ending (checkmate, stalemate, a dead position, fivefold repetition,
//!    seventy-five moves) ends the game at once, with no claim. Once one
//!    holds, no move may follow and nothing can be claimed: the claims of 9.2
//!    and 9.3 are made in a game that is still going on.
//! 2. Checkmate takes precedence over the seventy-five-move rule: 9.6.2
//!    excepts a last move that checkmated. We apply the exception to any
//!    checkmated position whose count is 150 or more, so a FEN start that is
//!    checkmate with a clock past 150 is a win.
//! 3. Apart from that exception, every ending that holds is reported, in
//!    article order. A stalemate on the 150th ply is both stalemate and
//!    seventy-five moves: the game is drawn either way.
//! 4. The result follows from the endings: checkmate is a win for the player
//!    who gave it, any other ending a draw, and no ending leaves the game
//!    going on.
//! 5. An ending that could be decided neither way (5.2.2 under the exact
//!    rule, beyond the budget) does not hold: the game goes on, claims
//!    included, and the record lists it as undetermined. We never guess.
//!
//! `history` is the game's history of identities, as in
//! [`repetition`](super::repetition).

use shakmaty::{Color, Move};

use super::dead_position::dead_position_by;
use super::endings::{checkmate, stalemate};
use super::game::Game;
use super::move_count::{fifty_moves_now, fifty_moves_on_move, seventy_five_moves};
use super::repetition::{fivefold, threefold_now, threefold_on_move};
use super::same_position::Identity;
use crate::laws::{Claim, Edition, Ending, GameResult};
use crate::mating::{DeadRule, DeadVerdict};

/// The endings of the last ply of a game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Endings {
    /// The endings that hold, in article order (rules 2 and 3).
    pub ended: Vec<Ending>,
    /// The endings decided neither way (rule 5): at most `dead-position`.
    pub undetermined: Vec<Ending>,
}

/// The endings that hold at the last ply of `game`, in article order (rules
/// 2, 3 and 5 of this module), 5.2.2 decided as `dead` says.
pub fn endings(game: &Game, history: &[Identity], edition: Edition, dead: DeadRule) -> Endings {
    let checkmate = checkmate(game);
    let dead = dead_position_by(game, dead);
    let rules: [(Ending, bool); 5] = [
        (Ending::Checkmate, checkmate),
        (Ending::Stalemate, stalemate(game)),
        (Ending::DeadPosition, dead == DeadVerdict::Dead),
        (Ending::FivefoldRepetition, fivefold(history, edition)),
        (
            Ending::SeventyFiveMoves,
            seventy_five_moves(game) && !checkmate,
        ),
    ];
    Endings {
        ended: rules
            .into_iter()
            .filter_map(|(ending, holds)| holds.then_some(ending))
            .collect(),
        undetermined: if dead == DeadVerdict::Undetermined {
            vec![Ending::DeadPosition]
        } else {
            Vec::new()
        },
    }
}

/// What the player to move may claim: the draws claimable now, and the moves
/// that support a claim when written down.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Claims {
    /// The draws the player to move may claim now (9.2.2, 9.3.2), in article
    /// order.
    pub now: Vec<Claim>,
    /// The legal moves that support a threefold claim when written down
    /// (9.2.1).
    pub threefold_on_move: Vec<Move>,
    /// The legal moves that support a fifty-move claim when written down
    /// (9.3.1).
    pub fifty_moves_on_move: Vec<Move>,
}

/// The claims open to the player to move at the last ply of `game`, where
/// the endings `ended` hold: none once the game is over (rule 1 of this
/// module).
///
/// `twice` holds the positions of `history` that have stood at least twice
/// ([`stood_twice`](super::repetition::stood_twice); the [`Reference`](super::Reference) keeps them in its
/// memo): a written move can make a position stand for the third time
/// (9.2.1) only if that position stood twice already.
pub fn claims(game: &Game, history: &[Identity], ended: &[Ending], twice: &[Identity]) -> Claims {
    if !ended.is_empty() {
        return Claims::default();
    }
    let now = [
        (Claim::ThreefoldRepetition, threefold_now(history)),
        (Claim::FiftyMoves, fifty_moves_now(game)),
    ];
    Claims {
        now: now
            .into_iter()
            .filter_map(|(claim, holds)| holds.then_some(claim))
            .collect(),
        threefold_on_move: threefold_on_move(game, history, twice),
        fifty_moves_on_move: fifty_moves_on_move(game),
    }
}

/// The result the endings `ended` give when `turn` is the player to move
/// (rule 4 of this module).
pub fn result(ended: &[Ending], turn: Color) -> GameResult {
    if ended.contains(&Ending::Checkmate) {
        match turn {
            Color::White => GameResult::BlackWins,
            Color::Black => GameResult::WhiteWins,
        }
    } else if ended.is_empty() {
        GameResult::Ongoing
    } else {
        GameResult::Draw
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::Position;

    use super::*;
    use crate::reference::move_count::clock;
    use crate::reference::repetition::stood_twice;
    use crate::reference::same_position::identities;
    use crate::reference::testing::game;

    fn endings_of(fen: &str, moves: &str) -> Vec<Ending> {
        let game = game(fen, moves);
        endings(
            &game,
            &identities(&game),
            Edition::Fide2018,
            DeadRule::Material,
        )
        .ended
    }

    #[test]
    fn checkmate_on_the_150th_ply_is_a_win_not_a_draw() {
        // Clock 149, White mates with Ra8#.
        let g = game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120", "a1a8");
        assert_eq!(clock(&g, 1), 150);
        assert!(checkmate(&g));
        assert!(seventy_five_moves(&g), "the count alone is reached");
        let ended = endings(&g, &identities(&g), Edition::Fide2018, DeadRule::Material).ended;
        assert_eq!(ended, [Ending::Checkmate]);
        assert_eq!(result(&ended, g.current().turn()), GameResult::WhiteWins);
    }

    #[test]
    fn stalemate_on_the_150th_ply_is_both() {
        let ended = endings_of("k7/8/1Q6/8/8/8/8/K7 w - - 149 1", "b6c7");
        assert_eq!(ended, [Ending::Stalemate, Ending::SeventyFiveMoves]);
        assert_eq!(result(&ended, Color::Black), GameResult::Draw);
    }

    #[test]
    fn no_claim_once_the_game_is_over() {
        // Stalemate with a clock of 150: the fifty-move count is reached, but
        // the game is over.
        let g = game("k7/8/1Q6/8/8/8/8/K7 w - - 149 1", "b6c7");
        let history = identities(&g);
        let ended = endings(&g, &history, Edition::Fide2018, DeadRule::Material).ended;
        assert!(fifty_moves_now(&g));
        // Even with every position taken as one that stood twice.
        assert_eq!(claims(&g, &history, &ended, &history), Claims::default());
    }

    #[test]
    fn claims_while_the_game_goes_on() {
        let g = game("4k3/8/8/8/8/8/8/R3K3 w - - 100 80", "");
        let history = identities(&g);
        let ended = endings(&g, &history, Edition::Fide2018, DeadRule::Material).ended;
        assert!(ended.is_empty());
        assert_eq!(result(&ended, Color::White), GameResult::Ongoing);
        let open = claims(&g, &history, &ended, &stood_twice(&history));
        assert_eq!(open.now, [Claim::FiftyMoves]);
        assert!(open.threefold_on_move.is_empty());
        assert_eq!(
            open.fifty_moves_on_move.len(),
            g.current().legal_moves().len()
        );
    }

    #[test]
    fn a_written_move_claims_only_once_a_position_stood_twice() {
        let knights = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1";
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        for plies in 0..=7 {
            let moves: Vec<&str> = knights.split(' ').take(plies).collect();
            let g = game(start, &moves.join(" "));
            let history = identities(&g);
            let ended = endings(&g, &history, Edition::Fide2018, DeadRule::Material).ended;
            let twice = stood_twice(&history);
            assert_eq!(twice.len(), plies.saturating_sub(3), "after {plies} plies");
            // Only after 7 plies can a written move (f6g8) bring the start
            // position back a third time.
            let open = claims(&g, &history, &ended, &twice);
            assert_eq!(open.threefold_on_move.is_empty(), plies < 7);
        }
    }
}
