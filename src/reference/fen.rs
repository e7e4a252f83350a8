//! The `fen` field of the status record, written from what the reference
//! itself derived: the castling field lists the rights of
//! [`castling_rights`], the en passant field the square of a legal en passant
//! capture only, and the halfmove field the [`clock`].
//!
//! The castling field names the rook of each right: `KQkq` in standard chess
//! (the rooks stand in the corners), the rook's file in Chess960
//! (Shredder-FEN, `HAha`), where a letter says which rook without looking
//! at the board.

use shakmaty::{Color, File, Position};

use super::game::Game;
use super::move_count::clock;
use super::same_position::{CastlingRight, castling_rights, en_passant_right};

/// The FEN of the position at `ply`.
pub fn fen(game: &Game, ply: usize) -> String {
    let position = game.position(ply);
    let en_passant = en_passant_right(game, ply).map_or_else(|| "-".to_owned(), |s| s.to_string());
    format!(
        "{board} {turn} {castling} {en_passant} {clock} {fullmove}",
        board = position.board().board_fen(),
        turn = position.turn().char(),
        castling = castling_field(&castling_rights(game, ply), game.start().is_chess960()),
        clock = clock(game, ply),
        fullmove = fullmove_number(game, ply),
    )
}

/// The castling field: in standard chess `K`/`Q` (`k`/`q` for Black) for a
/// right with the rook on the h-file/a-file; in Chess960 the rook's file
/// letter, upper case for White; White first, the king's side before the
/// queen's; `-` when no right is left.
fn castling_field(rights: &[CastlingRight], chess960: bool) -> String {
    let mut letters: Vec<(Color, bool, char)> = rights
        .iter()
        .map(|right| {
            let kingside = right.rook.file() > right.king.file();
            let letter = match right.rook.file() {
                _ if chess960 => right.rook.file().upper_char(),
                File::H => 'K',
                File::A => 'Q',
                other => other.upper_char(),
            };
            let letter = match right.color {
                Color::White => letter,
                Color::Black => letter.to_ascii_lowercase(),
            };
            (right.color, !kingside, letter)
        })
        .collect();
    // White's letters first; on each side the king's side first.
    letters.sort_by_key(|&(color, queenside, _)| (color == Color::Black, queenside));
    if letters.is_empty() {
        "-".to_owned()
    } else {
        letters.into_iter().map(|(_, _, letter)| letter).collect()
    }
}

/// The move number: the start FEN's, plus one for every move Black made
/// (saturating at `u32::MAX`, like the clock).
fn fullmove_number(game: &Game, ply: usize) -> u32 {
    let start = game.start().setup();
    let black_first = usize::from(start.turn == Color::Black);
    let black_moves = u32::try_from(ply.saturating_add(black_first) / 2).unwrap_or(u32::MAX);
    start.fullmoves.get().saturating_add(black_moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::testing::game;

    #[test]
    fn fen_follows_the_game() {
        let g = game(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e2e4 c7c5 g1f3",
        );
        assert_eq!(
            fen(&g, 0),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        // No black pawn can take on e3: no en passant square.
        assert_eq!(
            fen(&g, 1),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        assert_eq!(
            fen(&g, 3),
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
        );
    }

    #[test]
    fn fen_shows_legal_en_passant_and_lost_rights() {
        let g = game("r3k2r/8/8/8/3p4/8/4P3/R3K2R w KQkq - 5 20", "e2e4 h8h7");
        assert_eq!(fen(&g, 1), "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 20");
        assert_eq!(fen(&g, 2), "r3k3/7r/8/8/3pP3/8/8/R3K2R w KQq - 1 21");
    }

    #[test]
    fn chess960_castling_field_names_rook_files() {
        use crate::reference::testing::game_in;
        let g = game_in(
            "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w BHbh - 0 1",
            "b1a1 b8a8",
            shakmaty::CastlingMode::Chess960,
        );
        assert_eq!(
            fen(&g, 0),
            "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1"
        );
        assert_eq!(fen(&g, 2), "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w Hh - 2 2");
    }

    #[test]
    fn huge_fen_numbers_saturate() {
        let g = game("4k3/8/8/8/8/8/8/R3K3 b - - 4294967295 4294967295", "e8d8");
        assert_eq!(
            fen(&g, 1),
            "3k4/8/8/8/8/8/8/R3K3 w - - 4294967295 4294967295"
        );
    }

    #[test]
    fn fen_numbers_moves_from_a_black_start() {
        let g = game("4k3/8/8/8/8/8/8/4K2R b K - 0 7", "e8d8 e1g1");
        assert_eq!(fen(&g, 1), "3k4/8/8/8/8/8/8/4K2R w K - 1 8");
        assert_eq!(fen(&g, 2), "3k4/8/8/8/8/8/8/5RK1 b - - 2 8");
    }
}
