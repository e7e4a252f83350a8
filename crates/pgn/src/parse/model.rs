//! The same stretch read by the `pgn-reader` crate: the model the
//! [lexer](crate::lexer) is held to.

use std::cell::RefCell;
use std::io::{self, Read};
use std::ops::ControlFlow;
use std::rc::Rc;

use pgn_reader::{KnownOutcome, Outcome, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::Color;

use crate::game::PgnGame;
use drawrules::laws::GameResult;

/// Builds a [`PgnGame`] from the parser's events.
struct Collector {
    current: PgnGame,
    max_plies: usize,
}

impl Visitor for Collector {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _tags: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        self.current
            .tags
            .set(name, value.decode_utf8_lossy().into_owned());
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn san(&mut self, _movetext: &mut (), san_plus: SanPlus) -> ControlFlow<()> {
        // One ply past the limit is kept, to know that it was passed; the
        // rest is read but not held.
        if self.current.moves.len() <= self.max_plies {
            self.current.moves.push(san_plus);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _movetext: &mut ()) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn outcome(&mut self, _movetext: &mut (), outcome: Outcome) -> ControlFlow<()> {
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

    fn end_game(&mut self, _movetext: ()) {}
}

/// The text the thread's reader reads next.
#[derive(Default)]
struct Text {
    bytes: Vec<u8>,
    at: usize,
}

/// A reader over the thread's [`Text`].
struct Feed(Rc<RefCell<Text>>);

impl Read for Feed {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut text = self.0.borrow_mut();
        let at = text.at;
        let n = buf.len().min(text.bytes.len() - at);
        buf[..n].copy_from_slice(&text.bytes[at..at + n]);
        text.at += n;
        Ok(n)
    }
}

thread_local! {
    /// One parser per thread, reused from game to game (a new one costs a
    /// zeroed buffer).
    static PARSER: (Rc<RefCell<Text>>, RefCell<Reader<Feed>>) = {
        let text = Rc::new(RefCell::new(Text::default()));
        let reader = Reader::new(Feed(Rc::clone(&text)));
        (text, RefCell::new(reader))
    };
}

/// Parses one stretch of a game's text (the scanner's frame) into `game`:
/// tags, moves and termination marker; a parser error becomes the game's
/// syntax error.
pub(crate) fn parse_segment(text: &[u8], game: &mut PgnGame, max_plies: usize) {
    PARSER.with(|(feed, reader)| {
        {
            let mut feed = feed.borrow_mut();
            feed.bytes.clear();
            feed.bytes.extend_from_slice(text);
            feed.at = 0;
        }
        let mut collector = Collector {
            current: std::mem::take(game),
            max_plies,
        };
        let mut reader = reader.borrow_mut();
        // The scanner cut the text where the parser ends a game, so this is
        // one game; should the parser see more, they are read as the rest
        // of the same movetext, so that nothing is dropped.
        for _ in 0..=text.len() {
            let termination = collector.current.termination.take();
            match reader.read_game(&mut collector) {
                Ok(Some(())) => {}
                Ok(None) => {
                    collector.current.termination = termination;
                    break;
                }
                Err(err) => {
                    if collector.current.termination.is_none() {
                        collector.current.termination = termination;
                    }
                    collector
                        .current
                        .syntax_error
                        .get_or_insert_with(|| err.to_string());
                }
            }
        }
        *game = collector.current;
    });
}
