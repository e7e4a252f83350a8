//! One file per command.

pub mod adjudicate;
pub mod cases;
pub mod dead;
pub mod docs;
pub mod explain;
pub mod verify;
