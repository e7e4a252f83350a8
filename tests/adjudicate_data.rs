//! `drawrules adjudicate` on the real games of `../shared/data`: every game
//! read without a crash, the games that went on past an automatic ending
//! named, and the findings checked game by game against an independent
//! computation with the reference on a sample.
//!
//! Skipped, with a message, when the data directory is absent.

use std::path::{Path, PathBuf};

use drawrules::adjudicate::{
    Adjudication, Finding, Options, Report, ResultCheck, Summary, adjudicate_source,
};
use drawrules::pgn::{Games, PgnGame, open};
use drawrules::{Claim, Edition, Ending, GameResult, Reference, Rules};

fn data() -> Option<PathBuf> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data"));
    if dir.is_dir() {
        Some(dir.to_owned())
    } else {
        eprintln!("skipped: no game collection at {}", dir.display());
        None
    }
}

/// Every PGN file of the collection, in a fixed order.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("pgn-extract-games"))
        .expect("readable pgn-extract-games")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "pgn"))
        .collect();
    files.sort();
    files.push(dir.join("tcec-compact.pgn.xz"));
    files.push(dir.join("lichess-elite-2013-2015.pgn.xz"));
    files
}

fn short_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn the_whole_collection_adjudicates_and_names_the_games_played_past_the_end() {
    let Some(dir) = data() else { return };
    let mut summary = Summary::new(0);
    let mut past_end = Vec::new();
    let mut errors = Vec::new();
    for path in files(&dir) {
        let input = open(&path).expect("readable data file");
        let options = Options {
            threads: 2,
            ..Options::default()
        };
        adjudicate_source(&short_name(&path), input, &options, |report, _| {
            summary.add(report);
            if report.findings.contains(&Finding::PlayedPastEnd) {
                let found = report.adjudication.as_ref().unwrap();
                let ended = found.ended.as_ref().unwrap();
                past_end.push(format!(
                    "{} ended {} at ply {}, {} plies more",
                    report.name(),
                    ended.endings[0],
                    ended.ply,
                    found.plies_after_end
                ));
            }
            if let Some(error) = report.error_line() {
                errors.push(error);
            }
        })
        .expect("the files read to their end");
    }
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
    assert_eq!(past_end, expected);
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
}

fn with_reference(game: &PgnGame) -> Option<Independent> {
    let start = game.start().ok()?;
    let mut reference = Reference::new(start.clone(), Edition::Fide2018);
    let mut position = start.position().clone();
    let mut found = Independent {
        threefold: (None, None),
        fifty: (None, None),
        ended: None,
        plies_after_end: 0,
        result_check: ResultCheck::Consistent,
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
    Some(found)
}

fn as_found(found: &Adjudication) -> Independent {
    let claim = |c: &drawrules::adjudicate::FirstClaim| (c.on_move, c.on_board);
    Independent {
        threefold: claim(&found.threefold_repetition),
        fifty: claim(&found.fifty_moves),
        ended: found
            .ended
            .as_ref()
            .map(|e| (e.ply, e.endings.clone(), e.result)),
        plies_after_end: found.plies_after_end,
        result_check: found.result_check,
    }
}

/// The findings a record of the reference's gives, as the summary counts
/// them.
fn findings(found: &Independent) -> Vec<Finding> {
    let mut out = Vec::new();
    if found.threefold != (None, None) {
        out.push(Finding::ThreefoldClaimable);
    }
    if found.fifty != (None, None) {
        out.push(Finding::FiftyMovesClaimable);
    }
    for ending in found.ended.iter().flat_map(|(_, endings, _)| endings) {
        out.push(match ending {
            Ending::Checkmate => Finding::Checkmate,
            Ending::Stalemate => Finding::Stalemate,
            Ending::DeadPosition => Finding::DeadPosition,
            Ending::FivefoldRepetition => Finding::FivefoldRepetition,
            Ending::SeventyFiveMoves => Finding::SeventyFiveMoves,
        });
    }
    if found.plies_after_end > 0 {
        out.push(Finding::PlayedPastEnd);
    }
    match found.result_check {
        ResultCheck::DecisiveAfterAutomaticDraw => out.push(Finding::DecisiveAfterAutomaticDraw),
        ResultCheck::ContradictsCheckmate => out.push(Finding::ContradictsCheckmate),
        ResultCheck::UnfinishedAfterEnding => out.push(Finding::UnfinishedAfterEnding),
        _ => {}
    }
    out
}

/// Every game of the small files, every 10th game of the large ones, and
/// every large-file game the adjudication found past its end: the counts of
/// games per finding must be the reference's, game by game.
#[test]
fn findings_match_the_reference_on_a_sample() {
    let Some(dir) = data() else { return };
    let past_end = [(
        "lichess-elite-2013-2015.pgn.xz",
        [415, 2044, 8049, 9750, 11393, 11701],
    )];
    let mut ours = std::collections::BTreeMap::<Finding, u32>::new();
    let mut theirs = std::collections::BTreeMap::<Finding, u32>::new();
    let mut sampled = 0;
    let mut chess960 = 0;
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
            let report = Report::of(&name, &game, Edition::Fide2018);
            let independent = with_reference(&game);
            let Some(found) = &report.adjudication else {
                assert!(
                    independent.is_none() || game.termination.is_none(),
                    "{}: refused by the adjudication only: {:?}",
                    report.name(),
                    report.error
                );
                continue;
            };
            let independent = independent.expect("replayable by the reference too");
            assert_eq!(as_found(found), independent, "{}", report.name());
            sampled += 1;
            chess960 += u32::from(game.start().unwrap().is_chess960());
            for finding in report.findings {
                *ours.entry(finding).or_default() += 1;
            }
            for finding in findings(&independent) {
                *theirs.entry(finding).or_default() += 1;
            }
        }
    }
    println!("{sampled} games ({chess960} Chess960): {ours:?}");
    assert_eq!(ours, theirs);
    assert!(
        sampled > 1_000 && chess960 > 100,
        "{sampled} games, {chess960} Chess960"
    );
    for finding in [
        Finding::ThreefoldClaimable,
        Finding::FiftyMovesClaimable,
        Finding::Checkmate,
        Finding::Stalemate,
        Finding::FivefoldRepetition,
        Finding::SeventyFiveMoves,
        Finding::PlayedPastEnd,
    ] {
        assert!(
            ours.get(&finding).is_some_and(|&n| n > 0),
            "no {finding:?} in the sample"
        );
    }
}
