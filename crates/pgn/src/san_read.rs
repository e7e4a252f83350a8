//! Reading a SAN token at the start of a movetext's remaining text, with
//! the answers of shakmaty's [`SanPlus::from_ascii_prefix`].
//!
//! Almost every token of a real game has one of a few shapes: an optional
//! piece letter, up to two disambiguating coordinates, an optional `x`, the
//! target square, an optional `+` or `#`. Those are read here straight from
//! the bytes; anything else (castling, promotions, drops, null moves, text
//! that is not SAN) is left to shakmaty, so the answer is shakmaty's in
//! every case. The tests hold the two to the same answer on every string of
//! up to four characters over the SAN alphabet and on many longer ones.

use shakmaty::san::{ParseSanError, San, SanPlus, Suffix};
use shakmaty::{File, Rank, Role, Square};

/// The SAN at the start of `bytes` and how many bytes it takes.
pub(crate) fn read_san_plus(bytes: &[u8]) -> Result<(SanPlus, usize), ParseSanError> {
    match common_shape(bytes) {
        Some(read) => Ok(read),
        None => SanPlus::from_ascii_prefix(bytes),
    }
}

fn file_at(bytes: &[u8], at: usize) -> Option<File> {
    match bytes.get(at) {
        Some(&byte @ b'a'..=b'h') => Some(File::new(u32::from(byte - b'a'))),
        _ => None,
    }
}

fn rank_at(bytes: &[u8], at: usize) -> Option<Rank> {
    match bytes.get(at) {
        Some(&byte @ b'1'..=b'8') => Some(Rank::new(u32::from(byte - b'1'))),
        _ => None,
    }
}

/// A token of the common shapes, or `None` to let shakmaty read it.
fn common_shape(bytes: &[u8]) -> Option<(SanPlus, usize)> {
    let (role, mut at) = match *bytes.first()? {
        b'N' => (Role::Knight, 1),
        b'B' => (Role::Bishop, 1),
        b'R' => (Role::Rook, 1),
        b'Q' => (Role::Queen, 1),
        b'K' => (Role::King, 1),
        b'a'..=b'h' => (Role::Pawn, 0),
        _ => return None,
    };
    // Coordinates that are either the target or, when a target follows,
    // the mover's file and rank.
    let first_file = file_at(bytes, at);
    at += usize::from(first_file.is_some());
    if at >= bytes.len() {
        return None;
    }
    let first_rank = rank_at(bytes, at);
    at += usize::from(first_rank.is_some());
    let (file, rank, capture, to) = if bytes.get(at) == Some(&b'x') {
        let to = Square::from_coords(file_at(bytes, at + 1)?, rank_at(bytes, at + 2)?);
        at += 3;
        (first_file, first_rank, true, to)
    } else if let Some(to_file) = file_at(bytes, at) {
        let to = Square::from_coords(to_file, rank_at(bytes, at + 1)?);
        at += 2;
        (first_file, first_rank, false, to)
    } else {
        (
            None,
            None,
            false,
            Square::from_coords(first_file?, first_rank?),
        )
    };
    let suffix = match bytes.get(at) {
        Some(b'=') => return None,
        Some(b'+') => Some(Suffix::Check),
        Some(b'#') => Some(Suffix::Checkmate),
        _ => None,
    };
    at += usize::from(suffix.is_some());
    let san = San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion: None,
    };
    Some((SanPlus { san, suffix }, at))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALPHABET: &[u8] = b"NBRQKPOZ@-=+#xabeh1458 .Q";

    fn same(bytes: &[u8]) {
        assert_eq!(
            read_san_plus(bytes).ok(),
            SanPlus::from_ascii_prefix(bytes).ok(),
            "{:?}",
            String::from_utf8_lossy(bytes)
        );
    }

    #[test]
    fn every_short_string_reads_as_shakmaty_reads_it() {
        let mut text = Vec::new();
        let mut checked = 0;
        let n = ALPHABET.len();
        for length in 0..=4u32 {
            for mut code in 0..n.pow(length) {
                text.clear();
                for _ in 0..length {
                    text.push(ALPHABET[code % n]);
                    code /= n;
                }
                same(&text);
                checked += 1;
            }
        }
        assert_eq!(checked, (0..=4).map(|l| n.pow(l)).sum::<usize>());
    }

    #[test]
    fn longer_tokens_read_as_shakmaty_reads_them() {
        let tokens = [
            "Nbd7", "N1d7", "Nb1d2", "Nb1xd2+", "Qh4xe1#", "exd5", "exd6", "e8=Q+", "e8Q",
            "bxa8=N#", "O-O", "O-O-O+", "0-0", "Kxe2", "Rae1", "R1e2", "Rh8xh1", "e4e5", "Nf3!",
            "Nf3?!", "e4)", "e4}", "Bb5+ a6", "Pe4", "P@e4", "N@f3", "--", "Z0", "Nd", "N", "x",
            "e", "e9", "i4", "Nxi3", "Nxd9", "exd5e.p.",
        ];
        for token in tokens {
            same(token.as_bytes());
        }
        // Random strings of five to eight characters, deterministic.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut text = Vec::new();
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let length = 5 + (state % 4) as usize;
            text.clear();
            let mut bits = state;
            for _ in 0..length {
                text.push(ALPHABET[(bits % ALPHABET.len() as u64) as usize]);
                bits /= ALPHABET.len() as u64;
            }
            same(&text);
        }
    }
}
