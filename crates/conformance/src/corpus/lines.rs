//! Line numbers of byte offsets, for messages that say where.

/// Where each line of a text starts: the line of any byte offset is then
/// found by a binary search, not by counting newlines from the start of the
/// text, so numbering every case of a file takes time in proportion to the
/// file.
#[derive(Debug, Clone)]
pub(crate) struct Lines {
    /// The byte offset of each line's first byte; the first is 0.
    starts: Vec<usize>,
    /// The length of the text.
    len: usize,
}

impl Lines {
    /// The line starts of `text`, in one pass over it.
    pub(crate) fn new(text: &str) -> Lines {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(newline, _)| newline + 1))
            .collect();
        Lines {
            starts,
            len: text.len(),
        }
    }

    /// The 1-based line of byte `offset` (clamped to the text): one more
    /// than the number of newlines before it.
    pub(crate) fn line_of(&self, offset: usize) -> usize {
        let offset = offset.min(self.len);
        self.starts.partition_point(|&start| start <= offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition: one more than the newlines before `offset`.
    fn counted(text: &str, offset: usize) -> usize {
        1 + text.as_bytes()[..offset.min(text.len())]
            .iter()
            .filter(|&&byte| byte == b'\n')
            .count()
    }

    #[test]
    fn every_offset_gets_the_counted_line() {
        for text in ["", "\n", "a", "a\n", "\n\n", "ab\ncd\n\nef", "é\nà\n"] {
            let lines = Lines::new(text);
            for offset in 0..=text.len() + 2 {
                assert_eq!(
                    lines.line_of(offset),
                    counted(text, offset),
                    "{text:?} at {offset}"
                );
            }
        }
    }
}
