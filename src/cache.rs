//! Where the result cache lives and what it is keyed by. The cache itself is `lint::cache`.
//! `.cardlint_cache/` sits beside the config file, else in the current folder;
//! `CARDLINT_CACHE_DIR` moves it; `--no-cache` bypasses it.

use crate::cli::CheckArgs;
use lint::config::Config;
use std::path::{Path, PathBuf};

/// The largest cache file read (the Forge corpus's is a few tens of MiB).
const MAX_CACHE_SIZE: u64 = 1 << 30;

pub struct CacheFile {
    path: PathBuf,
    key: String,
}

impl CacheFile {
    /// The cache of a run over `paths` (the named paths and the project folders indexed with
    /// them: a named file of a project shares the cache of the runs over that project).
    pub fn locate(args: &CheckArgs, paths: &[PathBuf], config: &Config) -> Option<CacheFile> {
        let dir = match std::env::var_os("CARDLINT_CACHE_DIR") {
            Some(dir) => PathBuf::from(dir),
            None => match &config.path {
                Some(_) => config.root.join(".cardlint_cache"),
                None => std::env::current_dir().ok()?.join(".cardlint_cache"),
            },
        };
        // One cache file per set of checked paths, so that runs over different trees coexist.
        let mut paths: Vec<String> = paths
            .iter()
            .map(|p| {
                std::fs::canonicalize(p)
                    .unwrap_or_else(|_| p.clone())
                    .to_string_lossy()
                    .to_string()
            })
            .collect();
        paths.sort();
        let name = format!(
            "{:016x}.bin",
            xxhash_rust::xxh3::xxh3_64(paths.join("\n").as_bytes())
        );
        Some(CacheFile {
            path: dir.join(name),
            key: key(args, config),
        })
    }

    /// Whether a cache file is there (it may still be for another binary or configuration).
    pub fn exists(&self) -> bool {
        self.path.is_file()
    }

    /// The cache, read only from a regular file of at most `MAX_CACHE_SIZE` bytes (a FIFO or a
    /// link to `/dev/zero` in its place is ignored, never waited on or read without end).
    pub fn load(&self) -> lint::cache::Cache {
        lint::discover::read_regular_at_most(&self.path, MAX_CACHE_SIZE)
            .ok()
            .and_then(|bytes| lint::cache::Cache::from_bytes(&bytes, &self.key))
            .unwrap_or_else(|| lint::cache::Cache::new(self.key.clone()))
    }

    /// Stores the cache; a failure only costs the next run its speed, so it is not an error.
    pub fn store(&self, cache: &lint::cache::Cache) {
        let Some(dir) = self.path.parent() else {
            return;
        };
        if std::fs::create_dir_all(dir).is_err() {
            return;
        }
        let _ = std::fs::write(dir.join(".gitignore"), "# Created by cardlint.\n*\n");
        let _ = std::fs::write(
            dir.join("CACHEDIR.TAG"),
            "Signature: 8a477f597d28d172789f06886806bc55\n# This file is a cache directory tag created by cardlint.\n",
        );
        let tmp = self
            .path
            .with_extension(format!("tmp{}", std::process::id()));
        let written = std::fs::File::create(&tmp).and_then(|f| cache.write_to(f));
        if written.is_ok() {
            let _ = std::fs::rename(&tmp, &self.path);
        } else {
            let _ = std::fs::remove_file(&tmp);
        }
    }
}

/// What the cached results depend on besides the files: this binary and the configuration.
fn key(args: &CheckArgs, config: &Config) -> String {
    let exe = std::env::current_exe()
        .ok()
        .and_then(|p| std::fs::metadata(p).ok());
    let binary = exe
        .map(|m| {
            let modified = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{}:{}", m.len(), modified)
        })
        .unwrap_or_default();
    let config_text = config
        .path
        .as_deref()
        .and_then(|p: &Path| std::fs::read(p).ok())
        .unwrap_or_default();
    format!(
        "{} {} config={:016x} select={:?} ignore={:?} dialect={:?} isolated={}",
        env!("CARGO_PKG_VERSION"),
        binary,
        xxhash_rust::xxh3::xxh3_64(&config_text),
        args.select,
        args.ignore,
        args.dialect.map(|d| d.dialect().name()),
        args.isolated
    )
}
