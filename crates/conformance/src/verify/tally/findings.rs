//! The findings of a run, held in memory that does not grow with the
//! number of games: every finding is counted (per group, per cause, per
//! kind within a cause, and the games they come from), and only a few are
//! kept whole: the first [`EXAMPLES`] of each group and cause, the first of
//! each kind, and those to be shrunk.

use std::collections::BTreeMap;

use crate::verify::game::cause::Cause;
use crate::verify::game::group::Group;
use crate::verify::tally::outcome::{Finding, Problem};

/// The findings of each group and cause kept as examples: as many as a
/// report lists.
pub const EXAMPLES: usize = 3;

/// Where a finding stands in its run: the game's index, then its place
/// among that game's findings. Reports list findings in this order.
pub(crate) type Order = (usize, usize);

/// A finding kept whole, with its place in the run and whether it is one
/// to shrink.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Kept {
    pub(crate) order: Order,
    pub(crate) finding: Finding,
    pub(crate) shrink: bool,
}

/// Findings and the games they come from, counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Count {
    findings: usize,
    games: usize,
    last_game: Option<usize>,
}

impl Count {
    /// Counts a finding of game `game` (a game's findings come together).
    fn add(&mut self, game: usize) {
        self.findings += 1;
        if self.last_game != Some(game) {
            self.games += 1;
            self.last_game = Some(game);
        }
    }
}

/// One group's findings: counted per cause and per kind, a few kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct FoundGroup {
    count: Count,
    causes: BTreeMap<Option<Cause>, Count>,
    kinds: BTreeMap<(Option<Cause>, &'static str), Count>,
    kept: Vec<Kept>,
}

/// The findings of one group, cause and (where the group has them) kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FindingLabel {
    /// The group.
    pub group: &'static str,
    /// The cause (none for faults and refusals as unsupported).
    pub cause: Option<Cause>,
    /// The kind, where the group's findings have kinds.
    pub kind: Option<&'static str>,
    /// How many findings.
    pub findings: usize,
    /// From how many games.
    pub games: usize,
}

/// Every finding of a run counted, a bounded number kept whole: per group
/// and cause the first [`EXAMPLES`] and the first of each kind, and the
/// first `shrink_per_group` of each divergence's
/// [`key`](crate::verify::Divergence::key) and kind to shrink (one for
/// malformed input, which is built small).
///
/// # Examples
///
/// ```
/// use drawrules_conformance::verify::{KnownDivergences, OurArbiter, VerifyOptions, verify};
///
/// let options = VerifyOptions { games: 10, ..VerifyOptions::default() };
/// let report = verify(&mut OurArbiter, &options, KnownDivergences::default(), &mut |_, _| {}).unwrap();
/// assert!(report.findings.is_empty());
/// assert_eq!(report.findings.games("clock"), 0);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Findings {
    groups: BTreeMap<&'static str, FoundGroup>,
    total: usize,
    shrink_per_group: usize,
    /// The findings taken to shrink, per group, cause and kind.
    shrink_slots: BTreeMap<((Group, Cause), Option<&'static str>), usize>,
}

impl Findings {
    /// No findings yet; `shrink_per_group` of each key will be shrunk.
    pub(crate) fn new(shrink_per_group: usize) -> Findings {
        Findings {
            shrink_per_group,
            ..Findings::default()
        }
    }

    /// Counts a finding of `problem`, at `order` (recorded in that order),
    /// and keeps it, made by `finding` (which is called only then), when it
    /// is among the first of its group and cause, the first of its kind
    /// ([`Problem::kind`]), or one to shrink.
    pub(crate) fn record(
        &mut self,
        order: Order,
        problem: Problem,
        finding: impl FnOnce(Problem) -> Finding,
    ) {
        let shrink = self.wants_shrink(&problem);
        let group = self.groups.entry(problem.group()).or_default();
        let first_of_kind = problem.kind().is_some_and(|kind| {
            let count = group.kinds.entry((problem.cause(), kind)).or_default();
            count.add(order.0);
            count.findings == 1
        });
        let cause = group.causes.entry(problem.cause()).or_default();
        cause.add(order.0);
        let example = cause.findings <= EXAMPLES || first_of_kind;
        group.count.add(order.0);
        self.total += 1;
        if example || shrink {
            group.kept.push(Kept {
                order,
                finding: finding(problem),
                shrink,
            });
        }
    }

    /// Whether a finding of `problem` is one to shrink: a divergence whose
    /// key and kind have had fewer than their share.
    fn wants_shrink(&mut self, problem: &Problem) -> bool {
        let Problem::Divergence(divergence) = problem else {
            return false;
        };
        let share = match divergence.group {
            Group::Input(_) | Group::IllegalMoves(_) => 1,
            _ => self.shrink_per_group,
        };
        let taken = self
            .shrink_slots
            .entry((divergence.key(), problem.kind()))
            .or_default();
        if *taken < share {
            *taken += 1;
            true
        } else {
            false
        }
    }

    /// Adds the findings of `other` (groups and causes these do not hold,
    /// or later ones), leaving the games of each group to
    /// [`Findings::add_games`]: the caller knows which of them are new.
    pub(crate) fn absorb(&mut self, other: Findings) {
        for (name, theirs) in other.groups {
            let group = self.groups.entry(name).or_default();
            group.count.findings += theirs.count.findings;
            for (cause, count) in theirs.causes {
                let mine = group.causes.entry(cause).or_default();
                mine.findings += count.findings;
                mine.games += count.games;
            }
            for (kind, count) in theirs.kinds {
                let mine = group.kinds.entry(kind).or_default();
                mine.findings += count.findings;
                mine.games += count.games;
            }
            group.kept.extend(theirs.kept);
            group.kept.sort_by_key(|kept| kept.order);
        }
        self.total += other.total;
    }

    /// Adds `games` games to those with findings in `group`.
    pub(crate) fn add_games(&mut self, group: &str, games: usize) {
        if let Some(found) = self.groups.get_mut(group) {
            found.count.games += games;
        }
    }

    /// The findings kept to be shrunk, in the run's order.
    pub(crate) fn shrinkable(&mut self) -> Vec<&mut Kept> {
        let mut kept: Vec<&mut Kept> = self
            .groups
            .values_mut()
            .flat_map(|group| group.kept.iter_mut())
            .filter(|kept| kept.shrink)
            .collect();
        kept.sort_by_key(|kept| kept.order);
        kept
    }

    /// How many findings the run made.
    pub fn len(&self) -> usize {
        self.total
    }

    /// Whether the run made none.
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// The names of the groups with findings, in name order.
    pub fn group_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.groups.keys().copied()
    }

    /// The findings kept of `group`, in the run's order: the first
    /// [`EXAMPLES`] of each cause, and those shrunk.
    pub fn kept(&self, group: &str) -> Vec<&Finding> {
        self.groups
            .get(group)
            .map(|found| found.kept.iter().map(|kept| &kept.finding).collect())
            .unwrap_or_default()
    }

    /// Every finding kept, group by group.
    pub fn iter(&self) -> impl Iterator<Item = &Finding> + '_ {
        self.groups
            .values()
            .flat_map(|group| group.kept.iter().map(|kept| &kept.finding))
    }

    /// How many games have findings in `group`.
    pub fn games(&self, group: &str) -> usize {
        self.groups.get(group).map_or(0, |found| found.count.games)
    }

    /// How many findings `group` has.
    pub fn count(&self, group: &str) -> usize {
        self.groups
            .get(group)
            .map_or(0, |found| found.count.findings)
    }

    /// How many findings `group` has for `cause` (`None`: faults and
    /// refusals), and from how many games.
    pub fn of_cause(&self, group: &str, cause: Option<Cause>) -> (usize, usize) {
        self.groups
            .get(group)
            .and_then(|found| found.causes.get(&cause))
            .map_or((0, 0), |count| (count.findings, count.games))
    }

    /// Every label of the run's findings, in order of group, cause and
    /// kind: each group and cause, split by kind where its findings have
    /// kinds ([`Problem::kind`]), with its findings and the games they
    /// come from. A known-divergences entry covers one label.
    pub fn labels(&self) -> Vec<FindingLabel> {
        let mut labels = Vec::new();
        for (&group, found) in &self.groups {
            for (&cause, count) in &found.causes {
                let kinds: Vec<_> = found
                    .kinds
                    .iter()
                    .filter(|((of, _), _)| *of == cause)
                    .collect();
                if kinds.is_empty() {
                    labels.push(FindingLabel {
                        group,
                        cause,
                        kind: None,
                        findings: count.findings,
                        games: count.games,
                    });
                }
                for (&(_, kind), count) in kinds {
                    labels.push(FindingLabel {
                        group,
                        cause,
                        kind: Some(kind),
                        findings: count.findings,
                        games: count.games,
                    });
                }
            }
        }
        labels
    }

    /// The kinds ([`Problem::kind`]) of `group`'s findings for `cause`, in
    /// name order, each with its findings and the games they come from:
    /// every distinct kind a report lists, with one example of each kept.
    pub fn kinds(&self, group: &str, cause: Option<Cause>) -> Vec<(&'static str, usize, usize)> {
        self.groups
            .get(group)
            .map(|found| {
                found
                    .kinds
                    .iter()
                    .filter(|((of, _), _)| *of == cause)
                    .map(|((_, kind), count)| (*kind, count.findings, count.games))
                    .collect()
            })
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use drawrules::Edition;

    use super::*;
    use crate::protocol::Part;
    use crate::verify::{Divergence, Trial};

    /// Records a finding of game `game` in `group` for `cause` at `place`.
    fn record(findings: &mut Findings, (game, place): Order, group: Group, cause: Cause) {
        let found = finding(game, group, cause);
        findings.record((game, place), found.problem.clone(), |_| found);
    }

    /// A finding of game `game` in `group` for `cause`.
    fn finding(game: usize, group: Group, cause: Cause) -> Finding {
        Finding {
            source: format!("generated game {game} (seed 1)"),
            game: Trial {
                fen: "8/8/8/8/8/8/8/K6k w - - 0 1".to_owned(),
                moves: vec!["a1a2".to_owned(); 100],
                edition: Edition::Fide2018,
            },
            reference: None,
            minimal: None,
            problem: Problem::Divergence(Divergence {
                group,
                cause,
                ply: Some(1),
                expected: "1".to_owned(),
                actual: "0".to_owned(),
                direction: None,
            }),
        }
    }

    #[test]
    fn a_group_keeps_a_bounded_number_of_games_and_counts_every_one() {
        let clock = Group::Part(Part::Clock);
        let mut findings = Findings::new(2);
        // 10,000 diverging games, every third diverging for a second cause.
        for game in 0..10_000 {
            record(&mut findings, (game, 0), clock, Cause::Plain);
            if game % 3 == 0 {
                record(&mut findings, (game, 1), clock, Cause::HalfmoveClock);
            }
        }
        assert_eq!(findings.len(), 13_334);
        assert_eq!(findings.count("clock"), 13_334);
        assert_eq!(findings.games("clock"), 10_000);
        assert_eq!(
            findings.of_cause("clock", Some(Cause::Plain)),
            (10_000, 10_000)
        );
        assert_eq!(
            findings.of_cause("clock", Some(Cause::HalfmoveClock)),
            (3_334, 3_334)
        );
        // Per cause the first three, of which the first two are to shrink.
        let kept = findings.kept("clock");
        let sources: Vec<&str> = kept.iter().map(|f| f.source.as_str()).collect();
        assert_eq!(
            sources,
            [
                "generated game 0 (seed 1)",
                "generated game 0 (seed 1)",
                "generated game 1 (seed 1)",
                "generated game 2 (seed 1)",
                "generated game 3 (seed 1)",
                "generated game 6 (seed 1)",
            ]
        );
        assert_eq!(findings.shrinkable().len(), 4);
    }

    #[test]
    fn malformed_input_is_shrunk_once_per_kind_and_cause() {
        let mut findings = Findings::new(5);
        let input = Group::Input(crate::protocol::Malformation::SquareOffTheBoard);
        for game in 0..10 {
            record(&mut findings, (game, 0), input, Cause::Plain);
        }
        assert_eq!(findings.shrinkable().len(), 1);
        assert_eq!(findings.kept("input").len(), EXAMPLES);
    }

    #[test]
    fn every_kind_of_a_cause_is_counted_and_kept_once() {
        use crate::protocol::Malformation;
        let mut findings = Findings::new(1);
        // Seven kinds of malformed input, one cause: ten games of the first
        // kind, then one of each other kind.
        for game in 0..10 {
            let input = Group::Input(Malformation::SquareOffTheBoard);
            record(&mut findings, (game, 0), input, Cause::Plain);
        }
        let others = [
            Malformation::FenNegativeClock,
            Malformation::FenClockPast2To31,
            Malformation::FenExtraField,
            Malformation::FenMoveNumberZero,
            Malformation::FenEnPassantSquareOccupied,
            Malformation::FenCastlingKingOffItsSquare,
        ];
        for (game, kind) in (10..).zip(others) {
            record(&mut findings, (game, 0), Group::Input(kind), Cause::Plain);
        }
        let kinds = findings.kinds("input", Some(Cause::Plain));
        assert_eq!(kinds.len(), 7);
        assert!(kinds.contains(&("square-off-the-board", 10, 10)));
        assert!(kinds.contains(&("fen-clock-past-2-to-31", 1, 1)));
        // The first three of the cause, and the first of each other kind.
        assert_eq!(findings.kept("input").len(), EXAMPLES + 6);
        let kept_kinds: std::collections::BTreeSet<_> = findings
            .kept("input")
            .iter()
            .filter_map(|f| f.problem.kind())
            .collect();
        assert_eq!(kept_kinds.len(), 7);
        // Every kind shrunk once.
        assert_eq!(findings.shrinkable().len(), 7);
        assert_eq!(findings.kinds("clock", Some(Cause::Plain)), []);
    }

    #[test]
    fn absorbed_findings_keep_the_run_order_and_leave_the_games_to_the_caller() {
        let fen = Group::Part(Part::Fen);
        let mut findings = Findings::new(1);
        record(&mut findings, (4, 0), fen, Cause::Placement);
        let mut departures = Findings::new(1);
        for game in [2, 4, 9] {
            record(
                &mut departures,
                (game, 1),
                fen,
                Cause::MixedEnPassantConventions,
            );
        }
        findings.absorb(departures);
        findings.add_games("fen", 2);
        assert_eq!((findings.len(), findings.games("fen")), (4, 3));
        let order: Vec<Order> = findings.groups["fen"]
            .kept
            .iter()
            .map(|k| k.order)
            .collect();
        assert_eq!(order, [(2, 1), (4, 0), (4, 1), (9, 1)]);
        let shrunk: Vec<Order> = findings.shrinkable().iter().map(|k| k.order).collect();
        assert_eq!(shrunk, [(2, 1), (4, 0)]);
    }
}
