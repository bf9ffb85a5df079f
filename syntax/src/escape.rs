//! Decoding the escapes of host languages (XML entities, Python string escapes) while keeping,
//! for every decoded byte, the offset of the host text it came from (see `emit`).

/// Decoded text and the host offset (relative to the start of the host slice) of each of its
/// byte offsets, one past the end included.
pub(crate) struct Decoded {
    pub text: String,
    pub map: Vec<u32>,
}

impl Decoded {
    fn with_capacity(n: usize) -> Self {
        Decoded {
            text: String::with_capacity(n),
            map: Vec::with_capacity(n + 1),
        }
    }

    fn push(&mut self, ch: char, host: usize) {
        for _ in 0..ch.len_utf8() {
            self.map.push(host as u32);
        }
        self.text.push(ch);
    }

    fn push_str(&mut self, s: &str, host: usize) {
        for (i, ch) in s.char_indices() {
            self.push(ch, host + i);
        }
    }

    fn end(mut self, host_len: usize) -> Self {
        self.map.push(host_len as u32);
        self
    }
}

/// Decodes XML character references (`&amp;`, `&lt;`, `&#38;`, `&#x26;`...). `None` when there is
/// nothing to decode (the text is its own decoding). An unknown or unterminated reference is
/// kept as written.
pub(crate) fn xml(raw: &str) -> Option<Decoded> {
    if !raw.contains('&') {
        return None;
    }
    let mut out = Decoded::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let rest = &raw[i..];
        if rest.starts_with('&')
            && let Some(semi) = rest.as_bytes()[..rest.len().min(12)]
                .iter()
                .position(|&b| b == b';')
            && let Some(ch) = xml_entity(&rest[1..semi])
        {
            out.push(ch, i);
            i += semi + 1;
            continue;
        }
        let ch = rest.chars().next().unwrap_or('\0');
        out.push(ch, i);
        i += ch.len_utf8();
    }
    Some(out.end(raw.len()))
}

fn xml_entity(name: &str) -> Option<char> {
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        _ => {
            let num = name.strip_prefix('#')?;
            let code = match num.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => num.parse().ok()?,
            };
            char::from_u32(code)?
        }
    })
}

/// Decodes the escapes of a non-raw Python string body (`\n`, `\\`, `\'`, `\x41`, a backslash
/// before a line break...). `None` when there is nothing to decode.
pub(crate) fn python(raw: &str) -> Option<Decoded> {
    if !raw.contains('\\') {
        return None;
    }
    let mut out = Decoded::with_capacity(raw.len());
    let bytes = raw.as_bytes();
    let mut i = 0;
    while i < raw.len() {
        if bytes[i] == b'\\' && i + 1 < raw.len() {
            let next = raw[i + 1..].chars().next().unwrap_or('\0');
            let simple = match next {
                '\n' => Some(None),
                '\\' => Some(Some('\\')),
                '\'' => Some(Some('\'')),
                '"' => Some(Some('"')),
                'n' => Some(Some('\n')),
                't' => Some(Some('\t')),
                'r' => Some(Some('\r')),
                'a' => Some(Some('\u{7}')),
                'b' => Some(Some('\u{8}')),
                'f' => Some(Some('\u{c}')),
                'v' => Some(Some('\u{b}')),
                '0'..='7' => None,
                'x' => None,
                _ => {
                    // Not an escape: the backslash stays.
                    out.push('\\', i);
                    i += 1;
                    continue;
                }
            };
            match simple {
                Some(Some(ch)) => {
                    out.push(ch, i);
                    i += 1 + next.len_utf8();
                }
                Some(None) => i += 2,
                None => {
                    let (digits, radix, skip) = if next == 'x' {
                        (
                            raw[i + 2..]
                                .bytes()
                                .take(2)
                                .take_while(u8::is_ascii_hexdigit)
                                .count(),
                            16,
                            2,
                        )
                    } else {
                        (
                            raw[i + 1..]
                                .bytes()
                                .take(3)
                                .take_while(|b| (b'0'..=b'7').contains(b))
                                .count(),
                            8,
                            1,
                        )
                    };
                    let code = u32::from_str_radix(&raw[i + skip..i + skip + digits], radix)
                        .ok()
                        .and_then(char::from_u32);
                    match code {
                        Some(ch) if digits > 0 => {
                            out.push(ch, i);
                            i += skip + digits;
                        }
                        _ => {
                            out.push('\\', i);
                            i += 1;
                        }
                    }
                }
            }
            continue;
        }
        let ch = raw[i..].chars().next().unwrap_or('\0');
        out.push_str(&raw[i..i + ch.len_utf8()], i);
        i += ch.len_utf8();
    }
    Some(out.end(raw.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_entities_map_back() {
        let d = xml("R&amp;D&lt;x&#62;").unwrap();
        assert_eq!(d.text, "R&D<x>");
        assert_eq!(d.map, vec![0, 1, 6, 7, 11, 12, 17]);
        assert!(xml("plain").is_none());
        assert_eq!(xml("a&b;c").unwrap().text, "a&b;c");
        assert_eq!(xml("&#xD;&#xA;\u{2014} x").unwrap().text, "\r\n\u{2014} x");
        assert_eq!(
            xml("&\u{2014}\u{2014}\u{2014}\u{2014};").unwrap().text,
            "&\u{2014}\u{2014}\u{2014}\u{2014};"
        );
    }

    #[test]
    fn python_escapes_map_back() {
        let d = python(r"a\nb\\c\x41").unwrap();
        assert_eq!(d.text, "a\nb\\cA");
        assert_eq!(d.map, vec![0, 1, 3, 4, 6, 7, 11]);
        assert_eq!(python("x\\\ny").unwrap().text, "xy");
        assert_eq!(python(r"\q").unwrap().text, r"\q");
    }
}
