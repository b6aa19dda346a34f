"""Type stubs of nimlab (see __init__.py for the documentation)."""

from dataclasses import dataclass
from . import seq as seq
from typing import Any, Callable, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

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

DEFAULT_TIME_LIMIT: float
DEFAULT_MAX_MOVES: int
DEFAULT_MAX_POSITIONS: int

Position = Union[str, int, Sequence[Any]]

class NimlabError(Exception):
    """A question nimlab cannot answer: it has no known answer, or the game has no such thing."""

class LimitError(NimlabError):
    """A question beyond a limit: its time limit, or one of nimlab's limits on size."""

@dataclass(frozen=True)
class WinningMove:
    text: Optional[str]
    to: Any
    description: str
    reason: str

@dataclass(frozen=True)
class Analysis:
    outcome: str
    grundy: Optional[int]
    why: str
    winning_moves: List[WinningMove]
    winning_move_count: int
    misere: bool
    json: dict
    def _repr_html_(self) -> str: ...

@dataclass(frozen=True)
class Move:
    text: str
    description: str
    to: Any
    result: str
    grundy: Optional[int]
    remoteness: Optional[int]

@dataclass(frozen=True)
class Moves:
    moves: List[Move]
    count: int
    misere: bool
    json: dict
    def __iter__(self) -> Iterator[Move]: ...
    def __len__(self) -> int: ...
    def _repr_html_(self) -> str: ...

@dataclass(frozen=True)
class Period:
    preperiod: int
    period: int
    certificate: str
    theorem: str
    values_checked: int
    json: dict

@dataclass(frozen=True)
class Quotient:
    order: int
    presentation: str
    relations: List[str]
    p_portion: List[str]
    tame: Optional[int]
    pretending: List[str]
    preperiod: int
    period: int
    last_heap: int
    json: dict
    def _repr_html_(self) -> str: ...

class Game:
    @property
    def spec(self) -> str: ...
    @property
    def rules(self) -> str: ...
    @property
    def position_syntax(self) -> str: ...
    def analyze(
        self,
        position: Position,
        misere: bool = False,
        *,
        max_moves: int = ...,
        time_limit: Optional[float] = ...,
        max_positions: Optional[int] = None,
    ) -> Analysis: ...
    def moves(
        self,
        position: Position,
        misere: bool = False,
        *,
        max_moves: int = ...,
        time_limit: Optional[float] = ...,
        max_positions: Optional[int] = None,
    ) -> Moves: ...
    def grundy(
        self, upto: int, *, time_limit: Optional[float] = ..., max_positions: Optional[int] = None
    ) -> Any:
        """A numpy array of uint32 when numpy is installed, else a list of int."""
    def period(
        self,
        max: Optional[int] = None,
        *,
        time_limit: Optional[float] = ...,
        max_positions: Optional[int] = None,
    ) -> Period: ...
    def check(self, position: Position) -> dict: ...
    def sequence(
        self, upto: int, *, time_limit: Optional[float] = ..., max_positions: Optional[int] = None
    ) -> NimSequence: ...
    def __add__(self, other: Game) -> SumGame: ...

@dataclass(frozen=True)
class NimSequence:
    spec: str
    values: Any
    svg: str
    def _repr_svg_(self) -> str: ...

class SumGame(Game):
    parts: Tuple[Game, ...]

def sum(*games: Game) -> SumGame: ...

def game(
    spec: str, *, time_limit: Optional[float] = ..., max_positions: Optional[int] = None
) -> Game: ...

def graph(edges: Iterable[Tuple[int, int]], vertices: Optional[int] = None) -> Game: ...
def census(
    digits: int,
    upto: int = 65536,
    *,
    misere: bool = False,
    time_limit: Optional[float] = None,
    max_positions: Optional[int] = None,
) -> Iterator[dict]: ...
def quotient(
    spec: Union[str, Game],
    *,
    max_heap: Optional[int] = None,
    memory: Optional[int] = None,
    time_limit: Optional[float] = ...,
) -> Quotient: ...

class HeapGame(Game):
    def __init__(
        self,
        options: Callable[[int], Iterable[Tuple[int, ...]]],
        name: str = "my-game",
        *,
        max_take: Optional[int] = None,
        max_parts: Optional[int] = None,
    ) -> None: ...
    name: str

class DefinedGame:
    """A game of your own, made by define(): positions are your own values."""
    @property
    def name(self) -> str: ...
    @property
    def spec(self) -> str: ...
    def analyze(
        self,
        position: Any,
        misere: bool = False,
        *,
        max_moves: int = ...,
        time_limit: Optional[float] = ...,
        max_positions: int = ...,
    ) -> Analysis:
        """The winning moves' ``.to`` are positions as ``moves`` returned them."""
    def moves(
        self,
        position: Any,
        misere: bool = False,
        *,
        max_moves: int = ...,
        time_limit: Optional[float] = ...,
        max_positions: int = ...,
    ) -> Moves:
        """Each move's ``.to`` is a position as ``moves`` returned it."""
    def remoteness(
        self,
        position: Any,
        misere: bool = False,
        *,
        time_limit: Optional[float] = ...,
        max_positions: int = ...,
    ) -> Optional[int]: ...
    def computer_move(
        self,
        position: Any,
        misere: bool = False,
        *,
        seed: Optional[int] = None,
        time_limit: Optional[float] = ...,
        max_positions: int = ...,
    ) -> Any: ...
    def check(self, position: Any, *, max_positions: int = ...) -> dict: ...

def define(
    moves: Callable[[Any], Iterable[Any]],
    name: str = "my-game",
    components: Optional[Callable[[Any], Iterable[Any]]] = None,
) -> DefinedGame: ...

def play(
    game: Union[Game, DefinedGame],
    position: Any,
    misere: bool = False,
    *,
    first: str = "you",
    level: int = 10,
    seed: Optional[int] = None,
    time_limit: Optional[float] = ...,
    max_positions: Optional[int] = None,
) -> Optional[str]: ...
