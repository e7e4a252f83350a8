//! `drawrules adjudicate` as a command: input from files and standard
//! input, plain or compressed, JSON lines in input order, errors and exit
//! codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_drawrules"))
        .arg("adjudicate")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("drawrules runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin)
        .expect("stdin written");
    child.wait_with_output().expect("drawrules ends")
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
        "error: -: game 2 (Event \"Bad\", White \"C\", Round \"2\"): ply 3, move \"Ke3\": illegal san\n"
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
        stderr.starts_with("error: -: read error after game "),
        "{stderr}"
    );

    let out = run(&["/no/such/file.pgn"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .starts_with("error: cannot read /no/such/file.pgn: ")
    );
}
