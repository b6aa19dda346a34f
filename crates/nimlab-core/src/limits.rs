//! Every limit nimlab puts on a question, in one place.
//!
//! A question beyond a limit is answered at once with [`Error::TooLarge`] naming the
//! limit and what the question needs, never with minutes of work or an abort. Each
//! limit says why it is where it is; [`ALL`] lists them for documentation: the table
//! of limits in `docs/LIMITS.md` is [`markdown_table`], checked (or written, with
//! `NIMLAB_BLESS=1`) by a test here.

use crate::error::{Error, InputError, TooLarge};
use crate::num::Nat;
use crate::parse::parse_bounded;

/// A bound on what nimlab computes for one question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// What is limited, e.g. "misère search of heap games".
    pub name: &'static str,
    /// The largest value allowed.
    pub value: u64,
    /// The unit of `value`, e.g. "tokens in all".
    pub unit: &'static str,
    /// Why the limit is there, in a few words.
    pub reason: &'static str,
}

impl Limit {
    /// The error for a question beyond this limit that needs `needed` (in this
    /// limit's unit, when known); `message` is the line people read.
    pub fn exceeded(&self, needed: Option<Nat>, message: impl Into<String>) -> Error {
        Error::TooLarge(TooLarge {
            limit: self.name,
            max: self.value,
            needed,
            message: message.into(),
        })
    }

    /// Read a count of at least `min` from `token` (`what` names it in errors); a
    /// number beyond this limit is an error that names the limit.
    pub fn read(&self, token: &str, what: &str, min: u64) -> Result<u64, InputError> {
        let value = parse_bounded(token, what, min, self.value);
        let digits = !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit());
        // Digits beyond the limit, or too many for 64 bits.
        if value.is_err() && digits && token.parse::<u64>().ok().is_none_or(|n| n > self.value) {
            return Err(InputError::invalid(
                what,
                token,
                format!(
                    "at most {} {} (the limit '{}': {})",
                    self.value, self.unit, self.name, self.reason
                ),
            ));
        }
        value
    }

    /// The value as a `usize` (every limit fits one on the machines nimlab runs on).
    pub const fn get(&self) -> usize {
        self.value as usize
    }
}

/// The most games one spec sums. Every answer about a sum goes through each of its
/// games (its board, its values, its text), so a spec of a hundred thousand parts
/// would cost seconds of work that no budget could stop midway.
pub const SUM_PARTS: Limit = Limit {
    name: "games in a sum",
    value: 10_000,
    unit: "games",
    reason: "every answer about a sum goes through each of its games",
};

/// Positions of a heap game whose misère play has no rule are solved by searching
/// every position reachable: about the number of partitions of the total.
pub const MISERE_HEAP_SEARCH: Limit = Limit {
    name: "misère search of heap games",
    value: 64,
    unit: "tokens in all",
    reason: "the search visits about as many positions as the total has partitions",
};

/// The misère quotient of a take-and-break game is computed for heaps up to this size
/// unless a bound is named (a certified quotient then holds for every size).
pub const MISERE_QUOTIENT_HEAPS: Limit = Limit {
    name: "heaps of a misère quotient's computation, unless quotient --max-heap names more",
    value: 1000,
    unit: "tokens in a heap",
    reason: "Kayles' quotient is certified by heap 167",
};

/// The largest heap `quotient --max-heap` may name.
pub const MISERE_QUOTIENT_MAX_HEAP: Limit = Limit {
    name: "heaps of a misère quotient's computation with --max-heap",
    value: nimlab_misere::solver::MAX_HEAP as u64,
    unit: "tokens in a heap",
    reason: "each new candidate lists the options of every heap again",
};

/// The most elements the misère quotient used by analyze, moves, play and census may
/// have (its candidates may have 16 times more); `quotient` is bounded by its memory
/// instead.
pub const MISERE_QUOTIENT_ORDER: Limit = Limit {
    name: "elements of the misère quotient that plays a position",
    value: 256,
    unit: "elements",
    reason: "every two-digit code with a certified quotient has at most 42; larger ones are for quotient",
};

/// The memory a `quotient` computation may hold unless `--memory` says otherwise: its
/// monoid (a table of 2·order² bytes where it fits), the verification (order²/8 bytes
/// and its words) and the candidates.
pub const MISERE_QUOTIENT_MEMORY: Limit = Limit {
    name: "memory of a misère quotient's computation, unless quotient --memory says more",
    value: 512,
    unit: "MiB",
    reason: "a quotient of order 10,000 takes about 250 MiB; every command stays well under 1 GiB",
};

/// The most memory `quotient --memory` may name.
pub const MISERE_QUOTIENT_MAX_MEMORY: Limit = Limit {
    name: "memory of a misère quotient's computation with --memory",
    value: 1 << 20,
    unit: "MiB",
    reason: "a terabyte: the verification of a quotient of order 3 million (order²/8 bytes)",
};

/// The most amounts a subtraction set may have for its misère play to be answered by a
/// misère quotient (other sets are answered by the tameness rule or by search).
pub const MISERE_QUOTIENT_SUBTRACTION_AMOUNTS: Limit = Limit {
    name: "amounts in a subtraction set whose misère quotient is computed",
    value: 64,
    unit: "amounts",
    reason: "each heap's options are listed again for every candidate quotient",
};

/// The largest amount of a subtraction set whose misère play is answered by a misère
/// quotient.
pub const MISERE_QUOTIENT_SUBTRACTION_AMOUNT: Limit = Limit {
    name: "largest amount of a subtraction set whose misère quotient is computed",
    value: 4096,
    unit: "tokens",
    reason: "a quotient is certified only from the heap of the largest amount on",
};

/// Misère play of a coin-turning game (Turning Turtles, Mock Turtles, Ruler, and any
/// other `CoinRules`) is solved by searching every row up to the last head.
pub const MISERE_COIN_SEARCH: Limit = Limit {
    name: "misère search of coin-turning games",
    value: 16,
    unit: "coins up to the last head",
    reason: "the search visits up to 2^16 rows",
};

/// Misère play of a sum of different games is searched over the whole sum.
pub const MISERE_SUM_SEARCH: Limit = Limit {
    name: "misère search of sums",
    value: 1_000_000,
    unit: "table entries",
    reason: "a second or so of search",
};

/// Most legal moves a search lists from one position: a position with more is too
/// large to search move by move.
pub const SEARCH_BRANCHING: Limit = Limit {
    name: "moves searched from one position",
    value: 4096,
    unit: "moves",
    reason: "searches go through every move of every position they visit",
};

/// How long the computer may look ahead for the longest defence in a lost position.
pub const PLAY_LOOKAHEAD: Limit = Limit {
    name: "the computer's look-ahead in play",
    value: 200,
    unit: "milliseconds",
    reason: "a reply should feel instant",
};

/// The most winning moves and legal moves the computer weighs in play.
pub const PLAY_CANDIDATES: Limit = Limit {
    name: "moves the computer weighs in play",
    value: 256,
    unit: "moves",
    reason: "enough to choose among; a huge heap has more moves than fit in memory",
};

/// The remoteness of each move's result is shown when one search of them all
/// generates at most this many table entries (positions, counted by their size);
/// beyond, the remoteness is marked unknown.
pub const MOVES_REMOTENESS_SEARCH: Limit = Limit {
    name: "remoteness search for the moves of a position",
    value: 200_000,
    unit: "table entries",
    reason: "a few milliseconds of search: a move list answers at once",
};

/// How long one question may compute on the command line (`--time-limit` changes
/// it): beyond, it stops with a one-line error instead of minutes of work.
pub const QUESTION_TIME: Limit = Limit {
    name: "time of one question",
    value: 1500,
    unit: "milliseconds",
    reason: "an answer should come at once; long tables are for grundy and period --time-limit 0",
};

/// The memory one question may hold on the command line: tables and searches stop
/// with a one-line error beyond it.
pub const QUESTION_MEMORY: Limit = Limit {
    name: "memory of one question",
    value: 1 << 25,
    unit: "table entries (8 bytes each)",
    reason: "256 MiB: every command stays well under 1 GiB",
};

/// The most characters of text one answer lists: moves in words and the positions
/// after them. A list of the moves of a position with a million digits stops here,
/// and says so.
pub const LISTED_TEXT: Limit = Limit {
    name: "text of a list of moves",
    value: 1 << 22,
    unit: "characters",
    reason: "a list stays quick to write and to read",
};

/// Octal and hexadecimal codes have at most this many digits after the point (the
/// octal engine's bound, [`nimlab_octal::MAX_DIGITS`]).
pub const OCTAL_DIGITS: Limit = Limit {
    name: "digits of an octal or hexadecimal code",
    value: nimlab_octal::MAX_DIGITS as u64,
    unit: "digits",
    reason: "each digit is a removal size; 64 covers every code in the literature",
};

/// The nim-sequence of a take-and-break game is computed for one question (a heap's
/// value, a period search) up to this many values. Grundy's game, which has no known
/// period, has values for heaps below this bound only.
pub const OCTAL_PERIOD_SEARCH: Limit = Limit {
    name: "values of a take-and-break game computed for one question",
    value: 1 << 20,
    unit: "values",
    reason: "a second or so of the octal engine; `period --max` and `grundy --upto` go further",
};

/// Three-heap splits (hexadecimal codes) of a heap are listed for heaps of at most
/// this many tokens.
pub const OCTAL_THREE_HEAP_SPLITS: Limit = Limit {
    name: "heaps whose three-heap splits are listed",
    value: 3000,
    unit: "tokens",
    reason: "a heap of n tokens has about n²/12 three-heap splits",
};

/// The largest amount in a subtraction set.
pub const SUBTRACTION_AMOUNT: Limit = Limit {
    name: "amounts of a subtraction set",
    value: 1_000_000,
    unit: "tokens",
    reason: "the period search keeps a window of max(S) values",
};

/// The period of a subtraction game is searched in a table of at most this many values.
pub const SUBTRACTION_PERIOD_SEARCH: Limit = Limit {
    name: "period search of subtraction games",
    value: 1 << 25,
    unit: "values",
    reason: "128 MiB of table",
};

/// The table work the period search of a subtraction game may do: values computed
/// times the amounts in the set.
pub const SUBTRACTION_WORK: Limit = Limit {
    name: "table work of a subtraction game's period search",
    value: 1_000_000_000,
    unit: "steps (values × amounts)",
    reason: "about a second of table",
};

/// The largest K of take:K.
pub const TAKE_AMOUNT: Limit = Limit {
    name: "K of take:K",
    value: 1_000_000_000_000_000_000,
    unit: "tokens",
    reason: "values are machine words",
};

/// The largest m of copycat:m.
pub const COPYCAT_TAKE: Limit = Limit {
    name: "m of copycat:m",
    value: 100,
    unit: "stones",
    reason: "the period grows about as 4m²",
};

/// The period of copycat rows is searched in a table of at most this many values.
pub const COPYCAT_PERIOD_SEARCH: Limit = Limit {
    name: "period search of copycat games",
    value: 1 << 22,
    unit: "values",
    reason: "m rows of table per value",
};

/// The most vertices of a DAG file.
pub const DAG_VERTICES: Limit = Limit {
    name: "vertices of a graph",
    value: 10_000_000,
    unit: "vertices",
    reason: "memory for the graph",
};

/// The most edges of a DAG file.
pub const DAG_EDGES: Limit = Limit {
    name: "edges of a graph",
    value: 100_000_000,
    unit: "edges",
    reason: "memory for the graph",
};

/// The work of the values of a graph with cycles (`graph:FILE`).
pub const LOOPY_GRAPH_WORK: Limit = Limit {
    name: "work of a loopy graph's values",
    value: 1 << 32,
    unit: "steps",
    reason: "tens of seconds at most; a random graph of 10^6 edges takes a third of a second",
};

/// The longest nim-sequence printed in one table.
pub const GRUNDY_TABLE: Limit = Limit {
    name: "values in one nim-sequence table",
    value: 100_000_000,
    unit: "values",
    reason: "the table is held in memory (400 MB)",
};

/// The most values of one nim-sequence a long run computes (`grundy --out`).
pub const GRUNDY_RUN: Limit = Limit {
    name: "values in one nim-sequence run",
    value: 1 << 50,
    unit: "values",
    reason: "the octal engine keeps at most 4 GiB of values at any length; 2^50 values \
             would take years",
};

/// The most threads one computation uses (`--jobs`).
pub const JOBS: Limit = Limit {
    name: "threads of one computation",
    value: 1024,
    unit: "threads",
    reason: "more threads than processors only wait for each other",
};

/// The longest text read as a position or task input from standard input.
pub const INPUT_TEXT: Limit = Limit {
    name: "text read from standard input",
    value: 64 << 20,
    unit: "bytes",
    reason: "ten million heaps fit; /dev/zero does not",
};

/// The most items a practice task's input may announce (m, Q, k, |S| of `nimlab task`).
pub const TASK_COUNT: Limit = Limit {
    name: "items a practice task's input announces",
    value: 10_000_000,
    unit: "items",
    reason: "ten million heaps or queries are read in seconds",
};

/// The largest n of a practice task's table g(0), …, g(n) (tasks 2 and 8).
pub const TASK_TABLE: Limit = Limit {
    name: "values of a practice task's table",
    value: 100_000_000,
    unit: "values",
    reason: "the table is held in memory and printed (400 MB)",
};

/// The memory the cache of built games keeps (their tables and solved rows); the
/// oldest games are dropped beyond it.
pub const CACHED_MEMORY: Limit = Limit {
    name: "memory of the cache of built games",
    value: 1 << 26,
    unit: "8-byte words",
    reason: "512 MiB: a server that answers many games keeps its memory bounded",
};

/// The longest DAG file read.
pub const DAG_FILE: Limit = Limit {
    name: "size of a graph file",
    value: 256 << 20,
    unit: "bytes",
    reason: "tens of millions of edges fit in memory",
};

/// The longest game record read by `review`.
pub const RECORD_FILE: Limit = Limit {
    name: "size of a game record",
    value: 16 << 20,
    unit: "bytes",
    reason: "thousands of moves of huge positions fit",
};

/// The longest line a person may type in play.
pub const PLAY_LINE: Limit = Limit {
    name: "length of a line typed in play",
    value: 1 << 20,
    unit: "bytes",
    reason: "a move is a few words; a heap of a million digits still fits",
};

/// Positions longer than this (as text) are not written out after each move in JSON
/// reports: a hundred moves of a position of a million heaps would be most of a
/// gigabyte.
pub const POSITION_ECHO: Limit = Limit {
    name: "positions written out after each move",
    value: 100_000,
    unit: "characters",
    reason: "output stays proportional to the question",
};

/// The largest N of one Fibonacci number F(N) written out.
pub const FIBONACCI_INDEX: Limit = Limit {
    name: "index of a Fibonacci number written out",
    value: 10_000_000,
    unit: "",
    reason: "F(10^7) has about two million digits",
};

/// The most Fibonacci numbers `seq fibonacci --count` lists.
pub const FIBONACCI_COUNT: Limit = Limit {
    name: "Fibonacci numbers listed",
    value: 100_000,
    unit: "numbers",
    reason: "their digits add up quadratically: the first 10^5 have 10^9 digits in all",
};

/// The most digits of a number whose Zeckendorf terms are written out in full.
pub const ZECKENDORF_WRITTEN_DIGITS: Limit = Limit {
    name: "digits of a Zeckendorf sum written out",
    value: 2_000,
    unit: "digits",
    reason: "the digits of the terms of an N of d digits grow as d^2; --indices lists \
             them by index at any size",
};

/// The longest body of a request to the web app (`nimlab serve`); longer ones are
/// refused with 413 before they are read.
pub const WEB_BODY: Limit = Limit {
    name: "body of a web request",
    value: 1 << 20,
    unit: "bytes",
    reason: "a graph of about a hundred thousand edges fits, and the server holds few bodies at once",
};

/// How long the work of one web request may take: the request's budget stops its
/// searches and tables then, and the answer is an error saying so.
pub const WEB_REQUEST_TIME: Limit = Limit {
    name: "time of one web request",
    value: 5,
    unit: "seconds",
    reason: "a page waits for its answer; long tables are for the command line",
};

/// The most values of a nim-sequence one web request may ask for.
pub const WEB_GRUNDY_VALUES: Limit = Limit {
    name: "values in one web request",
    value: 1 << 20,
    unit: "values",
    reason: "an answer of a few megabytes; the command line's grundy --out streams more",
};

/// The most moves one web answer lists (all of them are counted).
pub const WEB_LISTED_MOVES: Limit = Limit {
    name: "moves listed in one web answer",
    value: 1000,
    unit: "moves",
    reason: "the page draws the moves it lists; the others are typed or built",
};

/// The most Wythoff pairs one web request may ask for.
pub const WEB_WYTHOFF_PAIRS: Limit = Limit {
    name: "Wythoff pairs in one web request",
    value: 10_000,
    unit: "pairs",
    reason: "the page shows the first few; the command line's seq lists more",
};

/// The most earlier positions, or moves of a game, one web request may send (a draw
/// by repetition, a replay, a record or a review).
pub const WEB_HISTORY: Limit = Limit {
    name: "positions or moves of a game in one web request",
    value: 10_000,
    unit: "positions",
    reason: "each is read and checked against the rules within the request's time",
};

/// The characters of moves' text one answer of the page lists at most, a share of
/// [`LISTED_TEXT`]: the page draws what it lists, so a huge position lists few moves
/// (they are typed, or made with the page's move builder).
pub const PAGE_LISTED_TEXT: Limit = Limit {
    name: "text of the moves the page lists",
    value: 1 << 19,
    unit: "characters",
    reason: "the page draws every move it lists",
};

/// How long the analysis of a position the page shows may take before it is given
/// up and the moves are listed without their values (within [`WEB_REQUEST_TIME`]).
pub const PAGE_ANALYSIS_TIME: Limit = Limit {
    name: "time of the analysis of a position the page shows",
    value: 3000,
    unit: "milliseconds",
    reason: "a position the computer cannot analyze at once can still be played by two people",
};

/// How long the remoteness search of a position's moves may take for the page ("wins
/// in 7"): beyond, the moves are shown without their remoteness.
pub const PAGE_REMOTENESS_TIME: Limit = Limit {
    name: "time of the page's remoteness search",
    value: 60,
    unit: "milliseconds",
    reason: "a position shows at once",
};

/// The largest position, in table entries (8-byte words), whose moves' remoteness
/// the page searches for: the search counts positions, not their bytes.
pub const PAGE_REMOTENESS_SIZE: Limit = Limit {
    name: "size of a position whose remoteness the page searches",
    value: 64,
    unit: "table entries",
    reason: "positions of huge numbers have games far too long to search",
};

/// The most moves a position of a game replayed on the page may have for its
/// remoteness to be looked for, for the chart.
pub const REPLAY_REMOTENESS_MOVES: Limit = Limit {
    name: "moves of a replayed position whose remoteness is charted",
    value: 64,
    unit: "moves",
    reason: "each move is searched; a replay charts every position of the game",
};

/// How long the values of a replayed game's positions may take: beyond, the chart
/// shows what was found.
pub const REPLAY_VALUES_TIME: Limit = Limit {
    name: "time of the values charted for a replayed game",
    value: 1500,
    unit: "milliseconds",
    reason: "a game opened or linked shows at once",
};

/// The work of looking for a plain rule ("always leave a multiple of 4") in the
/// page's guide: the search holds the game's table while it runs.
pub const GUIDE_RULE_WORK: Limit = Limit {
    name: "work of the guide's search for a plain rule",
    value: 100_000,
    unit: "work units",
    reason: "a game without a short period has no plain rule anyway",
};

/// How long the guide looks for a plain rule.
pub const GUIDE_RULE_TIME: Limit = Limit {
    name: "time of the guide's search for a plain rule",
    value: 50,
    unit: "milliseconds",
    reason: "the page's other requests wait while the game's table is held",
};

/// How many random starts are drawn, at most, to find one whose moves can be listed
/// in the convention asked for (misère play of some games is searched).
pub const RANDOM_START_TRIES: Limit = Limit {
    name: "random starts drawn for one web request",
    value: 8,
    unit: "starts",
    reason: "a start beyond the search's limits is replaced by another",
};

/// How long the moves of a random start may take to list, for it to be kept.
pub const RANDOM_START_TIME: Limit = Limit {
    name: "time to list the moves of a random start",
    value: 150,
    unit: "milliseconds",
    reason: "a start the page cannot show at once is replaced by another",
};

/// Every limit, for documentation.
pub const ALL: &[Limit] = &[
    SUM_PARTS,
    MISERE_HEAP_SEARCH,
    MISERE_QUOTIENT_HEAPS,
    MISERE_QUOTIENT_MAX_HEAP,
    MISERE_QUOTIENT_ORDER,
    MISERE_QUOTIENT_MEMORY,
    MISERE_QUOTIENT_MAX_MEMORY,
    MISERE_QUOTIENT_SUBTRACTION_AMOUNTS,
    MISERE_QUOTIENT_SUBTRACTION_AMOUNT,
    MISERE_COIN_SEARCH,
    MISERE_SUM_SEARCH,
    SEARCH_BRANCHING,
    PLAY_LOOKAHEAD,
    PLAY_CANDIDATES,
    MOVES_REMOTENESS_SEARCH,
    QUESTION_TIME,
    QUESTION_MEMORY,
    LISTED_TEXT,
    OCTAL_DIGITS,
    OCTAL_PERIOD_SEARCH,
    OCTAL_THREE_HEAP_SPLITS,
    SUBTRACTION_AMOUNT,
    SUBTRACTION_PERIOD_SEARCH,
    SUBTRACTION_WORK,
    TAKE_AMOUNT,
    COPYCAT_TAKE,
    COPYCAT_PERIOD_SEARCH,
    DAG_VERTICES,
    DAG_EDGES,
    LOOPY_GRAPH_WORK,
    GRUNDY_TABLE,
    GRUNDY_RUN,
    JOBS,
    INPUT_TEXT,
    TASK_COUNT,
    TASK_TABLE,
    CACHED_MEMORY,
    DAG_FILE,
    RECORD_FILE,
    PLAY_LINE,
    POSITION_ECHO,
    FIBONACCI_INDEX,
    FIBONACCI_COUNT,
    ZECKENDORF_WRITTEN_DIGITS,
    WEB_BODY,
    WEB_REQUEST_TIME,
    WEB_GRUNDY_VALUES,
    WEB_LISTED_MOVES,
    WEB_WYTHOFF_PAIRS,
    WEB_HISTORY,
    PAGE_LISTED_TEXT,
    PAGE_ANALYSIS_TIME,
    PAGE_REMOTENESS_TIME,
    PAGE_REMOTENESS_SIZE,
    REPLAY_REMOTENESS_MOVES,
    REPLAY_VALUES_TIME,
    GUIDE_RULE_WORK,
    GUIDE_RULE_TIME,
    RANDOM_START_TRIES,
    RANDOM_START_TIME,
];

/// The table of every limit, in Markdown, as `docs/LIMITS.md` shows it.
pub fn markdown_table() -> String {
    let mut table = String::from("| limit | value | why |\n|---|---|---|\n");
    for limit in ALL {
        let value = format!("{} {}", grouped(limit.value), limit.unit);
        table += &format!(
            "| {} | {} | {} |\n",
            limit.name,
            value.trim_end(),
            limit.reason
        );
    }
    table
}

/// A number with its thousands separated by commas: 1,048,576.
fn grouped(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    /// A count beyond a limit names it; other bad counts say what is expected.
    #[test]
    fn counts_beyond_a_limit_name_it() {
        let read = |token: &str| super::DAG_VERTICES.read(token, "vertex count", 1);
        assert_eq!(read("10000000"), Ok(10_000_000));
        for token in ["10000001", "99999999999999999999999"] {
            let message = read(token).unwrap_err().to_string();
            assert!(
                message.contains("the limit 'vertices of a graph'"),
                "{message}"
            );
        }
        for token in ["0", "x", "-1"] {
            let message = read(token).unwrap_err().to_string();
            assert!(
                message.ends_with("expected an integer from 1 to 10000000"),
                "{message}"
            );
        }
    }

    use super::*;

    /// The documentation's table of limits is this module's, so neither can drift.
    #[test]
    fn the_documentation_shows_every_limit() {
        crate::generated_docs::check_table("LIMITS.md", &markdown_table());
        assert_eq!(grouped(1_048_576), "1,048,576");
        assert_eq!(grouped(32), "32");
    }
}
