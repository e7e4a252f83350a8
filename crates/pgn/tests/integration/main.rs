//! The reader and the adjudication from outside the crate, in one test
//! binary: damaged and hostile input, and whole game collections
//! adjudicated and checked against the reference.

mod adjudicate_data;
mod damaged;
mod util;
