//! The smaller games a shrink tries: a prefix of the moves replaced by the
//! FEN it reaches, simpler starts, the moves kept while they stay legal.

use drawrules::StartPosition;
use shakmaty::Position;
use shakmaty::uci::UciMove;

use crate::verify::game::trial::{Minimal, Trial};

/// `best`'s game with its first moves replaced by the position they reach,
/// as the reference's record writes it (clock and move number included),
/// longest prefix first: all moves but the last, but the last 2, 4, 8 and
/// so on, then the first half and the first quarter. A FEN start forgets
/// the history before it (repetitions, castling rights shown only by the
/// FEN), so each candidate is kept only if the engine still diverges the
/// same way.
pub(super) fn fen_prefixes(best: &Minimal) -> Vec<Trial> {
    let game = &best.game;
    let moves = game.moves.len();
    let mut cuts: Vec<usize> = Vec::new();
    let mut kept = 1;
    while kept < moves {
        cuts.push(moves - kept);
        kept *= 2;
    }
    cuts.extend([moves / 2, moves / 4]);
    cuts.retain(|&cut| cut > 0 && cut < moves);
    cuts.dedup();
    cuts.into_iter()
        .filter_map(|cut| {
            let fen = best.reference.records.get(cut)?.fen.clone();
            Some(Trial {
                fen,
                moves: game.moves[cut..].to_vec(),
                edition: game.edition,
            })
        })
        .collect()
}

/// Simpler starts for `game`, simplest first: a lower clock, one man
/// fewer, the standard start; each with the longest prefix of the moves
/// that stays legal there. None when the start is not a valid FEN (a
/// corpus case may send one on purpose).
pub(super) fn simpler_starts(game: &Trial) -> Vec<Trial> {
    let Ok(start) = StartPosition::from_fen(&game.fen) else {
        return Vec::new();
    };
    let fen = start.to_string();
    let fields: Vec<&str> = fen.split(' ').collect();
    let [board, turn, castling, en_passant, clock, number] = fields[..] else {
        return Vec::new();
    };
    let clock: u32 = clock.parse().unwrap_or(0);
    let mut fens = Vec::new();
    for lower in [0, clock / 2] {
        if lower < clock {
            fens.push(format!(
                "{board} {turn} {castling} {en_passant} {lower} {number}"
            ));
        }
    }
    for square in 0..64 {
        let Some(without) = without_man(board, square) else {
            continue;
        };
        fens.push(format!(
            "{without} {turn} {castling} {en_passant} {clock} {number}"
        ));
    }
    fens.push(StartPosition::standard().to_string());
    fens.into_iter()
        .filter(|candidate| *candidate != fen)
        .filter_map(|fen| {
            let start = StartPosition::from_fen(&fen).ok()?;
            let moves = legal_prefix(&start, &game.moves);
            Some(Trial {
                fen,
                moves,
                edition: game.edition,
            })
        })
        .collect()
}

/// The board field with the man on `square` (a1 = 0) taken off, unless it
/// is empty or a king.
fn without_man(board: &str, square: usize) -> Option<String> {
    let mut squares: Vec<Option<char>> = Vec::with_capacity(64);
    for rank in board.split('/').rev() {
        for c in rank.chars() {
            match c.to_digit(10) {
                Some(n) => squares.extend((0..n).map(|_| None)),
                None => squares.push(Some(c)),
            }
        }
    }
    if squares.len() != 64 || matches!(squares[square], None | Some('k' | 'K')) {
        return None;
    }
    squares[square] = None;
    let ranks: Vec<String> = squares
        .chunks(8)
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for man in rank {
                match man {
                    Some(c) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(*c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    Some(ranks.join("/"))
}

/// The longest prefix of `moves` (UCI) that is legal from `start`.
fn legal_prefix(start: &StartPosition, moves: &[String]) -> Vec<String> {
    let mut position = start.position().clone();
    let mut kept = Vec::new();
    for text in moves {
        let Ok(uci) = text.parse::<UciMove>() else {
            break;
        };
        let Ok(mv) = uci.to_move(&position) else {
            break;
        };
        position.play_unchecked(mv);
        kept.push(text.clone());
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::game::judge::judge_text;
    use crate::verify::{Cause, Divergence, Group};
    use drawrules::laws::Edition;
    use drawrules::reference::Reference;

    #[test]
    fn fen_prefixes_start_where_the_moves_they_drop_lead() {
        let moves: Vec<String> = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 b1c3 b8c6"
            .split(' ')
            .map(str::to_owned)
            .collect();
        let fen = StartPosition::standard().to_string();
        let reference = judge_text(&mut Reference::default(), &fen, &moves, Edition::Fide2018);
        let minimal = Minimal {
            game: Trial {
                fen,
                moves: moves.clone(),
                edition: Edition::Fide2018,
            },
            divergence: Divergence {
                group: Group::AnswerShape,
                cause: Cause::Plain,
                ply: Some(10),
                expected: String::new(),
                actual: String::new(),
                direction: None,
            },
            reference,
        };
        let candidates = fen_prefixes(&minimal);
        let kept: Vec<usize> = candidates.iter().map(|c| c.moves.len()).collect();
        // All but 1, 2, 4 and 8 moves dropped, then the half and a quarter.
        assert_eq!(kept, [1, 2, 4, 8, 5, 8]);
        // The position after nine moves, with its clock and move number.
        assert_eq!(
            candidates[0].fen,
            "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 9 5"
        );
        assert_eq!(candidates[0].moves, ["b8c6"]);
    }
}
