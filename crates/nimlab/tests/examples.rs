//! Every example in every `--help`, in the README and in `docs/*.md` runs as a test, so
//! that none can rot: each command must succeed, and where a document shows its
//! output, the output must be what it shows.
//!
//! Each document (README.md, then every `docs/*.md` by name) is read in order and run
//! in its own temporary directory, so a block may use a file an earlier block of the
//! same document wrote. Only code blocks fenced as `sh`, `console` or `text` run:
//!
//! - a line `$ COMMAND` is a command whose output follows, up to the next command or
//!   the end of the block;
//! - in `sh` blocks, a line that starts with `nimlab`, `echo`, `printf` or `seq` is a
//!   command whose output is not shown; `cargo` lines (build, test, bench) and every
//!   other line are not run;
//! - in `text` blocks, lines before the first `$` are shown, not run (a transcript of
//!   an interactive game, a file's contents).
//!
//! Blocks that cannot run here — job files for a cluster, a request to a running
//! server, JSON, YAML — are fenced `bash`, `json`, `yaml` or `rust`, and are never
//! run. A shown line ending in `…` or `...` matches any line it starts; a shown line
//! that is only `...` matches the rest of the output. Shown output that starts with
//! `nimlab:` is an error: the command must fail and print it on standard error.
//! Commands read `quit` from standard input unless they pipe their own. A failure
//! names its document and line (`docs/GUIDE.md:120`).

use assert_cmd::cargo::cargo_bin;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A command from the documentation and the output it shows, if any.
struct Example {
    command: String,
    shown: Option<Vec<String>>,
    origin: String,
}

/// Run `command` with `sh` in `dir`, with the binary under test first on PATH.
fn run(command: &str, dir: &Path) -> std::process::Output {
    let bin = cargo_bin("nimlab");
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command that pipes its own input, or reads none, may close this early.
    let _ = child.stdin.take().unwrap().write_all(b"quit\n");
    child.wait_with_output().unwrap()
}

/// Whether `actual` shows what `shown` says (see the module docs).
fn matches(shown: &[String], actual: &str) -> bool {
    let actual: Vec<&str> = actual.lines().map(str::trim_end).collect();
    for (i, line) in shown.iter().enumerate() {
        let line = line.trim_end();
        if line.trim() == "..." {
            return true;
        }
        let Some(got) = actual.get(i) else {
            return false;
        };
        let prefix = line.strip_suffix('…').or_else(|| line.strip_suffix("..."));
        let ok = match prefix {
            Some(prefix) => got.starts_with(prefix.trim_end()),
            None => *got == line,
        };
        if !ok {
            return false;
        }
    }
    actual.len() == shown.len()
}

/// Run `example` in `dir`; a failure is a message naming its origin.
fn check(example: &Example, dir: &Path) -> Result<(), String> {
    let output = run(&example.command, dir);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let what = format!("{}: `{}`", example.origin, example.command);
    let Some(shown) = &example.shown else {
        return match output.status.success() {
            true => Ok(()),
            false => Err(format!("{what} failed: {stderr}")),
        };
    };
    let (ok, printed) = if shown
        .first()
        .is_some_and(|line| line.starts_with("nimlab:"))
    {
        if output.status.success() {
            return Err(format!("{what} should fail"));
        }
        (matches(shown, &stderr), stderr)
    } else {
        if !output.status.success() {
            return Err(format!("{what} failed: {stderr}"));
        }
        (matches(shown, &stdout), stdout)
    };
    match ok {
        true => Ok(()),
        false => Err(format!(
            "{what} printed\n{printed}\nwhere the document shows\n{}",
            shown.join("\n")
        )),
    }
}

/// The root of the repository.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The documents whose examples run: README.md, then every `docs/*.md` by name, as
/// paths relative to the root.
fn documents() -> Vec<String> {
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    docs.insert(0, "README.md".to_string());
    docs
}

/// The examples of one document (a path relative to the root), in order.
fn examples_of(document: &str) -> Vec<Example> {
    let text = std::fs::read_to_string(root().join(document)).unwrap();
    let mut examples: Vec<Example> = Vec::new();
    let mut block: Option<&str> = None;
    // The examples found before the current block: shown output belongs to a
    // command of its own block only.
    let mut before_block = 0;
    for (number, line) in text.lines().enumerate() {
        if let Some(fence) = line.strip_prefix("```") {
            block = match block {
                Some(_) => None,
                None => Some(fence.trim()),
            };
            before_block = examples.len();
            continue;
        }
        let Some(kind) = block else { continue };
        if !matches!(kind, "sh" | "text" | "console") {
            continue;
        }
        let origin = format!("{document}:{}", number + 1);
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                command: command.to_string(),
                shown: Some(Vec::new()),
                origin,
            });
        } else if kind == "sh"
            && ["nimlab", "echo", "printf", "seq"]
                .iter()
                .any(|start| line.starts_with(start))
        {
            examples.push(Example {
                command: line.to_string(),
                shown: None,
                origin,
            });
        } else if examples.len() > before_block
            && let Some(Example {
                shown: Some(shown), ..
            }) = examples.last_mut()
        {
            shown.push(line.to_string());
        }
    }
    // A `$` command followed by nothing shows no output to compare.
    for example in &mut examples {
        if example.shown.as_ref().is_some_and(Vec::is_empty) {
            example.shown = None;
        }
    }
    examples
}

#[test]
fn every_documented_example_runs_and_shows_what_its_document_shows() {
    let mut failures = Vec::new();
    let mut counts = Vec::new();
    for document in documents() {
        let dir = tempfile::tempdir().unwrap();
        let examples = examples_of(&document);
        counts.push((document.clone(), examples.len()));
        for example in &examples {
            if let Err(failure) = check(example, dir.path()) {
                failures.push(failure);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The README's tour and the guide's reference are mostly examples.
    for (document, least) in [("README.md", 8), ("docs/GUIDE.md", 30)] {
        let count = counts.iter().find(|(name, _)| name == document).unwrap().1;
        assert!(count >= least, "only {count} examples found in {document}");
    }
}

/// The subcommands `nimlab --help` lists.
fn subcommands() -> Vec<String> {
    let help = run("nimlab --help", Path::new("."));
    let help = String::from_utf8(help.stdout).unwrap();
    help.lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// The example commands of one `--help`: the lines of its "Examples:" section that
/// run nimlab, without the explanation after a wide gap.
fn help_examples(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|line| !line.starts_with("Examples:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter(|line| line.contains("nimlab"))
        .map(|line| line.trim().split("   ").next().unwrap().trim().to_string())
        .collect()
}

#[test]
fn every_help_example_runs() {
    let dir = tempfile::tempdir().unwrap();
    // Examples of the graph families name these files.
    for file in ["graph.txt", "loop.txt"] {
        let graph = nimlab_core::registry::example_loader(file).unwrap();
        std::fs::write(dir.path().join(file), graph).unwrap();
    }
    let mut count = 0;
    // A server runs until it is stopped; nimlab-web's tests drive it instead.
    for name in subcommands().into_iter().filter(|name| name != "serve") {
        let help = run(&format!("nimlab {name} --help"), dir.path());
        let help = String::from_utf8(help.stdout).unwrap();
        for command in help_examples(&help) {
            let example = Example {
                command,
                shown: None,
                origin: format!("nimlab {name} --help"),
            };
            check(&example, dir.path()).unwrap();
            count += 1;
        }
    }
    assert!(count > 20, "only {count} help examples found");
}
