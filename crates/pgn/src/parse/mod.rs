//! One game's text to a [`PgnGame`], read by the [lexer](crate::lexer).

#[cfg(test)]
mod model;
#[cfg(test)]
mod tests;

use crate::Limits;
use crate::game::PgnGame;
use crate::lexer::Lexer;
use crate::scan::Problem;
use crate::unit::Unit;

/// Parses one stretch of a game's text (the scanner's frame) into `game`:
/// tags, moves and termination marker; a reading error becomes the game's
/// syntax error.
fn parse_segment(text: &[u8], game: &mut PgnGame, max_plies: usize) {
    let mut lexer = Lexer::new(text);
    // Room for the moves a text of this length usually holds (a ply takes
    // about six bytes with its move number), so the list rarely moves.
    if game.moves.is_empty() {
        game.moves
            .reserve((text.len() / 6).min(max_plies.saturating_add(1)));
    }
    // The scanner cut the text where a game ends, so this is one game;
    // should the lexer see more, they are read as the rest of the same
    // movetext, so that nothing is dropped.
    for _ in 0..=text.len() {
        let termination = game.termination.take();
        match lexer.read_game(game, max_plies) {
            Ok(true) => {}
            Ok(false) => {
                game.termination = termination;
                break;
            }
            Err(err) => {
                if game.termination.is_none() {
                    game.termination = termination;
                }
                game.syntax_error
                    .get_or_insert_with(|| err.message().to_owned());
            }
        }
    }
}

/// Parses a game's text, in its stretches, into a [`PgnGame`].
pub(crate) fn parse(unit: &Unit, limits: &Limits) -> PgnGame {
    let mut game = PgnGame {
        index: unit.index,
        line: unit.line,
        ..PgnGame::default()
    };
    let mut moves = Vec::new();
    for (at, segment) in unit.segments().enumerate() {
        let mut part = PgnGame::default();
        parse_segment(&unit.text[segment], &mut part, limits.max_plies);
        if moves.is_empty() {
            moves = part.moves;
        } else {
            moves.extend(part.moves);
        }
        if at == 0 {
            game.tags = part.tags;
        }
        game.termination = part.termination;
        game.syntax_error = part.syntax_error;
    }
    game.moves = moves;
    if let Some(error) = &mut game.syntax_error {
        *error = format!("{error} (game text from line {})", unit.line);
    }
    match unit.problem {
        Some(Problem::UnterminatedComment { line }) => {
            game.syntax_error = Some(format!(
                "unterminated comment opened on line {line}; reading goes on at the next tag section"
            ));
        }
        Some(Problem::UnterminatedVariation { line }) => {
            game.syntax_error = Some(format!("unterminated variation opened on line {line}"));
        }
        Some(Problem::UnterminatedTag { line }) => {
            game.syntax_error = Some(format!("unterminated tag on line {line}"));
        }
        Some(Problem::TooLong) => {
            game.too_long = Some(format!("more than {} bytes", limits.max_game_bytes));
        }
        None => {}
    }
    if game.too_long.is_none() && game.moves.len() > limits.max_plies {
        game.too_long = Some(format!("more than {} plies", limits.max_plies));
    }
    if game.too_long.is_some() {
        game.moves = Vec::new();
    }
    game
}

/// Whether the stretch `text` ends its game: it has a termination marker
/// or cannot be read (a stretch after it is then a game of its own).
pub(crate) fn ends_game(text: &[u8]) -> bool {
    let mut part = PgnGame::default();
    parse_segment(text, &mut part, 0);
    part.termination.is_some() || part.syntax_error.is_some()
}

/// Whether a stretch cut off by a failing source is still a whole game: it
/// reads without error and ends with its termination marker.
pub(crate) fn is_whole(text: &[u8]) -> bool {
    let mut part = PgnGame::default();
    parse_segment(text, &mut part, 0);
    let trimmed = text.trim_ascii_end();
    part.syntax_error.is_none()
        && part.termination.is_some()
        && ["1-0", "0-1", "1/2-1/2", "*", "½-½"]
            .iter()
            .any(|marker| trimmed.ends_with(marker.as_bytes()))
}
