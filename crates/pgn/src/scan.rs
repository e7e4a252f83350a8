//! Cutting a PGN text into the stretches of text of one game each
//! ([`Frame`]s), before any move is parsed, with bounded memory.
//!
//! The scanner follows the `pgn-reader` crate's own idea of where a game
//! ends (a line break followed by a blank line or by `[`, outside
//! comments), so that parsing a frame gives the game `pgn-reader` would
//! have read from the whole text. It adds what a stream needs to survive
//! damaged input:
//!
//! * a comment still open at a line that starts a tag pair (`[` and a
//!   letter) is cut there: the game is reported with the comment's line,
//!   and reading resumes at that tag section instead of swallowing the
//!   rest of the file looking for a `}`;
//! * a game longer than [`Limits::max_game_bytes`] keeps only its tags:
//!   the rest of its text is scanned to find where it ends, but not held;
//! * when the source fails, the frame in progress comes back with the
//!   error, so that nothing read before it is lost.

use std::io::{self, Read};

use crate::Limits;
use crate::find::{MOVETEXT_STOP, One, Search, TAG_NAME_END, TAG_VALUE_END, Two};

/// How much is read from the source at a time.
const BLOCK: usize = 1 << 16;

/// What is wrong with the text of a frame, found while cutting it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Problem {
    /// A `{` comment opened on this line was not closed before the next
    /// tag section (or the end of the text).
    UnterminatedComment { line: u64 },
    /// A `(` variation opened on this line was not closed before the game
    /// ended.
    UnterminatedVariation { line: u64 },
    /// A tag opened on this line runs to the end of the text.
    UnterminatedTag { line: u64 },
    /// The game's text is longer than the limit: only its tags were kept.
    TooLong,
}

/// One game's stretch of text.
#[derive(Debug, Default)]
pub(crate) struct Frame {
    /// The line the game's text starts on, from 1.
    pub line: u64,
    /// The text (only its tag section when [`Problem::TooLong`]).
    pub text: Vec<u8>,
    /// How many tag pairs (with a quoted value) it starts with.
    pub tags: usize,
    /// Bytes of text the game had, kept or not.
    pub bytes: u64,
    /// What is wrong with it, if anything.
    pub problem: Option<Problem>,
}

/// The source failed in the middle of a frame.
#[derive(Debug)]
pub(crate) struct Cut {
    /// The text read of the frame in progress, if any.
    pub partial: Option<Frame>,
    /// The source's error.
    pub error: io::Error,
    /// The line the cut is on.
    pub line: u64,
}

/// Cuts a text into [`Frame`]s.
pub(crate) struct Scanner<R> {
    source: R,
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    /// Where the bytes taken into the frame but not yet copied into its
    /// text start (they end at `pos`): a game's text is copied in long
    /// stretches, not token by token.
    kept: usize,
    eof: bool,
    /// A read error not yet reported: the bytes before it go first.
    error: Option<io::Error>,
    /// The current line, from 1.
    line: u64,
    limits: Limits,
    frame: Frame,
    /// Length of the kept text at the end of the tag section.
    tags_end: usize,
    skipping: bool,
    /// The capacity a new frame's text starts with.
    frame_room: usize,
}

impl<R: Read> Scanner<R> {
    /// Cuts `source`, whose first line is line `line` of the whole text.
    pub(crate) fn starting_at(source: R, limits: Limits, line: u64) -> Scanner<R> {
        Scanner::reading_into(vec![0; BLOCK], 0, source, limits, line)
    }

    /// Cuts `text`, then what `source` gives, the first line of `text`
    /// being line `line` of the whole text. `text` becomes the buffer
    /// the source is read into (grown if need be), so a text already in
    /// memory is scanned where it is.
    pub(crate) fn holding(text: Vec<u8>, source: R, limits: Limits, line: u64) -> Scanner<R> {
        let end = text.len();
        Scanner::reading_into(text, end, source, limits, line)
    }

    /// A scanner whose buffer `buf` holds `end` bytes of the text yet to
    /// scan, then reads on from `source`.
    fn reading_into(buf: Vec<u8>, end: usize, source: R, limits: Limits, line: u64) -> Scanner<R> {
        Scanner {
            source,
            buf,
            end,
            pos: 0,
            kept: 0,
            eof: false,
            error: None,
            line,
            limits,
            frame: Frame::default(),
            tags_end: 0,
            skipping: false,
            frame_room: 256,
        }
    }

    /// The next frame; `Ok(None)` at the end of the text.
    pub(crate) fn next_frame(&mut self) -> Result<Option<Frame>, Cut> {
        // Room for a game as long as the last one, so that the text is
        // rarely moved while it grows.
        let room = self.frame_room;
        self.frame = Frame {
            text: Vec::with_capacity(room),
            ..Frame::default()
        };
        self.tags_end = 0;
        self.skipping = false;
        let outcome = self.scan();
        self.keep();
        let frame = std::mem::take(&mut self.frame);
        self.frame_room = frame.text.len().clamp(256, 1 << 16);
        match outcome {
            Ok(true) => Ok(Some(frame)),
            Ok(false) => Ok(None),
            Err(error) => Err(Cut {
                partial: (frame.bytes > 0).then_some(frame),
                error,
                line: self.line,
            }),
        }
    }

    /// Scans one frame; `false` when the text ended before any.
    fn scan(&mut self) -> io::Result<bool> {
        self.skip_bom()?;
        self.skip_whitespace(true)?;
        if self.peek(0)?.is_none() {
            return Ok(false);
        }
        self.frame.line = self.line;
        self.tags()?;
        self.keep();
        self.tags_end = self.frame.text.len();
        if self.frame.problem.is_none() {
            self.movetext()?;
        }
        self.keep();
        if self.skipping {
            self.frame.problem = Some(Problem::TooLong);
        }
        Ok(true)
    }

    /// Makes at least `n + 1` bytes available from `pos` if the source has
    /// them; `false` at the end of the text.
    ///
    /// The scanner asks for a byte or two at a time: the answer when they
    /// are already in the buffer is inlined where it is asked, and only
    /// the refilling is a call.
    #[inline]
    fn fill(&mut self, n: usize) -> io::Result<bool> {
        if self.end - self.pos > n {
            return Ok(true);
        }
        self.refill(n)
    }

    /// [`Scanner::fill`] when the buffer is short: moves what is left of
    /// it to its start and reads from the source, or reports the error
    /// the source gave once the bytes before it are scanned.
    #[cold]
    #[inline(never)]
    fn refill(&mut self, n: usize) -> io::Result<bool> {
        while self.end - self.pos <= n {
            if self.eof {
                return Ok(false);
            }
            if let Some(error) = self.error.take() {
                self.eof = true;
                return Err(error);
            }
            if self.pos > 0 {
                self.keep();
                self.buf.copy_within(self.pos..self.end, 0);
                self.end -= self.pos;
                self.pos = 0;
                self.kept = 0;
            }
            if self.end == self.buf.len() {
                // A text handed over whole (see `holding`) filled the
                // buffer: room to read on.
                self.buf.resize(self.end + BLOCK, 0);
            }
            match self.source.read(&mut self.buf[self.end..]) {
                Ok(0) => self.eof = true,
                Ok(read) => self.end += read,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                // Whatever was read before the error is scanned first.
                Err(err) => self.error = Some(err),
            }
        }
        Ok(true)
    }

    #[inline]
    fn peek(&mut self, n: usize) -> io::Result<Option<u8>> {
        Ok(if self.fill(n)? {
            Some(self.buf[self.pos + n])
        } else {
            None
        })
    }

    /// Takes `n` available bytes into the frame (copied into its text by
    /// the next [`Scanner::keep`]).
    fn take(&mut self, n: usize) {
        self.frame.bytes += n as u64;
        self.pos += n;
    }

    /// Copies the bytes taken since the last call into the frame's text,
    /// as far as the limit allows: past it the game is being skipped, and
    /// only its tag section is kept.
    fn keep(&mut self) {
        let bytes = &self.buf[self.kept..self.pos];
        self.kept = self.pos;
        if self.skipping || bytes.is_empty() {
            return;
        }
        let text = &mut self.frame.text;
        let room = self.limits.max_game_bytes + 1 - text.len();
        text.extend_from_slice(&bytes[..bytes.len().min(room)]);
        if text.len() > self.limits.max_game_bytes {
            self.skipping = true;
            text.truncate(self.tags_end);
            text.shrink_to(self.tags_end);
        }
    }

    /// Takes one byte, counting lines.
    #[inline]
    fn bump(&mut self) -> io::Result<Option<u8>> {
        let Some(byte) = self.peek(0)? else {
            return Ok(None);
        };
        if byte == b'\n' {
            self.line += 1;
        }
        self.take(1);
        Ok(Some(byte))
    }

    /// Takes bytes up to the first of `needles` (not taken); `None` at the
    /// end of the text. `needles` must include `\n` unless the caller counts
    /// lines itself. Calls `run` on each stretch taken.
    fn until(
        &mut self,
        needles: &impl Search,
        mut run: impl FnMut(&[u8]),
    ) -> io::Result<Option<u8>> {
        loop {
            if !self.fill(0)? {
                return Ok(None);
            }
            let data = &self.buf[self.pos..self.end];
            let found = needles.find(data);
            let n = found.unwrap_or(data.len());
            run(&data[..n]);
            self.take(n);
            if found.is_some() {
                return Ok(Some(self.buf[self.pos]));
            }
        }
    }

    fn skip_bom(&mut self) -> io::Result<()> {
        if self.peek(0)? == Some(0xef) && self.peek(1)? == Some(0xbb) && self.peek(2)? == Some(0xbf)
        {
            self.pos += 3;
            self.kept = self.pos;
        }
        Ok(())
    }

    /// Spaces, line breaks and `%` escape lines (at the start of a line).
    fn skip_whitespace(&mut self, mut new_line: bool) -> io::Result<()> {
        let in_game = self.frame.bytes > 0;
        while let Some(byte) = self.peek(0)? {
            match byte {
                b' ' | b'\t' | b'\r' => {}
                b'\n' => new_line = true,
                b'%' if new_line => {
                    self.skip_line(in_game)?;
                    continue;
                }
                _ => return Ok(()),
            }
            if in_game {
                self.bump()?;
            } else {
                self.line += u64::from(byte == b'\n');
                self.pos += 1;
                self.kept = self.pos;
            }
        }
        Ok(())
    }

    /// The rest of the line, up to its `\n` (not taken).
    fn skip_line(&mut self, in_game: bool) -> io::Result<()> {
        if in_game {
            self.until(&One(b'\n'), |_| {})?;
        } else {
            while let Some(byte) = self.peek(0)? {
                if byte == b'\n' {
                    break;
                }
                self.pos += 1;
                self.kept = self.pos;
            }
        }
        Ok(())
    }

    /// The tag section: `[Name "value"]` pairs, as `pgn-reader` reads them.
    fn tags(&mut self) -> io::Result<()> {
        while self.peek(0)? == Some(b'[') {
            // Most tag pairs are read in one step; the rest byte by byte
            // below, to the same end.
            if let Some(n) = self.plain_tag() {
                self.frame.tags += 1;
                self.take(n);
                self.skip_whitespace(false)?;
                continue;
            }
            let line = self.line;
            self.bump()?;
            match self.until(&*TAG_NAME_END, |_| {})? {
                Some(b'"') => {
                    self.frame.tags += 1;
                    self.bump()?;
                    loop {
                        match self.until(&*TAG_VALUE_END, |_| {})? {
                            Some(b'\\') => {
                                self.bump()?;
                                self.bump()?;
                            }
                            Some(b'"') => {
                                self.bump()?;
                                break;
                            }
                            Some(_) => break,
                            None => {
                                self.frame.problem = Some(Problem::UnterminatedTag { line });
                                return Ok(());
                            }
                        }
                    }
                }
                Some(_) => {
                    self.bump()?;
                }
                None => {
                    self.frame.problem = Some(Problem::UnterminatedTag { line });
                    return Ok(());
                }
            }
            // What may follow a tag on its line.
            while let Some(byte) = self.peek(0)? {
                match byte {
                    b' ' | b'\t' | b'\r' => {
                        self.bump()?;
                    }
                    b']' => {
                        self.bump()?;
                        self.skip_whitespace(false)?;
                        break;
                    }
                    b'\n' => {
                        self.bump()?;
                        self.skip_whitespace(true)?;
                        break;
                    }
                    _ => break,
                }
            }
        }
        Ok(())
    }

    /// The length of the tag pair at `pos` up to its `]`, when it is a
    /// plain `[Name "value"]` wholly in the buffer: a quote before any line
    /// break or `]`, a value without `\\` or line break, and `]` right after
    /// its closing quote. [`Scanner::tags`] reads such a pair exactly as
    /// its byte-by-byte path would.
    fn plain_tag(&self) -> Option<usize> {
        let data = &self.buf[self.pos..self.end];
        let open = 1 + TAG_NAME_END.find(data.get(1..)?)?;
        if data[open] != b'"' {
            return None;
        }
        let close = open + 1 + TAG_VALUE_END.find(&data[open + 1..])?;
        (data[close] == b'"' && data.get(close + 1) == Some(&b']')).then_some(close + 2)
    }

    /// The movetext, up to the line break before a blank line or a `[`
    /// outside comments, or the end of the text.
    fn movetext(&mut self) -> io::Result<()> {
        let mut depth = 0usize;
        let mut opened = 0;
        loop {
            let line = self.line;
            let found = self.until(&*MOVETEXT_STOP, |run| {
                for at in memchr::memchr2_iter(b'(', b')', run) {
                    if run[at] == b'(' {
                        if depth == 0 {
                            opened = line;
                        }
                        depth += 1;
                    } else {
                        depth = depth.saturating_sub(1);
                    }
                }
            })?;
            match found {
                None => break,
                Some(b'{') => {
                    if !self.comment()? {
                        return Ok(());
                    }
                }
                Some(b';') => {
                    self.until(&One(b'\n'), |_| {})?;
                }
                Some(_) => {
                    self.bump()?;
                    match self.peek(0)? {
                        Some(b'%') => {
                            self.until(&One(b'\n'), |_| {})?;
                        }
                        Some(b'[' | b'\n') => break,
                        Some(b'\r') if self.peek(1)? == Some(b'\n') => break,
                        _ => {}
                    }
                }
            }
        }
        if depth > 0 {
            self.frame.problem = Some(Problem::UnterminatedVariation { line: opened });
        }
        Ok(())
    }

    /// A `{` comment; `false` when it is cut at a tag section or by the end
    /// of the text (the frame ends there).
    fn comment(&mut self) -> io::Result<bool> {
        let line = self.line;
        self.bump()?;
        loop {
            match self.until(&Two(b'}', b'\n'), |_| {})? {
                Some(b'}') => {
                    self.bump()?;
                    return Ok(true);
                }
                Some(_) => {
                    self.bump()?;
                    if self.peek(0)? == Some(b'[')
                        && self.peek(1)?.is_some_and(|byte| byte.is_ascii_alphabetic())
                    {
                        break;
                    }
                }
                None => break,
            }
        }
        self.frame.problem = Some(Problem::UnterminatedComment { line });
        Ok(false)
    }
}
