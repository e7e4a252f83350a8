//! The vocabulary of the draw rules: editions of the Laws, the endings that
//! finish a game, the draws a player may claim, and the result of a game.
//!
//! Nothing in this module decides anything about a position: it only names
//! things, so that every implementation (the [reference](mod@crate::reference),
//! the optimised arbiter, an external engine) speaks the same words.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::article::Article;

/// The edition of the FIDE Laws of Chess whose draw rules apply.
///
/// The editions differ only in Article 9.6.1 (the automatic draw by
/// repetition). The default is [`Edition::Fide2018`].
///
/// # Examples
///
/// ```
/// use drawrules::Edition;
///
/// let edition: Edition = "fide-2014".parse().unwrap();
/// assert_eq!(edition, Edition::Fide2014);
/// assert_eq!(Edition::default().to_string(), "fide-2018");
/// assert!("fide-1997".parse::<Edition>().is_err());
/// ```
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Edition {
    /// The Laws in force from 1 January 2018; the 2017 and 2023 texts say the
    /// same about these articles. Fivefold repetition counts occurrences.
    #[default]
    #[serde(rename = "fide-2018")]
    Fide2018,
    /// The Laws in force from 1 July 2014. Fivefold repetition needs the same
    /// position after five consecutive alternate moves by each player.
    #[serde(rename = "fide-2014")]
    Fide2014,
}

impl Edition {
    /// Every edition, newest first.
    pub const ALL: [Edition; 2] = [Edition::Fide2018, Edition::Fide2014];

    /// The name used on the command line and in JSON, e.g. `fide-2018`.
    pub const fn name(self) -> &'static str {
        match self {
            Edition::Fide2018 => "fide-2018",
            Edition::Fide2014 => "fide-2014",
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name given for an edition is not one we know.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown rules {name:?} (expected fide-2018 or fide-2014)")]
pub struct ParseEditionError {
    /// The text that was given.
    pub name: String,
}

impl FromStr for Edition {
    type Err = ParseEditionError;

    fn from_str(s: &str) -> Result<Edition, ParseEditionError> {
        Edition::ALL
            .into_iter()
            .find(|edition| edition.name() == s)
            .ok_or_else(|| ParseEditionError { name: s.to_owned() })
    }
}

/// Something that ends the game at once, with no claim needed.
///
/// Variants are declared in article order, which is also the order in which
/// a status record lists them.
///
/// # Examples
///
/// ```
/// use drawrules::Ending;
///
/// assert_eq!(Ending::SeventyFiveMoves.article().number(), "9.6.2");
/// assert_eq!(Ending::SeventyFiveMoves.to_string(), "seventy-five-moves");
/// assert!(Ending::Stalemate.is_draw());
/// assert!(!Ending::Checkmate.is_draw());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// Article 5.1.1: the side to move is in check and has no legal move.
    Checkmate,
    /// Article 5.2.1: the side to move is not in check and has no legal move.
    Stalemate,
    /// Article 5.2.2, the part we decide: neither side has mating material.
    DeadPosition,
    /// Article 9.6.1: the same position has stood five times (edition rules
    /// apply).
    FivefoldRepetition,
    /// Article 9.6.2: 75 moves by each player without a pawn move or a
    /// capture, unless the last move checkmated.
    SeventyFiveMoves,
}

impl Ending {
    /// Every ending, in article order.
    pub const ALL: [Ending; 5] = [
        Ending::Checkmate,
        Ending::Stalemate,
        Ending::DeadPosition,
        Ending::FivefoldRepetition,
        Ending::SeventyFiveMoves,
    ];

    /// The name used in status records, e.g. `fivefold-repetition`.
    pub const fn name(self) -> &'static str {
        match self {
            Ending::Checkmate => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::DeadPosition => "dead-position",
            Ending::FivefoldRepetition => "fivefold-repetition",
            Ending::SeventyFiveMoves => "seventy-five-moves",
        }
    }

    /// The article of the Laws that defines this ending.
    pub const fn article(self) -> Article {
        match self {
            Ending::Checkmate => Article::Checkmate,
            Ending::Stalemate => Article::Stalemate,
            Ending::DeadPosition => Article::DeadPosition,
            Ending::FivefoldRepetition => Article::FivefoldRepetition,
            Ending::SeventyFiveMoves => Article::SeventyFiveMoves,
        }
    }

    /// Whether the ending is a draw (every ending but checkmate is).
    pub const fn is_draw(self) -> bool {
        !matches!(self, Ending::Checkmate)
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A draw that the player to move may claim from the arbiter.
///
/// Each claim can be made in two ways: on the position that stands now
/// ([`Claim::article_now`]), or by writing down a move not yet played
/// ([`Claim::article_on_move`]).
///
/// # Examples
///
/// ```
/// use drawrules::Claim;
///
/// assert_eq!(Claim::FiftyMoves.article_now().number(), "9.3.2");
/// assert_eq!(Claim::FiftyMoves.article_on_move().number(), "9.3.1");
/// assert_eq!(Claim::ThreefoldRepetition.to_string(), "threefold-repetition");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Claim {
    /// Article 9.2: the same position for the third time.
    ThreefoldRepetition,
    /// Article 9.3: 50 moves by each player without a pawn move or a capture.
    FiftyMoves,
}

impl Claim {
    /// Every claim, in article order.
    pub const ALL: [Claim; 2] = [Claim::ThreefoldRepetition, Claim::FiftyMoves];

    /// The name used in status records, e.g. `fifty-moves`.
    pub const fn name(self) -> &'static str {
        match self {
            Claim::ThreefoldRepetition => "threefold-repetition",
            Claim::FiftyMoves => "fifty-moves",
        }
    }

    /// The article for a claim on the position that stands now.
    pub const fn article_now(self) -> Article {
        match self {
            Claim::ThreefoldRepetition => Article::ThreefoldNow,
            Claim::FiftyMoves => Article::FiftyMovesNow,
        }
    }

    /// The article for a claim made by writing down a move first.
    pub const fn article_on_move(self) -> Article {
        match self {
            Claim::ThreefoldRepetition => Article::ThreefoldOnMove,
            Claim::FiftyMoves => Article::FiftyMovesOnMove,
        }
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The result of a game as written on a scoresheet.
///
/// # Examples
///
/// ```
/// use drawrules::GameResult;
///
/// assert_eq!(GameResult::Draw.to_string(), "1/2-1/2");
/// assert_eq!(serde_json::to_string(&GameResult::Ongoing).unwrap(), "\"*\"");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// White won.
    #[serde(rename = "1-0")]
    WhiteWins,
    /// Black won.
    #[serde(rename = "0-1")]
    BlackWins,
    /// The game was drawn.
    #[serde(rename = "1/2-1/2")]
    Draw,
    /// The game is not over.
    #[serde(rename = "*")]
    Ongoing,
}

impl GameResult {
    /// The scoresheet spelling: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Ongoing => "*",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_through_serde_and_display() {
        for ending in Ending::ALL {
            let json = serde_json::to_string(&ending).unwrap();
            assert_eq!(json, format!("\"{ending}\""));
            assert_eq!(serde_json::from_str::<Ending>(&json).unwrap(), ending);
        }
        for claim in Claim::ALL {
            let json = serde_json::to_string(&claim).unwrap();
            assert_eq!(json, format!("\"{claim}\""));
        }
        for edition in Edition::ALL {
            let json = serde_json::to_string(&edition).unwrap();
            assert_eq!(json, format!("\"{edition}\""));
            assert_eq!(edition.name().parse::<Edition>().unwrap(), edition);
        }
    }

    #[test]
    fn endings_sort_in_article_order() {
        let mut shuffled = vec![
            Ending::SeventyFiveMoves,
            Ending::Checkmate,
            Ending::FivefoldRepetition,
            Ending::DeadPosition,
            Ending::Stalemate,
        ];
        shuffled.sort();
        assert_eq!(shuffled, Ending::ALL);
    }

    #[test]
    fn unknown_edition_names_the_text() {
        let err = "FIDE-2018".parse::<Edition>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown rules \"FIDE-2018\" (expected fide-2018 or fide-2014)"
        );
    }
}
