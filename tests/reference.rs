//! Whole status records from the reference, through the `Rules` interface,
//! on the edges of every article, under both editions.

use drawrules::{
    Claim, ClaimsOnMove, Edition, Ending, GameResult, Notation, Reference, RefusalKind, Rules,
    RulesError, StartPosition, Status, judge,
};
use shakmaty::uci::UciMove;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KNIGHTS: &str = "g1f3 g8f6 f3g1 f6g8";

fn uci(moves: &str) -> Vec<UciMove> {
    moves
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect()
}

fn records(fen: &str, moves: &str, edition: Edition) -> Vec<Status> {
    let start: StartPosition = fen.parse().unwrap();
    let judged = judge(
        &mut Reference::default(),
        &start,
        edition,
        &uci(moves),
        Notation::Uci,
    );
    assert_eq!(judged.refusal, None, "{fen} {moves}");
    judged.records
}

/// A record with every field spelled out; `on_move` lists are given as text.
#[allow(clippy::too_many_arguments)]
fn record(
    ply: u32,
    fen: &str,
    clock: u32,
    repetition: u32,
    ended: &[Ending],
    result: GameResult,
    claims: &[Claim],
    threefold_on_move: &[&str],
    fifty_on_move: &[&str],
) -> Status {
    Status {
        ply,
        fen: fen.to_owned(),
        clock,
        repetition,
        ended: ended.to_vec(),
        undetermined: Vec::new(),
        result,
        claims: claims.to_vec(),
        claims_on_move: ClaimsOnMove {
            threefold_repetition: threefold_on_move.iter().map(|m| m.to_string()).collect(),
            fifty_moves: fifty_on_move.iter().map(|m| m.to_string()).collect(),
        },
    }
}

#[test]
fn start_position_record() {
    for edition in Edition::ALL {
        let status = &records(START, "", edition)[0];
        assert_eq!(
            *status,
            record(0, START, 0, 1, &[], GameResult::Ongoing, &[], &[], &[])
        );
    }
}

#[test]
fn fen_clocks_99_100_149_150() {
    // King and rook against king: 14 rook moves and 5 king moves, all quiet.
    let quiet = [
        "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", "e1d1",
        "e1d2", "e1e2", "e1f1", "e1f2",
    ];
    let fen = |clock: u32| format!("4k3/8/8/8/8/8/8/R3K3 w - - {clock} 80");
    for edition in Edition::ALL {
        let at = |clock| records(&fen(clock), "", edition).remove(0);
        let ongoing = GameResult::Ongoing;
        assert_eq!(
            at(98),
            record(0, &fen(98), 98, 1, &[], ongoing, &[], &[], &[])
        );
        assert_eq!(
            at(99),
            record(0, &fen(99), 99, 1, &[], ongoing, &[], &[], &quiet)
        );
        let fifty = [Claim::FiftyMoves];
        assert_eq!(
            at(100),
            record(0, &fen(100), 100, 1, &[], ongoing, &fifty, &[], &quiet)
        );
        assert_eq!(
            at(149),
            record(0, &fen(149), 149, 1, &[], ongoing, &fifty, &[], &quiet)
        );
        let over = [Ending::SeventyFiveMoves];
        let draw = GameResult::Draw;
        assert_eq!(
            at(150),
            record(0, &fen(150), 150, 1, &over, draw, &[], &[], &[])
        );
        assert_eq!(
            at(151),
            record(0, &fen(151), 151, 1, &over, draw, &[], &[], &[])
        );
    }
}

#[test]
fn seventy_five_moves_reached_by_play() {
    let records = records(
        "4k3/8/8/8/8/8/8/R3K3 w - - 148 80",
        "a1a2 e8d8",
        Edition::Fide2018,
    );
    assert!(records[1].ended.is_empty());
    assert_eq!(records[1].claims, vec![Claim::FiftyMoves]);
    assert_eq!(
        records[2],
        record(
            2,
            "3k4/8/8/8/8/8/R7/4K3 w - - 150 81",
            150,
            1,
            &[Ending::SeventyFiveMoves],
            GameResult::Draw,
            &[],
            &[],
            &[]
        )
    );
}

#[test]
fn checkmate_on_the_100th_and_150th_ply() {
    for (clock, fifty_now) in [(99, false), (149, true)] {
        let fen = format!("6k1/5ppp/8/8/8/8/8/R5K1 w - - {clock} 60");
        let records = records(&fen, "a1a8", Edition::Fide2018);
        // Before the mate, writing the mating move supports the fifty-move
        // claim (9.3.1): it is only written, never played.
        assert!(
            records[0]
                .claims_on_move
                .fifty_moves
                .contains(&"a1a8".to_owned())
        );
        assert_eq!(records[0].claims.contains(&Claim::FiftyMoves), fifty_now);
        assert_eq!(
            records[1],
            record(
                1,
                &format!("R5k1/5ppp/8/8/8/8/8/6K1 b - - {} 60", clock + 1),
                clock + 1,
                1,
                &[Ending::Checkmate],
                GameResult::WhiteWins,
                &[],
                &[],
                &[]
            )
        );
    }
}

#[test]
fn stalemate_on_the_150th_ply_reports_both_draws() {
    let records = records(
        "k7/8/1Q6/8/8/8/8/K7 w - - 149 100",
        "b6c7",
        Edition::Fide2014,
    );
    assert_eq!(
        records[1].ended,
        vec![Ending::Stalemate, Ending::SeventyFiveMoves]
    );
    assert_eq!(records[1].result, GameResult::Draw);
}

#[test]
fn editions_agree_on_every_ply_but_the_fivefold_one() {
    let detour = "g1f3 g8f6 f3e5 f6g8 e5f3 b8c6 f3g1 c6b8";
    let moves = [KNIGHTS, KNIGHTS, detour, "b1c3 b8c6 c3b1 c6b8"].join(" ");
    let new = records(START, &moves, Edition::Fide2018);
    let old = records(START, &moves, Edition::Fide2014);
    assert_eq!(new[..20], old[..20]);
    assert_eq!(new[20].ended, vec![Ending::FivefoldRepetition]);
    assert_eq!(new[20].result, GameResult::Draw);
    assert!(new[20].claims.is_empty() && new[20].claims_on_move.is_empty());
    assert_eq!(
        old[20],
        record(
            20,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 20 11",
            20,
            5,
            &[],
            GameResult::Ongoing,
            &[Claim::ThreefoldRepetition],
            &["g1f3"],
            &[]
        )
    );
}

#[test]
fn fivefold_under_both_editions_in_a_four_ply_rhythm() {
    let moves = [KNIGHTS; 4].join(" ");
    for edition in Edition::ALL {
        let records = records(START, &moves, edition);
        let repetitions: Vec<u32> = records.iter().map(|s| s.repetition).collect();
        assert_eq!(
            repetitions,
            [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5]
        );
        assert!(records[..16].iter().all(|s| s.ended.is_empty()));
        assert_eq!(records[16].ended, vec![Ending::FivefoldRepetition]);
        // Claims: threefold from ply 8 on, as long as the game goes on.
        let claiming: Vec<bool> = records.iter().map(|s| !s.claims.is_empty()).collect();
        assert_eq!(
            claiming,
            [[false; 8].as_slice(), &[true; 8], &[false]].concat()
        );
    }
}

#[test]
fn no_move_after_the_end_and_the_game_is_unchanged_by_errors() {
    let start: StartPosition = "4k3/8/8/8/8/8/8/R3K3 w - - 150 100".parse().unwrap();
    let mut game = Reference::new(&start, Edition::Fide2018);
    let before = game.status();
    let err = game.play("a1a2".parse().unwrap()).unwrap_err();
    assert_eq!(
        err,
        RulesError::GameOver {
            ended: vec![Ending::SeventyFiveMoves]
        }
    );
    assert_eq!(game.status(), before);

    let mut game = Reference::default();
    let before = game.status();
    assert_eq!(
        game.play("e2e5".parse().unwrap()),
        Err(RulesError::IllegalMove)
    );
    assert_eq!(
        game.play("0000".parse().unwrap()),
        Err(RulesError::IllegalMove)
    );
    assert_eq!(game.status(), before);

    let judged = judge(
        &mut Reference::default(),
        &StartPosition::standard(),
        Edition::Fide2018,
        &uci("f2f3 e7e5 g2g4 d8h4 a2a3"),
        Notation::Uci,
    );
    assert_eq!(judged.records.len(), 5);
    let refusal = judged.refusal.unwrap();
    assert_eq!((refusal.ply, refusal.kind()), (5, RefusalKind::GameOver));
    assert_eq!(
        refusal.to_string(),
        "ply 5, move \"a2a3\": the game is already over (checkmate, 5.1.1)"
    );
}

#[test]
fn start_replaces_the_game() {
    let mut game = Reference::default();
    game.play("e2e4".parse().unwrap()).unwrap();
    game.start(&StartPosition::standard(), Edition::Fide2014)
        .unwrap();
    assert_eq!(game.status().ply, 0);
    assert_eq!(game.edition(), Edition::Fide2014);
}
