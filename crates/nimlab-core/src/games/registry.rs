//! From a game spec string to a [`Ruleset`]. Adding a family adds one entry here.

use super::Ruleset;
use super::copycat::Copycat;
use super::fibonacci::FibonacciNim;
use super::flipflop::FlipFlop;
use super::heap::HeapSum;
use super::nim::Nim;
use super::subtraction::{Subtraction, TakeUpTo};
use super::wythoff::{Goal, Wythoff};
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
    Family {
        name: "fibonacci",
        syntax: "fibonacci",
        example: "fibonacci",
        example_position: "1000",
        summary: "Fibonacci Nim: take 1 to twice the opponent's last take (position r or r,q)",
        build: |args| {
            no_arguments("fibonacci", args)?;
            Ok(Box::new(FibonacciNim))
        },
    },
    Family {
        name: "wythoff",
        syntax: "wythoff",
        example: "wythoff",
        example_position: "29,51",
        summary: "from (x,y) decrease x, y or both equally; reaching (0,0) wins",
        build: |args| {
            no_arguments("wythoff", args)?;
            Ok(Box::new(Wythoff { goal: Goal::Normal }))
        },
    },
    Family {
        name: "wythoff-attrition",
        syntax: "wythoff-attrition",
        example: "wythoff-attrition",
        example_position: "2,9",
        summary: "Wythoff's game where reaching (0,0) loses",
        build: |args| {
            no_arguments("wythoff-attrition", args)?;
            Ok(Box::new(Wythoff {
                goal: Goal::Attrition,
            }))
        },
    },
    Family {
        name: "wythoff-flipflop",
        syntax: "wythoff-flipflop[:T]",
        example: "wythoff-flipflop",
        example_position: "30,50,normal,yes",
        summary: "Wythoff's game whose goal may be flipped once, while |x − y| ≥ T (27)",
        build: |args| Ok(Box::new(FlipFlop::parse(args)?)),
    },
    Family {
        name: "copycat",
        syntax: "copycat:m",
        example: "copycat:3",
        example_position: "20",
        summary: "take 1 to m stones, never the amount the opponent just took",
        build: |args| Ok(Box::new(Copycat::parse(args)?)),
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

/// The game a spec string names, e.g. `nim`, `take:3` or `subtraction:1,3,4`.
pub fn parse_game(spec: &str) -> Result<Box<dyn Ruleset>, InputError> {
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
    fn bad_specs_name_the_token() {
        let err = |s: &str| parse_game(s).err().unwrap().to_string();
        assert_eq!(
            err("chess"),
            "invalid game 'chess': expected one of nim, subtraction:S, take:K, fibonacci, \
             wythoff, wythoff-attrition, wythoff-flipflop[:T], copycat:m"
        );
        assert!(err("").starts_with("missing game"));
        assert!(err("subtraction:").starts_with("missing subtraction set"));
        assert!(err("subtraction:0").contains("'0'"));
        assert!(err("nim:3").contains("'3'"));
        assert!(err("take:x").contains("'x'"));
        assert!(err("copycat:0").contains("'0'"));
        assert!(err("copycat").starts_with("missing copycat limit"));
        assert!(err("wythoff:3").contains("'3'"));
        assert!(err("wythoff-flipflop:x").contains("'x'"));
    }
}
