//! Damaged and hostile input: every class of damage, with the exact set of
//! games read, the errors and where they are.

use std::io::{Read, Write};

use drawrules_pgn::adjudicate::{AdjudicateOptions, GameFinding, adjudicate_source};
use drawrules_pgn::{Games, Limits, PgnGame, SourceError, decompressed};

use crate::util::{game, many};

/// The games of `text`: (event, syntax error or too long) per game, and
/// the source error at the end if any.
fn read(bytes: &[u8], limits: Limits) -> (Vec<(String, Option<String>)>, Option<String>) {
    let mut games = Vec::new();
    let mut failure = None;
    for item in Games::with_limits(bytes, limits) {
        match item {
            Ok(game) => games.push(summary(&game)),
            Err(err) => failure = Some(err.to_string()),
        }
    }
    (games, failure)
}

fn summary(game: &PgnGame) -> (String, Option<String>) {
    let problem = game.syntax_error.clone().or(game.too_long.clone());
    (game.tags.event.clone().unwrap_or_default(), problem)
}

fn good(names: &[&str]) -> Vec<(String, Option<String>)> {
    names.iter().map(|name| (name.to_string(), None)).collect()
}

#[test]
fn a_stray_variation_and_comment_after_the_marker_spoil_only_their_game() {
    let text = format!(
        "{}[Event \"B\"]\n\n1. e4 e5 *({{\n\n{}{}",
        game("A"),
        game("C"),
        game("D")
    );
    let (games, failure) = read(text.as_bytes(), Limits::default());
    assert_eq!(failure, None);
    assert_eq!(
        games,
        [
            ("A".into(), None),
            (
                "B".into(),
                Some("unterminated comment opened on line 8; reading goes on at the next tag section".into())
            ),
            ("C".into(), None),
            ("D".into(), None),
        ]
    );
}

#[test]
fn an_unterminated_comment_is_cut_at_the_next_tag_section() {
    let text = format!(
        "{}[Event \"B\"]\n\n1. e4 {{ never closed\n2. d4 *\n\n{}",
        game("A"),
        game("C")
    );
    let (games, failure) = read(text.as_bytes(), Limits::default());
    assert_eq!(failure, None);
    assert_eq!(games.len(), 3, "{games:?}");
    assert_eq!(games[0], ("A".into(), None));
    assert_eq!(
        games[1].1.as_deref(),
        Some("unterminated comment opened on line 8; reading goes on at the next tag section")
    );
    assert_eq!(games[2], ("C".into(), None));
    // A comment that only holds `[` lines that are not tags stays one.
    let text = "[Event \"A\"]\n\n1. e4 {\n[%clk 0:01:00]\n} e5 1-0\n\n[Event \"B\"]\n\n1. d4 *\n";
    let (games, _) = read(text.as_bytes(), Limits::default());
    assert_eq!(games, good(&["A", "B"]));
}

#[test]
fn an_unterminated_variation_is_reported_and_the_next_game_read() {
    let text = format!(
        "{}[Event \"B\"]\n\n1. e4 (1. d4 d5 2. c4 e5 *\n\n{}",
        game("A"),
        game("C")
    );
    let (games, failure) = read(text.as_bytes(), Limits::default());
    assert_eq!(failure, None);
    assert_eq!(
        games,
        [
            ("A".into(), None),
            (
                "B".into(),
                Some("unterminated variation opened on line 8".into())
            ),
            ("C".into(), None),
        ]
    );
}

#[test]
fn games_without_blank_lines_between_them_are_all_read() {
    let text = "[Event \"A\"]\n1. e4 e5 1-0\n[Event \"B\"]\n1. d4 d5 0-1\n[Event \"C\"]\n[Site \"x\"]\n1. c4 *";
    let (games, failure) = read(text.as_bytes(), Limits::default());
    assert_eq!(failure, None);
    assert_eq!(games, good(&["A", "B", "C"]));
}

#[test]
fn binary_garbage_is_one_bad_game_and_the_games_after_it_are_read() {
    let mut bytes = game("A").into_bytes();
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..100_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        // Never a line break followed by `[`: the garbage is one stretch.
        let byte = (state >> 24) as u8;
        bytes.push(if byte == b'[' { b'x' } else { byte });
    }
    bytes.extend_from_slice(b"\n\n");
    bytes.extend_from_slice(game("B").as_bytes());
    let limits = Limits {
        max_game_bytes: 10_000,
        ..Limits::default()
    };
    let (games, failure) = read(&bytes, limits);
    assert_eq!(failure, None);
    assert_eq!(games.first(), Some(&("A".into(), None)));
    assert_eq!(games.last(), Some(&("B".into(), None)));
    // Whatever the garbage reads as, it is never taken for a good game.
    assert!(
        games[1..games.len() - 1]
            .iter()
            .all(|(_, problem)| problem.is_some())
            || games.len() == 2,
        "{games:?}"
    );
}

#[test]
fn too_long_games_are_skipped_without_being_held() {
    let long = format!(
        "[Event \"Long\"]\n\n{}*\n\n",
        "Nf3 Nf6 Ng1 Ng8 ".repeat(100_000)
    );
    let text = format!("{}{long}{}", game("A"), game("B"));
    let (games, failure) = read(text.as_bytes(), Limits::default());
    assert_eq!(failure, None);
    assert_eq!(
        games,
        [
            ("A".into(), None),
            ("Long".into(), Some("more than 1048576 bytes".into())),
            ("B".into(), None),
        ]
    );
    let limits = Limits {
        max_plies: 100,
        ..Limits::default()
    };
    let long = format!("[Event \"Long\"]\n\n{}*\n\n", "Nf3 Nf6 Ng1 Ng8 ".repeat(26));
    let text = format!("{}{long}{}", game("A"), game("B"));
    let (games, _) = read(text.as_bytes(), limits);
    assert_eq!(
        games[1],
        ("Long".into(), Some("more than 100 plies".into()))
    );
    assert_eq!(games[2], ("B".into(), None));
}

#[test]
fn a_game_over_a_small_byte_limit_is_skipped_however_the_text_is_read() {
    // The whole text fits in one read of the scanner, so the limit is
    // found only where the game's text is copied out in one piece.
    let long = format!("[Event \"Long\"]\n\n{}*\n\n", "Nf3 Nf6 Ng1 Ng8 ".repeat(20));
    let text = format!("{}{long}{}", game("A"), game("B"));
    for max_game_bytes in [100, 300] {
        let limits = Limits {
            max_game_bytes,
            ..Limits::default()
        };
        let (games, failure) = read(text.as_bytes(), limits);
        assert_eq!(failure, None);
        assert_eq!(
            games,
            [
                ("A".into(), None),
                (
                    "Long".into(),
                    Some(format!("more than {max_game_bytes} bytes"))
                ),
                ("B".into(), None),
            ]
        );
    }
    // A tag section alone over the limit: the game keeps nothing of it.
    let tags = format!(
        "[Event \"Long\"]\n[Annotator \"{}\"]\n\n1. e4 *\n\n",
        "x".repeat(200)
    );
    let text = format!("{}{tags}{}", game("A"), game("B"));
    let limits = Limits {
        max_game_bytes: 100,
        ..Limits::default()
    };
    let (games, failure) = read(text.as_bytes(), limits);
    assert_eq!(failure, None);
    assert_eq!(games.len(), 3, "{games:?}");
    assert_eq!(games[1].1.as_deref(), Some("more than 100 bytes"));
    assert_eq!(games[2], ("B".into(), None));
}

/// The games of a compressed text cut at `cut` bytes: the number read, the
/// source error, and the number of whole games in what the decoder gives
/// before failing.
fn cut_stream(compressed: &[u8], cut: usize) -> (usize, Option<String>, usize) {
    let mut decoded = Vec::new();
    let mut input = decompressed(std::io::Cursor::new(compressed[..cut].to_vec())).unwrap();
    let mut chunk = [0u8; 4096];
    while let Ok(read @ 1..) = input.read(&mut chunk) {
        decoded.extend_from_slice(&chunk[..read]);
    }
    // A game is whole once its termination marker is there.
    let whole = String::from_utf8_lossy(&decoded)
        .matches("Qxf7# 1-0")
        .count();
    let input = decompressed(std::io::Cursor::new(compressed[..cut].to_vec())).unwrap();
    let mut names = Vec::new();
    let mut failure = None;
    for item in Games::new(input) {
        match item {
            Ok(game) => {
                assert_eq!(game.syntax_error, None);
                names.push(game.tags.event.unwrap());
            }
            Err(SourceError { after_game, .. }) => failure = Some(after_game.to_string()),
        }
    }
    let expected: Vec<String> = (1..=names.len()).map(|n| n.to_string()).collect();
    assert_eq!(names, expected, "games in order, none skipped");
    (names.len(), failure, whole)
}

#[test]
fn every_whole_game_before_a_cut_in_a_compressed_stream_is_read() {
    let text = many(20_000);
    let mut xz = Vec::new();
    let mut encoder = liblzma::write::XzEncoder::new(&mut xz, 6);
    encoder.write_all(text.as_bytes()).unwrap();
    encoder.finish().unwrap();
    let zst = zstd::encode_all(text.as_bytes(), 3).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(text.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    for (name, stream) in [("xz", &xz), ("zst", &zst), ("gz", &gz)] {
        for cut in [stream.len() / 2, stream.len() * 9 / 10] {
            let (read, failure, whole) = cut_stream(stream, cut);
            assert_eq!(read, whole, "{name} cut at {cut}");
            assert!(read > 0, "{name}");
            assert_eq!(failure, Some(read.to_string()), "{name}: then the error");
        }
    }
    // Only the end of the xz stream (its index and footer) cut: every game
    // was decoded, and every game is read.
    let (read, failure, _) = cut_stream(&xz, xz.len() - 20);
    assert_eq!((read, failure), (20_000, Some("20000".into())));
}

/// What `adjudicate` says of each game of `text` on `threads` threads:
/// its event, line and findings.
fn adjudicated(text: &str, threads: usize) -> Vec<(Option<String>, u64, Vec<GameFinding>)> {
    let options = AdjudicateOptions {
        threads,
        ..AdjudicateOptions::default()
    };
    let mut reports = Vec::new();
    adjudicate_source("mac.pgn", text.as_bytes(), &options, |report, _| {
        reports.push((report.event.clone(), report.line, report.findings.clone()));
    })
    .unwrap();
    reports
}

#[test]
fn classic_mac_line_breaks_keep_each_games_tags_apart() {
    // Carriage returns alone between lines (classic Mac OS text): every
    // game is read with its own tags and the line it starts on, by the
    // reader and by adjudicate on one thread and on several, as the same
    // text with line feeds is.
    let unix = format!("{}{}{}", game("A"), game("B"), game("C"));
    let mac = unix.replace('\n', "\r");
    let games: Vec<PgnGame> = Games::new(mac.as_bytes()).map(Result::unwrap).collect();
    let read: Vec<(Option<String>, u64, usize)> = games
        .iter()
        .map(|game| (game.tags.event.clone(), game.line, game.moves.len()))
        .collect();
    assert_eq!(
        read,
        [
            (Some("A".to_owned()), 1, 7),
            (Some("B".to_owned()), 6, 7),
            (Some("C".to_owned()), 11, 7)
        ]
    );
    for threads in [1, 2] {
        let reports = adjudicated(&mac, threads);
        let events: Vec<(Option<String>, u64)> = reports
            .iter()
            .map(|(event, line, _)| (event.clone(), *line))
            .collect();
        assert_eq!(
            events,
            [
                (Some("A".to_owned()), 1),
                (Some("B".to_owned()), 6),
                (Some("C".to_owned()), 11)
            ],
            "{threads} threads"
        );
        assert_eq!(reports, adjudicated(&unix, threads), "{threads} threads");
    }
}
