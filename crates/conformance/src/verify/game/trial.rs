//! A game as the engine is sent it, and one check of it.

use drawrules::Judgement;
use drawrules::Rules;
use drawrules::laws::Edition;
use drawrules::reference::Reference;

use crate::protocol::{Answer, EngineError, Hello, JudgeRequest, Malformation, Plies};
use crate::verify::game::compare::{Comparison, compare};
use crate::verify::game::divergence::Divergence;
use crate::verify::game::illegal_move::IllegalMove;
use crate::verify::game::judge::judge_text;
use crate::verify::game::subject::Subject;

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

/// What a game of its own kind probes: a malformed input, or an illegal
/// move.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Probe {
    /// Malformed input of this kind.
    Malformed(Malformation),
    /// An illegal move of this kind.
    Illegal(IllegalMove),
}

/// One game of a run: where it came from, the game as sent, and what it
/// probes, if it is a malformed input or an illegal move.
#[derive(Debug, Clone)]
pub(crate) struct RunGame {
    pub(crate) source: String,
    pub(crate) trial: Trial,
    pub(crate) probe: Option<Probe>,
}
