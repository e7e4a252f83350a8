//! The command line's integration tests, one binary: each module runs the
//! built `drawrules` as a user or another program would, and `common`
//! holds what they share (running the binary, reading what it printed,
//! sending it a signal).

mod common;

mod adjudicate_cli;
// Signals sent with kill(1), and whether they are caught read in /proc.
#[cfg(unix)]
mod adjudicate_signals;
mod cli;
// Peak memory from getrusage(2).
#[cfg(unix)]
mod costs;
mod dead_cli;
// Engines' processes found in /proc, signals sent with kill(1).
#[cfg(unix)]
mod misbehaving_engines;
mod spec_examples;
