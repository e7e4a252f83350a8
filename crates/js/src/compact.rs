//! The records as they cross to JavaScript: numbers and one text, which
//! the package's wrapper (js/src/records.js) makes the protocol's objects
//! again. Each record is [`FIELDS`] numbers: `ply`, `clock`,
//! `repetition`, `ended`, `undetermined`, `result`, `claims`, then where
//! its FEN, its threefold-repetition moves and its fifty-moves moves end
//! in the text (each starts where the one before it ends; the moves of a
//! list are separated by spaces). A list of endings or claims is packed
//! in its order, three bits an entry: the entry's place in
//! [`Ending::ALL`] or [`Claim::ALL`] plus one; `result` is its place in
//! [`RESULTS`]. JavaScript then makes each FEN a slice of the one text and
//! each record from numbers, which costs a third of parsing the records
//! as JSON (js/benches/speed.mjs).

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

/// Records ready to cross: the wrapper takes the numbers and the text.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Crossing {
    /// [`FIELDS`] numbers a record.
    pub numbers: Vec<u32>,
    /// The FENs and the written moves, one after the other (ASCII, so
    /// that a byte's offset is a character's).
    pub text: String,
}

/// `list` packed, three bits an entry, in its order.
fn packed<T: PartialEq>(list: &[T], all: &[T]) -> u32 {
    list.iter().enumerate().fold(0, |bits, (index, item)| {
        let code = all.iter().position(|known| known == item).unwrap_or(0) + 1;
        bits | ((code as u32) << (3 * index))
    })
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
            text: String::with_capacity(records.len() * 64),
        };
        for record in records {
            crossing.push(record);
        }
        crossing
    }

    /// Adds `record`.
    fn push(&mut self, record: &Status) {
        let text = &mut self.text;
        text.push_str(&record.fen);
        let fen_end = end(text);
        text.push_str(&record.claims_on_move.threefold_repetition.join(" "));
        let threefold_end = end(text);
        text.push_str(&record.claims_on_move.fifty_moves.join(" "));
        let fifty_end = end(text);
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
            threefold_end,
            fifty_end,
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
        assert_eq!(crossing.text, format!("{fen}f6g8"));
        assert_eq!(
            crossing.numbers,
            [
                7,
                7,
                2,
                0,
                0,
                0,
                0,
                fen.len() as u32,
                fen.len() as u32 + 4,
                fen.len() as u32 + 4
            ]
        );
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
