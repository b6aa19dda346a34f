//! The Python package's tests (tests/*.py), run by the workspace's test command.
//!
//! The extension cargo built for this test (`lib_nimlab.so` beside the test binary)
//! is put with the package's Python files into a directory under cargo's target
//! directory, and pytest runs from a virtual environment made there once (pip fetches
//! pytest, hypothesis and numpy). The answers are compared with the `nimlab` binary
//! that `cargo test --workspace` builds beside it. Without python3, pip's packages or
//! that binary, the test says why and passes as skipped; with the environment
//! variable CI set, it fails instead.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Skip with `reason`, or fail when CI is set.
fn skip(reason: &str) {
    if std::env::var_os("CI").is_some() {
        panic!("the Python tests cannot run and CI is set: {reason}");
    }
    eprintln!("skipped: the Python tests cannot run: {reason}");
}

/// Whether `command` runs and exits with status 0; its output is shown on failure.
fn succeeds(command: &mut Command) -> bool {
    match command.output() {
        Ok(output) if output.status.success() => true,
        Ok(output) => {
            eprintln!(
                "{command:?} failed:\n{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
            false
        }
        Err(error) => {
            eprintln!("{command:?} did not run: {error}");
            false
        }
    }
}

/// The directory of cargo's outputs for this profile (target/debug), where the
/// extension and the `nimlab` binary are.
fn outputs() -> PathBuf {
    let test = std::env::current_exe().expect("the test binary has a path");
    // target/debug/deps/pytest-HASH
    test.parent()
        .and_then(Path::parent)
        .expect("the test binary is in target/PROFILE/deps")
        .to_path_buf()
}

#[test]
fn the_python_package_passes_its_tests() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    // The library is a cdylib and an rlib, so building it for this test makes the
    // extension too, beside the test binary in deps/ (a `cargo build` also copies it up).
    let extension = outputs().join("deps/lib_nimlab.so");
    if !extension.exists() {
        return skip(&format!("{} was not built", extension.display()));
    }
    let package = scratch.join("python-package/nimlab");
    std::fs::create_dir_all(&package).expect("the package directory is made");
    let sources = crate_dir.join("python/nimlab");
    for entry in std::fs::read_dir(&sources).expect("the package's sources are listed") {
        let path = entry.expect("the package's sources are listed").path();
        let source = ["py", "pyi", "typed"]
            .iter()
            .any(|ext| path.extension().is_some_and(|e| e == *ext));
        if source {
            let name = path.file_name().expect("a file has a name");
            std::fs::copy(&path, package.join(name)).expect("the package's files are copied");
        }
    }
    std::fs::copy(&extension, package.join("_nimlab.abi3.so")).expect("the extension is copied");

    let venv = scratch.join("python-venv");
    let python = venv.join("bin/python");
    if !python.exists() && !succeeds(Command::new("python3").arg("-m").arg("venv").arg(&venv)) {
        return skip("python3 -m venv failed (is python3 with venv installed?)");
    }
    let has_tools = Command::new(&python)
        .args(["-c", "import pytest, hypothesis, numpy"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_tools
        && !succeeds(Command::new(&python).args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "pytest",
            "hypothesis",
            "numpy",
        ]))
    {
        return skip("pip could not install pytest, hypothesis and numpy");
    }
    let mut pytest = Command::new(&python);
    pytest
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(crate_dir.join("tests"))
        .env(
            "PYTHONPATH",
            package.parent().expect("the package has a parent"),
        )
        .env("PYTHONDONTWRITEBYTECODE", "1");
    let cli = outputs().join("nimlab");
    if cli.exists() {
        pytest.env("NIMLAB_CLI", cli);
    }
    let tested = pytest.status().expect("pytest runs");
    assert!(tested.success(), "pytest failed: {tested}");
}
