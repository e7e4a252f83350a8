//! The parts of the rules an engine may declare (the handshake's
//! `implements`): each with its name in the protocol, the articles it
//! answers to and the field of the status record it is read from.

use serde::{Deserialize, Serialize};

use drawrules::laws::{Claim, Ending};
use drawrules::{Article, Field};

/// A part of the rules an engine may implement; the harness compares only
/// the parts an engine declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Part {
    /// `checkmate` in `ended` (Article 5.1.1).
    Checkmate,
    /// `stalemate` in `ended` (5.2.1).
    Stalemate,
    /// `dead-position` in `ended` (5.2.2).
    DeadPosition,
    /// `fivefold-repetition` in `ended` (9.6.1).
    FivefoldRepetition,
    /// `seventy-five-moves` in `ended` (9.6.2).
    SeventyFiveMoves,
    /// `threefold-repetition` in `claims` (9.2.2).
    ThreefoldRepetition,
    /// `fifty-moves` in `claims` (9.3.2).
    FiftyMoves,
    /// `claims_on_move.threefold-repetition` (9.2.1).
    ThreefoldOnMove,
    /// `claims_on_move.fifty-moves` (9.3.1).
    FiftyMovesOnMove,
    /// `draw_claimable`: some draw may be claimed now, on the board or by
    /// writing a move (9.2 and 9.3 together; protocol 2).
    DrawClaimable,
    /// `game.threefold-repetition`: some ply of the game let the player to
    /// move claim a threefold repetition on the board (9.2.2; per game).
    GameThreefoldRepetition,
    /// `game.fifty-moves`: some ply of the game let the player to move
    /// claim fifty moves on the board (9.3.2; per game).
    GameFiftyMoves,
    /// The `repetition` count (9.2.3, 9.2.2).
    Repetition,
    /// The `clock` (9.3).
    Clock,
    /// The `fen`.
    Fen,
    /// The `result`.
    Result,
    /// Which start positions and moves are accepted (Articles 3 and 5: no
    /// illegal move, no move after the end).
    Moves,
}

impl Part {
    /// Every part, in the order divergences are looked for at a ply.
    pub const ALL: [Part; 17] = [
        Part::Checkmate,
        Part::Stalemate,
        Part::DeadPosition,
        Part::FivefoldRepetition,
        Part::SeventyFiveMoves,
        Part::ThreefoldRepetition,
        Part::FiftyMoves,
        Part::ThreefoldOnMove,
        Part::FiftyMovesOnMove,
        Part::DrawClaimable,
        Part::GameThreefoldRepetition,
        Part::GameFiftyMoves,
        Part::Repetition,
        Part::Clock,
        Part::Fen,
        Part::Result,
        Part::Moves,
    ];

    /// The name in the protocol, e.g. `fifty-moves-on-move`.
    pub const fn name(self) -> &'static str {
        match self {
            Part::Checkmate => "checkmate",
            Part::Stalemate => "stalemate",
            Part::DeadPosition => "dead-position",
            Part::FivefoldRepetition => "fivefold-repetition",
            Part::SeventyFiveMoves => "seventy-five-moves",
            Part::ThreefoldRepetition => "threefold-repetition",
            Part::FiftyMoves => "fifty-moves",
            Part::ThreefoldOnMove => "threefold-on-move",
            Part::FiftyMovesOnMove => "fifty-moves-on-move",
            Part::DrawClaimable => "draw-claimable",
            Part::GameThreefoldRepetition => "game-threefold-repetition",
            Part::GameFiftyMoves => "game-fifty-moves",
            Part::Repetition => "repetition",
            Part::Clock => "clock",
            Part::Fen => "fen",
            Part::Result => "result",
            Part::Moves => "moves",
        }
    }

    /// The articles the part answers to.
    pub const fn articles(self) -> &'static [Article] {
        match self {
            Part::Checkmate => &[Article::Checkmate],
            Part::Stalemate => &[Article::Stalemate],
            Part::DeadPosition => &[Article::DeadPosition],
            Part::FivefoldRepetition => &[Article::FivefoldRepetition],
            Part::SeventyFiveMoves => &[Article::SeventyFiveMoves],
            Part::ThreefoldRepetition => &[Article::ThreefoldNow],
            Part::FiftyMoves => &[Article::FiftyMovesNow],
            Part::ThreefoldOnMove => &[Article::ThreefoldOnMove],
            Part::FiftyMovesOnMove => &[Article::FiftyMovesOnMove],
            Part::DrawClaimable => &[
                Article::ThreefoldOnMove,
                Article::ThreefoldNow,
                Article::FiftyMovesOnMove,
                Article::FiftyMovesNow,
            ],
            Part::GameThreefoldRepetition => &[Article::ThreefoldNow],
            Part::GameFiftyMoves => &[Article::FiftyMovesNow],
            Part::Repetition => &[Article::SamePosition],
            Part::Clock => &[Article::FiftyMovesNow],
            Part::Moves => &[Article::LegalMoves],
            Part::Fen | Part::Result => &[],
        }
    }

    /// The ending this part is about, if it is one.
    pub const fn ending(self) -> Option<Ending> {
        match self {
            Part::Checkmate => Some(Ending::Checkmate),
            Part::Stalemate => Some(Ending::Stalemate),
            Part::DeadPosition => Some(Ending::DeadPosition),
            Part::FivefoldRepetition => Some(Ending::FivefoldRepetition),
            Part::SeventyFiveMoves => Some(Ending::SeventyFiveMoves),
            _ => None,
        }
    }

    /// The part that reports `ending`: the inverse of [`Part::ending`].
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::laws::Ending;
    /// use drawrules_conformance::protocol::Part;
    ///
    /// assert_eq!(Part::of_ending(Ending::SeventyFiveMoves), Part::SeventyFiveMoves);
    /// ```
    pub const fn of_ending(ending: Ending) -> Part {
        match ending {
            Ending::Checkmate => Part::Checkmate,
            Ending::Stalemate => Part::Stalemate,
            Ending::DeadPosition => Part::DeadPosition,
            Ending::FivefoldRepetition => Part::FivefoldRepetition,
            Ending::SeventyFiveMoves => Part::SeventyFiveMoves,
        }
    }

    /// The field of the status record this part is read from (`None` for
    /// [`Part::Moves`] and the `game-` parts, which are read from the whole
    /// game).
    pub const fn field(self) -> Option<Field> {
        match self {
            Part::Checkmate
            | Part::Stalemate
            | Part::DeadPosition
            | Part::FivefoldRepetition
            | Part::SeventyFiveMoves => Some(Field::Ended),
            Part::ThreefoldRepetition | Part::FiftyMoves => Some(Field::Claims),
            Part::ThreefoldOnMove => Some(Field::ThreefoldOnMove),
            Part::FiftyMovesOnMove => Some(Field::FiftyMovesOnMove),
            Part::DrawClaimable => Some(Field::DrawClaimable),
            Part::Repetition => Some(Field::Repetition),
            Part::Clock => Some(Field::Clock),
            Part::Fen => Some(Field::Fen),
            Part::Result => Some(Field::Result),
            Part::Moves | Part::GameThreefoldRepetition | Part::GameFiftyMoves => None,
        }
    }

    /// The claim a per-game part asks about.
    pub const fn game_claim(self) -> Option<Claim> {
        match self {
            Part::GameThreefoldRepetition => Some(Claim::ThreefoldRepetition),
            Part::GameFiftyMoves => Some(Claim::FiftyMoves),
            _ => None,
        }
    }

    /// The claim this part is about (now or on a written move), if any.
    pub const fn claim(self) -> Option<Claim> {
        match self {
            Part::ThreefoldRepetition | Part::ThreefoldOnMove => Some(Claim::ThreefoldRepetition),
            Part::FiftyMoves | Part::FiftyMovesOnMove => Some(Claim::FiftyMoves),
            _ => None,
        }
    }
}
