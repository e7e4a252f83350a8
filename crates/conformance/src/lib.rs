//! # drawrules-conformance
//!
//! Other implementations of the draw rules checked against the
//! [`drawrules`] reference:
//!
//! * [`corpus`]: the conformance cases of `spec/cases/`, loaded and run
//!   against any [`Rules`](drawrules::Rules) implementation;
//! * [`protocol`]: the engine protocol (`spec/PROTOCOL.md`) through which an
//!   implementation in another program answers;
//! * [`verify`]: the corpus and generated games through any engine, every
//!   divergence from the reference grouped and shrunk.

pub mod corpus;
pub mod protocol;
pub mod verify;
