//! Line breaks as the readers expect them: a carriage return that no line
//! feed follows (the line break of classic Mac OS text) read as a line
//! feed, so that a file written with such breaks is read line by line like
//! any other, its games and their tags kept apart. A carriage return before
//! a line feed (Windows) is left as it is: the readers skip it.

use std::io::{self, Read};

/// `inner` with every carriage return that no line feed follows read as a
/// line feed.
pub(crate) struct LineEnds<R> {
    inner: R,
    /// A byte read from `inner` and not given yet: a carriage return whose
    /// next byte was not yet known, or the byte after one.
    carried: Option<u8>,
}

impl<R> LineEnds<R> {
    pub(crate) fn new(inner: R) -> LineEnds<R> {
        LineEnds {
            inner,
            carried: None,
        }
    }
}

impl<R: Read> Read for LineEnds<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if buf.len() == 1 {
            return self.read_one(&mut buf[0]);
        }
        loop {
            let mut filled = 0;
            if let Some(byte) = self.carried.take() {
                buf[0] = byte;
                filled = 1;
            }
            let read = self.inner.read(&mut buf[filled..])?;
            let mut total = filled + read;
            if read == 0 {
                // The end: a carriage return last of all is a line break.
                if total == 1 && buf[0] == b'\r' {
                    buf[0] = b'\n';
                }
                return Ok(total);
            }
            lone_returns_to_feeds(&mut buf[..total]);
            if buf[total - 1] == b'\r' {
                // Its next byte decides: kept for the next read.
                self.carried = Some(b'\r');
                total -= 1;
            }
            if total > 0 {
                return Ok(total);
            }
        }
    }
}

impl<R: Read> LineEnds<R> {
    /// One byte into `out`, for a reader that asks for one at a time.
    fn read_one(&mut self, out: &mut u8) -> io::Result<usize> {
        let byte = match self.carried.take() {
            Some(byte) => byte,
            None => match self.next_from_inner()? {
                Some(byte) => byte,
                None => return Ok(0),
            },
        };
        *out = byte;
        if byte == b'\r' {
            match self.next_from_inner()? {
                Some(b'\n') => self.carried = Some(b'\n'),
                Some(other) => {
                    *out = b'\n';
                    self.carried = Some(other);
                }
                None => *out = b'\n',
            }
        }
        Ok(1)
    }

    /// The next byte of `inner`, or `None` at its end.
    fn next_from_inner(&mut self) -> io::Result<Option<u8>> {
        let mut one = [0u8];
        loop {
            match self.inner.read(&mut one) {
                Ok(0) => return Ok(None),
                Ok(_) => return Ok(Some(one[0])),
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => return Err(err),
            }
        }
    }
}

/// Every carriage return of `text` that a byte other than a line feed
/// follows made a line feed (one last of all is left for the caller).
fn lone_returns_to_feeds(text: &mut [u8]) {
    let mut from = 0;
    while let Some(at) = memchr::memchr(b'\r', &text[from..]).map(|at| from + at) {
        if at + 1 < text.len() && text[at + 1] != b'\n' {
            text[at] = b'\n';
        }
        from = at + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` read through [`LineEnds`] in reads of `size` bytes.
    fn read_in(text: &[u8], size: usize) -> Vec<u8> {
        let mut reader = LineEnds::new(text);
        let mut out = Vec::new();
        let mut buf = vec![0u8; size];
        loop {
            let n = reader.read(&mut buf).unwrap();
            if n == 0 {
                return out;
            }
            out.extend_from_slice(&buf[..n]);
        }
    }

    #[test]
    fn lone_returns_become_feeds_and_windows_breaks_stay() {
        let text = b"[A \"1\"]\r[B \"2\"]\r\n\r\n1. e4 *\r\r[A \"3\"]\r";
        let expected = b"[A \"1\"]\n[B \"2\"]\r\n\r\n1. e4 *\n\n[A \"3\"]\n".to_vec();
        for size in [1, 2, 3, 5, 7, 8, 64] {
            assert_eq!(read_in(text, size), expected, "reads of {size}");
        }
        assert_eq!(read_in(b"\r", 4), b"\n");
        assert_eq!(read_in(b"\r\n", 1), b"\r\n");
        assert_eq!(read_in(b"", 4), b"");
    }
}
