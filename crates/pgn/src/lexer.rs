//! One stretch of game text, already in memory, read into a [`PgnGame`]:
//! tags, the main line's SAN and the termination marker.
//!
//! The grammar is the one the `pgn-reader` crate reads, token for token
//! (the tests hold the two to the same games on real databases, on damaged
//! text and on random bytes), but the text is read where it lies: no copy
//! into a stream buffer, no visitor. One difference, on purpose: a tag line
//! is read whole however long it is, where `pgn-reader` may call a tag line
//! longer than 255 bytes unterminated depending on where its buffer stands.
//!
//! What is read: a `[Name "value"]` section (escapes `\"` and `\\` in
//! values), then the movetext up to a blank line or a line that starts with
//! `[`. In the movetext, `{…}` comments, `;` comments to the end of the
//! line, `%` lines, variations `(…)` (nested, skipped), move numbers, NAGs
//! (`$n`, `!`, `?` and pairs of them) are skipped; the markers `1-0`,
//! `0-1`, `1/2-1/2`, `½-½` and `*` end the game (a marker may be followed
//! by more moves, which are still read); `0-0` and `0-0-0` are castling; a
//! token that is not SAN is skipped whole; a SAN directly followed by
//! something other than a token end is dropped.

use pgn_reader::RawTag;
use shakmaty::CastlingSide;
use shakmaty::san::{San, SanPlus, Suffix};

use crate::find::{Search, TAG_NAME_END, TAG_VALUE_END};
use crate::game::PgnGame;
use crate::san_read::read_san_plus;
use drawrules::laws::GameResult;

/// Why a game's text could not be read to its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LexError {
    /// A tag without its closing quote or bracket before the text ends.
    UnterminatedTag,
    /// A `{` comment without its `}` before the text ends.
    UnterminatedComment,
}

impl LexError {
    /// The message, as `pgn-reader` words it.
    pub(crate) fn message(self) -> &'static str {
        match self {
            LexError::UnterminatedTag => "unterminated tag",
            LexError::UnterminatedComment => "unterminated comment",
        }
    }
}

/// A cursor over the text.
pub(crate) struct Lexer<'a> {
    text: &'a [u8],
    at: usize,
}

/// Whether `byte` ends a movetext token.
fn is_token_end(byte: u8) -> bool {
    matches!(
        byte,
        b' ' | b'\t'
            | b'\n'
            | b'\r'
            | b'{'
            | b'}'
            | b'('
            | b')'
            | b'!'
            | b'?'
            | b'$'
            | b';'
            | b'.'
            | b'*'
    )
}

/// Adds a ply to `game`'s moves. One ply past the limit is kept, to know
/// that it was passed; the rest is read but not held.
fn push_ply(game: &mut PgnGame, san: SanPlus, max_plies: usize) {
    if game.moves.len() <= max_plies {
        game.moves.push(san);
    }
}

impl<'a> Lexer<'a> {
    pub(crate) fn new(text: &'a [u8]) -> Lexer<'a> {
        Lexer { text, at: 0 }
    }

    fn rest(&self) -> &'a [u8] {
        &self.text[self.at..]
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn bump(&mut self) {
        self.at += 1;
    }

    fn eat(&mut self, bytes: &[u8]) -> bool {
        let found = self.rest().starts_with(bytes);
        if found {
            self.at += bytes.len();
        }
        found
    }

    fn eat_dash(&mut self) -> bool {
        self.eat(b"-") || self.eat("–".as_bytes()) || self.eat("—".as_bytes())
    }

    /// Moves to the next `needle` (or the end).
    fn skip_until(&mut self, needle: u8) {
        self.at = memchr::memchr(needle, self.rest()).map_or(self.text.len(), |n| self.at + n);
    }

    /// Moves past the next `needle` (or to the end).
    fn skip_until_after(&mut self, needle: u8) {
        self.skip_until(needle);
        self.at = (self.at + 1).min(self.text.len());
    }

    fn skip_digits(&mut self) {
        while let Some(b'0'..=b'9') = self.peek() {
            self.bump();
        }
    }

    fn skip_token(&mut self) {
        self.at = self
            .rest()
            .iter()
            .position(|&byte| is_token_end(byte))
            .map_or(self.text.len(), |n| self.at + n);
    }

    fn skip_whitespace(&mut self, mut new_line: bool) {
        while let Some(byte) = self.peek() {
            match byte {
                b' ' | b'\t' | b'\r' => self.bump(),
                b'\n' => {
                    new_line = true;
                    self.bump();
                }
                b'%' if new_line => {
                    self.bump();
                    self.skip_until_after(b'\n');
                }
                _ => return,
            }
        }
    }

    /// After a tag's value: up to and past its `]`, or the line's end.
    fn skip_ket(&mut self) {
        while let Some(byte) = self.peek() {
            match byte {
                b' ' | b'\t' | b'\r' => self.bump(),
                b']' => {
                    self.bump();
                    return self.skip_whitespace(false);
                }
                b'\n' => {
                    self.bump();
                    return self.skip_whitespace(true);
                }
                _ => return,
            }
        }
    }

    /// Reads the next game of the text into `game` (its tags, moves and
    /// termination marker added to what it holds): `Ok(false)` when the
    /// text has no more.
    pub(crate) fn read_game(
        &mut self,
        game: &mut PgnGame,
        max_plies: usize,
    ) -> Result<bool, LexError> {
        if self.rest().starts_with(b"\xef\xbb\xbf") {
            self.at += 3;
        }
        self.skip_whitespace(true);
        if self.at >= self.text.len() {
            return Ok(false);
        }
        self.tags(game)?;
        self.movetext(game, max_plies)?;
        Ok(true)
    }

    fn tags(&mut self, game: &mut PgnGame) -> Result<(), LexError> {
        while self.peek() == Some(b'[') {
            self.bump();
            let name_start = self.at;
            let left_quote = match TAG_NAME_END.find(self.rest()) {
                Some(n) if self.text[self.at + n] == b'"' => self.at + n,
                Some(n) => {
                    self.at += n + 1;
                    self.skip_ket();
                    continue;
                }
                None => {
                    self.at = self.text.len();
                    return Err(LexError::UnterminatedTag);
                }
            };
            let name_end = if left_quote > name_start && self.text[left_quote - 1] == b' ' {
                left_quote - 1
            } else {
                left_quote
            };
            let value_start = left_quote + 1;
            let mut right_quote = value_start;
            let mut escaped = false;
            let after = loop {
                match TAG_VALUE_END.find(&self.text[right_quote..]) {
                    Some(n) if self.text[right_quote + n] == b'"' => {
                        right_quote += n;
                        break right_quote + 1;
                    }
                    Some(n) if self.text[right_quote + n] == b'\n' => {
                        right_quote += n;
                        break right_quote;
                    }
                    Some(n) => {
                        escaped = true;
                        right_quote = (right_quote + n + 2).min(self.text.len());
                    }
                    None => {
                        self.at = self.text.len();
                        return Err(LexError::UnterminatedTag);
                    }
                }
            };
            let value = &self.text[value_start..right_quote];
            // A value with no backslash has nothing to unescape.
            game.tags.set_with(&self.text[name_start..name_end], || {
                if escaped {
                    RawTag(value).decode_utf8_lossy().into_owned()
                } else {
                    String::from_utf8_lossy(value).into_owned()
                }
            });
            self.at = after;
            self.skip_ket();
        }
        Ok(())
    }

    fn movetext(&mut self, game: &mut PgnGame, max_plies: usize) -> Result<(), LexError> {
        while let Some(byte) = self.peek() {
            match byte {
                b'{' => self.comment()?,
                b'\n' => {
                    if self.line_break_ends_movetext() {
                        break;
                    }
                }
                b';' => {
                    self.bump();
                    self.skip_until(b'\n');
                }
                b'0' => self.zero(game, max_plies),
                b'1' => self.one(game),
                b'\xc2' => {
                    self.bump();
                    if self.eat(b"\xbd") && self.eat_dash() && self.eat("½".as_bytes()) {
                        game.termination = Some(GameResult::Draw);
                    }
                }
                b'2'..=b'9' => {
                    self.bump();
                    self.skip_move_number();
                }
                b'(' => {
                    self.bump();
                    self.skip_variation();
                }
                b'$' => {
                    self.bump();
                    self.skip_token();
                }
                b'!' | b'?' => {
                    self.bump();
                    if let Some(b'!' | b'?') = self.peek() {
                        self.bump();
                    }
                }
                b'*' => {
                    self.bump();
                    game.termination = Some(GameResult::Ongoing);
                }
                b' ' | b'\t' | b'\r' | b'.' | b')' => self.bump(),
                _ => self.san(game, max_plies),
            }
        }
        Ok(())
    }

    /// Skips a `{` comment, up to and past its `}`.
    fn comment(&mut self) -> Result<(), LexError> {
        self.bump();
        match memchr::memchr(b'}', self.rest()) {
            Some(n) => {
                self.at += n + 1;
                Ok(())
            }
            None => {
                self.at = self.text.len();
                Err(LexError::UnterminatedComment)
            }
        }
    }

    /// Reads a line break in the movetext, and a `%` line after it:
    /// whether the movetext ends there (a blank line or a `[` follows).
    fn line_break_ends_movetext(&mut self) -> bool {
        self.bump();
        match self.peek() {
            Some(b'%') => {
                self.bump();
                self.skip_until(b'\n');
            }
            Some(b'[' | b'\n') => return true,
            Some(b'\r') => {
                self.bump();
                if self.peek() == Some(b'\n') {
                    return true;
                }
            }
            _ => {}
        }
        false
    }

    /// Reads a token that starts with `0`: the marker `0-1`, castling
    /// written with zeros, or nothing the movetext keeps.
    fn zero(&mut self, game: &mut PgnGame, max_plies: usize) {
        self.bump();
        if !self.eat_dash() {
            return;
        }
        if self.eat(b"1") {
            game.termination = Some(GameResult::BlackWins);
        } else if self.eat(b"0") {
            let castle = self.castling_with_zeros();
            push_ply(game, castle, max_plies);
        }
    }

    /// Reads the rest of castling written `0-0` or `0-0-0` once `0-0` is
    /// read, with its check or mate suffix.
    fn castling_with_zeros(&mut self) -> SanPlus {
        let side = if self.eat_dash() && self.eat(b"0") {
            CastlingSide::QueenSide
        } else {
            CastlingSide::KingSide
        };
        let suffix = match self.peek() {
            Some(b'+') => Some(Suffix::Check),
            Some(b'#') => Some(Suffix::Checkmate),
            _ => None,
        };
        if suffix.is_some() {
            self.bump();
        }
        SanPlus {
            san: San::Castle(side),
            suffix,
        }
    }

    /// Reads a token that starts with `1`: the markers `1-0` and
    /// `1/2-1/2`, or a move number.
    fn one(&mut self, game: &mut PgnGame) {
        self.bump();
        if self.eat_dash() {
            if self.eat(b"0") {
                game.termination = Some(GameResult::WhiteWins);
            }
        } else if self.eat(b"/2") && self.eat_dash() && self.eat(b"1/2") {
            game.termination = Some(GameResult::Draw);
        } else {
            self.skip_move_number();
        }
    }

    /// Skips the rest of a move number whose first digit was read, and the
    /// dots and spaces after it.
    fn skip_move_number(&mut self) {
        self.skip_digits();
        while let Some(b'.' | b' ') = self.peek() {
            self.bump();
        }
    }

    /// Reads a SAN, kept when a token end follows it; a token that is not
    /// SAN is skipped whole.
    fn san(&mut self, game: &mut PgnGame, max_plies: usize) {
        match read_san_plus(self.rest()) {
            Ok((san, n)) => {
                self.at += n;
                if self.peek().is_none_or(is_token_end) {
                    push_ply(game, san, max_plies);
                }
            }
            Err(_) => {
                self.bump();
                self.skip_token();
            }
        }
    }

    /// Skips a variation whose `(` was read, up to its `)` (not read), or
    /// to the end of the movetext.
    fn skip_variation(&mut self) {
        let mut depth = 0usize;
        while let Some(byte) = self.peek() {
            match byte {
                b'(' => {
                    self.bump();
                    depth += 1;
                }
                b')' => match depth.checked_sub(1) {
                    Some(less) => {
                        self.bump();
                        depth = less;
                    }
                    None => break,
                },
                b'{' => {
                    self.bump();
                    self.skip_until_after(b'}');
                }
                b';' => {
                    self.bump();
                    self.skip_until(b'\n');
                }
                b'\n' => match self.text.get(self.at + 1) {
                    Some(b'%') => {
                        self.at += 2;
                        self.skip_until(b'\n');
                    }
                    Some(b'[' | b'\n') => break,
                    Some(b'\r') if self.text.get(self.at + 2) == Some(&b'\n') => break,
                    _ => self.bump(),
                },
                _ => self.bump(),
            }
        }
    }
}
