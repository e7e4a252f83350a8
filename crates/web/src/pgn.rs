//! A pasted PGN, read as `drawrules adjudicate` reads it (with
//! drawrules-pgn): the first game's start position (its `FEN` tag, and its
//! `Variant` tag, which must name standard chess or Chess960) and the moves
//! of its main line.

use drawrules_pgn::{GameError, Games, Variant};

/// The first game of a PGN, as the page judges it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FirstGame {
    /// The `FEN` tag, if any.
    pub fen: Option<String>,
    /// The `Variant` tag names Chess960.
    pub chess960: bool,
    /// The main line's moves, in SAN as written (variations left out).
    pub moves: Vec<String>,
    /// How many games the text holds.
    pub games: usize,
}

/// Why the first game of a PGN cannot be judged.
#[derive(Debug)]
pub enum PgnRefusal {
    /// The text cannot be read as PGN (a syntax error, a game too long):
    /// the reader's words.
    Unreadable(String),
    /// The first game names a start the rules do not cover (a variant
    /// other than standard chess and Chess960).
    Game(GameError),
}

/// The first game of `text` and how many games it holds; `None` when it
/// holds none.
///
/// # Errors
///
/// [`PgnRefusal`]: what the reader could not read in the text or the
/// first game, or a variant `drawrules adjudicate` refuses too.
pub fn first_game(text: &str) -> Result<Option<FirstGame>, PgnRefusal> {
    let mut games = Games::new(text.as_bytes());
    let Some(game) = games.next() else {
        return Ok(None);
    };
    let game = game.map_err(|err| PgnRefusal::Unreadable(err.to_string()))?;
    if let Some(why) = game.syntax_error.as_ref().or(game.too_long.as_ref()) {
        return Err(PgnRefusal::Unreadable(why.clone()));
    }
    let variant = game.variant().map_err(PgnRefusal::Game)?;
    let mut first = FirstGame {
        fen: game.tags.fen.clone(),
        chess960: variant == Variant::Chess960,
        moves: game.moves.iter().map(ToString::to_string).collect(),
        games: 1,
    };
    for later in games {
        later.map_err(|err| PgnRefusal::Unreadable(err.to_string()))?;
        first.games += 1;
    }
    Ok(Some(first))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tagged(variant: &str) -> String {
        format!("[Variant \"{variant}\"]\n\n1. e4 e5 *\n")
    }

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

    #[test]
    fn the_variant_tag_is_read_as_adjudicate_reads_it() {
        for (variant, chess960) in [
            ("Standard", false),
            ("From Position", false),
            ("chess960", true),
            ("Fischerandom", true),
        ] {
            let game = first_game(&tagged(variant)).unwrap().unwrap();
            assert_eq!(game.chess960, chess960, "{variant}");
        }
        // The page used to take any name with "960" or "fischer" in it as
        // Chess960 and anything else as standard chess.
        for variant in ["Atomic", "Crazyhouse 960", "fischer-atomic"] {
            let Err(PgnRefusal::Game(err)) = first_game(&tagged(variant)) else {
                panic!("{variant} is refused");
            };
            assert_eq!(err.to_string(), format!("unsupported variant {variant:?}"));
        }
    }
}
