//! `model/data/forge/guarded-params.tsv` is what `bench/guarded_params.py` makes from the two
//! Forge engine sources in `../shared` (skipped, with a notice, when they or python3 are absent).

use std::path::Path;
use std::process::Command;

#[test]
fn the_shipped_guarded_params_are_what_the_script_makes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let src = root.join("../shared/corpus/forge-engine-src");
    let (old, new) = (src.join("reeforge-2020"), src.join("upstream-2022"));
    if !old.is_dir() || !new.is_dir() {
        eprintln!(
            "notice: {} is absent: guarded-params.tsv not re-made",
            src.display()
        );
        return;
    }
    let Ok(out) = Command::new("python3")
        .arg(root.join("bench/guarded_params.py"))
        .arg(&old)
        .arg(&new)
        .output()
    else {
        eprintln!("notice: python3 is absent: guarded-params.tsv not re-made");
        return;
    };
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shipped =
        std::fs::read_to_string(root.join("model/data/forge/guarded-params.tsv")).unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        shipped,
        "re-make it: python3 bench/guarded_params.py <2020 source> <2022 source> > model/data/forge/guarded-params.tsv"
    );
}
