//! Generated games written out as PGN text by our own code, for tests and
//! benchmarks that need many well-formed games and no real ones.
//!
//! Each game is a [`Scenario`] from seeded bytes, so the set reaches what
//! the generator steers to (repetitions, clocks near 100 and 150, mates and
//! stalemates waiting, en passant set-ups, Chess960 castling), written with
//! the tags a PGN reader needs to replay it: `FEN` and `SetUp` for a start
//! other than the standard one, `Variant "Chess960"` for Chess960. The
//! moves are SAN with check marks and move numbers, wrapped before 80
//! columns. A game may go on past the ply where the draw rules ended it, as
//! the generator's games do; adjudicate names such games.
//!
//! The `Result` tag (and the game termination marker) is chosen so that
//! every kind of record turns up: the result the rules give where the game
//! ended (five times in eight), a result that contradicts it, an unfinished
//! `*`, and wins on time (`Termination "time forfeit"`), which adjudicate
//! checks under Article 6.9.

use std::fmt::Write as _;

use drawrules::{Arbiter, GameResult};
use shakmaty::san::SanPlus;
use shakmaty::{Color, Position};

use crate::{Scenario, SeededBytes};

/// How many bytes of the seeded stream make one scenario.
const BYTES_PER_GAME: usize = 600;

/// The column before which movetext lines are broken.
const WIDTH: usize = 79;

/// `games` generated games as one PGN text, the same text for the same
/// `seed`.
///
/// # Examples
///
/// ```
/// use drawrules_scenario::pgn_text::generated_pgn;
///
/// let text = generated_pgn(3, 7);
/// assert_eq!(text.matches("[Event ").count(), 3);
/// assert_eq!(text, generated_pgn(3, 7));
/// ```
pub fn generated_pgn(games: usize, seed: u64) -> String {
    let mut seeded = SeededBytes::new(seed);
    let mut text = String::new();
    for round in 1..=games {
        let scenario = Scenario::from_bytes(&seeded.take(BYTES_PER_GAME));
        let choice = seeded.next_u64();
        write_game(&scenario, round, choice, &mut text);
    }
    text
}

/// Appends `scenario` to `out` as one PGN game (tags, a blank line, the
/// movetext and a blank line), numbered `round`; `choice` picks the
/// recorded result (see the module's documentation).
///
/// # Examples
///
/// ```
/// use drawrules_scenario::Scenario;
/// use drawrules_scenario::pgn_text::write_game;
///
/// let mut text = String::new();
/// write_game(&Scenario::empty(), 1, 0, &mut text);
/// assert!(text.starts_with("[Event \"drawrules generated game\"]\n"));
/// assert!(text.ends_with("\n\n*\n\n"));
/// ```
pub fn write_game(scenario: &Scenario, round: usize, choice: u64, out: &mut String) {
    let (result, on_time) = recorded_result(scenario, choice);
    let tag = |out: &mut String, name: &str, value: &str| {
        let _ = writeln!(out, "[{name} \"{value}\"]");
    };
    tag(out, "Event", "drawrules generated game");
    tag(out, "Site", "?");
    tag(out, "Date", "????.??.??");
    tag(out, "Round", &round.to_string());
    tag(out, "White", &format!("White {round}"));
    tag(out, "Black", &format!("Black {round}"));
    tag(out, "Result", result.as_str());
    if scenario.start.is_chess960() {
        tag(out, "Variant", "Chess960");
    }
    let fen = scenario.start.to_string();
    if fen != drawrules::StartPosition::standard().to_string() {
        tag(out, "SetUp", "1");
        tag(out, "FEN", &fen);
    }
    if on_time {
        tag(out, "Termination", "time forfeit");
    }
    out.push('\n');

    let mut position = scenario.start.position().clone();
    let mut line = String::new();
    let mut first = true;
    for &mv in &scenario.moves {
        let number = position.fullmoves().get();
        let mut word = match (position.turn(), first) {
            (Color::White, _) => format!("{number}. "),
            (Color::Black, true) => format!("{number}... "),
            (Color::Black, false) => String::new(),
        };
        first = false;
        word.push_str(&SanPlus::from_move_and_play_unchecked(&mut position, mv).to_string());
        push_word(out, &mut line, &word);
    }
    push_word(out, &mut line, result.as_str());
    out.push_str(&line);
    out.push_str("\n\n");
}

/// Adds `word` to the movetext line being built, breaking it first when
/// the word would pass [`WIDTH`].
fn push_word(out: &mut String, line: &mut String, word: &str) {
    if !line.is_empty() && line.len() + 1 + word.len() > WIDTH {
        out.push_str(line);
        out.push('\n');
        line.clear();
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(word);
}

/// The result written for `scenario`, and whether it was a win on time:
/// where the rules end the game, their result in five cases of eight, a
/// wrong one in two and `*` in one; where they do not, `*`, a draw, or a win (on time
/// in half the wins).
fn recorded_result(scenario: &Scenario, choice: u64) -> (GameResult, bool) {
    let mut arbiter = Arbiter::new(&scenario.start, scenario.edition);
    for &mv in &scenario.moves {
        if arbiter.is_over() || arbiter.play_move(mv).is_err() {
            break;
        }
    }
    let winner = if arbiter.position().turn() == Color::White {
        GameResult::BlackWins
    } else {
        GameResult::WhiteWins
    };
    if arbiter.is_over() {
        return match choice % 8 {
            0 => (GameResult::Ongoing, false),
            1 | 2 if arbiter.result() == GameResult::Draw => (winner, false),
            1 | 2 => (GameResult::Draw, false),
            _ => (arbiter.result(), false),
        };
    }
    match choice % 8 {
        0..=2 => (GameResult::Ongoing, false),
        3 | 4 => (GameResult::Draw, false),
        5 => (winner, false),
        _ => (winner, true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetext_lines_stay_within_the_width_and_number_black_first_moves() {
        let text = generated_pgn(60, 1);
        assert!(text.lines().all(|line| line.len() <= WIDTH), "{text}");
        assert_eq!(text.matches("[Event ").count(), 60);
        // A FEN start with Black to move numbers its first move `N...`.
        assert!(text.contains("... "), "no game starts with Black to move");
        assert!(text.contains("[Variant \"Chess960\"]"));
        assert!(text.contains("[Termination \"time forfeit\"]"));
    }

    #[test]
    fn the_standard_start_has_no_fen_tag() {
        let mut text = String::new();
        write_game(&Scenario::empty(), 4, 3, &mut text);
        assert_eq!(
            text,
            "[Event \"drawrules generated game\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n\
             [Round \"4\"]\n[White \"White 4\"]\n[Black \"Black 4\"]\n[Result \"1/2-1/2\"]\n\n\
             1/2-1/2\n\n"
        );
    }
}
