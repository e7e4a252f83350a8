//! `dead`: Article 5.2.2 decided exactly on one position, with its
//! evidence, as `drawrules dead --json` gives it.

use drawrules::mating::{Budget, Deadness};
use drawrules::unwinnable::can_ever_mate_in;
use serde::Serialize;
use shakmaty::Color;

use crate::error::ApiError;
use crate::game::Game;
use crate::options::Chosen;

/// `value` as JSON.
fn text<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// Whether the position `moves` reach from `chosen`'s start is dead,
/// decided exactly within the default budget: the object `drawrules dead
/// --json` writes (`fen`, `deadness`, `white`, `black`).
///
/// # Errors
///
/// [`ApiError::Refused`] for a move that cannot be played.
pub fn dead<'a>(
    chosen: &Chosen,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<String, ApiError> {
    let mode = chosen.start.castling_mode();
    let mut game = Game::started(chosen);
    game.extend(moves)?;
    let position = game.position();
    let white = can_ever_mate_in(position, Color::White, mode, Budget::DEFAULT);
    let black = can_ever_mate_in(position, Color::Black, mode, Budget::DEFAULT);
    // In the command's order of keys.
    Ok(format!(
        "{{\"fen\":{},\"deadness\":{},\"white\":{},\"black\":{}}}",
        text(&game.status().fen),
        text(&Deadness::of(&white, &black)),
        text(&white),
        text(&black),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Options;

    #[test]
    fn a_locked_pawn_wall_is_dead_and_a_mate_in_one_alive() {
        let chosen = Options::from_json(r#"{"fen": "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1"}"#)
            .unwrap()
            .chosen()
            .unwrap();
        let answer: serde_json::Value = serde_json::from_str(&dead(&chosen, []).unwrap()).unwrap();
        assert_eq!(answer["deadness"]["verdict"], "dead", "{answer}");
        let answer = dead(&Options::default().chosen().unwrap(), ["f3", "e5", "g4"]).unwrap();
        let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(answer["deadness"]["verdict"], "alive", "{answer}");
    }
}
