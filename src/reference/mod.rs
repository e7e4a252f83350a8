//! The executable reference: the draw rules written to be read beside the
//! Laws, with clarity before speed.
//!
//! One file per article group, in the order a reader needs them:
//!
//! | file | articles |
//! |---|---|
//! | `game.rs` ([`Game`]) | none: the record the rules read (start position, moves, the position each move produced) |
//! | [`same_position`] | 9.2.3 when two positions are the same |
//! | [`repetition`] | 9.2.1, 9.2.2 threefold repetition; 9.6.1 fivefold repetition |
//! | [`move_count`] | 9.3.1, 9.3.2 fifty moves; 9.6.2 seventy-five moves (the count) |
//! | [`endings`] | 5.1.1 checkmate; 5.2.1 stalemate |
//! | [`dead_position`] | 5.2.2 dead position: by material (the default rule) or exactly, with evidence |
//! | [`precedence`] | 5.1.1, 5.2, 9.2, 9.3, 9.6 together: which endings stand together (9.6.2's checkmate exception), no claim once the game is over, the result |
//! | [`fen`] | none: the record's FEN, written with 9.2.3's rights and 9.3's count |
//! | `record.rs` | none: the status record, assembled from the modules above |
//! | `mod.rs` | none: [`Reference`], which plays the moves and keeps the memo below |
//!
//! The reference keeps only the [`Game`] record (start position and moves)
//! and derives every fact from it: no running clock, no hashes, no window of
//! recent positions. shakmaty tells it which moves are legal and what a move
//! does; everything the rules look at (position identity, castling and en
//! passant rights, the move count) is derived here.
//!
//! # The memo
//!
//! The repetition rules count in the game's history of identities (the
//! identity of each ply from 0 on, Article 9.2.3) and take it as an
//! argument; see [`repetition`]. Deriving every identity afresh at every
//! query would make a long game quadratic in its length, so [`Reference`]
//! keeps a memo: when a ply is played, it derives that ply's identity by
//! calling [`same_position::identity`] and appends it. A played ply never
//! changes, so the memo always equals [`same_position::identities`] of the
//! game.
//!
//! The memo also keeps the positions of that history that have stood
//! twice (those whose 9.2.2 count reached 2 when their ply was played), as
//! [`repetition::stood_twice`] would list them: only a written move that
//! brings one of them back makes a position stand a third time, so
//! [`precedence::claims`] holds each legal move against them alone (and
//! plays none while there is none, as in most plies of real games). Both
//! are kept besides the game record.
//!
//! Last, the endings of the last ply ([`precedence::endings`]) are computed
//! once, when first asked, and forgotten when the next ply is played: under
//! the exact 5.2.2 rule they cost a search, which playing a move (is the
//! game over?) and its record would otherwise run twice. Everything else is
//! recomputed whenever it is asked.

pub mod dead_position;
pub mod endings;
pub mod fen;
mod game;
pub mod move_count;
pub mod precedence;
mod record;
pub mod repetition;
pub mod same_position;

pub use game::Game;

use std::sync::OnceLock;

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move};

use crate::laws::{Edition, Ending};
use crate::mating::DeadRule;
use crate::rules::{Rules, RulesError};
use crate::start::StartPosition;
use crate::status::Status;
use same_position::{Identity, identity};

/// The reference implementation of the draw rules.
///
/// # Examples
///
/// ```
/// use drawrules::{Edition, Ending, GameResult, Reference, Rules, StartPosition};
///
/// // Clock at 149; White mates with the 150th ply: checkmate takes
/// // precedence over the seventy-five-move rule (9.6.2).
/// let start: StartPosition = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120".parse().unwrap();
/// let mut game = Reference::new(&start, Edition::Fide2018);
/// game.play("a1a8".parse().unwrap()).unwrap();
/// let status = game.status();
/// assert_eq!(status.clock, 150);
/// assert_eq!(status.ended, vec![Ending::Checkmate]);
/// assert_eq!(status.result, GameResult::WhiteWins);
/// assert!(game.play("g8h8".parse().unwrap()).is_err(), "the game is over");
/// ```
#[derive(Clone, Debug)]
pub struct Reference {
    edition: Edition,
    game: Game,
    /// The memo (see the module docs): the identities of plies 0 to the
    /// last, each derived by [`identity`] when its ply was played.
    identities: Vec<Identity>,
    /// The positions of `identities` that have stood twice, in the order
    /// their 9.2.2 count reached 2.
    twice: Vec<Identity>,
    /// How 5.2.2 is decided.
    dead_rule: DeadRule,
    /// The endings of the last ply, once asked (see the module docs).
    endings: OnceLock<precedence::Endings>,
}

impl Default for Reference {
    /// A game from the standard starting position under the default edition.
    fn default() -> Reference {
        Reference::new(&StartPosition::standard(), Edition::default())
    }
}

impl Reference {
    /// A new game from `start` under `edition`.
    pub fn new(start: &StartPosition, edition: Edition) -> Reference {
        let game = Game::new(start.clone());
        let identities = vec![identity(&game, 0)];
        Reference {
            edition,
            game,
            identities,
            twice: Vec::new(),
            dead_rule: DeadRule::default(),
            endings: OnceLock::new(),
        }
    }

    /// The same game with Article 5.2.2 decided as `rule` says (the
    /// default is [`DeadRule::Material`]); see [`DeadRule`] for an example.
    #[must_use]
    pub fn with_dead_rule(mut self, rule: DeadRule) -> Reference {
        self.dead_rule = rule;
        self.endings = OnceLock::new();
        self
    }

    /// How Article 5.2.2 is decided.
    pub fn dead_rule(&self) -> DeadRule {
        self.dead_rule
    }

    /// The edition whose rules apply.
    pub fn edition(&self) -> Edition {
        self.edition
    }

    /// The game record so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        self.game.current()
    }

    /// The endings that hold now, in article order (empty while the game
    /// goes on).
    pub fn endings(&self) -> Vec<Ending> {
        self.decided().ended.clone()
    }

    /// The endings of the last ply, with the undetermined ones, from the
    /// memo.
    fn decided(&self) -> &precedence::Endings {
        self.endings.get_or_init(|| {
            precedence::endings(&self.game, &self.identities, self.edition, self.dead_rule)
        })
    }

    /// Plays a move given as a shakmaty [`Move`].
    ///
    /// # Errors
    ///
    /// [`RulesError::GameOver`] once an ending holds, [`RulesError::IllegalMove`]
    /// if the move is not legal here.
    pub fn play_move(&mut self, mv: Move) -> Result<(), RulesError> {
        self.ensure_going_on()?;
        self.push_legal(mv)
    }

    /// Appends `mv` to the game if it is legal on the board, and the new
    /// ply's identity to the memo.
    fn push_legal(&mut self, mv: Move) -> Result<(), RulesError> {
        if self.game.push(mv) {
            let ply = self.game.last_ply();
            self.identities.push(identity(&self.game, ply));
            if repetition::repetition_count(&self.identities, ply) == 2 {
                self.twice.push(self.identities[ply].clone());
            }
            self.endings = OnceLock::new();
            Ok(())
        } else {
            Err(RulesError::IllegalMove)
        }
    }

    /// A move may be played only while no ending holds.
    fn ensure_going_on(&self) -> Result<(), RulesError> {
        let ended = self.endings();
        if ended.is_empty() {
            Ok(())
        } else {
            Err(RulesError::GameOver { ended })
        }
    }
}

impl Rules for Reference {
    fn start(&mut self, start: &StartPosition, edition: Edition) -> Result<(), RulesError> {
        *self = Reference::new(start, edition).with_dead_rule(self.dead_rule);
        Ok(())
    }

    fn play(&mut self, mv: UciMove) -> Result<(), RulesError> {
        self.ensure_going_on()?;
        let mv = mv
            .to_move(self.game.current())
            .map_err(|_| RulesError::IllegalMove)?;
        self.push_legal(mv)
    }

    fn set_dead_rule(&mut self, rule: DeadRule) -> bool {
        if rule != self.dead_rule {
            // The current position keeps its verdict (see the trait): its
            // endings are decided now, under the rule it was reached with.
            self.decided();
            self.dead_rule = rule;
        }
        true
    }

    fn status(&self) -> Status {
        record::status(&self.game, &self.identities, &self.twice, self.decided())
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Helpers for the per-article unit tests.

    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, Move};

    use super::Game;
    use crate::start::StartPosition;

    /// The game from `fen` with the space-separated UCI `moves` played.
    pub fn game(fen: &str, moves: &str) -> Game {
        game_in(fen, moves, CastlingMode::Standard)
    }

    /// The game from `fen` in standard chess or Chess960 (`mode`), with
    /// the UCI `moves` played (castling king-takes-rook in Chess960).
    pub fn game_in(fen: &str, moves: &str, mode: CastlingMode) -> Game {
        let mut game = Game::new(StartPosition::from_fen_in(fen, mode).expect("test FEN"));
        for text in moves.split_whitespace() {
            let uci: UciMove = text.parse().expect("test move is UCI");
            let mv = uci.to_move(game.current()).expect("test move is legal");
            assert!(game.push(mv), "{text} is legal");
        }
        game
    }

    /// Moves as UCI text, sorted.
    pub fn uci_list(moves: &[Move]) -> Vec<String> {
        let mut list: Vec<String> = moves
            .iter()
            .map(|&mv| UciMove::from_move(mv, CastlingMode::Standard).to_string())
            .collect();
        list.sort();
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_accessors_answer_for_the_game_played_and_no_move_follows_the_end() {
        // Fool's mate under the 2014 edition, 5.2.2 decided exactly: each
        // accessor is asked where its default answer would be wrong.
        let mut reference = Reference::new(&StartPosition::standard(), Edition::Fide2014)
            .with_dead_rule(DeadRule::Exact(crate::mating::Budget::DEFAULT));
        assert_eq!(
            reference.dead_rule(),
            DeadRule::Exact(crate::mating::Budget::DEFAULT)
        );
        assert_eq!(reference.edition(), Edition::Fide2014);
        for text in ["f2f3", "e7e5", "g2g4"] {
            reference.play(text.parse().unwrap()).unwrap();
        }
        assert_eq!(reference.endings(), []);
        let mate = "d8h4"
            .parse::<UciMove>()
            .unwrap()
            .to_move(reference.position())
            .unwrap();
        reference.play_move(mate).unwrap();
        assert_eq!(reference.game().last_ply(), 4);
        assert_eq!(reference.game().moves().last(), Some(&mate));
        assert_eq!(
            shakmaty::Position::board(reference.position()).to_string(),
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR"
        );
        assert_eq!(reference.endings(), [Ending::Checkmate]);
        // No move after the end, through either door, legal or not: the
        // game is over first.
        let over = Err(RulesError::GameOver {
            ended: vec![Ending::Checkmate],
        });
        assert_eq!(reference.play("a2a3".parse().unwrap()), over);
        let pawn = Move::Normal {
            role: shakmaty::Role::Pawn,
            from: shakmaty::Square::A2,
            capture: None,
            to: shakmaty::Square::A3,
            promotion: None,
        };
        assert_eq!(reference.play_move(pawn), over);
        assert_eq!(reference.game().last_ply(), 4);
    }

    #[test]
    fn the_memo_is_the_history_of_identities() {
        // Castling, a rook leaving its square, a double step with and
        // without a legal en passant reply, an en passant capture.
        let fen = "r3k2r/pppp1ppp/8/8/4p3/8/PPPPPPPP/R3K2R w KQkq - 0 1";
        let start: StartPosition = fen.parse().unwrap();
        let mut reference = Reference::new(&start, Edition::Fide2018);
        for text in ["d2d4", "e4d3", "e1g1", "a8b8", "a2a4", "b8a8", "h2h3"] {
            reference.play(text.parse().unwrap()).unwrap();
            assert_eq!(
                reference.identities,
                same_position::identities(reference.game()),
                "after {text}"
            );
            assert_eq!(
                reference.twice,
                repetition::stood_twice(&reference.identities),
                "after {text}"
            );
        }
    }

    #[test]
    fn the_memo_knows_when_a_position_first_stood_twice() {
        let mut reference = Reference::default();
        let mut seen = Vec::new();
        for text in ["g1f3", "g8f6", "f3g1", "f6g8", "e2e4"] {
            reference.play(text.parse().unwrap()).unwrap();
            seen.push(reference.twice.len());
        }
        // The start position stands again after the fourth ply, and has
        // then stood twice for good.
        assert_eq!(seen, [0, 0, 0, 1, 1]);
        assert_eq!(reference.twice, [reference.identities[0].clone()]);
    }
}
