//! SVar references and rename over the shared upstream Forge sample (`../shared/corpus` or
//! `$CARDLINT_CORPUS`, skipped with a notice when absent): every SVar of every script can be
//! renamed or is refused with a reason, the edits never overlap, each replaces exactly the old
//! name, and they are the places references lists. No corpus text appears here.

use ide::World;
use std::path::{Path, PathBuf};
use syntax::TextSize;

fn corpus(name: &str) -> Option<PathBuf> {
    let base = std::env::var_os("CARDLINT_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"));
    let root = base.join(name);
    if root.is_dir() {
        Some(root)
    } else {
        eprintln!(
            "notice: {} is absent; Forge rename corpus test skipped",
            root.display()
        );
        None
    }
}

#[test]
fn every_svar_of_the_upstream_sample_renames_cleanly() {
    let Some(root) = corpus("forge-upstream-sample") else {
        return;
    };
    let mut world = World::new();
    world.set_folders(vec![root.clone()]);
    let scan = World::scan(vec![root.clone()]);
    world.install(scan);
    let mut files = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "txt") {
                files.push(p);
            }
        }
    }
    files.sort();
    let (mut renamed, mut refused, mut uses) = (0, 0, 0);
    for path in &files {
        let Some(text) = world.text(path).map(str::to_string) else {
            continue;
        };
        let mut at = 0;
        while let Some(i) = text[at..].find("SVar:") {
            let start = at + i + "SVar:".len();
            at = start;
            let line_start = text[..start - "SVar:".len()]
                .rfind('\n')
                .map_or(0, |n| n + 1);
            if line_start != start - "SVar:".len() {
                continue;
            }
            let Some(colon) = text[start..].find(':') else {
                continue;
            };
            let name = &text[start..start + colon];
            if name.is_empty() || name.contains(['\n', ' ']) {
                continue;
            }
            let offset = TextSize::from(start as u32);
            let refs = world.references(path, offset, true);
            match world.rename(path, offset, "Zq9Renamed") {
                Ok(edits) => {
                    renamed += 1;
                    uses += edits.len();
                    let mut ranges: Vec<_> = edits.iter().map(|e| e.edit.range).collect();
                    ranges.sort_by_key(|r| r.start());
                    for w in ranges.windows(2) {
                        assert!(
                            w[0].end() <= w[1].start(),
                            "{}: overlapping edits",
                            path.display()
                        );
                    }
                    for r in &ranges {
                        assert_eq!(
                            &text[std::ops::Range::<usize>::from(*r)],
                            name,
                            "{}: an edit replaces something else",
                            path.display()
                        );
                    }
                    let mut listed: Vec<_> = refs.iter().map(|l| l.range).collect();
                    listed.sort_by_key(|r| r.start());
                    assert_eq!(
                        listed,
                        ranges,
                        "{}: rename and references differ",
                        path.display()
                    );
                }
                Err(why) => {
                    refused += 1;
                    assert!(!why.is_empty());
                    assert!(world.prepare_rename(path, offset).is_err() || why.contains("already"));
                }
            }
        }
    }
    eprintln!(
        "{} files: {renamed} SVars renamable ({uses} edits), {refused} refused",
        files.len()
    );
    assert!(renamed > 0);
}
