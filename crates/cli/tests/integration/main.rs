//! The command line's integration tests, one binary: each module runs the
//! built `drawrules` as a user or another program would, and `common`
//! holds what they share (running the binary, reading what it printed,
//! sending it a signal). The documented memory costs are held in a
//! binary of their own (`tests/costs/`).

mod common;

mod adjudicate_cli;
// Signals sent with kill(1), and whether they are caught read in /proc.
#[cfg(unix)]
mod adjudicate_signals;
mod cli;
mod dead_cli;
// A signal sent with kill(1), whether it is caught read in /proc.
#[cfg(unix)]
mod exit_statuses;
// Engines' processes found in /proc, signals sent with kill(1).
#[cfg(unix)]
mod misbehaving_engines;
mod spec_examples;
