//! The games of a run, made one at a time as they are judged: the corpus
//! first (each case under each edition both it and the engine hold), then
//! the generated games ([`Run`]), then the malformed inputs and the
//! illegal moves (for an engine that declares `moves`). A run holds no
//! more of them than it judges at once.

use drawrules::StartPosition;
use drawrules::laws::Edition;
use drawrules_scenario::Run;

use crate::protocol::{Hello, Malformation};

use crate::verify::game::illegal;
use crate::verify::game::illegal_move::IllegalMove;
use crate::verify::game::malformed;
use crate::verify::game::trial::{Probe, RunGame, Trial};
use crate::verify::run::VerifyOptions;

/// How many games of each kind a run has.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GameCounts {
    pub(crate) cases: usize,
    pub(crate) generated: usize,
    pub(crate) malformed: usize,
    pub(crate) illegal: usize,
}

impl GameCounts {
    /// The games of the run.
    pub(crate) fn total(self) -> usize {
        self.cases + self.generated + self.malformed + self.illegal
    }
}

/// The games of a run, in order, each made when it is asked for.
pub(crate) struct RunGames {
    counts: GameCounts,
    cases: std::vec::IntoIter<RunGame>,
    seed: u64,
    /// The engine's editions: a generated game in another is sent in the
    /// first of these.
    editions: Vec<Edition>,
    generated: std::iter::Take<std::iter::Enumerate<Run>>,
    malformed: std::iter::Enumerate<std::vec::IntoIter<(Malformation, Trial)>>,
    illegal: std::iter::Enumerate<std::vec::IntoIter<(IllegalMove, Trial)>>,
}

impl RunGames {
    /// The games `options` ask of an engine whose handshake is `hello`.
    pub(crate) fn of(hello: &Hello, options: &VerifyOptions) -> RunGames {
        let cases = cases(hello, options);
        let malformed = malformed::malformed_games(hello);
        let illegal = illegal::illegal_games(hello);
        RunGames {
            counts: GameCounts {
                cases: cases.len(),
                generated: options.games,
                malformed: malformed.len(),
                illegal: illegal.len(),
            },
            cases: cases.into_iter(),
            seed: options.seed,
            generated: Run::new(options.seed).enumerate().take(options.games),
            malformed: malformed.into_iter().enumerate(),
            illegal: illegal.into_iter().enumerate(),
            editions: hello.editions.clone(),
        }
    }

    /// How many games of each kind.
    pub(crate) fn counts(&self) -> GameCounts {
        self.counts
    }

    /// How many games in all.
    pub(crate) fn total(&self) -> usize {
        self.counts.total()
    }
}

impl Iterator for RunGames {
    type Item = RunGame;

    fn next(&mut self) -> Option<RunGame> {
        if let Some(case) = self.cases.next() {
            return Some(case);
        }
        if let Some((index, scenario)) = self.generated.next() {
            let edition = if self.editions.contains(&scenario.edition) {
                scenario.edition
            } else {
                self.editions.first().copied().unwrap_or(scenario.edition)
            };
            return Some(RunGame {
                source: format!("generated game {index} (seed {})", self.seed),
                trial: Trial {
                    fen: scenario.start.to_string(),
                    moves: scenario.uci().iter().map(ToString::to_string).collect(),
                    edition,
                },
                probe: None,
            });
        }
        if let Some((index, (kind, trial))) = self.malformed.next() {
            return Some(RunGame {
                source: format!("malformed input {index} ({kind})"),
                trial,
                probe: Some(Probe::Malformed(kind)),
            });
        }
        let (index, (kind, trial)) = self.illegal.next()?;
        Some(RunGame {
            source: format!("illegal move {index} ({kind})"),
            trial,
            probe: Some(Probe::Illegal(kind)),
        })
    }
}

/// The corpus games of a run: each case under each edition both it and
/// the engine hold.
fn cases(hello: &Hello, options: &VerifyOptions) -> Vec<RunGame> {
    let mut games: Vec<RunGame> = Vec::new();
    let Some(corpus) = &options.corpus else {
        return games;
    };
    for (group, case) in corpus.cases() {
        for &edition in &case.editions {
            if !hello.editions.contains(&edition) {
                continue;
            }
            let fen = case
                .fen
                .clone()
                .unwrap_or_else(|| StartPosition::standard().to_string());
            games.push(RunGame {
                source: format!("case {} ({edition})", case.full_name(group)),
                trial: Trial {
                    fen,
                    moves: case.moves().map(str::to_owned).collect(),
                    edition,
                },
                probe: None,
            });
        }
    }
    games
}
