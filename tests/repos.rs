//! cardlint in real repositories: named files checked in their project's context, the engines'
//! non-card files left alone, the config's `[dialects]` in a walk, and what the hooks run.
//! Every fixture is invented here, laid out like the engines' resource folders.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output, Stdio};

mod common;
use common::{json, write};

fn cardlint_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardlint"))
        .current_dir(dir)
        .env("CARDLINT_CACHE_DIR", dir.join(".test-cache"))
        .env_remove("NO_COLOR")
        .args(args)
        .output()
        .expect("run cardlint")
}

/// Every file under `dir` with its bytes (the cache folder left out).
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.ends_with(".test-cache") {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .to_string();
                out.push((rel, std::fs::read(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// A tree laid out like Forge's `forge-gui/res`: card scripts, a token script, and the folders
/// of non-card `.txt` files that start like card scripts (`Name:` lines, `[format]` and
/// `[metadata]` headers), one of them with a `Type:` line a card's `Types:` fix would rewrite.
fn forge_res() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "forge-gui/res/cardsfolder/e/ember_warden.txt",
        "Name:Ember Warden\nManaCost:1 R\nTypes:Creature Elemental Warrior\nPT:2/1\nK:Haste\nOracle:Haste\n",
    );
    write(
        d,
        "forge-gui/res/cardsfolder/m/mossback_tithe.txt",
        "Name:Mossback Tithe\nManaCost:G\nTypes:Sorcery\nA:SP$ GainLife | Defined$ You | LifeAmount$ 3 | SpellDescription$ You gain 3 life.\nOracle:You gain 3 life.\n",
    );
    write(
        d,
        "forge-gui/res/tokenscripts/g_2_2_wolf.txt",
        "Name:Wolf Token\nManaCost:no cost\nColors:green\nTypes:Creature Wolf\nPT:2/2\nOracle:\n",
    );
    write(
        d,
        "forge-gui/res/formats/Sanctioned/Frontier Test.txt",
        "[format]\nName:Frontier Test\nType:Sanctioned\nSubtype:Custom\nOrder:120\nSets:AAA, BBB, CCC\nBanned:Ember Warden\n",
    );
    write(
        d,
        "forge-gui/res/formats/Archived/Block/Old Block.txt",
        "Name:Old Block Constructed\nType:Archived\nSubtype:Block\nEffective:2001-01-01\nSets:AAA\n",
    );
    write(
        d,
        "forge-gui/res/editions/Invented Set.txt",
        "[metadata]\nCode=INV0\nDate=2001-02-03\nName=Invented Set\nType=Expansion\n\n[cards]\n1 C Ember Warden @Nobody\n2 U Mossback Tithe @Nobody\n",
    );
    write(
        d,
        "forge-gui/res/puzzle/PZ_001.pzl",
        "[metadata]\nName:Puzzle One\nGoal:Win\nTurns:1\nDifficulty:Easy\n[state]\nhumanlife=3\nailife=5\n",
    );
    write(
        d,
        "forge-gui/res/puzzle/notes.txt",
        "Name:Puzzle notes\nType:Notes\nDescription:How the puzzles are numbered.\n",
    );
    write(
        d,
        "forge-gui/res/quest/world/worlds.txt",
        "Name:Invented Plane|Dir:invented|Sets:AAA\n",
    );
    write(
        d,
        "forge-gui/res/blockdata/blocks.txt",
        "Name:Invented Block|Set0:AAA|Set1:BBB\n",
    );
    write(
        d,
        "forge-gui/res/draft/rankings.txt",
        "#1|Ember Warden|AAA\n#2|Mossback Tithe|AAA\n",
    );
    // Outside an engine's resource folder, a `Name:`/`Type:` note is no card either.
    write(
        d,
        "notes/format-ideas.txt",
        "Name:Pauper Cube\nType:Cube\nSets:AAA\n",
    );
    dir
}

const FORGE_NON_CARDS: &[&str] = &[
    "forge-gui/res/formats/Sanctioned/Frontier Test.txt",
    "forge-gui/res/formats/Archived/Block/Old Block.txt",
    "forge-gui/res/editions/Invented Set.txt",
    "forge-gui/res/puzzle/PZ_001.pzl",
    "forge-gui/res/puzzle/notes.txt",
    "forge-gui/res/quest/world/worlds.txt",
    "forge-gui/res/blockdata/blocks.txt",
    "forge-gui/res/draft/rankings.txt",
    "notes/format-ideas.txt",
];

#[test]
fn forge_resource_folder_checks_only_the_cards() {
    let dir = forge_res();
    let out = cardlint_in(
        dir.path(),
        &["check", "--format", "json", "--no-cache", "."],
    );
    let report = json(&out);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(report["files"], 3, "two cards and a token script");
    for d in report["diagnostics"].as_array().unwrap() {
        let path = d["path"].as_str().unwrap();
        assert!(
            path.contains("cardsfolder/") || path.contains("tokenscripts/"),
            "a finding on a non-card file: {d}"
        );
    }

    // Named one by one (as a hook passes changed files), the non-card files are skipped too.
    let mut args = vec!["check", "--format", "json"];
    args.extend(FORGE_NON_CARDS.iter().filter(|p| p.contains("res/")));
    let out = cardlint_in(dir.path(), &args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(json(&out)["diagnostics"].as_array().unwrap().len(), 0);
    let verbose = cardlint_in(
        dir.path(),
        &[
            "check",
            "--verbose",
            "forge-gui/res/formats/Sanctioned/Frontier Test.txt",
        ],
    );
    let stderr = String::from_utf8_lossy(&verbose.stderr);
    assert!(
        stderr.contains("skipped") && stderr.contains("format"),
        "--verbose says why: {stderr}"
    );
}

#[test]
fn fixes_leave_non_card_files_byte_identical() {
    let dir = forge_res();
    let before = snapshot(dir.path());
    for args in [
        &["check", "--fix", "."][..],
        &["check", "--fix", "--unsafe-fixes", "."],
        &[
            "check",
            "--unsafe-fixes",
            "forge-gui/res/formats/Sanctioned/Frontier Test.txt",
        ],
    ] {
        let out = cardlint_in(dir.path(), args);
        assert!(
            out.status.code().is_some_and(|c| c < 2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let after = snapshot(dir.path());
    for (rel, bytes) in &before {
        if FORGE_NON_CARDS.iter().any(|n| n == rel) {
            let now = after.iter().find(|(r, _)| r == rel).map(|(_, b)| b);
            assert_eq!(now, Some(bytes), "{rel} changed");
        }
    }
}

#[test]
fn a_card_told_only_by_its_content_is_checked_but_never_fixed() {
    let dir = tempfile::tempdir().unwrap();
    // A byte-order mark: a safe fix (E-rule) in a card file outside the engines' folders.
    let text = "\u{feff}Name:Loose Card\nManaCost:1\nTypes:Artifact\nOracle:\n";
    write(dir.path(), "drafts/loose.txt", text);
    let out = cardlint_in(dir.path(), &["check", "--format", "json", "--fix", "."]);
    let report = json(&out);
    assert_eq!(report["files"], 1, "it is checked");
    assert!(
        report["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["fix"]["applicability"] == "safe"),
        "its fixable finding is reported: {report}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("drafts/loose.txt")).unwrap(),
        text,
        "and not fixed"
    );
    // In a card folder the same file is fixed.
    write(dir.path(), "cardsfolder/l/loose.txt", text);
    cardlint_in(dir.path(), &["check", "--fix", "cardsfolder"]);
    assert!(
        !std::fs::read_to_string(dir.path().join("cardsfolder/l/loose.txt"))
            .unwrap()
            .starts_with('\u{feff}')
    );
}

/// A tree like Wagic's `Res`: primitives, two sets (the second reuses an id of the first and
/// names a primitive no file defines), a macro file, and the rules and tests folders.
fn wagic_res() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "Res/sets/primitives/cards.txt",
        "[card]\nname=Brine Heron\nabilities=flying\ntext=Flying\nmana={1}{U}\ntype=Creature\nsubtype=Bird\npower=1\ntoughness=2\n[/card]\n[card]\nname=Quarry Mole\ntext=\nmana={1}{G}}\ntype=Creature\nsubtype=Mole\npower=1\ntoughness=1\n[/card]\n",
    );
    write(
        d,
        "Res/sets/TS1/_cards.dat",
        "[meta]\nname=Test Set One\n[/meta]\n[card]\nprimitive=Brine Heron\nid=700001\nrarity=C\n[/card]\n",
    );
    write(
        d,
        "Res/sets/TS2/_cards.dat",
        "[meta]\nname=Test Set Two\n[/meta]\n[card]\nprimitive=Quarry Mole\nid=700001\nrarity=C\n[/card]\n[card]\nprimitive=Nobody Defines This\nid=700002\nrarity=U\n[/card]\n",
    );
    write(
        d,
        "Res/rules/mtg.txt",
        "[INIT]\nuntap\n[PLAYERS]\nauto=shuffle\n",
    );
    write(d, "Res/test/_tests.txt", "flying.txt\n");
    write(
        d,
        "Res/test/flying.txt",
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Brine Heron\n[DO]\n[ASSERT]\n[END]\n",
    );
    dir
}

/// The findings on one file, without its path.
fn findings(report: &Value, path_suffix: &str) -> Vec<String> {
    let mut out: Vec<String> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["path"].as_str().unwrap().ends_with(path_suffix))
        .map(|d| {
            format!(
                "{} {}:{} {}",
                d["code"], d["line"], d["column"], d["message"]
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn a_named_set_file_is_checked_in_its_library() {
    let dir = wagic_res();
    let walk = json(&cardlint_in(
        dir.path(),
        &["check", "--format", "json", "Res"],
    ));
    let whole = findings(&walk, "sets/TS2/_cards.dat");
    assert!(
        whole.iter().any(|f| f.contains("W104")) && whole.iter().any(|f| f.contains("W109")),
        "the walk finds the duplicate id and the unresolved primitive in TS2: {walk}"
    );
    for run in 0..2 {
        // Twice: cold, then from the cache.
        let named = cardlint_in(
            dir.path(),
            &["check", "--format", "json", "Res/sets/TS2/_cards.dat"],
        );
        let report = json(&named);
        assert_eq!(
            report["files"], 1,
            "run {run}: only the named file is reported"
        );
        assert_eq!(
            findings(&report, "Res/sets/TS2/_cards.dat"),
            whole,
            "run {run}"
        );
    }
    // Another file of the same library shares the cache of the first: one more cache file for
    // the named runs, besides the walk's.
    let bins = || {
        std::fs::read_dir(dir.path().join(".test-cache"))
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .path()
                    .extension()
                    .is_some_and(|x| x == "bin")
            })
            .count()
    };
    let before = bins();
    cardlint_in(dir.path(), &["check", "Res/sets/TS1/_cards.dat"]);
    assert_eq!(
        bins(),
        before,
        "a named file of the same library reuses its cache"
    );
    // Named from inside its folder, under the name it was given.
    let inside = json(&cardlint_in(
        &dir.path().join("Res/sets/TS2"),
        &["check", "--format", "json", "_cards.dat"],
    ));
    assert_eq!(inside["diagnostics"][0]["path"], "_cards.dat");
    assert_eq!(findings(&inside, "_cards.dat"), whole);
    // Without context, the cross-file findings go quiet.
    let alone = json(&cardlint_in(
        dir.path(),
        &[
            "check",
            "--format",
            "json",
            "--no-context",
            "Res/sets/TS2/_cards.dat",
        ],
    ));
    assert!(findings(&alone, "_cards.dat").len() < whole.len());
}

#[test]
fn config_dialect_patterns_apply_to_walks() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "cardlint.toml",
        "[dialects]\n\"extra/**/*.cards\" = \"wagic\"\n",
    );
    write(
        dir.path(),
        "extra/deep/more.cards",
        "[card]\nname=Extra\nmana={1}}\n[/card]\n",
    );
    let report = json(&cardlint_in(
        dir.path(),
        &["check", "--format", "json", "."],
    ));
    assert_eq!(report["files"], 1);
    assert!(
        report["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "W113")
    );
}

#[test]
fn nothing_to_check_is_said() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "notes.txt", "nothing to see\n");
    let out = cardlint_in(dir.path(), &["check", "."]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no card file"));
    // A named file of no known language fails, unless --skip-unknown.
    assert_eq!(
        cardlint_in(dir.path(), &["check", "notes.txt"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        cardlint_in(dir.path(), &["check", "--skip-unknown", "notes.txt"])
            .status
            .code(),
        Some(0)
    );
}

/// The hooks of `.pre-commit-hooks.yaml`, run as pre-commit runs them (the entry with the files
/// its `files` pattern selects) on a repository with cards of every dialect, non-card `.txt`
/// files and unrelated Python and XML files.
#[test]
fn pre_commit_hooks_pass_on_a_clean_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let hooks: Value = serde_norway::from_str(
        &std::fs::read_to_string(root.join(".pre-commit-hooks.yaml")).unwrap(),
    )
    .unwrap();
    let dir = forge_res();
    let d = dir.path();
    // Clean cards of the other dialects: OCTGN Netrunner and RuleScript games (script module
    // and set file each), a Python-MTG card file.
    write(
        d,
        "netrunner/o8g/Scripts/CardScripts.py",
        "### Test card scripts\nScriptsLocal = '''\n=====\nSpare Cycles\n-----\nc0ffee00-0000-4000-8000-000000000101\n-----\nonPlay:Draw2Cards\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''\n",
    );
    write(
        d,
        "netrunner/o8g/Sets/Test/set.xml",
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>\n<set name=\"Test\" id=\"c0ffee00-0000-4000-8000-0000000001aa\" gameId=\"0f38e453-26df-4c04-9d67-6d43de939c77\" gameVersion=\"3.0.0.0\" version=\"1.0\">\n  <cards>\n    <card id=\"c0ffee00-0000-4000-8000-000000000101\" name=\"Spare Cycles\">\n      <property name=\"Type\" value=\"Operation\" />\n    </card>\n  </cards>\n</set>\n",
    );
    write(
        d,
        "rulescript/o8g/Scripts/card_rules.py",
        "\"\"\"Test rules.\"\"\"\n\nRulesDict = {}\n\n# Harbor Guard\nRulesDict[\"c0ffee00-0000-4000-8000-000000000111\"] = \"\"\"\nabilities = unblockable\n\"\"\"\n",
    );
    write(
        d,
        "rulescript/o8g/Sets/Test/set.xml",
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>\n<set name=\"Test\" id=\"c0ffee00-0000-4000-8000-0000000001bb\" gameId=\"e3d56d9e-900d-49c6-b6ae-22cbb51be153\" version=\"1.0\">\n\t<cards>\n\t\t<card name=\"Harbor Guard\" id=\"c0ffee00-0000-4000-8000-000000000111\">\n\t\t\t<property name=\"Type\" value=\"Character\" />\n\t\t</card>\n\t</cards>\n</set>\n",
    );
    write(
        d,
        "pymtg/data/test_cards.txt",
        "##############################\nDivination\n\n\tself.controller.draw(2)\n",
    );
    write(d, "tools/build.py", "print('not a card script')\n");
    write(d, "tools/layout.xml", "<layout><panel/></layout>\n");
    write(d, "README.txt", "Name: this repository\nType: notes\n");
    let mut files: Vec<String> = snapshot(d).into_iter().map(|(rel, _)| rel).collect();
    files.retain(|f| !f.starts_with(".test-cache"));
    let before = snapshot(d);
    for hook in hooks.as_array().unwrap() {
        let id = hook["id"].as_str().unwrap();
        let pattern = regex::Regex::new(hook["files"].as_str().unwrap()).unwrap();
        let selected: Vec<&str> = files
            .iter()
            .map(String::as_str)
            .filter(|f| pattern.is_match(f))
            .collect();
        for dialect_file in [
            "netrunner/o8g/Scripts/CardScripts.py",
            "rulescript/o8g/Sets/Test/set.xml",
            "tools/build.py",
            "forge-gui/res/formats/Sanctioned/Frontier Test.txt",
        ] {
            assert!(selected.contains(&dialect_file), "{id} sees {dialect_file}");
        }
        let entry: Vec<&str> = hook["entry"].as_str().unwrap().split_whitespace().collect();
        assert_eq!(entry[0], "cardlint");
        let mut args: Vec<&str> = entry[1..].to_vec();
        args.extend(
            hook["args"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str),
        );
        args.extend(&selected);
        let out = cardlint_in(d, &args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{id}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(
        before,
        snapshot(d),
        "the hooks changed no file of a clean repository"
    );
}

/// Every ```yaml block of the README, the GitHub Action and the pre-commit hooks parse, and say
/// what their readers need.
#[test]
fn yaml_files_and_blocks_parse() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in readme.lines() {
        match &mut current {
            None if line.trim_start().starts_with("```yaml") => current = Some(String::new()),
            Some(block) if line.trim_start().starts_with("```") => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
            None => {}
        }
    }
    assert!(blocks.len() >= 2, "the README shows a workflow and a hook");
    for block in &blocks {
        let value: Value = serde_norway::from_str(block)
            .unwrap_or_else(|e| panic!("README yaml block does not parse: {e}\n{block}"));
        if let Some(jobs) = value.get("jobs") {
            for (name, job) in jobs.as_object().unwrap() {
                for step in job["steps"].as_array().unwrap() {
                    assert!(
                        step.get("uses").is_some() || step.get("run").is_some(),
                        "job {name}: a step without `uses` or `run`: {step}"
                    );
                }
            }
        }
    }
    let action: Value =
        serde_norway::from_str(&std::fs::read_to_string(root.join("action.yml")).unwrap()).unwrap();
    assert_eq!(action["runs"]["using"], "composite");
    for step in action["runs"]["steps"].as_array().unwrap() {
        assert!(step.get("uses").is_some() || step.get("shell").is_some());
    }
    let hooks: Value = serde_norway::from_str(
        &std::fs::read_to_string(root.join(".pre-commit-hooks.yaml")).unwrap(),
    )
    .unwrap();
    for hook in hooks.as_array().unwrap() {
        for key in ["id", "name", "entry", "language", "files"] {
            assert!(hook.get(key).is_some(), "hook without {key}: {hook}");
        }
    }
}

#[test]
fn a_closed_pipe_is_no_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardlint"))
        .arg("rules")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read nothing, close the pipe: `cardlint rules | head -c 0`.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_ne!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn smaller_command_line_promises() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "cardlint.toml",
        "[lint.severity]\nW113 = \"info\"\nE012 = \"hint\"\n",
    );
    let open = "[card]\nname=Open\nmana={1}{G}}\n";
    write(d, "sets/primitives/open.txt", open);

    // The text output uses the configuration's words; `--color always` colours it.
    let text = cardlint_in(d, &["check", "--color", "never", "."]);
    let stdout = String::from_utf8_lossy(&text.stdout).to_string();
    assert!(
        stdout.contains("info[W113") && stdout.contains("hint[E012"),
        "{stdout}"
    );
    assert!(
        !stdout.contains("note[") && !stdout.contains("\u{1b}["),
        "{stdout}"
    );
    assert!(stdout.contains("fixable with --fix") || stdout.contains("--unsafe-fixes"));
    let coloured = cardlint_in(d, &["check", "--color", "always", "."]);
    assert!(String::from_utf8_lossy(&coloured.stdout).contains("\u{1b}["));

    // SARIF: a path given as absolute is reported relative to the working folder.
    let abs = d.join("sets/primitives/open.txt");
    let sarif = json(&cardlint_in(
        d,
        &["check", "--format", "sarif", abs.to_str().unwrap()],
    ));
    let run = &sarif["runs"][0];
    assert!(
        run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
            .as_str()
            .unwrap()
            .starts_with("file:///")
    );
    let location = &run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(location["uri"], "sets/primitives/open.txt");
    assert_eq!(location["uriBaseId"], "%SRCROOT%");

    // `--unsafe-fixes` alone applies the fixes.
    let out = cardlint_in(d, &["check", "--unsafe-fixes", "."]);
    assert!(out.status.code().is_some_and(|c| c < 2));
    assert_ne!(
        std::fs::read_to_string(d.join("sets/primitives/open.txt")).unwrap(),
        open
    );

    // `--wagic-tests` names the file that is missing.
    let out = cardlint_in(d, &["simulate", "--wagic-tests", "nowhere/test/_tests.txt"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("nowhere/test/_tests.txt"), "{stderr}");
    assert!(!stderr.contains("sets/primitives"), "{stderr}");
}
