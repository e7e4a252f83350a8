//! A game judged for the page: every ply as the reference gives it, with
//! what a person reads beside it.

use drawrules::explain::{Row, cells, explain, verdict};
use drawrules::mating::DeadRule;
use drawrules::{Edition, Ending, Reference, Refusal, RefusalKind, Rules, StartPosition, Status};
use drawrules_board::{Arrow, ArrowKind, Diagram};
use serde::Serialize;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};

use crate::bounded::{Bounded, EXACT_SECONDS, wall_clock};
use crate::notation::{WrittenMoves, given_in_uci, written_moves};
use crate::pgn::{PgnRefusal, first_game};
use crate::request::Request;

/// The judged game, as the page shows it.
#[derive(Debug, Clone, Default, Serialize)]
pub struct JudgedGame {
    /// The start position as the reference writes it, unless the FEN was
    /// refused.
    pub start: Option<String>,
    /// Whether castling is written king-takes-rook (Chess960).
    pub chess960: bool,
    /// Ply 0 first.
    pub plies: Vec<Ply>,
    /// The verdict on the last ply, as `drawrules explain` writes it, with
    /// the edition and how Article 5.2.2 was decided (the last ply's
    /// [`Ply::verdict`]).
    pub verdict: Option<String>,
    /// The edition the game was judged under (`fide-2018`, `fide-2014`).
    pub edition: String,
    /// Whether Article 5.2.2 was decided exactly at every ply (otherwise
    /// by material alone).
    pub exact: bool,
    /// Whether the moves were given in UCI: the page then writes every
    /// move in UCI, else in SAN.
    pub uci: bool,
    /// Why the rest of the input could not be played.
    pub error: Option<Unplayable>,
    /// The plies given after the game ended by rule (none when it did not
    /// end, or ended on its last move): they are not judged, and the
    /// verdict is the one at the ending, as `drawrules adjudicate` counts
    /// them (its `plies_after_end`).
    pub plies_after_end: u32,
    /// Anything else the page should say (a PGN with several games).
    pub notes: Vec<String>,
}

/// One ply.
#[derive(Debug, Clone, Serialize)]
pub struct Ply {
    /// The status record.
    pub status: Status,
    /// The move that made the ply, in SAN with its check or mate suffix.
    pub san: Option<String>,
    /// The same move in UCI.
    pub uci: Option<String>,
    /// The cells of `drawrules explain`'s table for this ply (ply, move,
    /// clock, rep, claims, endings), the move in the notation the moves
    /// were given in.
    pub cells: [String; 6],
    /// The verdict at this ply, as `drawrules explain` writes it for a
    /// game that ends here, and how Article 5.2.2 was decided for it.
    pub verdict: String,
    /// The written-move claims (9.2.1, 9.3.1) by claim, in the notation
    /// the moves were given in.
    pub written: WrittenMoves,
    /// The earlier plies that held the same position (Article 9.2.3).
    pub earlier: Vec<u32>,
    /// The board, with the move that made the ply drawn.
    pub svg: String,
}

/// The record of input that could not be played: where and why, in the
/// command line's words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unplayable {
    /// The ply the input would have made; `None` for a request that could
    /// not be read at all.
    pub ply: Option<u32>,
    /// The message.
    pub message: String,
}

impl Unplayable {
    /// Input refused at `ply` (`None`: the request as a whole) because of
    /// `message`.
    fn at(ply: Option<u32>, message: String) -> Unplayable {
        Unplayable { ply, message }
    }
}

impl JudgedGame {
    /// No ply: the request itself was refused.
    pub fn refused(error: Unplayable) -> JudgedGame {
        JudgedGame {
            error: Some(error),
            ..JudgedGame::default()
        }
    }
}

/// Judges the game `request` describes through the reference.
///
/// # Examples
///
/// ```
/// use drawrules_web::{Request, judge_request};
///
/// let request = Request {
///     fen: Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120".to_owned()),
///     moves: "Ra8".to_owned(),
///     ..Request::default()
/// };
/// let judged = judge_request(&request);
/// assert_eq!(judged.plies.len(), 2);
/// assert_eq!(judged.plies[1].cells[5], "checkmate (5.1.1)");
/// assert_eq!(
///     judged.verdict.as_deref(),
///     Some("verdict: 1-0 White wins by checkmate (5.1.1) \
///           (Laws of 2018, also 2017 and 2023; Article 5.2.2 judged by material alone)")
/// );
/// ```
pub fn judge_request(request: &Request) -> JudgedGame {
    judge_request_timed(request, &mut wall_clock())
}

/// [`judge_request`] with `clock` (milliseconds from any origin) timing
/// the exact decision of Article 5.2.2 against its bound,
/// [`EXACT_SECONDS`]: once past it, the next move is refused with the
/// reason and the plies before it stay.
///
/// # Examples
///
/// ```
/// use drawrules_web::{Request, judge_request_timed};
///
/// let request = Request {
///     moves: "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6".to_owned(),
///     exact: true,
///     ..Request::default()
/// };
/// // A clock that says four seconds went by at each look.
/// let mut now = 0.0;
/// let judged = judge_request_timed(&request, &mut || { now += 4000.0; now });
/// // Plies 0 to 2 took 12 s by this clock: the third move is not judged.
/// assert_eq!(judged.plies.len(), 3);
/// let error = judged.error.unwrap();
/// assert_eq!(error.ply, Some(3));
/// assert!(error.message.starts_with("ply 3, move \"Ng1\": not judged: the page decides"));
/// ```
pub fn judge_request_timed(request: &Request, clock: &mut dyn FnMut() -> f64) -> JudgedGame {
    let judged = input(request).and_then(|(input, edition)| {
        let start = start(&input)?;
        Ok(explained(&input, &start, edition, request.exact, clock))
    });
    judged.unwrap_or_else(JudgedGame::refused)
}

/// What a request asks to judge: the start position's FEN (`None`: the
/// standard array), the castling mode, the moves, and what the page should
/// say beside the game.
struct Input {
    fen: Option<String>,
    chess960: bool,
    moves: Vec<String>,
    notes: Vec<String>,
}

/// Reads the request: its size, its edition, and the moves or the PGN.
fn input(request: &Request) -> Result<(Input, Edition), Unplayable> {
    let size =
        request.moves.len() + request.pgn.len() + request.fen.as_ref().map_or(0, String::len);
    if size > MOST_TEXT {
        return Err(Unplayable::at(
            None,
            format!("the input is {size} bytes; the page reads at most {MOST_TEXT}"),
        ));
    }
    let edition = request
        .edition()
        .map_err(|err| Unplayable::at(None, err.to_string()))?;
    let input = if request.pgn.trim().is_empty() {
        Input {
            fen: request.fen.clone().filter(|fen| !fen.trim().is_empty()),
            chess960: request.chess960,
            moves: move_words(&request.moves),
            notes: Vec::new(),
        }
    } else {
        pgn_input(request)?
    };
    if input.moves.len() > MOST_MOVES {
        return Err(Unplayable::at(
            None,
            format!(
                "the game has {} moves; the page judges at most {MOST_MOVES} (drawrules explain has no limit)",
                input.moves.len()
            ),
        ));
    }
    Ok((input, edition))
}

/// The input of a request that gives a PGN: its first game, from its
/// `FEN` tag unless the request gives the FEN.
fn pgn_input(request: &Request) -> Result<Input, Unplayable> {
    let game = match first_game(&request.pgn) {
        Ok(Some(game)) => game,
        Ok(None) => return Err(Unplayable::at(None, "the PGN holds no game".to_owned())),
        Err(PgnRefusal::Unreadable(err)) => {
            return Err(Unplayable::at(
                None,
                format!("the PGN cannot be read: {err}"),
            ));
        }
        Err(PgnRefusal::Game(err)) => return Err(Unplayable::at(Some(0), format!("ply 0: {err}"))),
    };
    let mut notes = Vec::new();
    if game.games > 1 {
        notes.push(format!(
            "The PGN holds {} games; the first is judged.",
            game.games
        ));
    }
    let given = request.fen.as_deref().filter(|fen| !fen.trim().is_empty());
    if let (Some(_), Some(_)) = (given, &game.fen) {
        return Err(Unplayable::at(
            Some(0),
            "ply 0: the PGN has a FEN tag; leave the FEN field empty".to_owned(),
        ));
    }
    Ok(Input {
        fen: given.map(str::to_owned).or(game.fen),
        chess960: request.chess960 || game.chess960,
        moves: game.moves,
        notes,
    })
}

/// The castling mode of `input`.
fn mode(input: &Input) -> CastlingMode {
    if input.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

/// The start position `input` names.
fn start(input: &Input) -> Result<StartPosition, Unplayable> {
    match input.fen.as_deref() {
        Some(fen) => StartPosition::from_fen_in(fen.trim(), mode(input))
            .map_err(|err| Unplayable::at(Some(0), format!("ply 0, FEN {fen:?}: {err}"))),
        None if input.chess960 => {
            StartPosition::chess960(518).map_err(|err| Unplayable::at(Some(0), err.to_string()))
        }
        None => Ok(StartPosition::standard()),
    }
}

/// The game of `input` from `start` explained through the reference under
/// `edition` (5.2.2 decided exactly when `exact`).
fn explained(
    input: &Input,
    start: &StartPosition,
    edition: Edition,
    exact: bool,
    clock: &mut dyn FnMut() -> f64,
) -> JudgedGame {
    let mut reference = Reference::new(start, edition);
    let explained = if exact {
        reference.set_dead_rule(DeadRule::exact());
        let limit_ms = f64::from(EXACT_SECONDS) * 1000.0;
        explain(
            &mut Bounded::new(reference, clock, limit_ms),
            start,
            edition,
            &input.moves,
        )
    } else {
        explain(&mut reference, start, edition, &input.moves)
    };
    let uci = given_in_uci(&input.moves);
    let shown = Shown {
        mode: mode(input),
        uci,
        exact,
        edition,
    };
    let plies = plies(&explained.rows, &shown);
    let mut notes = input.notes.clone();
    let mut plies_after_end = 0;
    let error = match &explained.error {
        // Play that went on after the end is the game's, not the input's
        // fault: the game is judged at its ending, as adjudicate judges it.
        Some(refusal) if refusal.kind() == RefusalKind::GameOver => {
            let judged = u32::try_from(plies.len().saturating_sub(1)).unwrap_or(u32::MAX);
            let given = u32::try_from(input.moves.len()).unwrap_or(u32::MAX);
            plies_after_end = given.saturating_sub(judged);
            notes.push(after_the_end(refusal, plies_after_end));
            None
        }
        Some(refusal) => Some(Unplayable::at(Some(refusal.ply), refusal.to_string())),
        None => None,
    };
    // The game's verdict is its last ply's, in the same words.
    let verdict = match (&error, plies.last()) {
        (None, Some(last)) => Some(last.verdict.clone()),
        _ => None,
    };
    JudgedGame {
        start: plies.first().map(|ply| ply.status.fen.clone()),
        chess960: input.chess960,
        plies,
        verdict,
        edition: edition.to_string(),
        exact,
        uci,
        error,
        plies_after_end,
        notes,
    }
}

/// What the page says of `plies` plies given after the game ended by
/// rule, the first of them refused by `refusal`: `drawrules adjudicate`'s
/// words for the finding, then where the game ended and what was left
/// out.
fn after_the_end(refusal: &Refusal, plies: u32) -> String {
    let ended = refusal.ply.saturating_sub(1);
    let text = refusal.text.as_deref().unwrap_or_default();
    let (counted, verb) = if plies == 1 {
        ("1 ply".to_owned(), "is")
    } else {
        (format!("{plies} plies"), "are")
    };
    format!(
        "Play continued after the end: the game ended at ply {ended}; {counted} given after it (from ply {}, move \"{text}\") {verb} not judged.",
        refusal.ply
    )
}

/// How the plies are shown: the castling mode, whether moves are written
/// in UCI, whether 5.2.2 was decided exactly, under which edition.
struct Shown {
    mode: CastlingMode,
    uci: bool,
    exact: bool,
    edition: Edition,
}

/// The plies of the page, a row each: every move, claim and verdict in
/// the notation the moves were given in, each verdict naming the edition
/// and how Article 5.2.2 was decided.
fn plies(rows: &[Row], shown: &Shown) -> Vec<Ply> {
    let reading = if shown.exact {
        "Article 5.2.2 decided exactly"
    } else {
        "Article 5.2.2 judged by material alone"
    };
    let edition = match shown.edition {
        Edition::Fide2018 => "Laws of 2018, also 2017 and 2023",
        Edition::Fide2014 => "Laws of 2014",
    };
    rows.iter()
        .map(|row| {
            let uci = row
                .played
                .map(|mv| UciMove::from_move(mv, shown.mode).to_string());
            // In UCI, the written threefold claims too (the record's own
            // lists are UCI already).
            let mut row = row.clone();
            if shown.uci {
                row.threefold_on_move_san = row.status.claims_on_move.threefold_repetition.clone();
            }
            let mut cells = cells(&row);
            if let (true, Some(uci)) = (shown.uci, &uci) {
                cells[1].clone_from(uci);
            }
            let mut said = verdict(&row);
            if let Some(rhythm) = rhythm_missed(&row.status, shown.edition) {
                said.push_str("; ");
                said.push_str(&rhythm);
            }
            Ply {
                svg: board(&row.status, row.played, shown.mode),
                uci,
                san: row.san.clone(),
                cells,
                verdict: format!("{said} ({edition}; {reading})"),
                written: written_moves(&row.status, shown.mode, shown.uci),
                earlier: row.earlier.clone(),
                status: row.status,
            }
        })
        .collect()
}

/// Why a position that has stood five times or more ends nothing under
/// the 2014 edition, when it does not: its Article 9.6.1 asks for the same
/// position at plies n, n-4, n-8, n-12 and n-16 (five alternate moves of
/// each player), and counts no other repetition.
fn rhythm_missed(status: &Status, edition: Edition) -> Option<String> {
    let missed = edition == Edition::Fide2014
        && status.repetition >= 5
        && !status.ended.contains(&Ending::FivefoldRepetition);
    missed.then(|| {
        format!(
            "the position has stood {} times, but not at plies n, n-4, n-8, n-12 and n-16, which fivefold repetition asks under the 2014 Laws ({})",
            status.repetition,
            Ending::FivefoldRepetition.article()
        )
    })
}

/// The most text the page reads (moves, PGN and FEN together).
pub const MOST_TEXT: usize = 1 << 20;

/// The most moves the page judges: the reference works every ply out
/// afresh, so a game costs the square of its length, and the page must
/// stay responsive.
pub const MOST_MOVES: usize = 2_000;

/// The moves of a move list: words, move numbers (`1.`, `12...`) and
/// results left out.
fn move_words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .filter(|word| !matches!(*word, "1-0" | "0-1" | "1/2-1/2" | "*"))
        .filter_map(|word| {
            let word = without_move_number(word);
            (!word.is_empty()).then(|| word.to_owned())
        })
        .collect()
}

/// `word` without a leading move number (`12.`, `12...`): digits count as
/// one only when dots follow them, so that castling written with zeros
/// (`0-0`) stays a move.
fn without_move_number(word: &str) -> &str {
    let rest = word.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() < word.len() && rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        word
    }
}

/// The board of a ply, with the move that made it.
fn board(status: &Status, mv: Option<Move>, mode: CastlingMode) -> String {
    let Some(position) = status
        .fen
        .parse::<Fen>()
        .ok()
        .and_then(|fen| fen.into_position::<Chess>(mode).ok())
    else {
        return String::new();
    };
    let mut arrows = Vec::new();
    let mut alt = format!("The position at ply {}: {}", status.ply, status.fen);
    if let Some(mv) = mv {
        let arrow = Arrow::of_move(mv, ArrowKind::Played);
        alt.push_str(&format!(
            ", after the move from {} to {}",
            arrow.from, arrow.to
        ));
        arrows.push(arrow);
    }
    alt.push('.');
    Diagram {
        board: position.board().clone(),
        arrows,
        alt,
    }
    .svg()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(request: Request) -> JudgedGame {
        judge_request(&request)
    }

    #[test]
    fn exact_decisions_stop_at_the_bound_and_say_so() {
        let request = |exact| Request {
            fen: Some("8/8/4k3/8/8/3RK3/8/8 w - - 0 1".to_owned()),
            moves: "Rc3 Kf6 Rd3 Ke6 Rc3 Kf6".to_owned(),
            exact,
            ..Request::default()
        };
        // Judged by material, the clock is never read.
        let whole = judge_request_timed(&request(false), &mut || panic!("the clock was read"));
        assert_eq!((whole.plies.len(), whole.error), (7, None));
        // Six seconds a ply by this clock: plies 0 and 1 take 12 s.
        let mut now = 0.0;
        let stopped = judge_request_timed(&request(true), &mut || {
            now += 6000.0;
            now
        });
        assert_eq!(stopped.plies.len(), 2);
        assert_eq!(stopped.verdict, None);
        assert_eq!(
            stopped.error,
            Some(Unplayable {
                ply: Some(2),
                message: "ply 2, move \"Kf6\": not judged: the page decides Article 5.2.2 exactly for at \
                          most 10 s a game, and 12.0 s went to plies 0 to 1; judge by material alone (the \
                          box unticked) to see the whole game, or run `drawrules explain \
                          --exact-dead-position` on it"
                    .to_owned(),
            })
        );
        // Within the bound, every ply.
        let mut now = 0.0;
        let within = judge_request_timed(&request(true), &mut || {
            now += 1000.0;
            now
        });
        assert_eq!((within.plies.len(), within.error), (7, None));
    }

    #[test]
    fn the_three_stories_of_the_mission() {
        // Mate with the move that completes the 75 moves: checkmate only.
        let mate = judged(Request {
            fen: Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120".to_owned()),
            moves: "a1a8".to_owned(),
            ..Request::default()
        });
        assert_eq!(mate.plies[1].status.clock, 150);
        assert_eq!(mate.plies[1].cells[5], "checkmate (5.1.1)");
        assert_eq!(mate.plies[1].uci.as_deref(), Some("a1a8"));
        // Castling in the middle of the count: the clock goes on.
        let castling = judged(Request {
            fen: Some("r3k3/8/8/8/8/8/8/4K2R w Kq - 98 60".to_owned()),
            moves: "O-O O-O-O".to_owned(),
            ..Request::default()
        });
        let clocks: Vec<u32> = castling.plies.iter().map(|ply| ply.status.clock).collect();
        assert_eq!(clocks, [98, 99, 100]);
        assert_eq!(castling.plies[1].uci.as_deref(), Some("e1g1"));
        assert_eq!(castling.plies[2].cells[4], "fifty-moves (9.3.2)");
        // A double step whose en passant capture is illegal (the pawn on d4
        // is pinned): the position after the bishop's round trip is the
        // same one again.
        let pinned = judged(Request {
            fen: Some("7k/8/8/8/3p4/8/1B2P3/4K3 w - - 0 1".to_owned()),
            moves: "e2e4 h8g8 b2a1 g8h8 a1b2".to_owned(),
            ..Request::default()
        });
        assert_eq!(pinned.plies[5].status.repetition, 2);
        assert_eq!(pinned.plies[5].earlier, [1]);
    }

    #[test]
    fn a_bad_move_keeps_the_plies_before_it_and_says_where() {
        let bad = judged(Request {
            moves: "1. e4 e5 2. Ke3".to_owned(),
            ..Request::default()
        });
        assert_eq!(bad.plies.len(), 3);
        let error = bad.error.unwrap();
        assert_eq!(error.ply, Some(3));
        assert!(
            error.message.starts_with("ply 3, move \"Ke3\": "),
            "{}",
            error.message
        );
        assert_eq!(bad.verdict, None);
    }

    /// What every verdict of a game judged under the default edition, by
    /// material, ends with.
    const MATERIAL_2018: &str =
        "(Laws of 2018, also 2017 and 2023; Article 5.2.2 judged by material alone)";

    /// The game `moves` from `fen` (the standard start when `None`), which
    /// goes on after an ending: judged at its ending, the plies after it
    /// counted and named, no error.
    fn judged_past_the_end(fen: Option<&str>, moves: &str) -> JudgedGame {
        let judged = judged(Request {
            fen: fen.map(str::to_owned),
            moves: moves.to_owned(),
            ..Request::default()
        });
        assert_eq!(judged.error, None, "{moves}");
        judged
    }

    #[test]
    fn every_kind_of_ending_followed_by_more_moves_is_judged_at_the_ending() {
        // (FEN, moves, the ply of the ending, its verdict, plies after it)
        let games = [
            (
                None,
                "f3 e5 g4 Qh4 a3",
                4,
                "verdict: 0-1 Black wins by checkmate (5.1.1)",
                1,
            ),
            (
                Some("7k/5Q2/8/8/8/8/8/K7 w - - 0 1"),
                "Kb1 Kh8 Kc1",
                1,
                "verdict: 1/2-1/2 drawn by stalemate (5.2.1)",
                2,
            ),
            (
                Some("4k3/8/8/8/8/8/3r4/4KB2 w - - 0 1"),
                "Kxd2 Kd7 Kd3 Kd6",
                1,
                "verdict: 1/2-1/2 drawn by dead-position (5.2.2)",
                3,
            ),
            (
                None,
                "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 e4 e5",
                16,
                "verdict: 1/2-1/2 drawn by fivefold-repetition (9.6.1)",
                2,
            ),
            (
                Some("4k3/8/8/8/8/8/8/R3K3 w - - 149 120"),
                "Ra2 Kd8 Ra3",
                1,
                "verdict: 1/2-1/2 drawn by seventy-five-moves (9.6.2)",
                2,
            ),
        ];
        for (fen, moves, ended, verdict, after) in games {
            let judged = judged_past_the_end(fen, moves);
            assert_eq!(judged.plies.len(), ended + 1, "{moves}");
            assert_eq!(
                judged.verdict,
                Some(format!("{verdict} {MATERIAL_2018}")),
                "{moves}"
            );
            assert_eq!(judged.plies_after_end, after, "{moves}");
            let last = judged.plies.last().unwrap();
            assert!(!last.status.ended.is_empty(), "{moves}");
            let note = judged.notes.last().unwrap();
            assert!(
                note.starts_with(&format!(
                    "Play continued after the end: the game ended at ply {ended}; "
                )),
                "{note}"
            );
        }
    }

    #[test]
    fn the_plies_after_the_end_are_counted_and_the_first_named() {
        let judged = judged_past_the_end(
            Some("4k3/8/8/8/8/8/3r4/4KB2 w - - 0 1"),
            "1. Kxd2 Kd7 2. Kd3 Kd6 1/2-1/2",
        );
        assert_eq!(
            judged.notes,
            [
                "Play continued after the end: the game ended at ply 1; 3 plies given after it (from ply 2, move \"Kd7\") are not judged."
            ]
        );
        let one = judged_past_the_end(None, "f3 e5 g4 Qh4 a3");
        assert_eq!(
            one.notes,
            [
                "Play continued after the end: the game ended at ply 4; 1 ply given after it (from ply 5, move \"a3\") is not judged."
            ]
        );
        // A game that ends on its last move has nothing after it.
        let ends = judged_past_the_end(None, "f3 e5 g4 Qh4");
        assert_eq!((ends.plies_after_end, ends.notes.len()), (0, 0));
    }

    #[test]
    fn a_bad_fen_is_refused_at_ply_0() {
        let bad = judged(Request {
            fen: Some("8/8/8/8/8/8/8/8 w - - 0 1".to_owned()),
            ..Request::default()
        });
        assert!(bad.plies.is_empty());
        let error = bad.error.unwrap();
        assert_eq!(error.ply, Some(0));
        assert!(
            error
                .message
                .starts_with("ply 0, FEN \"8/8/8/8/8/8/8/8 w - - 0 1\": ")
        );
    }

    #[test]
    fn a_pgn_is_judged_from_its_fen_tag_and_its_first_game() {
        let pgn = "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 99 80\"]\n\n1. Ra2 Kd8 *\n\n1. e4 *";
        let game = judged(Request {
            pgn: pgn.to_owned(),
            ..Request::default()
        });
        assert_eq!(game.plies.len(), 3);
        assert_eq!(game.plies[1].status.clock, 100);
        assert_eq!(game.notes, ["The PGN holds 2 games; the first is judged."]);
        let both = judged(Request {
            pgn: pgn.to_owned(),
            fen: Some("8/8/8/8/8/8/8/K1k5 w - - 0 1".to_owned()),
            ..Request::default()
        });
        assert!(
            both.error
                .unwrap()
                .message
                .contains("leave the FEN field empty")
        );
    }

    #[test]
    fn a_pgn_s_variant_is_read_as_adjudicate_reads_it() {
        let game = |variant: &str| {
            judged(Request {
                pgn: format!("[Variant \"{variant}\"]\n\n1. e4 e5 *\n"),
                ..Request::default()
            })
        };
        // Judged as standard chess before the page read PGN through
        // drawrules-pgn; adjudicate refuses it with these words.
        let atomic = game("atomic");
        assert!(atomic.plies.is_empty());
        assert_eq!(
            atomic.error,
            Some(Unplayable {
                ply: Some(0),
                message: "ply 0: unsupported variant \"atomic\"".to_owned()
            })
        );
        let chess960 = game("chess960");
        assert!(chess960.chess960 && chess960.error.is_none());
        assert_eq!(chess960.plies.len(), 3);
        let standard = game("Standard");
        assert!(!standard.chess960 && standard.error.is_none());
        assert_eq!(standard.plies.len(), 3);
    }

    #[test]
    fn the_editions_differ_in_9_6_1_only() {
        // The corpus's detour (fivefold.toml): the start position stands
        // a fifth time at ply 20, but it did not stand at ply 12, so the
        // 2014 text's rhythm is broken.
        let moves = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3e5 f6g8 e5f3 b8c6 f3g1 c6b8 b1c3 b8c6 c3b1 c6b8";
        for (edition, ended) in [("fide-2018", true), ("fide-2014", false)] {
            let game = judged(Request {
                moves: moves.to_owned(),
                edition: Some(edition.to_owned()),
                ..Request::default()
            });
            assert_eq!(game.plies.len(), 21, "{edition}");
            assert_eq!(game.plies[20].earlier, [0, 4, 8, 16], "{edition}");
            assert_eq!(
                game.plies[20].cells[5] == "fivefold-repetition (9.6.1)",
                ended,
                "{edition}: {:?}",
                game.plies[20].cells
            );
        }
        let unknown = judged(Request {
            edition: Some("fide-1997".to_owned()),
            ..Request::default()
        });
        assert!(
            unknown
                .error
                .unwrap()
                .message
                .contains("no edition \"fide-1997\"")
        );
    }

    #[test]
    fn huge_input_is_refused_with_the_limit() {
        let long = judged(Request {
            moves: "Nf3 Ng1 ".repeat(MOST_MOVES / 2 + 1),
            ..Request::default()
        });
        assert!(long.plies.is_empty());
        assert_eq!(
            long.error.unwrap().message,
            format!(
                "the game has {} moves; the page judges at most 2000 (drawrules explain has no limit)",
                MOST_MOVES + 2
            )
        );
        let huge = judged(Request {
            pgn: "x".repeat(MOST_TEXT + 1),
            ..Request::default()
        });
        assert_eq!(
            huge.error.unwrap().message,
            "the input is 1048577 bytes; the page reads at most 1048576"
        );
    }

    #[test]
    fn move_numbers_and_results_are_not_moves() {
        assert_eq!(
            move_words("1. e4 e5 2.Nf3 2... Nc6 1-0"),
            ["e4", "e5", "Nf3", "Nc6"]
        );
    }

    #[test]
    fn every_ply_has_its_verdict_naming_how_5_2_2_was_decided_and_moves_keep_their_notation() {
        let mut request = Request {
            fen: Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120".to_owned()),
            moves: "a1a8".to_owned(),
            ..Request::default()
        };
        let judged = judge_request(&request);
        assert!(judged.uci);
        assert_eq!(judged.plies[1].cells[1], "a1a8");
        assert_eq!(
            judged.plies[0].verdict,
            format!(
                "verdict: * the game goes on; White to move may claim fifty-moves (9.3.2) {MATERIAL_2018}"
            )
        );
        assert_eq!(judged.plies[0].written.fifty_moves[0], "a1a2");
        assert_eq!(
            judged.plies[1].verdict,
            format!("verdict: 1-0 White wins by checkmate (5.1.1) {MATERIAL_2018}")
        );
        assert_eq!(judged.verdict.as_ref(), Some(&judged.plies[1].verdict));
        assert_eq!(
            (judged.edition.as_str(), judged.exact),
            ("fide-2018", false)
        );
        request.exact = true;
        request.moves = "Ra8".to_owned();
        let judged = judge_request(&request);
        assert!(!judged.uci);
        assert_eq!(judged.plies[1].cells[1], "Ra8#");
        assert_eq!(judged.plies[0].written.fifty_moves[0], "Ra2");
        assert!(
            judged.plies[1]
                .verdict
                .ends_with("(Laws of 2018, also 2017 and 2023; Article 5.2.2 decided exactly)")
        );
        assert!(judged.exact);
    }

    #[test]
    fn written_threefold_claims_are_in_the_notation_of_the_moves() {
        // After Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1, Black's Ng8 brings the start
        // position a third time: claimed by writing that move.
        let request = |moves: &str| Request {
            moves: moves.to_owned(),
            ..Request::default()
        };
        let uci = judge_request(&request("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1"));
        let last = uci.plies.last().unwrap();
        assert_eq!(
            last.cells[4],
            "threefold-repetition on written f6g8 (9.2.1)"
        );
        assert!(
            last.verdict.contains("on written f6g8 (9.2.1)"),
            "{}",
            last.verdict
        );
        let san = judge_request(&request("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1"));
        let last = san.plies.last().unwrap();
        assert_eq!(last.cells[4], "threefold-repetition on written Ng8 (9.2.1)");
        assert!(
            last.verdict.contains("on written Ng8 (9.2.1)"),
            "{}",
            last.verdict
        );
    }

    #[test]
    fn under_the_2014_laws_a_fifth_repetition_out_of_rhythm_says_why_the_game_goes_on() {
        // The start position stands for the fifth time at ply 20, but at
        // plies 0, 4, 8, 16 before it: not every fourth ply.
        let moves = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3e5 f6g8 \
                     e5f3 b8c6 f3g1 c6b8 b1c3 b8c6 c3b1 c6b8";
        let judged = |edition: &str| {
            judge_request(&Request {
                moves: moves.to_owned(),
                edition: Some(edition.to_owned()),
                ..Request::default()
            })
        };
        let old = judged("fide-2014");
        let last = old.plies.last().unwrap();
        assert_eq!(last.status.repetition, 5);
        assert!(last.status.ended.is_empty());
        assert_eq!(
            old.verdict.as_deref(),
            Some(
                "verdict: * the game goes on; White to move may claim threefold-repetition (9.2.2); \
                 the position has stood 5 times, but not at plies n, n-4, n-8, n-12 and n-16, \
                 which fivefold repetition asks under the 2014 Laws (9.6.1) \
                 (Laws of 2014; Article 5.2.2 judged by material alone)"
            )
        );
        let new = judged("fide-2018");
        assert_eq!(
            new.verdict,
            Some(format!(
                "verdict: 1/2-1/2 drawn by fivefold-repetition (9.6.1) {MATERIAL_2018}"
            ))
        );
    }

    #[test]
    fn castling_with_zeros_is_a_move_not_a_move_number() {
        assert_eq!(move_words("4. 0-0 0-0-0 5.0-0"), ["0-0", "0-0-0", "0-0"]);
        let request = Request {
            moves: "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0".to_owned(),
            ..Request::default()
        };
        let judged = judge_request(&request);
        assert_eq!(judged.plies.len(), 8);
        assert_eq!(judged.plies[7].san.as_deref(), Some("O-O"));
    }
}
