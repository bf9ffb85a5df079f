//! Deterministic randomness: a small seeded generator (SplitMix64), so that the same seed always
//! gives the same game. No global state; each game owns its generator.

#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
    /// Values to return first, in order (Wagic test files can predetermine random numbers).
    queued: std::collections::VecDeque<u32>,
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng {
            state: seed ^ 0x9E37_79B9_7F4A_7C15,
            queued: Default::default(),
        }
    }

    pub fn queue(&mut self, values: impl IntoIterator<Item = u32>) {
        self.queued.extend(values);
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        if let Some(v) = self.queued.pop_front() {
            return v % n;
        }
        (self.next_u64() % u64::from(n)) as u32
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn same_seed_same_sequence() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        let xs: Vec<u32> = (0..20).map(|_| a.below(100)).collect();
        let ys: Vec<u32> = (0..20).map(|_| b.below(100)).collect();
        assert_eq!(xs, ys);
        let mut c = Rng::new(8);
        let zs: Vec<u32> = (0..20).map(|_| c.below(100)).collect();
        assert_ne!(xs, zs);
    }

    #[test]
    fn queued_values_come_first() {
        let mut r = Rng::new(1);
        r.queue([3, 5]);
        assert_eq!(r.below(10), 3);
        assert_eq!(r.below(10), 5);
    }
}
