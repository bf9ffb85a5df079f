//! `cardlint check` and `cardlint debug tree`.

use crate::cli::{CheckArgs, DialectArg, Format};
use crate::{files, output};
use lint::{RuleFilter, Severity};
use std::path::Path;
use std::process::ExitCode;

pub fn run(args: &CheckArgs) -> Result<ExitCode, String> {
    let loaded = files::load(&args.paths, args.dialect.map(DialectArg::dialect))?;
    let filter = RuleFilter::default();
    let mut results = lint::workspace::check(&loaded.files, &filter);
    if args.simulate {
        let (sim, _) = engine::simulate(&loaded.files, &engine::Options::default());
        results = engine::simulate::merge(results, sim);
    }
    let report = output::Report::new(&loaded.files, results);
    match args.format {
        Format::Text => output::text::print(&report),
        Format::Json => output::json::print(&report),
    }
    .map_err(|e| format!("cannot write the report: {e}"))?;
    for path in &loaded.unknown {
        eprintln!(
            "cardlint: {}: cannot tell which card language this file is written in; name it with --dialect",
            path.display()
        );
    }
    let errors = report.count(Severity::Error);
    Ok(if !loaded.unknown.is_empty() {
        ExitCode::from(2)
    } else if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

pub fn debug_tree(path: &Path, dialect: Option<DialectArg>) -> Result<ExitCode, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let source = syntax::SourceText::decode(&bytes);
    let dialect = dialect
        .map(DialectArg::dialect)
        .or_else(|| lint::dialect::detect(path, source.text()))
        .ok_or_else(|| format!("{}: cannot tell which card language this file is written in; name it with --dialect", path.display()))?;
    print!("{}", dialect.debug_tree(source.text()));
    Ok(ExitCode::SUCCESS)
}
