//! Mana: pools and costs. Colour slots follow Wagic's order (colourless first, then green, blue,
//! red, black, white); Forge's colours map onto the same slots. Paying follows Wagic's algorithm
//! (coloured requirements first, then hybrids, then generic mana taken from the slots in order),
//! which decides which mana is left in a pool and therefore what the test suite asserts.

pub const COLORLESS: usize = 0;
pub const GREEN: usize = 1;
pub const BLUE: usize = 2;
pub const RED: usize = 3;
pub const BLACK: usize = 4;
pub const WHITE: usize = 5;
pub const NB_COLORS: usize = 6;

/// The colours of a mana cost, as a bit set.
pub fn colors_of_cost(cost: &Mana) -> u8 {
    let mut c = 0u8;
    for i in 1..NB_COLORS {
        if cost.has_color(i) {
            c |= 1 << i;
        }
    }
    c
}

/// The colour of a mana letter (`c` is colourless).
pub fn color_of_letter(c: u8) -> Option<usize> {
    Some(match c.to_ascii_lowercase() {
        b'c' => COLORLESS,
        b'g' => GREEN,
        b'u' => BLUE,
        b'r' => RED,
        b'b' => BLACK,
        b'w' => WHITE,
        _ => return None,
    })
}

pub fn color_letter(color: usize) -> char {
    ['c', 'g', 'u', 'r', 'b', 'w'][color.min(NB_COLORS - 1)]
}

/// Colour names as Wagic spells them, by slot.
pub const COLOR_NAMES: [&str; NB_COLORS] = ["artifact", "green", "blue", "red", "black", "white"];

/// A choice between two amounts of two colours (`{w/u}`, `{2/r}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hybrid {
    pub c1: usize,
    pub n1: i32,
    pub c2: usize,
    pub n2: i32,
}

/// An amount of mana: a pool, or a cost (with hybrids and X).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mana {
    pub amounts: [i32; NB_COLORS],
    pub hybrids: Vec<Hybrid>,
    /// How many `{X}` the cost has.
    pub x: i32,
    /// `{X:black}`: the one color the X may be paid with (Wagic's specific X).
    pub x_color: Option<usize>,
}

impl Mana {
    pub fn new() -> Mana {
        Mana::default()
    }

    pub fn of(color: usize, n: i32) -> Mana {
        let mut m = Mana::new();
        m.amounts[color] = n;
        m
    }

    pub fn get(&self, color: usize) -> i32 {
        self.amounts[color]
    }

    pub fn add_color(&mut self, color: usize, n: i32) {
        self.amounts[color] += n;
    }

    pub fn add(&mut self, other: &Mana) {
        for i in 0..NB_COLORS {
            self.amounts[i] += other.amounts[i];
        }
        self.hybrids.extend(other.hybrids.iter().copied());
        self.x += other.x;
        if other.x_color.is_some() {
            self.x_color = other.x_color;
        }
    }

    /// Converted mana value (a hybrid counts as its larger half).
    pub fn converted(&self) -> i32 {
        self.amounts.iter().sum::<i32>() + self.hybrids.iter().map(|h| h.n1.max(h.n2)).sum::<i32>()
    }

    pub fn is_empty(&self) -> bool {
        self.converted() == 0 && self.x == 0
    }

    pub fn has_color(&self, color: usize) -> bool {
        self.amounts[color] > 0 || self.hybrids.iter().any(|h| h.c1 == color || h.c2 == color)
    }

    pub fn empty_pool(&mut self) {
        *self = Mana::new();
    }

    /// What is left of `self` (a pool) after paying `cost`, Wagic's way; `None` if it cannot pay.
    /// An X in the cost takes everything that remains.
    pub fn diff(&self, cost: &Mana) -> Option<[i32; NB_COLORS]> {
        let mut diff = [0i32; NB_COLORS];
        for (i, d) in diff.iter_mut().enumerate() {
            *d = self.amounts[i] - cost.amounts[i];
        }
        if !pay_hybrids(&cost.hybrids, &mut diff) {
            return None;
        }
        if diff[COLORLESS] < 0 {
            for i in 0..NB_COLORS {
                if diff[i] > 0 {
                    if diff[i] + diff[COLORLESS] > 0 {
                        diff[i] += diff[COLORLESS];
                        diff[COLORLESS] = 0;
                        break;
                    }
                    diff[COLORLESS] += diff[i];
                    diff[i] = 0;
                }
            }
        }
        if diff.iter().any(|&d| d < 0) {
            return None;
        }
        if cost.x > 0 {
            match cost.x_color {
                Some(c) => diff[c] = 0,
                None => diff = [0; NB_COLORS],
            }
        }
        Some(diff)
    }

    pub fn can_afford(&self, cost: &Mana) -> bool {
        self.diff(cost).is_some()
    }

    /// Pays `cost` from this pool; false (and nothing paid) if it cannot.
    pub fn pay(&mut self, cost: &Mana) -> bool {
        match self.diff(cost) {
            Some(rest) => {
                self.amounts = rest;
                true
            }
            None => false,
        }
    }

    /// Parses Wagic mana text (`{2}{g}{g}`, `{w/u}`, `{x}`) ignoring anything that is not mana;
    /// returns the mana and whether every group was mana.
    pub fn parse_wagic_groups(text: &str) -> Mana {
        let mut m = Mana::new();
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'{' {
                let Some(end) = text[i + 1..].find('}') else {
                    break;
                };
                let group = &text[i + 1..i + 1 + end];
                m.add_symbol(group);
                i += end + 2;
            } else {
                i += 1;
            }
        }
        m
    }

    /// Adds one mana symbol (the text between braces). Returns false if it is not mana.
    pub fn add_symbol(&mut self, group: &str) -> bool {
        let g = group.trim().to_ascii_lowercase();
        let b = g.as_bytes();
        match b {
            [c] if color_of_letter(*c).is_some() => {
                self.amounts[color_of_letter(*c).unwrap_or(0)] += 1;
                true
            }
            [b'x'] => {
                self.x += 1;
                true
            }
            _ if g.starts_with("x:") => {
                let letter = match &g[2..] {
                    "black" => b'b',
                    "blue" => b'u',
                    "green" => b'g',
                    "red" => b'r',
                    "white" => b'w',
                    _ => return false,
                };
                self.x += 1;
                self.x_color = color_of_letter(letter);
                true
            }
            _ if !g.is_empty() && g.bytes().all(|c| c.is_ascii_digit()) => {
                self.amounts[COLORLESS] += g.parse::<i32>().unwrap_or(0);
                true
            }
            _ => {
                let parts: Vec<&str> = if g.contains('/') {
                    g.split('/').collect()
                } else if b.len() == 2 && g.is_char_boundary(1) {
                    // Two ASCII letters (`{wu}`); one two-byte character is not two symbols.
                    vec![&g[..1], &g[1..]]
                } else {
                    return false;
                };
                if parts.len() != 2 {
                    return false;
                }
                let side = |p: &str| -> Option<(usize, i32)> {
                    if let Ok(n) = p.parse::<i32>() {
                        Some((COLORLESS, n))
                    } else if p.len() == 1 {
                        color_of_letter(p.as_bytes()[0]).map(|c| (c, 1))
                    } else {
                        None
                    }
                };
                match (side(parts[0]), side(parts[1])) {
                    (Some((c1, n1)), Some((c2, n2))) => {
                        self.hybrids.push(Hybrid { c1, n1, c2, n2 });
                        true
                    }
                    _ => false,
                }
            }
        }
    }

    /// Wagic's text form, e.g. `{2}{g}`.
    pub fn to_wagic(&self) -> String {
        let mut s = String::new();
        if self.amounts[COLORLESS] > 0 {
            s.push_str(&format!("{{{}}}", self.amounts[COLORLESS]));
        }
        for _ in 0..self.x {
            s.push_str("{x}");
        }
        for c in 1..NB_COLORS {
            for _ in 0..self.amounts[c] {
                s.push_str(&format!("{{{}}}", color_letter(c)));
            }
        }
        for h in &self.hybrids {
            s.push_str(&format!(
                "{{{}/{}}}",
                hybrid_side(h.c1, h.n1),
                hybrid_side(h.c2, h.n2)
            ));
        }
        if s.is_empty() {
            s.push_str("{0}");
        }
        s
    }
}

fn hybrid_side(c: usize, n: i32) -> String {
    if c == COLORLESS {
        n.to_string()
    } else {
        color_letter(c).to_string()
    }
}

/// Tries every way of paying the hybrids (Wagic tries them recursively).
fn pay_hybrids(hybrids: &[Hybrid], diff: &mut [i32; NB_COLORS]) -> bool {
    let Some((h, rest)) = hybrids.split_first() else {
        return true;
    };
    for (c, n) in [(h.c1, h.n1), (h.c2, h.n2)] {
        let generic = c == COLORLESS;
        let mut trial = *diff;
        if generic {
            // Generic half: pay from colourless first, then any colour.
            let mut need = n;
            for slot in trial.iter_mut() {
                let take = need.min((*slot).max(0));
                *slot -= take;
                need -= take;
            }
            if need > 0 {
                continue;
            }
        } else {
            if trial[c] < n {
                continue;
            }
            trial[c] -= n;
        }
        if pay_hybrids(rest, &mut trial) {
            *diff = trial;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(text: &str) -> Mana {
        Mana::parse_wagic_groups(text)
    }

    #[test]
    fn parses_and_prints() {
        let c = m("{2}{g}{g}");
        assert_eq!(c.get(COLORLESS), 2);
        assert_eq!(c.get(GREEN), 2);
        assert_eq!(c.converted(), 4);
        assert_eq!(m("{w/u}").hybrids.len(), 1);
        assert_eq!(m("{x}{r}").x, 1);
        assert_eq!(m("{1}{g}").to_wagic(), "{1}{g}");
    }

    #[test]
    fn generic_is_paid_from_colorless_then_in_slot_order() {
        let mut pool = m("{g}{r}");
        assert!(pool.pay(&m("{1}")));
        // Green comes before red in the slot order: the red mana is left.
        assert_eq!(pool, m("{r}"));
    }

    #[test]
    fn cannot_pay_more_than_the_pool() {
        let pool = m("{g}");
        assert!(!pool.can_afford(&m("{1}{g}")));
        assert!(pool.can_afford(&m("{g}")));
        assert!(!pool.can_afford(&m("{u}")));
    }

    #[test]
    fn hybrids_take_either_side() {
        let mut pool = m("{u}");
        assert!(pool.pay(&m("{w/u}")));
        assert!(pool.is_empty());
        let mut pool = m("{3}");
        assert!(pool.pay(&m("{2/r}")));
        assert_eq!(pool.get(COLORLESS), 1);
    }
}
