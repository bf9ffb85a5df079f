//! Prints the vocabulary extracted from a Wagic source tree as TSV, and the time it took.
//! Usage: `cargo run -p cardlint-extract --release --example wagic_vocab -- <wagic source folder> [label]`

use std::path::PathBuf;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(root) = args.next().map(PathBuf::from) else {
        eprintln!("usage: wagic_vocab <wagic source folder> [label]");
        std::process::exit(2);
    };
    let label = args.next().unwrap_or_else(|| root.display().to_string());
    let t = Instant::now();
    match extract::wagic::extract(&root) {
        Ok(x) => {
            let took = t.elapsed();
            print!("{}", x.to_tsv(&label));
            eprintln!(
                "{} rows from {} files in {:.2?}",
                x.rows.len(),
                x.files,
                took
            );
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
