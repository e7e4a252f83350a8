//! A pasted PGN: the first game's start position (its `FEN` and `Variant`
//! tags) and the moves of its main line, read with `pgn-reader`.

use std::io;
use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};

/// The first game of a PGN, as the page judges it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The `FEN` tag, if any.
    pub fen: Option<String>,
    /// The `Variant` tag names Chess960.
    pub chess960: bool,
    /// The main line's moves, in SAN as written (variations left out).
    pub moves: Vec<String>,
    /// How many games the text holds.
    pub games: usize,
}

/// Collects the first game; later games are only counted.
struct FirstGame;

impl Visitor for FirstGame {
    type Tags = PgnGame;
    type Movetext = PgnGame;
    type Output = PgnGame;

    fn begin_tags(&mut self) -> ControlFlow<PgnGame, PgnGame> {
        ControlFlow::Continue(PgnGame::default())
    }

    fn tag(&mut self, tags: &mut PgnGame, name: &[u8], value: RawTag<'_>) -> ControlFlow<PgnGame> {
        match name {
            b"FEN" => tags.fen = Some(value.decode_utf8_lossy().into_owned()),
            b"Variant" => {
                let variant = value.decode_utf8_lossy().to_ascii_lowercase();
                tags.chess960 = variant.contains("960") || variant.contains("fischer");
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: PgnGame) -> ControlFlow<PgnGame, PgnGame> {
        ControlFlow::Continue(tags)
    }

    fn san(&mut self, game: &mut PgnGame, san_plus: SanPlus) -> ControlFlow<PgnGame> {
        game.moves.push(san_plus.to_string());
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _game: &mut PgnGame) -> ControlFlow<PgnGame, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, game: PgnGame) -> PgnGame {
        game
    }
}

/// The first game of `text` and how many games it holds; `None` when it
/// holds none.
///
/// # Errors
///
/// What the reader could not read.
pub fn first_game(text: &str) -> Result<Option<PgnGame>, String> {
    let mut reader = Reader::new(io::Cursor::new(text.as_bytes()));
    let Some(mut first) = reader
        .read_game(&mut FirstGame)
        .map_err(|err| err.to_string())?
    else {
        return Ok(None);
    };
    first.games = 1;
    while reader.skip_game().map_err(|err| err.to_string())? {
        first.games += 1;
    }
    Ok(Some(first))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_game_s_tags_and_main_line_are_read() {
        let text = "[Event \"x\"]\n[Variant \"Chess960\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 99 80\"]\n\n1. Ra2 {a comment} (1. Ra3 Kd8) 1... Kd8 2. Ra1 $1 * \n\n[Event \"y\"]\n\n1. e4 *\n";
        let game = first_game(text).unwrap().unwrap();
        assert_eq!(
            game.fen.as_deref(),
            Some("4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
        );
        assert!(game.chess960);
        assert_eq!(game.moves, ["Ra2", "Kd8", "Ra1"]);
        assert_eq!(game.games, 2);
    }

    #[test]
    fn text_without_a_game_holds_none() {
        assert_eq!(first_game("").unwrap(), None);
        assert_eq!(first_game("   \n").unwrap(), None);
    }
}
