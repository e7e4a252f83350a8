//! Game by game through a PGN text: the scanner cuts it into games and
//! this crate's own parser ([`parse`], a lexer that follows the
//! `pgn-reader` crate's grammar) reads each.

use std::io::Read;

use crate::Limits;
use crate::game::PgnGame;
use crate::line_ends::LineEnds;
use crate::parse::parse;
use crate::source_error::SourceError;
use crate::units::Units;

/// The games of a PGN text, in order, as an iterator.
///
/// Each item is a game (possibly with a syntax error of its own, or too
/// long for the [`Limits`]), or, once, the [`SourceError`] that ends the
/// stream.
///
/// A game ends where the `pgn-reader` crate ends it: at a line break
/// followed by a blank line or by `[`, outside comments. A comment still
/// open at a line that starts a tag pair (`[` and a letter) is cut there:
/// its game gets a syntax error naming the comment's line and the next
/// game starts at that tag section, so that one damaged game never hides
/// the ones after it. When a game has no termination marker and what
/// follows the blank line has no tags, it is the rest of the same movetext
/// (a comment on a line of its own between blank lines, say), and is
/// joined to the game.
///
/// When the source fails, the games read in full before the failure come
/// first (the last one counts as whole when it reads without error up to
/// its termination marker), then the error.
///
/// # Examples
///
/// ```
/// use drawrules_pgn::Games;
///
/// let pgn = "[White \"A\"]\n\n1. e4 {best} e5 (1... c5) 2. Nf3 1-0\n\n1. d4 *\n";
/// let games: Vec<_> = Games::new(pgn.as_bytes()).map(Result::unwrap).collect();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].tags.white.as_deref(), Some("A"));
/// assert_eq!(games[0].moves.len(), 3);
/// assert_eq!((games[1].index, games[1].line), (2, 5));
/// ```
pub struct Games<R: Read> {
    units: Units<LineEnds<R>>,
    limits: Limits,
}

impl<R: Read> Games<R> {
    /// Reads games from `source` with the default [`Limits`].
    pub fn new(source: R) -> Games<R> {
        Games::with_limits(source, Limits::default())
    }

    /// Reads games from `source`; games longer than `limits` come back
    /// with [`PgnGame::too_long`] set and no moves.
    pub fn with_limits(source: R, limits: Limits) -> Games<R> {
        Games {
            units: Units::new(LineEnds::new(source), limits),
            limits,
        }
    }
}

impl<R: Read> Iterator for Games<R> {
    type Item = Result<PgnGame, SourceError>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(self.units.next()?.map(|unit| parse(&unit, &self.limits)))
    }
}

#[cfg(test)]
mod tests {
    use std::io;

    use super::*;
    use drawrules::laws::GameResult;

    fn games(text: &str) -> Vec<PgnGame> {
        Games::new(text.as_bytes()).map(Result::unwrap).collect()
    }

    #[test]
    fn main_line_only_with_tags_and_termination() {
        let text = "[Event \"E\"]\n[White \"W \\\"Q\\\"\"]\n[Result \"1/2-1/2\"]\n\n\
                    1. e4 $1 e5!? {a {comment} 2. Nf3 (2. f4 exf4 (2... d5)) ; rest\n\
                    2... Nc6 1/2-1/2\n";
        let games = games(text);
        assert_eq!(games.len(), 1);
        let game = &games[0];
        assert_eq!(game.tags.event.as_deref(), Some("E"));
        assert_eq!(game.tags.white.as_deref(), Some("W \"Q\""));
        let sans: Vec<String> = game.moves.iter().map(ToString::to_string).collect();
        assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(game.termination, Some(GameResult::Draw));
        assert_eq!(game.syntax_error, None);
    }

    #[test]
    fn broken_tags_spoil_only_their_game() {
        // A value without its closing quote ends at the end of the line.
        let text = "[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\n[White \"x\"]\n\n1. d4 *\n\n\
                    [Event \"C\"]\n\n1. c4 *\n\n[Event \"D";
        let games = games(text);
        let events: Vec<Option<&str>> = games.iter().map(|g| g.tags.event.as_deref()).collect();
        assert_eq!(events, [Some("A"), Some("B"), Some("C"), None], "{games:?}");
        assert_eq!(games[1].tags.white.as_deref(), Some("x"));
        // A tag cut by the end of the text is an error of its own game.
        assert_eq!(
            games[3].syntax_error.as_deref(),
            Some("unterminated tag on line 14")
        );
        assert!(games[..3].iter().all(|g| g.syntax_error.is_none()));
        assert_eq!(
            games.iter().map(|g| g.index).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
    }

    #[test]
    fn a_movetext_cut_by_blank_lines_is_joined() {
        let text = "[Event \"A\"]\n\n{ a note }\n\n1. e4 e5\n\n2. Nf3 1-0\n\n\
                    [Event \"B\"]\n\n1. d4\n\n[Event \"C\"]\n\n1. c4 *\n\n1. b3 *\n";
        let games = games(text);
        let summary: Vec<(u64, Option<&str>, usize, Option<GameResult>)> = games
            .iter()
            .map(|g| {
                (
                    g.index,
                    g.tags.event.as_deref(),
                    g.moves.len(),
                    g.termination,
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                (1, Some("A"), 3, Some(GameResult::WhiteWins)),
                (2, Some("B"), 1, None),
                (3, Some("C"), 1, Some(GameResult::Ongoing)),
                (4, None, 1, Some(GameResult::Ongoing)),
            ]
        );
    }

    #[test]
    fn an_unterminated_comment_ends_the_last_game_with_an_error() {
        let games = games("1. e4 {never closed\n");
        assert_eq!(games.len(), 1);
        assert_eq!(
            games[0].syntax_error.as_deref(),
            Some("unterminated comment opened on line 1; reading goes on at the next tag section")
        );
    }

    #[test]
    fn a_failing_source_ends_the_stream() {
        struct Failing(usize);
        impl Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let text = b"1. e4 e5 *\n\n";
                if self.0 == 0 {
                    self.0 += 1;
                    buf[..text.len()].copy_from_slice(text);
                    Ok(text.len())
                } else {
                    Err(io::Error::other("disk on fire"))
                }
            }
        }
        let items: Vec<_> = Games::new(Failing(0)).collect();
        assert_eq!(items.len(), 2, "the whole game, then the error");
        assert_eq!(items[0].as_ref().unwrap().moves.len(), 2);
        let last = items[1].as_ref().unwrap_err();
        assert_eq!(
            last.to_string(),
            "read error at line 3, after game 1: disk on fire"
        );
    }
}
