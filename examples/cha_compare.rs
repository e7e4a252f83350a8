//! Our Article 5.2.2 decision against the Chess Unwinnability Analyzer
//! (CHA), side by side on the same positions: a tool a maintainer runs, not
//! a test (CHA is not part of the project; see
//! `../shared/anchors/cha/README.md` for bringing and building it).
//!
//! ```text
//! cargo run --release --example cha_compare -- --cha /path/to/cha \
//!     [--seed 14] [--count 400] [--games 2000] [--data ../shared/data] \
//!     [--vector ../shared/anchors/cha/test-vector.txt] [--list 20] \
//!     [--per-material 4]
//! ```
//!
//! Families: CHA's published test positions (read where they are kept),
//! locked pawn structures and small endgames from
//! `drawrules_scenario::positions` (`--count` each, from `--seed`), every
//! material of three to six men (the kings and one to four of knight,
//! bishop, rook, queen and pawn of either colour, 1,000 materials) placed
//! at random `--per-material` times, and from the first `--games` games of
//! each shared game file the final positions (checkmates left out) and the
//! positions ten plies before the end. Each side of each position is asked of both
//! tools: can it ever checkmate? Prints a Markdown table per family (sides
//! decided by each, agreement, the undetermined, time per side: median, worst, total), then every
//! side on which the tools disagree, the first `--list` sides CHA
//! decides and we leave undetermined, our `--list` slowest sides, and per
//! family how many of our sides cost more than CHA's worst side of that
//! family (with the first `--list` of them), first on one timing, then
//! with each of those sides and CHA's worst side of the family timed three
//! more times, the best of each counting (one timing swings by up to a
//! third on a busy machine). Exits 1 when the tools disagree on a
//! side both decide.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use drawrules::mating::{Budget, Mating};
use drawrules::unwinnable::can_ever_mate_in;
use drawrules_pgn::{Games, Variant, open};
use drawrules_scenario::positions::{Placement, endgame, locked};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};

struct Options {
    cha: PathBuf,
    seed: u64,
    count: usize,
    games: usize,
    data: PathBuf,
    vector: PathBuf,
    list: usize,
    per_material: usize,
}

fn options() -> Options {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared");
    let mut options = Options {
        cha: PathBuf::new(),
        seed: 14,
        count: 400,
        games: 2000,
        data: shared.join("data"),
        vector: shared.join("anchors/cha/test-vector.txt"),
        list: 20,
        per_material: 4,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().unwrap_or_else(|| usage(&arg));
        let number = || value.parse::<usize>().unwrap_or_else(|_| usage(&arg));
        match arg.as_str() {
            "--cha" => options.cha = PathBuf::from(&value),
            "--seed" => options.seed = number() as u64,
            "--count" => options.count = number(),
            "--games" => options.games = number(),
            "--data" => options.data = PathBuf::from(&value),
            "--vector" => options.vector = PathBuf::from(&value),
            "--list" => options.list = number(),
            "--per-material" => options.per_material = number(),
            _ => usage(&arg),
        }
    }
    if options.cha.as_os_str().is_empty() {
        usage("--cha");
    }
    options
}

fn usage(arg: &str) -> ! {
    eprintln!(
        "cha_compare: bad or missing argument {arg:?}; usage: cha_compare --cha PATH \
         [--seed N] [--count N] [--games N] [--data DIR] [--vector FILE] [--list N] \
         [--per-material N]"
    );
    std::process::exit(64)
}

/// A tool's answer for one side: winnable (a helpmate exists),
/// unwinnable, or undetermined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    Winnable,
    Unwinnable,
    Undetermined,
}

/// The positions of one family.
struct Family {
    name: String,
    positions: Vec<Chess>,
}

fn fen(position: &Chess) -> String {
    Fen::from_position(position, EnPassantMode::Legal).to_string()
}

/// CHA's published positions, read where they are kept.
fn test_vector(path: &Path) -> Family {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let positions = text
        .lines()
        .filter(|line| !line.starts_with('#') && line.len() > 3)
        .filter_map(|line| {
            let fen: Fen = line[3..].trim().parse().ok()?;
            fen.into_position(CastlingMode::Standard).ok()
        })
        .collect();
    Family {
        name: format!("CHA test vector ({})", path.display()),
        positions,
    }
}

/// From the first `games` games of the PGN file at `path`: the final
/// positions (checkmates left out), and the positions `back` plies before
/// the end (games at least that long).
fn from_games(path: &Path, games: usize, back: usize) -> [Family; 2] {
    let mut finals = Vec::new();
    let mut earlier = Vec::new();
    if let Ok(input) = open(path) {
        for game in Games::new(input).take(games).flatten() {
            if !matches!(game.variant(), Ok(Variant::Standard)) {
                continue;
            }
            let Ok(start) = game.start() else { continue };
            let mut position = start.position().clone();
            let mut played = vec![position.clone()];
            let replayed = game
                .moves
                .iter()
                .all(|san| match san.san.to_move(&position) {
                    Ok(mv) => {
                        position.play_unchecked(mv);
                        played.push(position.clone());
                        true
                    }
                    Err(_) => false,
                });
            if !replayed {
                continue;
            }
            if !position.is_checkmate() {
                finals.push(position);
            }
            if played.len() > back {
                earlier.push(played[played.len() - 1 - back].clone());
            }
        }
    }
    let file = path.file_name().unwrap_or_default().to_string_lossy();
    [
        Family {
            name: format!("final positions of {file}"),
            positions: finals,
        },
        Family {
            name: format!("{back} plies before the end, {file}"),
            positions: earlier,
        },
    ]
}

/// Every material of the kings and one to four more men (knight, bishop,
/// rook, queen or pawn of either colour), each placed at random `per`
/// times (pawns off the first and last ranks; positions shakmaty accepts
/// as legal, with a legal move, either side to move).
fn materials(per: usize, seed: u64) -> Family {
    const MEN: [char; 10] = ['N', 'B', 'R', 'Q', 'P', 'n', 'b', 'r', 'q', 'p'];
    let mut sets: Vec<Vec<char>> = Vec::new();
    fn extend(from: usize, set: &mut Vec<char>, sets: &mut Vec<Vec<char>>) {
        if !set.is_empty() {
            sets.push(set.clone());
        }
        if set.len() == 4 {
            return;
        }
        for (index, &man) in MEN.iter().enumerate().skip(from) {
            set.push(man);
            extend(index, set, sets);
            set.pop();
        }
    }
    extend(0, &mut Vec::new(), &mut sets);
    let mut state = seed | 1;
    let mut below = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut positions = Vec::new();
    for set in &sets {
        let mut placed = 0;
        let mut tries = 0;
        while placed < per && tries < 100 * per {
            tries += 1;
            let mut board = Placement::empty();
            for man in ['K', 'k'].iter().chain(set) {
                loop {
                    let square = below(64);
                    let back_rank = !(8..56).contains(&square);
                    if board.is_empty(square) && !(back_rank && man.eq_ignore_ascii_case(&'p')) {
                        board.put(square, *man);
                        break;
                    }
                }
            }
            if let Some(position) = board.position(below(2) == 0) {
                positions.push(position);
                placed += 1;
            }
        }
    }
    Family {
        name: format!(
            "materials of 3 to 6 men ({} materials, {per} placements each)",
            sets.len()
        ),
        positions,
    }
}

/// The query line for `fen` and `side`, as CHA reads it and echoes it.
fn query_line(fen: &str, side: Color) -> String {
    format!(
        "{fen} {}",
        if side == Color::White {
            "white"
        } else {
            "black"
        }
    )
}

/// CHA's labels and times for every `(fen, side)` query, in order, matched
/// by the query CHA echoes at the end of each answer; a query it does not
/// answer counts as undetermined and is listed in `unanswered`.
fn ask_cha(
    cha: &Path,
    queries: &[(String, Color)],
    unanswered: &mut Vec<String>,
) -> Vec<(Label, f64)> {
    let mut child = Command::new(cha)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|err| panic!("cannot run {}: {err}", cha.display()));
    let mut stdin = child.stdin.take().expect("piped");
    let lines: Vec<String> = queries
        .iter()
        .map(|(fen, side)| query_line(fen, *side) + "\n")
        .collect();
    let writer = std::thread::spawn(move || {
        for line in lines {
            if stdin.write_all(line.as_bytes()).is_err() {
                break;
            }
        }
    });
    let stdout = BufReader::new(child.stdout.take().expect("piped"));
    let mut answers: HashMap<String, (Label, f64)> = HashMap::new();
    for line in stdout.lines().map_while(Result::ok) {
        // CHA also prints a banner and a summary: only answer lines count.
        let label = match line.split_whitespace().next() {
            Some("winnable") => Label::Winnable,
            Some("unwinnable") => Label::Unwinnable,
            Some("undetermined") => Label::Undetermined,
            _ => continue,
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let time = words
            .iter()
            .position(|&w| w == "time")
            .and_then(|at| words.get(at + 1))
            .and_then(|t| t.parse::<f64>().ok())
            .unwrap_or(0.0);
        let echoed = line
            .rsplit_once('(')
            .map(|(_, query)| query.trim_end_matches(')').to_owned())
            .unwrap_or_default();
        answers.insert(echoed, (label, time));
    }
    let _ = writer.join();
    let _ = child.wait();
    queries
        .iter()
        .map(|(fen, side)| {
            let line = query_line(fen, *side);
            answers.get(&line).copied().unwrap_or_else(|| {
                unanswered.push(line);
                (Label::Undetermined, 0.0)
            })
        })
        .collect()
}

fn ours(position: &Chess, side: Color) -> (Label, f64) {
    let started = Instant::now();
    let verdict = can_ever_mate_in(position, side, CastlingMode::Standard, Budget::DEFAULT);
    let micros = started.elapsed().as_secs_f64() * 1e6;
    let label = match verdict {
        Mating::Possible { .. } => Label::Winnable,
        Mating::Impossible { .. } => Label::Unwinnable,
        Mating::Undetermined => Label::Undetermined,
    };
    (label, micros)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(0.0)
}

/// One family's sides that cost us more than CHA's worst side of it.
struct Costlier {
    family: String,
    /// CHA's worst time on the family, in ms.
    cha_max: f64,
    /// Our time in ms and the side, slowest first.
    over: Vec<(f64, String)>,
    /// The same after timing again (see [`retimed`]): CHA's best on its
    /// worst side, and the sides still over it with our best.
    retimed: (f64, Vec<(f64, String)>),
}

/// How many times [`retimed`] times each side.
const TIMINGS: usize = 3;

/// The sides of `over` (indices into `queries`, each timed once above
/// `cha_max`) still over after timing again: CHA's worst side of the
/// family, `worst`, is asked of CHA [`TIMINGS`] more times and each side of
/// `over` is decided by us as many more times, and the best time of each
/// counts. One timing on this machine swings by up to a third, and a
/// single slow timing of either tool should not decide; the best of
/// several is what the side costs with nothing else in the way. Returns
/// CHA's best on `worst` in ms and the sides still over it, with our best.
fn retimed(
    cha: &Path,
    queries: &[(String, Color)],
    positions: &[Chess],
    (worst, cha_max): (usize, f64),
    over: &[(usize, f64)],
) -> (f64, Vec<(f64, String)>) {
    if over.is_empty() {
        return (cha_max, Vec::new());
    }
    // One query a run: CHA's answers are matched by the query they echo.
    let bar = (0..TIMINGS)
        .filter_map(|_| {
            let mut unanswered = Vec::new();
            let answer = ask_cha(cha, std::slice::from_ref(&queries[worst]), &mut unanswered);
            unanswered.is_empty().then(|| answer[0].1 / 1e3)
        })
        .fold(cha_max, f64::min);
    let mut still: Vec<(f64, String)> = over
        .iter()
        .map(|&(at, first)| {
            let best = (0..TIMINGS)
                .map(|_| ours(&positions[at / 2], queries[at].1).1 / 1e3)
                .fold(first, f64::min);
            (best, at)
        })
        .filter(|(best, _)| *best > bar)
        .map(|(best, at)| (best, side_ms(&queries[at], best)))
        .collect();
    still.sort_by(|x, y| y.0.total_cmp(&x.0));
    (bar, still)
}

/// A side and its time, as the lists of sides over CHA's worst print it.
fn side_ms((fen, side): &(String, Color), ms: f64) -> String {
    format!("{fen} {side:?}: {ms:.1} ms")
}

fn main() {
    let options = options();
    let mut families = vec![test_vector(&options.vector)];
    for (name, samples) in [
        ("locked", locked::generate(options.count, options.seed)),
        ("endgame", endgame::generate(options.count, options.seed)),
    ] {
        families.push(Family {
            name: format!("{name} (seed {}, {})", options.seed, options.count),
            positions: samples.into_iter().map(|s| s.position).collect(),
        });
    }
    families.push(materials(options.per_material, options.seed));
    for file in ["lichess-elite-2013-2015.pgn.xz", "tcec-compact.pgn.xz"] {
        families.extend(from_games(&options.data.join(file), options.games, 10));
    }
    println!(
        "| family | positions | sides | decided: ours | decided: CHA | agree | disagree | only ours | only CHA | undetermined: ours | undetermined: CHA | median ms: ours | median ms: CHA | max ms: ours | max ms: CHA | total ms: ours | total ms: CHA | total ratio |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    );
    let mut disagreements = Vec::new();
    let mut cha_only = Vec::new();
    let mut unanswered = Vec::new();
    let mut slowest: Vec<(f64, String)> = Vec::new();
    let mut costlier: Vec<Costlier> = Vec::new();
    for family in &families {
        let queries: Vec<(String, Color)> = family
            .positions
            .iter()
            .flat_map(|p| [(fen(p), Color::White), (fen(p), Color::Black)])
            .collect();
        let theirs = ask_cha(&options.cha, &queries, &mut unanswered);
        let ours: Vec<(Label, f64)> = family
            .positions
            .iter()
            .flat_map(|p| [ours(p, Color::White), ours(p, Color::Black)])
            .collect();
        let decided = |l: Label| l != Label::Undetermined;
        let count = |f: &dyn Fn(Label, Label) -> bool| {
            ours.iter()
                .zip(&theirs)
                .filter(|(a, b)| f(a.0, b.0))
                .count()
        };
        let agree = count(&|a, b| decided(a) && a == b);
        let disagree = count(&|a, b| decided(a) && decided(b) && a != b);
        for ((query, a), b) in queries.iter().zip(&ours).zip(&theirs) {
            if decided(a.0) && decided(b.0) && a.0 != b.0 {
                disagreements.push(format!(
                    "{} {:?}: ours {:?}, CHA {:?}",
                    query.0, query.1, a.0, b.0
                ));
            } else if !decided(a.0) && decided(b.0) && cha_only.len() < options.list {
                cha_only.push(format!("{} {:?}: CHA {:?}", query.0, query.1, b.0));
            }
        }
        for ((query, a), b) in queries.iter().zip(&ours).zip(&theirs) {
            slowest.push((
                a.1 / 1e3,
                format!(
                    "{} {:?}: ours {:?} in {:.1} ms, CHA {:?} in {:.3} ms",
                    query.0,
                    query.1,
                    a.0,
                    a.1 / 1e3,
                    b.0,
                    b.1 / 1e3
                ),
            ));
        }
        slowest.sort_by(|x, y| y.0.total_cmp(&x.0));
        slowest.truncate(options.list);
        let ms = |v: &[(Label, f64)]| v.iter().map(|x| x.1 / 1e3).collect::<Vec<f64>>();
        let (ours_ms, cha_ms) = (ms(&ours), ms(&theirs));
        let (ours_total, cha_total): (f64, f64) = (ours_ms.iter().sum(), cha_ms.iter().sum());
        let most = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
        let ours_max = most(&ours_ms);
        // CHA's worst side of the family (the first of equals).
        let worst = (0..cha_ms.len()).fold(0, |w, at| if cha_ms[at] > cha_ms[w] { at } else { w });
        let cha_max = cha_ms.get(worst).copied().unwrap_or(0.0);
        let over_at: Vec<(usize, f64)> = (0..queries.len())
            .filter(|&at| ours_ms[at] > cha_max)
            .map(|at| (at, ours_ms[at]))
            .collect();
        let mut over: Vec<(f64, String)> = over_at
            .iter()
            .map(|&(at, ms)| (ms, side_ms(&queries[at], ms)))
            .collect();
        over.sort_by(|x, y| y.0.total_cmp(&x.0));
        let retimed = retimed(
            &options.cha,
            &queries,
            &family.positions,
            (worst, cha_max),
            &over_at,
        );
        costlier.push(Costlier {
            family: family.name.clone(),
            cha_max,
            over,
            retimed,
        });
        println!(
            "| {} | {} | {} | {} | {} | {agree} | {disagree} | {} | {} | {} | {} | {:.3} | {:.3} | {:.1} | {:.1} | {:.0} | {:.0} | {:.1}x |",
            family.name,
            family.positions.len(),
            queries.len(),
            count(&|a, _| decided(a)),
            count(&|_, b| decided(b)),
            count(&|a, b| decided(a) && !decided(b)),
            count(&|a, b| !decided(a) && decided(b)),
            count(&|a, _| !decided(a)),
            count(&|_, b| !decided(b)),
            median(ours_ms),
            median(cha_ms),
            ours_max,
            cha_max,
            ours_total,
            cha_total,
            if cha_total > 0.0 {
                ours_total / cha_total
            } else {
                0.0
            },
        );
    }
    println!(
        "\n{} sides on which the tools disagree:",
        disagreements.len()
    );
    for line in &disagreements {
        println!("  {line}");
    }
    println!(
        "\n{} queries CHA did not answer (counted as undetermined for CHA):",
        unanswered.len()
    );
    for line in unanswered.iter().take(options.list) {
        println!("  {line}");
    }
    println!(
        "\nsides CHA decides and we leave undetermined (first {}):",
        options.list
    );
    for line in &cha_only {
        println!("  {line}");
    }
    println!("\nour slowest sides (first {}):", options.list);
    for (_, line) in &slowest {
        println!("  {line}");
    }
    println!(
        "\nour sides that cost more than CHA's worst side of their family (first {} a family):",
        options.list
    );
    for Costlier {
        family,
        cha_max,
        over,
        ..
    } in &costlier
    {
        println!("  {family}: {} sides over {cha_max:.1} ms", over.len());
        for (_, line) in over.iter().take(options.list) {
            println!("    {line}");
        }
    }
    println!(
        "\nthe same, each side timed {TIMINGS} more times by both tools, the best of each counting (CHA's worst side of the family, and each of our sides above):"
    );
    for Costlier {
        family, retimed, ..
    } in &costlier
    {
        let (bar, still) = retimed;
        println!("  {family}: {} sides over {bar:.1} ms", still.len());
        for (_, line) in still.iter().take(options.list) {
            println!("    {line}");
        }
    }
    if !disagreements.is_empty() {
        std::process::exit(1);
    }
}
