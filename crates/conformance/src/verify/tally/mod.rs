//! The run's tally: each game's comparison added up, the findings counted
//! per group, cause and kind, the FEN conventions decided for the whole run
//! and the departures from them, the known divergences, and what the run
//! means part by part. Uses only the `game` stage.

pub(crate) mod fen_departures;
pub(crate) mod findings;
pub(crate) mod known;
pub(crate) mod outcome;
pub(crate) mod run_tally;
pub(crate) mod verdicts;
