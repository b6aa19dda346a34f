//! The spec parser: a game spec as people write it, one family or a sum of families,
//! and building its game within a question's budget.

use super::Loader;
use super::cache::CACHE;
use super::families::{FAMILIES, Family};
use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::limits::SUM_PARTS;
use crate::protocol::sum::Sum;
use crate::protocol::{Erased, Ruleset};
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// A game spec as people write it: one family (`subtraction:1,3,4`) or a sum of
/// families joined by `+` (`kayles + nim`). Every front end reads specs with
/// [`FromStr`] (`"kayles + nim".parse::<Spec>()`), so a spec means the same to every
/// command, to sums, to play and to the web.
///
/// A family whose argument is a file name (`dag:FILE`) ends at a `+` with a space
/// beside it, so that a file name may contain `+`: `dag:a+b.txt + nim` is a sum of
/// two games.
#[derive(Clone, Debug)]
pub struct Spec {
    parts: Vec<FamilySpec>,
}

/// One family of a [`Spec`], with the text after its `:`, if any.
#[derive(Clone, Debug)]
pub struct FamilySpec {
    /// The family.
    pub family: &'static Family,
    /// Its arguments (the text after `:`).
    pub args: Option<String>,
}

impl FromStr for Spec {
    type Err = InputError;

    fn from_str(text: &str) -> Result<Spec, InputError> {
        let parts = sum_parts(text);
        if parts.len() as u64 > SUM_PARTS.value {
            return Err(InputError::invalid(
                "game",
                text,
                format!(
                    "a sum of at most {} games, not {} (the limit '{}': {})",
                    SUM_PARTS.value,
                    parts.len(),
                    SUM_PARTS.name,
                    SUM_PARTS.reason
                ),
            ));
        }
        let parts = parts
            .into_iter()
            .map(family_spec)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Spec { parts })
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, part) in self.parts.iter().enumerate() {
            if index > 0 {
                f.write_str(" + ")?;
            }
            f.write_str(part.family.name)?;
            if let Some(args) = &part.args {
                write!(f, ":{args}")?;
            }
        }
        Ok(())
    }
}

impl Spec {
    /// The families of the spec: one, or the games of a sum.
    pub fn parts(&self) -> &[FamilySpec] {
        &self.parts
    }

    /// An example position: the family's, or for a sum the parts' joined by `+`
    /// (a start for `play`).
    pub fn example_position(&self) -> String {
        let examples: Vec<&str> = self
            .parts
            .iter()
            .map(|part| part.family.example_position)
            .collect();
        examples.join(" + ")
    }

    /// The game, reading any file the spec names with `load`, within `budget`.
    ///
    /// A sum is bounded as it is built, not after: a part named twice is built once;
    /// games built before come from the cache; a game built anew holds the memory it
    /// keeps ([`Ruleset::held_words`], and [`PART_WORDS`] more) in `budget`, and the
    /// budget's deadline and cancel flag are looked at before each part. So a spec of
    /// thousands of distinct games, or of thousands of graphs read from files, is
    /// refused at the part that passes the budget, with the budget's error.
    pub fn build(&self, load: Loader, budget: &Budget) -> Result<Arc<dyn Ruleset>, Error> {
        let stopped = |exhausted| Error::from_budget(exhausted, "building the games of this spec");
        let mut built: HashMap<(&str, Option<&str>), Arc<dyn Ruleset>> = HashMap::new();
        let mut games = Vec::with_capacity(self.parts.len().min(1 << 16));
        for part in &self.parts {
            budget.hold(PART_WORDS).map_err(stopped)?;
            let key = (part.family.name, part.args.as_deref());
            let game = match built.get(&key) {
                Some(game) => game.clone(),
                None => {
                    budget.check().map_err(stopped)?;
                    let (game, anew) = part.build(load)?;
                    if anew {
                        budget.hold(game.held_words()).map_err(stopped)?;
                    }
                    built.insert(key, game.clone());
                    game
                }
            };
            games.push(game);
        }
        Ok(match <[_; 1]>::try_from(games) {
            Ok([game]) => game,
            Err(games) => Arc::new(Erased(Sum::new(games))),
        })
    }
}

/// The words a [`Spec::build`] holds for each part of a spec, beside what a game built
/// anew keeps: the part's place in the sum, its spec and its cache entry.
pub const PART_WORDS: u64 = 16;

impl FamilySpec {
    /// The family's game, from the cache when it was built before, and whether it was
    /// built now (a game read from a file always is: the file may have changed).
    fn build(&self, load: Loader) -> Result<(Arc<dyn Ruleset>, bool), InputError> {
        let built = (self.family.build)(self.args.as_deref(), load)?;
        Ok(if self.family.reads_file {
            (built, true)
        } else {
            CACHE.share(built)
        })
    }
}

/// The games of a sum spec, split at its `+` signs; a family whose argument names a
/// file ends only at a `+` with a space beside it (see [`Spec`]).
fn sum_parts(spec: &str) -> Vec<&str> {
    let bytes = spec.as_bytes();
    let mut parts = Vec::new();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b != b'+' {
            continue;
        }
        let spaced = |j: Option<usize>| {
            j.and_then(|j| bytes.get(j))
                .is_some_and(u8::is_ascii_whitespace)
        };
        let names_file = family_name(&spec[start..i]).is_some_and(|name| {
            FAMILIES
                .iter()
                .any(|family| family.name == name && family.reads_file)
        });
        if !names_file || spaced(i.checked_sub(1)) || spaced(Some(i + 1)) {
            parts.push(&spec[start..i]);
            start = i + 1;
        }
    }
    parts.push(&spec[start..]);
    parts
}

/// The family name a part of a spec starts with (before any `:`), if it has one.
fn family_name(part: &str) -> Option<&str> {
    part.trim().split_once(':').map(|(name, _)| name)
}

/// One family's spec, checked against [`FAMILIES`]. A bare octal code (`0.376`,
/// `4.07`), as researchers write them, is the octal game of that code.
fn family_spec(part: &str) -> Result<FamilySpec, InputError> {
    let part = part.trim();
    let (name, args) = match part.split_once(':') {
        Some((name, args)) => (name, Some(args.to_string())),
        None if is_bare_octal_code(part) => ("octal", Some(part.to_string())),
        None => (part, None),
    };
    let expected = format!(
        "a game such as nim, kayles, wythoff or octal:CODE (nimlab --help lists all {} \
         families)",
        FAMILIES.len()
    );
    if name.is_empty() {
        return Err(InputError::missing("game", expected));
    }
    let family = FAMILIES
        .iter()
        .find(|f| f.name == name)
        .ok_or_else(|| InputError::invalid("game", name, expected))?;
    if family.reads_file
        && let Some(file) = &args
        && (file.starts_with('+') || file.ends_with('+'))
    {
        // `dag:a+ + nim` could not be told from `dag:a + + nim`.
        return Err(InputError::invalid(
            "file name",
            file,
            "a name that does not begin or end with '+' (a '+' with a space beside it \
             separates the games of a sum)",
        ));
    }
    Ok(FamilySpec { family, args })
}

/// Whether `part` is written as an octal code alone: octal digits, a point, octal
/// digits.
fn is_bare_octal_code(part: &str) -> bool {
    let octal =
        |digits: &str| !digits.is_empty() && digits.bytes().all(|b| (b'0'..=b'7').contains(&b));
    part.split_once('.')
        .is_some_and(|(whole, fraction)| octal(whole) && octal(fraction))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::families::EXAMPLE_GRAPH;
    use crate::registry::{game, game_with};

    #[test]
    fn one_spec_parser_splits_sums_the_same_everywhere() {
        let names = |text: &str| -> Vec<String> {
            let spec: Spec = text.parse().unwrap();
            spec.parts()
                .iter()
                .map(|p| format!("{}|{}", p.family.name, p.args.as_deref().unwrap_or("")))
                .collect()
        };
        assert_eq!(names("nim+kayles"), ["nim|", "kayles|"]);
        assert_eq!(
            names(" subtraction:1,3,4 + take:3 "),
            ["subtraction|1,3,4", "take|3"]
        );
        // A file name may hold a +: only a + with a space beside it ends it.
        assert_eq!(names("dag:a+b.txt"), ["dag|a+b.txt"]);
        assert_eq!(names("dag:a+b.txt + nim"), ["dag|a+b.txt", "nim|"]);
        assert_eq!(names("nim + dag:a+b.txt"), ["nim|", "dag|a+b.txt"]);
        // A bare octal code is the octal game of that code.
        assert_eq!(names("0.376 + 4.07"), ["octal|0.376", "octal|4.07"]);
        assert_eq!("0.376".parse::<Spec>().unwrap().to_string(), "octal:0.376");
        let spec: Spec = "kayles+nim".parse().unwrap();
        assert_eq!(spec.to_string(), "kayles + nim");
        assert_eq!(spec.example_position(), "1 9 + 3 4 5");
        let spec: Spec = "dag:a+b.txt".parse().unwrap();
        assert_eq!(spec.example_position(), "3");
        for bad in [
            "",
            "nim +",
            "+ nim",
            "chess",
            "nim + chess",
            "0.9",
            ".7",
            "0.",
        ] {
            let error = bad.parse::<Spec>().unwrap_err().to_string();
            assert!(error.contains("game"), "{bad}: {error}");
        }
        // A sum of more games than the limit is refused before any is built.
        let error = vec!["nim"; 10_001].join(" + ").parse::<Spec>().unwrap_err();
        assert!(error.to_string().contains("games in a sum"), "{error}");
        assert!(vec!["nim"; 10_000].join(" + ").parse::<Spec>().is_ok());
        // A file name may not begin or end with the sign that separates games.
        for bad in ["dag:t++ nim", "dag:t+", "graph:+t"] {
            let error = bad.parse::<Spec>().unwrap_err().to_string();
            assert!(error.contains("file name"), "{bad}: {error}");
        }
    }

    #[test]
    fn file_names_may_contain_plus_signs() {
        assert_eq!(sum_parts("dag:/x/a+b.txt"), ["dag:/x/a+b.txt"]);
        assert_eq!(sum_parts("dag:a+b.txt + nim"), ["dag:a+b.txt ", " nim"]);
        assert_eq!(sum_parts("nim+take:3"), ["nim", "take:3"]);
        let loader = |file: &str| {
            assert_eq!(file, "/x/a+b.txt");
            Ok(EXAMPLE_GRAPH.to_string())
        };
        assert_eq!(
            game_with("dag:/x/a+b.txt", &loader).unwrap().spec(),
            "dag:/x/a+b.txt"
        );
    }

    #[test]
    fn specs_are_normalized() {
        assert_eq!(
            game(" subtraction:4,1,3,1 ").unwrap().spec(),
            "subtraction:1,3,4"
        );
    }

    #[test]
    fn sums_of_families() {
        assert_eq!(game("nim + take:3").unwrap().spec(), "nim + take:3");
        let spec: Spec = "nim + take:3".parse().unwrap();
        assert_eq!(spec.example_position(), "3 4 5 + 12");
        assert!(
            game("nim + chess")
                .err()
                .unwrap()
                .to_string()
                .contains("'chess'")
        );
        assert!(
            game("nim + ")
                .err()
                .unwrap()
                .to_string()
                .starts_with("missing game")
        );
    }

    #[test]
    fn bad_specs_name_the_token() {
        let err = |s: &str| game(s).err().unwrap().to_string();
        assert_eq!(
            err("chess"),
            format!(
                "invalid game 'chess': expected a game such as nim, kayles, wythoff or \
                 octal:CODE (nimlab --help lists all {} families)",
                FAMILIES.len()
            )
        );
        assert!(err("dag:g.txt").contains("'g.txt'"));
        assert!(err("dag:").starts_with("missing DAG file"));
        assert!(err("kayles:2").contains("'2'"));
        assert!(err("octal:0.9").contains("'0.9'"));
        assert!(err("octal:0.8").contains("hex:0.8"));
        for code in [
            "octal:0.",
            "octal:.7",
            "octal:0.7x",
            "hex:0.g",
            "octal:1.7",
            "octal:77",
        ] {
            let message = err(code);
            assert!(message.contains("code"), "{code}: {message}");
            assert!(!message.contains('\n'), "{code}: {message}");
        }
        assert!(err("treblecross:2").contains("'2'"));
        assert!(err("").starts_with("missing game"));
        assert!(err("subtraction:").starts_with("missing subtraction set"));
        assert!(err("subtraction:0").contains("'0'"));
        assert!(err("nim:3").contains("'3'"));
        assert!(err("take:x").contains("'x'"));
        assert!(err("copycat:0").contains("'0'"));
        assert!(err("copycat").starts_with("missing copycat limit"));
        assert!(err("moore").starts_with("missing moore heap count"));
        assert!(err("moore:0").contains("'0'"));
        assert!(err("lasker:2").contains("'2'"));
        assert!(err("wythoff:3").contains("'3'"));
        assert!(err("wythoff-flipflop:x").contains("'x'"));
    }
}
