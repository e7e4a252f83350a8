//! The page judges every game `drawrules adjudicate` reads, with the same
//! verdict: on 300 generated games and on the sample of the shared
//! collection's Lichess games, each game's text is given to the page as a
//! pasted PGN and to adjudicate's per-game report, and the two must agree
//! on the status record where the game stopped (the ending, or the last
//! move), on the plies played after an ending, and on which games cannot
//! be replayed at all.

use drawrules::Edition;
use drawrules_pgn::Games;
use drawrules_pgn::adjudicate::{GameFinding, GameReport};
use drawrules_scenario::pgn_text::generated_pgn;
use drawrules_scenario::shared;
use drawrules_web::{Request, judge_request};

/// What the comparison met.
#[derive(Debug, Default, PartialEq, Eq)]
struct Met {
    games: usize,
    /// Games both refused (adjudicate could not replay them).
    refused: usize,
    /// Games that ended by rule.
    ended: usize,
    /// Games played on after their ending.
    past_the_end: usize,
}

/// Gives every game of `text` to the page and to adjudicate, and checks
/// that they agree; what they met.
fn compare(text: &str) -> Met {
    let mut met = Met::default();
    for (number, game_text) in (1..).zip(shared::game_texts(text)) {
        met.games += 1;
        let page = judge_request(&Request {
            pgn: game_text.to_owned(),
            ..Request::default()
        });
        let game = Games::new(game_text.as_bytes())
            .next()
            .expect("one game")
            .expect("readable");
        let report = GameReport::of("sample", &game, Edition::Fide2018);
        let Some(adjudication) = report.adjudication else {
            assert!(
                page.error.is_some(),
                "game {number}: adjudicate refused it ({:?}), the page did not",
                report.error
            );
            met.refused += 1;
            continue;
        };
        assert_eq!(page.error, None, "game {number}: {game_text}");
        let last = page.plies.last().expect("ply 0 at least");
        assert_eq!(
            last.status, adjudication.final_status,
            "game {number}: where the game stopped"
        );
        assert_eq!(
            page.plies_after_end, adjudication.plies_after_end,
            "game {number}: plies after the end"
        );
        let past = report.findings.contains(&GameFinding::PlayedPastEnd);
        assert_eq!(
            page.notes
                .iter()
                .any(|note| note.starts_with("Play continued after the end")),
            past,
            "game {number}: {:?}",
            page.notes
        );
        assert!(
            page.verdict.is_some(),
            "game {number}: no verdict on the page"
        );
        met.ended += usize::from(adjudication.ended.is_some());
        met.past_the_end += usize::from(past);
    }
    met
}

#[test]
fn the_page_and_adjudicate_agree_on_300_generated_games() {
    let met = compare(&generated_pgn(300, 75));
    println!("{met:?}");
    assert_eq!((met.games, met.refused), (300, 0));
    // Seed 75: 213 games end by rule and 173 go on after the ending.
    assert!(met.ended >= 100 && met.past_the_end >= 100, "{met:?}");
}

#[test]
#[ignore = "needs ../shared/data"]
fn the_page_and_adjudicate_agree_on_the_shared_sample() {
    let sample = shared::lichess_sample().expect("the shared collection is readable");
    let met = compare(&sample);
    println!("{met:?}");
    assert_eq!(met.games, shared::LICHESS_SAMPLE_GAMES);
    // Six of the sample's games go on after a fivefold repetition.
    assert_eq!(met.past_the_end, 6, "{met:?}");
}
