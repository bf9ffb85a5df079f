//! The on-save check, incrementally: a document is cut into the units the engine plays (a Wagic
//! `[card]` block; a Forge file is one unit), and a save plays only the units whose text changed
//! since the last run. Findings of the other units stay (shifted with the edits made since), so
//! the Problems panel does not jump between a keystroke and a save.
//!
//! A job is taken from the world under its lock (`World::save_job`: the text, the configuration,
//! which units changed), run without it (`SaveJob::run`), and its result is installed by
//! `World::finish_save_job`, which shifts it through the edits made meanwhile.

use crate::world::SaveCheck;
use lint::Diagnostic;
use lint::config::Config;
use lint::dialect::Dialect;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::Arc;
use syntax::{TextRange, TextSize};

/// What the last run saw: the hash of every unit's text, and of the text between units (macros,
/// `[meta]`: when it changes, every unit is played again).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seen {
    units: HashSet<u64>,
    outside: u64,
}

/// The units of a document and what they hash to.
pub struct Units {
    pub units: Vec<(TextRange, u64)>,
    pub outside: u64,
}

fn hash_of(text: &str) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

fn range(start: usize, end: usize) -> TextRange {
    TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32))
}

/// Cuts a document into the units the engine plays one by one.
pub fn units(dialect: Dialect, text: &str) -> Units {
    if dialect != Dialect::WAGIC {
        return Units {
            units: vec![(range(0, text.len()), hash_of(text))],
            outside: 0,
        };
    }
    use syntax::wagic::outline::{Block, LineClass, Outline};
    let mut out = Vec::new();
    let mut outside = std::collections::hash_map::DefaultHasher::new();
    let mut open: Option<usize> = None;
    for line in Outline::new(text) {
        match (line.class, line.block) {
            (LineClass::BlockOpen { meta: false }, _) => {
                if let Some(start) = open.take() {
                    out.push(range(start, line.start));
                }
                open = Some(line.start);
            }
            (LineClass::BlockClose, Block::Card) => {
                let start = open.take().unwrap_or(line.start);
                out.push(range(start, line.end));
            }
            (LineClass::MacroDef, _) => text[line.start..line.end].hash(&mut outside),
            (_, Block::Card) if open.is_some() => {}
            _ => text[line.start..line.end].hash(&mut outside),
        }
    }
    if let Some(start) = open {
        out.push(range(start, text.len()));
    }
    Units {
        units: out.into_iter().map(|r| (r, hash_of(&text[r]))).collect(),
        outside: outside.finish(),
    }
}

impl Units {
    pub fn seen(&self) -> Seen {
        Seen {
            units: self.units.iter().map(|(_, h)| *h).collect(),
            outside: self.outside,
        }
    }

    /// The units to play after `before`: all of them (`None`) on the first run or when the text
    /// between units changed, else those whose text is new (maybe none).
    pub fn changed_since(&self, before: Option<&Seen>) -> Option<Vec<TextRange>> {
        let before = before?;
        if before.outside != self.outside {
            return None;
        }
        Some(
            self.units
                .iter()
                .filter(|(_, h)| !before.units.contains(h))
                .map(|(r, _)| *r)
                .collect(),
        )
    }
}

/// One run of the save check on one version of a document.
pub struct SaveJob {
    pub(crate) path: PathBuf,
    pub(crate) dialect: Dialect,
    pub(crate) text: Arc<str>,
    pub(crate) config: Arc<Config>,
    pub(crate) check: Arc<dyn SaveCheck>,
    /// `None`: the whole document.
    pub(crate) parts: Option<Vec<TextRange>>,
    pub(crate) seen: Seen,
    pub(crate) cancel: crate::world::Cancel,
}

/// The findings of a `SaveJob`, for `World::finish_save_job`.
pub struct SaveResult {
    pub(crate) path: PathBuf,
    pub(crate) parts: Option<Vec<TextRange>>,
    pub(crate) findings: Vec<Diagnostic>,
    pub(crate) seen: Seen,
    /// The job was cancelled: its findings are incomplete and not installed.
    pub(crate) cancelled: bool,
}

impl SaveJob {
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }

    /// How many units it plays (`None`: all).
    pub fn part_count(&self) -> Option<usize> {
        self.parts.as_ref().map(Vec::len)
    }

    /// Runs the check (without the world). A panic of the check is the caller's to catch.
    pub fn run(self) -> SaveResult {
        let findings = match &self.parts {
            None => self.check.check(
                &self.path,
                self.dialect,
                &self.text,
                &self.config,
                &self.cancel,
            ),
            Some(parts) => {
                let mut found = self.check.check_parts(
                    &self.path,
                    self.dialect,
                    &self.text,
                    &self.config,
                    parts,
                    &self.cancel,
                );
                found.retain(|d| inside(parts, d.range));
                found
            }
        };
        SaveResult {
            path: self.path,
            parts: self.parts,
            findings,
            seen: self.seen,
            cancelled: self.cancel.load(std::sync::atomic::Ordering::Relaxed),
        }
    }
}

/// Whether `range` lies in one of `parts`.
pub fn inside(parts: &[TextRange], range: TextRange) -> bool {
    parts.iter().any(|p| p.contains_range(range))
}

/// Moves a range through one edit (`[start, end)` replaced by `len` bytes): ranges before it stay,
/// ranges after it move, a range around it grows or shrinks; a range the edit cuts into is gone.
pub fn shift_through(range: TextRange, start: usize, end: usize, len: usize) -> Option<TextRange> {
    let (a, b) = (usize::from(range.start()), usize::from(range.end()));
    let delta = len as i64 - (end - start) as i64;
    let moved = |o: usize| (o as i64 + delta).max(0) as usize;
    if b <= start && !(a == b && a == start && end > start) {
        Some(range)
    } else if a >= end {
        Some(self::range(moved(a), moved(b)))
    } else if a <= start && end <= b {
        Some(self::range(a, moved(b)))
    } else {
        None
    }
}

/// Moves a finding (its range and its fix) through one edit; `false`: the edit cut into it.
pub fn shift_diagnostic_through(d: &mut Diagnostic, start: usize, end: usize, len: usize) -> bool {
    let Some(r) = shift_through(d.range, start, end, len) else {
        return false;
    };
    d.range = r;
    if let Some(fix) = &mut d.fix {
        for edit in &mut fix.edits {
            match shift_through(edit.range, start, end, len) {
                Some(r) => edit.range = r,
                None => {
                    d.fix = None;
                    break;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wagic_units_are_card_blocks() {
        let text = "#AUTO_DEFINE _X_ draw:1\n[card]\nname=A\n[/card]\n[card]\nname=B\n[/card]\n";
        let u = units(Dialect::WAGIC, text);
        let names: Vec<&str> = u.units.iter().map(|(r, _)| &text[*r]).collect();
        assert_eq!(
            names,
            ["[card]\nname=A\n[/card]\n", "[card]\nname=B\n[/card]\n"]
        );
        let seen = u.seen();
        // One card changes: only it is played again.
        let edited = text.replace("name=B", "name=Bee");
        let v = units(Dialect::WAGIC, &edited);
        let changed = v.changed_since(Some(&seen)).unwrap();
        assert_eq!(changed.len(), 1);
        assert_eq!(&edited[changed[0]], "[card]\nname=Bee\n[/card]\n");
        // Nothing changed: nothing to play.
        assert_eq!(u.changed_since(Some(&seen)), Some(Vec::new()));
        // A macro changed: everything.
        let macro_edit = text.replace("draw:1", "draw:2");
        assert_eq!(
            units(Dialect::WAGIC, &macro_edit).changed_since(Some(&seen)),
            None
        );
        // The first run: everything.
        assert_eq!(u.changed_since(None), None);
    }

    #[test]
    fn a_forge_file_is_one_unit() {
        let u = units(Dialect::FORGE, "Name:X\nTypes:Land\n");
        assert_eq!(u.units.len(), 1);
    }

    #[test]
    fn ranges_move_with_edits() {
        let r = range(10, 20);
        assert_eq!(shift_through(r, 0, 2, 5), Some(range(13, 23)));
        assert_eq!(shift_through(r, 25, 26, 0), Some(r));
        assert_eq!(shift_through(r, 12, 13, 3), Some(range(10, 22)));
        assert_eq!(shift_through(r, 5, 12, 0), None);
        assert_eq!(shift_through(r, 20, 20, 1), Some(r));
    }
}
