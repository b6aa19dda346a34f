//! The tables of the documentation that are made from the code: `docs/LIMITS.md`'s
//! table of limits ([`limits::markdown_table`](crate::limits::markdown_table)) and
//! `docs/GUIDE.md`'s table of games
//! ([`registry::markdown_table`](crate::registry::markdown_table)). A test compares
//! each document with its source; `NIMLAB_BLESS=1 cargo test -p nimlab-core` writes
//! the tables into the documents instead, so nobody edits them by hand.

use std::path::Path;

/// The variable that makes the tests write the tables instead of comparing them.
const BLESS: &str = "NIMLAB_BLESS";

/// Check that `docs/{doc}` holds `table` where its table with the same header line
/// is, or write it there when [`BLESS`] is set. Panics naming the command that
/// writes it if they differ.
pub fn check_table(doc: &str, table: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs")
        .join(doc);
    let text = std::fs::read_to_string(&path).expect("the documentation is in docs/");
    let header = table.lines().next().expect("a table has a header line");
    let start = text
        .find(&format!("\n{header}\n"))
        .map(|at| at + 1)
        .unwrap_or_else(|| panic!("docs/{doc} has no table whose header is {header}"));
    let length: usize = text[start..]
        .split_inclusive('\n')
        .take_while(|line| line.starts_with('|'))
        .map(str::len)
        .sum();
    if text[start..start + length] == *table {
        return;
    }
    if std::env::var_os(BLESS).is_some() {
        let written = format!("{}{table}{}", &text[..start], &text[start + length..]);
        std::fs::write(&path, written).expect("docs/ is writable");
        return;
    }
    panic!(
        "docs/{doc}'s table differs from the code's; `{BLESS}=1 cargo test -p nimlab-core` \
         writes it:\n{table}"
    );
}
