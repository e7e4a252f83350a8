//! `drawrules adjudicate` as a command: input from files and standard
//! input, plain or compressed, JSON lines in input order, errors and exit
//! codes.

use crate::common;

use std::process::Output;

/// `drawrules adjudicate args`, fed `stdin`.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    common::drawrules_fed(&[&["adjudicate"], args].concat(), stdin)
}

const GAMES: &str = "[White \"A\"]\n[Black \"B\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
                     [Event \"Bad\"]\n[White \"C\"]\n[Round \"2\"]\n\n1. e4 e5 2. Ke3 *\n\n\
                     1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n";

#[test]
fn json_lines_in_input_order_and_errors_name_the_game() {
    let out = run(&["--json", "--threads", "2"], GAMES.as_bytes());
    assert_eq!(out.status.code(), Some(1), "a game failed");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["findings"], serde_json::json!(["checkmate"]));
    assert_eq!(lines[0]["ended"]["articles"], serde_json::json!(["5.1.1"]));
    assert_eq!(
        lines[1]["error"], "ply 3, move \"Ke3\": illegal san",
        "{stdout}"
    );
    assert_eq!(lines[1]["round"], "2");
    assert_eq!(lines[2]["threefold_repetition"]["on_board"], 8);
    assert_eq!(
        lines[2]["final"]["claims"],
        serde_json::json!(["threefold-repetition"])
    );
}

#[test]
fn the_table_counts_findings_and_stderr_names_bad_games() {
    let out = run(&["-"], GAMES.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.starts_with("games read: 3 (replayed 2"), "{stdout}");
    assert!(stdout.contains("-#1 (A - B)"), "{stdout}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr,
        "error: -: game 2 (line 6, Event \"Bad\", White \"C\", Round \"2\"): ply 3, move \"Ke3\": illegal san\n"
    );
}

#[test]
fn compressed_input_and_exit_codes() {
    let good = "1. e4 e5 1-0\n";
    let zst = zstd::encode_all(good.as_bytes(), 3).unwrap();
    let out = run(&[], &zst);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("games read: 1 ")
    );

    // A compressed stream cut in the middle: the file cannot be read.
    let long = good.repeat(5_000);
    let zst = zstd::encode_all(long.as_bytes(), 3).unwrap();
    let out = run(&["--json"], &zst[..zst.len() / 2]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("error: -: read error at line "),
        "{stderr}"
    );
    // Every whole game before the cut is reported.
    let reported = String::from_utf8(out.stdout).unwrap().lines().count();
    assert!(
        stderr.contains(&format!(", after game {reported}: ")),
        "{reported}: {stderr}"
    );

    // A file that cannot be opened: its error alone, no table of zeros.
    let out = run(&["/no/such/file.pgn"], b"");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("error: cannot read /no/such/file.pgn: "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "");
    // Beside a file that can: the table sums up the games read, and the
    // error is still given.
    let dir = std::env::temp_dir().join(format!("drawrules-adjudicate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let readable = dir.join("one.pgn");
    std::fs::write(&readable, good).unwrap();
    let out = run(&[readable.to_str().unwrap(), "/no/such/file.pgn"], b"");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("games read: 1 ")
    );
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .starts_with("error: cannot read /no/such/file.pgn: ")
    );
}

#[test]
fn a_damaged_game_is_reported_with_its_line_and_the_next_games_are_read() {
    let good = |name: &str| format!("[Event \"{name}\"]\n\n1. e4 e5 1-0\n\n");
    let text = format!(
        "{}[Event \"B\"]\n\n1. e4 e5 *({{\n\n{}{}",
        good("A"),
        good("C"),
        good("D")
    );
    let out = run(&["--json"], text.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let events: Vec<String> = stdout
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap()["event"].to_string())
        .collect();
    assert_eq!(events, ["\"A\"", "\"B\"", "\"C\"", "\"D\""]);
    let second: serde_json::Value = serde_json::from_str(stdout.lines().nth(1).unwrap()).unwrap();
    assert_eq!(second["line"], 5);
    assert_eq!(
        second["error"],
        "pgn syntax: unterminated comment opened on line 7; reading goes on at the next tag section"
    );
    // Without --json the same goes to standard error.
    let out = run(&[], text.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: -: game 2 (line 5, Event \"B\"): pgn syntax: unterminated comment opened on line 7; \
         reading goes on at the next tag section\n"
    );
}

#[test]
fn a_game_over_the_limits_is_skipped_as_too_long() {
    let text = format!(
        "[Event \"Long\"]\n\n{}*\n\n[Event \"B\"]\n\n1. d4 *\n",
        "Nf3 Nf6 Ng1 Ng8 ".repeat(100)
    );
    let out = run(&["--max-plies", "300"], text.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: -: game 1 (line 1, Event \"Long\"): game too long: more than 300 plies \
         (text from line 1); skipped\n"
    );
    let out = run(&["--max-game-bytes", "1000", "--json"], text.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(stdout.contains("more than 1000 bytes"), "{stdout}");
}

#[test]
fn threads_above_what_the_machine_offers_are_capped_with_a_message() {
    let out = run(&["--threads", "100000"], b"1. e4 e5 1-0\n");
    assert_eq!(out.status.code(), Some(0));
    let offered = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "warning: --threads 100000 is more than the {offered} this machine offers; using {offered}\n"
        )
    );
    let out = run(&["--threads", "0"], b"1. e4 e5 1-0\n");
    assert_eq!(out.status.code(), Some(64), "zero threads is refused");
}

/// A game that locks its last pawn file and goes on to a win on time:
/// dead by the wall from ply 1, which material alone does not see.
const LOCKED: &str = "[White \"W\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[Termination \"Time forfeit\"]\n\
                      [FEN \"k7/8/8/p1p1p1pp/P1P1P1P1/7P/8/K7 b - - 0 1\"]\n\n\
                      1... h4 2. Kb1 Kb8 3. Ka1 0-1\n";

#[test]
fn exact_dead_positions_end_the_game_and_are_counted_in_the_table() {
    let plain = run(&[], LOCKED.as_bytes());
    assert_eq!(plain.status.code(), Some(0));
    let plain = String::from_utf8(plain.stdout).unwrap();
    let row = |table: &str, finding: &str| -> String {
        table
            .lines()
            .find(|line| line.starts_with(finding))
            .unwrap_or_else(|| panic!("no row {finding:?} in {table}"))
            .split_whitespace()
            .skip(finding.split_whitespace().count())
            .take(1)
            .collect()
    };
    // By material alone the game goes on; the wall is a static proof, so
    // the win on time is already shown wrong (Article 6.9).
    assert_eq!(row(&plain, "ended: dead position (5.2.2)"), "0", "{plain}");
    assert_eq!(
        row(&plain, "result: won on time, cannot mate (6.9)"),
        "1",
        "{plain}"
    );
    // Without the option no exact verdict is made, so none is undetermined.
    assert!(
        !plain.contains("dead position (5.2.2): undetermined"),
        "{plain}"
    );
    let exact = run(&["--exact-dead-position"], LOCKED.as_bytes());
    assert_eq!(exact.status.code(), Some(0));
    let exact = String::from_utf8(exact.stdout).unwrap();
    assert!(
        exact.contains("dead positions (5.2.2) also decided exactly in 1 games"),
        "{exact}"
    );
    // Over by rule at the dead ply, so 6.9 has nothing more to say.
    for (finding, games) in [
        ("ended: dead position (5.2.2)", "1"),
        ("play continued after the end", "1"),
        ("result: win after an automatic draw", "1"),
        ("result: won on time, cannot mate (6.9)", "0"),
    ] {
        assert_eq!(row(&exact, finding), games, "{finding}: {exact}");
    }
    assert_eq!(
        row(&exact, "dead position (5.2.2): undetermined"),
        "0",
        "{exact}"
    );
    let json = run(&["--exact-dead-position", "--json"], LOCKED.as_bytes());
    let line: serde_json::Value = serde_json::from_slice(&json.stdout).expect("one JSON line");
    assert_eq!(
        line["dead_position"],
        serde_json::json!({"verdict": "dead", "ply": 1, "first": true,
                           "white": {"reason": "wall"}, "black": {"reason": "wall"}})
    );
    assert_eq!(line["ended"]["ply"], 1);
    assert_eq!(line["time_forfeit"], serde_json::Value::Null);
}
