//! A small C/C++ lexer: identifiers, numbers, string and character literals, punctuation, with
//! line numbers. Comments and preprocessor lines are skipped; adjacent string literals are one
//! literal (`"a" "b"` is `"ab"`), as the compiler joins them. Enough to find array initialisers,
//! enum constants, function bodies and the literals a function compares its text with.

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok {
    Ident(String),
    Num(String),
    Str(String),
    Char(String),
    /// `::`, `==`, `!=`, `->`, `&&`, `||`, `<=`, `>=`, `<<`, `>>`, `++`, `--`, `+=`, `-=`, or one
    /// character.
    Punct(String),
}

#[derive(Debug, Clone)]
pub(crate) struct Token {
    pub(crate) tok: Tok,
    pub(crate) line: u32,
}

impl Token {
    pub(crate) fn is_punct(&self, p: &str) -> bool {
        matches!(&self.tok, Tok::Punct(x) if x == p)
    }

    pub(crate) fn is_ident(&self, name: &str) -> bool {
        matches!(&self.tok, Tok::Ident(x) if x == name)
    }

    pub(crate) fn ident(&self) -> Option<&str> {
        match &self.tok {
            Tok::Ident(x) => Some(x),
            _ => None,
        }
    }

    pub(crate) fn string(&self) -> Option<&str> {
        match &self.tok {
            Tok::Str(x) => Some(x),
            _ => None,
        }
    }
}

const TWO: [&str; 14] = [
    "::", "==", "!=", "->", "&&", "||", "<=", ">=", "<<", ">>", "++", "--", "+=", "-=",
];

/// The tokens of `text` (any bytes: text that is not UTF-8 was read lossily).
pub(crate) fn lex(text: &str) -> Vec<Token> {
    let b = text.as_bytes();
    let mut out: Vec<Token> = Vec::new();
    let mut i = 0;
    let mut line: u32 = 1;
    // Only whitespace so far on this line: a `#` starts a preprocessor line.
    let mut line_start = true;
    // The previous token was a string literal with nothing but blanks and comments since.
    let mut joinable = false;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' => {
                line += 1;
                line_start = true;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                i += 1;
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                    if b[i] == b'\n' {
                        line += 1;
                    }
                    i += 1;
                }
                i = (i + 2).min(b.len());
                continue;
            }
            b'#' if line_start => {
                // A directive, continued by a backslash at the end of a line.
                while i < b.len() && b[i] != b'\n' {
                    if b[i] == b'\\' && b.get(i + 1) == Some(&b'\n') {
                        line += 1;
                        i += 1;
                    } else if b[i] == b'\\' && b.get(i + 1) == Some(&b'\r') {
                        i += 1;
                    }
                    i += 1;
                }
                joinable = false;
                continue;
            }
            _ => {}
        }
        line_start = false;
        let start_line = line;
        if c == b'"' {
            let (s, next, lines) = quoted(b, i + 1, b'"');
            i = next;
            line += lines;
            if joinable
                && let Some(Token {
                    tok: Tok::Str(prev),
                    ..
                }) = out.last_mut()
            {
                prev.push_str(&s);
            } else {
                out.push(Token {
                    tok: Tok::Str(s),
                    line: start_line,
                });
            }
            joinable = true;
            continue;
        }
        joinable = false;
        if c == b'\'' {
            let (s, next, lines) = quoted(b, i + 1, b'\'');
            i = next;
            line += lines;
            out.push(Token {
                tok: Tok::Char(s),
                line: start_line,
            });
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] >= 0x80) {
                i += 1;
            }
            let word = &text[s..i];
            // String prefixes (L"", u8"", ...) belong to the literal.
            if matches!(word, "L" | "u" | "U" | "u8") && b.get(i) == Some(&b'"') {
                continue;
            }
            out.push(Token {
                tok: Tok::Ident(word.to_string()),
                line: start_line,
            });
            continue;
        }
        if c.is_ascii_digit() {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.' || b[i] == b'_') {
                i += 1;
            }
            out.push(Token {
                tok: Tok::Num(text[s..i].to_string()),
                line: start_line,
            });
            continue;
        }
        let two = text.get(i..i + 2).unwrap_or("");
        let p = if TWO.contains(&two) {
            i += 2;
            two.to_string()
        } else {
            i += 1;
            (c as char).to_string()
        };
        out.push(Token {
            tok: Tok::Punct(p),
            line: start_line,
        });
    }
    out
}

/// Reads a quoted literal from `i` (after the opening quote): its value with the usual escapes
/// decoded, the index after the closing quote, and the line breaks crossed (a backslash before a
/// line break continues the literal).
fn quoted(b: &[u8], mut i: usize, quote: u8) -> (String, usize, u32) {
    let mut v: Vec<u8> = Vec::new();
    let mut lines = 0;
    while i < b.len() && b[i] != quote {
        match b[i] {
            b'\n' => break,
            b'\\' if i + 1 < b.len() => {
                let e = b[i + 1];
                i += 2;
                match e {
                    b'n' => v.push(b'\n'),
                    b't' => v.push(b'\t'),
                    b'r' => v.push(b'\r'),
                    b'0' => v.push(0),
                    b'\n' => lines += 1,
                    other => v.push(other),
                }
            }
            other => {
                v.push(other);
                i += 1;
            }
        }
    }
    if i < b.len() && b[i] == quote {
        i += 1;
    }
    (String::from_utf8_lossy(&v).into_owned(), i, lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        lex(s).into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn skips_comments_and_directives() {
        let t = lex("#include \"x.h\"\n// \"no\"\n/* \"no\"\n */ a = \"yes\"; # not a directive\n");
        let strs: Vec<_> = t.iter().filter_map(Token::string).collect();
        assert_eq!(strs, ["yes"]);
        assert_eq!(t[0].line, 4);
        assert!(t.iter().any(|t| t.is_punct("#")));
    }

    #[test]
    fn joins_adjacent_literals_and_decodes_escapes() {
        assert_eq!(
            toks("f(\"a\" /* c */ \"b\\\"c\", 'x', '\\'')"),
            vec![
                Tok::Ident("f".into()),
                Tok::Punct("(".into()),
                Tok::Str("ab\"c".into()),
                Tok::Punct(",".into()),
                Tok::Char("x".into()),
                Tok::Punct(",".into()),
                Tok::Char("'".into()),
                Tok::Punct(")".into()),
            ]
        );
    }

    #[test]
    fn two_character_operators() {
        assert_eq!(
            toks("A::b == c != d->e"),
            vec![
                Tok::Ident("A".into()),
                Tok::Punct("::".into()),
                Tok::Ident("b".into()),
                Tok::Punct("==".into()),
                Tok::Ident("c".into()),
                Tok::Punct("!=".into()),
                Tok::Ident("d".into()),
                Tok::Punct("->".into()),
                Tok::Ident("e".into()),
            ]
        );
    }

    #[test]
    fn counts_lines_inside_block_comments_and_continued_directives() {
        let t = lex("/*\n\n*/#define X \\\n  \"no\"\nint x;");
        assert_eq!(t[0].line, 5);
    }
}
