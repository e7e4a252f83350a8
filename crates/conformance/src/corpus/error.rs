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
