//! Shrinking a divergent game to a minimal one that still diverges on the
//! same rule.

use crate::protocol::{EngineError, Hello, JudgeRequest, Plies};
use drawrules::Judgement;
use drawrules::laws::Edition;
use drawrules::reference::Reference;

use super::compare::{Divergence, compare};
use super::judge::judge_text;
use super::subject::Subject;

/// A game to judge: start, moves, edition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trial {
    /// The start position as FEN.
    pub fen: String,
    /// The moves, UCI.
    pub moves: Vec<String>,
    /// The edition.
    pub edition: Edition,
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
/// divergence of the subject's answer from it, if any.
pub(crate) struct Checked {
    pub(crate) reference: Judgement,
    pub(crate) divergence: Option<Divergence>,
}

/// Judges `game` once with the reference and once with `subject`, and
/// compares.
///
/// # Errors
///
/// The subject's fault (faults are not shrunk).
pub(crate) fn check(
    subject: &mut dyn Subject,
    hello: &Hello,
    game: &Trial,
    id: u64,
) -> Result<Checked, EngineError> {
    let ours = judge_text(
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
    let divergence = compare(hello, &ours, &answer);
    Ok(Checked {
        reference: ours,
        divergence,
    })
}

/// Shrinks `game`, which diverges as `found`, to a game that diverges on
/// the same rule with as few moves as `budget` checks can find: first cut
/// after the divergent ply, then drop runs of moves, halving their length,
/// keeping every cut that still diverges on that rule.
pub(crate) fn shrink(
    subject: &mut dyn Subject,
    hello: &Hello,
    game: &Trial,
    found: &Divergence,
    reference: &Judgement,
    budget: usize,
    next_id: &mut u64,
) -> Minimal {
    let mut best = game.clone();
    let mut divergence = found.clone();
    let mut best_reference = reference.clone();
    let mut checks = 0;
    let mut try_game = |candidate: &Trial, checks: &mut usize| -> Option<(Divergence, Judgement)> {
        *checks += 1;
        *next_id += 1;
        match check(subject, hello, candidate, *next_id) {
            Ok(Checked {
                reference,
                divergence: Some(d),
            }) if d.group == found.group => Some((d, reference)),
            _ => None,
        }
    };
    cut(&mut best, &mut best_reference, &divergence);

    let mut run = best.moves.len().div_ceil(2).max(1);
    while run >= 1 && !best.moves.is_empty() && checks < budget {
        let mut start = 0;
        while start < best.moves.len() && checks < budget {
            let mut candidate = best.clone();
            let end = (start + run).min(candidate.moves.len());
            candidate.moves.drain(start..end);
            match try_game(&candidate, &mut checks) {
                Some((d, mut judged)) => {
                    cut(&mut candidate, &mut judged, &d);
                    best = candidate;
                    divergence = d;
                    best_reference = judged;
                }
                None => start += run,
            }
        }
        if run == 1 {
            break;
        }
        run = run.div_ceil(2);
    }
    Minimal {
        game: best,
        divergence,
        reference: best_reference,
    }
}

/// Cuts `game` after the ply where it diverges, and the reference's
/// judgement with it: a replay of the first moves is the start of the
/// replay of them all, so the judgement of the cut game is the cut
/// judgement (a refusal of a move past the cut goes with it).
fn cut(game: &mut Trial, reference: &mut Judgement, divergence: &Divergence) {
    let Some(ply) = divergence.ply else {
        return;
    };
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
