//! From a game spec string to a shared [`Ruleset`]. Adding a family adds one entry
//! here.
//!
//! Games are cached by their canonical spec, so a table or a period computed once is
//! reused by every later question about the same game in one process (a server's
//! requests among them). The cache holds at most [`CACHED_GAMES`] games, and drops
//! its oldest while their tables keep more than [`CACHED_MEMORY`] words between them.
//!
//! Some specs name a file (`dag:FILE`). The core reads no files: the front end passes
//! a [`Loader`] that turns a file name into its text ([`game_with`]), and [`game`]
//! refuses such specs. Games read from files are not cached (the file may change).

use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::families::coins::CoinRow;
use crate::families::copycat::Copycat;
use crate::families::fibonacci::FibonacciNim;
use crate::families::flipflop::FlipFlop;
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
use crate::limits::{CACHED_MEMORY, SUM_PARTS};
use crate::protocol::sum::Sum;
use crate::protocol::{Erased, Ruleset};
use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Reads the text of a file named in a spec; errors name the file.
pub type Loader<'a> = &'a dyn Fn(&str) -> Result<String, InputError>;

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

/// The most games the registry keeps built.
pub const CACHED_GAMES: usize = 64;

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
    /// Whether the argument names a file (then built games are not cached: the file
    /// may change).
    reads_file: bool,
    build: Builder,
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
        reads_file: false,
        build: |args, _| named_take_and_break("kayles", args),
    },
    Family {
        name: "dawsons-kayles",
        syntax: "dawsons-kayles",
        example: "dawsons-kayles",
        example_position: "10 7",
        summary: "remove two adjacent tokens of a row, which may split it (octal 0.07)",
        reads_file: false,
        build: |args, _| named_take_and_break("dawsons-kayles", args),
    },
    Family {
        name: "dawsons-chess",
        syntax: "dawsons-chess",
        example: "dawsons-chess",
        example_position: "10 7",
        summary: "Dawson's chess: octal 0.137, Dawson's Kayles shifted by one",
        reads_file: false,
        build: |args, _| named_take_and_break("dawsons-chess", args),
    },
    Family {
        name: "treblecross",
        syntax: "treblecross",
        example: "treblecross",
        example_position: "12",
        summary: "one-dimensional tic-tac-toe with crosses only (octal 0.007)",
        reads_file: false,
        build: |args, _| named_take_and_break("treblecross", args),
    },
    Family {
        name: "octal",
        syntax: "octal:CODE",
        example: "octal:0.137",
        example_position: "10 7",
        summary: "the octal game with code CODE, e.g. 0.07 (Dawson's Kayles) or 4.07",
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
        reads_file: false,
        build: |args, _| Ok(Arc::new(Erased(Moore::parse(args)?))),
    },
    Family {
        name: "staircase",
        syntax: "staircase",
        example: "staircase",
        example_position: "1 5 0 2",
        summary: "slide coins from a step to the step below (coins on steps 1, 2, …)",
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
        summary: "Wythoff's game whose goal may be flipped once, while |x − y| ≥ T (27)",
        reads_file: false,
        build: |args, _| Ok(Arc::new(Erased(FlipFlop::parse(args)?))),
    },
    Family {
        name: "copycat",
        syntax: "copycat:m",
        example: "copycat:3",
        example_position: "20",
        summary: "take 1 to m stones, never the amount the opponent just took",
        reads_file: false,
        build: |args, _| Ok(Arc::new(Erased(Copycat::parse(args)?))),
    },
];

/// A take-and-break game known by name ([`crate::families::octal::NAMED`]).
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

/// The game a spec string names, e.g. `nim`, `take:3` or `subtraction:1,3,4`, or a
/// sum of games such as `kayles + nim`, without a bound on building it (front ends
/// that answer questions use [`Spec::build`] within the question's budget). Specs that
/// name a file are refused: use [`game_with`].
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

/// Built games by canonical spec, oldest first.
struct Cache {
    games: Mutex<VecDeque<Arc<dyn Ruleset>>>,
}

static CACHE: Cache = Cache {
    games: Mutex::new(VecDeque::new()),
};

impl Cache {
    /// The cached game with the same spec as `built`, or `built`, now cached; and
    /// whether it is `built` (the spec was not cached).
    fn share(&self, built: Arc<dyn Ruleset>) -> (Arc<dyn Ruleset>, bool) {
        let spec = built.spec();
        let mut games = self
            .games
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let shared = match games.iter().find(|game| game.spec() == spec) {
            Some(game) => (game.clone(), false),
            None => {
                if games.len() == CACHED_GAMES {
                    games.pop_front();
                }
                games.push_back(built.clone());
                (built, true)
            }
        };
        // Tables grow after a game is cached: the bound is checked at every use.
        keep_within(&mut games, CACHE_BOUND.load(Ordering::Relaxed));
        shared
    }
}

/// The words of memory the cache's games may keep: [`CACHED_MEMORY`] unless a front
/// end chose less ([`bound_cache`]).
static CACHE_BOUND: AtomicU64 = AtomicU64::new(CACHED_MEMORY.value);

/// Keep at most `words` words of tables in the cache of built games from now on (a
/// server that bounds its whole memory gives the cache a share of it), and drop the
/// oldest games beyond it now.
pub fn bound_cache(words: u64) {
    CACHE_BOUND.store(words, Ordering::Relaxed);
    trim_cache();
}

/// Drop the oldest cached games until those left keep at most the cache's bound, or
/// one is left. The bound is checked whenever a game is looked up; a computation
/// that grew a cached game's tables calls this to check it at once. A dropped game
/// is freed when the last computation using it ends.
pub fn trim_cache() {
    let mut games = CACHE
        .games
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    keep_within(&mut games, CACHE_BOUND.load(Ordering::Relaxed));
}

/// Drop the oldest games until those left keep at most `words` of memory between
/// them, or one is left (the newest, which its caller holds anyway).
fn keep_within(games: &mut VecDeque<Arc<dyn Ruleset>>, words: u64) {
    let mut held: u64 = games.iter().map(|game| game.held_words()).sum();
    while held > words && games.len() > 1 {
        let oldest = games.pop_front().expect("more than one game");
        held = held.saturating_sub(oldest.held_words());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games report the tables they keep, and the cache drops its oldest games when
    /// their tables pass its bound, keeping the newest.
    #[test]
    fn the_cache_is_bounded_by_the_memory_its_games_keep() {
        let budget = Budget::unlimited();
        // Grundy's game has no known period: its engine keeps every value.
        let grundy = game("grundy-game").unwrap();
        let sequence = grundy.heap_game().unwrap().sequence();
        sequence.grundy_table(40_000, &budget).unwrap();
        assert!(grundy.held_words() >= 10_000, "two bytes a value");
        let copycat = game("copycat:7").unwrap();
        let position = copycat.parse_position("20").unwrap();
        copycat
            .analyze(&position, Convention::Normal, 1, &budget)
            .unwrap();
        assert!(copycat.held_words() > 0);
        let mut games: VecDeque<Arc<dyn Ruleset>> =
            [game("nim").unwrap(), grundy.clone(), copycat.clone()].into();
        let all: u64 = games.iter().map(|g| g.held_words()).sum();
        keep_within(&mut games, all);
        assert_eq!(games.len(), 3, "within the bound, nothing is dropped");
        keep_within(&mut games, copycat.held_words());
        let left: Vec<String> = games.iter().map(|g| g.spec()).collect();
        assert_eq!(left, ["copycat:7"], "the oldest go first");
        keep_within(&mut games, 0);
        assert_eq!(games.len(), 1, "the newest stays");
    }
    use crate::budget::Budget;
    use crate::rules::Convention;

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
    fn every_example_parses_round_trips_and_analyzes() {
        for family in FAMILIES {
            let game = game_with(family.example, &example_loader).unwrap();
            assert_eq!(game.spec(), family.example);
            let position = game.parse_position(family.example_position).unwrap();
            game.analyze(&position, Convention::Normal, 10, &Budget::unlimited())
                .unwrap();
        }
    }

    /// Heap games whose codes take whole heaps only, or only some amounts, on every
    /// position of one or two heaps of up to 7: each legal move's text, as `moves`
    /// prints it and `play` takes it, reads back as the same move (removing a whole
    /// heap once read back as no move in `octal:0.1`).
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

    #[test]
    fn games_are_shared_by_canonical_spec() {
        let a = game("subtraction:4,1,3").unwrap();
        let b = game("subtraction:1,3,4").unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        assert!(!Arc::ptr_eq(&a, &game("subtraction:1,3").unwrap()));
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
