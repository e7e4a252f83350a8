//! Oracles: functions that judge one input and say
//! whether the project behaved, shared by `cargo test` (seeded bytes,
//! proptest) and the fuzz targets in `fuzz/`, so that a fuzz target is a few
//! lines and every oracle also runs where cargo-fuzz is not installed.
//!
//! | oracle | input | what must hold |
//! |---|---|---|
//! | [`arbiter_matches_reference`] | a generated game | the arbiter's and the reference's records equal at every ply, both editions |
//! | [`arbiter_matches_reference_in_its_edition`] | a generated game | the same, under the edition the game chose (the fuzz target's: half the work) |
//! | [`explain_input`] | any text: a FEN line, then moves | a clean error or records that are consistent, equal under both engines and round-trip through JSON |
//! | [`protocol_answers`] | any text as an engine's output lines | every line read as an answer or refused with a reason; answers compared and rendered without a panic |
//! | [`pgn_input`] | any bytes as a PGN file | every game numbered in order, adjudicated alike streamed and one by one, a clean error naming the game, or a final record equal to the reference's |
//! | [`dead_position::decide_and_check`] | a position | an alive verdict's line replays to a checkmate by the side named; a dead verdict has no checkmate among the reachable positions (visited apart from the library, when few enough) |
//! | [`corpus_file`] | any text as a `spec/cases` file | a one-line error naming the file, or cases that run and that both engines judge alike (the fuzz target runs the exact 5.2.2 cases under the material rule, counted) |
//!
//! Each returns an [`Agreement`]: what the input reached (records, endings,
//! claims), which [`Statistics`] add up and print while a fuzzer runs; or,
//! when the project misbehaved, an [`InconsistencyError`] (a
//! [`DisagreementError`] for the differential oracle).

mod agreement;
mod corpus_file;
pub mod dead_position;
mod differential;
mod error;
mod explain_input;
mod pgn_input;
mod protocol_answers;

pub use agreement::{Agreement, Statistics};
pub use corpus_file::{ExactCases, corpus_file};
pub use differential::{
    CONFIRM_LIMIT, DisagreementError, ORACLE_BUDGET, arbiter_matches_reference,
    arbiter_matches_reference_in_its_edition, exact_dead_position_game, first_disagreement,
};
pub use error::InconsistencyError;
pub use explain_input::explain_input;
pub use pgn_input::pgn_input;
pub use protocol_answers::protocol_answers;
