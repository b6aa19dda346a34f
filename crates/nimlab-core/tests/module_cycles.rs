//! The layout is layered: no module of any nimlab crate names a module that names it
//! back, directly or through others. A lower layer never names a higher one, so each
//! crate can be read from the bottom up.
//!
//! The check reads the sources: every path `crate::a::b…` or `super::x` in a file's
//! code (not its comments, not its `#[cfg(test)]` part) is an edge from the file's module to the module it names.
//! Edges are compared between siblings: within a crate's top-level modules (`games ↔
//! report` is a cycle), and within each directory module (`protocol::ruleset ↔
//! protocol::registry` would be one). Tests may reach anywhere.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module's path inside its crate, e.g. `["protocol", "ruleset"]` (empty for the root).
type ModulePath = Vec<String>;

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// The module a source file defines: `src/protocol/mod.rs` is `protocol`,
/// `src/protocol/ruleset.rs` is `protocol::ruleset`, `src/lib.rs` is the root.
fn module_of(src: &Path, file: &Path) -> ModulePath {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut path: ModulePath = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        path.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        path.pop();
    }
    path
}

/// The code of a file that is not test code: everything before its first
/// `#[cfg(test)]` (test modules come last in every file), without comments (a doc
/// link may point anywhere).
fn non_test_code(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap_or(text);
    code.lines()
        .map(|line| line.split("//").next().unwrap_or(line))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The identifiers of a path that starts at `start` in `text` (`a::b::c`).
fn path_after(text: &str, start: usize) -> Vec<String> {
    let rest = &text[start..];
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(rest.len());
    rest[..end]
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// The modules `module` names, as absolute paths (which may continue into an item's
/// name; callers compare prefixes).
fn named_paths(module: &ModulePath, text: &str) -> Vec<ModulePath> {
    let mut named = Vec::new();
    for (at, _) in text.match_indices("crate::") {
        let before = text[..at].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        named.push(path_after(text, at + "crate::".len()));
    }
    for (at, _) in text.match_indices("super::") {
        let before = text[..at].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        // `super` is the parent of the file's module, whether the file is `x.rs` or
        // `x/mod.rs`.
        let mut path = module.clone();
        path.pop();
        path.extend(path_after(text, at + "super::".len()));
        named.push(path);
    }
    named
}

/// Every module of the crate in `src`, and the modules each names.
fn crate_edges(src: &Path) -> BTreeMap<ModulePath, BTreeSet<ModulePath>> {
    let files = sources(src);
    let modules: BTreeSet<ModulePath> = files.iter().map(|f| module_of(src, f)).collect();
    let mut edges = BTreeMap::new();
    for file in &files {
        let module = module_of(src, file);
        let text = fs::read_to_string(file).unwrap();
        let targets: BTreeSet<ModulePath> = named_paths(&module, &non_test_code(&text))
            .into_iter()
            .filter_map(|path| {
                // The longest prefix of the path that is a module.
                (1..=path.len())
                    .rev()
                    .map(|n| path[..n].to_vec())
                    .find(|prefix| modules.contains(prefix))
            })
            .collect();
        edges.insert(module, targets);
    }
    edges
}

/// The sibling edges: from `a` to `b` when a module inside `a` names one inside `b`,
/// `a` and `b` being children of the same parent and neither inside the other.
fn sibling_edges(
    edges: &BTreeMap<ModulePath, BTreeSet<ModulePath>>,
) -> BTreeMap<ModulePath, BTreeSet<ModulePath>> {
    let mut siblings: BTreeMap<ModulePath, BTreeSet<ModulePath>> = BTreeMap::new();
    for (from, targets) in edges {
        for to in targets {
            let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            if common == from.len() || common == to.len() {
                continue; // a module naming its own descendant or ancestor
            }
            let a = from[..=common].to_vec();
            let b = to[..=common].to_vec();
            siblings.entry(a).or_default().insert(b);
        }
    }
    siblings
}

/// A cycle in `graph`, if there is one, as the modules along it.
fn find_cycle(graph: &BTreeMap<ModulePath, BTreeSet<ModulePath>>) -> Option<Vec<ModulePath>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &ModulePath,
        graph: &BTreeMap<ModulePath, BTreeSet<ModulePath>>,
        marks: &mut BTreeMap<ModulePath, Mark>,
        path: &mut Vec<ModulePath>,
    ) -> Option<Vec<ModulePath>> {
        match marks.get(node) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let start = path.iter().position(|p| p == node).unwrap();
                let mut cycle = path[start..].to_vec();
                cycle.push(node.clone());
                return Some(cycle);
            }
            None => {}
        }
        marks.insert(node.clone(), Mark::Open);
        path.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, marks, path) {
                return Some(cycle);
            }
        }
        path.pop();
        marks.insert(node.clone(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        if let Some(cycle) = visit(node, graph, &mut marks, &mut Vec::new()) {
            return Some(cycle);
        }
    }
    None
}

#[test]
fn no_crate_has_a_module_cycle() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut checked = 0;
    let mut cycles = Vec::new();
    for entry in fs::read_dir(crates).unwrap() {
        let src = entry.unwrap().path().join("src");
        if !src.is_dir() {
            continue;
        }
        let graph = sibling_edges(&crate_edges(&src));
        if let Some(cycle) = find_cycle(&graph) {
            let names: Vec<String> = cycle.iter().map(|m| m.join("::")).collect();
            cycles.push(format!("{}: {}", src.display(), names.join(" → ")));
        }
        checked += 1;
    }
    assert!(
        checked >= 5,
        "found only {checked} crates under {}",
        crates.display()
    );
    assert!(cycles.is_empty(), "module cycles:\n{}", cycles.join("\n"));
}

#[test]
fn the_check_finds_a_cycle_it_is_shown() {
    let module = |s: &str| s.split("::").map(str::to_string).collect::<ModulePath>();
    let mut edges = BTreeMap::new();
    edges.insert(module("games::nim"), BTreeSet::from([module("report")]));
    edges.insert(module("report"), BTreeSet::from([module("games")]));
    let cycle = find_cycle(&sibling_edges(&edges)).expect("games ↔ report");
    assert_eq!(cycle.first(), cycle.last());
    assert_eq!(cycle.len(), 3);
    let mut no_cycle = BTreeMap::new();
    no_cycle.insert(
        module("games::nim"),
        BTreeSet::from([module("games::heap")]),
    );
    no_cycle.insert(module("games::heap"), BTreeSet::from([module("report")]));
    assert_eq!(find_cycle(&sibling_edges(&no_cycle)), None);
}
