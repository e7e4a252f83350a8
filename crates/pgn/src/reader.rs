//! Game by game through a PGN text, with the `pgn-reader` crate.

use std::io::{self, Read};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use pgn_reader::{KnownOutcome, Outcome, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::Color;
use thiserror::Error;

use super::game::PgnGame;
use drawrules::laws::GameResult;

/// The source itself failed (an I/O error, a corrupt or truncated
/// compressed stream): no further game can be read from it.
#[derive(Debug, Error)]
#[error("read error after game {after_game}: {source}")]
pub struct SourceError {
    /// The number of the last game read in full (0 if none).
    pub after_game: u64,
    /// The error.
    #[source]
    pub source: io::Error,
}

/// Remembers whether the underlying source failed, so that a parser error
/// can be told apart from a failing source.
struct Watched<R> {
    inner: R,
    failed: Arc<AtomicBool>,
}

impl<R: Read> Read for Watched<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).inspect_err(|err| {
            if err.kind() != io::ErrorKind::Interrupted {
                self.failed.store(true, Ordering::Relaxed);
            }
        })
    }
}

/// Builds a [`PgnGame`] from the parser's events.
#[derive(Default)]
struct Collector {
    current: PgnGame,
    /// Tag pairs read for the current game, kept or not.
    tags_read: usize,
}

impl Visitor for Collector {
    type Tags = ();
    type Movetext = ();
    type Output = PgnGame;

    fn begin_tags(&mut self) -> ControlFlow<PgnGame> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _tags: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<PgnGame> {
        self.tags_read += 1;
        self.current
            .tags
            .set(name, value.decode_utf8_lossy().into_owned());
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<PgnGame> {
        ControlFlow::Continue(())
    }

    fn san(&mut self, _movetext: &mut (), san_plus: SanPlus) -> ControlFlow<PgnGame> {
        self.current.moves.push(san_plus);
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _movetext: &mut ()) -> ControlFlow<PgnGame, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn outcome(&mut self, _movetext: &mut (), outcome: Outcome) -> ControlFlow<PgnGame> {
        self.current.termination = Some(match outcome {
            Outcome::Known(KnownOutcome::Decisive {
                winner: Color::White,
            }) => GameResult::WhiteWins,
            Outcome::Known(KnownOutcome::Decisive {
                winner: Color::Black,
            }) => GameResult::BlackWins,
            Outcome::Known(KnownOutcome::Draw) => GameResult::Draw,
            Outcome::Unknown => GameResult::Ongoing,
        });
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _movetext: ()) -> PgnGame {
        std::mem::take(&mut self.current)
    }
}

/// The games of a PGN text, in order, as an iterator.
///
/// Each item is a game (possibly with a syntax error of its own), or, once,
/// the [`SourceError`] that ends the stream.
///
/// The parser ends a game's movetext at a blank line. When a game has no
/// termination marker and what follows the blank line has no tags, it is
/// the rest of the same movetext (a comment on a line of its own between
/// blank lines, say), and is joined to the game.
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
/// assert_eq!(games[1].index, 2);
/// ```
pub struct Games<R: Read> {
    /// A game read ahead, to see whether it continues the one before.
    ahead: Option<(PgnGame, usize)>,
    reader: Reader<Watched<R>>,
    failed: Arc<AtomicBool>,
    collector: Collector,
    read: u64,
    pending: Option<io::Error>,
    done: bool,
}

impl<R: Read> Games<R> {
    /// Reads games from `source`.
    pub fn new(source: R) -> Games<R> {
        let failed = Arc::new(AtomicBool::new(false));
        let watched = Watched {
            inner: source,
            failed: Arc::clone(&failed),
        };
        Games {
            ahead: None,
            reader: Reader::new(watched),
            failed,
            collector: Collector::default(),
            read: 0,
            pending: None,
            done: false,
        }
    }

    fn source_error(&mut self, source: io::Error) -> Option<Result<PgnGame, SourceError>> {
        self.done = true;
        Some(Err(SourceError {
            after_game: self.read,
            source,
        }))
    }
}

impl<R: Read> Games<R> {
    /// The next game as the parser delimits it, with the number of tag
    /// pairs it had; `None` at the end of the text.
    fn parse_next(&mut self) -> Option<Result<(PgnGame, usize), SourceError>> {
        if self.done {
            return None;
        }
        if let Some(err) = self.pending.take() {
            return self
                .source_error(err)
                .map(|item| item.map(|game| (game, 0)));
        }
        self.collector.current = PgnGame {
            index: self.read + 1,
            ..PgnGame::default()
        };
        self.collector.tags_read = 0;
        match self.reader.read_game(&mut self.collector) {
            Ok(Some(game)) => Some(Ok((game, self.collector.tags_read))),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(err) if self.failed.load(Ordering::Relaxed) => self
                .source_error(err)
                .map(|item| item.map(|game| (game, 0))),
            Err(err) => {
                // The parser gave up on this game: keep what was read, then
                // skip the rest of the game so that the next one starts
                // clean.
                let mut game = std::mem::take(&mut self.collector.current);
                game.syntax_error = Some(err.to_string());
                if let Err(err) = self.reader.skip_game()
                    && self.failed.load(Ordering::Relaxed)
                {
                    self.pending = Some(err);
                }
                Some(Ok((game, self.collector.tags_read)))
            }
        }
    }
}

impl<R: Read> Iterator for Games<R> {
    type Item = Result<PgnGame, SourceError>;

    fn next(&mut self) -> Option<Self::Item> {
        let (mut game, _) = match self.ahead.take().map(Ok).or_else(|| self.parse_next())? {
            Ok(parsed) => parsed,
            Err(err) => return Some(Err(err)),
        };
        game.index = self.read + 1;
        // A movetext cut by a blank line goes on in a game without tags.
        while game.termination.is_none() && game.syntax_error.is_none() {
            match self.parse_next() {
                Some(Ok((rest, 0))) => {
                    game.moves.extend(rest.moves);
                    game.termination = rest.termination;
                    game.syntax_error = rest.syntax_error;
                }
                Some(Ok(next)) => {
                    self.ahead = Some(next);
                    break;
                }
                Some(Err(err)) => {
                    self.pending = Some(err.source);
                    self.done = false;
                    break;
                }
                None => break,
            }
        }
        self.read += 1;
        Some(Ok(game))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(games[3].syntax_error.as_deref(), Some("unterminated tag"));
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
            Some("unterminated comment")
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
        let last = items.last().unwrap().as_ref().unwrap_err();
        assert!(last.to_string().contains("disk on fire"), "{last}");
        assert!(items.len() <= 2);
    }
}
