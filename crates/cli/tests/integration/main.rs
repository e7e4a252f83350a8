//! The command line's integration tests, one binary: each module runs the
//! built `drawrules` as a user or another program would, and `common`
//! holds what they share (running the binary, reading what it printed,
//! sending it a signal).

mod common;

mod adjudicate_cli;
mod adjudicate_signals;
mod cli;
mod costs;
mod dead_cli;
mod misbehaving_engines;
mod spec_examples;
