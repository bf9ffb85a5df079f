//! The TSV form of an extraction, the interface with the rest of cardlint: a commented header
//! (label, file counts, digest), `# warning:` lines, then `kind<TAB>name<TAB>detail<TAB>location`.

use crate::{Extraction, Kind, Row};

const MAGIC: &str = "# cardlint forge vocabulary v1";

// Tabs, line breaks and backslashes inside a field would break the format; they are written as
// `\t`, `\n`, `\r` and `\\` (keyword texts are the only fields that could hold them).
pub(crate) fn escape(s: &str) -> String {
    if !s.contains(['\t', '\n', '\r', '\\']) {
        return s.to_string();
    }
    let mut o = String::with_capacity(s.len() + 4);
    for c in s.chars() {
        match c {
            '\t' => o.push_str("\\t"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\\' => o.push_str("\\\\"),
            c => o.push(c),
        }
    }
    o
}

pub(crate) fn unescape(s: &str) -> String {
    if !s.contains('\\') {
        return s.to_string();
    }
    let mut o = String::with_capacity(s.len());
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c != '\\' {
            o.push(c);
            continue;
        }
        match it.next() {
            Some('t') => o.push('\t'),
            Some('n') => o.push('\n'),
            Some('r') => o.push('\r'),
            Some(other) => o.push(other),
            None => o.push('\\'),
        }
    }
    o
}

fn one_line(s: &str) -> String {
    s.replace(['\n', '\r'], " ")
}

pub(crate) fn write(x: &Extraction, label: &str) -> String {
    let mut out = String::with_capacity(x.rows.len() * 64 + 256);
    out.push_str(MAGIC);
    out.push('\n');
    out.push_str(&format!("# label: {}\n", one_line(label)));
    out.push_str(&format!(
        "# java files: {} read, {} parsed; digest: {:016x}\n",
        x.java_files, x.parsed_files, x.digest
    ));
    for w in &x.warnings {
        out.push_str(&format!("# warning: {}\n", one_line(w)));
    }
    for r in &x.rows {
        out.push_str(r.kind.as_str());
        for f in [&r.name, &r.detail, &r.location] {
            out.push('\t');
            out.push_str(&escape(f));
        }
        out.push('\n');
    }
    out
}

pub(crate) fn read(text: &str) -> Result<Extraction, String> {
    let mut x = Extraction::default();
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, l)) if l.trim_end() == MAGIC => {}
        _ => return Err(format!("line 1: expected `{MAGIC}`")),
    }
    for (i, line) in lines {
        let n = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        if let Some(c) = line.strip_prefix('#') {
            let c = c.trim_start();
            if let Some(w) = c.strip_prefix("warning: ") {
                x.warnings.push(w.to_string());
            } else if let Some(rest) = c.strip_prefix("java files: ") {
                parse_counts(rest, &mut x).map_err(|e| format!("line {n}: {e}"))?;
            }
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 4 {
            return Err(format!(
                "line {n}: expected 4 tab-separated fields, found {}",
                f.len()
            ));
        }
        let kind = Kind::parse(f[0]).ok_or_else(|| format!("line {n}: unknown kind `{}`", f[0]))?;
        x.rows.push(Row {
            kind,
            name: unescape(f[1]),
            detail: unescape(f[2]),
            location: unescape(f[3]),
        });
    }
    Ok(x)
}

// `<N> read, <M> parsed; digest: <hex>`
fn parse_counts(s: &str, x: &mut Extraction) -> Result<(), String> {
    let bad = || format!("unreadable counts `{s}`");
    let (counts, digest) = s.split_once("; digest:").ok_or_else(bad)?;
    let (read, parsed) = counts.split_once(',').ok_or_else(bad)?;
    x.java_files = read
        .trim()
        .strip_suffix("read")
        .ok_or_else(bad)?
        .trim()
        .parse()
        .map_err(|_| bad())?;
    x.parsed_files = parsed
        .trim()
        .strip_suffix("parsed")
        .ok_or_else(bad)?
        .trim()
        .parse()
        .map_err(|_| bad())?;
    x.digest = u64::from_str_radix(digest.trim(), 16).map_err(|_| bad())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let x = Extraction {
            rows: vec![
                Row {
                    kind: Kind::Api,
                    name: "Destroy".into(),
                    detail: "DestroyEffect".into(),
                    location: "a/ApiType.java:3".into(),
                },
                Row {
                    kind: Kind::KeywordInternal,
                    name: "odd\ttext\\with\nbreaks".into(),
                    detail: String::new(),
                    location: "b.java:1".into(),
                },
            ],
            java_files: 12,
            parsed_files: 7,
            digest: 0x0123_4567_89ab_cdef,
            warnings: vec!["something is missing".into()],
        };
        let t = write(&x, "test\nlabel");
        assert!(t.starts_with(MAGIC));
        assert!(t.contains("# java files: 12 read, 7 parsed; digest: 0123456789abcdef\n"));
        assert_eq!(read(&t).unwrap(), x);
    }

    #[test]
    fn rejects_bad_input() {
        assert!(read("").is_err());
        assert!(read(&format!("{MAGIC}\napi\tX\n")).is_err());
        assert!(read(&format!("{MAGIC}\nnope\tX\t\tf:1\n")).is_err());
        assert!(read(&format!("{MAGIC}\n# java files: x read\n")).is_err());
    }
}
