//! What nimlab's fuzz targets run: one function for each reader of untrusted input,
//! which takes the fuzzer's bytes, drives the real code path the input takes in the
//! command line or the server, and panics on a bug.
//!
//! The cargo-fuzz project in `fuzz/` (nightly, outside the workspace) has one target
//! per function of [`TARGETS`], and the test `tests/replay.rs` (stable, part of
//! `cargo test --workspace`) runs every input of `fuzz/corpus/TARGET/` and
//! `fuzz/regressions/TARGET/` through the same function, so that a crash once found
//! and fixed stays fixed. See `fuzz/README.md` for how to run them.
//!
//! Bad input is expected and answered with an error: a target fails only on what
//! nimlab promises never to do (a panic, an abort, an allocation beyond the memory
//! limit, a hang, a 500 answer from the server), or on a broken promise it checks
//! itself (a position written by a game that the same game does not read back).

mod api;
mod graph;
mod record;
mod runs;
mod spec;

pub use api::api;
pub use graph::graph;
pub use record::record;
pub use runs::{census, checkpoint};
pub use spec::spec;

/// A target: it takes the fuzzer's bytes and panics on a bug.
pub type Target = fn(&[u8]);

/// Every target, by its name: the name of its folders in `fuzz/corpus/` and
/// `fuzz/regressions/`, and of its cargo-fuzz target.
pub const TARGETS: &[(&str, Target)] = &[
    ("spec", spec),
    ("graph", graph),
    ("record", record),
    ("checkpoint", checkpoint),
    ("census", census),
    ("api", api),
];

/// The time a target gives one question about a game: enough for every answer the
/// front ends give at once, short enough that an execution stays fast.
const QUESTION_TIME: std::time::Duration = std::time::Duration::from_millis(200);

/// The input as text, as the command line reads files and arguments: valid UTF-8
/// without NUL bytes (anything else is refused before a parser sees it).
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data)
        .ok()
        .filter(|text| !text.contains('\0'))
}
