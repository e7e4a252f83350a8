//! Opening a PGN source: a file, `-` for standard input, or any reader, with
//! `.xz`, `.zst` and `.gz` compression recognised by the first bytes (not by
//! the file name, so that a compressed standard input works too).

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use thiserror::Error;

/// How a PGN source is compressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    /// Plain text.
    None,
    /// xz (LZMA2), possibly several streams one after another.
    Xz,
    /// Zstandard, possibly several frames.
    Zstd,
    /// gzip, possibly several members.
    Gzip,
}

impl Compression {
    /// The compression announced by the first bytes of a source.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_pgn::Compression;
    ///
    /// assert_eq!(Compression::sniff(b"\xfd7zXZ\x00..."), Compression::Xz);
    /// assert_eq!(Compression::sniff(b"\x28\xb5\x2f\xfd..."), Compression::Zstd);
    /// assert_eq!(Compression::sniff(b"\x1f\x8b..."), Compression::Gzip);
    /// assert_eq!(Compression::sniff(b"[Event \"?\"]"), Compression::None);
    /// ```
    pub fn sniff(head: &[u8]) -> Compression {
        if head.starts_with(b"\xfd7zXZ\x00") {
            Compression::Xz
        } else if head.starts_with(b"\x28\xb5\x2f\xfd") {
            Compression::Zstd
        } else if head.starts_with(b"\x1f\x8b") {
            Compression::Gzip
        } else {
            Compression::None
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Compression::None => "plain",
            Compression::Xz => "xz",
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
        })
    }
}

/// A source that cannot be opened.
#[derive(Debug, Error)]
#[error("cannot read {}: {source}", .path.display())]
pub struct InputError {
    /// The path as given (`-` for standard input).
    pub path: PathBuf,
    /// Why.
    #[source]
    pub source: io::Error,
}

/// A reader that counts the bytes passing through it.
struct Counting<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        self.count.fetch_add(read as u64, Ordering::Relaxed);
        Ok(read)
    }
}

/// An opened PGN source: the decompressed text as a reader, how it was
/// compressed, and a running count of the (compressed) bytes read so far.
pub struct Input {
    reader: Box<dyn Read + Send>,
    /// How the source is compressed.
    pub compression: Compression,
    /// Bytes read from the source so far, before decompression.
    pub bytes_read: Arc<AtomicU64>,
}

impl fmt::Debug for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Input")
            .field("compression", &self.compression)
            .field("bytes_read", &self.bytes_read)
            .finish_non_exhaustive()
    }
}

impl Read for Input {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.reader.read(buf)
    }
}

/// Opens `path` (`-` for standard input) and decompresses it if its first
/// bytes say it is xz, zstd or gzip.
///
/// # Errors
///
/// [`InputError`] naming the path when it cannot be opened or its first
/// bytes cannot be read.
pub fn open(path: &Path) -> Result<Input, InputError> {
    let fail = |source| InputError {
        path: path.to_owned(),
        source,
    };
    let raw: Box<dyn Read + Send> = if path == Path::new("-") {
        Box::new(io::stdin())
    } else {
        Box::new(File::open(path).map_err(fail)?)
    };
    decompressed(raw).map_err(fail)
}

/// Wraps `raw` so that reading it gives the PGN text, decompressing as its
/// first bytes ask.
///
/// # Errors
///
/// The I/O error of reading the first bytes, or of starting a decoder.
///
/// # Examples
///
/// ```
/// use std::io::Read;
/// use drawrules_pgn::{Compression, decompressed};
///
/// let mut input = decompressed(&b"1. e4 e5 *"[..]).unwrap();
/// assert_eq!(input.compression, Compression::None);
/// let mut text = String::new();
/// input.read_to_string(&mut text).unwrap();
/// assert_eq!(text, "1. e4 e5 *");
/// ```
pub fn decompressed<R: Read + Send + 'static>(raw: R) -> io::Result<Input> {
    let bytes_read = Arc::new(AtomicU64::new(0));
    let mut counting = Counting {
        inner: raw,
        count: Arc::clone(&bytes_read),
    };
    let mut head = Vec::with_capacity(6);
    while head.len() < 6 {
        let mut byte = [0u8; 6];
        let wanted = 6 - head.len();
        match counting.read(&mut byte[..wanted]) {
            Ok(0) => break,
            Ok(n) => head.extend_from_slice(&byte[..n]),
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    }
    let compression = Compression::sniff(&head);
    let whole = io::Cursor::new(head).chain(counting);
    Ok(Input {
        reader: decoder(compression, whole)?,
        compression,
        bytes_read,
    })
}

/// The reader of `whole`'s text, compressed as `compression`.
#[cfg(feature = "compressed")]
fn decoder<R: Read + Send + 'static>(
    compression: Compression,
    whole: R,
) -> io::Result<Box<dyn Read + Send>> {
    Ok(match compression {
        Compression::None => Box::new(whole),
        Compression::Xz => Box::new(liblzma::read::XzDecoder::new_multi_decoder(whole)),
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::new(whole)?),
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(whole)),
    })
}

/// The reader of `whole`'s text: plain text only, without the `compressed`
/// feature.
#[cfg(not(feature = "compressed"))]
fn decoder<R: Read + Send + 'static>(
    compression: Compression,
    whole: R,
) -> io::Result<Box<dyn Read + Send>> {
    match compression {
        Compression::None => Ok(Box::new(whole)),
        _ => Err(io::Error::new(
            io::ErrorKind::Unsupported,
            format!("{compression} input: built without the `compressed` feature"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    const PGN: &str = "[Event \"x\"]\n\n1. e4 e5 *\n";

    fn read_all(bytes: Vec<u8>) -> (Compression, io::Result<String>) {
        let mut input = decompressed(io::Cursor::new(bytes)).unwrap();
        let mut text = String::new();
        let read = input.read_to_string(&mut text).map(|_| text);
        (input.compression, read)
    }

    #[test]
    fn every_compression_reads_back_the_text() {
        let mut xz = Vec::new();
        let mut encoder = liblzma::write::XzEncoder::new(&mut xz, 6);
        encoder.write_all(PGN.as_bytes()).unwrap();
        encoder.finish().unwrap();
        let zst = zstd::encode_all(PGN.as_bytes(), 3).unwrap();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(PGN.as_bytes()).unwrap();
        let gz = gz.finish().unwrap();
        for (bytes, compression) in [
            (PGN.as_bytes().to_vec(), Compression::None),
            (xz, Compression::Xz),
            (zst, Compression::Zstd),
            (gz, Compression::Gzip),
        ] {
            let (found, text) = read_all(bytes);
            assert_eq!(found, compression);
            assert_eq!(text.unwrap(), PGN, "{compression}");
        }
    }

    #[test]
    fn a_truncated_compressed_stream_is_an_io_error() {
        let zst = zstd::encode_all(PGN.repeat(50).as_bytes(), 3).unwrap();
        let (_, text) = read_all(zst[..zst.len() / 2].to_vec());
        assert!(text.is_err());
    }

    #[test]
    fn short_and_empty_sources_are_plain() {
        assert_eq!(read_all(b"*".to_vec()).1.unwrap(), "*");
        assert_eq!(read_all(Vec::new()).1.unwrap(), "");
    }

    #[test]
    fn a_missing_file_names_its_path() {
        let err = open(Path::new("/no/such/file.pgn")).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("cannot read /no/such/file.pgn: "),
            "{err}"
        );
    }
}
