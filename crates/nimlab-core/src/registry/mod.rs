//! From a game spec string to a shared [`Ruleset`]. Adding a family adds one entry
//! to [`FAMILIES`].
//!
//! - [`families`]: the table of families, each with its spec's syntax, an example and
//!   how its game is built.
//! - [`spec`]: the spec parser, one family or a sum of families, and building a spec's
//!   game within a budget.
//! - [`cache`]: games built before, shared by canonical spec.
//!
//! Games are cached by their canonical spec, so a table or a period computed once is
//! reused by every later question about the same game in one process (a server's
//! requests among them). The cache holds at most [`CACHED_GAMES`] games, and drops
//! its oldest while their tables keep more than
//! [`CACHED_MEMORY`](crate::limits::CACHED_MEMORY) words between them.
//!
//! Some specs name a file (`dag:FILE`). The core reads no files: the front end passes
//! a [`Loader`] that turns a file name into its text ([`game_with`]), and [`game`]
//! refuses such specs. Games read from files are not cached (the file may change).

pub mod cache;
pub mod families;
pub mod spec;

pub use cache::{CACHED_GAMES, bound_cache, trim_cache};
pub use families::{
    EXAMPLE_GRAPH, EXAMPLE_LOOPY_GRAPH, FAMILIES, Family, example_loader, markdown_table,
};
pub use spec::{FamilySpec, PART_WORDS, Spec};

use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::protocol::Ruleset;
use std::sync::Arc;

/// Reads the text of a file named in a spec; errors name the file.
pub type Loader<'a> = &'a dyn Fn(&str) -> Result<String, InputError>;

pub fn game(spec: &str) -> Result<Arc<dyn Ruleset>, Error> {
    game_with(spec, &|file| {
        Err(InputError::invalid(
            "file",
            file,
            "no file: this caller reads none (nimlab-core does no I/O)",
        ))
    })
}

/// The game a spec string names, reading any file it names with `load`, without a
/// bound on building it (see [`game`]).
pub fn game_with(spec: &str, load: Loader) -> Result<Arc<dyn Ruleset>, Error> {
    spec.parse::<Spec>()?.build(load, &Budget::unlimited())
}
