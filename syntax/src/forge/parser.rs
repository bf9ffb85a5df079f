//! The Forge card-script parser: one node per line, records split into params, costs into parts,
//! Valid expressions into bases and properties. It never fails; lines it cannot read become
//! `ERROR_LINE` nodes with an error beside them.

use super::kind::ForgeLanguage;
use super::kind::SyntaxKind::{self, *};
use crate::builder::{Builder, build};
use crate::scan::{self, Breaks};
use crate::{ErrorKind, Parse};

/// Parses a whole Forge card script (or token script).
pub fn parse(text: &str) -> Parse<ForgeLanguage> {
    let (green, errors) = build(text, |b| {
        let mut p = Parser { b, text };
        p.b.start(SOURCE_FILE);
        if text.starts_with('\u{feff}') {
            p.b.token(BOM, '\u{feff}'.len_utf8());
        }
        for line in scan::lines(text, Breaks::Any) {
            let start = line.start.max(p.b.pos());
            p.line(start, line.content_end);
            p.b.token_to(NEWLINE, line.end);
        }
        p.b.finish();
    });
    Parse::new(green, errors)
}

/// Parses the value of a record-shaped text on its own (for tests and tools).
pub fn parse_record_text(text: &str) -> Parse<ForgeLanguage> {
    let (green, errors) = build(text, |b| {
        let mut p = Parser { b, text };
        p.b.start(SOURCE_FILE);
        p.record(0, text.len());
        p.b.finish();
    });
    Parse::new(green, errors)
}

struct Parser<'a, 't> {
    b: &'a mut Builder<'t>,
    text: &'t str,
}

/// The node kind of a `Key:` line, from its exact (case-sensitive) key.
pub fn line_kind_for_key(key: &str) -> SyntaxKind {
    match key {
        "A" => ABILITY_LINE,
        "T" => TRIGGER_LINE,
        "S" => STATIC_LINE,
        "R" => REPLACEMENT_LINE,
        "SVar" => SVAR_LINE,
        "K" => KEYWORD_LINE,
        "ManaCost" => MANA_COST_LINE,
        _ => PROPERTY_LINE,
    }
}

/// Record types, in the order Forge looks for them, plus the trait record keys.
const RECORD_KEYS: &[&str] = &["AB", "SP", "ST", "DB", "Mode", "Event"];

/// Whether an SVar value is a parameter record (`DB$ Draw | ...`, `Mode$ Phase | ...`).
pub fn is_record_text(value: &str) -> bool {
    let first = value.split('|').next().unwrap_or("");
    match memchr::memchr(b'$', first.as_bytes()) {
        Some(d) => {
            let key = first[..d].trim();
            RECORD_KEYS.iter().any(|k| k.eq_ignore_ascii_case(key))
        }
        None => false,
    }
}

/// Params whose value is prose: kept as one `TEXT` token.
pub fn is_text_param(key: &str) -> bool {
    ["Description", "Desc", "Prompt", "Title", "Message"]
        .iter()
        .any(|s| key.ends_with(s))
        || matches!(
            key,
            "ShowCardInPrompt" | "LockInText" | "MayPlayText" | "GainTextOf"
        )
}

/// Params whose value is a comma list of Valid expressions.
pub fn is_valid_param(key: &str) -> bool {
    if is_text_param(key) {
        return false;
    }
    let excluded = matches!(
        key,
        "ValidZone" | "ValidCounterType" | "ValidMode" | "ValidAttackersAmount" | "ValidAmountEach"
    );
    !excluded
        && (key.starts_with("Valid")
            || key.ends_with("Valid")
            || matches!(
                key,
                "Affected"
                    | "ChangeType"
                    | "IsPresent"
                    | "IsPresent2"
                    | "ConditionPresent"
                    | "TargetType"
                    | "TargetsValid"
                    | "TargetValidTargeting"
                    | "RestrictFromValid"
                    | "ValidTgtsWithoutManaCost"
            ))
}

/// Params whose value is a cost string.
pub fn is_cost_param(key: &str) -> bool {
    key.eq_ignore_ascii_case("Cost") || key.eq_ignore_ascii_case("UnlessCost")
}

/// Which `/`-separated field of a cost part holds a Valid expression, if any.
pub fn cost_part_valid_field(part: &str) -> Option<usize> {
    match part {
        "RevealChosen" | "Unattach" => Some(0),
        "AddCounter"
        | "SubCounter"
        | "PutCardToLibFromBattlefield"
        | "PutCardToLibFromGrave"
        | "PutCardToLibFromHand"
        | "PutCardToLibFromSameGrave" => Some(2),
        "Behold" | "BeholdExile" | "ChooseCard" | "Discard" | "Enlist" | "Exert" | "Exile"
        | "ExileAnyGrave" | "ExileCtrlOrGrave" | "ExiledMoveToGrave" | "ExileFromGrave"
        | "ExileFromHand" | "ExileFromStack" | "ExileFromTop" | "ExileSameGrave"
        | "GainControl" | "RemoveAnyCounter" | "Return" | "Reveal" | "RevealFromExile"
        | "RevealOrChoose" | "Sac" | "tapXType" | "untapYType" => Some(1),
        _ => None,
    }
}

fn is_ws(b: u8) -> bool {
    b <= b' '
}

impl<'t> Parser<'_, 't> {
    fn bytes(&self) -> &'t [u8] {
        self.text.as_bytes()
    }

    /// Emits whitespace up to `end` if there is any.
    fn ws_to(&mut self, end: usize) {
        self.b.token_to(WHITESPACE, end);
    }

    fn line(&mut self, start: usize, end: usize) {
        let content = &self.text[start..end];
        let lead = scan::leading_trim(content);
        if lead == content.len() {
            self.ws_to(end);
            return;
        }
        let trail = scan::trailing_ws(content);
        let body_start = start + lead;
        let body_end = end - trail;
        let body = &self.text[body_start..body_end];
        if body.len() > crate::MAX_LINE_LEN {
            self.b.start(ERROR_LINE);
            self.ws_to(body_start);
            self.b.token_to(TEXT, body_end);
            self.ws_to(end);
            self.b.finish();
            let message = crate::line_too_long(body.len());
            self.b
                .error(ErrorKind::TooDeep, body_start, body_end, message);
            return;
        }
        if body.starts_with('#') {
            self.ws_to(body_start);
            self.b.token_to(COMMENT, body_end);
            self.ws_to(end);
            return;
        }
        match memchr::memchr(b':', body.as_bytes()) {
            Some(colon) if colon > 0 => {
                let key = &body[..colon];
                let kind = line_kind_for_key(key);
                self.b.start(kind);
                self.ws_to(body_start);
                self.b.token(KEY, colon);
                self.b.token(COLON, 1);
                let value_start = body_start + colon + 1;
                let value_lead = scan::leading_trim(&self.text[value_start..body_end]);
                self.ws_to(value_start + value_lead);
                let value_start = value_start + value_lead;
                if value_start < body_end {
                    self.line_value(kind, key, value_start, body_end);
                }
                self.ws_to(end);
                self.b.finish();
            }
            _ if body == "ALTERNATE" => {
                self.b.start(ALTERNATE_LINE);
                self.ws_to(body_start);
                self.b.token_to(KEY, body_end);
                self.ws_to(end);
                self.b.finish();
            }
            _ => {
                self.b.start(ERROR_LINE);
                self.ws_to(body_start);
                self.b.token_to(TEXT, body_end);
                self.ws_to(end);
                self.b.finish();
                let message = if body.starts_with(':') {
                    "this line starts with `:`, so it has no key: Forge ignores it"
                } else {
                    "this line has no `Key:` prefix: Forge ignores it"
                };
                self.b
                    .error(ErrorKind::UnrecognizedLine, body_start, body_end, message);
            }
        }
    }

    fn line_value(&mut self, kind: SyntaxKind, key: &str, start: usize, end: usize) {
        match kind {
            ABILITY_LINE | TRIGGER_LINE | STATIC_LINE | REPLACEMENT_LINE => self.record(start, end),
            SVAR_LINE => self.svar(start, end),
            KEYWORD_LINE => self.keyword(start, end),
            MANA_COST_LINE => {
                self.b.start(MANA_COST);
                self.words(start, end, false);
                self.b.finish();
            }
            _ => {
                self.b.start(VALUE);
                match key {
                    "Types" | "Colors" | "AlternateMode" | "Loyalty" | "Defense" => {
                        self.words(start, end, true)
                    }
                    _ => self.b.token_to(TEXT, end),
                }
                self.b.finish();
            }
        }
    }

    /// `Name:value` after `SVar:`.
    fn svar(&mut self, start: usize, end: usize) {
        let rest = &self.text[start..end];
        match memchr::memchr(b':', rest.as_bytes()) {
            None => self.b.token_to(SVAR_NAME, end),
            Some(colon) => {
                self.b.token(SVAR_NAME, colon);
                self.b.token(COLON, 1);
                let value_start = start + colon + 1;
                let lead = scan::leading_trim(&self.text[value_start..end]);
                self.ws_to(value_start + lead);
                let value_start = value_start + lead;
                if value_start < end {
                    self.svar_value(value_start, end);
                }
            }
        }
    }

    fn svar_value(&mut self, start: usize, end: usize) {
        let value = &self.text[start..end];
        if is_record_text(value) {
            self.record(start, end);
        } else if let Some(dollar) = expr_prefix_len(value) {
            self.expr(start + dollar, end);
        } else {
            self.b.start(VALUE);
            self.words(start, end, false);
            self.b.finish();
        }
    }

    /// `Prefix$Key args[/Op[.N]]`, with the `$` at `dollar`.
    fn expr(&mut self, dollar: usize, end: usize) {
        self.b.start(EXPR);
        self.b.token_to(WORD, dollar);
        self.b.token(DOLLAR, 1);
        let body = &self.text[dollar + 1..end];
        let math = math_suffix_start(body).map(|i| dollar + 1 + i);
        let args_end = math.unwrap_or(end);
        let key_len = self.text[dollar + 1..args_end]
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        self.b.token(WORD, key_len);
        if self.b.pos() < args_end {
            self.b.token_to(TEXT, args_end);
        }
        if let Some(slash) = math {
            self.b.start(MATH);
            self.b.token(SLASH, 1);
            let op_end = self.text[slash + 1..end]
                .find('.')
                .map_or(end, |i| slash + 1 + i);
            self.b.token_to(WORD, op_end);
            if op_end < end {
                self.b.token(DOT, 1);
                self.b.token_to(WORD, end);
            }
            self.b.finish();
        }
        debug_assert_eq!(self.b.pos(), end);
        self.b.finish();
    }

    /// `K:` value: the keyword and its `:`-separated arguments.
    fn keyword(&mut self, start: usize, end: usize) {
        self.b.start(KEYWORD);
        let mut pos = start;
        for (i, piece) in self.text[start..end].split(':').enumerate() {
            if i > 0 {
                self.b.token(COLON, 1);
                pos += 1;
            }
            self.b.token(TEXT, piece.len());
            pos += piece.len();
        }
        debug_assert_eq!(pos, end);
        self.b.finish();
    }

    /// Words separated by whitespace (and commas / ampersands when `lists` is set).
    fn words(&mut self, start: usize, end: usize, lists: bool) {
        let bytes = self.bytes();
        let mut pos = start;
        while pos < end {
            let b = bytes[pos];
            if is_ws(b) {
                let n = bytes[pos..end].iter().take_while(|b| is_ws(**b)).count();
                self.b.token(WHITESPACE, n);
                pos += n;
            } else if lists && b == b',' {
                self.b.token(COMMA, 1);
                pos += 1;
            } else if lists && b == b'&' {
                self.b.token(AMP, 1);
                pos += 1;
            } else {
                let n = bytes[pos..end]
                    .iter()
                    .take_while(|b| !is_ws(**b) && !(lists && (**b == b',' || **b == b'&')))
                    .count();
                self.b.token(WORD, n);
                pos += n;
            }
        }
    }

    /// `Key$ Value | Key$ Value ...`
    fn record(&mut self, start: usize, end: usize) {
        self.b.start(RECORD);
        let mut piece_start = start;
        loop {
            let piece_end = memchr::memchr(b'|', &self.bytes()[piece_start..end])
                .map_or(end, |i| piece_start + i);
            self.param(piece_start, piece_end);
            if piece_end == end {
                break;
            }
            self.b.token(PIPE, 1);
            piece_start = piece_end + 1;
        }
        self.b.finish();
    }

    fn param(&mut self, start: usize, end: usize) {
        let piece = &self.text[start..end];
        let lead = scan::leading_trim(piece);
        if lead == piece.len() {
            self.ws_to(end);
            return;
        }
        let trail = scan::trailing_ws(piece);
        let (body_start, body_end) = (start + lead, end - trail);
        self.ws_to(body_start);
        self.b.start(PARAM);
        let body = &self.text[body_start..body_end];
        match memchr::memchr(b'$', body.as_bytes()) {
            None => self.b.token_to(PARAM_KEY, body_end),
            Some(dollar) => {
                let key = body[..dollar].trim_end();
                if !key.is_empty() {
                    self.b.token(PARAM_KEY, key.len());
                }
                self.ws_to(body_start + dollar);
                self.b.token(DOLLAR, 1);
                let value_start = body_start + dollar + 1;
                let value_lead = scan::leading_trim(&self.text[value_start..body_end]);
                self.ws_to(value_start + value_lead);
                let value_start = value_start + value_lead;
                if value_start < body_end {
                    self.param_value(key, value_start, body_end);
                }
            }
        }
        self.b.finish();
        self.ws_to(end);
    }

    fn param_value(&mut self, key: &str, start: usize, end: usize) {
        if is_cost_param(key) {
            self.cost(start, end);
        } else if is_text_param(key) {
            self.b.start(VALUE);
            self.b.token_to(TEXT, end);
            self.b.finish();
        } else if is_valid_param(key) {
            self.valid_list(start, end);
        } else {
            self.b.start(VALUE);
            self.words(start, end, true);
            self.b.finish();
        }
    }

    /// A cost string: parts `Name<...>` and plain words, split on spaces outside `<...>`.
    fn cost(&mut self, start: usize, end: usize) {
        self.b.start(COST);
        let bytes = self.bytes();
        let mut pos = start;
        while pos < end {
            if is_ws(bytes[pos]) {
                let n = bytes[pos..end].iter().take_while(|b| is_ws(**b)).count();
                self.b.token(WHITESPACE, n);
                pos += n;
                continue;
            }
            // One chunk: up to whitespace outside angle brackets.
            let mut depth = 0usize;
            let mut chunk_end = pos;
            while chunk_end < end {
                match bytes[chunk_end] {
                    b'<' => depth += 1,
                    b'>' => depth = depth.saturating_sub(1),
                    b if is_ws(b) && depth == 0 => break,
                    _ => {}
                }
                chunk_end += 1;
            }
            let name_len = bytes[pos..chunk_end]
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric())
                .count();
            if name_len > 0 && bytes.get(pos + name_len) == Some(&b'<') {
                self.cost_part(pos, name_len, chunk_end);
            } else {
                self.b.token_to(WORD, chunk_end);
            }
            pos = chunk_end;
        }
        self.b.finish();
    }

    fn cost_part(&mut self, start: usize, name_len: usize, end: usize) {
        let bytes = self.bytes();
        let name = &self.text[start..start + name_len];
        let valid_field = cost_part_valid_field(name);
        self.b.start(COST_PART);
        self.b.token(WORD, name_len);
        let open = start + name_len;
        self.b.token(L_ANGLE, 1);
        // Find the matching `>`.
        let mut depth = 1usize;
        let mut close = None;
        for (i, &b) in bytes[open + 1..end].iter().enumerate() {
            match b {
                b'<' => depth += 1,
                b'>' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(open + 1 + i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let fields_end = close.unwrap_or(end);
        let mut field_start = open + 1;
        let mut index = 0usize;
        loop {
            let field_end = memchr::memchr(b'/', &bytes[field_start..fields_end])
                .map_or(fields_end, |i| field_start + i);
            if field_start < field_end {
                if valid_field == Some(index) {
                    self.valid_list(field_start, field_end);
                } else {
                    self.b.token_to(TEXT, field_end);
                }
            }
            if field_end == fields_end {
                break;
            }
            self.b.token(SLASH, 1);
            field_start = field_end + 1;
            index += 1;
        }
        match close {
            Some(close) => {
                self.b.token(R_ANGLE, 1);
                if close + 1 < end {
                    self.b.token_to(TEXT, end);
                }
            }
            None => self.b.error(
                ErrorKind::UnbalancedBracket,
                open,
                open + 1,
                "this `<` is never closed with `>`",
            ),
        }
        self.b.finish();
    }

    /// `alt, alt, ...` where alt is `[!]Base[.prop+prop...]`.
    fn valid_list(&mut self, start: usize, end: usize) {
        self.b.start(VALID_LIST);
        let mut alt_start = start;
        loop {
            let alt_end =
                memchr::memchr(b',', &self.bytes()[alt_start..end]).map_or(end, |i| alt_start + i);
            self.valid(alt_start, alt_end);
            if alt_end == end {
                break;
            }
            self.b.token(COMMA, 1);
            alt_start = alt_end + 1;
        }
        self.b.finish();
    }

    fn valid(&mut self, start: usize, end: usize) {
        let alt = &self.text[start..end];
        let lead = scan::leading_trim(alt);
        if lead == alt.len() {
            self.ws_to(end);
            return;
        }
        let trail = scan::trailing_ws(alt);
        let (body_start, body_end) = (start + lead, end - trail);
        self.ws_to(body_start);
        self.b.start(VALID);
        let mut pos = body_start;
        if self.bytes()[pos] == b'!' {
            self.b.token(BANG, 1);
            pos += 1;
        }
        let dot = memchr::memchr(b'.', &self.bytes()[pos..body_end]).map(|i| pos + i);
        self.b.token_to(VALID_BASE, dot.unwrap_or(body_end));
        if let Some(dot) = dot {
            self.b.token(DOT, 1);
            let mut prop_start = dot + 1;
            loop {
                let prop_end = memchr::memchr(b'+', &self.bytes()[prop_start..body_end])
                    .map_or(body_end, |i| prop_start + i);
                let prop = &self.text[prop_start..prop_end];
                let plead = scan::leading_trim(prop);
                let ptrail = if plead == prop.len() {
                    0
                } else {
                    scan::trailing_ws(prop)
                };
                self.ws_to(prop_start + plead);
                self.b.token_to(VALID_PROP, prop_end - ptrail);
                self.ws_to(prop_end);
                if prop_end == body_end {
                    break;
                }
                self.b.token(PLUS, 1);
                prop_start = prop_end + 1;
            }
        }
        self.b.finish();
        self.ws_to(end);
    }
}

/// Length of `Word` in `Word$...` when a value is an SVar expression.
fn expr_prefix_len(value: &str) -> Option<usize> {
    let word = value
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    (word > 0 && value.as_bytes().get(word) == Some(&b'$')).then_some(word)
}

/// Where a `/Op[.N]` suffix starts in an expression body, if it has one.
fn math_suffix_start(body: &str) -> Option<usize> {
    let slash = body.rfind('/')?;
    let tail = &body[slash + 1..];
    let op_len = tail.bytes().take_while(|b| b.is_ascii_alphabetic()).count();
    let rest = &tail[op_len..];
    let ok = op_len > 0 && (rest.is_empty() || (rest.starts_with('.') && !rest[1..].contains(' ')));
    ok.then_some(slash)
}
