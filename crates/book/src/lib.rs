//! The book's preprocessor (`mdbook-drawrules`): it makes the spec pages
//! into chapters a person reads with the boards in front of them, and it
//! will not let the book say anything the reference does not.
//!
//! For each chapter, [`chapter::rewrite`]:
//!
//! * replays every `drawrules explain` example (a `$ drawrules explain …`
//!   line in a ```` ```console ```` block) through the reference
//!   ([`explain`]), works out what the command prints, and stops the build
//!   when the page shows anything else; then draws the board of the
//!   example's last ply, the move that reached it as an arrow, beside the
//!   table of every ply ([`figure`]); a `<!-- board: … -->` comment right
//!   above the block chooses another ply or other arrows;
//! * checks every ```` ```dead-position ```` block of the 5.2.2 page
//!   against the reference's exact decision and draws its position
//!   ([`dead_block`]);
//! * replaces a line `{{#drawrules-cases GROUP}}` with every case of
//!   `spec/cases/GROUP.toml`, each run through the reference (a case that
//!   does not hold stops the build) and drawn ([`corpus`]).
//!
//! Every board is an inline SVG (`drawrules_board`, shared with the
//! book's in-browser page) with a text alternative: the FEN and what the
//! arrows show.

pub mod chapter;
pub mod corpus;
pub mod dead_block;
mod error;
pub mod explain;
pub mod figure;
pub mod links;

pub use error::BookError;
