//! One game compared: the game as sent, what is verified and our answers,
//! the comparison with every exception it makes, and the occasions of each
//! part's rule in the game. Uses no other stage of a run.

pub(crate) mod cause;
pub(crate) mod compare;
pub(crate) mod conventions;
pub(crate) mod direction;
pub(crate) mod divergence;
pub(crate) mod exceptions;
pub(crate) mod fen_fields;
#[cfg(test)]
pub(crate) mod fixtures;
pub(crate) mod group;
pub(crate) mod illegal;
pub(crate) mod illegal_move;
pub(crate) mod judge;
pub(crate) mod judged_by;
pub(crate) mod malformed;
pub(crate) mod occasions;
pub(crate) mod readings;
pub(crate) mod subject;
pub(crate) mod trial;
