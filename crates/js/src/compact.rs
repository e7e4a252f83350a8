//! The records as they cross to JavaScript: numbers, the moves' codes
//! and one text, which the package's wrapper (js/src/records.js) makes
//! the protocol's objects again. Each record is [`FIELDS`] numbers:
//! `ply`, `clock`, `repetition`, `ended`, `undetermined`, `result`,
//! `claims`, where its FEN ends in the text (each starts where the one
//! before it ends), and how many moves its threefold-repetition and its
//! fifty-moves lists hold. A list of endings or claims is packed in its
//! order, three bits an entry: the entry's place in [`Ending::ALL`] or
//! [`Claim::ALL`] plus one; `result` is its place in [`RESULTS`].
//!
//! The moves of the lists are [`codes`](Crossing::codes), every record's
//! in turn, each list in its order: a UCI move's code is its from square
//! plus 64 times its to square plus 4,096 times its promotion's place in
//! `nbrqk` plus one (squares counted from a1 = 0, along the ranks). A
//! text that is no such move (none the arbiter writes) crosses as it is:
//! its code is [`SPELLED`] plus its place among such texts, which follow
//! the last FEN in the text, each ended by a newline. JavaScript then
//! makes each FEN a slice of the one text and each move the one string a
//! code maps to, which costs a fraction of splitting texts, and a third
//! of parsing the records as JSON (js/benches/speed.mjs).

use drawrules::{Claim, Ending, GameResult, Status};

/// Numbers a record takes.
pub const FIELDS: usize = 10;

/// The results, in the order their codes count.
pub const RESULTS: [GameResult; 4] = [
    GameResult::Ongoing,
    GameResult::WhiteWins,
    GameResult::BlackWins,
    GameResult::Draw,
];

/// The first code of a move that crosses as its text (no UCI move's
/// code reaches it).
pub const SPELLED: u32 = 6 * 4096;

/// The promotions, in the order their codes count (after none).
pub const PROMOTIONS: &[u8; 5] = b"nbrqk";

/// Records ready to cross: the wrapper takes the numbers, the codes and
/// the text.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Crossing {
    /// [`FIELDS`] numbers a record.
    pub numbers: Vec<u32>,
    /// The moves of every record's lists.
    pub codes: Vec<u32>,
    /// The FENs, one after the other, then the moves that cross as text
    /// (ASCII, so that a byte's offset is a character's).
    pub text: String,
    /// The moves that cross as text, in the order of their codes.
    spelled: Vec<String>,
}

/// `list` packed, three bits an entry, in its order.
fn packed<T: PartialEq>(list: &[T], all: &[T]) -> u32 {
    list.iter().enumerate().fold(0, |bits, (index, item)| {
        let code = all.iter().position(|known| known == item).unwrap_or(0) + 1;
        bits | ((code as u32) << (3 * index))
    })
}

/// The code of the UCI move `uci`, if it is one.
fn code(uci: &str) -> Option<u32> {
    let square = |file: u8, rank: u8| -> Option<u32> {
        let (file, rank) = (file.checked_sub(b'a')?, rank.checked_sub(b'1')?);
        (file < 8 && rank < 8).then_some(u32::from(file) + 8 * u32::from(rank))
    };
    let (from, to, promotion) = match *uci.as_bytes() {
        [a, b, c, d] => (square(a, b)?, square(c, d)?, 0),
        [a, b, c, d, p] => {
            let place = PROMOTIONS.iter().position(|&known| known == p)?;
            (square(a, b)?, square(c, d)?, place as u32 + 1)
        }
        _ => return None,
    };
    Some(from + 64 * to + 4096 * promotion)
}

/// The text's length as an offset.
fn end(text: &str) -> u32 {
    u32::try_from(text.len()).unwrap_or(u32::MAX)
}

impl Crossing {
    /// `records`, ready to cross.
    pub fn of(records: &[Status]) -> Crossing {
        let mut crossing = Crossing {
            numbers: Vec::with_capacity(records.len() * FIELDS),
            codes: Vec::new(),
            text: String::with_capacity(records.len() * 64),
            spelled: Vec::new(),
        };
        for record in records {
            crossing.push(record);
        }
        for spelled in &crossing.spelled {
            crossing.text.push_str(spelled);
            crossing.text.push('\n');
        }
        crossing
    }

    /// Adds the codes of `moves`; how many.
    fn push_moves(&mut self, moves: &[String]) -> u32 {
        for uci in moves {
            let code = code(uci).unwrap_or_else(|| {
                let place = self.spelled.len();
                self.spelled.push(uci.clone());
                SPELLED.saturating_add(u32::try_from(place).unwrap_or(u32::MAX))
            });
            self.codes.push(code);
        }
        u32::try_from(moves.len()).unwrap_or(u32::MAX)
    }

    /// Adds `record`.
    fn push(&mut self, record: &Status) {
        self.text.push_str(&record.fen);
        let fen_end = end(&self.text);
        let threefold = self.push_moves(&record.claims_on_move.threefold_repetition);
        let fifty = self.push_moves(&record.claims_on_move.fifty_moves);
        let result = RESULTS.iter().position(|&known| known == record.result);
        self.numbers.extend([
            record.ply,
            record.clock,
            record.repetition,
            packed(&record.ended, &Ending::ALL),
            packed(&record.undetermined, &Ending::ALL),
            result.unwrap_or(0) as u32,
            packed(&record.claims, &Claim::ALL),
            fen_end,
            threefold,
            fifty,
        ]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use drawrules::{Arbiter, Judging, Notation, StartPosition};

    #[test]
    fn a_record_keeps_every_field_its_lists_in_their_order() {
        let mut arbiter = Arbiter::default();
        let start = StartPosition::standard();
        let mut judging =
            Judging::start(&mut arbiter, &start, Default::default(), Notation::UciOrSan).unwrap();
        for text in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
            judging.play(&mut arbiter, text).unwrap();
        }
        let last = judging.judgement().records.last().unwrap();
        let crossing = Crossing::of(std::slice::from_ref(last));
        let fen = "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 4";
        assert_eq!(crossing.text, fen);
        // f6 is square 45, g8 square 62.
        assert_eq!(crossing.codes, [45 + 64 * 62]);
        assert_eq!(
            crossing.numbers,
            [7, 7, 2, 0, 0, 0, 0, fen.len() as u32, 1, 0]
        );
    }

    #[test]
    fn every_kind_of_uci_move_has_its_own_code() {
        assert_eq!(code("a1a2"), Some(8 * 64));
        assert_eq!(code("e1g1"), Some(4 + 64 * 6));
        assert_eq!(code("e1h1"), Some(4 + 64 * 7));
        assert_eq!(code("h8h7"), Some(63 + 64 * 55));
        assert_eq!(code("a7a8n"), Some(48 + 64 * 56 + 4096));
        assert_eq!(code("a7a8q"), Some(48 + 64 * 56 + 4096 * 4));
        assert_eq!(code("h2h1k"), Some(15 + 64 * 7 + 4096 * 5));
        for text in ["", "0000", "Nf3", "e2e4x", "i2i4", "e9e4", "e2e4qq", "e2E4"] {
            assert_eq!(code(text), None, "{text}");
        }
    }

    #[test]
    fn a_move_with_no_code_crosses_as_its_text_after_the_fens() {
        let mut arbiter = Arbiter::default();
        let start = StartPosition::standard();
        let judging =
            Judging::start(&mut arbiter, &start, Default::default(), Notation::UciOrSan).unwrap();
        let mut record = judging.judgement().records[0].clone();
        record.claims_on_move.threefold_repetition = vec!["g1f3".into(), "Nf3".into()];
        record.claims_on_move.fifty_moves = vec!["0000".into(), "b1c3".into()];
        let crossing = Crossing::of(&[record.clone(), record]);
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(crossing.text, format!("{fen}{fen}Nf3\n0000\nNf3\n0000\n"));
        let (g1f3, b1c3) = (6 + 64 * 21, 1 + 64 * 18);
        assert_eq!(
            crossing.codes,
            [
                g1f3,
                SPELLED,
                SPELLED + 1,
                b1c3,
                g1f3,
                SPELLED + 2,
                SPELLED + 3,
                b1c3
            ]
        );
        let end = fen.len() as u32;
        assert_eq!(crossing.numbers[7..10], [end, 2, 2]);
        assert_eq!(crossing.numbers[17..20], [2 * end, 2, 2]);
    }

    #[test]
    fn lists_are_packed_in_their_order() {
        let both = [Ending::Stalemate, Ending::SeventyFiveMoves];
        assert_eq!(packed(&both, &Ending::ALL), 2 | (5 << 3));
        let reversed = [Ending::SeventyFiveMoves, Ending::Stalemate];
        assert_eq!(packed(&reversed, &Ending::ALL), 5 | (2 << 3));
        let claims = [Claim::ThreefoldRepetition, Claim::FiftyMoves];
        assert_eq!(packed(&claims, &Claim::ALL), 1 | (2 << 3));
        assert_eq!(
            RESULTS.map(|result| result.to_string()),
            ["*", "1-0", "0-1", "1/2-1/2"]
        );
    }
}
