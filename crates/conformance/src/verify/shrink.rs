//! Shrinking a divergent game to a minimal one that still diverges in the
//! same group for the same cause: fewer moves, a lower start clock, fewer
//! men, the standard start, repeated until nothing more helps.

use crate::protocol::{Answer, EngineError, Hello, JudgeRequest, Plies};
use drawrules::Rules;
use drawrules::laws::Edition;
use drawrules::reference::Reference;
use drawrules::{Judgement, StartPosition};
use shakmaty::Position;
use shakmaty::uci::UciMove;

use super::compare::{Comparison, compare};
use super::convention_tally::DecidedConventions;
use super::divergence::Divergence;
use super::group::Group;
use super::judge::judge_text;
use super::subject::Subject;

/// A game to judge: start, moves, edition, as the engine is sent them.
/// They stay text: corpus cases send invalid FENs and unreadable moves on
/// purpose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trial {
    /// The start position as FEN.
    pub fen: String,
    /// The moves, UCI.
    pub moves: Vec<String>,
    /// The edition.
    pub edition: Edition,
}

impl Trial {
    /// How big the game is, for the shrinker: moves, then men on the board,
    /// then the start clock.
    fn size(&self) -> (usize, usize, u32) {
        let mut fields = self.fen.split(' ');
        let men = fields
            .next()
            .unwrap_or("")
            .chars()
            .filter(char::is_ascii_alphabetic)
            .count();
        let clock = fields.nth(3).and_then(|c| c.parse().ok()).unwrap_or(0);
        (self.moves.len(), men, clock)
    }
}

/// A divergent game shrunk as far as the budget allowed, with its
/// divergence and the reference's judgement of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Minimal {
    /// The shrunk game.
    pub game: Trial,
    /// How the engine diverges on it.
    pub divergence: Divergence,
    /// What the reference said about it.
    pub reference: Judgement,
}

/// What one check of a game found: the reference's judgement, and the
/// comparison of the subject's answer with it.
pub(crate) struct Checked {
    pub(crate) reference: Judgement,
    pub(crate) comparison: Comparison,
}

/// Judges `game` once with the reference and once with `subject`, and
/// compares.
///
/// # Errors
///
/// The subject's fault (faults are not shrunk), an answer with a number
/// no record holds among them ([`EngineError::OutOfRange`]).
pub(crate) fn compare_once(
    subject: &mut dyn Subject,
    hello: &Hello,
    game: &Trial,
    id: u64,
) -> Result<Checked, EngineError> {
    let ours = reference_judgement(hello, game);
    let answer = ask(subject, game, id)?;
    // A well-formed game explains no number a record cannot hold.
    if let Some(&first) = answer.out_of_range().first() {
        return Err(EngineError::OutOfRange(first));
    }
    let comparison = compare(hello, &ours, &answer);
    Ok(Checked {
        reference: ours,
        comparison,
    })
}

/// The reference's judgement of `game`, under the 5.2.2 reading the engine
/// declares.
pub(crate) fn reference_judgement(hello: &Hello, game: &Trial) -> Judgement {
    let mut reference = Reference::default();
    reference.set_dead_rule(hello.dead_position.rule());
    judge_text(&mut reference, &game.fen, &game.moves, game.edition)
}

/// `subject`'s answer to `game`, asked as request `id` for every ply.
///
/// # Errors
///
/// The subject's fault.
pub(crate) fn ask(subject: &mut dyn Subject, game: &Trial, id: u64) -> Result<Answer, EngineError> {
    subject.judge(&JudgeRequest {
        id,
        edition: game.edition,
        fen: game.fen.clone(),
        moves: game.moves.clone(),
        plies: Plies::All,
    })
}

/// What a shrink may spend (checks, until the run stops), and what it
/// holds a game to besides the game itself.
#[derive(Clone, Copy)]
pub(crate) struct Effort<'a> {
    /// The checks.
    pub budget: usize,
    /// Whether the run is stopping: then nothing more is tried and the
    /// smallest game found so far stands.
    pub stopped: &'a dyn Fn() -> bool,
    /// The FEN conventions decided for the run: a smaller game still
    /// departs from them when one of its plies follows another.
    pub conventions: &'a DecidedConventions,
}

/// Shrinks `game`, which diverges as `found`, to a game that diverges in
/// the same group for the same cause, as small as `budget` checks can
/// find. Each round tries, keeping every candidate that still diverges so:
/// the game cut after the divergent ply; a prefix of the moves replaced by
/// the FEN it reaches, clocks included (the longest prefix first); runs of
/// moves dropped, halving
/// their length; the start clock set to 0, else halved; each man but the
/// kings taken off the start position (the moves kept up to the first one
/// no longer legal); the standard start with the moves that stay legal.
/// Rounds repeat until one changes nothing (a fixpoint) or the budget is
/// spent (or the run stops).
pub(crate) fn shrink(
    subject: &mut dyn Subject,
    hello: &Hello,
    game: &Trial,
    found: &Divergence,
    reference: &Judgement,
    effort: &Effort<'_>,
    next_id: &mut u64,
) -> Minimal {
    let Effort {
        budget,
        stopped,
        conventions,
    } = *effort;
    let mut best = Minimal {
        game: game.clone(),
        divergence: found.clone(),
        reference: reference.clone(),
    };
    let mut checks = 0;
    let mut try_game = |candidate: &Trial, checks: &mut usize| -> Option<Minimal> {
        if stopped() {
            // Nothing more is tried; the smallest game found stands.
            *checks = budget;
            return None;
        }
        *checks += 1;
        *next_id += 1;
        let mut checked = compare_once(subject, hello, candidate, *next_id).ok()?;
        checked.comparison.add_departures(conventions);
        let divergence = checked
            .comparison
            .divergences
            .into_iter()
            .find(|d| d.key() == found.key())?;
        let mut minimal = Minimal {
            game: candidate.clone(),
            divergence,
            reference: checked.reference,
        };
        cut(&mut minimal);
        Some(minimal)
    };
    cut(&mut best);
    loop {
        let before = best.game.clone();
        for candidate in fen_prefixes(&best) {
            if checks >= budget {
                break;
            }
            if let Some(smaller) = try_game(&candidate, &mut checks)
                && smaller.game.size() < best.game.size()
            {
                best = smaller;
                break;
            }
        }
        drop_moves(&mut best, budget, &mut checks, &mut try_game);
        for candidate in simpler_starts(&best.game) {
            if checks >= budget {
                break;
            }
            if let Some(smaller) = try_game(&candidate, &mut checks)
                && smaller.game.size() < best.game.size()
            {
                best = smaller;
            }
        }
        if best.game == before || checks >= budget {
            return best;
        }
    }
}

/// Drops runs of moves from `best`, halving their length down to one.
fn drop_moves(
    best: &mut Minimal,
    budget: usize,
    checks: &mut usize,
    try_game: &mut impl FnMut(&Trial, &mut usize) -> Option<Minimal>,
) {
    let mut run = best.game.moves.len().div_ceil(2).max(1);
    while !best.game.moves.is_empty() && *checks < budget {
        let mut start = 0;
        while start < best.game.moves.len() && *checks < budget {
            let mut candidate = best.game.clone();
            let end = (start + run).min(candidate.moves.len());
            candidate.moves.drain(start..end);
            match try_game(&candidate, checks) {
                Some(smaller) => *best = smaller,
                None => start += run,
            }
        }
        if run == 1 {
            break;
        }
        run = run.div_ceil(2);
    }
}

/// `best`'s game with its first moves replaced by the position they reach,
/// as the reference's record writes it (clock and move number included),
/// longest prefix first: all moves but the last, but the last 2, 4, 8 and
/// so on, then the first half and the first quarter. A FEN start forgets
/// the history before it (repetitions, castling rights shown only by the
/// FEN), so each candidate is kept only if the engine still diverges the
/// same way.
fn fen_prefixes(best: &Minimal) -> Vec<Trial> {
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
fn simpler_starts(game: &Trial) -> Vec<Trial> {
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

/// Cuts the game after the ply where it diverges, and the reference's
/// judgement with it: a replay of the first moves is the start of the
/// replay of them all, so the judgement of the cut game is the cut
/// judgement (a refusal of a move past the cut goes with it).
fn cut(minimal: &mut Minimal) {
    let Minimal {
        game,
        divergence,
        reference,
    } = minimal;
    let Some(ply) = divergence.ply else {
        return;
    };
    // A per-game answer is about the whole game: the moves after the ply
    // it is placed at may be what the engine answered from.
    if let Group::Part(part) = divergence.group
        && part.game_claim().is_some()
    {
        return;
    }
    let plies = ply as usize;
    if plies >= game.moves.len() {
        return;
    }
    game.moves.truncate(plies);
    reference.records.truncate(plies + 1);
    reference.moves.truncate(plies);
    if reference
        .refusal
        .as_ref()
        .is_some_and(|r| r.ply as usize > plies)
    {
        reference.refusal = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::Cause;

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
