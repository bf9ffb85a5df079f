#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
use std::time::Instant;
fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out)
        } else {
            out.push(p)
        }
    }
}
fn main() {
    let dir = std::env::args().nth(1).unwrap();
    let dialect = std::env::args().nth(2).unwrap();
    let mut paths = Vec::new();
    files(std::path::Path::new(&dir), &mut paths);
    let texts: Vec<String> = paths
        .iter()
        .map(|p| {
            syntax::SourceText::decode(&std::fs::read(p).unwrap())
                .text()
                .to_string()
        })
        .collect();
    let bytes: usize = texts.iter().map(|t| t.len()).sum();
    let t = Instant::now();
    let mut n = 0;
    for text in &texts {
        n += match dialect.as_str() {
            "forge" => syntax::forge::parse(text).errors().len(),
            _ => syntax::wagic::parse(text).errors().len(),
        };
    }
    let e = t.elapsed();
    println!(
        "{} files, {} bytes, {} errors, {:?}, {:.1} MB/s",
        texts.len(),
        bytes,
        n,
        e,
        bytes as f64 / e.as_secs_f64() / 1e6
    );
}
