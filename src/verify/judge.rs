//! Judging a game with one of our implementations, in the protocol's terms:
//! the records of the plies played and the refusal that stopped the game.

use shakmaty::uci::UciMove;

use crate::laws::Edition;
use crate::protocol::RefusalKind;
use crate::rules::{Rules, RulesError};
use crate::start::StartPosition;
use crate::status::Status;

/// What an implementation of ours says about a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    /// The records of plies 0 to the last played.
    pub records: Vec<Status>,
    /// Why the remaining moves were refused, and the ply the refused move
    /// would have made (`None` for the start position).
    pub refusal: Option<(Option<u32>, RefusalKind)>,
}

/// Plays `moves` (UCI text) from `fen` under `edition` through `rules`.
///
/// # Examples
///
/// ```
/// use drawrules::{Edition, Reference};
/// use drawrules::protocol::RefusalKind;
/// use drawrules::verify::judge;
///
/// let moves = ["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"].map(String::from);
/// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// let judged = judge(&mut Reference::default(), fen, &moves, Edition::Fide2018);
/// assert_eq!(judged.records.len(), 5);
/// assert_eq!(judged.refusal, Some((Some(5), RefusalKind::GameOver)));
/// ```
pub fn judge(rules: &mut dyn Rules, fen: &str, moves: &[String], edition: Edition) -> Judgement {
    let refused = |ply: Option<u32>, kind, records| Judgement {
        records,
        refusal: Some((ply, kind)),
    };
    let Ok(start) = StartPosition::from_fen(fen) else {
        return refused(None, RefusalKind::InvalidFen, Vec::new());
    };
    if rules.start(&start, edition).is_err() {
        return refused(None, RefusalKind::InvalidFen, Vec::new());
    }
    let mut records = vec![rules.status()];
    for (index, text) in moves.iter().enumerate() {
        let ply = u32::try_from(index + 1).unwrap_or(u32::MAX);
        if records.last().is_some_and(Status::is_over) {
            return refused(Some(ply), RefusalKind::GameOver, records);
        }
        let Ok(uci) = text.parse::<UciMove>() else {
            return refused(Some(ply), RefusalKind::IllegalMove, records);
        };
        match rules.play(uci) {
            Ok(()) => records.push(rules.status()),
            Err(RulesError::GameOver { .. }) => {
                return refused(Some(ply), RefusalKind::GameOver, records);
            }
            Err(RulesError::IllegalMove) => {
                return refused(Some(ply), RefusalKind::IllegalMove, records);
            }
        }
    }
    Judgement {
        records,
        refusal: None,
    }
}
