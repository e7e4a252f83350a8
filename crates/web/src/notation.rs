//! Moves written as the user wrote them: a game given in UCI is shown in
//! UCI, one given in SAN (or as PGN) in SAN, in the table, the move of the
//! ply and the written-move claims alike. The status record itself keeps
//! UCI, its format.

use drawrules::Status;
use serde::Serialize;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess};

/// Whether the moves were given in UCI: every one of them reads as UCI
/// (an empty list is taken as SAN).
pub(crate) fn given_in_uci(moves: &[String]) -> bool {
    !moves.is_empty() && moves.iter().all(|mv| mv.parse::<UciMove>().is_ok())
}

/// The moves that support each written-move claim (Articles 9.2.1, 9.3.1)
/// at a ply, in the status record's order of the claims.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WrittenMoves {
    /// The moves that support a threefold repetition claim (9.2.1).
    #[serde(rename = "threefold-repetition")]
    pub threefold_repetition: Vec<String>,
    /// The moves that support a fifty-move claim (9.3.1).
    #[serde(rename = "fifty-moves")]
    pub fifty_moves: Vec<String>,
}

/// The written-move claims of `status` (Articles 9.2.1, 9.3.1) by claim,
/// each move in UCI or, unless `uci`, in SAN from the ply's position.
pub(crate) fn written_moves(status: &Status, mode: CastlingMode, uci: bool) -> WrittenMoves {
    let position = status
        .fen
        .parse::<Fen>()
        .ok()
        .and_then(|fen| fen.into_position::<Chess>(mode).ok());
    let shown = |moves: &[String]| -> Vec<String> {
        moves
            .iter()
            .map(|text| match (&position, uci) {
                (Some(position), false) => in_san(position, text).unwrap_or_else(|| text.clone()),
                _ => text.clone(),
            })
            .collect()
    };
    let lists = &status.claims_on_move;
    WrittenMoves {
        threefold_repetition: shown(&lists.threefold_repetition),
        fifty_moves: shown(&lists.fifty_moves),
    }
}

/// The UCI move `text` in SAN, with its check or mate suffix, from
/// `position`.
fn in_san(position: &Chess, text: &str) -> Option<String> {
    let mv = text.parse::<UciMove>().ok()?.to_move(position).ok()?;
    Some(SanPlus::from_move(position.clone(), mv).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notation_is_the_one_every_move_was_given_in() {
        let words = |text: &str| -> Vec<String> { text.split(' ').map(str::to_owned).collect() };
        assert!(given_in_uci(&words("g1f3 g8f6 e1g1")));
        assert!(!given_in_uci(&words("g1f3 Nf6")));
        assert!(!given_in_uci(&words("Nf3 Nf6")));
        assert!(!given_in_uci(&[]));
    }

    #[test]
    fn written_moves_are_shown_in_san_from_the_ply_s_position_or_left_in_uci() {
        let status: Status = serde_json::from_str(
            r#"{"ply":0,"fen":"4k3/8/8/8/8/8/8/R3K3 w - - 99 80","clock":99,"repetition":1,
                "ended":[],"result":"*","claims":[],
                "claims_on_move":{"threefold-repetition":[],"fifty-moves":["a1a8","e1d2"]}}"#,
        )
        .unwrap();
        let san = written_moves(&status, CastlingMode::Standard, false);
        assert_eq!(san.fifty_moves, ["Ra8+", "Kd2"]);
        assert!(san.threefold_repetition.is_empty());
        let uci = written_moves(&status, CastlingMode::Standard, true);
        assert_eq!(uci.fifty_moves, ["a1a8", "e1d2"]);
        // The page lists the claims as the status record does.
        let json = serde_json::to_string(&uci).unwrap();
        assert_eq!(
            json,
            r#"{"threefold-repetition":[],"fifty-moves":["a1a8","e1d2"]}"#
        );
    }
}
