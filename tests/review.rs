//! Reviewing a change: `check --new-from-rev REV` in git repositories with a base and a head
//! commit, `--write-baseline`/`--baseline` in a tree without history, and the GitHub Action
//! (`action.yml`) run step by step as a runner would, with the inputs of the README's review
//! workflow, against a local repository (its `uses:` steps skipped, `gh` replaced by a script
//! that records the comment). Every card is invented here. The git tests skip, with a notice,
//! when `git` is not on the PATH.

use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;
use common::{json, write};

const CARDS: &str = "forge-gui/res/cardsfolder";

fn cardlint_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardlint"))
        .current_dir(dir)
        .env("CARDLINT_CACHE_DIR", dir.join(".test-cache"))
        .args(args)
        .output()
        .expect("run cardlint")
}

/// `path:line code` of each finding of a JSON report.
fn found(report: &Value) -> Vec<String> {
    let mut out: Vec<String> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            format!(
                "{}:{} {}",
                d["path"].as_str().unwrap().replace('\\', "/"),
                d["line"],
                d["code"].as_str().unwrap()
            )
        })
        .collect();
    out.sort();
    out
}

fn has_git() -> bool {
    let ok = Command::new("git")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!(
            "notice: git is not on the PATH: the --new-from-rev and Action tests are skipped"
        );
    }
    ok
}

/// `git ARGS` in `dir`, isolated from the user's configuration; its standard output.
fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .current_dir(dir)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_AUTHOR_NAME", "Test")
        .env("GIT_AUTHOR_EMAIL", "test@example.org")
        .env("GIT_COMMITTER_NAME", "Test")
        .env("GIT_COMMITTER_EMAIL", "test@example.org")
        .args([
            "-c",
            "init.defaultBranch=main",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .output()
        .expect("run git");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// A Destroy spell; `no_reg` misspells `NoRegen$` (F118 `misspelt-param`, an error).
fn destroy(name: &str, no_reg: bool) -> String {
    let param = if no_reg { "NoReg" } else { "NoRegen" };
    format!(
        "Name:{name}\r\nManaCost:2 B\r\nTypes:Instant\r\nA:SP$ Destroy | Cost$ 2 B | ValidTgts$ Creature | {param}$ True | SpellDescription$ Destroy target creature. It can't be regenerated.\r\nOracle:Destroy target creature. It can't be regenerated.\r\n"
    )
}

/// The base: two cards with a finding each (Ash Fall, Cinder Rain), two clean ones.
fn write_base(d: &Path) {
    write(
        d,
        &format!("{CARDS}/a/ash_fall.txt"),
        &destroy("Ash Fall", true),
    );
    write(
        d,
        &format!("{CARDS}/b/bone_shatter.txt"),
        &destroy("Bone Shatter", false),
    );
    write(
        d,
        &format!("{CARDS}/c/cinder_rain.txt"),
        &destroy("Cinder Rain", true),
    );
    write(
        d,
        &format!("{CARDS}/d/dust_veil.txt"),
        &destroy("Dust Veil", false),
    );
}

/// The head: a line inserted above Ash Fall's finding, the misspelt parameter added to Bone
/// Shatter, Cinder Rain renamed (file and name) with its finding's line untouched.
fn write_head(d: &Path) {
    let ash =
        destroy("Ash Fall", true).replace("Types:Instant\r\n", "Types:Instant\r\nK:Flash\r\n");
    write(d, &format!("{CARDS}/a/ash_fall.txt"), &ash);
    write(
        d,
        &format!("{CARDS}/b/bone_shatter.txt"),
        &destroy("Bone Shatter", true),
    );
    std::fs::remove_file(d.join(format!("{CARDS}/c/cinder_rain.txt"))).unwrap();
    write(
        d,
        &format!("{CARDS}/c/cinder_storm.txt"),
        &destroy("Cinder Storm", true),
    );
}

/// A repository with the base commit and the head commit; returns (dir, base sha).
fn repository() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    git(d, &["init", "-q"]);
    write(d, ".gitignore", ".test-cache/\n*.scratch.txt\n");
    write_base(d);
    git(d, &["add", "-A"]);
    git(d, &["commit", "-q", "-m", "base"]);
    let base = git(d, &["rev-parse", "HEAD"]);
    write_head(d);
    git(d, &["add", "-A"]);
    git(d, &["commit", "-q", "-m", "head"]);
    (dir, base)
}

#[test]
fn new_from_rev_reports_only_changed_lines() {
    if !has_git() {
        return;
    }
    let (dir, base) = repository();
    let d = dir.path();
    let check = |extra: &[&str]| {
        let mut args = vec!["check", "--select", "F118", "--format", "json"];
        args.extend(extra);
        json(&cardlint_in(d, &args))
    };
    // Everything: the three cards with the misspelt parameter.
    assert_eq!(
        found(&check(&[])),
        [
            format!("{CARDS}/a/ash_fall.txt:5 F118"),
            format!("{CARDS}/b/bone_shatter.txt:4 F118"),
            format!("{CARDS}/c/cinder_storm.txt:4 F118"),
        ]
    );
    // Since the base: only Bone Shatter's new parameter (Ash Fall's finding moved down a line,
    // Cinder Storm is a rename whose changed line is the name).
    let out = cardlint_in(
        d,
        &[
            "check",
            "--select",
            "F118",
            "--format",
            "json",
            "--new-from-rev",
            &base,
        ],
    );
    assert_eq!(out.status.code(), Some(1), "the new finding is an error");
    assert_eq!(
        found(&json(&out)),
        [format!("{CARDS}/b/bone_shatter.txt:4 F118")]
    );
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("2 findings on lines unchanged since"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Since HEAD: nothing, exit 0.
    let out = cardlint_in(
        d,
        &["check", "--select", "F118", "--new-from-rev", "HEAD", "."],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );

    // The work tree counts: an unstaged change, a staged new file, an untracked file (new
    // throughout); an ignored file does not.
    write(
        d,
        &format!("{CARDS}/d/dust_veil.txt"),
        &destroy("Dust Veil", true),
    );
    write(
        d,
        &format!("{CARDS}/e/ember_hex.txt"),
        &destroy("Ember Hex", true),
    );
    git(d, &["add", &format!("{CARDS}/e/ember_hex.txt")]);
    write(
        d,
        &format!("{CARDS}/u/umbral_end.txt"),
        &destroy("Umbral End", true),
    );
    write(
        d,
        &format!("{CARDS}/z/zap.scratch.txt"),
        &destroy("Zap", true),
    );
    assert_eq!(
        found(&check(&["--new-from-rev", "HEAD"])),
        [
            format!("{CARDS}/d/dust_veil.txt:4 F118"),
            format!("{CARDS}/e/ember_hex.txt:4 F118"),
            format!("{CARDS}/u/umbral_end.txt:4 F118"),
        ]
    );
    // Named files, from a sub-folder, with the revision as a branch expression.
    let sub = d.join(CARDS);
    let out = cardlint_in(
        &sub,
        &[
            "check",
            "--select",
            "F118",
            "--format",
            "json",
            "--new-from-rev",
            "main~1",
            "b/bone_shatter.txt",
            "a/ash_fall.txt",
        ],
    );
    assert_eq!(found(&json(&out)), ["b/bone_shatter.txt:4 F118"]);

    // Every format carries the same three findings.
    for format in ["text", "github", "sarif", "markdown"] {
        let out = cardlint_in(
            d,
            &[
                "check",
                "--select",
                "F118",
                "--new-from-rev",
                "HEAD",
                "--format",
                format,
            ],
        );
        assert_eq!(out.status.code(), Some(1), "{format}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let count = match format {
            "sarif" => json(&out)["runs"][0]["results"].as_array().unwrap().len(),
            "markdown" => {
                assert!(
                    stdout.starts_with("<!-- cardlint findings=3 -->\n"),
                    "{stdout}"
                );
                stdout.matches("`F118` misspelt-param").count()
            }
            _ => stdout.matches("F118").count(),
        };
        assert_eq!(count, 3, "{format}: {stdout}");
        assert!(
            !stdout.contains("ash_fall") && !stdout.contains("zap"),
            "{format}: {stdout}"
        );
    }
}

#[test]
fn new_from_rev_failures_exit_2() {
    if !has_git() {
        return;
    }
    let plain = tempfile::tempdir().unwrap();
    write_base(plain.path());
    let out = cardlint_in(plain.path(), &["check", "--new-from-rev", "HEAD", "."]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("not inside a git work tree"), "{stderr}");
    assert!(out.stdout.is_empty());

    let (dir, _) = repository();
    for rev in ["no-such-branch", "HEAD~5", "-p"] {
        let arg = format!("--new-from-rev={rev}");
        let out = cardlint_in(dir.path(), &["check", &arg, "."]);
        assert_eq!(out.status.code(), Some(2), "{rev}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(rev), "{rev}: {stderr}");
    }
    let out = cardlint_in(
        dir.path(),
        &["check", "--new-from-rev", "HEAD", "--fix", "."],
    );
    assert_eq!(out.status.code(), Some(2), "--fix is not a review");
}

#[test]
fn baseline_hides_what_it_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write_base(d);
    std::fs::create_dir(d.join("review")).unwrap();
    let out = cardlint_in(
        d,
        &[
            "check",
            "--select",
            "F118",
            "--write-baseline",
            "review/baseline.json",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    let written = std::fs::read_to_string(d.join("review/baseline.json")).unwrap();
    let baseline: Value = serde_json::from_str(&written).unwrap();
    assert_eq!(baseline["version"], 1);
    let entries = baseline["findings"].as_array().unwrap();
    assert_eq!(entries.len(), 2, "{written}");
    assert_eq!(entries[0]["path"], format!("../{CARDS}/a/ash_fall.txt"));
    assert_eq!(entries[0]["code"], "F118");
    assert_eq!(entries[0]["count"], 1);
    assert!(
        entries[0]["line"]
            .as_str()
            .unwrap()
            .starts_with("A:SP$ Destroy")
    );

    // The same tree: nothing. The baseline named by an absolute path, the cards by a relative
    // one from a sub-folder: the same.
    let out = cardlint_in(
        d,
        &[
            "check",
            "--select",
            "F118",
            "--format",
            "json",
            "--baseline",
            "review/baseline.json",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(found(&json(&out)), Vec::<String>::new());
    let absolute = d.join("review/baseline.json");
    let out = cardlint_in(
        &d.join(CARDS),
        &[
            "check",
            "--select",
            "F118",
            "--format",
            "json",
            "--baseline",
            absolute.to_str().unwrap(),
            "a",
            "c",
        ],
    );
    assert_eq!(found(&json(&out)), Vec::<String>::new());

    // The head: Ash Fall's finding moved down a line stays hidden; Bone Shatter's is new; the
    // renamed file's comes back (a baseline names files).
    write_head(d);
    let out = cardlint_in(
        d,
        &[
            "check",
            "--select",
            "F118",
            "--format",
            "json",
            "--baseline",
            "review/baseline.json",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        found(&json(&out)),
        [
            format!("{CARDS}/b/bone_shatter.txt:4 F118"),
            format!("{CARDS}/c/cinder_storm.txt:4 F118"),
        ]
    );
    // A second copy of a recorded line is new: the baseline counts.
    let twice = destroy("Ash Fall", true).replace(
        "Oracle:",
        "A:SP$ Destroy | Cost$ 2 B | ValidTgts$ Creature | NoReg$ True | SpellDescription$ Destroy target creature. It can't be regenerated.\r\nOracle:",
    );
    write(d, &format!("{CARDS}/a/ash_fall.txt"), &twice);
    let out = cardlint_in(
        d,
        &[
            "check",
            "--select",
            "F118",
            "--format",
            "json",
            "--baseline",
            "review/baseline.json",
        ],
    );
    assert!(found(&json(&out)).contains(&format!("{CARDS}/a/ash_fall.txt:5 F118")));

    // A baseline of another version, or no baseline at all, exits 2.
    write(d, "future.json", "{\"version\": 9, \"findings\": []}");
    for file in ["future.json", "missing.json"] {
        let out = cardlint_in(d, &["check", "--baseline", file, "."]);
        assert_eq!(out.status.code(), Some(2), "{file}");
    }
    let stderr = String::from_utf8_lossy(
        &cardlint_in(d, &["check", "--baseline", "future.json", "."]).stderr,
    )
    .to_string();
    assert!(stderr.contains("version 9"), "{stderr}");
}

/// The steps of a workflow job (the README's) or of the composite action.
fn steps(of: &Value) -> Vec<Value> {
    of.as_array().unwrap().clone()
}

/// A GitHub Actions expression of the forms the action uses: context paths (`inputs.x`,
/// `steps.s.outputs.o`, `github.a.b`), string literals, `==`, `!=`, `&&`, `||`.
fn evaluate(expr: &str, context: &HashMap<String, String>) -> String {
    let expr = expr.trim();
    let expr = expr
        .strip_prefix("${{")
        .and_then(|e| e.strip_suffix("}}"))
        .unwrap_or(expr)
        .trim();
    let truthy = |v: &str| !v.is_empty() && v != "false" && v != "0";
    if let Some((a, b)) = expr.split_once("||") {
        let a = evaluate(a, context);
        return if truthy(&a) { a } else { evaluate(b, context) };
    }
    if let Some((a, b)) = expr.split_once("&&") {
        let a = evaluate(a, context);
        return if truthy(&a) { evaluate(b, context) } else { a };
    }
    for (op, equal) in [("!=", false), ("==", true)] {
        if let Some((a, b)) = expr.split_once(op) {
            let same = evaluate(a, context) == evaluate(b, context);
            return if same == equal { "true" } else { "false" }.to_string();
        }
    }
    if let Some(literal) = expr.strip_prefix('\'').and_then(|e| e.strip_suffix('\'')) {
        return literal.to_string();
    }
    context.get(expr).cloned().unwrap_or_default()
}

/// Replaces every `${{ ... }}` of a string.
fn interpolate(text: &str, context: &HashMap<String, String>) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("${{") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find("}}").expect("a closed expression") + start + 2;
        out.push_str(&evaluate(&rest[start..end], context));
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// What a step wrote to `$GITHUB_OUTPUT` (`name=value` lines).
fn read_outputs(file: &Path) -> Vec<(String, String)> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

struct ActionRun {
    /// Per step run: its name, exit code and standard output.
    steps: Vec<(String, i32, String)>,
    /// The names of the `uses:` steps, which were not run.
    skipped: Vec<String>,
    summary: String,
    gh_log: String,
    comment: Option<String>,
}

/// Runs the run-steps of `action.yml` in `workspace` as a runner would (`bash -e`, with
/// `GITHUB_OUTPUT`, `GITHUB_PATH`, `GITHUB_STEP_SUMMARY`), stopping at the first that fails.
/// cardlint is the binary under test, installed where the action keeps its build; `gh` is a
/// script that logs its arguments, answers the comment listing with `existing_comment`, and keeps
/// the body it is given (`existing_comment` "fail": it fails as for a read-only token).
fn run_action(
    workspace: &Path,
    with: &HashMap<String, String>,
    github: &HashMap<String, String>,
    existing_comment: &str,
) -> ActionRun {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let action: Value =
        serde_norway::from_str(&std::fs::read_to_string(root.join("action.yml")).unwrap()).unwrap();
    let runner = tempfile::tempdir().unwrap();
    let r = runner.path();
    let home = r.join("home");
    let bin = home.join(".cardlint-action/bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_cardlint"), bin.join("cardlint")).unwrap();
    let tools = r.join("tools");
    std::fs::create_dir_all(&tools).unwrap();
    let gh = tools.join("gh");
    std::fs::write(
        &gh,
        "#!/usr/bin/env bash\nprintf '%s\\n' \"$*\" >> \"$GH_LOG\"\n[ -n \"$GH_FAIL\" ] && { echo 'HTTP 403: Resource not accessible by integration' >&2; exit 1; }\ncase \"$*\" in *--jq*) [ -n \"$GH_EXISTING\" ] && echo \"$GH_EXISTING\";; esac\nfor a in \"$@\"; do case \"$a\" in body=@*) cp \"${a#body=@}\" \"$GH_BODY\";; esac; done\nexit 0\n",
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&gh, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let summary = r.join("summary.md");
    let path_file = r.join("path");
    let gh_log = r.join("gh.log");
    let gh_body = r.join("gh-body.md");
    let temp = r.join("temp");
    std::fs::create_dir_all(&temp).unwrap();
    std::fs::write(&path_file, "").unwrap();

    let mut context: HashMap<String, String> = github.clone();
    context.insert("runner.os".into(), "Linux".into());
    for (name, input) in action["inputs"].as_object().unwrap() {
        let value = match with.get(name) {
            Some(v) => interpolate(v, &context),
            None => interpolate(input["default"].as_str().unwrap_or(""), &context),
        };
        context.insert(format!("inputs.{name}"), value);
    }
    let mut run = ActionRun {
        steps: Vec::new(),
        skipped: Vec::new(),
        summary: String::new(),
        gh_log: String::new(),
        comment: None,
    };
    for (i, step) in steps(&action["runs"]["steps"]).iter().enumerate() {
        let name = step["name"].as_str().unwrap_or("step").to_string();
        if let Some(condition) = step.get("if").and_then(Value::as_str)
            && evaluate(condition, &context) != "true"
        {
            continue;
        }
        if step.get("uses").is_some() {
            run.skipped.push(name);
            continue;
        }
        let script = r.join(format!("step{i}.sh"));
        std::fs::write(&script, step["run"].as_str().unwrap()).unwrap();
        let output = r.join(format!("output{i}"));
        std::fs::write(&output, "").unwrap();
        let mut path: Vec<PathBuf> = std::fs::read_to_string(&path_file)
            .unwrap()
            .lines()
            .rev()
            .map(PathBuf::from)
            .collect();
        path.push(tools.clone());
        path.extend(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        ));
        let mut command = Command::new("bash");
        command
            .args(["--noprofile", "--norc", "-eo", "pipefail"])
            .arg(&script)
            .current_dir(workspace)
            .env("PATH", std::env::join_paths(path).unwrap())
            .env("HOME", &home)
            .env("CARDLINT_CACHE_DIR", r.join("cache"))
            .env("GITHUB_ACTION_PATH", root)
            .env("GITHUB_WORKSPACE", workspace)
            .env("GITHUB_REPOSITORY", "example/cards")
            .env("GITHUB_OUTPUT", &output)
            .env("GITHUB_PATH", &path_file)
            .env("GITHUB_STEP_SUMMARY", &summary)
            .env("RUNNER_TEMP", &temp)
            .env("GH_LOG", &gh_log)
            .env("GH_BODY", &gh_body)
            .env("GH_EXISTING", existing_comment.trim_start_matches("fail"))
            .env("GH_FAIL", if existing_comment == "fail" { "1" } else { "" })
            .env("GIT_CONFIG_GLOBAL", "/dev/null");
        for (key, value) in step
            .get("env")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            command.env(key, interpolate(value.as_str().unwrap(), &context));
        }
        let out = command.output().unwrap();
        let code = out.status.code().unwrap_or(-1);
        if let Some(id) = step.get("id").and_then(Value::as_str) {
            for (k, v) in read_outputs(&output) {
                context.insert(format!("steps.{id}.outputs.{k}"), v);
            }
        }
        run.steps.push((
            name.clone(),
            code,
            String::from_utf8_lossy(&out.stdout).to_string(),
        ));
        if code != 0 {
            eprintln!(
                "step {name} exited {code}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            break;
        }
    }
    run.summary = std::fs::read_to_string(&summary).unwrap_or_default();
    run.gh_log = std::fs::read_to_string(&gh_log).unwrap_or_default();
    run.comment = std::fs::read_to_string(&gh_body).ok();
    run
}

/// The README's review workflow: the job whose steps use this repository's action with
/// `comment`, and the inputs it gives it.
fn readme_review_inputs() -> HashMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let section = readme
        .split("\n## Reviewing pull requests")
        .nth(1)
        .expect("the README has a Reviewing pull requests section");
    let block = section
        .split("```yaml\n")
        .nth(1)
        .and_then(|b| b.split("\n```").next())
        .expect("a workflow in the section");
    let workflow: Value = serde_norway::from_str(block).unwrap();
    let action: Value =
        serde_norway::from_str(&std::fs::read_to_string(root.join("action.yml")).unwrap()).unwrap();
    let on = &workflow["on"];
    assert!(
        on.get("pull_request").is_some() || on == "pull_request",
        "the review workflow runs on pull requests: {on}"
    );
    for job in workflow["jobs"].as_object().unwrap().values() {
        assert_eq!(job["permissions"]["pull-requests"], "write", "{job}");
        for step in steps(&job["steps"]) {
            let Some(uses) = step["uses"].as_str() else {
                continue;
            };
            if !uses.contains("/cardlint@") {
                continue;
            }
            let mut with = HashMap::new();
            for (key, value) in step["with"].as_object().unwrap() {
                assert!(
                    action["inputs"].get(key).is_some(),
                    "the README gives the action an input it does not have: {key}"
                );
                let value = match value {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                with.insert(key.clone(), value);
            }
            assert_eq!(with.get("comment").map(String::as_str), Some("true"));
            return with;
        }
    }
    panic!("no step of the README's review workflow uses the action")
}

#[test]
fn the_action_reviews_a_pull_request() {
    if !has_git() {
        return;
    }
    let (dir, base) = repository();
    let d = dir.path();
    let head = git(d, &["rev-parse", "HEAD"]);
    let mut with = readme_review_inputs();
    // Only the rule the fixtures are about, so that the test does not move as rules grow.
    with.insert("args".into(), "--select F118".into());
    with.insert("path".into(), CARDS.into());
    let github: HashMap<String, String> = [
        ("github.event.pull_request.base.sha", base.as_str()),
        ("github.event.pull_request.number", "7"),
        ("github.token", "test-token"),
        ("github.sha", head.as_str()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    let run = run_action(d, &with, &github, "");
    let names: Vec<&str> = run.steps.iter().map(|(n, _, _)| n.as_str()).collect();
    assert!(
        names.contains(&"Check") && names.contains(&"Comment on the pull request"),
        "{names:?}"
    );
    // The README's workflow checks the layout too; the fixture cards are laid out already.
    let layout = run.steps.iter().find(|(n, _, _)| n == "Check the layout");
    let (_, layout_code, layout_out) = layout.expect("the layout step ran");
    assert_eq!(*layout_code, 0, "{layout_out}");
    assert!(!layout_out.contains("::error"), "{layout_out}");
    assert!(run.skipped.iter().any(|s| s == "Upload to code scanning"));
    // Every step passed but the last, which fails the job on the new error.
    let (last, code, _) = run.steps.last().unwrap();
    assert_eq!((last.as_str(), *code), ("Fail on error-level findings", 1));
    for (name, code, _) in &run.steps[..run.steps.len() - 1] {
        assert_eq!(*code, 0, "{name}");
    }
    // The annotations: the new finding only.
    let check = &run.steps.iter().find(|(n, _, _)| n == "Check").unwrap().2;
    let annotations: Vec<&str> = check.lines().filter(|l| l.starts_with("::")).collect();
    assert_eq!(annotations.len(), 1, "{check}");
    assert!(
        annotations[0].starts_with(&format!("::error file={CARDS}/b/bone_shatter.txt,line=4,")),
        "{check}"
    );
    let sarif: Value =
        serde_json::from_slice(&std::fs::read(d.join("cardlint.sarif")).unwrap()).unwrap();
    assert_eq!(sarif["runs"][0]["results"].as_array().unwrap().len(), 1);
    // The comment: one, on the changed card, and the same report in the job summary.
    let comment = run.comment.expect("a comment was posted");
    assert!(
        comment.starts_with("<!-- cardlint findings=1 -->\n"),
        "{comment}"
    );
    assert!(
        comment.contains(&format!("#### `{CARDS}/b/bone_shatter.txt`")),
        "{comment}"
    );
    assert!(
        comment.contains("NoReg$ True"),
        "the line is quoted: {comment}"
    );
    assert!(
        !comment.contains("ash_fall") && !comment.contains("cinder"),
        "{comment}"
    );
    assert!(
        run.gh_log
            .contains("--method POST repos/example/cards/issues/7/comments"),
        "{}",
        run.gh_log
    );
    assert_eq!(run.summary, comment);

    // The next push fixes the card: the earlier comment is updated to say so.
    write(
        d,
        &format!("{CARDS}/b/bone_shatter.txt"),
        &destroy("Bone Shatter", false),
    );
    git(d, &["commit", "-q", "-a", "-m", "fix"]);
    std::fs::remove_file(d.join("cardlint.sarif")).unwrap();
    let run = run_action(d, &with, &github, "4242");
    assert!(
        run.steps.iter().all(|(_, code, _)| *code == 0),
        "{:?}",
        run.steps
    );
    assert!(
        run.gh_log
            .contains("--method PATCH repos/example/cards/issues/comments/4242"),
        "{}",
        run.gh_log
    );
    assert!(
        run.comment
            .unwrap()
            .starts_with("<!-- cardlint findings=0 -->\n### cardlint: no findings")
    );

    // A token that may not comment (a pull request from a fork): a warning, the job goes on.
    let run = run_action(d, &with, &github, "fail");
    let comment_step = run
        .steps
        .iter()
        .find(|(n, _, _)| n == "Comment on the pull request")
        .unwrap();
    assert_eq!(comment_step.1, 0);
    assert!(
        comment_step.2.contains("::warning::cannot comment"),
        "{}",
        comment_step.2
    );
    assert!(run.summary.starts_with("<!-- cardlint findings=0 -->"));

    // Not a pull request: every finding, and no comment.
    let push: HashMap<String, String> = [("github.token", "t"), ("github.sha", head.as_str())]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let run = run_action(d, &with, &push, "");
    assert!(run.gh_log.is_empty(), "{}", run.gh_log);
    assert!(
        run.summary.starts_with("<!-- cardlint findings=2 -->"),
        "{}",
        run.summary
    );
}
