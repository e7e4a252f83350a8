//! The lexer against the `pgn-reader` model: the same game from every
//! stretch of real databases, of damaged text and of random mutations.

use super::{model, parse_segment};
use crate::game::PgnGame;
use crate::units::Units;
use crate::{Limits, decompressed};
use drawrules::laws::GameResult;

/// Both readings of one stretch, which must be the same game.
fn agree(text: &[u8]) {
    for max_plies in [usize::MAX, 3] {
        let mut ours = PgnGame::default();
        parse_segment(text, &mut ours, max_plies);
        let mut model = PgnGame::default();
        model::parse_segment(text, &mut model, max_plies);
        assert_eq!(
            (
                &ours.tags,
                &ours.moves,
                ours.termination,
                &ours.syntax_error
            ),
            (
                &model.tags,
                &model.moves,
                model.termination,
                &model.syntax_error
            ),
            "max plies {max_plies}, text {:?}",
            String::from_utf8_lossy(text)
        );
    }
}

/// Every stretch the scanner cuts from `text`: how many.
fn agree_on_every_stretch(text: &[u8]) -> usize {
    let mut stretches = 0;
    for unit in Units::new(text, Limits::default()) {
        let unit = unit.expect("in memory");
        for segment in unit.segments() {
            agree(&unit.text[segment]);
            stretches += 1;
        }
    }
    stretches
}

#[test]
fn generated_games_read_the_same() {
    let text = drawrules_scenario::pgn_text::generated_pgn(300, 37);
    assert_eq!(agree_on_every_stretch(text.as_bytes()), 300);
}

#[test]
#[ignore = "needs ../shared/data"]
fn the_lichess_sample_reads_the_same() {
    let text = drawrules_scenario::shared::lichess_sample().expect("the shared games");
    assert_eq!(
        agree_on_every_stretch(text.as_bytes()),
        drawrules_scenario::shared::LICHESS_SAMPLE_GAMES
    );
}

#[test]
#[ignore = "needs ../shared/data (the shared game collections); CI runs it"]
fn the_shared_databases_read_the_same() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data");
    for (file, games) in [
        ("tcec-compact.pgn.xz", 27_000),
        ("lichess-elite-2013-2015.pgn.xz", 13_000),
    ] {
        let raw = std::fs::read(format!("{data}/{file}")).expect("shared data");
        let mut text = Vec::new();
        std::io::Read::read_to_end(
            &mut decompressed(std::io::Cursor::new(raw)).expect("xz"),
            &mut text,
        )
        .expect("decompressed");
        let stretches = agree_on_every_stretch(&text);
        assert!(stretches > games, "{file}: {stretches} stretches");
    }
}

/// Texts that go wrong in every way the grammar knows.
const DAMAGED: &[&str] = &[
    "",
    "\u{feff}[Event \"x\"]\n\n1. e4 e5 1-0",
    "[Event \"unterminated",
    "[Event \"a\\\"quoted\\\\\"]\n[White \"line\nbreak\"]\n\n1. e4 *",
    "[Event]\n[ White \"spaced\" ]\n[Black\"tight\"]\n\n1. d4 *",
    "[Event \"x\"] [Site \"y\"]\n1. e4 {open comment",
    "1. e4 { closed } e5 ; to the end\n2. Nf3 (2. Nc3 (2. f4) {(}) Nc6 *",
    "1. e4 (unterminated variation 2. d4",
    "1. e4 e5 *({ after the marker\n\n[Event \"next\"]\n\n1. d4 *",
    "1. e4 $1 $ $23x !! ?! !? ?? ! ? e5 1/2-1/2",
    "1. O-O 0-0 0-0-0+ 0-0# O-O-O# 0- 0-x 1- 1/ 1/2- 1/2-1 ½-½ ½ – — *",
    "1-0 1. e4 0-1 e5 *",
    "1. e4e5 Nf3x Nf9 e4. Qxf7#+ exd6e.p. e8=Q+ a1=K *",
    "1. e4\n%escaped line\n2. e5\r\n\r\n3. Nf3 *",
    "1. e4\r\n[Event \"next\"]\n1. d4 *",
    "12345. 67... e4 1... e5 2.Nf3 *",
    "(((((( *",
    "))) e4 *",
    "1. e4 (\n%x\n) e5 (\n\n) *",
    "1. e4 (\r\n) *",
    "\u{0}\u{1}\u{ff} \u{7f}[\"\"] *",
    "[A \"\\",
    "[A \"\\\"",
    "[A \"x\\\n\"]\n e4 *",
    "[\n\n1. e4 *",
    "1. e4 {}{}{ } *",
    "--- -- Z0 @ 1. P@e4 N@f3 *",
];

#[test]
fn a_tag_line_longer_than_pgn_readers_buffer_is_read_whole() {
    // The one difference from `pgn-reader`, on purpose: it may call a tag
    // line over 255 bytes unterminated, depending on where its buffer
    // stands; the lexer reads it whole, and the game goes on.
    let event = "x".repeat(2_000);
    let text = format!("[Event \"{event}\"]\n[White \"A\"]\n\n1. e4 e5 1-0\n");
    let mut game = PgnGame::default();
    parse_segment(text.as_bytes(), &mut game, usize::MAX);
    assert_eq!(game.syntax_error, None);
    assert_eq!(game.tags.event.as_deref(), Some(event.as_str()));
    assert_eq!(game.tags.white.as_deref(), Some("A"));
    assert_eq!(game.moves.len(), 2);
    assert_eq!(game.termination, Some(GameResult::WhiteWins));
}

#[test]
fn damaged_texts_read_the_same() {
    for text in DAMAGED {
        agree(text.as_bytes());
    }
}

/// A small deterministic generator (xorshift): the mutations are the same
/// on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n.max(1) as u64).unwrap_or(0)
    }
}

#[test]
fn mutated_games_read_the_same() {
    let sample = drawrules_scenario::pgn_text::generated_pgn(300, 41).into_bytes();
    let games: Vec<&[u8]> = sample
        .split(|&b| b == b'\n')
        .collect::<Vec<_>>()
        .chunks(24)
        .map(|lines| {
            let start = lines[0].as_ptr() as usize - sample.as_ptr() as usize;
            let last = lines[lines.len() - 1];
            let end = last.as_ptr() as usize - sample.as_ptr() as usize + last.len();
            &sample[start..end]
        })
        .collect();
    let pieces: &[&[u8]] = &[
        b"{",
        b"}",
        b"(",
        b")",
        b"[",
        b"]",
        b"\"",
        b"\\",
        b";",
        b"%",
        b"$",
        b"!",
        b"?",
        b"*",
        b".",
        b" ",
        b"\n",
        b"\r",
        b"\n\n",
        b"\n[",
        b"0-1",
        b"1-0",
        b"1/2-1/2",
        b"0-0",
        b"O-O-O",
        b"\xc2\xbd-\xc2\xbd",
        b"\xe2\x80\x93",
        b"e4",
        b"Nf3",
        b"x",
        b"=Q",
        b"+",
        b"#",
        b"12.",
        b"\xef\xbb\xbf",
        b"\xff",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut mutated = 0;
    for round in 0..4_000 {
        let base = games[round % games.len()];
        let mut text = base.to_vec();
        for _ in 0..=rng.below(4) {
            let at = rng.below(text.len() + 1);
            match rng.below(3) {
                0 => {
                    let piece = pieces[rng.below(pieces.len())];
                    text.splice(at..at, piece.iter().copied());
                }
                1 => {
                    let end = (at + rng.below(12)).min(text.len());
                    text.drain(at..end);
                }
                _ => text.truncate(at),
            }
        }
        agree(&text);
        mutated += 1;
    }
    assert_eq!(mutated, 4_000);
}
