//! Shrinking a divergent game to a minimal one that still diverges in the
//! same group for the same cause: fewer moves, a lower start clock, fewer
//! men, the standard start, repeated until nothing more helps.

mod candidates;

use candidates::{fen_prefixes, simpler_starts};

use crate::protocol::Hello;
use drawrules::Judgement;

use crate::verify::game::conventions::counted::DecidedConventions;
use crate::verify::game::divergence::Divergence;
use crate::verify::game::group::Group;
use crate::verify::game::subject::Subject;
use crate::verify::game::trial::{Minimal, Trial, compare_once};
use crate::verify::tally::outcome::{Finding, Problem};

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

/// Who makes the minimal games of a run, with `subject` and its
/// handshake, within `effort`.
pub(crate) struct Shrinker<'a> {
    pub(crate) subject: &'a mut dyn Subject,
    pub(crate) hello: &'a Hello,
    pub(crate) next_id: u64,
    pub(crate) effort: Effort<'a>,
}

impl Shrinker<'_> {
    /// The minimal game of `finding`'s divergence (unless the run is
    /// stopping). Malformed input and illegal moves are built small: the
    /// game as found is the minimal one of its kind and cause.
    pub(crate) fn minimal(&mut self, finding: &Finding) -> Option<Minimal> {
        let (Problem::Divergence(divergence), Some(reference)) =
            (&finding.problem, &finding.reference)
        else {
            return None;
        };
        if matches!(divergence.group, Group::Input(_) | Group::IllegalMoves(_)) {
            return Some(Minimal {
                game: finding.game.clone(),
                divergence: divergence.clone(),
                reference: reference.clone(),
            });
        }
        if (self.effort.stopped)() {
            return None;
        }
        Some(shrink(
            self.subject,
            self.hello,
            &finding.game,
            divergence,
            reference,
            &self.effort,
            &mut self.next_id,
        ))
    }
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
        let divergence = checked.comparison.divergences.into_iter().find(|d| {
            (d.group, d.cause, d.direction) == (found.group, found.cause, found.direction)
        })?;
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
                && size(&smaller.game) < size(&best.game)
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
                && size(&smaller.game) < size(&best.game)
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

/// How big `game` is, for the shrinker: moves, then men on the board,
/// then the start clock.
fn size(game: &Trial) -> (usize, usize, u32) {
    let mut fields = game.fen.split(' ');
    let men = fields
        .next()
        .unwrap_or("")
        .chars()
        .filter(char::is_ascii_alphabetic)
        .count();
    let clock = fields.nth(3).and_then(|c| c.parse().ok()).unwrap_or(0);
    (game.moves.len(), men, clock)
}
