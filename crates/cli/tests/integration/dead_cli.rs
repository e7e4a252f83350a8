//! `drawrules dead`: the Article 5.2.2 verdict on one position as a user
//! meets it, for people and as JSON, and its error lines.

use crate::common;

use common::{drawrules, drawrules_fed, text};
use drawrules::mating::{Deadness, Mating, NoMate, Side};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Position};

/// Runs a command that must succeed with nothing on standard error.
fn stdout(args: &[&str]) -> String {
    let output = drawrules(args);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
    assert!(stderr.is_empty(), "{args:?}: {stderr}");
    text(&output.stdout)
}

/// The JSON object of `dead --json`, read back into the library's types.
fn json(fen: &str) -> (String, Deadness, Mating, Mating) {
    let out = stdout(&["dead", "--json", "--fen", fen]);
    assert_eq!(out.lines().count(), 1, "{out}");
    let value: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    let keys: Vec<&str> = value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys.len(), 4, "{out}");
    let read = |key: &str| value[key].clone();
    (
        read("fen").as_str().unwrap().to_owned(),
        serde_json::from_value(read("deadness")).unwrap(),
        serde_json::from_value(read("white")).unwrap(),
        serde_json::from_value(read("black")).unwrap(),
    )
}

#[test]
fn a_king_and_bishop_against_a_king_is_dead_by_material() {
    let fen = "4k3/8/8/8/8/8/8/4KB2 w - - 0 1";
    assert_eq!(
        stdout(&["dead", "--fen", fen]),
        "fen: 4k3/8/8/8/8/8/8/4KB2 w - - 0 1\n\
         verdict: dead: neither side can ever checkmate, the game is drawn (5.2.2)\n\
         white: can never mate (material: its men can never give checkmate)\n\
         black: can never mate (material: its men can never give checkmate)\n"
    );
    let material = NoMate::Material;
    let never = Mating::Impossible { reason: material };
    assert_eq!(
        json(fen),
        (
            fen.to_owned(),
            Deadness::Dead {
                white: material,
                black: material
            },
            never.clone(),
            never
        )
    );
}

#[test]
fn a_locked_wall_is_dead_by_the_wall() {
    // Moves are played first: the verdict is on the position reached.
    let out = stdout(&[
        "dead",
        "--fen",
        "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1",
        "Kb2",
        "a8b7",
    ]);
    let wall = "can never mate (wall: locked pawns keep its men from ever attacking a square the other king can reach)";
    assert_eq!(
        out,
        format!(
            "fen: 8/1k6/8/p1p1p1p1/P1P1P1P1/8/1K6/8 w - - 2 2\n\
             verdict: dead: neither side can ever checkmate, the game is drawn (5.2.2)\n\
             white: {wall}\nblack: {wall}\n"
        )
    );
    let (_, deadness, white, _) = json("k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1");
    assert_eq!(
        deadness,
        Deadness::Dead {
            white: NoMate::Wall,
            black: NoMate::Wall
        }
    );
    assert_eq!(
        white,
        Mating::Impossible {
            reason: NoMate::Wall
        }
    );
}

#[test]
fn an_alive_position_shows_a_line_that_mates() {
    let fen = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
    let (_, deadness, white, black) = json(fen);
    let Deadness::Alive { side, line } = &deadness else {
        panic!("a rook can mate: {deadness:?}")
    };
    assert_eq!(*side, Side::White);
    assert_eq!(white, Mating::Possible { line: line.clone() });
    assert_eq!(
        black,
        Mating::Impossible {
            reason: NoMate::Material
        }
    );
    // The line replays, move by move, to White's checkmate.
    let mut position: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    for uci in line {
        let mv = uci.parse::<UciMove>().unwrap().to_move(&position).unwrap();
        position.play_unchecked(mv);
    }
    assert!(position.is_checkmate(), "{line:?}");
    assert_eq!(position.turn(), Color::Black, "White gave the mate");
    // The text shows the same line.
    let out = stdout(&["dead", "--fen", fen]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1],
        "verdict: alive: White can still checkmate, not a dead position (5.2.2)"
    );
    assert_eq!(
        lines[2],
        format!("white: can mate: helpmate {}", line.join(" "))
    );
    assert_eq!(
        lines[3],
        "black: can never mate (material: its men can never give checkmate)"
    );
}

/// Runs a command that must fail on bad input: exit code 2, nothing on
/// standard output, exactly one line on standard error; returns it.
fn failing(args: &[&str]) -> String {
    let (stdout, line) = common::failing(args);
    assert!(stdout.is_empty(), "{args:?}");
    line
}

#[test]
fn bad_input_says_what_and_where() {
    assert_eq!(
        failing(&["dead", "--fen", "8/8/8 w - - 0 1"]),
        "error: --fen \"8/8/8 w - - 0 1\": invalid fen: invalid board part in fen"
    );
    assert_eq!(
        failing(&["dead", "--json", "--fen", "4k3/8/8/8/8/8/8/4K3 w K - 0 1"]),
        "error: --fen \"4k3/8/8/8/8/8/8/4K3 w K - 0 1\": invalid fen: illegal position: invalid castling rights"
    );
    assert_eq!(
        failing(&["dead", "e4", "e5", "Ke3"]),
        "error: ply 3, move \"Ke3\": illegal move in this position"
    );
    assert_eq!(
        failing(&["dead", "e2e4", "hello"]),
        "error: ply 2, move \"hello\": not a move in UCI or SAN notation"
    );
}

/// `dead -` with `input` on standard input: (exit code, stdout lines,
/// stderr).
fn batch(input: &str, extra: &[&str]) -> (Option<i32>, Vec<serde_json::Value>, String) {
    let output = drawrules_fed(&[&["dead", "-"], extra].concat(), input.as_bytes());
    let lines = text(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON object a line"))
        .collect();
    (output.status.code(), lines, text(&output.stderr))
}

#[test]
fn dead_dash_answers_every_line_of_standard_input() {
    let input = "8/8/3k4/5R2/8/8/8/3Kb3 w - - 0 1\n\
                 8/8/8/8/8/8/K3N2k/7q w - - 2 71 white\n\
                 4k3/8/8/8/8/8/8/4K3 w - - 0 1 black\n";
    let (code, lines, stderr) = batch(input, &[]);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    assert_eq!(lines.len(), 3);
    // The same object as `dead --json` for a whole position.
    let (fen, deadness, white, black) = json("8/8/3k4/5R2/8/8/8/3Kb3 w - - 0 1");
    assert_eq!(lines[0]["fen"], fen);
    assert_eq!(
        lines[0]["deadness"],
        serde_json::to_value(&deadness).unwrap()
    );
    assert_eq!(lines[0]["white"], serde_json::to_value(&white).unwrap());
    assert_eq!(lines[0]["black"], serde_json::to_value(&black).unwrap());
    // One side asked: that side's part alone.
    assert!(lines[1].get("black").is_none() && lines[1].get("white").is_some());
    assert_eq!(lines[2]["black"]["verdict"], "impossible");
}

#[test]
fn dead_dash_reports_a_bad_line_by_number_and_goes_on() {
    let (code, lines, stderr) = batch("8/8/8/8\n\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", &[]);
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["line"], 1);
    assert!(lines[0]["error"].as_str().unwrap().contains("8/8/8/8"));
    assert_eq!(lines[1]["deadness"]["verdict"], "dead");
    // Fields outside the FEN standard are refused line by line too.
    let (code, lines, stderr) = batch(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 0 white\n4k3/8/8/8/8/8/8/R3K3 w QQ - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
        &[],
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(lines.len(), 3);
    assert_eq!(
        (&lines[0]["line"], &lines[0]["error"]),
        (
            &serde_json::json!(1),
            &serde_json::json!(
                "\"4k3/8/8/8/8/8/8/4K3 w - - 0 0\": invalid fen: fullmove number \"0\" is 0: moves are counted from 1"
            )
        )
    );
    assert_eq!(lines[1]["line"], 2);
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .ends_with("castling field \"QQ\" names a right twice")
    );
    assert_eq!(lines[2]["deadness"]["verdict"], "dead");
    let (code, lines, stderr) = batch("", &["--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]);
    assert_eq!((code, lines.len()), (Some(2), 0));
    assert!(stderr.contains("takes no --fen"), "{stderr}");
}
