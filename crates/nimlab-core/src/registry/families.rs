//! The families the registry knows, in the order help lists them: each with its
//! spec's syntax, an example, a one-line summary and how its game is built.

use super::Loader;
use crate::error::InputError;
use crate::families::coins::CoinRow;
use crate::families::copycat::Copycat;
use crate::families::fibonacci::FibonacciNim;
use crate::families::flipflop::{DEFAULT_THRESHOLD, FlipFlop};
use crate::families::graph::{Kind, TokenGraph};
use crate::families::grundy_game::GrundyGame;
use crate::families::lasker::Lasker;
use crate::families::mock_turtles::MockTurtles;
use crate::families::moore::Moore;
use crate::families::nim::Nim;
use crate::families::octal::Octal;
use crate::families::ruler::Ruler;
use crate::families::staircase::Staircase;
use crate::families::subtract_squares::SubtractSquares;
use crate::families::subtraction::{Subtraction, TakeUpTo};
use crate::families::turtles::TurningTurtles;
use crate::families::wythoff::{Goal, Wythoff};
use crate::heap::HeapSum;
use crate::protocol::{Erased, Ruleset};
use const_format::concatcp;
use std::sync::Arc;

/// The graph the `dag` family's example file holds (the example's position is 3):
/// four vertices, 1 → 0, 2 → 0, 3 → 1, 3 → 2.
pub const EXAMPLE_GRAPH: &str = "4 4 1 0 2 0 3 1 3 2";

/// The example graph with cycles, for `graph:loop.txt`: 0 ⇄ 1 → 2, and 3 → 1, 3 ⇄ 4.
/// Its values are 0, 1, 0, ∞{1}, ∞{}: a token on 0 loses although it can go round the
/// cycle (the winner leaves it for 2), a token on 3 or 4 draws (from 3 the only other
/// move, to 1, loses), and tokens on 1 and 3 win by Smith's rule (1 ⊕ ∞{1} = ∞{0}:
/// move 3 to 1).
pub const EXAMPLE_LOOPY_GRAPH: &str = "5 6 0 1 1 0 1 2 3 1 3 4 4 3";

/// A loader that serves [`EXAMPLE_LOOPY_GRAPH`] for `loop.txt` and [`EXAMPLE_GRAPH`]
/// for any other file name, so tests and demos can build every family's example
/// without touching the file system.
pub fn example_loader(file: &str) -> Result<String, InputError> {
    Ok(example_graph_named(file).to_string())
}

/// The example graph a file name stands for in the families' examples.
fn example_graph_named(file: &str) -> &'static str {
    match file {
        "loop.txt" => EXAMPLE_LOOPY_GRAPH,
        _ => EXAMPLE_GRAPH,
    }
}

/// Builds a family's ruleset from the spec's arguments (the text after `:`, if any).
type Builder = fn(Option<&str>, Loader) -> Result<Arc<dyn Ruleset>, InputError>;

/// A game family the registry knows.
#[derive(Debug)]
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
    /// More about the game, for the guide's table of games ([`markdown_table`]): the
    /// text that follows the summary there (empty, or starting with punctuation).
    pub more: &'static str,
    /// Whether the argument names a file (then built games are not cached: the file
    /// may change).
    pub(super) reads_file: bool,
    pub(super) build: Builder,
}

impl Family {
    /// For a family played on a graph read from a file: the graph its example names
    /// (from [`example_loader`]), which a front end that reads no files offers instead.
    pub fn example_graph(&self) -> Option<&'static str> {
        let (_, file) = self.example.split_once(':')?;
        self.reads_file.then(|| example_graph_named(file))
    }
}

/// Every family, in the order help lists them.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "nim",
        syntax: "nim",
        example: "nim",
        example_position: "3 4 5",
        summary: "take any number of tokens from one heap",
        more: "",
        reads_file: false,
        build: |args, _| {
            no_arguments("nim", args)?;
            Ok(Arc::new(Erased(HeapSum::new(Nim))))
        },
    },
    Family {
        name: "subtraction",
        syntax: "subtraction:S",
        example: "subtraction:1,3,4",
        example_position: "10 7",
        summary: "take exactly s tokens from one heap, for s in the finite set S",
        more: "",
        reads_file: false,
        build: |args, _| {
            Ok(Arc::new(Erased(HeapSum::new(Subtraction::parse(
                args.unwrap_or(""),
            )?))))
        },
    },
    Family {
        name: "take",
        syntax: "take:K",
        example: "take:3",
        example_position: "12",
        summary: "take 1 to K tokens from one heap",
        more: " (the same as `subtraction:1,2,…,K`)",
        reads_file: false,
        build: |args, _| {
            Ok(Arc::new(Erased(HeapSum::new(TakeUpTo::parse(
                args.unwrap_or(""),
            )?))))
        },
    },
    Family {
        name: "kayles",
        syntax: "kayles",
        example: "kayles",
        example_position: "1 9",
        summary: "knock down one pin or two adjacent pins of a row (octal 0.77)",
        more: ": a heap is a row of pins, and knocking pins out of its middle splits it in two",
        reads_file: false,
        build: |args, _| named_take_and_break("kayles", args),
    },
    Family {
        name: "dawsons-kayles",
        syntax: "dawsons-kayles",
        example: "dawsons-kayles",
        example_position: "10 7",
        summary: "remove two adjacent tokens of a row, which may split it (octal 0.07)",
        more: "",
        reads_file: false,
        build: |args, _| named_take_and_break("dawsons-kayles", args),
    },
    Family {
        name: "dawsons-chess",
        syntax: "dawsons-chess",
        example: "dawsons-chess",
        example_position: "10 7",
        summary: "Dawson's chess: octal 0.137, Dawson's Kayles shifted by one",
        more: "",
        reads_file: false,
        build: |args, _| named_take_and_break("dawsons-chess", args),
    },
    Family {
        name: "treblecross",
        syntax: "treblecross",
        example: "treblecross",
        example_position: "12",
        summary: "one-dimensional tic-tac-toe with crosses only (octal 0.007)",
        more: "",
        reads_file: false,
        build: |args, _| named_take_and_break("treblecross", args),
    },
    Family {
        name: "octal",
        syntax: "octal:CODE",
        example: "octal:0.137",
        example_position: "10 7",
        summary: "the octal game with code CODE, e.g. 0.07 (Dawson's Kayles) or 4.07",
        more: ": digit k says what taking k tokens from a heap may leave (1: nothing, 2: one heap, 4: two non-empty heaps; digits add up); the digit before the point is for taking none (`octal:4.07`: a heap may also be split without taking)",
        reads_file: false,
        build: |args, _| {
            Ok(Arc::new(Erased(HeapSum::new(Octal::parse(
                args.unwrap_or(""),
            )?))))
        },
    },
    Family {
        name: "hex",
        syntax: "hex:CODE",
        example: "hex:0.f",
        example_position: "10 7",
        summary: "the hexadecimal game with code CODE (digit bit 8: leave three heaps)",
        more: "",
        reads_file: false,
        build: |args, _| {
            Ok(Arc::new(Erased(HeapSum::new(Octal::parse_hex(
                args.unwrap_or(""),
            )?))))
        },
    },
    Family {
        name: "grundy-game",
        syntax: "grundy-game",
        example: "grundy-game",
        example_position: "8 5",
        summary: "split one heap into two non-empty heaps of different sizes",
        more: " (Grundy's game)",
        reads_file: false,
        build: |args, _| {
            no_arguments("grundy-game", args)?;
            Ok(Arc::new(Erased(HeapSum::new(GrundyGame::new()))))
        },
    },
    Family {
        name: "lasker",
        syntax: "lasker",
        example: "lasker",
        example_position: "5 7 9",
        summary: "Lasker's Nim: take any number of tokens from one heap, or split it in two",
        more: "; exact for heaps of any size",
        reads_file: false,
        build: |args, _| {
            no_arguments("lasker", args)?;
            Ok(Arc::new(Erased(HeapSum::new(Lasker))))
        },
    },
    Family {
        name: "subtract-squares",
        syntax: "subtract-squares",
        example: "subtract-squares",
        example_position: "20 9",
        summary: "take a positive square number of tokens from one heap",
        more: " (1, 4, 9, …); no period is known (its losing heaps have density zero), so heaps are valued from their moves, up to the table a question's budget allows",
        reads_file: false,
        build: |args, _| {
            no_arguments("subtract-squares", args)?;
            Ok(Arc::new(Erased(HeapSum::new(SubtractSquares))))
        },
    },
    Family {
        name: "moore",
        syntax: "moore:K",
        example: "moore:2",
        example_position: "3 5 6",
        summary: "Moore's Nim_K: take tokens from at least one and at most K heaps",
        more: " at once (`moore:1` is Nim); a position loses when, in every binary digit, the number of heaps with a 1 there is a multiple of K + 1 (Moore, 1910); misère play by Moore's misère rule",
        reads_file: false,
        build: |args, _| Ok(Arc::new(Erased(Moore::parse(args)?))),
    },
    Family {
        name: "staircase",
        syntax: "staircase",
        example: "staircase",
        example_position: "1 5 0 2",
        summary: "slide coins from a step to the step below (coins on steps 1, 2, …)",
        more: "; coins slid from step 1 leave the game (staircase Nim)",
        reads_file: false,
        build: |args, _| {
            no_arguments("staircase", args)?;
            Ok(Arc::new(Erased(Staircase)))
        },
    },
    Family {
        name: "turtles",
        syntax: "turtles",
        example: "turtles",
        example_position: "THHTH",
        summary: "Turning Turtles: turn a head to tails, and maybe one coin to its left",
        more: "",
        reads_file: false,
        build: |args, _| {
            no_arguments("turtles", args)?;
            Ok(Arc::new(Erased(CoinRow(TurningTurtles))))
        },
    },
    Family {
        name: "mock-turtles",
        syntax: "mock-turtles",
        example: "mock-turtles",
        example_position: "THHTHTHH",
        summary: "Mock Turtles: turn one, two or three coins, the rightmost from heads to tails",
        more: "; a head at coin n is worth the n-th odious number (1, 2, 4, 7, 8, 11, …)",
        reads_file: false,
        build: |args, _| {
            no_arguments("mock-turtles", args)?;
            Ok(Arc::new(Erased(CoinRow(MockTurtles))))
        },
    },
    Family {
        name: "ruler",
        syntax: "ruler",
        example: "ruler",
        example_position: "THHTH",
        summary: "Ruler: turn a run of coins whose rightmost goes from heads to tails",
        more: "; a head at coin n is worth the largest power of 2 dividing n",
        reads_file: false,
        build: |args, _| {
            no_arguments("ruler", args)?;
            Ok(Arc::new(Erased(CoinRow(Ruler))))
        },
    },
    Family {
        name: "dag",
        syntax: "dag:FILE",
        example: "dag:graph.txt",
        example_position: "3",
        summary: "tokens on the DAG in FILE (\"V E u1 v1 …\", edges u → v)",
        more: "; a move slides one token along an edge",
        reads_file: true,
        build: |args, load| {
            let file = args.filter(|f| !f.trim().is_empty()).ok_or_else(|| {
                InputError::missing("DAG file", "a file name, as in dag:graph.txt")
            })?;
            Ok(Arc::new(Erased(TokenGraph::parse(
                &load(file)?,
                file,
                Kind::Dag,
            )?)))
        },
    },
    Family {
        name: "graph",
        syntax: "graph:FILE",
        example: "graph:loop.txt",
        example_position: "1 3",
        summary: "tokens on the graph in FILE, cycles allowed (\"V E u1 v1 …\"): endless play is a draw",
        more: " (see [Graphs with cycles](#graphs-with-cycles-draws)); self-loops allowed",
        reads_file: true,
        build: |args, load| {
            let file = args.filter(|f| !f.trim().is_empty()).ok_or_else(|| {
                InputError::missing("graph file", "a file name, as in graph:loop.txt")
            })?;
            Ok(Arc::new(Erased(TokenGraph::parse(
                &load(file)?,
                file,
                Kind::Loopy,
            )?)))
        },
    },
    Family {
        name: "fibonacci",
        syntax: "fibonacci",
        example: "fibonacci",
        example_position: "1000",
        summary: "Fibonacci Nim: take 1 to twice the opponent's last take (position r or r,q)",
        more: "; the first move takes 1 to r − 1 of r chips",
        reads_file: false,
        build: |args, _| {
            no_arguments("fibonacci", args)?;
            Ok(Arc::new(Erased(FibonacciNim)))
        },
    },
    Family {
        name: "wythoff",
        syntax: "wythoff",
        example: "wythoff",
        example_position: "29,51",
        summary: "from (x,y) decrease x, y or both equally; reaching (0,0) wins",
        more: " (Wythoff's game on the plane)",
        reads_file: false,
        build: |args, _| {
            no_arguments("wythoff", args)?;
            Ok(Arc::new(Erased(Wythoff { goal: Goal::Normal })))
        },
    },
    Family {
        name: "wythoff-attrition",
        syntax: "wythoff-attrition",
        example: "wythoff-attrition",
        example_position: "2,9",
        summary: "Wythoff's game where reaching (0,0) loses",
        more: " (misère Wythoff)",
        reads_file: false,
        build: |args, _| {
            no_arguments("wythoff-attrition", args)?;
            Ok(Arc::new(Erased(Wythoff {
                goal: Goal::Attrition,
            })))
        },
    },
    Family {
        name: "wythoff-flipflop",
        syntax: "wythoff-flipflop[:T]",
        example: "wythoff-flipflop",
        example_position: "30,50,normal,yes",
        summary: concatcp!(
            "Wythoff's game whose goal may be flipped once, while |x − y| ≥ T (default ",
            DEFAULT_THRESHOLD,
            ")"
        ),
        more: "; the flip, between normal play and attrition, is a move",
        reads_file: false,
        build: |args, _| Ok(Arc::new(Erased(FlipFlop::parse(args)?))),
    },
    Family {
        name: "copycat",
        syntax: "copycat:m",
        example: "copycat:3",
        example_position: "20",
        summary: "take 1 to m stones, never the amount the opponent just took",
        more: "; m ≤ 100; taking the last stone wins, having no legal move loses",
        reads_file: false,
        build: |args, _| Ok(Arc::new(Erased(Copycat::parse(args)?))),
    },
];

/// A take-and-break game known by name ([`crate::families::octal::NAMED`]).
/// The table of games in `docs/GUIDE.md`, in Markdown: each family's spec syntax, its
/// summary and more, and its example as a command (a test checks that the guide
/// shows it).
pub fn markdown_table() -> String {
    let cell = |text: &str| text.replace('|', "\\|");
    let mut table = String::from("| spec | game | example |\n|---|---|---|\n");
    for family in FAMILIES {
        table += &format!(
            "| `{}` | {}{} | `nimlab analyze {} \"{}\"` |\n",
            family.syntax,
            cell(family.summary),
            cell(family.more),
            family.example,
            family.example_position
        );
    }
    table
}

fn named_take_and_break(
    name: &'static str,
    args: Option<&str>,
) -> Result<Arc<dyn Ruleset>, InputError> {
    no_arguments(name, args)?;
    let rules = Octal::named(name).expect("every named family is in NAMED");
    Ok(Arc::new(Erased(HeapSum::new(rules))))
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::registry::{game, game_with};
    use crate::rules::Convention;

    /// The guide's table of games is the registry's.
    #[test]
    fn the_guide_shows_every_family() {
        crate::generated_docs::check_table("GUIDE.md", &markdown_table());
    }

    #[test]
    fn every_example_parses_round_trips_and_analyzes() {
        for family in FAMILIES {
            let game = game_with(family.example, &example_loader).unwrap();
            assert_eq!(game.spec(), family.example);
            let position = game.parse_position(family.example_position).unwrap();
            game.analyze(&position, Convention::Normal, 10, &Budget::unlimited())
                .unwrap();
        }
    }

    /// Every family's example, and sums of families, pass the conformance check; the
    /// check is not vacuous for any of them.
    #[test]
    fn every_family_and_sums_of_families_conform() {
        let specs = FAMILIES.iter().map(|family| family.example).chain([
            "kayles + nim",
            "turtles + staircase",
            "grundy-game + copycat:3",
            "graph:loop.txt + nim",
        ]);
        for spec in specs {
            let checked = crate::conformance::check(spec, &example_loader)
                .unwrap_or_else(|violation| panic!("{violation}"));
            assert!(
                checked.positions >= 10 && checked.moves >= 10 && checked.played >= 1,
                "{spec}: {checked:?}"
            );
            assert!(checked.searched >= 5, "{spec}: {checked:?}");
        }
    }

    /// Heap games whose codes take whole heaps only, or only some amounts, on every
    /// position of one or two heaps of up to 7: each legal move's text, as `moves`
    /// prints it and `play` takes it, reads back as the same move (removing a whole
    /// heap once read back as no move in `octal:0.1`).
    #[test]
    fn every_move_of_small_heaps_reads_back_from_its_text() {
        let specs = [
            "nim",
            "take:1",
            "subtraction:2,5",
            "octal:0.1",
            "octal:0.01",
            "octal:0.3",
            "octal:0.6",
            "octal:0.007",
            "octal:0.51",
            "octal:4.0",
            "hex:0.1",
            "hex:0.f",
            "hex:0.8",
            "kayles",
            "grundy-game",
            "lasker",
        ];
        for spec in specs {
            let game = game(spec).unwrap();
            let heaps = (0..=7).map(|a| a.to_string());
            let pairs = (1..=7).flat_map(|a| (1..=7).map(move |b| format!("{a} {b}")));
            for text in heaps.chain(pairs) {
                let Ok(position) = game.parse_position(&text) else {
                    continue;
                };
                for play in game.legal_moves(&position, usize::MAX).0 {
                    let typed = game.move_text(&position, &play);
                    let read = game
                        .parse_move(&position, &typed)
                        .unwrap_or_else(|e| panic!("{spec}: '{typed}' from {text}: {e}"));
                    assert_eq!(read, play, "{spec}: '{typed}' from {text}");
                }
            }
        }
    }

    /// A search stopped by its budget ends in a typed error, quickly, not a hang.
    #[test]
    fn budgets_that_run_out_are_clean_errors() {
        // Dawson's Kayles has no small misère quotient, so its misère play is searched.
        let kayles = game("dawsons-kayles").unwrap();
        let position = kayles.parse_position("10 11 11").unwrap();
        let tiny = Budget::work(100);
        let error = kayles
            .analyze(&position, Convention::Misere, 10, &tiny)
            .unwrap_err();
        assert!(matches!(error, crate::Error::TooLarge(_)), "{error:?}");
        let late = Budget::unlimited().with_deadline(std::time::Instant::now());
        let error = kayles
            .analyze(&position, Convention::Misere, 10, &late)
            .unwrap_err();
        assert!(matches!(error, crate::Error::OutOfTime(_)), "{error:?}");
        let table = game("subtraction:1,3,4")
            .unwrap()
            .heap_game()
            .unwrap()
            .sequence()
            .grundy_table(1_000_000, &Budget::work(10_000))
            .unwrap_err();
        assert!(matches!(table, crate::Error::TooLarge(_)), "{table:?}");
    }
}
