//! A PGN text cut into long pieces, each of whole games, so that several
//! threads can each cut and read their own piece: the reading thread only
//! looks for a safe place to cut, and the work of cutting the games, which
//! a single reading thread would otherwise do for all, is shared out.
//!
//! A piece ends only where the [scanner](crate::scan) reading the whole
//! text would start a new game whatever came before: at a line that opens
//! a tag pair with a quoted value (`[` and a letter, then a `"` before any
//! `]` or line break), after a line that cannot belong to a tag section.
//! The scanner ends a movetext, a variation and a `;` comment at a line
//! starting with `[`, and cuts a `{` comment at a line starting with `[`
//! and a letter; only a tag section goes on across such a line. So the
//! last line before the cut, blank lines aside, must neither open a tag
//! (`[`), close one left open on the line before (`]`) or be an escape
//! line (`%`), nor go on from a tag value whose line ended in `\` (the
//! escape takes the line break with it). A game that
//! starts with a quoted tag pair is never joined to the one before it.
//! Each piece, read by a scanner that starts at its first line, gives
//! exactly the games the whole text gives there.
//!
//! When no such place turns up within [`Chunks::MAX_PENDING`] bytes (one
//! very long game, a stream with no tags at all), the rest of the text is
//! cut game by game on the reading thread, as with one piece, so that the
//! memory held stays bounded.

use std::io::{self, Cursor, Read};

use crate::Limits;
use crate::source_error::SourceError;
use crate::unit::Unit;
use crate::units::Units;

/// A piece of the text: whole games, their first line, and the failure of
/// the source right after it, if any.
#[derive(Debug)]
pub(crate) struct Piece {
    /// The text.
    pub text: Vec<u8>,
    /// The line of the whole text the piece starts on, from 1.
    pub line: u64,
    /// The source failed right after this text: nothing follows.
    pub failure: Option<io::Error>,
}

impl Piece {
    /// The games of the piece, numbered from 1 within it, then the
    /// source's failure, as [`Units`] gives them.
    ///
    /// The piece's text is scanned where it is, not copied into another
    /// buffer first.
    pub(crate) fn units(self, limits: Limits) -> Units<Failing> {
        let after = Failing {
            failure: self.failure,
        };
        Units::holding(self.text, after, limits, self.line)
    }
}

/// What comes after a piece's text: its failure (once), or the end.
pub(crate) struct Failing {
    failure: Option<io::Error>,
}

impl Read for Failing {
    fn read(&mut self, _buf: &mut [u8]) -> io::Result<usize> {
        self.failure.take().map_or(Ok(0), Err)
    }
}

/// What the reading thread hands on: a piece, or (once it found no place
/// to cut) one game already cut.
#[derive(Debug)]
pub(crate) enum Item {
    Piece(Piece),
    Unit(Result<Unit, SourceError>),
}

/// The source read on, once no place to cut was found: what was held,
/// then the rest.
type Rest<R> = io::Chain<Cursor<Vec<u8>>, R>;

/// The text of a source as [`Item`]s, in order.
pub(crate) struct Chunks<R> {
    state: State<R>,
    limits: Limits,
    piece_size: usize,
    max_pending: usize,
}

enum State<R> {
    Cutting {
        source: R,
        /// Read but not yet handed on.
        pending: Vec<u8>,
        /// The line `pending` starts on.
        line: u64,
        /// Where in `pending` a place to cut may still be: every line
        /// break before it was looked at and its line is whole, so no
        /// more text can change what was found there.
        unsearched: usize,
    },
    Scanning(Box<Units<Rest<R>>>),
    Done,
}

impl<R: Read> Chunks<R> {
    /// The most text held while looking for a place to cut.
    pub(crate) const MAX_PENDING: usize = 4 << 20;

    /// Cuts `source` into pieces of about `piece_size` bytes.
    pub(crate) fn new(source: R, limits: Limits, piece_size: usize) -> Chunks<R> {
        Chunks::holding_at_most(source, limits, piece_size, Self::MAX_PENDING)
    }

    /// Cuts `source` game by game on the reading thread from its first
    /// line, every game an item of its own: for work that costs far more
    /// a game than cutting it does, so that the games can be shared out
    /// one by one.
    pub(crate) fn game_by_game(source: R, limits: Limits) -> Chunks<R> {
        let rest = Cursor::new(Vec::new()).chain(source);
        Chunks {
            state: State::Scanning(Box::new(Units::starting_at(rest, limits, 1))),
            limits,
            piece_size: 1,
            max_pending: Self::MAX_PENDING,
        }
    }

    /// [`Chunks::new`], holding at most `max_pending` bytes while looking
    /// for a place to cut.
    fn holding_at_most(
        source: R,
        limits: Limits,
        piece_size: usize,
        max_pending: usize,
    ) -> Chunks<R> {
        Chunks {
            state: State::Cutting {
                source,
                pending: Vec::new(),
                line: 1,
                unsearched: 0,
            },
            limits,
            piece_size: piece_size.clamp(1, max_pending),
            max_pending,
        }
    }

    /// The next piece of the text while cutting.
    fn cut(&mut self) -> Option<Item> {
        let State::Cutting {
            source,
            pending,
            line,
            unsearched,
        } = &mut self.state
        else {
            return None;
        };
        loop {
            // Another piece's worth of text past what is held.
            let room = (pending.len() + self.piece_size).min(self.max_pending) - pending.len();
            let mut ended = false;
            let mut failure = None;
            // Read into the room past the text held until it is full or
            // the source ends or fails, keeping what came before a
            // failure (`read_to_end` lets a source that fills a buffer
            // it has not seen written, as files and slices do, skip
            // zeroing the room first). The room is made at once: grown
            // by the read, the text held (after a cut, only the start of
            // the next piece) would be moved again at every doubling.
            pending.reserve(room);
            match source.by_ref().take(room as u64).read_to_end(pending) {
                Ok(read) if read < room => ended = true,
                Ok(_) => {}
                Err(err) => failure = Some(err),
            }
            if ended || failure.is_some() {
                let piece = Piece {
                    text: std::mem::take(pending),
                    line: *line,
                    failure,
                };
                self.state = State::Done;
                return (!piece.text.is_empty() || piece.failure.is_some())
                    .then_some(Item::Piece(piece));
            }
            if let Some(at) = last_cut(pending, *unsearched) {
                *unsearched = 0;
                let rest = pending.split_off(at);
                let text = std::mem::replace(pending, rest);
                let first = *line;
                *line += memchr::memchr_iter(b'\n', &text).count() as u64;
                return Some(Item::Piece(Piece {
                    text,
                    line: first,
                    failure: None,
                }));
            }
            // The last line may still be cut short: it is looked at again
            // once more text has come.
            *unsearched = memchr::memrchr(b'\n', &pending[*unsearched..])
                .map_or(pending.len(), |at| *unsearched + at);
            if pending.len() >= self.max_pending {
                // No place to cut: the rest is cut game by game here.
                let State::Cutting {
                    source,
                    pending,
                    line,
                    ..
                } = std::mem::replace(&mut self.state, State::Done)
                else {
                    unreachable!("matched above");
                };
                let rest = Cursor::new(pending).chain(source);
                self.state = State::Scanning(Box::new(Units::starting_at(rest, self.limits, line)));
                return self.scan();
            }
        }
    }

    fn scan(&mut self) -> Option<Item> {
        let State::Scanning(units) = &mut self.state else {
            return None;
        };
        units.next().map(Item::Unit)
    }
}

impl<R: Read> Iterator for Chunks<R> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        match self.state {
            State::Cutting { .. } => self.cut(),
            State::Scanning(_) => self.scan(),
            State::Done => None,
        }
    }
}

/// The last place in `text` where a piece may end (see the module's
/// documentation): the start of a line after a line break at `from` or
/// later, never the start of the text.
fn last_cut(text: &[u8], from: usize) -> Option<usize> {
    let mut end = text.len();
    while let Some(newline) = memchr::memrchr(b'\n', &text[from..end]).map(|at| from + at) {
        let at = newline + 1;
        if opens_quoted_tag(&text[at..]) && text_before_ends_a_game(&text[..at]) {
            return Some(at);
        }
        end = newline;
    }
    None
}

/// Whether `line` starts with `[`, a letter, and a `"` before any `]` or
/// line break (all of it in `line`).
fn opens_quoted_tag(line: &[u8]) -> bool {
    line.first() == Some(&b'[')
        && line.get(1).is_some_and(u8::is_ascii_alphabetic)
        && memchr::memchr3(b'"', b'\n', b']', line).is_some_and(|at| line[at] == b'"')
}

/// Whether the text before a line (ending with its line break) leaves the
/// scanner outside any tag section: its last line that is not blank
/// neither starts with `[`, `]` or `%` nor ends in `\`, and the line before
/// that one does not end in `\`. (A line starting with `]` may close a tag
/// name that the line before left open, and more tags may follow on it.)
fn text_before_ends_a_game(before: &[u8]) -> bool {
    let mut lines = before
        .strip_suffix(b"\n")
        .unwrap_or(before)
        .rsplit(|&byte| byte == b'\n')
        .skip_while(|line| line.iter().all(|byte| matches!(byte, b' ' | b'\t' | b'\r')));
    let Some(last) = lines.next() else {
        return false;
    };
    let ends_in_escape = |line: &[u8]| line.last() == Some(&b'\\');
    // The scanner skips a byte order mark where a game starts.
    let first = last
        .strip_prefix(b"\xef\xbb\xbf")
        .unwrap_or(last)
        .iter()
        .find(|byte| !matches!(byte, b' ' | b'\t' | b'\r'))
        .copied();
    !matches!(first, Some(b'[' | b']' | b'%'))
        && !ends_in_escape(last)
        && !lines.next().is_some_and(ends_in_escape)
}

/// Numbers a stream of reports in order: what a piece numbered from 1 is
/// given as its place in the whole text.
#[derive(Debug, Default)]
pub(crate) struct Numbering {
    read: u64,
}

impl Numbering {
    /// The number of the next game.
    pub(crate) fn next_game(&mut self) -> u64 {
        self.read += 1;
        self.read
    }

    /// How many games were numbered.
    pub(crate) fn read(&self) -> u64 {
        self.read
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A source that fails after `at` bytes (never, if `None`).
    struct FailingAfter<'a> {
        text: &'a [u8],
        at: Option<usize>,
    }

    impl Read for FailingAfter<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.at == Some(0) {
                self.at = None;
                return Err(io::Error::other("cut here"));
            }
            let room = self
                .at
                .unwrap_or(usize::MAX)
                .min(buf.len())
                .min(self.text.len());
            buf[..room].copy_from_slice(&self.text[..room]);
            self.text = &self.text[room..];
            if let Some(at) = &mut self.at {
                *at -= room;
            }
            Ok(room)
        }
    }

    type Seen = Result<(u64, u64, Vec<u8>, Vec<Range>, String), (u64, u64, String)>;
    type Range = std::ops::Range<usize>;

    fn seen(item: Result<Unit, SourceError>) -> Seen {
        match item {
            Ok(unit) => Ok((
                unit.index,
                unit.line,
                unit.text.clone(),
                unit.segments().collect(),
                format!("{:?}", unit.problem),
            )),
            Err(failure) => Err((failure.after_game, failure.line, failure.source.to_string())),
        }
    }

    /// Every game and failure of the text, read whole.
    fn whole(text: &[u8], at: Option<usize>, limits: Limits) -> Vec<Seen> {
        Units::new(FailingAfter { text, at }, limits)
            .map(seen)
            .collect()
    }

    /// Every game and failure of the text, read in pieces of `size` and
    /// numbered in order, as adjudicate numbers them; and how many pieces.
    fn in_pieces(
        text: &[u8],
        at: Option<usize>,
        limits: Limits,
        size: usize,
    ) -> (Vec<Seen>, usize) {
        let mut out = Vec::new();
        let mut numbering = Numbering::default();
        let mut pieces = 0;
        for item in Chunks::new(FailingAfter { text, at }, limits, size) {
            let units: Box<dyn Iterator<Item = _>> = match item {
                Item::Piece(piece) => {
                    pieces += 1;
                    Box::new(piece.units(limits))
                }
                Item::Unit(unit) => Box::new(std::iter::once(unit)),
            };
            for unit in units {
                out.push(seen(match unit {
                    Ok(mut unit) => {
                        unit.index = numbering.next_game();
                        Ok(unit)
                    }
                    Err(mut failure) => {
                        failure.after_game = numbering.read();
                        Err(failure)
                    }
                }));
            }
        }
        (out, pieces)
    }

    /// Pieces of every size give what the whole text gives; the number of
    /// pieces with the smallest size.
    fn same_in_pieces(text: &[u8], at: Option<usize>, limits: Limits) -> usize {
        let expected = whole(text, at, limits);
        let mut most = 0;
        for size in [1, 13, 200, 4096, 1 << 20] {
            let (got, pieces) = in_pieces(text, at, limits, size);
            assert_eq!(
                got,
                expected,
                "pieces of {size}: {:?}",
                String::from_utf8_lossy(text)
            );
            most = most.max(pieces);
        }
        most
    }

    fn game(name: &str) -> String {
        format!(
            "[Event \"{name}\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
        )
    }

    #[test]
    fn damaged_texts_read_the_same_in_pieces() {
        let (a, b, c) = (game("A"), game("B"), game("C"));
        let texts = [
            format!("{a}{b}{c}"),
            format!("{a}[Event \"X\"]\n\n1. e4 e5 *({{\n\n{b}{c}"),
            format!("{a}[Event \"X\"]\n\n1. e4 {{ lost\n2. Nf3\n{b}{c}"),
            format!("{a}[Event \"X\"]\n\n1. e4 (1. d4\n\n{b}{c}"),
            "[Event \"A\"]\n1. e4 e5 1-0\n[Event \"B\"]\n1. d4 *\n[Event \"C\"]\n[Site \"x\"]\n1. c4 *".to_owned(),
            format!("\u{feff}{a}{b}").replace('\n', "\r\n"),
            format!("{a}% escape\n[Event \"X\"]\n%more\n[Site \"y\"]\n\n1. e4 *\n\n{b}"),
            // A tag value going on past a line break it escaped.
            format!("{a}[Event \"X\\\nstill\\\n[Site \"y\"]\n\n1. e4 *\n\n{b}"),
            format!("{a}[Event \"X\\\nstill\n\n[Site \"y\"]\n\n1. e4 *\n\n{b}"),
            // A comment cut by a tag pair, and one that a `[` and a digit
            // does not cut.
            format!("{a}[Event \"X\"]\n\n1. e4 {{ a\n[Event \"Y\"]\n1. d4 *\n\n{b}"),
            format!("{a}[Event \"X\"]\n\n1. e4 {{ a\n[1] \"q\" }} 1-0\n\n{b}"),
            // Movetext cut by blank lines, joined again.
            format!("{a}[Event \"X\"]\n\n1. e4\n\n{{note}}\n\n1... e5 1-0\n\n{b}"),
            format!("{a}[Event\n  ] [Site \"x\"]\n[Round \"1\"]\n\n1. e4 *\n\n{b}"),
            // Tags without quotes, and a tag pair with a space before it.
            format!("{a}[Event]\n1. e4 *\n\n  [Event \"Y\"]\n1. d4 *\n\n{b}"),
            format!("{a}{}\n\n{b}", "Nf3 Nf6 Ng1 Ng8 ".repeat(500)),
        ];
        for text in &texts {
            let pieces = same_in_pieces(text.as_bytes(), None, Limits::default());
            assert!(pieces >= 2, "never cut: {text:?}");
            // And with the source failing anywhere in it.
            for at in (0..text.len()).step_by(7) {
                same_in_pieces(text.as_bytes(), Some(at), Limits::default());
            }
        }
        // Found by the pgn_input fuzz target (it was cut in two): a tag
        // name left open at its line's end is closed by the `]` that
        // starts the next line, where another tag follows, so the third
        // line is still in the tag section. One game, never cut.
        let found = b"[Varia\x00690s\n][FEN \"1ri\"]\n[FEN \"1B8/\"0gs1\n1.e8 *\n";
        assert_eq!(same_in_pieces(found, None, Limits::default()), 1);
        assert_eq!(whole(found, None, Limits::default()).len(), 1);
        let small = Limits {
            max_game_bytes: 100,
            max_plies: 5,
        };
        for text in &texts {
            same_in_pieces(text.as_bytes(), None, small);
        }
    }

    #[test]
    fn generated_games_read_the_same_in_pieces() {
        let text = drawrules_scenario::pgn_text::generated_pgn(300, 31).into_bytes();
        let pieces = same_in_pieces(&text, None, Limits::default());
        assert!(pieces > 200, "{pieces}");
        same_in_pieces(&text, Some(text.len() / 3), Limits::default());
    }

    #[test]
    #[ignore = "needs ../shared/data"]
    fn real_games_read_the_same_in_pieces() {
        let text = drawrules_scenario::shared::lichess_sample()
            .expect("the shared games")
            .into_bytes();
        let pieces = same_in_pieces(&text, None, Limits::default());
        assert!(pieces > 200, "{pieces}");
        same_in_pieces(&text, Some(text.len() / 3), Limits::default());
    }

    #[test]
    fn random_texts_read_the_same_in_pieces() {
        // Fragments of PGN, good and bad, strung together at random.
        const FRAGMENTS: [&str; 27] = [
            "[Ev\n",
            "\n]",
            "\n  %e\n",
            "[Event \"A\"]\n",
            "[Site \"x\\",
            "\n",
            "\n\n",
            "1. e4 ",
            "e5 ",
            "{",
            "}",
            "(",
            ")",
            ";c",
            "%x",
            "1-0",
            "*",
            "[1]",
            "\\",
            "\r\n",
            "[Ev ",
            "\"",
            "]",
            "zz",
            "[Round \"1\"]",
            "\n[White \"W\"]\n",
            " ",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut cuts = 0;
        for _ in 0..3000 {
            let mut text = String::new();
            for _ in 0..40 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                text.push_str(FRAGMENTS[(state % FRAGMENTS.len() as u64) as usize]);
            }
            let bytes = text.as_bytes();
            let expected = whole(bytes, None, Limits::default());
            let (got, pieces) = in_pieces(bytes, None, Limits::default(), 1);
            assert_eq!(got, expected, "{text:?}");
            cuts += pieces - 1;
        }
        // The generator must reach texts that are cut.
        assert!(cuts > 3000, "{cuts} cuts");
    }

    #[test]
    fn game_by_game_every_game_is_an_item_of_its_own() {
        // Three games and a broken one, 1 KiB in all: one piece when cut
        // in pieces, four items game by game.
        let text = format!(
            "{}[Event \"D\"\n\n1. e4 {{ open{}",
            [game("A"), game("B"), game("C")].concat(),
            "\n"
        );
        let items: Vec<Item> = Chunks::game_by_game(text.as_bytes(), Limits::default()).collect();
        let games: Vec<Seen> = items
            .into_iter()
            .map(|item| match item {
                Item::Unit(unit) => seen(unit),
                Item::Piece(piece) => panic!("a piece: {piece:?}"),
            })
            .collect();
        assert_eq!(games, whole(text.as_bytes(), None, Limits::default()));
        assert_eq!(games.len(), 4, "{games:?}");
        assert_eq!(
            Chunks::new(text.as_bytes(), Limits::default(), 1 << 19).count(),
            1
        );
    }

    #[test]
    fn a_text_with_nowhere_to_cut_is_read_game_by_game_with_bounded_memory() {
        // 160 KiB of movetext and no tag pair: no place to cut within the
        // 64 KiB held at most.
        let text = format!("{}{}", "Nf3 Nf6 Ng1 Ng8 ".repeat(10 << 10), game("A"));
        let mut chunks = Chunks::holding_at_most(text.as_bytes(), Limits::default(), 4096, 1 << 16);
        let first = chunks.next().expect("an item");
        assert!(matches!(first, Item::Unit(_)), "{first:?}");
        let rest: Vec<Item> = chunks.collect();
        assert_eq!(rest.len(), 1, "the game after it: {rest:?}");
        assert!(matches!(rest[0], Item::Unit(_)));
        let mut games = Vec::new();
        for item in Chunks::holding_at_most(text.as_bytes(), Limits::default(), 4096, 1 << 16) {
            let Item::Unit(unit) = item else {
                panic!("a piece");
            };
            games.push(seen(unit));
        }
        // Numbered from 1 by the reading thread itself here.
        assert_eq!(games, whole(text.as_bytes(), None, Limits::default()));
        // The same with pieces of one byte: the text is read a byte at a
        // time while looking for a place to cut, and each line is looked
        // at once, not again after every byte.
        let mut games = Vec::new();
        for item in Chunks::holding_at_most(text.as_bytes(), Limits::default(), 1, 1 << 16) {
            let Item::Unit(unit) = item else {
                panic!("a piece");
            };
            games.push(seen(unit));
        }
        assert_eq!(games, whole(text.as_bytes(), None, Limits::default()));
    }
}
