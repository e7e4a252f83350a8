//! `drawrules dead -`: many positions in one run, one a line from standard
//! input, each answered with one JSON line, flushed as it is written.
//!
//! A line is a FEN, optionally followed by `white` or `black` to ask about
//! that side alone. The answer is the object of `dead --json` (for one
//! side, its part alone). A line that cannot be read gets an error object
//! naming its line number, and the run goes on. Blank lines are passed
//! over.

use std::io::{self, BufRead, Read, Write};

use drawrules::StartPosition;
use drawrules::mating::{Budget, Deadness};
use drawrules::reference::Game;
use drawrules::reference::fen::fen;
use drawrules::unwinnable::can_ever_mate_in;
use shakmaty::{CastlingMode, Color};

/// The longest line read (a FEN is under 100 bytes); the rest of a longer
/// line is passed over and the line reported as bad.
const MAX_LINE: usize = 4096;

/// What a run of lines came to.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Batch {
    /// Lines answered with a verdict.
    pub answered: usize,
    /// Lines answered with an error object.
    pub bad: usize,
}

/// Answers every line of `input` on `out` (see the module's docs).
///
/// # Errors
///
/// When `input` cannot be read or `out` written.
pub fn answer_lines(
    input: &mut impl BufRead,
    out: &mut impl Write,
    mode: CastlingMode,
) -> io::Result<Batch> {
    let mut batch = Batch::default();
    let mut number = 0;
    let mut line = Vec::new();
    loop {
        line.clear();
        let mut limited = Read::take(&mut *input, MAX_LINE as u64 + 1);
        let read = limited.read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(batch);
        }
        number += 1;
        let too_long = line.len() > MAX_LINE && line.last() != Some(&b'\n');
        if too_long {
            skip_rest_of_line(input)?;
        }
        let answer = if too_long {
            Err(format!("longer than {MAX_LINE} bytes"))
        } else {
            match std::str::from_utf8(&line) {
                Err(_) => Err("not UTF-8 text".to_owned()),
                Ok(text) if text.trim().is_empty() => continue,
                Ok(text) => verdict(text.trim(), mode),
            }
        };
        let object = match answer {
            Ok(object) => {
                batch.answered += 1;
                object
            }
            Err(error) => {
                batch.bad += 1;
                format!(
                    "{{\"line\":{number},\"error\":{}}}",
                    serde_json::to_string(&error).unwrap_or_default()
                )
            }
        };
        writeln!(out, "{object}")?;
        out.flush()?;
    }
}

/// Reads and drops the rest of a line that was too long.
fn skip_rest_of_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(());
            }
            None => {
                let len = buffer.len();
                input.consume(len);
            }
        }
    }
}

/// The verdict object of one line's position, written as `dead --json`
/// writes it (fields in the same order), or why the line cannot be used.
fn verdict(line: &str, mode: CastlingMode) -> Result<String, String> {
    let (fen_text, side) = match line.rsplit_once(char::is_whitespace) {
        Some((fen, "white")) => (fen.trim_end(), Some(Color::White)),
        Some((fen, "black")) => (fen.trim_end(), Some(Color::Black)),
        _ => (line, None),
    };
    let start =
        StartPosition::from_fen_in(fen_text, mode).map_err(|err| format!("{fen_text:?}: {err}"))?;
    let game = Game::new(start);
    let position = game.current();
    let ask = |color| can_ever_mate_in(position, color, mode, Budget::DEFAULT);
    // Each part is a string or one of the library's plain serialisable
    // enums, so it always serialises.
    let part = |value: serde_json::Result<String>| value.unwrap_or_default();
    let fen = part(serde_json::to_string(&fen(&game, 0)));
    Ok(match side {
        Some(Color::White) => format!(
            "{{\"fen\":{fen},\"white\":{}}}",
            part(serde_json::to_string(&ask(Color::White)))
        ),
        Some(Color::Black) => format!(
            "{{\"fen\":{fen},\"black\":{}}}",
            part(serde_json::to_string(&ask(Color::Black)))
        ),
        None => {
            let (white, black) = (ask(Color::White), ask(Color::Black));
            format!(
                "{{\"fen\":{fen},\"deadness\":{},\"white\":{},\"black\":{}}}",
                part(serde_json::to_string(&Deadness::of(&white, &black))),
                part(serde_json::to_string(&white)),
                part(serde_json::to_string(&black)),
            )
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &[u8]) -> (Vec<serde_json::Value>, Vec<String>, Batch) {
        let mut out = Vec::new();
        let batch = answer_lines(&mut &text[..], &mut out, CastlingMode::Standard).unwrap();
        let texts: Vec<String> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect();
        let lines = texts
            .iter()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        (lines, texts, batch)
    }

    #[test]
    fn each_line_is_answered_and_bad_lines_name_their_number() {
        let text = b"8/8/3k4/5R2/8/8/8/3Kb3 w - - 0 1\n\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 white\nnot a fen\n\xff\n";
        let (lines, texts, batch) = run(text);
        assert_eq!(
            batch,
            Batch {
                answered: 2,
                bad: 2
            }
        );
        assert_eq!(lines.len(), 4);
        assert!(
            texts[0].starts_with("{\"fen\":\"8/8/3k4/5R2/8/8/8/3Kb3 w - - 0 1\",\"deadness\":")
        );
        assert_eq!(
            lines[1].as_object().unwrap().keys().collect::<Vec<_>>(),
            ["fen", "white"]
        );
        assert_eq!(lines[1]["white"]["verdict"], "impossible");
        assert_eq!(lines[2]["line"], 4);
        assert!(
            lines[2]["error"]
                .as_str()
                .unwrap()
                .starts_with("\"not a fen\": invalid fen")
        );
        assert_eq!(texts[3], r#"{"line":5,"error":"not UTF-8 text"}"#);
    }

    #[test]
    fn a_line_too_long_is_reported_and_the_next_one_read() {
        let mut text = vec![b'8'; MAX_LINE * 3];
        text.extend_from_slice(b"\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 black\n");
        let (lines, _, batch) = run(&text);
        assert_eq!(
            batch,
            Batch {
                answered: 1,
                bad: 1
            }
        );
        assert_eq!(lines[0]["line"], 1);
        assert_eq!(lines[1]["black"]["verdict"], "impossible");
    }
}
