//! The articles of the FIDE Laws of Chess that this project implements or
//! cites: the single source of their numbers and of our short names for
//! them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// An article of the Laws, by its number.
///
/// Displayed, serialised and parsed as its number (`9.2.1`). The names are
/// ours, a few words each; the Laws' own text is never quoted.
///
/// # Examples
///
/// ```
/// use drawrules::{Article, Claim, Ending};
///
/// let article: Article = "9.6.2".parse().unwrap();
/// assert_eq!(article, Ending::SeventyFiveMoves.article());
/// assert_eq!(article.to_string(), "9.6.2");
/// assert_eq!(Claim::FiftyMoves.article_on_move().number(), "9.3.1");
/// assert!("9.9".parse::<Article>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Article {
    /// 3.7: how pawns move (two-square advance, en passant, promotion).
    PawnMoves,
    /// 3.8: how the king moves, castling included.
    KingMoves,
    /// 3.9: a king in check.
    Check,
    /// 3.10: which moves are legal.
    LegalMoves,
    /// 5.1.1: checkmate ends the game.
    Checkmate,
    /// 5.2.1: stalemate ends the game, drawn.
    Stalemate,
    /// 5.2.2: a dead position ends the game, drawn.
    DeadPosition,
    /// 9.2.1: a threefold claim on a move written down first.
    ThreefoldOnMove,
    /// 9.2.2: a threefold claim on the position that stands.
    ThreefoldNow,
    /// 9.2.3: when two positions are the same.
    SamePosition,
    /// 9.3.1: a fifty-move claim on a move written down first.
    FiftyMovesOnMove,
    /// 9.3.2: a fifty-move claim on the moves already made.
    FiftyMovesNow,
    /// 9.6.1: fivefold repetition ends the game, drawn.
    FivefoldRepetition,
    /// 9.6.2: seventy-five moves end the game, drawn, unless the last
    /// move mated.
    SeventyFiveMoves,
}

impl Article {
    /// Every article, in the Laws' order.
    pub const ALL: [Article; 14] = [
        Article::PawnMoves,
        Article::KingMoves,
        Article::Check,
        Article::LegalMoves,
        Article::Checkmate,
        Article::Stalemate,
        Article::DeadPosition,
        Article::ThreefoldOnMove,
        Article::ThreefoldNow,
        Article::SamePosition,
        Article::FiftyMovesOnMove,
        Article::FiftyMovesNow,
        Article::FivefoldRepetition,
        Article::SeventyFiveMoves,
    ];

    /// The article's number, e.g. `9.2.3`.
    pub const fn number(self) -> &'static str {
        match self {
            Article::PawnMoves => "3.7",
            Article::KingMoves => "3.8",
            Article::Check => "3.9",
            Article::LegalMoves => "3.10",
            Article::Checkmate => "5.1.1",
            Article::Stalemate => "5.2.1",
            Article::DeadPosition => "5.2.2",
            Article::ThreefoldOnMove => "9.2.1",
            Article::ThreefoldNow => "9.2.2",
            Article::SamePosition => "9.2.3",
            Article::FiftyMovesOnMove => "9.3.1",
            Article::FiftyMovesNow => "9.3.2",
            Article::FivefoldRepetition => "9.6.1",
            Article::SeventyFiveMoves => "9.6.2",
        }
    }
}

impl fmt::Display for Article {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.number())
    }
}

/// A text that is not the number of an article we know.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown article {text:?} (expected one of {})", known())]
pub struct ParseArticleError {
    /// The text given.
    pub text: String,
}

fn known() -> String {
    Article::ALL.map(Article::number).join(", ")
}

impl FromStr for Article {
    type Err = ParseArticleError;

    fn from_str(text: &str) -> Result<Article, ParseArticleError> {
        Article::ALL
            .into_iter()
            .find(|article| article.number() == text)
            .ok_or_else(|| ParseArticleError {
                text: text.to_owned(),
            })
    }
}

impl Serialize for Article {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.number())
    }
}

impl<'de> Deserialize<'de> for Article {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Article, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip_and_are_unique() {
        for article in Article::ALL {
            assert_eq!(article.number().parse::<Article>(), Ok(article));
        }
        let mut numbers = Article::ALL.map(Article::number).to_vec();
        numbers.dedup();
        assert_eq!(numbers.len(), Article::ALL.len());
    }

    #[test]
    fn unknown_numbers_are_named() {
        let err = "9.4".parse::<Article>().unwrap_err();
        assert!(
            err.to_string()
                .starts_with("unknown article \"9.4\" (expected one of 3.7, 3.8"),
            "{err}"
        );
    }
}
