//! A game judged move by move by the arbiter, through the library's
//! judging pipeline ([`drawrules::Judging`]), as the command judges one.

use drawrules::{Arbiter, Judging, Refusal, Rules, StartPosition, Status};

use crate::error::ApiError;
use crate::options::Chosen;

/// A game: a start position, the moves played, the status record of
/// every ply.
pub struct Game {
    arbiter: Arbiter,
    judging: Judging,
    start: StartPosition,
}

impl Game {
    /// A game started as `chosen` says.
    pub fn started(chosen: &Chosen) -> Game {
        let mut arbiter = Arbiter::default();
        arbiter.set_dead_rule(chosen.dead);
        let judging = Judging::start(&mut arbiter, &chosen.start, chosen.edition, chosen.notation)
            .expect("the arbiter accepts every start position");
        Game {
            arbiter,
            judging,
            start: chosen.start.clone(),
        }
    }

    /// The start position.
    pub fn start(&self) -> &StartPosition {
        &self.start
    }

    /// The moves played, in UCI.
    pub fn moves(&self) -> Vec<String> {
        let mode = self.start.castling_mode();
        self.judging
            .judgement()
            .moves
            .iter()
            .map(|mv| mv.to_uci(mode).to_string())
            .collect()
    }

    /// Plays `text` (UCI or SAN, as the notation chosen reads).
    ///
    /// # Errors
    ///
    /// The move's refusal; the game is unchanged.
    pub fn play(&mut self, text: &str) -> Result<&Status, Refusal> {
        self.judging.play(&mut self.arbiter, text)?;
        Ok(self.status())
    }

    /// Plays each of `moves` in turn.
    ///
    /// # Errors
    ///
    /// [`ApiError::Refused`] at the first move that cannot be played, with
    /// the records before it (the moves before it stay played).
    pub fn extend<'a>(&mut self, moves: impl IntoIterator<Item = &'a str>) -> Result<(), ApiError> {
        for text in moves {
            if let Err(refusal) = self.play(text) {
                return Err(ApiError::Refused {
                    refusal,
                    records: self.records().to_vec(),
                });
            }
        }
        Ok(())
    }

    /// The record of the current ply.
    pub fn status(&self) -> &Status {
        self.records().last().expect("a started game has ply 0")
    }

    /// The records so far, ply 0 first.
    pub fn records(&self) -> &[Status] {
        &self.judging.judgement().records
    }

    /// The position the moves so far reach.
    pub fn position(&self) -> &shakmaty::Chess {
        self.judging.position()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Options;

    fn game() -> Game {
        Game::started(&Options::default().chosen().unwrap())
    }

    #[test]
    fn a_refused_move_leaves_the_game_as_it_was() {
        let mut game = game();
        game.play("e4").unwrap();
        let refusal = game.play("e5e4").unwrap_err();
        assert_eq!(refusal.ply, 2);
        assert_eq!(game.records().len(), 2);
        assert_eq!(game.play("e5").unwrap().ply, 2);
    }

    #[test]
    fn extend_stops_at_the_first_refusal_with_the_records_before_it() {
        let mut game = game();
        let err = game.extend(["f3", "e5", "g4", "Qh4", "a3"]).unwrap_err();
        let ApiError::Refused { refusal, records } = &err else {
            panic!("{err:?}");
        };
        assert_eq!((refusal.ply, refusal.text.as_deref()), (5, Some("a3")));
        assert_eq!(records.len(), 5);
        assert_eq!(err.class(), "GameOverError");
        assert_eq!(game.records().len(), 5);
    }
}
