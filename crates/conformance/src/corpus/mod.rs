//! The conformance corpus: the cases under `spec/cases/`, each a start, a
//! list of moves and what the status records must say, as data any
//! implementation can run.
//!
//! The format is described in `spec/README.md`. This module reads it
//! ([`parse_file`], [`load_file`], [`load_dir`], or [`built_in`], the
//! files compiled into the program), runs cases through any
//! [`Rules`](drawrules::Rules) implementation ([`run_case`], [`run_corpus`]) and
//! reports every field that differs ([`Failure`]).
//!
//! | file | concern |
//! |---|---|
//! | `format.rs` | the serde types of a case file |
//! | `bounds.rs` | the limits on a file, checked before it is parsed, and its split into cases |
//! | `load.rs` | reading files and directories; the rules TOML cannot check |
//! | `builtin.rs` | the corpus built into the program ([`built_in`]) |
//! | `lines.rs` | line numbers of byte offsets, for errors and [`Case::line`] |
//! | `error.rs` | [`CorpusError`] |
//! | `run.rs` | playing a case and comparing its records |
//! | `report.rs` | the list and the summary `drawrules cases` prints |
//!
//! # Examples
//!
//! ```
//! use std::path::Path;
//! use drawrules_conformance::corpus::{Readings, load_dir, run_corpus};
//! use drawrules::Reference;
//!
//! let corpus = load_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/cases")).unwrap();
//! let runs = run_corpus(&corpus, &mut Reference::default(), "fifty-moves/", Readings::Ours);
//! for run in &runs {
//!     assert!(run.holds(), "{run}");
//! }
//! ```

mod bounds;
mod builtin;
mod error;
mod format;
mod lines;
mod load;
mod report;
mod run;

pub use bounds::{
    MAX_CASE_BYTES, MAX_CORPUS_BYTES, MAX_DEPTH, MAX_FILE_BYTES, MAX_ITEMS, MAX_TABLES,
};
pub use builtin::{BUILT_IN, BUILT_IN_FILES, built_in};
pub use error::CorpusError;
pub use format::{Alternative, Case, CasesFile, Difference, ExpectedRefusal, differences};
pub use load::{Corpus, load_dir, load_file, parse_file};
pub use report::{render_list, summary};
pub use run::{CaseRun, Failure, Readings, alternative_holds, run_case, run_corpus};
