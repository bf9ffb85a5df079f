//! Where each kind of word is in the engine, and how it is read from there.

use std::path::Path;

use super::lex::lex;
use super::scan::{self, Constants, CppFile, Match, Spec};
use super::{WagicKind, WagicRow};
use crate::ExtractError;

/// The files the extractor reads, by name (wherever they are under the root).
const FILES: [&str; 10] = [
    "MTGDefinitions.cpp",
    "MTGDefinitions.h",
    "MTGAbility.cpp",
    "TargetChooser.cpp",
    "MTGGameZones.cpp",
    "MTGDeck.cpp",
    "AllAbilities.cpp",
    "AllAbilities.h",
    "WParsedInt.cpp",
    "WParsedInt.h",
];

/// Helpers that search their second argument in their first: `parseBetween(s, "x(", ")")`
/// searches `x(`, `parseSimpleTC(s, "x", card)` searches `x(`.
const HELPERS: [(&str, &str, Match, bool); 2] = [
    ("parseBetween", "", Match::Contains, true),
    ("parseSimpleTC", "(", Match::Contains, false),
];

/// Where the ability factory and the abilities it builds read the words of ability code: the
/// function and the variables holding (a part of) the text.
const EFFECT_READERS: [(&str, &str, &[&str]); 9] = [
    // The factory: the whole text, the text without its target, the transforms lists.
    (
        "AbilityFactory",
        "parseMagicLine",
        &["s", "sWithoutTc", "sabilities", "abilities"],
    ),
    ("AbilityFactory", "parseUpkeepAbility", &["s"]),
    ("AbilityFactory", "parsePhaseActionAbility", &["s"]),
    ("AbilityFactory", "parseChooseActionAbility", &["s"]),
    // transforms((...)): its ability and type lists.
    ("ATransformer", "ATransformer", &["sabilities", "stypes"]),
    // reveal: and scry: bodies.
    ("MTGRevealingCards", "MTGRevealingCards", &["coreAbility"]),
    ("MTGScryCards", "MTGScryCards", &["coreAbility"]),
    // flipacoin / rolld<n>: the winning and losing abilities.
    ("AASetCoin", "resolve", &["abilityToAlter"]),
    ("AASetDie", "resolve", &["abilityToAlter"]),
];

pub(super) struct Source {
    rel: String,
    name: String,
    bytes: Vec<u8>,
}

/// Reads the files named in [`FILES`] under `root` (hidden folders skipped, symbolic links to
/// folders not followed), sorted by relative path.
pub(super) fn read_files(root: &Path) -> Result<(Vec<Source>, Vec<String>), ExtractError> {
    let mut out = Vec::new();
    let mut warnings = Vec::new();
    let mut stack = vec![(root.to_path_buf(), String::new())];
    while let Some((dir, rel)) = stack.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if rel.is_empty() => return Err(ExtractError::Io(dir, e)),
            Err(e) => {
                warnings.push(format!("cannot list {rel}: {e}"));
                continue;
            }
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let child_rel = if rel.is_empty() {
                name.clone()
            } else {
                format!("{rel}/{name}")
            };
            let Ok(ft) = e.file_type() else { continue };
            if ft.is_dir() {
                if !name.starts_with('.') {
                    stack.push((e.path(), child_rel));
                }
            } else if FILES.contains(&name.as_str()) {
                match std::fs::read(e.path()) {
                    Ok(bytes) => out.push(Source {
                        rel: child_rel,
                        name,
                        bytes,
                    }),
                    Err(err) => warnings.push(format!("cannot read {child_rel}: {err}")),
                }
            }
        }
    }
    out.sort_by(|a, b| a.rel.cmp(&b.rel));
    if !out
        .iter()
        .any(|f| f.name == "MTGDefinitions.cpp" || f.name == "MTGAbility.cpp")
    {
        return Err(ExtractError::NotWagic(format!(
            "no MTGDefinitions.cpp or MTGAbility.cpp under {}",
            root.display()
        )));
    }
    Ok((out, warnings))
}

pub(super) fn digest(files: &[Source]) -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    for f in files {
        h.update(f.rel.as_bytes());
        h.update(&[0]);
        h.update(&(f.bytes.len() as u64).to_le_bytes());
        h.update(&f.bytes);
    }
    h.digest()
}

struct Tree {
    files: Vec<(String, CppFile)>,
    consts: Constants,
}

impl Tree {
    fn named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a CppFile> + 'a {
        self.files
            .iter()
            .filter(move |(n, _)| n == name)
            .map(|(_, f)| f)
    }

    /// Every body of `class::method`, in any file read.
    fn bodies(&self, class: &str, method: &str) -> Vec<(&CppFile, (usize, usize))> {
        let mut out = Vec::new();
        for (_, f) in &self.files {
            for b in scan::method_bodies(f, class, method) {
                out.push((f, b));
            }
        }
        out
    }
}

struct Out {
    rows: Vec<WagicRow>,
    warnings: Vec<String>,
}

impl Out {
    fn push(&mut self, kind: WagicKind, name: &str, detail: &str, location: String) {
        self.rows.push(WagicRow {
            kind,
            name: name.to_string(),
            detail: detail.to_string(),
            location,
        });
    }

    /// The literals tested in `class::method` on `vars`, as rows of `kind` whose detail is the
    /// match (prefixed with `prefix` when not empty). Warns when the function is missing.
    fn tests(
        &mut self,
        tree: &Tree,
        kind: WagicKind,
        (class, method): (&str, &str),
        vars: &[&str],
        prefix: &str,
    ) {
        // Locals derived from the text are followed where the functions are long and cut the
        // text into pieces (the ability factory, the restriction parsers); elsewhere a local
        // name is reused for unrelated text.
        let follow = matches!(kind, WagicKind::Effect | WagicKind::Restriction);
        let bodies = tree.bodies(class, method);
        if bodies.is_empty() {
            self.warnings
                .push(format!("{kind}: no definition of {class}::{method}"));
            return;
        }
        let spec = Spec {
            vars,
            helpers: &HELPERS,
            follow,
        };
        for (f, body) in bodies {
            for t in scan::tests_in(f, body, &spec, &tree.consts) {
                let detail = if prefix.is_empty() {
                    t.how.as_str().to_string()
                } else {
                    format!("{prefix}:{}", t.how.as_str())
                };
                self.push(kind, &t.literal, &detail, f.loc(t.line));
            }
        }
    }

    /// The string elements of the array `name` in the files called `file`, one row each with
    /// its index as detail.
    fn table(&mut self, tree: &Tree, kind: WagicKind, file: &str, name: &str) {
        let mut found = false;
        for f in tree.named(file) {
            for arr in scan::arrays(f, name, (0, f.toks.len())) {
                if found {
                    self.warnings
                        .push(format!("{kind}: a second {name}[] in {}", f.rel));
                    continue;
                }
                found = true;
                for (i, e) in arr.iter().filter(|e| e.is_string).enumerate() {
                    self.push(kind, &e.text, &i.to_string(), f.loc(e.line));
                }
            }
        }
        if !found {
            self.warnings.push(format!("{kind}: no {name}[] in {file}"));
        }
    }
}

pub(super) fn run(sources: &[Source]) -> Result<(Vec<WagicRow>, Vec<String>), ExtractError> {
    let mut files = Vec::new();
    let mut consts = Constants::default();
    for s in sources {
        let text = String::from_utf8_lossy(&s.bytes);
        let f = CppFile {
            rel: s.rel.clone(),
            toks: lex(&text),
        };
        consts.add_file(&f);
        files.push((s.name.clone(), f));
    }
    // The engine's own tables are kinds of their own, never the literals of a test.
    consts.arrays.retain(|name, _| !name.starts_with("MTG"));
    let tree = Tree { files, consts };
    let mut out = Out {
        rows: Vec::new(),
        warnings: Vec::new(),
    };

    out.table(
        &tree,
        WagicKind::BasicAbility,
        "MTGDefinitions.cpp",
        "MTGBasicAbilities",
    );
    out.table(
        &tree,
        WagicKind::Phase,
        "MTGDefinitions.cpp",
        "MTGPhaseCodeNames",
    );
    colors(&tree, &mut out);
    zones(&tree, &mut out);

    out.tests(
        &tree,
        WagicKind::Trigger,
        ("AbilityFactory", "parseTrigger"),
        &["s", "combatTriggerVector"],
        "",
    );
    // The factory cuts `@<trigger>:` out of the line and tests that text itself too.
    out.tests(
        &tree,
        WagicKind::Trigger,
        ("AbilityFactory", "parseMagicLine"),
        &["splitTrigger"],
        "",
    );
    keys(&tree, &mut out);
    // Readers added after 2016 (rolld<n>, scry:) are absent from older trees: a warning says so.
    for (class, method, vars) in EFFECT_READERS {
        out.tests(&tree, WagicKind::Effect, (class, method), vars, "");
    }
    for method in ["parseCastRestrictions", "parseRestriction"] {
        out.tests(
            &tree,
            WagicKind::Restriction,
            ("AbilityFactory", method),
            &["s", "restriction", "comparasion"],
            "",
        );
    }
    out.tests(
        &tree,
        WagicKind::TargetRestriction,
        ("TargetChooserFactory", "createTargetChooser"),
        &["attribute"],
        "",
    );
    for method in ["init", "extendedParse"] {
        out.tests(
            &tree,
            WagicKind::Variable,
            ("WParsedInt", method),
            &["s"],
            "",
        );
    }
    Ok((out.rows, out.warnings))
}

/// `MTG_COLOR_<NAME> = <n>` in `MTGDefinitions.h`.
fn colors(tree: &Tree, out: &mut Out) {
    let mut found = false;
    for f in tree.named("MTGDefinitions.h") {
        for (name, value, line) in scan::enum_constants(f, "MTG_COLOR_") {
            found = true;
            out.push(
                WagicKind::Color,
                &name.to_ascii_lowercase(),
                &value.to_string(),
                f.loc(line),
            );
        }
    }
    if !found {
        out.warnings
            .push("color: no MTG_COLOR_ constants in MTGDefinitions.h".to_string());
    }
}

/// The zone parser's table (`zoneStringToId`: the names and the zone constants they map to, two
/// parallel arrays), the names the target chooser compares before it falls back on that table,
/// and the destinations the mover compares.
fn zones(tree: &Tree, out: &mut Out) {
    let bodies = tree.bodies("MTGGameZone", "zoneStringToId");
    if bodies.is_empty() {
        out.warnings
            .push("zone: no definition of MTGGameZone::zoneStringToId".to_string());
    }
    for (f, body) in bodies {
        let names = scan::arrays(f, "strings", body);
        let values = scan::arrays(f, "values", body);
        let (Some(names), Some(values)) = (names.first(), values.first()) else {
            out.warnings
                .push("zone: zoneStringToId has no strings[] and values[]".to_string());
            continue;
        };
        if names.len() != values.len() {
            out.warnings.push(format!(
                "zone: zoneStringToId pairs {} names with {} values",
                names.len(),
                values.len()
            ));
        }
        for (n, v) in names.iter().zip(values) {
            out.push(
                WagicKind::Zone,
                &n.text,
                &format!("id:{}", v.text),
                f.loc(n.line),
            );
        }
    }
    out.tests(
        tree,
        WagicKind::Zone,
        ("TargetChooserFactory", "createTargetChooser"),
        &["zoneName"],
        "target",
    );
    out.tests(
        tree,
        WagicKind::Zone,
        ("AAMover", "destinationZone"),
        &["destination"],
        "moveto",
    );
    // The match of a zone comparison is always exact: keep the detail short.
    for r in &mut out.rows {
        if r.kind == WagicKind::Zone {
            r.detail = r
                .detail
                .trim_end_matches(":exact")
                .trim_end_matches(":contains")
                .to_string();
        }
    }
}

/// `MTGAllCards::processConfLine` (card keys: the first letters it switches on, and in each case
/// the keys it compares and the words it searches in the line, detail `card:<letter>:<match>`;
/// outside the switch `card:<match>`), the `auto<zone>` keys whose texts are used
/// (`card:auto:exact`) and `MTGSetInfo::processConfLine` (keys of a set's `[meta]` block).
fn keys(tree: &Tree, out: &mut Out) {
    let bodies = tree.bodies("MTGAllCards", "processConfLine");
    if bodies.is_empty() {
        out.warnings
            .push("key: no definition of MTGAllCards::processConfLine".to_string());
    }
    let spec = Spec {
        vars: &["key", "s"],
        helpers: &HELPERS,
        follow: false,
    };
    for (f, body) in bodies {
        let cases = scan::switch_cases(f, body, "key");
        for (letter, line, range) in &cases {
            out.push(WagicKind::Key, letter, "card:letter", f.loc(*line));
            for t in scan::tests_in(f, *range, &spec, &tree.consts) {
                let detail = format!("card:{letter}:{}", t.how.as_str());
                out.push(WagicKind::Key, &t.literal, &detail, f.loc(t.line));
            }
        }
        // Tests before and after the switch.
        let first = cases.iter().map(|c| c.2.0).min().unwrap_or(body.1);
        let last = cases.iter().map(|c| c.2.1).max().unwrap_or(body.1);
        for range in [(body.0, first), (last, body.1)] {
            for t in scan::tests_in(f, range, &spec, &tree.consts) {
                let detail = format!("card:{}", t.how.as_str());
                out.push(WagicKind::Key, &t.literal, &detail, f.loc(t.line));
            }
        }
    }
    // `auto<zone>=` lines are stored under `<zone>`; the zones whose texts the engine uses are
    // the subscripts of `magicTexts["<zone>"]` (the ability loader, per zone of the card).
    for (_, f) in &tree.files {
        let t = &f.toks;
        for i in 0..t.len().saturating_sub(3) {
            if t[i].is_ident("magicTexts")
                && t[i + 1].is_punct("[")
                && t[i + 3].is_punct("]")
                && let Some(zone) = t[i + 2].string()
            {
                out.push(
                    WagicKind::Key,
                    &format!("auto{zone}"),
                    "card:auto:exact",
                    f.loc(t[i].line),
                );
            }
        }
    }
    out.tests(
        tree,
        WagicKind::Key,
        ("MTGSetInfo", "processConfLine"),
        &["key"],
        "meta",
    );
}
