//! Small byte scanners shared by the dialect parsers.

/// One physical line: `content` excludes the line break, `end` includes it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line {
    pub start: usize,
    pub content_end: usize,
    pub end: usize,
}

/// Which byte sequences end a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Breaks {
    /// LF, CRLF and a lone CR (Forge, editors).
    Any,
    /// LF only; one CR right before it belongs to the break (Wagic).
    Lf,
}

/// Iterates over the physical lines of `text`.
pub(crate) fn lines(text: &str, breaks: Breaks) -> impl Iterator<Item = Line> + '_ {
    let bytes = text.as_bytes();
    let mut pos = 0usize;
    std::iter::from_fn(move || {
        if pos >= bytes.len() {
            return None;
        }
        let start = pos;
        let line = match breaks {
            Breaks::Lf => match memchr::memchr(b'\n', &bytes[pos..]) {
                Some(i) => {
                    let nl = pos + i;
                    let content_end = if nl > start && bytes[nl - 1] == b'\r' {
                        nl - 1
                    } else {
                        nl
                    };
                    Line {
                        start,
                        content_end,
                        end: nl + 1,
                    }
                }
                None => Line {
                    start,
                    content_end: bytes.len(),
                    end: bytes.len(),
                },
            },
            Breaks::Any => match memchr::memchr2(b'\n', b'\r', &bytes[pos..]) {
                Some(i) => {
                    let at = pos + i;
                    let end = if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                        at + 2
                    } else {
                        at + 1
                    };
                    Line {
                        start,
                        content_end: at,
                        end,
                    }
                }
                None => Line {
                    start,
                    content_end: bytes.len(),
                    end: bytes.len(),
                },
            },
        };
        pos = line.end;
        Some(line)
    })
}

/// Length of the run of whitespace (as Forge's `trim` sees it: any byte up to space) at the end of `s`.
pub(crate) fn trailing_ws(s: &str) -> usize {
    s.bytes().rev().take_while(|b| *b <= b' ').count()
}

/// Length of the run of whitespace (any byte up to space) at the start of `s`.
pub(crate) fn leading_trim(s: &str) -> usize {
    s.bytes().take_while(|b| *b <= b' ').count()
}
