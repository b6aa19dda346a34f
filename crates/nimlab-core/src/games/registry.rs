//! From a game spec string to a [`Ruleset`]. Adding a family adds one entry here.

use super::Ruleset;
use super::heap::HeapSum;
use super::nim::Nim;
use super::subtraction::{Subtraction, TakeUpTo};
use super::sum::Sum;
use crate::error::InputError;

/// Builds a family's ruleset from the spec's arguments (the text after `:`, if any).
type Builder = fn(Option<&str>) -> Result<Box<dyn Ruleset>, InputError>;

/// A game family the registry knows.
pub struct Family {
    /// The spec's name, before any `:`.
    pub name: &'static str,
    /// How the spec is written, e.g. `subtraction:S`.
    pub syntax: &'static str,
    /// An example spec.
    pub example: &'static str,
    /// An example position of the example spec.
    pub example_position: &'static str,
    /// What the game is, in one line.
    pub summary: &'static str,
    build: Builder,
}

/// Every family, in the order help lists them.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "nim",
        syntax: "nim",
        example: "nim",
        example_position: "3 4 5",
        summary: "take any number of tokens from one heap",
        build: |args| {
            no_arguments("nim", args)?;
            Ok(Box::new(HeapSum { rules: Nim }))
        },
    },
    Family {
        name: "subtraction",
        syntax: "subtraction:S",
        example: "subtraction:1,3,4",
        example_position: "10 7",
        summary: "take exactly s tokens from one heap, for s in the finite set S",
        build: |args| {
            Ok(Box::new(HeapSum {
                rules: Subtraction::parse(args.unwrap_or(""))?,
            }))
        },
    },
    Family {
        name: "take",
        syntax: "take:K",
        example: "take:3",
        example_position: "12",
        summary: "take 1 to K tokens from one heap",
        build: |args| {
            Ok(Box::new(HeapSum {
                rules: TakeUpTo::parse(args.unwrap_or(""))?,
            }))
        },
    },
];

fn no_arguments(name: &str, args: Option<&str>) -> Result<(), InputError> {
    match args {
        None => Ok(()),
        Some(args) => Err(InputError::invalid(
            format!("argument to {name}"),
            args,
            format!("nothing: write just '{name}'"),
        )),
    }
}

/// The example position of the family a spec names (a start for `play`), if the
/// family is known; for a sum, the parts' examples joined by `+`.
pub fn default_position(spec: &str) -> Option<String> {
    let parts = spec
        .split('+')
        .map(|part| {
            let name = part.trim().split(':').next().unwrap_or_default();
            FAMILIES
                .iter()
                .find(|f| f.name == name)
                .map(|f| f.example_position.to_string())
        })
        .collect::<Option<Vec<_>>>()?;
    Some(parts.join(" + "))
}

/// The game a spec string names, e.g. `nim`, `take:3` or `subtraction:1,3,4`, or a
/// sum of games such as `kayles + nim`.
pub fn parse_game(spec: &str) -> Result<Box<dyn Ruleset>, InputError> {
    if spec.contains('+') {
        let parts = spec
            .split('+')
            .map(parse_family)
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Box::new(Sum::new(parts)));
    }
    parse_family(spec)
}

/// One family's game from its spec.
fn parse_family(spec: &str) -> Result<Box<dyn Ruleset>, InputError> {
    let spec = spec.trim();
    let (name, args) = match spec.split_once(':') {
        Some((name, args)) => (name, Some(args)),
        None => (spec, None),
    };
    let known: Vec<&str> = FAMILIES.iter().map(|f| f.syntax).collect();
    let expected = format!("one of {}", known.join(", "));
    if name.is_empty() {
        return Err(InputError::missing("game", expected));
    }
    let family = FAMILIES
        .iter()
        .find(|f| f.name == name)
        .ok_or_else(|| InputError::invalid("game", name, expected))?;
    (family.build)(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_parses_round_trips_and_analyzes() {
        for family in FAMILIES {
            let game = parse_game(family.example).unwrap();
            assert_eq!(game.spec(), family.example);
            let request = crate::Request {
                convention: crate::Convention::Normal,
                max_moves: 10,
                with_positions: true,
            };
            game.analyze(family.example_position, request).unwrap();
        }
    }

    #[test]
    fn specs_are_normalized() {
        assert_eq!(
            parse_game(" subtraction:4,1,3,1 ").unwrap().spec(),
            "subtraction:1,3,4"
        );
    }

    #[test]
    fn sums_of_families() {
        assert_eq!(parse_game("nim + take:3").unwrap().spec(), "nim + take:3");
        assert_eq!(
            default_position("nim + take:3").as_deref(),
            Some("3 4 5 + 12")
        );
        assert!(
            parse_game("nim + chess")
                .err()
                .unwrap()
                .to_string()
                .contains("'chess'")
        );
        assert!(
            parse_game("nim + ")
                .err()
                .unwrap()
                .to_string()
                .starts_with("missing game")
        );
    }

    #[test]
    fn bad_specs_name_the_token() {
        let err = |s: &str| parse_game(s).err().unwrap().to_string();
        assert_eq!(
            err("chess"),
            "invalid game 'chess': expected one of nim, subtraction:S, take:K"
        );
        assert!(err("").starts_with("missing game"));
        assert!(err("subtraction:").starts_with("missing subtraction set"));
        assert!(err("subtraction:0").contains("'0'"));
        assert!(err("nim:3").contains("'3'"));
        assert!(err("take:x").contains("'x'"));
    }
}
