//! Counting the findings of many games, and the summary table.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::GameReport;
use super::finding::GameFinding;
use super::time_forfeit::TIME_FORFEIT_ARTICLE;
use crate::Variant;
use drawrules::Article;

/// The findings of many games: counts and the first few examples of each.
///
/// # Examples
///
/// ```
/// use drawrules_pgn::adjudicate::{GameFinding, AdjudicateOptions, Summary, adjudicate_source};
///
/// let pgn = "1. f3 e5 2. g4 Qh4# 1-0\n\n1. e4 e5 *\n";
/// let mut summary = Summary::new(2);
/// adjudicate_source("x.pgn", pgn.as_bytes(), &AdjudicateOptions::default(), |report, _| {
///     summary.add(report)
/// })
/// .unwrap();
/// assert_eq!(summary.games, 2);
/// assert_eq!(summary.count(GameFinding::ContradictsCheckmate), 1);
/// assert!(summary.table().contains("x.pgn#1 (? - ?)"));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// Games read.
    pub games: u64,
    /// Games replayed to their end.
    pub adjudicated: u64,
    /// Chess960 games among those replayed.
    pub chess960: u64,
    /// Plies replayed.
    pub plies: u64,
    /// Games recorded as won on time and not over by rule, whose winner's
    /// chances were checked under Article 6.9.
    pub won_on_time: u64,
    /// Of those, the ones where a mate was searched for.
    pub won_on_time_searched: u64,
    /// Of those, the ones where the winner was shown able to mate.
    pub won_on_time_could_mate: u64,
    /// Games whose dead positions were also decided exactly.
    pub dead_checked: u64,
    counts: BTreeMap<GameFinding, u64>,
    examples: BTreeMap<GameFinding, Vec<String>>,
    keep: usize,
}

impl Summary {
    /// An empty summary keeping `examples` example games per finding.
    pub fn new(examples: usize) -> Summary {
        Summary {
            keep: examples,
            ..Summary::default()
        }
    }

    /// Counts one game's report.
    pub fn add(&mut self, report: &GameReport) {
        self.games += 1;
        if let Some(found) = &report.adjudication {
            self.adjudicated += 1;
            self.plies += u64::from(found.plies);
            if found.variant == Variant::Chess960 {
                self.chess960 += 1;
            }
            if let Some(forfeit) = &found.time_forfeit {
                self.won_on_time += 1;
                self.won_on_time_searched += u64::from(forfeit.searched);
                self.won_on_time_could_mate += u64::from(forfeit.mating.is_possible());
            }
            if found.dead_position.is_some() {
                self.dead_checked += 1;
            }
        }
        for &finding in &report.findings {
            *self.counts.entry(finding).or_default() += 1;
            let examples = self.examples.entry(finding).or_default();
            if examples.len() < self.keep {
                examples.push(report.name());
            }
        }
    }

    /// How many games had `finding`.
    pub fn count(&self, finding: GameFinding) -> u64 {
        self.counts.get(&finding).copied().unwrap_or(0)
    }

    /// The example games of `finding` (the first ones, in input order).
    pub fn examples(&self, finding: GameFinding) -> &[String] {
        self.examples.get(&finding).map_or(&[], Vec::as_slice)
    }

    /// The summary as a text table: games read, the wins on time checked
    /// under Article 6.9, then one row per finding with its count and
    /// examples.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "games read: {} (replayed {}, of which Chess960 {}; {} plies); could not be read or replayed: {}",
            self.games,
            self.adjudicated,
            self.chess960,
            self.plies,
            self.count(GameFinding::ParseError)
        );
        if self.won_on_time_searched > 0 {
            let _ = writeln!(
                out,
                "won on time and checked under {TIME_FORFEIT_ARTICLE}: {} (searched {}; the winner could mate in {})",
                self.won_on_time, self.won_on_time_searched, self.won_on_time_could_mate
            );
        } else {
            let _ = writeln!(
                out,
                "won on time and checked under {TIME_FORFEIT_ARTICLE}: {} (by material and locked walls only; \
                 --exact-dead-position also searches for a mate)",
                self.won_on_time
            );
        }
        if self.dead_checked > 0 {
            let _ = writeln!(
                out,
                "dead positions ({}) also decided exactly in {} games",
                Article::DeadPosition,
                self.dead_checked
            );
        }
        let _ = writeln!(out, "{:<40} {:>8}  examples", "finding", "games");
        for finding in GameFinding::ALL {
            // Only an exact check can leave 5.2.2 undetermined.
            if finding == GameFinding::DeadPositionUndetermined && self.dead_checked == 0 {
                continue;
            }
            let examples = self.examples(finding).join("; ");
            let _ = writeln!(
                out,
                "{:<40} {:>8}  {}",
                finding.describe(),
                self.count(finding),
                if examples.is_empty() { "-" } else { &examples }
            );
        }
        out
    }
}
