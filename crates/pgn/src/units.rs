//! Games as stretches of text ([`Unit`]s), numbered, with the stretches of
//! one movetext that blank lines cut apart joined again, and the text read
//! before a failing source kept.

use std::collections::VecDeque;
use std::io::Read;

use crate::Limits;
use crate::parse::{ends_game, is_whole};
use crate::scan::{Cut, Frame, Problem, Scanner};
use crate::source_error::SourceError;
use crate::unit::Unit;

/// The games of a text as [`Unit`]s, then, if the source fails, the
/// whole games read before the failure and the [`SourceError`].
pub(crate) struct Units<R> {
    scanner: Scanner<R>,
    limits: Limits,
    ahead: Option<Frame>,
    queue: VecDeque<Result<Unit, SourceError>>,
    read: u64,
    done: bool,
}

impl<R: Read> Units<R> {
    pub(crate) fn new(source: R, limits: Limits) -> Units<R> {
        Units::starting_at(source, limits, 1)
    }

    /// The games of `source`, whose first line is line `line` of the whole
    /// text; numbered from 1 all the same.
    pub(crate) fn starting_at(source: R, limits: Limits, line: u64) -> Units<R> {
        Units::of(Scanner::starting_at(source, limits, line), limits)
    }

    /// The games of `text` followed by what `source` gives, whose first
    /// line is line `line` of the whole text; `text` is scanned where it
    /// is (see [`Scanner::holding`]).
    pub(crate) fn holding(text: Vec<u8>, source: R, limits: Limits, line: u64) -> Units<R> {
        Units::of(Scanner::holding(text, source, limits, line), limits)
    }

    /// The games `scanner` cuts.
    fn of(scanner: Scanner<R>, limits: Limits) -> Units<R> {
        Units {
            scanner,
            limits,
            ahead: None,
            queue: VecDeque::new(),
            read: 0,
            done: false,
        }
    }

    /// The source failed: the frame it cut is a game if it is whole, then
    /// the error; nothing more is read.
    fn cut(&mut self, cut: Cut) {
        self.done = true;
        if let Some(partial) = cut.partial
            && partial.problem.is_none()
            && is_whole(&partial.text)
        {
            self.read += 1;
            self.queue.push_back(Ok(Unit::new(self.read, partial)));
        }
        self.queue.push_back(Err(SourceError {
            after_game: self.read,
            line: cut.line,
            source: cut.error,
        }));
    }
}

impl<R: Read> Iterator for Units<R> {
    type Item = Result<Unit, SourceError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(item) = self.queue.pop_front() {
            return Some(item);
        }
        if self.done {
            return None;
        }
        let frame = match self.ahead.take().map(|frame| Ok(Some(frame))) {
            Some(frame) => frame,
            None => self.scanner.next_frame(),
        };
        let frame = match frame {
            Ok(Some(frame)) => frame,
            Ok(None) => {
                self.done = true;
                return None;
            }
            Err(cut) => {
                self.cut(cut);
                return self.queue.pop_front();
            }
        };
        self.read += 1;
        let mut unit = Unit::new(self.read, frame);
        // A movetext cut by a blank line goes on in a stretch without tags,
        // when what came before has neither a termination marker nor an
        // error.
        while unit.problem.is_none() {
            match self.scanner.next_frame() {
                Ok(Some(next)) => {
                    if next.tags == 0
                        && next.problem != Some(Problem::TooLong)
                        && unit.text.len() + next.text.len() <= self.limits.max_game_bytes
                        && !ends_game(unit.last_segment())
                    {
                        unit.join(next);
                    } else {
                        self.ahead = Some(next);
                        break;
                    }
                }
                Ok(None) => break,
                Err(cut) => {
                    let unit = Ok(unit);
                    self.cut(cut);
                    self.queue.push_front(unit);
                    return self.queue.pop_front();
                }
            }
        }
        Some(Ok(unit))
    }
}
