//! Rules text as templates: a sentence is normalised into words (the card's name, numbers,
//! colours, mana symbols and power/toughness changes abstracted; reminder text dropped), and a
//! normalised sentence yields its templates (the prefixes it starts with and the word n-grams it
//! holds). The miner and the rules build templates with these functions only, so that what was
//! learned is what is looked up.

/// The longest anchored prefix (in words) kept as a template.
pub const MAX_PREFIX: usize = 8;
/// The longest n-gram kept as a template.
pub const MAX_NGRAM: usize = 6;
/// Sentences longer than this many words are cut (bounded work per sentence).
pub const MAX_WORDS: usize = 64;
/// Texts longer than this many bytes are not read (bounded work per record).
pub const MAX_TEXT: usize = 4096;

/// Where a sentence sits in an ability's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Part {
    /// The whole sentence (spells, activated and static abilities, replacements).
    All,
    /// A trigger's condition: `When/Whenever/At ...` up to the first comma.
    Cond,
    /// What a trigger does: the rest of its first sentence and the sentences after it.
    Eff,
}

impl Part {
    pub fn tag(self) -> &'static str {
        match self {
            Part::All => "",
            Part::Cond => ":cond",
            Part::Eff => ":eff",
        }
    }
}

/// One sentence (or a trigger's condition or effect clause): its words, normalised, and the
/// original text it was read from.
#[derive(Clone, Debug)]
pub struct Segment<'a> {
    pub part: Part,
    /// The sentence as written (trimmed), for messages.
    pub text: &'a str,
    pub words: Words,
}

/// The normalised words of a sentence, in one buffer: the words separated by single spaces
/// (no word holds a space), so that a run of words, as a template joins it, is a slice of the
/// buffer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Words {
    buf: String,
    /// Each word's byte span in `buf`.
    spans: Vec<(u32, u32)>,
}

impl Words {
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The `i`-th word.
    pub fn get(&self, i: usize) -> Option<&str> {
        self.spans
            .get(i)
            .map(|&(s, e)| &self.buf[s as usize..e as usize])
    }

    pub fn first(&self) -> Option<&str> {
        self.get(0)
    }

    pub fn iter(&self) -> impl Iterator<Item = &str> + '_ {
        self.spans
            .iter()
            .map(|&(s, e)| &self.buf[s as usize..e as usize])
    }

    /// The words `start..end` joined by spaces.
    pub fn join(&self, start: usize, end: usize) -> &str {
        if start >= end {
            return "";
        }
        &self.buf[self.spans[start].0 as usize..self.spans[end - 1].1 as usize]
    }

    /// Every word joined by spaces.
    pub fn as_str(&self) -> &str {
        &self.buf
    }

    pub fn position(&self, word: &str) -> Option<usize> {
        self.iter().position(|w| w == word)
    }

    fn push(&mut self, word: &str) {
        if !self.buf.is_empty() {
            self.buf.push(' ');
        }
        let start = self.buf.len() as u32;
        self.buf.push_str(word);
        self.spans.push((start, self.buf.len() as u32));
    }

    fn truncate(&mut self, len: usize) {
        if len < self.spans.len() {
            self.spans.truncate(len);
            self.buf
                .truncate(self.spans.last().map_or(0, |s| s.1 as usize));
        }
    }

    /// The words `start..end` on their own.
    fn range(&self, start: usize, end: usize) -> Words {
        let mut out = Words {
            buf: String::with_capacity(self.join(start, end).len()),
            spans: Vec::with_capacity(end.saturating_sub(start)),
        };
        for i in start..end {
            out.push(&self.buf[self.spans[i].0 as usize..self.spans[i].1 as usize]);
        }
        out
    }
}

impl<'w> FromIterator<&'w str> for Words {
    fn from_iter<I: IntoIterator<Item = &'w str>>(iter: I) -> Words {
        let mut out = Words::default();
        for w in iter {
            out.push(w);
        }
        out
    }
}

/// The marker words stand for.
pub const NAME: &str = "~";
pub const NUMBER: &str = "#";
pub const COLOUR: &str = "COLOR";
pub const MANA: &str = "{m}";

/// Text without parenthesised reminder text.
fn strip_reminder(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('(') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The normalised words of one sentence (already split off its neighbours).
pub fn words(sentence: &str, names: &[&str]) -> Words {
    words_marked(sentence, &["CARDNAME", "NICKNAME"], names)
}

/// `words`, replacing `marks` (the `CARDNAME`/`NICKNAME` placeholders the text may hold) and
/// then `names` by `~`.
fn words_marked(sentence: &str, marks: &[&str], names: &[&str]) -> Words {
    let mut text = strip_reminder(sentence);
    for name in marks.iter().chain(names) {
        if !name.is_empty() && text.contains(name) {
            text = std::borrow::Cow::Owned(text.replace(name, NAME));
        }
    }
    let lower = if text.is_ascii() {
        let mut text = text.into_owned();
        text.make_ascii_lowercase();
        text
    } else {
        text.to_lowercase().replace(['’', '‘'], "'")
    };
    let mut out = Words {
        buf: String::with_capacity(lower.len()),
        spans: Vec::with_capacity(16),
    };
    let b = lower.as_bytes();
    let mut i = 0;
    // The current word is `lower[start..i]`: the bytes since the last separator.
    let mut start = 0;
    let flush = |w: &str, out: &mut Words| {
        let w = w.trim_matches(|c: char| c == '\'' || c == '*');
        if w.is_empty() {
            return;
        }
        // A match rather than scans of the word lists: this runs for every word of every text.
        let marker = match w {
            "one" | "two" | "three" | "four" | "five" | "six" | "seven" | "eight" | "nine"
            | "ten" => NUMBER,
            "white" | "blue" | "black" | "red" | "green" => COLOUR,
            _ if w.bytes().all(|c| c.is_ascii_digit()) => NUMBER,
            _ => pt_word(w).unwrap_or(w),
        };
        out.push(marker);
    };
    while i < b.len() && out.len() < MAX_WORDS {
        let c = b[i];
        match c {
            b'{' => {
                flush(&lower[start..i], &mut out);
                // A run of brace symbols: `{T}`, `{Q}` alone; mana as one marker.
                let mut j = i;
                let mut mana = false;
                while j < b.len() && b[j] == b'{' {
                    let Some(close) = lower[j..].find('}') else {
                        break;
                    };
                    let sym = &lower[j + 1..j + close];
                    if sym == "t" || sym == "q" {
                        if mana {
                            out.push(MANA);
                            mana = false;
                        }
                        out.push(&lower[j..j + close + 1]);
                    } else {
                        mana = true;
                    }
                    j += close + 1;
                }
                if mana {
                    out.push(MANA);
                }
                i = if j == i { i + 1 } else { j };
                start = i;
            }
            b',' | b'.' | b';' | b':' | b'"' | b'!' | b'?' => {
                flush(&lower[start..i], &mut out);
                out.push(&lower[i..=i]);
                i += 1;
                start = i;
            }
            b' ' | b'\t' | b'(' | b')' | b'[' | b']' => {
                flush(&lower[start..i], &mut out);
                i += 1;
                start = i;
            }
            _ if c.is_ascii() => i += 1,
            _ => {
                // Multi-byte characters (dashes, bullets) separate words.
                let ch = lower[i..].chars().next().unwrap_or(' ');
                let next = i + ch.len_utf8();
                if ch == '—' || ch == '•' || ch == '–' || ch == '“' || ch == '”' {
                    flush(&lower[start..i], &mut out);
                    out.push(if ch == '“' || ch == '”' {
                        "\""
                    } else {
                        &lower[i..next]
                    });
                    start = next;
                }
                i = next;
            }
        }
    }
    flush(&lower[start..i], &mut out);
    out.truncate(MAX_WORDS);
    out
}

/// `+2/+2`, `-X/-0`, `3/3` as markers.
fn pt_word(w: &str) -> Option<&'static str> {
    let (p, t) = w.split_once('/')?;
    let num = |s: &str| !s.is_empty() && (s == "x" || s.bytes().all(|c| c.is_ascii_digit()));
    let signed = |s: &str| s.strip_prefix(['+', '-']).is_some_and(num);
    if signed(p) && signed(t) {
        Some("+n/+n")
    } else if num(p) && num(t) {
        Some("n/n")
    } else {
        None
    }
}

/// The sentences of a text, split after `.`, `;`, `!` or `?` followed by a space or the end,
/// at literal `\n` line breaks (Forge's `Oracle:` separator), at ` -- ` and at runs of two or
/// more spaces (the line separators of Wagic's `text=`); trimmed, empty ones dropped.
pub fn sentences(text: &str) -> Vec<&str> {
    let text = if text.len() > MAX_TEXT {
        let mut end = MAX_TEXT;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        &text[..end]
    } else {
        text
    };
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut start = 0;
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            b'\\' if b.get(i + 1) == Some(&b'n') => {
                push_trimmed(&mut out, &text[start..i]);
                start = i + 2;
                i += 2;
                continue;
            }
            b' ' if depth == 0 && (b[i..].starts_with(b" -- ") || b.get(i + 1) == Some(&b' ')) => {
                push_trimmed(&mut out, &text[start..i]);
                let mut j = i;
                while j < b.len() && (b[j] == b' ' || b[j] == b'-') {
                    j += 1;
                }
                // ` -- ` and space runs are separators; a lone `-` after spaces is text.
                if b[i..j].contains(&b'-') && !b[i..].starts_with(b" -- ") {
                    j = i + 1;
                    while j < b.len() && b[j] == b' ' {
                        j += 1;
                    }
                }
                start = j;
                i = j;
                continue;
            }
            b'.' | b';' | b'!' | b'?' if depth == 0 => {
                let next = b.get(i + 1);
                if next.is_none_or(|c| *c == b' ' || *c == b'"' || *c == b'\\') {
                    push_trimmed(&mut out, &text[start..=i]);
                    start = i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    push_trimmed(&mut out, &text[start..]);
    out
}

fn push_trimmed<'a>(out: &mut Vec<&'a str>, s: &'a str) {
    let s = s.trim();
    if !s.is_empty() {
        out.push(s);
    }
}

/// Drops a leading ability word and its dash (`landfall —`, `spell mastery —`), which names the
/// ability without changing what it does, so that `Landfall — Whenever a land enters ...` reads
/// as the trigger condition it is. `choose one —` (modes) is kept.
fn strip_ability_word(words: &mut Words) {
    let Some(dash) = words.iter().take(4).position(|w| w == "—") else {
        return;
    };
    if dash == 0
        || words.first() == Some("choose")
        || !words
            .iter()
            .take(dash)
            .all(|w| w.bytes().all(|b| b.is_ascii_alphabetic() || b == b'\''))
    {
        return;
    }
    *words = words.range(dash + 1, words.len());
}

/// The segments of an ability's text. With `trigger`, a first sentence that opens with `When`,
/// `Whenever` or `At` is cut at its first comma into the condition and the effect, and the
/// sentences after it are effect; otherwise every sentence is `All`.
pub fn segments<'a>(text: &'a str, names: &[&str], trigger: bool) -> Vec<Segment<'a>> {
    // A name the whole text does not hold is in none of its sentences: `words` need not look
    // for it in each. (Not so when dropping reminder text can join one, or a name holds the `~`
    // an earlier replacement writes.)
    let kept: Vec<&str>;
    let names = if text.contains('(') || names.iter().any(|n| n.contains('~')) {
        names
    } else {
        kept = names.iter().copied().filter(|n| text.contains(n)).collect();
        &kept
    };
    let marks: &[&str] =
        if text.contains('(') || text.contains("CARDNAME") || text.contains("NICKNAME") {
            &["CARDNAME", "NICKNAME"]
        } else {
            &[]
        };
    let mut out = Vec::new();
    for (i, s) in sentences(text).into_iter().enumerate() {
        let mut w = words_marked(s, marks, names);
        strip_ability_word(&mut w);
        if w.is_empty() {
            continue;
        }
        if !trigger {
            out.push(Segment {
                part: Part::All,
                text: s,
                words: w,
            });
            continue;
        }
        let opens = matches!(w.first(), Some("when" | "whenever" | "at"));
        if i == 0 && opens {
            match w.position(",") {
                Some(c) => {
                    out.push(Segment {
                        part: Part::Cond,
                        text: s,
                        words: w.range(0, c),
                    });
                    out.push(Segment {
                        part: Part::Eff,
                        text: s,
                        words: w.range(c + 1, w.len()),
                    });
                }
                None => out.push(Segment {
                    part: Part::Cond,
                    text: s,
                    words: w,
                }),
            }
        } else {
            out.push(Segment {
                part: Part::Eff,
                text: s,
                words: w,
            });
        }
    }
    out
}

/// The shortest n-gram kept as a template (shorter ones, `into a`, say too little).
pub const MIN_NGRAM: usize = 3;

/// The templates of a segment's words: its anchored prefixes (`^ whenever you cast`, up to
/// `MAX_PREFIX` words) and its n-grams of `MIN_NGRAM` to `MAX_NGRAM` words, each once, in a
/// stable order.
pub fn templates(words: &Words) -> Vec<String> {
    let mut out = Vec::new();
    let n = words.len();
    for len in 1..=n.min(MAX_PREFIX) {
        out.push(format!("^ {}", words.join(0, len)));
    }
    for len in MIN_NGRAM..=MAX_NGRAM.min(n) {
        for start in 0..=n - len {
            out.push(words.join(start, start + len).to_string());
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// A streaming FNV-1a hash: the hash of a string written in pieces is the hash of the whole, so
/// a template can be looked up by hash without building it.
#[derive(Clone, Copy)]
pub struct Fnv(pub u64);

impl Fnv {
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    pub fn of(s: &str) -> u64 {
        let mut h = Fnv::new();
        h.write(s.as_bytes());
        h.0
    }
}

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv::new()
    }
}

/// The hash of an antecedent `{scope}{template}`, from its scope and its words (`^` first for
/// an anchored template): the same value whether the words come from a string or from a
/// segment, and cheap to fold over the words of every n-gram.
pub fn antecedent_hash<'w>(scope: &str, words: impl IntoIterator<Item = &'w str>) -> u64 {
    let mut h = Fnv::of(scope);
    for w in words {
        h = mix(h, Fnv::of(w));
    }
    h
}

fn mix(h: u64, w: u64) -> u64 {
    (h ^ w.rotate_left(17)).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (h >> 29)
}

/// The hash `antecedent_hash` gives an antecedent string (`T:cond|^ whenever you cast`).
pub fn hash_antecedent(antecedent: &str) -> u64 {
    match antecedent.find('|') {
        Some(i) => antecedent_hash(&antecedent[..=i], antecedent[i + 1..].split(' ')),
        None => Fnv::of(antecedent),
    }
}

/// The templates of a segment, as `templates` gives them, each with its `antecedent_hash` under
/// `scope` and its word span (`anchored`, start, end): no string is built.
pub fn template_hashes(words: &Words, scope: &str) -> Vec<(u64, bool, usize, usize)> {
    let n = words.len();
    let mut out = Vec::with_capacity(MAX_PREFIX + 4 * n);
    let base = Fnv::of(scope);
    let hashes: Vec<u64> = words.iter().map(Fnv::of).collect();
    let mut anchored = mix(base, Fnv::of("^"));
    for (len, w) in hashes.iter().enumerate().take(n.min(MAX_PREFIX)) {
        anchored = mix(anchored, *w);
        out.push((anchored, true, 0, len + 1));
    }
    for len in MIN_NGRAM..=MAX_NGRAM.min(n) {
        for start in 0..=n - len {
            let h = hashes[start..start + len]
                .iter()
                .fold(base, |h, w| mix(h, *w));
            out.push((h, false, start, start + len));
        }
    }
    out
}

/// The template a `template_hashes` span stands for.
pub fn template_text(words: &Words, anchored: bool, start: usize, end: usize) -> String {
    scoped_template_text("", words, anchored, start, end)
}

/// `template_text` after a scope (`W:trig|`), made in one allocation.
pub fn scoped_template_text(
    scope: &str,
    words: &Words,
    anchored: bool,
    start: usize,
    end: usize,
) -> String {
    let body = words.join(start, end);
    let mut out = String::with_capacity(scope.len() + 2 + body.len());
    out.push_str(scope);
    if anchored {
        out.push_str("^ ");
    }
    out.push_str(body);
    out
}

/// Whether template `general` is implied by template `specific`: every text that holds
/// `specific` holds `general` (the same words inside it; an anchored one only as its prefix).
pub fn implies(specific: &str, general: &str) -> bool {
    if specific == general {
        return true;
    }
    match (specific.strip_prefix("^ "), general.strip_prefix("^ ")) {
        (Some(s), Some(g)) => s.starts_with(g) && s.as_bytes().get(g.len()) == Some(&b' '),
        (_, Some(_)) => false,
        (Some(s), None) => contains_words(s, general),
        (None, None) => contains_words(specific, general),
    }
}

/// Whether the space-separated words of `needle` appear as consecutive words of `hay`.
fn contains_words(hay: &str, needle: &str) -> bool {
    let mut from = 0;
    while let Some(i) = hay[from..].find(needle) {
        let at = from + i;
        let end = at + needle.len();
        let left = at == 0 || hay.as_bytes()[at - 1] == b' ';
        let right = end == hay.len() || hay.as_bytes()[end] == b' ';
        if left && right {
            return true;
        }
        from = at + 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> String {
        words(s, &["Grave Tender"]).as_str().to_string()
    }

    #[test]
    fn words_abstract_names_numbers_colours_mana() {
        assert_eq!(
            w("Whenever Grave Tender deals combat damage to a player, draw two cards."),
            "whenever ~ deals combat damage to a player , draw # cards ."
        );
        assert_eq!(
            w("{2}{R}, {T}: CARDNAME gets +2/+0 until end of turn."),
            "{m} , {t} : ~ gets +n/+n until end of turn ."
        );
        assert_eq!(
            w("Create a 1/1 green Saproling creature token (It's a token.)"),
            "create a n/n COLOR saproling creature token"
        );
        assert_eq!(w("You may pay {X}{U}{U}."), "you may pay {m} .");
    }

    #[test]
    fn sentences_split_on_stops_and_line_breaks() {
        assert_eq!(
            sentences("Flying\\nWhen it dies, draw a card. You gain 1 life."),
            vec!["Flying", "When it dies, draw a card.", "You gain 1 life."]
        );
        assert_eq!(
            sentences("Gain 3.5 life (not 3. really)."),
            vec!["Gain 3.5 life (not 3. really)."]
        );
        assert_eq!(
            sentences("Flying -- {T}: Draw a card.   {1}: Untap it"),
            vec!["Flying", "{T}: Draw a card.", "{1}: Untap it"]
        );
    }

    #[test]
    fn ability_words_are_dropped() {
        let segs = segments(
            "Landfall — Whenever a land enters the battlefield under your control, draw a card.",
            &[],
            true,
        );
        assert_eq!(segs[0].part, Part::Cond);
        assert_eq!(segs[0].words.first(), Some("whenever"));
        let modes = segments("Choose one — Draw a card.", &[], false);
        assert_eq!(modes[0].words.first(), Some("choose"));
    }

    #[test]
    fn trigger_segments_cut_condition_and_effect() {
        let s = segments(
            "Whenever you cast a spell, you may draw a card. Then discard a card.",
            &[],
            true,
        );
        let parts: Vec<_> = s
            .iter()
            .map(|s| (s.part, s.words.as_str().to_string()))
            .collect();
        assert_eq!(
            parts,
            vec![
                (Part::Cond, "whenever you cast a spell".to_string()),
                (Part::Eff, "you may draw a card .".to_string()),
                (Part::Eff, "then discard a card .".to_string()),
            ]
        );
    }

    #[test]
    fn template_hashes_match_the_strings() {
        let words: Words = "whenever you cast a spell".split(' ').collect();
        let strings = templates(&words);
        let hashes = template_hashes(&words, "T:cond|");
        assert_eq!(strings.len(), hashes.len());
        for (h, anchored, s, e) in hashes {
            let t = template_text(&words, anchored, s, e);
            assert!(strings.contains(&t));
            assert_eq!(h, hash_antecedent(&format!("T:cond|{t}")));
        }
    }

    #[test]
    fn templates_and_implication() {
        let t = templates(&["you", "may", "draw"].into_iter().collect());
        assert_eq!(
            t,
            vec!["^ you", "^ you may", "^ you may draw", "you may draw"]
        );
        assert!(implies("^ whenever you cast a", "^ whenever you cast"));
        assert!(!implies("^ whenever you cast", "^ whenever you cast a"));
        assert!(implies("^ whenever you cast a", "you cast"));
        assert!(implies("you cast a spell", "cast a"));
        assert!(!implies("you cast a spell", "^ you cast"));
        assert!(!implies("you cast", "you ca"));
    }
}
