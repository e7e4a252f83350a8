//! `drawrules adjudicate` on many games: every game read without a crash,
//! the games that went on past an automatic ending named, and the findings
//! checked game by game against an independent computation with the
//! reference.
//!
//! * 300 generated games, written out as PGN by our own code
//!   (`drawrules_scenario::pgn_text`), run on every clone: exact counts,
//!   and every game against the reference.
//! * Real games are never copied into the repository: they are read from
//!   the shared game collection (`../shared/data`, beside the repository)
//!   by the tests marked `#[ignore = "needs ../shared/data"]`, the Lichess
//!   sample of `drawrules_scenario::shared` (283 games) and the whole
//!   collection (over 41,000 games). Run them with `cargo test -p drawrules-pgn --test
//!   integration adjudicate_data -- --include-ignored` (CI does); without the
//!   directory they fail with a message, never pass unchecked.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use drawrules::mating::{Mating, Side};
use drawrules::unwinnable::never_mates;
use drawrules::{Claim, Edition, Ending, GameResult, Reference, Rules};
use drawrules_pgn::adjudicate::{
    AdjudicateOptions, Adjudication, GameFinding, GameReport, ResultCheck, Summary, TimeForfeit,
    adjudicate_source, is_time_forfeit,
};
use drawrules_pgn::{Games, PgnGame, open};
use drawrules_scenario::shared::{self, LICHESS_RARE, LICHESS_SAMPLE_GAMES};

use crate::util::{
    GENERATED_GAMES, GENERATED_NAME, SAMPLE_NAME, data, files, generated, sample, short_name,
};

/// Everything adjudicate says about one source, on two threads.
struct Adjudicated {
    summary: Summary,
    /// The games played on after an automatic ending, one line each.
    past_end: Vec<String>,
    /// The games that could not be read or replayed, one line each.
    errors: Vec<String>,
}

impl Adjudicated {
    fn new() -> Adjudicated {
        Adjudicated {
            summary: Summary::new(0),
            past_end: Vec::new(),
            errors: Vec::new(),
        }
    }

    fn add(&mut self, name: &str, path: &Path) {
        self.add_source(name, open(path).expect("readable data file"));
    }

    fn add_source(&mut self, name: &str, input: impl Read + Send) {
        let options = AdjudicateOptions {
            threads: 2,
            ..AdjudicateOptions::default()
        };
        adjudicate_source(name, input, &options, |report, _| {
            self.summary.add(report);
            if report.findings.contains(&GameFinding::PlayedPastEnd) {
                let found = report.adjudication.as_ref().unwrap();
                let ended = found.ended.as_ref().unwrap();
                self.past_end.push(format!(
                    "{} ended {} at ply {}, {} plies more",
                    report.name(),
                    ended.endings[0],
                    ended.ply,
                    found.plies_after_end
                ));
            }
            if let Some(error) = report.error_line() {
                self.errors.push(error);
            }
        })
        .expect("the files read to their end");
    }

    /// The count of every finding, in the summary's order.
    fn counts(&self) -> Vec<(GameFinding, u64)> {
        GameFinding::ALL
            .iter()
            .map(|&finding| (finding, self.summary.count(finding)))
            .collect()
    }
}

/// The findings of the Lichess sample, game counts per kind, as `drawrules
/// adjudicate` reports them and `tests/data/README.md` states them.
const SAMPLE_COUNTS: [(GameFinding, u64); 15] = [
    (GameFinding::ThreefoldClaimable, 22),
    (GameFinding::FiftyMovesClaimable, 2),
    (GameFinding::Checkmate, 38),
    (GameFinding::Stalemate, 2),
    (GameFinding::DeadPosition, 4),
    (GameFinding::FivefoldRepetition, 7),
    (GameFinding::SeventyFiveMoves, 0),
    (GameFinding::PlayedPastEnd, 6),
    (GameFinding::DecisiveAfterAutomaticDraw, 0),
    (GameFinding::ContradictsCheckmate, 0),
    (GameFinding::UnfinishedAfterEnding, 0),
    (GameFinding::WinOnTimeShouldBeDraw, 0),
    (GameFinding::WinOnTimeUndetermined, 0),
    (GameFinding::DeadPositionUndetermined, 0),
    (GameFinding::ParseError, 0),
];

#[test]
#[ignore = "needs ../shared/data"]
fn the_lichess_sample_adjudicates_to_its_known_findings() {
    let mut found = Adjudicated::new();
    found.add_source(SAMPLE_NAME, sample().as_bytes());
    println!("{}", found.summary.table());
    let summary = &found.summary;
    assert_eq!(
        (
            summary.games,
            summary.adjudicated,
            summary.chess960,
            summary.plies
        ),
        (283, 283, 0, 24_050),
        "games, replayed, Chess960, plies"
    );
    assert_eq!(found.errors, Vec::<String>::new());
    assert_eq!(found.counts(), SAMPLE_COUNTS);
    // The games the whole-collection test names (#415, #2044, #8049,
    // #9750, #11393, #11701 of the Lichess file), here by their place in
    // the sample.
    let expected = [
        "lichess-sample#9 (gpcom - ABOGhayth) ended fivefold-repetition at ply 152, 19 plies more",
        "lichess-sample#43 (pacal56 - Boterhoofd) ended fivefold-repetition at ply 102, 10 plies more",
        "lichess-sample#165 (Boterhoofd - FeegLood) ended fivefold-repetition at ply 94, 5 plies more",
        "lichess-sample#200 (Metalhead-666 - ArminTanzarian) ended fivefold-repetition at ply 95, 3 plies more",
        "lichess-sample#234 (holtchess - Paul-K4) ended fivefold-repetition at ply 35, 1 plies more",
        "lichess-sample#242 (petrut1970 - Peaudepailles) ended fivefold-repetition at ply 113, 4 plies more",
    ];
    assert_eq!(found.past_end, expected);
}

/// The findings of the generated games (seeded, so the same on every
/// run): game counts per kind. The generator steers to the rare endings,
/// and the recorded results are chosen to contradict the rules at times.
const GENERATED_COUNTS: [(GameFinding, u64); 15] = [
    (GameFinding::ThreefoldClaimable, 168),
    (GameFinding::FiftyMovesClaimable, 215),
    (GameFinding::Checkmate, 15),
    (GameFinding::Stalemate, 21),
    (GameFinding::DeadPosition, 3),
    (GameFinding::FivefoldRepetition, 73),
    (GameFinding::SeventyFiveMoves, 98),
    (GameFinding::PlayedPastEnd, 166),
    (GameFinding::DecisiveAfterAutomaticDraw, 52),
    (GameFinding::ContradictsCheckmate, 3),
    (GameFinding::UnfinishedAfterEnding, 24),
    (GameFinding::WinOnTimeShouldBeDraw, 2),
    (GameFinding::WinOnTimeUndetermined, 0),
    (GameFinding::DeadPositionUndetermined, 0),
    (GameFinding::ParseError, 0),
];

#[test]
fn generated_games_adjudicate_to_their_known_findings() {
    let mut found = Adjudicated::new();
    found.add_source(GENERATED_NAME, generated().as_bytes());
    println!("{}", found.summary.table());
    let summary = &found.summary;
    assert_eq!(
        (summary.games, summary.adjudicated),
        (GENERATED_GAMES as u64, GENERATED_GAMES as u64),
        "games, replayed: {:#?}",
        found.errors
    );
    assert_eq!(found.errors, Vec::<String>::new());
    assert_eq!(found.counts(), GENERATED_COUNTS);
    // Every kind of ending and every kind of result check is reached.
    for (finding, count) in GENERATED_COUNTS {
        let rare = matches!(
            finding,
            GameFinding::ParseError
                | GameFinding::WinOnTimeUndetermined
                | GameFinding::DeadPositionUndetermined
        );
        assert!(rare || count > 0, "no generated game with {finding:?}");
    }
}

#[test]
#[ignore = "needs ../shared/data"]
fn the_whole_collection_adjudicates_and_names_the_games_played_past_the_end() {
    let dir = data();
    let mut found = Adjudicated::new();
    for path in files(&dir) {
        found.add(&short_name(&path), &path);
    }
    let (summary, past_end, errors) = (&found.summary, &found.past_end, &found.errors);
    println!("{}", summary.table());
    assert!(summary.games > 41_000, "{} games", summary.games);
    assert_eq!(summary.chess960, 5_230);
    let expected = [
        "test-seventyfive.pgn#1 (Chernin, Alexander - Kupreichik, Viktor D) ended seventy-five-moves at ply 305, 23 plies more",
        "test-seventyfive.pgn#2 (Olafsson, Helgi - Petursson, Margeir) ended seventy-five-moves at ply 300, 25 plies more",
        "test-seventyfive.pgn#3 (Khalifman, Alexander - Douven, Rudy C) ended seventy-five-moves at ply 246, 15 plies more",
        "test-seventyfive.pgn#5 (Loginov, Valery A - Sutorikhin, Vladimir) ended seventy-five-moves at ply 294, 2 plies more",
        "lichess-elite-2013-2015.pgn.xz#415 (gpcom - ABOGhayth) ended fivefold-repetition at ply 152, 19 plies more",
        "lichess-elite-2013-2015.pgn.xz#2044 (pacal56 - Boterhoofd) ended fivefold-repetition at ply 102, 10 plies more",
        "lichess-elite-2013-2015.pgn.xz#8049 (Boterhoofd - FeegLood) ended fivefold-repetition at ply 94, 5 plies more",
        "lichess-elite-2013-2015.pgn.xz#9750 (Metalhead-666 - ArminTanzarian) ended fivefold-repetition at ply 95, 3 plies more",
        "lichess-elite-2013-2015.pgn.xz#11393 (holtchess - Paul-K4) ended fivefold-repetition at ply 35, 1 plies more",
        "lichess-elite-2013-2015.pgn.xz#11701 (petrut1970 - Peaudepailles) ended fivefold-repetition at ply 113, 4 plies more",
    ];
    assert_eq!(*past_end, expected);
    // Article 6.9: the wins on time checked, the five TCEC wins by a lone
    // king that should be draws, and the answers left undetermined.
    assert_eq!(summary.won_on_time, 3_223);
    assert_eq!(summary.count(GameFinding::WinOnTimeShouldBeDraw), 5);
    assert_eq!(summary.count(GameFinding::WinOnTimeUndetermined), 0);
    // The games that cannot be replayed: null moves, games without moves
    // or result, and a file of one-line games without blank lines between
    // them (the parser reads it as one game).
    assert_eq!(errors.len(), 9, "{errors:#?}");
    assert_eq!(
        errors
            .iter()
            .filter(|e| e.contains("a null move is not a move of chess"))
            .count(),
        4
    );
    assert_eq!(
        errors
            .iter()
            .filter(|e| e.contains("truncated game text") && e.starts_with("tcec"))
            .count(),
        4
    );
}

/// What the reference says about a game, computed here from its status
/// records ply by ply, independently of the adjudication code.
#[derive(Debug, PartialEq, Eq)]
struct Independent {
    threefold: (Option<u32>, Option<u32>),
    fifty: (Option<u32>, Option<u32>),
    ended: Option<(u32, Vec<Ending>, GameResult)>,
    plies_after_end: u32,
    result_check: ResultCheck,
    /// Article 6.9 for a game won on time and not over by rule: the
    /// winner's chances from the reference's last position.
    time_forfeit: Option<TimeForfeit>,
}

fn with_reference(game: &PgnGame) -> Option<Independent> {
    let start = game.start().ok()?;
    let mut reference = Reference::new(&start, Edition::Fide2018);
    let mut position = start.position().clone();
    let mut found = Independent {
        threefold: (None, None),
        fifty: (None, None),
        ended: None,
        plies_after_end: 0,
        result_check: ResultCheck::Consistent,
        time_forfeit: None,
    };
    let first = |slot: &mut Option<u32>, holds: bool, ply: u32| {
        if holds && slot.is_none() {
            *slot = Some(ply);
        }
    };
    for ply in 0..=game.moves.len() {
        if found.ended.is_none() {
            let status = reference.status();
            let ply = status.ply;
            let on_move = &status.claims_on_move;
            first(
                &mut found.threefold.0,
                !on_move.threefold_repetition.is_empty(),
                ply,
            );
            first(
                &mut found.threefold.1,
                status.claims.contains(&Claim::ThreefoldRepetition),
                ply,
            );
            first(&mut found.fifty.0, !on_move.fifty_moves.is_empty(), ply);
            first(
                &mut found.fifty.1,
                status.claims.contains(&Claim::FiftyMoves),
                ply,
            );
            if status.is_over() {
                found.ended = Some((ply, status.ended.clone(), status.result));
            }
        }
        let Some(san) = game.moves.get(ply) else {
            break;
        };
        let mv = san.san.to_move(&position).ok()?;
        shakmaty::Position::play_unchecked(&mut position, mv);
        if found.ended.is_some() {
            found.plies_after_end += 1;
        } else {
            reference.play_move(mv).ok()?;
        }
    }
    let recorded = game.recorded_result()?;
    found.result_check = match &found.ended {
        None => ResultCheck::Consistent,
        Some(_) if recorded == GameResult::Ongoing => ResultCheck::UnfinishedAfterEnding,
        Some((_, _, result)) if *result == recorded => ResultCheck::Consistent,
        Some((_, endings, _)) if endings.contains(&Ending::Checkmate) => {
            ResultCheck::ContradictsCheckmate
        }
        Some(_) => ResultCheck::DecisiveAfterAutomaticDraw,
    };
    let on_time = game
        .tags
        .termination
        .as_deref()
        .is_some_and(is_time_forfeit);
    let winner = match recorded {
        GameResult::WhiteWins => Some(Side::White),
        GameResult::BlackWins => Some(Side::Black),
        _ => None,
    };
    if let (true, None, Some(winner)) = (on_time, &found.ended, winner) {
        // Without --exact-dead-position: the static proofs only.
        found.time_forfeit = Some(TimeForfeit {
            winner,
            searched: false,
            mating: never_mates(reference.position(), winner.into())
                .map_or(Mating::Undetermined, |reason| Mating::Impossible { reason }),
        });
    }
    Some(found)
}

fn as_found(found: &Adjudication) -> Independent {
    let claim = |c: &drawrules_pgn::adjudicate::FirstClaim| (c.on_move, c.on_board);
    Independent {
        threefold: claim(&found.threefold_repetition),
        fifty: claim(&found.fifty_moves),
        ended: found
            .ended
            .as_ref()
            .map(|e| (e.ply, e.endings.clone(), e.result)),
        plies_after_end: found.plies_after_end,
        result_check: found.result_check,
        time_forfeit: found.time_forfeit.clone(),
    }
}

/// The findings a record of the reference's gives, as the summary counts
/// them.
fn findings(found: &Independent) -> Vec<GameFinding> {
    let mut out = Vec::new();
    if found.threefold != (None, None) {
        out.push(GameFinding::ThreefoldClaimable);
    }
    if found.fifty != (None, None) {
        out.push(GameFinding::FiftyMovesClaimable);
    }
    for ending in found.ended.iter().flat_map(|(_, endings, _)| endings) {
        out.push(match ending {
            Ending::Checkmate => GameFinding::Checkmate,
            Ending::Stalemate => GameFinding::Stalemate,
            Ending::DeadPosition => GameFinding::DeadPosition,
            Ending::FivefoldRepetition => GameFinding::FivefoldRepetition,
            Ending::SeventyFiveMoves => GameFinding::SeventyFiveMoves,
        });
    }
    if found.plies_after_end > 0 {
        out.push(GameFinding::PlayedPastEnd);
    }
    match found.result_check {
        ResultCheck::DecisiveAfterAutomaticDraw => {
            out.push(GameFinding::DecisiveAfterAutomaticDraw)
        }
        ResultCheck::ContradictsCheckmate => out.push(GameFinding::ContradictsCheckmate),
        ResultCheck::UnfinishedAfterEnding => out.push(GameFinding::UnfinishedAfterEnding),
        _ => {}
    }
    match found.time_forfeit.as_ref().map(|forfeit| &forfeit.mating) {
        Some(Mating::Impossible { .. }) => out.push(GameFinding::WinOnTimeShouldBeDraw),
        Some(Mating::Undetermined) if found.time_forfeit.as_ref().is_some_and(|f| f.searched) => {
            out.push(GameFinding::WinOnTimeUndetermined);
        }
        _ => {}
    }
    out
}

/// Games checked against the reference, and the findings counted both ways.
#[derive(Default)]
struct Tally {
    games: u32,
    chess960: u32,
    ours: BTreeMap<GameFinding, u32>,
    theirs: BTreeMap<GameFinding, u32>,
}

impl Tally {
    /// Adjudicates `game` and checks its findings against the reference's
    /// own computation.
    fn check(&mut self, source: &str, game: &PgnGame) {
        let report = GameReport::of(source, game, Edition::Fide2018);
        let independent = with_reference(game);
        let Some(found) = &report.adjudication else {
            assert!(
                independent.is_none() || game.termination.is_none(),
                "{}: refused by the adjudication only: {:?}",
                report.name(),
                report.error
            );
            return;
        };
        let independent = independent.expect("replayable by the reference too");
        assert_eq!(as_found(found), independent, "{}", report.name());
        self.games += 1;
        self.chess960 += u32::from(game.start().unwrap().is_chess960());
        for finding in report.findings {
            *self.ours.entry(finding).or_default() += 1;
        }
        for finding in findings(&independent) {
            *self.theirs.entry(finding).or_default() += 1;
        }
    }
}

/// Every game of the Lichess sample: the findings must be the reference's,
/// game by game.
#[test]
#[ignore = "needs ../shared/data"]
fn the_lichess_sample_matches_the_reference_game_by_game() {
    let mut tally = Tally::default();
    for game in Games::new(sample().as_bytes()) {
        tally.check(SAMPLE_NAME, &game.expect("the sample reads to its end"));
    }
    println!("{} games: {:?}", tally.games, tally.ours);
    assert_eq!(tally.games, 283, "every game of the sample replayed");
    assert_eq!(tally.ours, tally.theirs);
    assert_eq!(tally.ours, nonzero(&SAMPLE_COUNTS));
}

/// Every generated game: the findings must be the reference's, game by
/// game.
#[test]
fn generated_games_match_the_reference_game_by_game() {
    let mut tally = Tally::default();
    for game in Games::new(generated().as_bytes()) {
        tally.check(GENERATED_NAME, &game.expect("the games read to their end"));
    }
    println!("{} games: {:?}", tally.games, tally.ours);
    assert_eq!(tally.games, 300, "every generated game replayed");
    assert!(tally.chess960 > 0, "no Chess960 game");
    assert_eq!(tally.ours, tally.theirs);
    assert_eq!(tally.ours, nonzero(&GENERATED_COUNTS));
}

/// The counts that are not zero, as the tally keeps them.
fn nonzero(counts: &[(GameFinding, u64)]) -> BTreeMap<GameFinding, u32> {
    counts
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|&(finding, n)| (finding, u32::try_from(n).unwrap()))
        .collect()
}

/// Every game of the small files, every 10th game of the large ones, and
/// every large-file game the adjudication found past its end: the counts of
/// games per finding must be the reference's, game by game.
#[test]
#[ignore = "needs ../shared/data"]
fn findings_match_the_reference_on_a_sample() {
    let dir = data();
    let past_end = [(
        "lichess-elite-2013-2015.pgn.xz",
        [415, 2044, 8049, 9750, 11393, 11701],
    )];
    let mut tally = Tally::default();
    for path in files(&dir) {
        let name = short_name(&path);
        let large = name.ends_with(".xz");
        let wanted: Vec<u64> = past_end
            .iter()
            .filter(|(file, _)| *file == name)
            .flat_map(|(_, games)| games.iter().copied())
            .collect();
        for game in Games::new(open(&path).expect("readable data file")) {
            let game = game.expect("the files read to their end");
            if large && game.index % 10 != 0 && !wanted.contains(&game.index) {
                continue;
            }
            tally.check(&name, &game);
        }
    }
    let (ours, sampled, chess960) = (&tally.ours, tally.games, tally.chess960);
    println!("{sampled} games ({chess960} Chess960): {ours:?}");
    assert_eq!(tally.ours, tally.theirs);
    assert!(
        sampled > 1_000 && chess960 > 100,
        "{sampled} games, {chess960} Chess960"
    );
    for finding in [
        GameFinding::ThreefoldClaimable,
        GameFinding::FiftyMovesClaimable,
        GameFinding::Checkmate,
        GameFinding::Stalemate,
        GameFinding::FivefoldRepetition,
        GameFinding::SeventyFiveMoves,
        GameFinding::PlayedPastEnd,
    ] {
        assert!(
            ours.get(&finding).is_some_and(|&n| n > 0),
            "no {finding:?} in the sample"
        );
    }
}

/// The Lichess sample is what `tests/data/README.md` says: the file's
/// games numbered by a multiple of 50, and those with a fifty-move claim, a
/// fivefold repetition or play after the end (`LICHESS_RARE`), byte for
/// byte in their order.
#[test]
#[ignore = "needs ../shared/data"]
fn the_lichess_sample_is_taken_by_its_rule() {
    let path = data().join(shared::LICHESS);
    let mut text = String::new();
    open(&path)
        .expect("readable data file")
        .read_to_string(&mut text)
        .expect("UTF-8 PGN text");
    assert!(text.starts_with("[Event "));
    let texts = shared::game_texts(&text);
    let games: Vec<PgnGame> = Games::new(text.as_bytes())
        .map(|game| game.expect("the file reads to its end"))
        .collect();
    assert_eq!((texts.len(), games.len()), (13_781, 13_781));
    let rare = [
        GameFinding::FiftyMovesClaimable,
        GameFinding::FivefoldRepetition,
        GameFinding::PlayedPastEnd,
    ];
    let mut chosen = String::new();
    let mut extra = Vec::new();
    for (game, game_text) in games.iter().zip(&texts) {
        let report = GameReport::of("lichess", game, Edition::Fide2018);
        let is_rare = report.findings.iter().any(|f| rare.contains(f));
        if game.index % 50 == 0 || is_rare {
            chosen.push_str(game_text);
        }
        if is_rare {
            extra.push(game.index);
        }
    }
    assert_eq!(extra, LICHESS_RARE);
    assert_eq!(shared::game_texts(&chosen).len(), LICHESS_SAMPLE_GAMES);
    assert!(
        chosen == sample(),
        "the sample differs from the games its rule chooses"
    );
}
