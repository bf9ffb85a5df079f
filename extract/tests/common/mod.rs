//! Helpers shared by the extraction's fixture tests.

use std::path::{Path, PathBuf};

/// A folder under the system temp dir, removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!(
            "cardlint-extract-{name}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }

    pub fn write(&self, rel: &str, text: &str) -> &TempDir {
        self.write_bytes(rel, text.as_bytes())
    }

    #[allow(dead_code)] // not every test binary writes raw bytes
    pub fn write_bytes(&self, rel: &str, bytes: &[u8]) -> &TempDir {
        let p = self.0.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
        self
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
