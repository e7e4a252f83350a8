//! Plies per second for bare shakmaty, the arbiter and the reference, on
//! generated games and on the real games in `../shared/data`, all in one
//! process so that the ratios compare like with like.
//!
//! Run with `cargo bench --bench throughput`. Decompression (xz) and SAN
//! parsing happen before any timing and are reported apart.

use std::hint::black_box;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use drawrules::mating::{Budget, DeadRule};
use drawrules::unwinnable::deadness_in;
use drawrules::{Arbiter, DeadSearches, Edition, Reference, StartPosition};
use drawrules_scenario::{Scenario, SeededBytes};
use shakmaty::san::San;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{EnPassantMode, Move, Position};

/// A game to replay: a start and moves that are legal up to the game's end.
struct Game {
    start: StartPosition,
    moves: Vec<Move>,
}

fn plies(games: &[Game]) -> usize {
    games.iter().map(|game| game.moves.len()).sum()
}

/// The best of `runs` timings of `work` over `games`.
fn time(games: &[Game], runs: usize, work: impl Fn(&Game)) -> Duration {
    (0..runs)
        .map(|_| {
            let started = Instant::now();
            for game in games {
                work(game);
            }
            started.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Bare shakmaty: check each move is legal, play it, update the Zobrist hash
/// incrementally (recomputing where shakmaty cannot). No rules.
fn bare(game: &Game) {
    replay(game, false);
}

/// Bare shakmaty plus the naive way to see mate and stalemate: generate the
/// legal moves after every ply. A floor for anything that must know, every
/// ply, whether the game has ended on the board, unless it proves a legal
/// move exists more cheaply (as the arbiter does).
fn bare_with_move_generation(game: &Game) {
    replay(game, true);
}

/// The bare replay, generating the legal moves after each ply when
/// `generate` says so.
fn replay(game: &Game, generate: bool) {
    let mut position = game.start.position().clone();
    let mut hash = position.zobrist_hash::<Zobrist64>(EnPassantMode::Legal);
    for &mv in &game.moves {
        assert!(position.is_legal(mv));
        let updated = position.update_zobrist_hash(hash, mv, EnPassantMode::Legal);
        position.play_unchecked(mv);
        hash = updated.unwrap_or_else(|| position.zobrist_hash(EnPassantMode::Legal));
        if generate {
            black_box(position.legal_moves().is_empty());
        }
    }
    black_box(hash);
}

/// The arbiter, asked for every verdict at every ply: endings, claims now
/// and the moves that support a claim on a written move (as moves, not
/// text; no FEN).
fn arbiter_verdicts(game: &Game) {
    let mut arbiter = Arbiter::new(&game.start, Edition::Fide2018);
    for &mv in &game.moves {
        arbiter.play_move(mv).unwrap();
        black_box((
            arbiter.endings(),
            arbiter.claims(),
            arbiter.threefold_on_move(),
            arbiter.fifty_moves_on_move(),
        ));
    }
}

/// The arbiter, asked for the full status record (FEN text included) at
/// every ply.
fn arbiter_records(game: &Game) {
    let mut arbiter = Arbiter::new(&game.start, Edition::Fide2018);
    for &mv in &game.moves {
        arbiter.play_move(mv).unwrap();
        black_box(arbiter.status());
    }
}

/// The arbiter as in [`arbiter_verdicts`], with Article 5.2.2 decided
/// exactly at every ply (`DeadRule::exact`: a search wherever the line of
/// the ply before cannot be carried over the move).
fn arbiter_exact_every_ply(game: &Game) {
    let mut arbiter =
        Arbiter::new(&game.start, Edition::Fide2018).with_dead_rule(DeadRule::exact());
    for &mv in &game.moves {
        // A game the material rule lets go on may be dead earlier.
        if arbiter.is_over() {
            break;
        }
        arbiter.play_move(mv).unwrap();
        black_box((arbiter.endings(), arbiter.claims()));
    }
}

/// Article 5.2.2 decided afresh at every ply by the full decision (the
/// reference's [`deadness_in`]) on top of the arbiter's verdicts: what the
/// arbiter's exact rule costs when it never carries a line over.
fn exact_every_ply_afresh(game: &Game) {
    let mut arbiter = Arbiter::new(&game.start, Edition::Fide2018);
    let mode = game.start.castling_mode();
    let dead = |arbiter: &Arbiter| deadness_in(arbiter.position(), mode, Budget::DEFAULT).is_dead();
    if dead(&arbiter) {
        return;
    }
    for &mv in &game.moves {
        arbiter.play_move(mv).unwrap();
        black_box((arbiter.endings(), arbiter.claims()));
        if !arbiter.is_over() && dead(&arbiter) {
            break;
        }
    }
}

/// How the arbiter's exact rule decided the plies of `games`: summed
/// [`DeadSearches`] (a line carried from the ply before, or the full
/// decision).
fn dead_searches(games: &[Game]) -> DeadSearches {
    let mut total = DeadSearches::default();
    for game in games {
        let mut arbiter =
            Arbiter::new(&game.start, Edition::Fide2018).with_dead_rule(DeadRule::exact());
        for &mv in &game.moves {
            if arbiter.is_over() {
                break;
            }
            arbiter.play_move(mv).unwrap();
        }
        let searches = arbiter.dead_searches();
        total.carried += searches.carried;
        total.searched += searches.searched;
    }
    total
}

/// The arbiter as in [`arbiter_verdicts`], then Article 5.2.2 decided
/// exactly on the last position only: the whole game's answer when that
/// position is alive (a dead position stays dead), which is how
/// `adjudicate --exact-dead-position` spends its search.
fn arbiter_then_exact_last(game: &Game) {
    arbiter_verdicts(game);
    let mut position = game.start.position().clone();
    for &mv in &game.moves {
        position.play_unchecked(mv);
    }
    black_box(deadness_in(
        &position,
        game.start.castling_mode(),
        Budget::DEFAULT,
    ));
}

/// The reference, asked for the full status record at every ply.
fn reference_records(game: &Game) {
    let mut reference = Reference::new(&game.start, Edition::Fide2018);
    for &mv in &game.moves {
        reference.play_move(mv).unwrap();
        black_box(drawrules::Rules::status(&reference));
    }
}

/// Generated games, cut where the game ends.
fn generated(count: usize) -> Vec<Game> {
    let mut seeded = SeededBytes::new(0xbe7c_4a11);
    (0..count)
        .map(|_| {
            let bytes = seeded.take(600);
            let scenario = Scenario::from_bytes(&bytes);
            let mut arbiter = Arbiter::new(&scenario.start, Edition::Fide2018);
            let moves = scenario
                .moves
                .iter()
                .copied()
                .take_while(|&mv| arbiter.play_move(mv).is_ok())
                .collect();
            Game {
                start: scenario.start,
                moves,
            }
        })
        .collect()
}

/// Decompresses an xz file with the system's `xz`; returns the text and the
/// time it took.
fn decompress(path: &Path) -> Option<(String, Duration)> {
    let started = Instant::now();
    let output = Command::new("xz").arg("-dc").arg(path).output().ok()?;
    let elapsed = started.elapsed();
    output.status.success().then(|| {
        (
            String::from_utf8_lossy(&output.stdout).into_owned(),
            elapsed,
        )
    })
}

/// The standard-chess games of a PGN text, main lines only, each cut at the
/// end of the game by the rules or at its first unreadable move.
fn parse_pgn(text: &str, limit: usize) -> Vec<Game> {
    let mut games = Vec::new();
    for record in text.split("\n\n[").take(limit) {
        let (tags, movetext) = record.split_once("\n\n").unwrap_or((record, ""));
        let variant = tag(tags, "Variant").map(str::to_ascii_lowercase);
        if matches!(variant.as_deref(), Some("fischerandom" | "chess960")) {
            continue;
        }
        let start = match tag(tags, "FEN") {
            Some(fen) => match StartPosition::from_fen(fen) {
                Ok(start) => start,
                Err(_) => continue,
            },
            None => StartPosition::standard(),
        };
        let mut position = start.position().clone();
        let mut arbiter = Arbiter::new(&start, Edition::Fide2018);
        let mut moves = Vec::new();
        for token in tokens(movetext) {
            let Ok(san) = token.parse::<shakmaty::san::SanPlus>() else {
                break;
            };
            let Ok(mv) = San::to_move(san.san, &position) else {
                break;
            };
            if arbiter.play_move(mv).is_err() {
                break;
            }
            position.play_unchecked(mv);
            moves.push(mv);
        }
        games.push(Game { start, moves });
    }
    games
}

fn tag<'a>(tags: &'a str, name: &str) -> Option<&'a str> {
    let prefix = format!("{name} \"");
    tags.lines().find_map(|line| {
        let line = line.trim_start_matches('[');
        line.strip_prefix(&prefix)?.split('"').next()
    })
}

/// Move tokens of a movetext: comments, variations, NAGs, move numbers and
/// results removed.
fn tokens(movetext: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut in_comment = false;
    for word in movetext.split_whitespace() {
        if in_comment {
            in_comment = !word.contains('}');
            continue;
        }
        if word.starts_with('{') {
            in_comment = !word.contains('}');
            continue;
        }
        depth += word.matches('(').count();
        let closing = word.matches(')').count();
        if depth > 0 {
            depth = depth.saturating_sub(closing);
            continue;
        }
        let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if word.is_empty()
            || word.starts_with('$')
            || matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*")
        {
            continue;
        }
        out.push(word);
    }
    out
}

struct Row {
    name: &'static str,
    work: fn(&Game),
    /// 0: every game; otherwise the first `sample / share` games, where
    /// `sample` is what [`report`] is given for the slow rows.
    share: usize,
}

const ROWS: [Row; 8] = [
    Row {
        name: "bare shakmaty (legal check + play + Zobrist)",
        work: bare,
        share: 0,
    },
    Row {
        name: "bare + shakmaty's legal_moves() every ply",
        work: bare_with_move_generation,
        share: 0,
    },
    Row {
        name: "arbiter, endings + claims every ply",
        work: arbiter_verdicts,
        share: 0,
    },
    Row {
        name: "arbiter, full status record every ply",
        work: arbiter_records,
        share: 0,
    },
    Row {
        name: "reference, full status record every ply",
        work: reference_records,
        share: 1,
    },
    Row {
        name: "arbiter + exact 5.2.2 on the last position",
        work: arbiter_then_exact_last,
        share: 1,
    },
    Row {
        name: "arbiter, exact 5.2.2 every ply",
        work: arbiter_exact_every_ply,
        share: 10,
    },
    Row {
        name: "exact 5.2.2 every ply, searched afresh",
        work: exact_every_ply_afresh,
        share: 10,
    },
];

/// Whether the row called `name` is run under `filter` (words of the
/// command line): when there is none, or the name contains one.
fn chosen(name: &str, filter: &[String]) -> bool {
    filter.is_empty() || filter.iter().any(|word| name.contains(word.as_str()))
}

/// Times the rows [`chosen`] by `filter` (the first, bare shakmaty,
/// always: the ratios are against it) on `games`, the slow rows on the
/// first `sample / share` of them.
fn report(title: &str, games: &[Game], sample: usize, filter: &[String]) {
    let total = plies(games);
    println!("\n{title}: {} games, {total} plies", games.len());
    println!("{:<48} {:>14} {:>10}", "", "plies/s", "vs bare");
    let mut bare_rate = 0.0;
    for (index, row) in ROWS.iter().enumerate() {
        if index > 0 && !chosen(row.name, filter) {
            continue;
        }
        let games = match row.share {
            0 => games,
            share => &games[..(sample / share).max(1).min(games.len())],
        };
        let elapsed = time(games, 3, row.work);
        let rate = plies(games) as f64 / elapsed.as_secs_f64();
        if bare_rate == 0.0 {
            bare_rate = rate;
        }
        println!("{:<48} {:>14.0} {:>9.2}x", row.name, rate, bare_rate / rate);
        if row.name == "arbiter, exact 5.2.2 every ply" {
            let searches = dead_searches(games);
            println!(
                "{:<48} {:>14}",
                "  plies carried a line / searched afresh",
                format!("{} / {}", searches.carried, searches.searched)
            );
        }
    }
}

/// What `cargo test --benches` runs (the binary without `--bench`): every
/// row's work, once, on a few generated games and on 300 more written out
/// as PGN and read back, each of which must replay to its end.
fn smoke() {
    let text = drawrules_scenario::pgn_text::generated_pgn(300, 0xbe7c_4a11);
    let read = parse_pgn(&text, usize::MAX);
    assert!(read.len() > 200, "{} standard games read back", read.len());
    let games: Vec<Game> = generated(20).into_iter().chain(read).collect();
    for row in &ROWS {
        // A search per ply: a few games show that the row works.
        let few = if row.share > 1 { 5 } else { games.len() };
        for game in &games[..few] {
            (row.work)(game);
        }
    }
    println!(
        "throughput smoke run: {} games, {} plies through every row",
        games.len(),
        plies(&games)
    );
}

fn main() {
    // `cargo test --benches` runs bench binaries with `--bench` absent: a
    // quick run that checks the work instead of timing it.
    if !std::env::args().any(|arg| arg == "--bench") {
        smoke();
        return;
    }
    println!(
        "machine: {} cores",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    // `cargo bench --bench throughput -- exact claims`: only the rows whose
    // name contains `exact` or `claims` (and bare shakmaty); every row when
    // no word is given.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with("--"))
        .collect();

    let games = generated(2_000);
    report("generated games", &games, 300, &filter);

    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    for (file, limit) in [
        ("tcec-compact.pgn.xz", 4_000),
        ("lichess-elite-2013-2015.pgn.xz", 4_000),
    ] {
        let path = data.join(file);
        let Some((text, unpacking)) = decompress(&path) else {
            println!("\n{file}: not found or not decompressible, skipped");
            continue;
        };
        let started = Instant::now();
        let games = parse_pgn(&text, limit);
        let parsing = started.elapsed();
        println!(
            "\n{file}: xz -dc {:.2} s for {} MB; SAN parsing of {} games {:.2} s (not timed below)",
            unpacking.as_secs_f64(),
            text.len() / 1_000_000,
            games.len(),
            parsing.as_secs_f64()
        );
        report(file, &games, 150, &filter);
    }

    // Games of exactly 200 plies, as the fuzzers and verifiers replay them.
    let long: Vec<Game> = generated(4_000)
        .into_iter()
        .chain(
            decompress(&data.join("tcec-compact.pgn.xz"))
                .map(|(text, _)| parse_pgn(&text, 3_000))
                .unwrap_or_default(),
        )
        .filter(|game| game.moves.len() >= 200)
        .map(|mut game| {
            game.moves.truncate(200);
            game
        })
        .take(200)
        .collect();
    if !long.is_empty() {
        println!("\n200-ply games ({} of them), games/s:", long.len());
        // The exact 5.2.2 rows: their per-game cost is in the tables above.
        let rows = ROWS.iter().enumerate().filter(|(index, row)| {
            !row.name.contains("exact") && (*index == 0 || chosen(row.name, &filter))
        });
        for (_, row) in rows {
            let elapsed = time(&long, 3, row.work);
            println!(
                "{:<48} {:>14.1}",
                row.name,
                long.len() as f64 / elapsed.as_secs_f64()
            );
        }
    }
}
