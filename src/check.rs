//! `cardlint check` and `cardlint debug tree`.

use crate::cli::{CheckArgs, DialectArg, Format};
use crate::{files, fix, output};
use lint::Severity;
use lint::config::Config;
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

/// The configuration: `--config`, else `cardlint.toml` found from the first path upward, else the
/// defaults; then the command line's `--select` and `--ignore`.
fn load_config(args: &CheckArgs) -> Result<Config, String> {
    let mut config = if args.isolated {
        Config::default()
    } else {
        let path = match &args.config {
            Some(path) => Some(path.clone()),
            None => Config::discover(args.paths.first().map_or(Path::new("."), |p| p.as_path())),
        };
        match path {
            Some(path) => Config::load(&path).map_err(|e| e.to_string())?,
            None => Config::default(),
        }
    };
    let rules = lint::all_rules();
    let resolve = |selector: &String| {
        let codes = lint::config::resolve_selector(&rules, selector.trim());
        if codes.is_empty() {
            Err(format!(
                "no rule is called `{selector}` (see `cardlint rules`)"
            ))
        } else {
            Ok(codes)
        }
    };
    if let Some(select) = &args.select {
        let mut codes = Vec::new();
        for s in select {
            codes.extend(resolve(s)?);
            config
                .filter
                .explicit
                .extend(lint::config::exact_rule(&rules, s.trim()));
        }
        config.filter.select = Some(codes);
    }
    for s in &args.ignore {
        config.filter.ignore.extend(resolve(s)?);
    }
    Ok(config)
}

pub fn run(args: &CheckArgs) -> Result<ExitCode, String> {
    if let Some(threads) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build_global()
            .map_err(|e| e.to_string())?;
    }
    let config = load_config(args)?;
    let cache = if args.no_cache || args.fix || args.diff {
        None
    } else {
        crate::cache::CacheFile::locate(args, &config)
    };
    // A run that will parse every file (no cache to reuse) does so without huge pages.
    if cache.as_ref().is_none_or(|c| !c.exists()) {
        crate::no_transparent_huge_pages();
    }
    // Paths that cannot be read are named after the report of the others (and exit 2).
    let loaded = files::load_with(
        &args.paths,
        args.dialect.map(DialectArg::dialect),
        &config,
        true,
    )?;
    for path in &loaded.unknown {
        eprintln!(
            "cardlint: {}: cannot tell which card language this file is written in; name it with --dialect",
            crate::output::escape_path(&path.display().to_string())
        );
    }
    let failure = !loaded.unknown.is_empty() || !loaded.errors.is_empty();
    // Named after everything else the run prints, so that they end the output.
    let _unreadable = Unreadable(&loaded.errors);

    if args.fix || args.diff {
        let fixed = fix::fix_all(loaded.files.clone(), &config, args.unsafe_fixes);
        if args.diff {
            let diff = fix::diff(&loaded.files, &fixed);
            print!("{diff}");
            return Ok(if failure {
                ExitCode::from(2)
            } else if diff.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            });
        }
        let (written, errors) = fix::write_changed(&loaded.files, &fixed);
        for error in &errors {
            eprintln!("cardlint: {error}");
        }
        let failure = failure || !errors.is_empty();
        let count: usize = fixed.applied.iter().sum();
        if !args.quiet && count > 0 {
            eprintln!(
                "Fixed {count} problem{} in {written} file{}.",
                plural(count),
                plural(written)
            );
        }
        let report = output::Report::new(&fixed.files, fixed.results);
        return finish(args, &report, failure);
    }

    let progress = output::progress::Progress::new(
        loaded.files.len(),
        !args.quiet && std::io::stderr().is_terminal(),
    );
    let results = match &cache {
        Some(cache) => {
            let old = cache.load();
            let (results, new, _stats) =
                lint::cache::check(&loaded.files, &config, &old, &|| progress.inc());
            if let Some(new) = new {
                cache.store(&new);
            }
            results
        }
        None => lint::workspace::check_with_progress(&loaded.files, &config, &|| progress.inc()),
    };
    progress.finish();
    let results = if args.simulate {
        crate::simulate::add_to_lint(&loaded.files, results, &config)
    } else {
        results
    };
    let report = output::Report::new(&loaded.files, results);
    finish(args, &report, failure)
}

/// The paths that could not be read, printed when the run ends (on every way out of `run`).
struct Unreadable<'a>(&'a [String]);

impl Drop for Unreadable<'_> {
    fn drop(&mut self) {
        for error in self.0 {
            eprintln!("cardlint: {}", crate::output::escape_path(error));
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Prints the report and picks the exit code.
fn finish(
    args: &CheckArgs,
    report: &output::Report<'_>,
    failure: bool,
) -> Result<ExitCode, String> {
    let written = if args.statistics {
        output::statistics::print(report, args.format)
    } else {
        match args.format {
            Format::Text => output::text::print(report, args.quiet),
            Format::Json => output::json::print(report),
            Format::Sarif => output::sarif::print(report),
            Format::Github => output::github::print(report),
        }
    };
    written.map_err(|e| format!("cannot write the report: {e}"))?;
    let errors = report.count(Severity::Error);
    Ok(if failure {
        ExitCode::from(2)
    } else if errors > 0 && !args.exit_zero {
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
    print!("{}", lint::dialect::debug_tree(dialect, source.text()));
    Ok(ExitCode::SUCCESS)
}
