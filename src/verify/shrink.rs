//! Shrinking a divergent game to a minimal one that still diverges on the
//! same rule.

use crate::laws::Edition;
use crate::protocol::{EngineFault, Hello, JudgeRequest, Plies};
use crate::reference::Reference;

use super::compare::{Divergence, compare};
use super::judge::judge;
use super::subject::Subject;

/// A game to judge: start, moves, edition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The start position as FEN.
    pub fen: String,
    /// The moves, UCI.
    pub moves: Vec<String>,
    /// The edition.
    pub edition: Edition,
}

/// Judges `game` with the reference and with `subject` and compares.
/// `None` when they agree, or when the subject has a fault (faults are not
/// shrunk).
pub(crate) fn check(
    subject: &mut dyn Subject,
    hello: &Hello,
    game: &Game,
    id: u64,
) -> Result<Option<Divergence>, EngineFault> {
    let ours = judge(
        &mut Reference::default(),
        &game.fen,
        &game.moves,
        game.edition,
    );
    let request = JudgeRequest {
        id,
        edition: game.edition,
        fen: game.fen.clone(),
        moves: game.moves.clone(),
        plies: Plies::All,
    };
    let answer = subject.judge(&request)?;
    Ok(compare(hello, &ours, &answer))
}

/// Shrinks `game`, which diverges as `found`, to a game that diverges on
/// the same rule with as few moves as `budget` checks can find: first cut
/// after the divergent ply, then drop runs of moves, halving their length,
/// keeping every cut that still diverges on that rule.
pub(crate) fn shrink(
    subject: &mut dyn Subject,
    hello: &Hello,
    game: &Game,
    found: &Divergence,
    budget: usize,
    next_id: &mut u64,
) -> (Game, Divergence) {
    let mut best = game.clone();
    let mut divergence = found.clone();
    let mut checks = 0;
    let mut try_game = |candidate: &Game, checks: &mut usize| -> Option<Divergence> {
        *checks += 1;
        *next_id += 1;
        match check(subject, hello, candidate, *next_id) {
            Ok(Some(d)) if d.rule == found.rule => Some(d),
            _ => None,
        }
    };
    let cut = |game: &mut Game, divergence: &Divergence| {
        if let Some(ply) = divergence.ply {
            game.moves.truncate(ply as usize);
        }
    };
    cut(&mut best, &divergence);

    let mut run = best.moves.len().div_ceil(2).max(1);
    while run >= 1 && !best.moves.is_empty() && checks < budget {
        let mut start = 0;
        while start < best.moves.len() && checks < budget {
            let mut candidate = best.clone();
            let end = (start + run).min(candidate.moves.len());
            candidate.moves.drain(start..end);
            match try_game(&candidate, &mut checks) {
                Some(d) => {
                    cut(&mut candidate, &d);
                    best = candidate;
                    divergence = d;
                }
                None => start += run,
            }
        }
        if run == 1 {
            break;
        }
        run = run.div_ceil(2);
    }
    (best, divergence)
}
