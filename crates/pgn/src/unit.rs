//! One game's text as the scanner cut it, not yet parsed: what the
//! parser reads and what the stream of games hands on.

use std::ops::Range;

use crate::scan::{Frame, Problem};

/// One game's text, not yet parsed.
#[derive(Debug, Default)]
pub(crate) struct Unit {
    /// The game's number in its source, from 1.
    pub index: u64,
    /// The line its text starts on.
    pub line: u64,
    /// Its text: one stretch, or several that blank lines separated.
    pub text: Vec<u8>,
    /// Where each stretch after the first starts in `text` (none for a
    /// text of one stretch, most games).
    joins: Vec<usize>,
    /// What the scanner found wrong with its last stretch.
    pub problem: Option<Problem>,
}

impl Unit {
    pub(crate) fn new(index: u64, frame: Frame) -> Unit {
        Unit {
            index,
            line: frame.line,
            joins: Vec::new(),
            text: frame.text,
            problem: frame.problem,
        }
    }

    /// The text held, in bytes (what a batch of units weighs).
    pub(crate) fn weight(&self) -> usize {
        self.text.len()
    }

    /// Where each stretch is in `text`, in order.
    pub(crate) fn segments(&self) -> impl Iterator<Item = Range<usize>> + '_ {
        let starts = std::iter::once(0).chain(self.joins.iter().copied());
        let ends = self
            .joins
            .iter()
            .copied()
            .chain(std::iter::once(self.text.len()));
        starts.zip(ends).map(|(start, end)| start..end)
    }

    /// The last stretch of its text.
    pub(crate) fn last_segment(&self) -> &[u8] {
        &self.text[self.joins.last().copied().unwrap_or(0)..]
    }

    /// Adds a stretch that continues this game's movetext.
    pub(crate) fn join(&mut self, frame: Frame) {
        self.joins.push(self.text.len());
        self.text.extend_from_slice(&frame.text);
        self.problem = frame.problem;
    }
}
