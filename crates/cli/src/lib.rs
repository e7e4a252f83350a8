//! The options of `drawrules explain`, shared by the command and by the
//! book, which replays the command lines of its worked examples: both read
//! a command line through [`ExplainArgs`], so an option means the same in
//! both and one added to the command is read by the book at once.
//!
//! With the `bin` feature (a default), [`run`] is the whole command line:
//! the `drawrules` binary (src/main.rs) calls it, and so does the Python
//! package's `drawrules` command, in the Python process. One file per
//! command lives under `commands/`.
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

#[cfg(feature = "bin")]
mod command;
#[cfg(feature = "bin")]
mod commands;
pub mod engine;
pub mod explain_args;
#[cfg(feature = "bin")]
mod flushing;
#[cfg(feature = "bin")]
mod output;
#[cfg(feature = "bin")]
mod signals;
#[cfg(feature = "bin")]
mod stoppable;

#[cfg(feature = "bin")]
pub use command::run;
pub use engine::Engine;
pub use explain_args::ExplainArgs;
