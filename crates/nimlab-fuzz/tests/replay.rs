//! Every input of the fuzz corpus and every crash found so far, run through its
//! target: a crash once fixed stays fixed.

use std::fs;
use std::path::{Path, PathBuf};

// The server counts each request's memory with this allocator, as `nimlab serve`
// does; the api target's requests are answered as they are there.
#[global_allocator]
static ALLOCATOR: nimlab_web::memory::Counting = nimlab_web::memory::Counting::SYSTEM;

/// Crashes found and not fixed yet, by target and file name: each is an open finding
/// of `fuzz/README.md`, skipped here until its fix lands (then it leaves this list).
const KNOWN_FAILURES: &[(&str, &str)] = &[];

/// The files of `fuzz/FOLDER/TARGET/`, sorted (none if the folder does not exist).
fn inputs(folder: &str, target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz")
        .join(folder)
        .join(target);
    let mut files: Vec<PathBuf> = match fs::read_dir(&dir) {
        Ok(entries) => entries.map(|entry| entry.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

fn replay(target: &str) {
    let (_, run) = nimlab_fuzz::TARGETS
        .iter()
        .find(|(name, _)| *name == target)
        .expect("a target");
    let corpus = inputs("corpus", target);
    assert!(!corpus.is_empty(), "fuzz/corpus/{target}/ has no seeds");
    for path in corpus.iter().chain(&inputs("regressions", target)) {
        let name = path.file_name().unwrap().to_string_lossy();
        if KNOWN_FAILURES.contains(&(target, &*name)) {
            eprintln!("skipped {target}/{name}: an open finding (fuzz/README.md)");
            continue;
        }
        run(&fs::read(path).unwrap());
    }
}

#[test]
fn every_target_has_a_test_here() {
    let targets: Vec<&str> = nimlab_fuzz::TARGETS.iter().map(|(name, _)| *name).collect();
    assert_eq!(
        targets,
        ["spec", "graph", "record", "checkpoint", "census", "api"]
    );
}

#[test]
fn spec() {
    replay("spec");
}

#[test]
fn graph() {
    replay("graph");
}

#[test]
fn record() {
    replay("record");
}

#[test]
fn checkpoint() {
    replay("checkpoint");
}

#[test]
fn census() {
    replay("census");
}

#[test]
fn api() {
    replay("api");
}
