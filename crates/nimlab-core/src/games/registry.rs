//! From a game spec string to a [`Ruleset`]. Adding a family adds one entry here.
//!
//! Some specs name a file (`dag:FILE`). The core reads no files: the front end passes
//! a [`Loader`] that turns a file name into its text ([`parse_game_with`]), and
//! [`parse_game`] refuses such specs.

use super::Ruleset;
use super::copycat::Copycat;
use super::dag::Dag;
use super::fibonacci::FibonacciNim;
use super::flipflop::FlipFlop;
use super::grundy_game::GrundyGame;
use super::heap::HeapSum;
use super::nim::Nim;
use super::octal::Octal;
use super::staircase::Staircase;
use super::subtraction::{Subtraction, TakeUpTo};
use super::sum::Sum;
use super::turtles::Turtles;
use super::wythoff::{Goal, Wythoff};
use crate::error::InputError;

/// Reads the text of a file named in a spec; errors name the file.
pub type Loader<'a> = &'a dyn Fn(&str) -> Result<String, InputError>;

/// The graph the `dag` family's example file holds (the example's position is 3):
/// four vertices, 1 → 0, 2 → 0, 3 → 1, 3 → 2.
pub const EXAMPLE_GRAPH: &str = "4 4 1 0 2 0 3 1 3 2";

/// A loader that serves [`EXAMPLE_GRAPH`] for any file name, so tests and demos can
/// build every family's example without touching the file system.
pub fn example_loader(_file: &str) -> Result<String, InputError> {
    Ok(EXAMPLE_GRAPH.to_string())
}

/// Builds a family's ruleset from the spec's arguments (the text after `:`, if any).
type Builder = fn(Option<&str>, Loader) -> Result<Box<dyn Ruleset>, InputError>;

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
        build: |args, _| {
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
        build: |args, _| {
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
        build: |args, _| {
            Ok(Box::new(HeapSum {
                rules: TakeUpTo::parse(args.unwrap_or(""))?,
            }))
        },
    },
    Family {
        name: "kayles",
        syntax: "kayles",
        example: "kayles",
        example_position: "1 9",
        summary: "knock down one pin or two adjacent pins of a row (octal 0.77)",
        build: |args, _| {
            no_arguments("kayles", args)?;
            Ok(Box::new(HeapSum {
                rules: Octal::kayles(),
            }))
        },
    },
    Family {
        name: "octal",
        syntax: "octal:CODE",
        example: "octal:0.137",
        example_position: "10 7",
        summary: "the octal game with code CODE, e.g. 0.07 (Dawson's Kayles)",
        build: |args, _| {
            Ok(Box::new(HeapSum {
                rules: Octal::parse(args.unwrap_or(""))?,
            }))
        },
    },
    Family {
        name: "grundy-game",
        syntax: "grundy-game",
        example: "grundy-game",
        example_position: "8 5",
        summary: "split one heap into two non-empty heaps of different sizes",
        build: |args, _| {
            no_arguments("grundy-game", args)?;
            Ok(Box::new(HeapSum {
                rules: GrundyGame::new(),
            }))
        },
    },
    Family {
        name: "staircase",
        syntax: "staircase",
        example: "staircase",
        example_position: "1 5 0 2",
        summary: "slide coins from a step to the step below (coins on steps 1, 2, …)",
        build: |args, _| {
            no_arguments("staircase", args)?;
            Ok(Box::new(Staircase))
        },
    },
    Family {
        name: "turtles",
        syntax: "turtles",
        example: "turtles",
        example_position: "THHTH",
        summary: "Turning Turtles: turn a head to tails, and maybe one coin to its left",
        build: |args, _| {
            no_arguments("turtles", args)?;
            Ok(Box::new(Turtles))
        },
    },
    Family {
        name: "dag",
        syntax: "dag:FILE",
        example: "dag:graph.txt",
        example_position: "3",
        summary: "tokens on the DAG in FILE (\"V E u1 v1 …\", edges u → v)",
        build: |args, load| {
            let file = args.filter(|f| !f.trim().is_empty()).ok_or_else(|| {
                InputError::missing("DAG file", "a file name, as in dag:graph.txt")
            })?;
            Ok(Box::new(Dag::parse(&load(file)?, file)?))
        },
    },
    Family {
        name: "fibonacci",
        syntax: "fibonacci",
        example: "fibonacci",
        example_position: "1000",
        summary: "Fibonacci Nim: take 1 to twice the opponent's last take (position r or r,q)",
        build: |args, _| {
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
        build: |args, _| {
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
        build: |args, _| {
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
        build: |args, _| Ok(Box::new(FlipFlop::parse(args)?)),
    },
    Family {
        name: "copycat",
        syntax: "copycat:m",
        example: "copycat:3",
        example_position: "20",
        summary: "take 1 to m stones, never the amount the opponent just took",
        build: |args, _| Ok(Box::new(Copycat::parse(args)?)),
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
/// sum of games such as `kayles + nim`. Specs that name a file are refused: use
/// [`parse_game_with`].
pub fn parse_game(spec: &str) -> Result<Box<dyn Ruleset>, InputError> {
    parse_game_with(spec, &|file| {
        Err(InputError::invalid(
            "file",
            file,
            "no file: this caller reads none (nimlab-core does no I/O)",
        ))
    })
}

/// The game a spec string names, reading any file it names with `load`.
pub fn parse_game_with(spec: &str, load: Loader) -> Result<Box<dyn Ruleset>, InputError> {
    if spec.contains('+') {
        let parts = spec
            .split('+')
            .map(|part| parse_family(part, load))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Box::new(Sum::new(parts)));
    }
    parse_family(spec, load)
}

/// One family's game from its spec.
fn parse_family(spec: &str, load: Loader) -> Result<Box<dyn Ruleset>, InputError> {
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
    (family.build)(args, load)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_parses_round_trips_and_analyzes() {
        for family in FAMILIES {
            let game = parse_game_with(family.example, &example_loader).unwrap();
            assert_eq!(game.spec(), family.example);
            let request = crate::Request {
                convention: crate::Convention::Normal,
                max_moves: 10,
                with_positions: true,
            };
            game.analyze(family.example_position, request).unwrap();
        }
    }

    /// Every family, on positions reached by random walks from its example: each
    /// legal move's text reads back as the same move, and its description and
    /// result are what the legal-move list says.
    #[test]
    fn every_legal_move_reads_back_from_its_text() {
        use rand::seq::IndexedRandom;
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        for family in FAMILIES {
            let game = parse_game_with(family.example, &example_loader).unwrap();
            for _ in 0..40 {
                let mut position = family.example_position.to_string();
                for _ in 0..rng.random_range(0..6) {
                    let legal = game.legal_moves(&position, 64).unwrap();
                    match legal.moves.choose(&mut rng) {
                        Some(play) => position = play.to.clone(),
                        None => break,
                    }
                }
                for play in game.legal_moves(&position, 256).unwrap().moves {
                    let read = game.parse_move(&position, &play.text).unwrap_or_else(|e| {
                        panic!("{}: '{}' from {position}: {e}", family.example, play.text)
                    });
                    assert_eq!(read, play, "{} from {position}", family.example);
                }
            }
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
            "invalid game 'chess': expected one of nim, subtraction:S, take:K, kayles, \
             octal:CODE, grundy-game, staircase, turtles, dag:FILE, fibonacci, wythoff, \
             wythoff-attrition, wythoff-flipflop[:T], copycat:m"
        );
        assert!(err("dag:g.txt").contains("'g.txt'"));
        assert!(err("dag:").starts_with("missing DAG file"));
        assert!(err("kayles:2").contains("'2'"));
        assert!(err("octal:0.9").contains("'0.9'"));
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
