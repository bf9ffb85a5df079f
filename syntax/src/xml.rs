//! A small XML scanner for OCTGN set files (`set.xml`): declarations, comments, tags with their
//! attributes, text. It yields byte ranges only; dialect parsers build their trees from them and
//! workspace indexes read card ids from them without building anything. It is not a validating
//! parser: it follows what a set file needs, and reports what it cannot close.

/// A byte range `start..end` in the scanned text.
pub type Span = (usize, usize);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attr {
    pub name: Span,
    /// The `=`, if any.
    pub eq: Option<usize>,
    /// The value between the quotes (the quotes excluded).
    pub value: Option<Span>,
    /// Whether the closing quote was found.
    pub closed: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// `<?...?>`, `<!DOCTYPE ...>`, `<![CDATA[...]]>`: kept whole.
    Markup { span: Span, closed: bool },
    /// `<!-- ... -->`.
    Comment { span: Span, closed: bool },
    /// `<name attr="value" ...>` or `<name .../>`.
    Start {
        span: Span,
        name: Span,
        attrs: Vec<Attr>,
        self_closing: bool,
        closed: bool,
    },
    /// `</name>`.
    End {
        span: Span,
        name: Span,
        closed: bool,
    },
    /// Text between tags (whitespace included).
    Text { span: Span },
}

pub struct Scanner<'t> {
    text: &'t str,
    pos: usize,
}

impl<'t> Scanner<'t> {
    pub fn new(text: &'t str) -> Self {
        let pos = if text.starts_with('\u{feff}') { 3 } else { 0 };
        Scanner { text, pos }
    }

    /// Where scanning starts (after a byte-order mark).
    pub fn start(&self) -> usize {
        self.pos
    }
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b':') || b >= 0x80
}

impl Iterator for Scanner<'_> {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        let bytes = self.text.as_bytes();
        let len = bytes.len();
        let start = self.pos;
        if start >= len {
            return None;
        }
        if bytes[start] != b'<' {
            let end = memchr::memchr(b'<', &bytes[start..]).map_or(len, |i| start + i);
            self.pos = end;
            return Some(Event::Text { span: (start, end) });
        }
        let rest = &self.text[start..];
        let find = |pat: &str, from: usize| rest[from..].find(pat).map(|i| start + from + i);
        if rest.starts_with("<!--") {
            let (end, closed) = match find("-->", 4) {
                Some(i) => (i + 3, true),
                None => (len, false),
            };
            self.pos = end;
            return Some(Event::Comment {
                span: (start, end),
                closed,
            });
        }
        if rest.starts_with("<?") || rest.starts_with("<!") {
            let close = if rest.starts_with("<?") {
                "?>"
            } else if rest.starts_with("<![CDATA[") {
                "]]>"
            } else {
                ">"
            };
            let (end, closed) = match find(close, 2) {
                Some(i) => (i + close.len(), true),
                None => (len, false),
            };
            self.pos = end;
            return Some(Event::Markup {
                span: (start, end),
                closed,
            });
        }
        if rest.starts_with("</") {
            let name_start = start + 2;
            let mut i = name_start;
            while i < len && is_name_byte(bytes[i]) {
                i += 1;
            }
            let name = (name_start, i);
            let (end, closed) = match memchr::memchr2(b'>', b'<', &bytes[i..]) {
                Some(j) if bytes[i + j] == b'>' => (i + j + 1, true),
                Some(j) => (i + j, false),
                None => (len, false),
            };
            self.pos = end;
            return Some(Event::End {
                span: (start, end),
                name,
                closed,
            });
        }
        // A start tag.
        let name_start = start + 1;
        let mut i = name_start;
        while i < len && is_name_byte(bytes[i]) {
            i += 1;
        }
        let name = (name_start, i);
        let mut attrs = Vec::new();
        let mut self_closing = false;
        let mut closed = false;
        while i < len {
            match bytes[i] {
                b' ' | b'\t' | b'\r' | b'\n' => i += 1,
                b'>' => {
                    i += 1;
                    closed = true;
                    break;
                }
                b'/' if bytes.get(i + 1) == Some(&b'>') => {
                    i += 2;
                    self_closing = true;
                    closed = true;
                    break;
                }
                b'<' => break,
                _ => {
                    let a_start = i;
                    while i < len
                        && !matches!(bytes[i], b'=' | b' ' | b'\t' | b'\r' | b'\n' | b'>' | b'<')
                        && !(bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'>'))
                    {
                        i += 1;
                    }
                    if i == a_start {
                        // A stray character: skip it as part of the tag.
                        i += 1;
                        continue;
                    }
                    let mut attr = Attr {
                        name: (a_start, i),
                        eq: None,
                        value: None,
                        closed: true,
                    };
                    let mut j = i;
                    while j < len && matches!(bytes[j], b' ' | b'\t' | b'\r' | b'\n') {
                        j += 1;
                    }
                    if j < len && bytes[j] == b'=' {
                        attr.eq = Some(j);
                        j += 1;
                        while j < len && matches!(bytes[j], b' ' | b'\t' | b'\r' | b'\n') {
                            j += 1;
                        }
                        if j < len && matches!(bytes[j], b'"' | b'\'') {
                            let q = bytes[j];
                            let v_start = j + 1;
                            match memchr::memchr(q, &bytes[v_start..]) {
                                Some(k) => {
                                    attr.value = Some((v_start, v_start + k));
                                    j = v_start + k + 1;
                                }
                                None => {
                                    attr.value = Some((v_start, len));
                                    attr.closed = false;
                                    j = len;
                                }
                            }
                        }
                        i = j;
                    }
                    attrs.push(attr);
                }
            }
        }
        self.pos = i;
        Some(Event::Start {
            span: (start, i),
            name,
            attrs,
            self_closing,
            closed,
        })
    }
}

/// The text of a span.
pub fn slice(text: &str, span: Span) -> &str {
    &text[span.0..span.1]
}

/// The value of the attribute called `name` of a start tag, as written (entities not decoded).
pub fn attr_value<'t>(text: &'t str, attrs: &[Attr], name: &str) -> Option<&'t str> {
    attrs
        .iter()
        .find(|a| slice(text, a.name) == name)
        .and_then(|a| a.value)
        .map(|v| slice(text, v))
}

/// The value of an attribute with its entities decoded.
pub fn decode(raw: &str) -> String {
    match crate::escape::xml(raw) {
        Some(d) => d.text,
        None => raw.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scans_a_set_file() {
        let text = "<?xml version=\"1.0\"?>\n<set gameId=\"g\">\n<!-- c -->\n<card id=\"1\" name=\"A&amp;B\">\n<property name=\"AutoScript\" value=\"onPlay:Draw1Card\" />\n</card>\n</set>\n";
        let events: Vec<Event> = Scanner::new(text).collect();
        let starts: Vec<&str> = events
            .iter()
            .filter_map(|e| match e {
                Event::Start { name, .. } => Some(slice(text, *name)),
                _ => None,
            })
            .collect();
        assert_eq!(starts, ["set", "card", "property"]);
        let Event::Start { attrs, .. } = &events[6] else {
            panic!("{:?}", events[6])
        };
        assert_eq!(attr_value(text, attrs, "name"), Some("A&amp;B"));
        assert_eq!(decode("A&amp;B"), "A&B");
        let total: usize = events
            .iter()
            .map(|e| match e {
                Event::Markup { span, .. }
                | Event::Comment { span, .. }
                | Event::Start { span, .. }
                | Event::End { span, .. }
                | Event::Text { span } => span.1 - span.0,
            })
            .sum();
        assert_eq!(total, text.len());
    }

    #[test]
    fn unterminated_pieces_are_reported() {
        let events: Vec<Event> = Scanner::new("<card name=\"x").collect();
        assert!(
            matches!(&events[0], Event::Start { closed: false, attrs, .. } if !attrs[0].closed)
        );
        let events: Vec<Event> = Scanner::new("<!-- x").collect();
        assert!(matches!(events[0], Event::Comment { closed: false, .. }));
    }
}

/// The kinds a dialect gives the pieces of an XML file it builds a tree for.
#[derive(Clone, Copy)]
pub(crate) struct Kinds {
    pub whitespace: rowan::SyntaxKind,
    pub newline: rowan::SyntaxKind,
    pub comment: rowan::SyntaxKind,
    /// Declarations, processing instructions, CDATA.
    pub markup: rowan::SyntaxKind,
    pub punct: rowan::SyntaxKind,
    pub name: rowan::SyntaxKind,
    pub attr_name: rowan::SyntaxKind,
    pub eq: rowan::SyntaxKind,
    pub quote: rowan::SyntaxKind,
    pub value: rowan::SyntaxKind,
    pub text: rowan::SyntaxKind,
    pub tag: rowan::SyntaxKind,
    pub attr: rowan::SyntaxKind,
}

/// Emits whitespace with its line breaks as separate tokens, up to `end`.
pub(crate) fn emit_blank(b: &mut crate::builder::Builder<'_>, text: &str, end: usize, k: Kinds) {
    let bytes = text.as_bytes();
    while b.pos() < end {
        let p = b.pos();
        if bytes[p] == b'\n' || bytes[p] == b'\r' {
            let n = if bytes[p] == b'\r' && bytes.get(p + 1) == Some(&b'\n') {
                2
            } else {
                1
            };
            b.token(k.newline, n.min(end - p));
        } else {
            let n = bytes[p..end]
                .iter()
                .take_while(|c| !matches!(c, b'\n' | b'\r'))
                .count();
            b.token(k.whitespace, n);
        }
    }
}

/// Emits a non-tag event (text, comment, markup); reports what it cannot close.
pub(crate) fn emit_other(b: &mut crate::builder::Builder<'_>, text: &str, event: &Event, k: Kinds) {
    match *event {
        Event::Text { span } => {
            if text[span.0..span.1].trim().is_empty() {
                emit_blank(b, text, span.1, k);
            } else {
                b.token_to(k.text, span.1);
            }
        }
        Event::Comment { span, closed } | Event::Markup { span, closed } => {
            let kind = if matches!(event, Event::Comment { .. }) {
                k.comment
            } else {
                k.markup
            };
            b.token_to(kind, span.1);
            if !closed {
                b.error(
                    crate::ErrorKind::UnbalancedBracket,
                    span.0,
                    // The opening (`<!--`, `<?x`), cut on a character boundary.
                    text.floor_char_boundary((span.0 + 4).min(span.1)),
                    "this XML comment or declaration is never closed: the set file cannot be read",
                );
            }
        }
        Event::End { span, name, closed } => {
            b.start(k.tag);
            b.token_to(k.punct, name.0);
            b.token_to(k.name, name.1);
            if closed {
                emit_blank(b, text, span.1 - 1, k);
                b.token_to(k.punct, span.1);
            } else {
                b.token_to(k.whitespace, span.1);
                b.error(
                    crate::ErrorKind::UnbalancedBracket,
                    span.0,
                    name.1,
                    "this XML end tag has no `>`: the set file cannot be read",
                );
            }
            b.finish();
        }
        Event::Start { .. } => {}
    }
}

/// Emits a start tag as a node of `node` kind; `value` may emit an attribute's value itself
/// (between the quotes) and returns whether it did.
pub(crate) fn emit_start<'t>(
    b: &mut crate::builder::Builder<'t>,
    text: &'t str,
    event: &Event,
    node: rowan::SyntaxKind,
    k: Kinds,
    value: &mut dyn FnMut(&mut crate::builder::Builder<'t>, &Attr) -> bool,
) {
    let Event::Start {
        span,
        name,
        attrs,
        self_closing,
        closed,
    } = event
    else {
        return;
    };
    b.start(node);
    b.token_to(k.punct, name.0);
    b.token_to(k.name, name.1);
    for attr in attrs {
        emit_blank(b, text, attr.name.0, k);
        b.start(k.attr);
        b.token_to(k.attr_name, attr.name.1);
        if let Some(eq) = attr.eq {
            emit_blank(b, text, eq, k);
            b.token(k.eq, 1);
        }
        if let Some((vs, ve)) = attr.value {
            emit_blank(b, text, vs - 1, k);
            b.token(k.quote, 1);
            if !value(b, attr) {
                b.token_to(k.value, ve);
            }
            b.token_to(k.value, ve);
            if attr.closed {
                b.token(k.quote, 1);
            } else {
                b.error(
                    crate::ErrorKind::UnbalancedBracket,
                    vs - 1,
                    vs,
                    "this attribute value has no closing quote: the set file cannot be read",
                );
            }
        }
        b.finish();
    }
    if *closed {
        let close = if *self_closing { 2 } else { 1 };
        emit_blank(b, text, span.1 - close, k);
        b.token_to(k.text, span.1 - close);
        b.token_to(k.punct, span.1);
    } else {
        b.token_to(k.text, span.1);
        b.error(
            crate::ErrorKind::UnbalancedBracket,
            span.0,
            name.1,
            "this XML tag has no closing `>`: the set file cannot be read",
        );
    }
    b.finish();
}
