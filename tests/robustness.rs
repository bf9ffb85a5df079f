//! The CLI on hostile input: a failure on one file does not lose the run, large generated files
//! cost time in proportion to their size (the inputs are sized so that the quadratic code this
//! replaced would take many seconds; the tests only bound the output and catch hangs, they
//! never measure time: `bench/linear.py` does), `--fix` never loses or corrupts data, and paths
//! that cannot be read are reported without losing the other files' findings.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Long enough for a slow debug build on a loaded machine; only a hang reaches it.
const HANG: Duration = Duration::from_secs(300);

fn run_with<A: AsRef<std::ffi::OsStr> + std::fmt::Debug>(
    args: &[A],
    env: &[(&str, &str)],
) -> Output {
    run_command(Command::new(env!("CARGO_BIN_EXE_cardlint")), args, env)
}

/// Runs `command` (cardlint, or a shell that runs it) with `args`, failing the test on a hang.
fn run_command<A: AsRef<std::ffi::OsStr> + std::fmt::Debug>(
    mut command: Command,
    args: &[A],
    env: &[(&str, &str)],
) -> Output {
    command
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env(
            "CARDLINT_CACHE_DIR",
            std::env::temp_dir().join("cardlint-robustness-cache"),
        )
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command.spawn().expect("run cardlint");
    // Read both pipes on threads so that a large output cannot block the child.
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        stdout.read_to_end(&mut v).unwrap();
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        stderr.read_to_end(&mut v).unwrap();
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > HANG {
            let _ = child.kill();
            panic!("cardlint {args:?} did not finish within {HANG:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}

fn run(args: &[&str]) -> Output {
    run_with(args, &[])
}

fn write(dir: &Path, rel: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, bytes).unwrap();
    path
}

fn json(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "invalid JSON ({e}): {}\nstderr: {}",
            String::from_utf8_lossy(&output.stdout[..output.stdout.len().min(2000)]),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

fn codes(report: &serde_json::Value) -> Vec<String> {
    report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

const GUID: &str = "c0ffee00-0000-4000-8000-000000000001";

// ---- isolation of failures ------------------------------------------------------------------

#[test]
fn a_non_ascii_word_in_a_rulescript_target_list_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "RulesDict = {{}}\nRulesDict[\"{GUID}\"] = \"\"\"\ntarget = characters@oppRing; café@arena; <1>héros[cost<=3]::naïve(x)\naction = {{F}}: destroy to(café@arena)\n\"\"\"\n"
    );
    write(dir.path(), "o8g/Scripts/card_rules.py", text.as_bytes());
    let out = run(&[
        "check",
        "--no-cache",
        "--format",
        "json",
        dir.path().to_str().unwrap(),
    ]);
    assert!(
        out.status.code() == Some(0) || out.status.code() == Some(1),
        "{}",
        stderr(&out)
    );
    let report = json(&out);
    assert!(!codes(&report).contains(&"G100".to_string()), "{report}");
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

fn two_forge_cards(dir: &Path) -> (PathBuf, PathBuf) {
    let good = write(
        dir,
        "cardsfolder/g/good_card.txt",
        b"Name:Good Card\nManaCost:R\nTypes:Instant\nA:SP$ DealDamage | Cost$ R | ValidTgts$ Creture | NumDmg$ 2\n",
    );
    let boom = write(
        dir,
        "cardsfolder/b/boom_card.txt",
        b"Name:Boom Card\nManaCost:R\nTypes:Instant\nA:SP$ Draw | Cost$ R | NumCards$ 1\n",
    );
    (good, boom)
}

#[test]
fn a_panic_on_one_file_is_a_g100_on_it_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    two_forge_cards(dir.path());
    let env = [("CARDLINT_TEST_PANIC", "boom_card")];
    for command in ["check", "simulate"] {
        let mut args = vec![command, "--format", "json", dir.path().to_str().unwrap()];
        if command == "check" {
            args.insert(1, "--no-cache");
        }
        let out = run_with(&args, &env);
        assert_eq!(out.status.code(), Some(1), "{command}: {}", stderr(&out));
        let report = json(&out);
        let diagnostics = report["diagnostics"].as_array().unwrap();
        let g100: Vec<_> = diagnostics.iter().filter(|d| d["code"] == "G100").collect();
        assert_eq!(g100.len(), 1, "{command}: {report}");
        let d = g100[0];
        assert!(d["path"].as_str().unwrap().ends_with("boom_card.txt"));
        assert_eq!(d["name"], "internal-error");
        assert_eq!(d["severity"], "error");
        assert_eq!(
            (d["line"].as_u64(), d["column"].as_u64()),
            (Some(1), Some(1))
        );
        assert!(
            d["message"]
                .as_str()
                .unwrap()
                .contains("CARDLINT_TEST_PANIC"),
            "{command}: {d}"
        );
        // The other file is checked as usual.
        assert!(
            diagnostics
                .iter()
                .any(|d| d["path"].as_str().unwrap().ends_with("good_card.txt")),
            "{command}: {report}"
        );
        // The caught panic is not printed.
        assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    }
    // The text output is the same on every run.
    let args = ["check", "--no-cache", dir.path().to_str().unwrap()];
    let a = run_with(&args, &env);
    let b = run_with(&args, &env);
    assert_eq!((a.stdout, a.stderr), (b.stdout, b.stderr));
}

#[test]
fn g100_is_listed_with_the_rules() {
    let out = run(&["rules"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines()
            .any(|l| l.contains("G100") && l.contains("internal-error")),
        "{text}"
    );
    let out = run(&["explain", "G100"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("internal-error"));
}

// ---- cost in proportion to the input --------------------------------------------------------

/// Checks (or simulates) a generated tree: no failure, no panic, and a report of bounded size.
fn check_bounded(command: &str, dir: &Path, format: &str, max_output: usize) -> Output {
    let mut args = vec![command, "--format", format, dir.to_str().unwrap()];
    if command == "check" {
        args.insert(1, "--no-cache");
    }
    let out = run(&args);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "exit {:?}: {}",
        out.status.code(),
        stderr(&out)
    );
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    assert!(
        out.stdout.len() <= max_output,
        "{} bytes of output",
        out.stdout.len()
    );
    if format == "json" {
        assert!(!codes(&json(&out)).contains(&"G100".to_string()));
    }
    out
}

fn forge_card(body: &str) -> String {
    format!("Name:Big Card\nManaCost:R\nTypes:Instant\n{body}\n")
}

#[test]
fn a_long_word_in_a_valid_expression() {
    let dir = tempfile::tempdir().unwrap();
    let word = format!("Creatur{}", "e".repeat(40_000));
    let text = forge_card(&format!(
        "A:SP$ DealDamage | Cost$ R | ValidTgts$ {word} | NumDmg$ 2"
    ));
    write(dir.path(), "cardsfolder/b/big_card.txt", text.as_bytes());
    check_bounded("check", dir.path(), "json", 200_000);
    check_bounded("check", dir.path(), "text", 200_000);
}

#[test]
fn a_record_with_many_parameters() {
    let dir = tempfile::tempdir().unwrap();
    let params: String = (0..3_000).map(|i| format!(" | P{i}$ x")).collect();
    let text = forge_card(&format!("A:SP$ Draw | Cost$ R{params}"));
    write(dir.path(), "cardsfolder/b/big_card.txt", text.as_bytes());
    let out = check_bounded("check", dir.path(), "json", 2_000_000);
    assert!(codes(&json(&out)).len() >= 1000);
    // The text output shows a window of the long line for each finding, not all of it.
    check_bounded("check", dir.path(), "text", 2_000_000);
}

#[test]
fn findings_of_one_rule_are_capped_per_file() {
    let dir = tempfile::tempdir().unwrap();
    let params: String = (0..1_500).map(|i| format!(" | P{i}$ x")).collect();
    let text = forge_card(&format!("A:SP$ Draw | Cost$ R{params}"));
    write(dir.path(), "cardsfolder/b/big_card.txt", text.as_bytes());
    let out = check_bounded("check", dir.path(), "json", 2_000_000);
    let report = json(&out);
    let f117: Vec<_> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "F117")
        .collect();
    assert_eq!(
        f117.len(),
        1001,
        "1000 findings and one that sums up the rest"
    );
    assert!(
        f117.iter().any(|d| d["message"]
            .as_str()
            .unwrap()
            .starts_with("500 more `F117` findings")),
        "{report}"
    );
}

fn wagic_card(lines: &str) -> String {
    format!("[card]\nname=Big Card\n{lines}\ntext=Big.\nmana={{R}}\ntype=Instant\n[/card]\n")
}

#[test]
fn nested_transforms_and_newability() {
    let dir = tempfile::tempdir().unwrap();
    let n = 4_000;
    let code = format!(
        "{}draw:1{}",
        "transforms((,newability[".repeat(n),
        "]))".repeat(n)
    );
    write(
        dir.path(),
        "sets/primitives/cards.txt",
        wagic_card(&format!("auto={code}")).as_bytes(),
    );
    check_bounded("check", dir.path(), "json", 2_000_000);
}

#[test]
fn nested_ability_bodies() {
    let dir = tempfile::tempdir().unwrap();
    let n = 6_000;
    let code = format!("{}draw:1{}", "ability$!".repeat(n), "!$".repeat(n));
    write(
        dir.path(),
        "sets/primitives/cards.txt",
        wagic_card(&format!("auto={code}")).as_bytes(),
    );
    check_bounded("check", dir.path(), "json", 2_000_000);
}

#[test]
fn a_long_wagic_target_line() {
    let dir = tempfile::tempdir().unwrap();
    let target = "creature[".repeat(20_000);
    write(
        dir.path(),
        "sets/primitives/cards.txt",
        wagic_card(&format!("target={target}\nauto=destroy")).as_bytes(),
    );
    check_bounded("check", dir.path(), "json", 2_000_000);
    check_bounded("check", dir.path(), "text", 4_000_000);
}

#[test]
fn a_long_chain_of_wagic_effects() {
    let dir = tempfile::tempdir().unwrap();
    let chain = vec!["draw:1"; 4_000].join("&&");
    write(
        dir.path(),
        "sets/primitives/cards.txt",
        wagic_card(&format!("auto={chain}")).as_bytes(),
    );
    check_bounded("check", dir.path(), "json", 2_000_000);
}

#[test]
fn a_run_of_stray_characters_is_one_finding() {
    let dir = tempfile::tempdir().unwrap();
    let stray = "$|".repeat(200_000);
    let text = format!(
        "ScriptsLocal = '''\n=====\nBig Card\n-----\n{GUID}\n-----\nonPlay:Gain1Credits{stray}\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''\n"
    );
    write(dir.path(), "o8g/Scripts/CardScripts.py", text.as_bytes());
    let out = check_bounded("check", dir.path(), "json", 100_000);
    let report = json(&out);
    let n108 = codes(&report).iter().filter(|c| *c == "N108").count();
    assert_eq!(n108, 1, "{report}");
}

#[test]
fn a_deep_chain_of_charms_is_cut() {
    let dir = tempfile::tempdir().unwrap();
    let n = 2_000;
    let mut lines = vec!["A:SP$ Charm | Cost$ R | Choices$ C0".to_string()];
    lines.extend((0..n).map(|i| format!("SVar:C{i}:DB$ Charm | Choices$ C{}", i + 1)));
    lines.push(format!("SVar:C{n}:DB$ Draw | NumCards$ 1"));
    write(
        dir.path(),
        "cardsfolder/b/big_card.txt",
        forge_card(&lines.join("\n")).as_bytes(),
    );
    let out = check_bounded("simulate", dir.path(), "json", 100_000);
    let report = json(&out);
    assert!(
        report["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "G102" && d["message"].as_str().unwrap().contains("deep")),
        "{report}"
    );
}

// ---- --fix ----------------------------------------------------------------------------------

#[test]
fn utf16_files_are_not_fixed() {
    let dir = tempfile::tempdir().unwrap();
    // Trailing spaces (F109, a safe fix) in UTF-16: with and without a byte-order mark.
    let text = "Name:Wide Card  \r\nManaCost:R\r\nTypes:Instant\r\n";
    let utf16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let with_bom: Vec<u8> = [0xFF, 0xFE].into_iter().chain(utf16.clone()).collect();
    let a = write(dir.path(), "cardsfolder/w/wide_card.txt", &with_bom);
    let b = write(dir.path(), "cardsfolder/w/wide_card_2.txt", &utf16);
    let out = run(&[
        "check",
        "--fix",
        "--format",
        "json",
        "--dialect",
        "forge",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
    ]);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
    assert_eq!(std::fs::read(&a).unwrap(), with_bom);
    assert_eq!(std::fs::read(&b).unwrap(), utf16);
    assert!(stderr(&out).contains("UTF-16"), "{}", stderr(&out));
}

#[cfg(unix)]
#[test]
fn a_symlink_is_followed_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let target = write(
        dir.path(),
        "real/trail_card.txt",
        b"Name:Trail Card  \nManaCost:R\nTypes:Instant\n",
    );
    let link = dir.path().join("cardsfolder/t/trail_card.txt");
    std::fs::create_dir_all(link.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let out = run(&["check", "--fix", link.to_str().unwrap()]);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        "Name:Trail Card\nManaCost:R\nTypes:Instant\n"
    );
}

#[cfg(unix)]
#[test]
fn a_file_that_cannot_be_written_is_an_error() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("cardsfolder/t");
    let path = write(
        dir.path(),
        "cardsfolder/t/trail_card.txt",
        b"Name:Trail Card  \nTypes:Instant\n",
    );
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o555)).unwrap();
    // Privileged users write anyway: nothing to test then.
    let probe = folder.join("probe");
    if std::fs::write(&probe, b"").is_ok() {
        let _ = std::fs::remove_file(&probe);
        std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
        eprintln!("skipped: this user can write into a read-only folder");
        return;
    }
    let out = run(&["check", "--fix", path.to_str().unwrap()]);
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("trail_card.txt"), "{}", stderr(&out));
}

#[test]
fn a_fix_keeps_cr_line_endings() {
    let dir = tempfile::tempdir().unwrap();
    // W128: a key after `[card]` on the same line; the file ends its lines with CR only.
    let path = write(
        dir.path(),
        "sets/primitives/cards.txt",
        b"[card] name=Cr Card\rtext=x.\rmana={R}\rtype=Instant\r[/card]\r",
    );
    let out = run(&["check", "--fix", path.to_str().unwrap()]);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(&path).unwrap(),
        b"[card]\rname=Cr Card\rtext=x.\rmana={R}\rtype=Instant\r[/card]\r"
    );
}

// ---- reading paths --------------------------------------------------------------------------

#[test]
fn the_cache_tells_a_resaved_file_from_the_old_one() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let path = write(
        dir.path(),
        "cardsfolder/c/cafe_card.txt",
        b"Name:Caf\xe9 Card\nManaCost:R\nTypes:Instant\n",
    );
    let env = [("CARDLINT_CACHE_DIR", cache.to_str().unwrap())];
    let args = ["check", "--format", "json", path.to_str().unwrap()];
    let first = json(&run_with(&args, &env));
    assert!(codes(&first).contains(&"E001".to_string()), "{first}");
    // The same text, saved as UTF-8.
    std::fs::write(&path, "Name:Café Card\nManaCost:R\nTypes:Instant\n").unwrap();
    let second = json(&run_with(&args, &env));
    assert!(!codes(&second).contains(&"E001".to_string()), "{second}");
}

#[cfg(unix)]
#[test]
fn a_fifo_is_an_unreadable_path() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("cards.txt");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: mkfifo is not available");
        return;
    }
    // Nothing ever writes to it: opening it would block.
    let out = run(&[
        "check",
        "--no-cache",
        "--dialect",
        "forge",
        fifo.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("cards.txt"), "{}", stderr(&out));
}

#[test]
fn an_unreadable_path_does_not_hide_the_other_findings() {
    let dir = tempfile::tempdir().unwrap();
    let (good, _) = two_forge_cards(dir.path());
    let missing = dir.path().join("cardsfolder/m/missing_card.txt");
    let out = run(&[
        "check",
        "--no-cache",
        "--format",
        "json",
        good.to_str().unwrap(),
        missing.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let report = json(&out);
    assert!(!codes(&report).is_empty(), "{report}");
    assert!(
        stderr(&out).contains("missing_card.txt"),
        "{}",
        stderr(&out)
    );
}

#[cfg(unix)]
#[test]
fn control_characters_in_paths_are_escaped_in_text_output() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "cardsfolder/e/\x1b[31mred\x07.txt",
        b"Name:Red Card\nManaCost:R\nTypes:Instant\nA:SP$ DealDamage | Cost$ R | ValidTgts$ Creture | NumDmg$ 2\n",
    );
    let out = run(&[
        "check",
        "--no-cache",
        "--dialect",
        "forge",
        path.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains('\x1b') && !text.contains('\x07'), "{text}");
    assert!(text.contains("\\u{1b}[31mred\\u{7}.txt"), "{text}");
}

// ---- --fix on awkward files and names (issue 27) ---------------------------------------------

const TRAILING: &[u8] = b"Name:Quiet Scholar \nManaCost:1 U\nTypes:Creature Human\nPT:1/2\n";
const TRAILING_FIXED: &[u8] = b"Name:Quiet Scholar\nManaCost:1 U\nTypes:Creature Human\nPT:1/2\n";

#[test]
fn a_file_with_a_name_near_the_limit_is_fixed() {
    // From 235 bytes on, a temporary name built from the file's own would pass the 255-byte
    // limit of a name (the run then said "All clear" with the file unfixed); 255 is the limit.
    for len in [235, 251, 255] {
        let dir = tempfile::tempdir().unwrap();
        let name = format!("{}.txt", "q".repeat(len - 4));
        let path = write(dir.path(), &format!("cardsfolder/q/{name}"), TRAILING);
        let out = run(&["check", "--fix", "--no-cache", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{len}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("Fixed 1 problem in 1 file"),
            "{len}: {}",
            stderr(&out)
        );
        assert_eq!(std::fs::read(&path).unwrap(), TRAILING_FIXED, "{len}");
        let left: Vec<_> = std::fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(left.len(), 1, "{len}: a temporary file was left behind");
    }
}

#[cfg(unix)]
#[test]
fn a_file_whose_name_is_not_utf8_is_fixed() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("cardsfolder/c");
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join(std::ffi::OsStr::from_bytes(b"caf\xe9.txt"));
    std::fs::write(&path, TRAILING).unwrap();
    let out = run(&["check", "--fix", "--no-cache", folder.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read(&path).unwrap(), TRAILING_FIXED);
    // Named itself on the command line, not found by walking its folder.
    std::fs::write(&path, TRAILING).unwrap();
    let args = [
        std::ffi::OsStr::new("check"),
        std::ffi::OsStr::new("--fix"),
        std::ffi::OsStr::new("--no-cache"),
        path.as_os_str(),
    ];
    let out = run_with(&args, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read(&path).unwrap(), TRAILING_FIXED);
}

/// `--fix` on one card whose fix cannot be written, whoever runs the test (root writes into a
/// read-only folder): cardlint runs under a file-size limit of 0 (`ulimit -f 0`, SIGXFSZ
/// ignored; its stdout and stderr are pipes, which the limit does not apply to), so writing the
/// temporary file fails with EFBIG. The findings stay in the report
/// (JSON and text; the text says why), the file is unchanged, and the run fails.
#[cfg(unix)]
#[test]
fn an_unwritable_file_keeps_its_findings_whoever_runs_the_test() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "cardsfolder/q/quiet_scholar.txt", TRAILING);
    let limited = |format: &str| {
        let mut sh = Command::new("sh");
        sh.args([
            "-c",
            "ulimit -f 0 && trap '' XFSZ && exec \"$0\" \"$@\"",
            env!("CARGO_BIN_EXE_cardlint"),
        ]);
        run_command(
            sh,
            &["check", "--fix", "--format", format, path.to_str().unwrap()],
            &[],
        )
    };
    let json_out = limited("json");
    assert_eq!(json_out.status.code(), Some(2), "{}", stderr(&json_out));
    assert!(
        stderr(&json_out).contains("cannot write"),
        "{}",
        stderr(&json_out)
    );
    let report = json(&json_out);
    assert_eq!(codes(&report), vec!["F109".to_string()], "{report}");
    // The finding keeps its fix (the JSON format has no notes: the reason is on stderr).
    assert!(report["diagnostics"][0]["fix"].is_object(), "{report}");
    assert_eq!(std::fs::read(&path).unwrap(), TRAILING);
    let text_out = limited("text");
    assert_eq!(text_out.status.code(), Some(2), "{}", stderr(&text_out));
    let text = String::from_utf8_lossy(&text_out.stdout);
    assert!(text.contains("not fixed: cannot write the file"), "{text}");
    assert!(!text.contains("All clear"), "{text}");
    assert_eq!(std::fs::read(&path).unwrap(), TRAILING);
    let left: Vec<_> = std::fs::read_dir(path.parent().unwrap()).unwrap().collect();
    assert_eq!(left.len(), 1, "a temporary file was left behind");
}

#[cfg(unix)]
#[test]
fn an_unwritable_file_keeps_its_findings_with_the_reason() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("cardsfolder/t");
    let path = write(dir.path(), "cardsfolder/t/quiet_scholar.txt", TRAILING);
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o555)).unwrap();
    let probe = folder.join("probe");
    if std::fs::write(&probe, b"").is_ok() {
        let _ = std::fs::remove_file(&probe);
        std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
        eprintln!("skipped: this user can write into a read-only folder");
        return;
    }
    let json_out = run(&["check", "--fix", "--format", "json", path.to_str().unwrap()]);
    let text_out = run(&["check", "--fix", path.to_str().unwrap()]);
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(json_out.status.code(), Some(2), "{}", stderr(&json_out));
    assert!(codes(&json(&json_out)).contains(&"F109".to_string()));
    let text = String::from_utf8_lossy(&text_out.stdout);
    assert!(text.contains("not fixed: cannot write the file"), "{text}");
    assert!(!text.contains("All clear"), "{text}");
}

#[test]
fn the_whitespace_fix_keeps_a_trailing_nul() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "cardsfolder/n/nul_card.txt",
        b"Name:Nul Card \0 \nManaCost:R\nTypes:Instant\n",
    );
    let out = run(&["check", "--fix", "--no-cache", path.to_str().unwrap()]);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(&path).unwrap(),
        b"Name:Nul Card\0\nManaCost:R\nTypes:Instant\n"
    );
}

#[test]
fn an_unsafe_fix_keeps_cr_only_line_endings() {
    let dir = tempfile::tempdir().unwrap();
    // E013: the block is never closed; the unsafe fix closes it at the end of the file.
    let path = write(
        dir.path(),
        "sets/primitives/cards.txt",
        b"[card]\rname=Cr Card\rtext=x.\rmana={R}\rtype=Instant\r",
    );
    let out = run(&[
        "check",
        "--fix",
        "--unsafe-fixes",
        "--no-cache",
        path.to_str().unwrap(),
    ]);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
    let after = std::fs::read(&path).unwrap();
    assert!(
        !after.contains(&b'\n'),
        "{:?}",
        String::from_utf8_lossy(&after)
    );
    assert!(
        after.ends_with(b"[/card]\r"),
        "{:?}",
        String::from_utf8_lossy(&after)
    );
}

/// Runs `check` twice over one card with the cache in `cache`, replacing the cache file with
/// `replace` between the runs; the second run must finish with the same findings.
#[cfg(unix)]
fn cache_entry_replaced_by(replace: impl Fn(&Path)) {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let path = write(dir.path(), "cardsfolder/q/quiet_scholar.txt", TRAILING);
    let env = [("CARDLINT_CACHE_DIR", cache.to_str().unwrap())];
    let args = ["check", "--format", "json", path.to_str().unwrap()];
    let first = json(&run_with(&args, &env));
    let entries: Vec<PathBuf> = std::fs::read_dir(&cache)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "bin"))
        .collect();
    assert_eq!(entries.len(), 1, "{entries:?}");
    std::fs::remove_file(&entries[0]).unwrap();
    replace(&entries[0]);
    let second = run_with(&args, &env);
    assert_eq!(second.status.code(), Some(0), "{}", stderr(&second));
    assert_eq!(codes(&json(&second)), codes(&first));
}

#[cfg(unix)]
#[test]
fn a_cache_entry_that_is_a_fifo_is_not_read() {
    if !Command::new("mkfifo")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        eprintln!("skipped: mkfifo is not available");
        return;
    }
    cache_entry_replaced_by(|p| {
        assert!(Command::new("mkfifo").arg(p).status().unwrap().success());
    });
}

#[cfg(unix)]
#[test]
fn a_cache_entry_linking_to_dev_zero_is_not_read() {
    cache_entry_replaced_by(|p| std::os::unix::fs::symlink("/dev/zero", p).unwrap());
}

// ---- linear by construction (issue 27) --------------------------------------------------------

#[test]
fn a_line_longer_than_cardlint_reads_is_one_finding() {
    let dir = tempfile::tempdir().unwrap();
    let text = forge_card(&format!("Oracle:{}", "a b ".repeat(20_000)));
    write(dir.path(), "cardsfolder/b/big_card.txt", text.as_bytes());
    let out = check_bounded("check", dir.path(), "json", 100_000);
    let found = codes(&json(&out));
    assert_eq!(
        found.iter().filter(|c| *c == "E015").count(),
        1,
        "{found:?}"
    );
    let wagic = wagic_card(&format!("auto={}", "&&(".repeat(30_000)));
    write(dir.path(), "sets/primitives/cards.txt", wagic.as_bytes());
    let out = check_bounded("check", dir.path(), "json", 100_000);
    let found = codes(&json(&out));
    assert_eq!(
        found.iter().filter(|c| *c == "E015").count(),
        2,
        "{found:?}"
    );
}

#[test]
fn rules_text_scans_are_linear_below_the_line_limit() {
    // Quadratic before: "unless" and "for each" were searched again from every word.
    let dir = tempfile::tempdir().unwrap();
    let text = forge_card(&format!(
        "A:SP$ Draw | Cost$ R | NumCards$ 2\nOracle:{}draw two cards.",
        "a b gets +1/+1 create ".repeat(2_500)
    ));
    write(dir.path(), "cardsfolder/b/big_card.txt", text.as_bytes());
    check_bounded("check", dir.path(), "json", 100_000);
}

#[test]
fn a_large_utf16_file_is_one_g100() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("RulesDict = {}\n");
    while text.len() < 700_000 {
        text.push_str(&format!(
            "RulesDict[\"{GUID}\"] = \"\"\"\ntarget = x\n\"\"\"\n"
        ));
    }
    let mut bytes = vec![0xFF, 0xFE];
    for unit in text.encode_utf16() {
        bytes.extend_from_slice(&unit.to_le_bytes());
    }
    write(dir.path(), "o8g/Scripts/card_rules.py", &bytes);
    let out = run(&[
        "check",
        "--no-cache",
        "--format",
        "json",
        dir.path().to_str().unwrap(),
    ]);
    let report = json(&out);
    assert_eq!(codes(&report), vec!["G100".to_string()], "{report}");
    let message = report["diagnostics"][0]["message"].as_str().unwrap();
    assert!(message.contains("UTF-16"), "{message}");
}

#[test]
fn a_deep_wagic_transform_nest_is_not_played() {
    let dir = tempfile::tempdir().unwrap();
    let code = format!(
        "{}draw:1{}",
        "transforms((,newability[".repeat(500),
        "]))".repeat(500)
    );
    let card = format!(
        "[card]\nname=Big Card\nauto={code}\ntext=Big.\nmana={{R}}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n"
    );
    write(dir.path(), "sets/primitives/cards.txt", card.as_bytes());
    let out = check_bounded("simulate", dir.path(), "json", 100_000);
    assert!(!codes(&json(&out)).contains(&"G100".to_string()));
}
