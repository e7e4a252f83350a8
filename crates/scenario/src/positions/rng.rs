//! The generators' source of randomness: SplitMix64, so that a seed gives
//! the same positions on every machine and every run.

/// A seeded pseudo-random generator (SplitMix64).
///
/// # Examples
///
/// ```
/// use drawrules_scenario::positions::Rng;
///
/// let (mut a, mut b) = (Rng::new(7), Rng::new(7));
/// assert_eq!(a.below(1000), b.below(1000));
/// assert!(a.below(6) < 6);
/// ```
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        // The modulo bias is below 2^-50 for the small `n` used here.
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `1 / n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// One element of `items` (not empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}
