//! `drawrules verify`: check an implementation of the draw rules against the
//! reference, on the conformance corpus and on generated games, through the
//! engine protocol (`spec/PROTOCOL.md`).
//!
//! The folders are the stages a run goes through, and each uses only the
//! stages listed after it:
//!
//! * [`render`]: the reports, text, JSON, JUnit and Markdown, of what the
//!   run found;
//! * `run`: the run and its games ([`verify`], [`verify_parallel`],
//!   [`VerifyOptions`]): the corpus, the generated games, the malformed
//!   inputs and the illegal moves, made one at a time, judged on one
//!   thread or several, then handed to the tally and the shrinker;
//! * `shrink`: each group and cause's first divergence shrunk to a
//!   minimal game (a prefix of moves replaced by the FEN it reaches, moves
//!   dropped, simpler starts);
//! * `tally`: the run's tally ([`VerifyReport`]): every finding counted,
//!   per group, cause and kind, with only the reports' examples and the
//!   games to shrink kept whole ([`Findings`]), so that a run's memory
//!   does not grow with its games; the FEN conventions decided for the
//!   whole run and the departures from them; the
//!   [`KnownDivergences`] file, strict both ways; each part's
//!   [`Verdict`], the occasions of its rule counted;
//! * `game`: one game compared: what is verified ([`Subject`], an
//!   [`EngineProcess`](crate::protocol::EngineProcess) or [`OurArbiter`]),
//!   our answers in the protocol's terms ([`judge_text()`]), the game as
//!   sent ([`Trial`]) and [`compare()`]: every distinct divergence, on
//!   declared parts only, each with its [`Cause`]; the exceptions it makes
//!   (when a difference is not a departure) are small named functions of
//!   one file, among them the accepted [`Reading`]s of the corpus and the
//!   published FEN [`Convention`]s ([`ConventionTally`]); a FEN departs
//!   once per field ([`FenField`]); the malformed inputs
//!   ([`Malformation`](crate::protocol::Malformation)) and illegal moves
//!   ([`IllegalMove`]) of every run, each in its own group; the
//!   [`Occasion`]s of each part's rule; what the games are judged by
//!   ([`JudgedBy`]).

mod game;
pub mod render;
mod run;
mod shrink;
mod tally;

pub use game::cause::Cause;
pub use game::compare::{Comparison, compare};
pub use game::conventions::counted::{ConventionTally, DecidedConventions, Decision};
pub use game::conventions::{Convention, Told, double_step, told_apart};
pub use game::direction::Direction;
pub use game::divergence::Divergence;
pub use game::fen_fields::{FenField, differing_fields};
pub use game::group::Group;
pub use game::illegal_move::IllegalMove;
pub use game::judge::judge_text;
pub use game::judged_by::JudgedBy;
pub use game::malformed::malformed_game;
pub use game::occasions::{Exercise, Exercised, FLOOR, Hider, Occasion};
pub use game::readings::{Reading, cases as reading_cases};
pub use game::subject::{OurArbiter, OurExactArbiter, Subject};
pub use game::trial::{Minimal, Trial};
pub use run::{VerifyOptions, verify, verify_parallel};
pub use tally::findings::{EXAMPLES, FindingLabel, Findings};
pub use tally::known::{KnownDivergences, KnownDivergencesError, Label};
pub use tally::outcome::{Finding, Problem, VerifyReport};
pub use tally::verdicts::{Compared, ExtraGroup, Verdict};
