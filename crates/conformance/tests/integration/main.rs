//! The integration tests of drawrules-conformance, one binary: the
//! corpus loader at its limits, the accepted readings against the corpus,
//! the situations of the generated games, and `verify` against our arbiter, answers doctored in process and the
//! fake engines of `crates/conformance/tests/engines/`.
//!
//! `corpus_memory` counts allocations with a global allocator of its own:
//! per thread, so every test of the binary runs through it unaffected.

mod util;

mod corpus_limits;
mod corpus_memory;
mod corpus_scale;
mod malformed;
mod readings;
mod situations;
mod verify;
mod verify_castling_keys;
mod verify_directions;
mod verify_exact_dead;
mod verify_exercised;
mod verify_findings;
mod verify_omissions;
mod verify_profiles;
mod verify_stages;
