//! What can be wrong with a corpus file.

use thiserror::Error;

/// A case file or directory that cannot be read, or that breaks the format.
///
/// Every message names the file, and the line and case where there is one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CorpusError {
    /// The file or directory cannot be read.
    #[error("cannot read {path}: {reason}")]
    Read {
        /// The path as given.
        path: String,
        /// Why, as the operating system says it.
        reason: String,
    },
    /// The file is larger than [`MAX_FILE_BYTES`](super::MAX_FILE_BYTES);
    /// it is not read.
    #[error(
        "{file}: {}{} bytes, more than the limit of {} for a corpus file",
        if *.exact { "" } else { "more than " },
        thousands(*.bytes),
        size(*.limit)
    )]
    TooLarge {
        /// The file.
        file: String,
        /// Its size, or how much of it was read when it grew while being
        /// read (then `exact` is false).
        bytes: u64,
        /// Whether `bytes` is the file's whole size.
        exact: bool,
        /// The limit.
        limit: usize,
    },
    /// The files of a directory read so far, up to and including `file`,
    /// hold more than [`MAX_CORPUS_BYTES`](super::MAX_CORPUS_BYTES)
    /// together; nothing of the corpus is run.
    #[error(
        "{file}: the corpus's files hold {} bytes together up to this one, more than the limit of {} for a corpus",
        thousands(*.total),
        size(*.limit)
    )]
    CorpusTooLarge {
        /// The file with which the total passed the limit.
        file: String,
        /// The bytes of the files read, this one included.
        total: u64,
        /// The limit.
        limit: usize,
    },
    /// Tables and arrays nest deeper than [`MAX_DEPTH`](super::MAX_DEPTH),
    /// found before the file is parsed.
    #[error("{file}:{line}: tables and arrays nested {depth} deep, more than the limit of {limit}")]
    TooDeep {
        /// The file.
        file: String,
        /// The line of the key or bracket that goes too deep.
        line: usize,
        /// How deep it goes there.
        depth: usize,
        /// The limit.
        limit: usize,
    },
    /// One case opens more tables and arrays than
    /// [`MAX_TABLES`](super::MAX_TABLES), found before the file is parsed.
    #[error(
        "{file}:{line}: the case that starts at line {case_line} opens more than {limit} tables and arrays, the limit for one case"
    )]
    TooManyTables {
        /// The file.
        file: String,
        /// The line where the case starts.
        case_line: usize,
        /// The line where it went past the limit.
        line: usize,
        /// The limit.
        limit: usize,
    },
    /// The arrays of one case hold more elements than
    /// [`MAX_ITEMS`](super::MAX_ITEMS), found before the file is parsed.
    #[error(
        "{file}:{line}: the case that starts at line {case_line} holds more than {limit} array elements, the limit for one case"
    )]
    TooManyItems {
        /// The file.
        file: String,
        /// The line where the case starts.
        case_line: usize,
        /// The line where it went past the limit.
        line: usize,
        /// The limit.
        limit: usize,
    },
    /// One case (from its `[[case]]` line to the next) is larger than
    /// [`MAX_CASE_BYTES`](super::MAX_CASE_BYTES), found before the file is
    /// parsed.
    #[error(
        "{file}:{line}: a case of {} bytes (up to the next [[case]] or the end), more than the limit of {} for one case",
        thousands(*.bytes as u64),
        size(*.limit)
    )]
    CaseTooLarge {
        /// The file.
        file: String,
        /// The line where the case starts.
        line: usize,
        /// Its size.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// The directory holds no `*.toml` file.
    #[error("{dir}: no case files (*.toml)")]
    NoFiles {
        /// The directory.
        dir: String,
    },
    /// The file name cannot serve as a group name.
    #[error("{file}: the file name must be lowercase words joined by '-' (it names the group)")]
    FileName {
        /// The file.
        file: String,
    },
    /// The text is not TOML, or not TOML of the case format.
    #[error(
        "{file}{}: {}{message}",
        .line.map(|line| format!(":{line}")).unwrap_or_default(),
        .case.as_ref().map(|name| format!("case {name:?}: ")).unwrap_or_default()
    )]
    Toml {
        /// The file.
        file: String,
        /// The line the TOML parser points at, when it does.
        line: Option<usize>,
        /// The name of the case the error lies in, when it can be told.
        case: Option<String>,
        /// What the parser says, on one line.
        message: String,
    },
    /// The file holds no case.
    #[error("{file}: no cases")]
    NoCases {
        /// The file.
        file: String,
    },
    /// A case breaks a rule of the format.
    #[error("{file}:{line}: case {name:?}: {problem}")]
    Case {
        /// The file.
        file: String,
        /// The line where the case starts.
        line: usize,
        /// The case's name as written.
        name: String,
        /// Which rule it breaks.
        problem: String,
    },
}

/// `n` with its digits grouped by three: `52,428,800`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// A limit in bytes as people write it: `4 MiB`, `64 KiB`, or in bytes.
fn size(bytes: usize) -> String {
    const KIB: usize = 1024;
    const MIB: usize = 1024 * KIB;
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= KIB && bytes.is_multiple_of(KIB) {
        format!("{} KiB", bytes / KIB)
    } else {
        format!("{} bytes", thousands(bytes as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(52_428_800), "52,428,800");
        assert_eq!(size(4 * 1024 * 1024), "4 MiB");
        assert_eq!(size(64 * 1024), "64 KiB");
        assert_eq!(size(1_500), "1,500 bytes");
    }
}
