//! Helpers shared by the CLI test files (each includes this module with `mod common;`).
#![allow(dead_code)] // each test file uses its own subset

use serde_json::Value;
use std::path::Path;
use std::process::Output;

/// Writes `text` at `dir/rel`, making the folders it needs.
pub fn write(dir: &Path, rel: &str, text: &str) {
    let path = dir.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A run's standard output read as JSON (the panic shows both streams).
pub fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}
