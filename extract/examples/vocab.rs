//! Prints the vocabulary extracted from a Forge source tree as TSV, and the time it took.
//! Usage: `cargo run -p cardlint-extract --release --example vocab -- <forge source folder> [label]`

use std::path::PathBuf;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(root) = args.next().map(PathBuf::from) else {
        eprintln!("usage: vocab <forge source folder> [label]");
        std::process::exit(2);
    };
    let label = args.next().unwrap_or_else(|| root.display().to_string());
    let t = Instant::now();
    match extract::extract(&root) {
        Ok(x) => {
            let took = t.elapsed();
            print!("{}", x.to_tsv(&label));
            eprintln!(
                "{} rows from {} files ({} parsed) in {:.2?}",
                x.rows.len(),
                x.java_files,
                x.parsed_files,
                took
            );
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
