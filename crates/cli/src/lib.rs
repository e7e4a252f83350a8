//! The options of `drawrules explain`, shared by the command and by the
//! book, which replays the command lines of its worked examples: both read
//! a command line through [`ExplainArgs`], so an option means the same in
//! both and one added to the command is read by the book at once.
//!
//! The `drawrules` binary (src/main.rs) is the rest of this crate: one
//! file per command under `commands/`.
//!
//! # Examples
//!
//! ```
//! use drawrules::Edition;
//! use drawrules_cli::{Engine, ExplainArgs};
//!
//! let args = ExplainArgs::try_parse_words(["--rules", "fide-2014", "e4", "e5"]).unwrap();
//! assert_eq!(args.rules, Edition::Fide2014);
//! assert_eq!(args.engine, Engine::Arbiter);
//! assert_eq!(args.moves, ["e4", "e5"]);
//! ```

pub mod engine;
pub mod explain_args;

pub use engine::Engine;
pub use explain_args::ExplainArgs;
