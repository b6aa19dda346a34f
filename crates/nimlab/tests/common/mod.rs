//! Helpers shared by the black-box tests of the binary.
#![allow(dead_code)] // Each test file uses its own subset.

use assert_cmd::Command;
use serde_json::Value;

pub fn nimlab() -> Command {
    Command::cargo_bin("nimlab").unwrap()
}

/// Run and return stdout, asserting success.
pub fn stdout_of(args: &[&str]) -> String {
    let output = nimlab().args(args).output().unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

pub fn json_of(args: &[&str]) -> Value {
    serde_json::from_str(&stdout_of(args)).unwrap()
}

/// Run expecting failure with `status`; return the stderr message: one line, or for
/// a usage error two, the second giving the usage.
pub fn error_of(args: &[&str], stdin: &str, status: i32) -> String {
    let output = nimlab().args(args).write_stdin(stdin).output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(status), "{args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?} printed to stdout");
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(
        lines.len() == 1 || (lines.len() == 2 && lines[1].starts_with("usage: ")),
        "{args:?}: not one line: {stderr}"
    );
    assert!(stderr.len() < 300, "{args:?}: long message");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

/// How many moves of a `moves --json` answer win for the player who makes them.
pub fn winning_count(moves: &Value) -> usize {
    moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["result"] == "win")
        .count()
}
