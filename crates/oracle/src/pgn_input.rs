//! The PGN oracle: arbitrary bytes as a PGN file through `drawrules
//! adjudicate`'s path, game by game.

use shakmaty::Position;

use super::{Agreement, InconsistencyError};
use drawrules::laws::Edition;
use drawrules::reference::Reference;
use drawrules::{Rules, Status};
use drawrules_pgn::adjudicate::{
    AdjudicateError, AdjudicateOptions, GameReport, adjudicate_source,
};
use drawrules_pgn::{Games, PgnGame};

/// Judges one input for `drawrules adjudicate`: `bytes` read as a plain
/// PGN file, every game adjudicated under the 2018 edition. Nothing may
/// panic, and:
///
/// * games are numbered 1, 2, 3, ... in input order, and the streaming
///   adjudication reports the same games, in the same order, with the same
///   JSON lines, as adjudicating each game read on its own, on one thread
///   and on two (where the text is cut into pieces that each worker cuts
///   into games);
/// * a game that cannot be replayed has an error line naming its number;
/// * a replayed game's final record is the reference's at the same ply, and
///   its findings are consistent (an ending at most at the final ply; plies
///   after the end only after an ending);
/// * every JSON line is valid JSON.
///
/// Games with no move at all count as rejected.
///
/// # Errors
///
/// The first [`InconsistencyError`].
///
/// # Examples
///
/// ```
/// use drawrules_oracle::pgn_input;
///
/// let agreement = pgn_input(b"1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 Ke7 *\n").unwrap();
/// assert_eq!(agreement.inputs, 2);
/// assert_eq!(agreement.endings[0], 1, "one checkmate");
/// ```
pub fn pgn_input(bytes: &[u8]) -> Result<Agreement, InconsistencyError> {
    let edition = Edition::Fide2018;
    let fail = |what: String| InconsistencyError { edition, what };
    let mut agreement = Agreement::default();
    let games: Vec<PgnGame> = match Games::new(bytes).collect::<Result<Vec<_>, _>>() {
        Ok(games) => games,
        Err(err) => return Err(fail(format!("an in-memory source failed: {err}"))),
    };
    streams_agree(bytes, &games, edition)?;
    for (number, game) in games.iter().enumerate() {
        agreement.inputs += 1;
        if game.index != number as u64 + 1 {
            return Err(fail(format!("game {} numbered {}", number + 1, game.index)));
        }
        judge_game(game, edition, &mut agreement)?;
    }
    Ok(agreement)
}

/// Whether the streaming adjudication of `bytes`, on one thread and in
/// pieces on two, writes the JSON lines of `games` adjudicated one by one.
fn streams_agree(
    bytes: &[u8],
    games: &[PgnGame],
    edition: Edition,
) -> Result<(), InconsistencyError> {
    let fail = |what: String| InconsistencyError { edition, what };
    let one_by_one: Vec<String> = games
        .iter()
        .map(|game| GameReport::of("fuzz.pgn", game, edition).json())
        .collect();
    let streamed = json_lines(bytes, 1, AdjudicateOptions::default().batch_bytes)
        .map_err(|err| fail(format!("the stream failed: {err}")))?;
    if streamed != one_by_one {
        return Err(fail(format!(
            "streamed reports differ from game-by-game ones:\n{streamed:?}\n{one_by_one:?}"
        )));
    }
    // Two threads, the text cut into pieces of a few dozen bytes that each
    // worker cuts into games itself: the same games, numbers and lines.
    let in_pieces = json_lines(bytes, 2, 48)
        .map_err(|err| fail(format!("the stream in pieces failed: {err}")))?;
    if in_pieces != streamed {
        return Err(fail(format!(
            "reports read in pieces on two threads differ from the one-thread stream:\n{in_pieces:?}\n{streamed:?}"
        )));
    }
    Ok(())
}

/// Judges one game's report: valid JSON, an error line naming the game
/// when it could not be replayed, consistent findings, and a final record
/// that is the reference's, counted in `agreement`.
fn judge_game(
    game: &PgnGame,
    edition: Edition,
    agreement: &mut Agreement,
) -> Result<(), InconsistencyError> {
    let fail = |what: String| InconsistencyError { edition, what };
    let report = GameReport::of("fuzz.pgn", game, edition);
    if let Err(err) = serde_json::from_str::<serde_json::Value>(&report.json()) {
        return Err(fail(format!("invalid JSON line {err}: {}", report.json())));
    }
    let Some(found) = &report.adjudication else {
        let line = report.error_line().unwrap_or_default();
        if !line.contains(&format!("game {} (", game.index)) {
            return Err(fail(format!("error line without the game: {line:?}")));
        }
        agreement.rejected += 1;
        return Ok(());
    };
    if game.moves.is_empty() {
        agreement.rejected += 1;
    }
    let last = found.final_status.ply;
    match &found.ended {
        Some(ended) if ended.ply != last => {
            return Err(fail(format!("ended at {} but final at {last}", ended.ply)));
        }
        None if found.plies_after_end > 0 => {
            return Err(fail("plies after an end that never came".to_owned()));
        }
        _ => {}
    }
    let status = reference_status(game, last, edition)?;
    if status != found.final_status {
        return Err(fail(format!(
            "final records differ:\n  reference: {status:?}\n  arbiter:   {:?}",
            found.final_status
        )));
    }
    agreement.count(&status);
    Ok(())
}

/// The reference's record after the first `last` plies of `game`.
fn reference_status(
    game: &PgnGame,
    last: u32,
    edition: Edition,
) -> Result<Status, InconsistencyError> {
    let fail = |what: String| InconsistencyError { edition, what };
    let Ok(start) = game.start() else {
        return Err(fail("adjudicated without a start position".to_owned()));
    };
    let mut reference = Reference::new(&start, edition);
    let mut position = start.position().clone();
    for san in game.moves.iter().take(last as usize) {
        let played = san
            .san
            .to_move(&position)
            .ok()
            .filter(|&mv| reference.play_move(mv).is_ok());
        let Some(mv) = played else {
            return Err(fail(format!("the reference refused {san}")));
        };
        position.play_unchecked(mv);
    }
    Ok(reference.status())
}

/// The JSON lines `adjudicate_source` writes for `bytes` on `threads`
/// threads, with pieces of at most `batch_bytes` bytes.
fn json_lines(
    bytes: &[u8],
    threads: usize,
    batch_bytes: usize,
) -> Result<Vec<String>, AdjudicateError> {
    let options = AdjudicateOptions {
        json: true,
        threads,
        batch_bytes,
        ..AdjudicateOptions::default()
    };
    let mut lines = Vec::new();
    adjudicate_source("fuzz.pgn", bytes, &options, |_, line| {
        lines.push(line.unwrap_or_default().to_owned());
    })?;
    Ok(lines)
}
