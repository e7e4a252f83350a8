//! One file per command.

pub mod adjudicate;
pub mod cases;
pub mod explain;
pub mod verify;
