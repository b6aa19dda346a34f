"""nimlab: impartial combinatorial games (Nim and its family) with nimlab's engine.

Every built-in game of the command line, by its spec::

    >>> import nimlab
    >>> g = nimlab.game("nim")
    >>> a = g.analyze([3, 4, 5])
    >>> a.outcome, a.grundy
    ('N', 2)
    >>> [m.text for m in a.winning_moves]
    ['1 2']

and heap games of your own, from their options alone::

    >>> def options(n):  # take one or two tokens, or split a heap in two
    ...     takes = [(n - k,) for k in (1, 2) if k <= n]
    ...     splits = [(a, n - a) for a in range(1, n // 2 + 1)]
    ...     return takes + splits
    >>> mine = nimlab.HeapGame(options, name="take-or-split")
    >>> mine.analyze([4, 5]).outcome
    'N'

Answers are the command line's: ``g.analyze(p)`` holds what
``nimlab analyze SPEC P --json`` prints (its ``.json``), and ``g.moves(p)`` what
``nimlab moves SPEC P --json`` prints.

Every call takes ``time_limit=`` (seconds; ``None`` or 0 for none; 1.5 by default,
as on the command line). Running out, or passing one of nimlab's limits on size,
raises :class:`LimitError`; a bad spec or position raises ``ValueError``; both carry
the one line the command line prints. See docs/PYTHON.md for the reference.
"""

from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from ._nimlab import Defined as _Defined
from ._nimlab import Engine as _Engine
from ._nimlab import LimitError, NimlabError
from ._nimlab import census_codes as _nimlab_census_codes
from ._nimlab import census_line as _nimlab_census_line
from ._nimlab import play as _nimlab_play
from . import seq

__all__ = [
    "Analysis",
    "DefinedGame",
    "Game",
    "HeapGame",
    "LimitError",
    "Move",
    "Moves",
    "NimlabError",
    "Period",
    "Quotient",
    "NimSequence",
    "SumGame",
    "WinningMove",
    "census",
    "define",
    "game",
    "graph",
    "play",
    "quotient",
    "seq",
    "sum",
]

#: The time limit of a question when none is given, in seconds: the command line's.
DEFAULT_TIME_LIMIT = 1.5

#: The most moves listed when none is said: the command line's ``--max-moves``.
DEFAULT_MAX_MOVES = 100

Position = Union[str, int, Sequence[Any]]


def _positions_limit(max_positions: Any) -> int:
    """``max_positions`` checked: an integer from 1 (larger ones are capped at 2^64 − 1)."""
    if isinstance(max_positions, bool) or not isinstance(max_positions, int):
        raise TypeError(f"invalid max_positions {max_positions!r}: expected an integer")
    if max_positions < 1:
        raise ValueError(f"invalid max_positions {max_positions}: expected a number of positions from 1")
    return min(max_positions, 2**64 - 1)


def _memory_limit(max_positions: Any) -> Optional[int]:
    """A built-in game's ``max_positions``: ``None`` for the command line's bound."""
    return None if max_positions is None else _positions_limit(max_positions)


def _position_text(position: Position) -> str:
    """A position as the command line writes it.

    A string is taken as it is (``"3 4 5"``, ``"29,51"``); an integer is one heap; a
    list is written with spaces between its parts (``[3, 4, 5]`` is ``"3 4 5"``); a
    tuple with commas (``(29, 51)`` is ``"29,51"``, a Wythoff position).
    """
    if isinstance(position, str):
        return position
    if isinstance(position, bool):
        raise TypeError(f"invalid position {position!r}: expected a string, an integer, a list or a tuple")
    if isinstance(position, int):
        return _decimal_text(position)
    if isinstance(position, tuple):
        return ",".join(_position_text(part) for part in position)
    if isinstance(position, list):
        return " ".join(_position_text(part) for part in position)
    raise TypeError(
        f"invalid position {position!r}: expected a string such as \"3 4 5\", "
        "an integer, a list such as [3, 4, 5] or a tuple such as (29, 51)"
    )


def _count_text(value: Any, name: str) -> str:
    """A count passed to the engine as its decimal text, which the engine bounds as
    the command line bounds the option of that name."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"invalid {name} {value!r}: expected an integer")
    if value < 0:
        raise ValueError(f"invalid {name} '{value}': expected a non-negative integer")
    return str(value) if value < 10**100 else "1" + "0" * 100


#: Marks an argument not given, where its default depends on the others.
_UNSET: Any = object()


def _number(value: Any) -> Optional[int]:
    """A number of the JSON reports: an integer, a decimal string beyond 2**53, or None."""
    if value is None:
        return None
    if isinstance(value, str):
        return _decimal(value)
    return int(value)


def _decimal_text(n: int) -> str:
    """The decimal text of an integer of any size: Python's ``str()`` refuses more
    than 4300 digits unless told otherwise, so a long one is written in halves."""
    if n < 10**4000:
        return str(n)
    low = int(n.bit_length() * 0.30103) // 2
    high, rest = divmod(n, 10**low)
    return _decimal_text(high) + _decimal_text(rest).zfill(low)


def _decimal(digits: str) -> int:
    """The integer of a decimal string of any length: Python's ``int()`` refuses more
    than 4300 digits unless told otherwise, so a long one is read in halves."""
    if len(digits) <= 4000:
        return int(digits)
    low = len(digits) // 2
    return _decimal(digits[:-low]) * 10**low + _decimal(digits[-low:])


def _html_table(caption: str, headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """An HTML table for notebooks: a caption, a header row and the rows, escaped."""
    cell = lambda tag, value: f"<{tag}>{html.escape('' if value is None else str(value))}</{tag}>"
    head = "".join(cell("th", h) for h in headers)
    body = "".join("<tr>" + "".join(cell("td", v) for v in row) + "</tr>" for row in rows)
    return f"<table><caption>{html.escape(caption)}</caption><tr>{head}</tr>{body}</table>"


@dataclass(frozen=True)
class WinningMove:
    """A winning move: ``text`` (what ``nimlab play`` takes), ``to`` (the position it
    leaves), ``description`` (the move in words) and ``reason`` (why it wins).

    ``text`` and ``to`` are ``None`` for positions too long to write out. In a game
    of :func:`define`, ``to`` is the position itself, as ``moves`` returned it.
    """

    text: Optional[str]
    to: Any
    description: str
    reason: str


@dataclass(frozen=True)
class Analysis:
    """Who wins a position, its Grundy value and its winning moves.

    - ``outcome``: ``"N"`` (the player to move wins), ``"P"`` (the other player
      wins) or ``"D"`` (a draw, in games whose positions can repeat);
    - ``grundy``: the normal-play Grundy value, an ``int`` of any size, or ``None``
      where it is not known (e.g. a loopy position of infinite value);
    - ``why``: one line saying why;
    - ``winning_moves``: the first winning moves, and ``winning_move_count`` how
      many there are in all;
    - ``json``: the whole report, as ``nimlab analyze --json`` prints it.

    >>> nimlab.game("wythoff").analyze((29, 47)).outcome
    'P'
    """

    outcome: str
    grundy: Optional[int]
    why: str
    winning_moves: List[WinningMove]
    winning_move_count: int
    misere: bool
    json: dict = field(repr=False)

    def _repr_html_(self) -> str:
        """The analysis as an HTML table in a notebook: the verdict, then each
        winning move listed."""
        play = "misère" if self.misere else "normal"
        caption = f"{self.outcome} ({play} play), Grundy value {self.grundy}: {self.why}"
        rows = [(m.text, m.to, m.description, m.reason) for m in self.winning_moves]
        more = self.winning_move_count - len(rows)
        if more > 0:
            rows.append((f"… and {more} more", None, None, None))
        return _html_table(caption, ["winning move", "to", "description", "why"], rows)


@dataclass(frozen=True)
class Move:
    """One legal move: ``text`` (what ``nimlab play`` takes), ``description``, ``to``
    (the position it leaves, or ``None`` when too long to write; in a game of
    :func:`define`, the position itself), ``result``
    (``"win"``, ``"lose"`` or ``"draw"``, for the player who makes it), ``grundy``
    (the normal-play Grundy value of the position it leaves, or ``None``) and
    ``remoteness`` (how many more moves the game then lasts with best play, for games
    small enough to search, else ``None``).
    """

    text: str
    description: str
    to: Any
    result: str
    grundy: Optional[int]
    remoteness: Optional[int]


@dataclass(frozen=True)
class Moves:
    """Every legal move of a position, winning moves first: ``moves`` lists the first
    of them, ``count`` says how many there are in all, ``json`` is the whole report as
    ``nimlab moves --json`` prints it. Iterating over it iterates over ``moves``.

    >>> [m.result for m in nimlab.game("nim").moves([1, 1])]
    ['lose', 'lose']
    """

    moves: List[Move]
    count: int
    misere: bool
    json: dict = field(repr=False)

    def __iter__(self):
        return iter(self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    def _repr_html_(self) -> str:
        """The moves as an HTML table in a notebook."""
        play = "misère" if self.misere else "normal"
        caption = f"{self.count} legal move{'' if self.count == 1 else 's'} ({play} play)"
        rows = [(m.text, m.to, m.result, m.grundy, m.remoteness) for m in self.moves]
        return _html_table(caption, ["move", "to", "result", "Grundy value", "remoteness"], rows)


@dataclass(frozen=True)
class Period:
    """The certified period of a heap game's nim-sequence: g(n + ``period``) = g(n)
    for every n ≥ ``preperiod``. ``certificate`` says in a sentence what was checked
    and why that proves it, ``theorem`` names the theorem (``"guy-smith-octal"``,
    ``"finite-memory"`` or ``"closed-form"``), ``values_checked`` counts the values
    computed, and ``json`` is the whole report as ``nimlab period --json`` prints it.

    >>> nimlab.game("subtraction:1,3,4").period().period
    7
    """

    preperiod: int
    period: int
    certificate: str
    theorem: str
    values_checked: int
    json: dict = field(repr=False)


@dataclass(frozen=True)
class Quotient:
    """The misère quotient of a heap game, certified for heaps of every size, as
    ``nimlab quotient SPEC --json`` reports it:

    - ``order``: how many classes the positions fall into;
    - ``presentation``: generators (one per heap that brings a new class) and
      relations, e.g. ``"⟨a, b | a² = 1, b³ = b⟩"``, and ``relations`` listed;
    - ``p_portion``: the classes of the positions the player to move loses;
    - ``tame``: m when the quotient is misère Nim's T_m (the game plays as misère
      Nim), else ``None``;
    - ``pretending``: the class of each heap 0, 1, … up to ``preperiod + period``,
      after which it repeats with ``period``; ``last_heap``: the heaps solved;
    - ``json``: the whole report.

    >>> q = nimlab.quotient("octal:0.75")
    >>> q.order, q.tame
    (8, None)
    """

    order: int
    presentation: str
    relations: List[str]
    p_portion: List[str]
    tame: Optional[int]
    pretending: List[str]
    preperiod: int
    period: int
    last_heap: int
    json: dict = field(repr=False)

    def _repr_html_(self) -> str:
        """The quotient as an HTML table in a notebook: presentation, P-portion and
        the class of each heap."""
        caption = f"misère quotient of order {self.order}: {self.presentation}"
        rows = [
            ("P-portion", ", ".join(self.p_portion)),
            ("tame", "no" if self.tame is None else f"yes, T_{self.tame}"),
            ("heap classes", " ".join(self.pretending)),
            ("period", f"{self.period} from heap {self.preperiod} (heaps solved: {self.last_heap})"),
        ]
        return _html_table(caption, ["", ""], rows)


@dataclass(frozen=True)
class NimSequence:
    """The nim-sequence g(0), …, g(upto) of one heap (:meth:`Game.sequence`):
    ``values`` as :meth:`Game.grundy` returns them, and ``svg``, the plot ``nimlab
    grundy --plot`` draws, which a notebook shows.

    >>> s = nimlab.game("kayles").sequence(100)
    >>> len(s.values), s.svg.startswith("<svg")
    (101, True)
    """

    spec: str
    values: Any = field(repr=False)
    svg: str = field(repr=False)

    def _repr_svg_(self) -> str:
        return self.svg


def _analysis(report: dict) -> Analysis:
    return Analysis(
        outcome=report["outcome"],
        grundy=_number(report["grundy"]),
        why=report["explanation"],
        winning_moves=[
            WinningMove(text=m["type"], to=m["to"], description=m["move"], reason=m["reason"])
            for m in report["winning_moves"]
        ],
        winning_move_count=_number(report["winning_move_count"]),
        misere=report["convention"] == "misere",
        json=report,
    )


def _moves(report: dict) -> Moves:
    return Moves(
        moves=[
            Move(
                text=m["text"],
                description=m["description"],
                to=m["to"],
                result=m["result"],
                grundy=_number(m.get("grundy")),
                remoteness=m.get("remoteness"),
            )
            for m in report["moves"]
        ],
        count=_number(report["count"]),
        misere=report["convention"] == "misere",
        json=report,
    )


class Game:
    """A game nimlab plays: made by :func:`game` (a built-in game) or
    :class:`HeapGame` (a heap game of your own).

    Every question takes ``time_limit=`` (seconds, 1.5 by default; ``None`` or 0
    for none) and ``max_positions=``, a bound on what the question keeps in memory,
    counted as the engine counts it: one for each value of a Grundy table, and a few
    for each position a search keeps (one per number in it, more for its moves). By
    default the bound is the command line's, 2^25 (256 MiB). Running out of either
    raises :class:`LimitError`.

    >>> g = nimlab.game("subtraction:1,3,4")
    >>> g.spec
    'subtraction:1,3,4'
    >>> g.analyze("10 7", misere=True).outcome
    'P'
    """

    def __init__(self, engine: _Engine):
        self._engine = engine

    @property
    def spec(self) -> str:
        """The game's canonical spec, as the command line writes it."""
        return self._engine.spec()

    @property
    def rules(self) -> str:
        """The game's rules, in a sentence."""
        return self._engine.rules()

    @property
    def position_syntax(self) -> str:
        """How positions of the game are written."""
        return self._engine.position_syntax()

    def __repr__(self) -> str:
        return f"nimlab.game({self.spec!r})"

    def _position(self, position: Position) -> str:
        """A position of this game as the command line writes it."""
        return _position_text(position)

    def __add__(self, other: "Game") -> "SumGame":
        """The sum of two games: ``nimlab.game("nim") + mine`` (see :func:`sum`)."""
        if not isinstance(other, Game):
            return NotImplemented
        return sum(self, other)

    def analyze(
        self,
        position: Position,
        misere: bool = False,
        *,
        max_moves: int = DEFAULT_MAX_MOVES,
        time_limit: Optional[float] = DEFAULT_TIME_LIMIT,
        max_positions: Optional[int] = None,
    ) -> Analysis:
        """Who wins ``position``, its Grundy value, and its winning moves (at most
        ``max_moves`` listed), in normal play or, with ``misere=True``, misère play.

        >>> a = nimlab.game("nim").analyze([3, 4, 5])
        >>> a.outcome, a.grundy, a.winning_moves[0].to
        ('N', 2, '1 4 5')
        """
        text = self._position(position)
        return _analysis(json.loads(self._engine.analyze_json(
            text, misere, max_moves, time_limit, _memory_limit(max_positions)
        )))

    def moves(
        self,
        position: Position,
        misere: bool = False,
        *,
        max_moves: int = DEFAULT_MAX_MOVES,
        time_limit: Optional[float] = DEFAULT_TIME_LIMIT,
        max_positions: Optional[int] = None,
    ) -> Moves:
        """Every legal move of ``position`` (at most ``max_moves`` listed), winning
        moves first, each with its result, Grundy value and remoteness.

        >>> [(m.text, m.result) for m in nimlab.game("nim").moves([2, 1])][:2]
        [('1 1', 'win'), ('1 2', 'lose')]
        """
        text = self._position(position)
        return _moves(json.loads(self._engine.moves_json(
            text, misere, max_moves, time_limit, _memory_limit(max_positions)
        )))

    def grundy(
        self,
        upto: int,
        *,
        time_limit: Optional[float] = DEFAULT_TIME_LIMIT,
        max_positions: Optional[int] = None,
    ):
        """g(0), …, g(upto) of one heap of a game played on heaps: a numpy array of
        ``uint32`` when numpy is installed, else a list of ints.

        >>> [int(v) for v in nimlab.game("kayles").grundy(8)]
        [0, 1, 2, 3, 1, 4, 3, 2, 1]
        """
        data = self._engine.grundy_bytes(_count_text(upto, "upto"), time_limit, _memory_limit(max_positions))
        try:
            import numpy
        except ImportError:
            import array

            values = array.array("I")
            values.frombytes(data)
            return values.tolist()
        return numpy.frombuffer(data, dtype=numpy.uint32)

    def sequence(
        self,
        upto: int,
        *,
        time_limit: Optional[float] = DEFAULT_TIME_LIMIT,
        max_positions: Optional[int] = None,
    ) -> "NimSequence":
        """g(0), …, g(upto) with their plot (:class:`NimSequence`), which a notebook
        shows as the SVG ``nimlab grundy --plot`` draws (at most 2^20 values drawn).

        >>> nimlab.game("octal:0.137").sequence(50).spec
        'octal:0.137'
        """
        count = _count_text(upto, "upto")
        values = self.grundy(upto, time_limit=time_limit, max_positions=max_positions)
        svg = self._engine.plot_svg(count, time_limit, _memory_limit(max_positions))
        return NimSequence(self.spec, values, svg)

    def period(
        self,
        max: Optional[int] = None,
        *,
        time_limit: Any = _UNSET,
        max_positions: Optional[int] = None,
    ) -> Period:
        """The least preperiod and period of one heap's nim-sequence, with the
        certificate that proves them, as ``nimlab period SPEC --json`` reports them.

        Without ``max`` the search goes to the game's own bound within ``time_limit``
        (1.5 s by default); with ``max`` (take-and-break games only) it searches up to
        ``max`` values, with no time limit unless one is given. A game with no period
        found within the bound raises :class:`NimlabError` (:class:`LimitError` when
        the time ran out), with the line the command line prints.

        >>> p = nimlab.game("kayles").period()
        >>> p.preperiod, p.period
        (71, 12)
        """
        if time_limit is _UNSET:
            time_limit = DEFAULT_TIME_LIMIT if max is None else None
        limit = None if max is None else _count_text(max, "max")
        report = json.loads(self._engine.period_json(limit, time_limit, _memory_limit(max_positions)))
        return Period(
            preperiod=report["preperiod"],
            period=report["period"],
            certificate=report["certificate"],
            theorem=report["theorem"],
            values_checked=report["values_checked"],
            json=report,
        )

    def check(self, position: Position) -> dict:
        """Run the conformance check every built-in family passes, on positions
        reached from ``position``: notation read back, moves and values against brute
        force in both conventions, games played to the end. Returns the counts of
        what was checked; raises ``AssertionError`` naming a broken promise.

        >>> nimlab.game("nim").check([3, 2])["searched"] > 0
        True
        """
        return self._engine.check(self._position(position))


def game(
    spec: str,
    *,
    time_limit: Optional[float] = DEFAULT_TIME_LIMIT,
    max_positions: Optional[int] = None,
) -> Game:
    """The game of ``spec``, any spec the command line takes: ``"nim"``,
    ``"kayles"``, ``"subtraction:1,3,4"``, ``"octal:0.137"``, ``"wythoff"``,
    sums such as ``"nim+kayles"``, and ``"graph:FILE"``, which reads FILE.
    ``time_limit`` and ``max_positions`` bound what making the game computes (a
    graph's analysis, for instance), as they bound a question (see :class:`Game`).

    >>> nimlab.game("octal:0.07").spec
    'octal:0.07'
    """
    return Game(_Engine.from_spec(spec, time_limit, _memory_limit(max_positions)))


class SumGame(Game):
    """A sum of games (:func:`sum`, or ``a + b``): each turn, a move in exactly one
    of them. Its ``parts`` are the games; a position is one position per game,
    written as the command line writes a sum (``"3 4 + 5"``) or as a list or tuple
    with one position per game (``[[3, 4], 5]``).

    >>> mine = nimlab.HeapGame(lambda n: [(n - k,) for k in (1, 2) if k <= n], name="take-2")
    >>> both = nimlab.game("kayles") + mine
    >>> both.analyze([[3], [2]]).outcome
    'N'
    """

    def __init__(self, engine: _Engine, parts: Sequence[Game]):
        super().__init__(engine)
        self.parts: Tuple[Game, ...] = tuple(parts)

    def __repr__(self) -> str:
        return " + ".join(repr(part) for part in self.parts)

    def _position(self, position: Position) -> str:
        if isinstance(position, (list, tuple)) and len(position) == len(self.parts):
            return " + ".join(part._position(p) for part, p in zip(self.parts, position))
        return _position_text(position)


def sum(*games: Game) -> SumGame:
    """The sum of ``games``, built-in or your own (two or more): each turn, a move in
    exactly one of them. Values add by nim-sum in normal play; misère play of a sum
    is searched.

    >>> mine = nimlab.HeapGame(lambda n: [(n - 1,)] if n else [], name="one-at-a-time")
    >>> s = nimlab.sum(nimlab.game("nim"), mine)
    >>> s.spec
    'nim + one-at-a-time'
    >>> s.analyze("3 + 3").grundy
    2
    """
    for part in games:
        if not isinstance(part, Game):
            raise TypeError(f"invalid game {part!r}: expected a nimlab game")
    parts: List[Game] = []
    for part in games:
        parts.extend(part.parts if isinstance(part, SumGame) else [part])
    return SumGame(_Engine.from_sum([part._engine for part in parts]), parts)


def graph(edges: Iterable[Tuple[int, int]], vertices: Optional[int] = None) -> Game:
    """The game of tokens on a directed graph, cycles allowed, as ``graph:FILE``
    plays the file ``"V E u1 v1 …"``: ``edges`` are the pairs ``(u, v)`` of an edge
    u → v between vertices numbered from 0, and ``vertices`` the number of vertices
    (default: one more than the largest vertex named). A move slides one token along
    an edge; a position lists the tokens' vertices. Endless play is a draw
    (outcome ``"D"``). The game's spec is ``"graph:<edges>"``.

    >>> g = nimlab.graph([(0, 1), (1, 0), (1, 2), (2, 3)])
    >>> [g.analyze(v).outcome for v in range(4)]
    ['D', 'D', 'N', 'P']
    """
    pairs = []
    for edge in edges:
        if (
            not isinstance(edge, (tuple, list))
            or len(edge) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in edge)
        ):
            raise TypeError(f"invalid edge {edge!r}: expected a pair (u, v) of vertices, non-negative integers")
        pairs.append(f"{edge[0]} {edge[1]}")
    if vertices is None:
        vertices = 1 + max((max(int(w) for w in pair.split()) for pair in pairs), default=0)
    count = _count_text(vertices, "vertices")
    text = f"{count} {len(pairs)}\n" + "\n".join(pairs) + "\n"
    return Game(_Engine.from_graph_text(text, "<edges>"))


def census(
    digits: int,
    upto: int = 65536,
    *,
    misere: bool = False,
    time_limit: Optional[float] = None,
    max_positions: Optional[int] = None,
) -> Iterator[dict]:
    """Every octal code 0.d1…dk with k ≤ ``digits`` digits (1 to 6; 8^digits − 1
    codes), each code's findings as one dict, as ``nimlab census --digits D --upto N``
    writes them one JSON line per code: ``code``, ``values`` computed, ``largest``
    value, and ``preperiod``, ``period`` and ``values_needed`` when a period is
    certified within ``upto`` values (at most 100,000,000), else ``bound_reached``;
    ``rare_values`` and ``last_rare_heap`` where the engine counts rare values. With
    ``misere=True``, each code's misère quotient too (``--misere``).

    Codes run one after another, in the order of ``nimlab census --jobs 1``, as the
    iterator is advanced; ``time_limit`` and ``max_positions``, when given, bound
    each code's survey (as they bound a :class:`Game`'s question; no time limit by
    default, as on the command line). Bad arguments are refused at once.

    >>> found = {line["code"]: line for line in nimlab.census(1, 1000)}
    >>> found["0.4"]["preperiod"], found["0.4"]["period"]
    (54, 34)
    >>> found["0.6"]["bound_reached"]
    1000
    """
    limit = _count_text(upto, "upto")
    codes = _nimlab_census_codes(_count_text(digits, "digits"), limit)
    memory = _memory_limit(max_positions)

    def lines() -> Iterator[dict]:
        for code in codes:
            yield json.loads(_nimlab_census_line(code, limit, bool(misere), time_limit, memory))

    return lines()


def quotient(
    spec: Union[str, Game],
    *,
    max_heap: Optional[int] = None,
    memory: Optional[int] = None,
    time_limit: Any = _UNSET,
) -> Quotient:
    """The misère quotient of the heap game of ``spec`` (a take-and-break game such
    as ``"kayles"`` or ``"octal:0.75"``, or a subtraction game; or such a game
    itself, a :class:`HeapGame` declared with ``max_take`` and ``max_parts``
    included), as ``nimlab quotient
    SPEC --json`` reports it: its order, presentation, P-portion and whether it is
    tame.

    As on the command line, the quotient is computed heap by heap until the
    periodicity theorem certifies it for every heap size: without ``max_heap``, for
    heaps up to 1000 within ``time_limit`` (1.5 s by default); with ``max_heap=N``
    (at most 1,000,000), up to heap N with no time limit unless one is given, and
    within ``memory`` MiB (512 by default). A quotient not certified within these
    bounds raises :class:`LimitError` (time or memory ran out) or
    :class:`NimlabError` (no certificate by then), saying how far it got.

    >>> q = nimlab.quotient("kayles")
    >>> q.order, q.p_portion[:3]
    (40, ['a', 'b²', 'ac'])
    """
    if time_limit is _UNSET:
        time_limit = DEFAULT_TIME_LIMIT if max_heap is None else None
    engine = spec._engine if isinstance(spec, Game) else _Engine.from_spec(spec, DEFAULT_TIME_LIMIT)
    report = json.loads(
        engine.quotient_json(
            None if max_heap is None else _count_text(max_heap, "max_heap"),
            None if memory is None else _count_text(memory, "memory"),
            time_limit,
        )
    )
    return Quotient(
        order=report["order"],
        presentation=report["presentation"],
        relations=report["relations"],
        p_portion=report["p_portion"],
        tame=report["tame"],
        pretending=report["pretending"],
        preperiod=report["preperiod"],
        period=report["period"],
        last_heap=report["last_heap"],
        json=report,
    )


class HeapGame(Game):
    """A heap game of your own: ``options(n)`` returns the tuples of heaps a heap of
    ``n`` tokens can become: ``()`` when the heap is used up, ``(n - k,)`` after
    taking ``k``, ``(a, b)`` after splitting it. Every heap an option leaves must be
    smaller than ``n``. ``options`` is called once per heap size; an exception it
    raises reaches the caller unchanged, and a return value of the wrong type raises
    ``TypeError`` naming the heap.

    A position is a list of heaps. Values are computed in Rust from the options
    (the mex rule); misère play is searched exhaustively, for positions of a bounded
    number of tokens. Such a game has no certified period: its options could change
    at any heap.

    >>> def kayles(n):  # knock down one pin or two adjacent ones
    ...     rows = [(a, n - k - a) for k in (1, 2) if k <= n for a in range((n - k) // 2 + 1)]
    ...     return [tuple(r for r in row if r) for row in rows]
    >>> [int(v) for v in nimlab.HeapGame(kayles, name="my-kayles").grundy(8)]
    [0, 1, 2, 3, 1, 4, 3, 2, 1]

    **A take-and-break game.** With ``max_take`` (the most tokens a move takes) and
    ``max_parts`` (the most heaps it leaves, 1 to 3), you declare that the game is a
    take-and-break game: each move takes k tokens and leaves the rest as j heaps,
    split in every way, for the pairs (k, j) the game allows. nimlab reads which pairs
    from ``options`` on small heaps, checks that ``options(n)`` is exactly that
    game's for every heap up to 64 (or 4·(max_take + max_parts)), and raises
    ``ValueError`` naming the first heap where it is not. The game is then that
    octal or hexadecimal code (``.spec``), played by the engine of the built-in
    codes: its ``period()`` is certified by the Guy–Smith theorem, misère play uses
    its misère quotient (:func:`quotient`), and heaps of any size are answered.

    >>> declared = nimlab.HeapGame(kayles, name="my-kayles", max_take=2, max_parts=2)
    >>> declared.spec
    'octal:0.77'
    >>> p = declared.period()
    >>> p.preperiod, p.period
    (71, 12)
    >>> nimlab.quotient(declared).order
    40
    """

    def __init__(
        self,
        options: Callable[[int], Iterable[Tuple[int, ...]]],
        name: str = "my-game",
        *,
        max_take: Optional[int] = None,
        max_parts: Optional[int] = None,
    ):
        if not callable(options):
            raise TypeError(f"invalid options {options!r}: expected a function options(n)")
        declared = [
            None if value is None else _count_text(value, what)
            for value, what in ((max_take, "max_take"), (max_parts, "max_parts"))
        ]
        super().__init__(_Engine.from_heap_options(options, name, *declared))
        self.name = name

    def __repr__(self) -> str:
        return f"nimlab.HeapGame(..., name={self.name!r})"


# --- games of your own, from their moves (nimlab.define) ---------------------------

#: The most positions one question about a defined game may meet when none is said;
#: ``max_positions=`` allows more (or fewer).
DEFAULT_MAX_POSITIONS = 1_000_000


class DefinedGame:
    """A game of your own, made by :func:`define` from its moves.

    Positions are your own Python values, and answers give them back as they are:
    ``analyze(p).winning_moves[i].to`` and ``moves(p).moves[i].to`` are positions that
    ``moves`` returned.

    Every question takes ``time_limit=`` (seconds, 1.5 by default; ``None`` or 0 for
    none) and ``max_positions=`` (the most positions it may meet, 1,000,000 by
    default); running out raises :class:`LimitError`. ``moves`` is called at most once
    per position in each question, and an exception it raises reaches you unchanged.
    """

    def __init__(self, engine: Any):
        self._engine = engine

    @property
    def name(self) -> str:
        """The game's name."""
        return self._engine.name()

    @property
    def spec(self) -> str:
        """The game's name, as reports write it in place of a spec."""
        return self._engine.name()

    def __repr__(self) -> str:
        return f"nimlab.define(..., name={self.name!r})"

    def analyze(
        self,
        position: Any,
        misere: bool = False,
        *,
        max_moves: int = DEFAULT_MAX_MOVES,
        time_limit: Optional[float] = DEFAULT_TIME_LIMIT,
        max_positions: int = DEFAULT_MAX_POSITIONS,
    ) -> Analysis:
        """Who wins ``position`` (``"N"``, ``"P"``, or ``"D"`` for a draw when
        positions repeat), its Grundy value (``None`` where it is infinite), and its
        winning moves, whose ``.to`` is the position each leaves.

        >>> g = nimlab.define(lambda n: [n - k for k in (1, 2) if k <= n], name="take-1-or-2")
        >>> a = g.analyze(7)
        >>> a.outcome, a.grundy, [m.to for m in a.winning_moves]
        ('N', 1, [6])
        """
        text, after = self._engine.analyze(
            position, bool(misere), max_moves, time_limit, _positions_limit(max_positions)
        )
        analysis = _analysis(json.loads(text))
        moves = [replace(m, to=to) for m, to in zip(analysis.winning_moves, after)]
        return replace(analysis, winning_moves=moves)

    def moves(
        self,
        position: Any,
        misere: bool = False,
        *,
        max_moves: int = DEFAULT_MAX_MOVES,
        time_limit: Optional[float] = DEFAULT_TIME_LIMIT,
        max_positions: int = DEFAULT_MAX_POSITIONS,
    ) -> Moves:
        """Every move of ``position`` (at most ``max_moves`` listed), winning moves
        first, then drawing ones, each with ``.to`` (the position it leaves),
        ``.result`` (``"win"``, ``"draw"`` or ``"lose"``), ``.grundy`` and
        ``.remoteness``.

        >>> g = nimlab.define(lambda n: [n - k for k in (1, 2) if k <= n], name="take-1-or-2")
        >>> [(m.to, m.result, m.remoteness) for m in g.moves(4)]
        [(3, 'win', 2), (2, 'lose', 1)]
        """
        text, after = self._engine.moves(
            position, bool(misere), max_moves, time_limit, _positions_limit(max_positions)
        )
        listed = _moves(json.loads(text))
        return replace(listed, moves=[replace(m, to=to) for m, to in zip(listed.moves, after)])

    def remoteness(
        self,
        position: Any,
        misere: bool = False,
        *,
        time_limit: Optional[float] = DEFAULT_TIME_LIMIT,
        max_positions: int = DEFAULT_MAX_POSITIONS,
    ) -> Optional[int]:
        """How many moves the game from ``position`` lasts when the winner hurries and
        the loser delays, by retrograde analysis of every position reachable; ``None``
        for a draw.

        >>> g = nimlab.define(lambda n: [n - k for k in (1, 2) if k <= n], name="take-1-or-2")
        >>> g.remoteness(7), g.remoteness(6)
        (5, 4)
        """
        _, remoteness = self._engine.remoteness(
            position, bool(misere), time_limit, _positions_limit(max_positions)
        )
        return remoteness

    def computer_move(
        self,
        position: Any,
        misere: bool = False,
        *,
        seed: Optional[int] = None,
        time_limit: Optional[float] = DEFAULT_TIME_LIMIT,
        max_positions: int = DEFAULT_MAX_POSITIONS,
    ) -> Any:
        """The position the computer's move leaves, as ``nimlab play`` plays at its
        best: a winning move (one that makes progress, where positions repeat), else
        one that holds a draw, else the one that makes the game last longest.
        ``seed`` makes its choice among equals reproducible.

        >>> g = nimlab.define(lambda n: [n - k for k in (1, 2) if k <= n], name="take-1-or-2")
        >>> g.computer_move(7)
        6
        """
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64):
            raise ValueError(f"invalid seed {seed!r}: expected an integer from 0 to 2**64 - 1")
        return self._engine.computer_move(
            position, bool(misere), time_limit, _positions_limit(max_positions), seed
        )

    def check(self, position: Any, *, max_positions: int = DEFAULT_MAX_POSITIONS) -> dict:
        """Run the conformance check every built-in family passes, on positions
        reached from ``position``: positions read back from their text, moves and
        values against brute force in both conventions, games played to the end.
        Returns the counts of what was checked; raises ``AssertionError`` naming a
        broken promise.

        >>> g = nimlab.define(lambda n: [n - k for k in (1, 2) if k <= n], name="take-1-or-2")
        >>> g.check(9)["searched"] > 0
        True
        """
        return self._engine.check(position, _positions_limit(max_positions))


def define(
    moves: Callable[[Any], Iterable[Any]],
    name: str = "my-game",
    components: Optional[Callable[[Any], Iterable[Any]]] = None,
) -> DefinedGame:
    """A game of your own, from its moves alone: ``moves(position)`` returns the
    positions one move away (an empty list when the game is over). Positions are any
    hashable Python values: numbers, strings, tuples, frozensets.

    A player who cannot move loses (normal play), or wins with ``misere=True``.
    Positions may repeat: play that goes on forever is a draw (outcome ``"D"``), and
    values are Smith's generalized Sprague–Grundy values, as for ``graph:`` games.

    ``components(position)``, when given, splits a position into independent parts
    (a list of positions, ``[position]`` when it is one part), whose Grundy values
    add by nim-sum; ``moves`` still lists the moves of the whole position.

    >>> def moves(heaps):  # Nim on a tuple of heaps
    ...     return [heaps[:i] + (k,) + heaps[i + 1:] for i, h in enumerate(heaps) for k in range(h)]
    >>> nim = nimlab.define(moves, name="my-nim", components=lambda heaps: [(h,) for h in heaps])
    >>> nim.analyze((3, 4, 5)).grundy
    2
    >>> edges = {"a": ["b"], "b": ["a", "c"], "c": ["d"], "d": []}  # a and b form a cycle
    >>> [nimlab.define(edges.__getitem__, name="loop").analyze(p).outcome for p in "abcd"]
    ['D', 'D', 'N', 'P']
    """
    if not callable(moves):
        raise TypeError(f"invalid moves {moves!r}: expected a function moves(position)")
    return DefinedGame(_Defined(moves, name, components))


# --- a game against the computer (nimlab.play) -------------------------------------


def play(
    game: Union[Game, DefinedGame],
    position: Any,
    misere: bool = False,
    *,
    first: str = "you",
    level: int = 10,
    seed: Optional[int] = None,
    time_limit: Optional[float] = DEFAULT_TIME_LIMIT,
    max_positions: Optional[int] = None,
) -> Optional[str]:
    """Play ``game`` from ``position`` against the computer in the terminal, with the
    dialogue of ``nimlab play``: type a move, or ``hint`` (or ``?``), ``undo``,
    ``help``, ``quit``. ``game`` is any game: :func:`game`, :class:`HeapGame` or
    :func:`define`; a defined game's moves are typed as the position they leave,
    as Python writes it.

    ``first`` is ``"you"``, ``"computer"``, ``"ask"`` or ``"con"`` (the computer
    picks the side that wins); at ``level`` 0 to 10 the computer plays its best move
    with probability level/10; ``seed`` makes its random choices reproducible; each of
    its questions has ``time_limit`` seconds and ``max_positions`` (as the game's
    own questions have: 1,000,000 positions for a defined game, the command line's
    bound for others). Returns who won, ``"you"`` or
    ``"computer"``, ``"draw"`` when positions repeated three times, or ``None`` when
    you quit; Ctrl-C at the prompt abandons the game and raises
    ``KeyboardInterrupt``. The dialogue reads standard input and writes standard
    output directly, as a terminal program does; where Python's own ``sys.stdin`` is
    something else (a notebook), ``play`` raises ``RuntimeError`` rather than wait
    for moves that cannot come.
    """
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 10:
        raise ValueError(f"invalid level {level!r}: expected an integer from 0 to 10")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64):
        raise ValueError(f"invalid seed {seed!r}: expected an integer from 0 to 2**64 - 1")
    if isinstance(game, DefinedGame):
        start = position
        limit = _positions_limit(DEFAULT_MAX_POSITIONS if max_positions is None else max_positions)
    elif isinstance(game, Game):
        start = _position_text(position)
        limit = _memory_limit(max_positions)
    else:
        raise TypeError(f"invalid game {game!r}: expected a game of nimlab.game, nimlab.HeapGame or nimlab.define")
    import sys

    if sys.stdin is not sys.__stdin__ and not os.isatty(0):
        # A notebook (or anything that replaced sys.stdin) would never see the moves
        # typed: the dialogue reads the process's own standard input.
        raise RuntimeError(
            "nimlab.play reads the moves from the terminal, but this Python reads its input "
            "elsewhere (a notebook?): run it in a terminal, e.g. python3 -c "
            "'import nimlab; nimlab.play(nimlab.game(\"nim\"), [3, 4, 5])'"
        )
    sys.stdout.flush()
    return _nimlab_play(
        game._engine, start, bool(misere), first, level, seed, time_limit, limit
    )
