//! Every example in every `--help` and in the README runs as a test, so that none
//! can rot: each command must succeed, and where the README shows its output, the
//! output must be what it shows.
//!
//! README code blocks (`sh`, `text`, `console`) are read in order and run in one
//! temporary directory, so a block may use a file an earlier one wrote. In a block,
//! a line `$ COMMAND` is a command whose output follows, up to the next command; in
//! `sh` blocks a line that starts with `nimlab`, `echo`, `printf` or `seq` is a
//! command whose output is not shown. `cargo` lines (build, test, bench) are skipped.
//! A shown line ending in `…` or `...` matches any line it starts; a shown line that
//! is only `...` matches the rest of the output. Shown output that starts with
//! `nimlab:` is an error: the command must fail and print it on standard error.
//! Commands read `quit` from standard input unless they pipe their own.

use assert_cmd::cargo::cargo_bin;
use std::io::Write;
use std::path::Path;
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

fn check(example: &Example, dir: &Path) {
    let output = run(&example.command, dir);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let what = format!("{}: `{}`", example.origin, example.command);
    let Some(shown) = &example.shown else {
        assert!(output.status.success(), "{what} failed: {stderr}");
        return;
    };
    if shown
        .first()
        .is_some_and(|line| line.starts_with("nimlab:"))
    {
        assert!(!output.status.success(), "{what} should fail");
        assert!(matches(shown, &stderr), "{what} printed\n{stderr}");
    } else {
        assert!(output.status.success(), "{what} failed: {stderr}");
        assert!(matches(shown, &stdout), "{what} printed\n{stdout}");
    }
}

/// The examples of the README, in order.
fn readme_examples() -> Vec<Example> {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"))
            .unwrap();
    let mut examples: Vec<Example> = Vec::new();
    let mut block: Option<&str> = None;
    for (number, line) in readme.lines().enumerate() {
        if let Some(fence) = line.strip_prefix("```") {
            block = match block {
                Some(_) => None,
                None => Some(fence),
            };
            continue;
        }
        let Some(kind) = block else { continue };
        if !matches!(kind, "sh" | "text" | "console") {
            continue;
        }
        let origin = format!("README.md:{}", number + 1);
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
        } else if let Some(Example {
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
fn every_readme_example_runs_and_shows_what_the_readme_shows() {
    let dir = tempfile::tempdir().unwrap();
    let examples = readme_examples();
    assert!(
        examples.len() > 20,
        "only {} examples found",
        examples.len()
    );
    for example in &examples {
        check(example, dir.path());
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
            check(&example, dir.path());
            count += 1;
        }
    }
    assert!(count > 20, "only {count} help examples found");
}
