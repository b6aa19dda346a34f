"""The integer sequences behind the games' closed forms, as ``nimlab seq`` prints
them: Stern's diatomic sequence (fusc), the Wythoff pairs, Zeckendorf
representations and the Fibonacci numbers. Numbers are Python ints of any size.

>>> from nimlab import seq
>>> seq.fusc(19), seq.wythoff_pair(3), seq.zeckendorf(1000)
(7, (4, 7), [987, 13])
"""

from __future__ import annotations

from typing import Any, Iterator, List, Tuple

from . import _nimlab

__all__ = [
    "fibonacci",
    "fibonacci_numbers",
    "fusc",
    "fusc_terms",
    "wythoff_pair",
    "wythoff_pairs",
    "zeckendorf",
]


def _natural(value: Any, name: str) -> int:
    """``value``, checked to be a non-negative int."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"invalid {name} {value!r}: expected a non-negative integer")
    if value < 0:
        raise ValueError(f"invalid {name} '{value}': expected a non-negative integer")
    return value


def _hex(value: Any, name: str) -> str:
    """A non-negative int in hexadecimal, which Python writes at any size."""
    return format(_natural(value, name), "x")


def _count(value: Any, name: str) -> str:
    """A count as its decimal text, for the engine to bound as the command line does."""
    value = _natural(value, name)
    return str(value) if value < 10**100 else "1" + "0" * 100


def fusc(n: int) -> int:
    """fusc(n), Stern's diatomic sequence (OEIS A002487), for n of any size:
    fusc(0) = 0, fusc(1) = 1, fusc(2n) = fusc(n), fusc(2n + 1) = fusc(n) + fusc(n + 1).
    As ``nimlab seq fusc --at N``.

    >>> from nimlab import seq
    >>> seq.fusc(123456789012345678901234567890)
    7248652354122642
    """
    return _nimlab.fusc(_hex(n, "n"))


def fusc_terms(count: int) -> Iterator[int]:
    """fusc(0), fusc(1), …, the first ``count`` terms, computed as they are iterated
    over (``nimlab seq fusc --count COUNT``).

    >>> from nimlab import seq
    >>> list(seq.fusc_terms(10))
    [0, 1, 1, 2, 1, 3, 2, 3, 1, 4]
    """
    return _nimlab.fusc_terms(_count(count, "count"))


def fibonacci(n: int) -> int:
    """F(n), with F(0) = 0 and F(1) = F(2) = 1, for n up to 10^7 (a number of about
    two million digits), as ``nimlab seq fibonacci --at N``.

    >>> from nimlab import seq
    >>> seq.fibonacci(100)
    354224848179261915075
    """
    return _nimlab.fibonacci(_count(n, "n"))


def fibonacci_numbers(count: int) -> Iterator[int]:
    """F(0), F(1), …, the first ``count`` Fibonacci numbers, at most 100,000 of them
    (``nimlab seq fibonacci --count COUNT``).

    >>> from nimlab import seq
    >>> list(seq.fibonacci_numbers(8))
    [0, 1, 1, 2, 3, 5, 8, 13]
    """
    return _nimlab.fibonacci_numbers(_count(count, "count"))


def zeckendorf(n: int, indices: bool = False) -> List[int]:
    """The Zeckendorf representation of n: the distinct, non-consecutive Fibonacci
    numbers adding up to n, largest first (``[]`` for 0), as ``nimlab seq zeckendorf
    N``. With ``indices=True``, the indices i of the terms F(i) instead, at any size
    (``--indices``); the terms themselves are written for n of up to 2,000 digits.

    >>> from nimlab import seq
    >>> seq.zeckendorf(1000), seq.zeckendorf(1000, indices=True)
    ([987, 13], [16, 7])
    """
    if indices:
        return _nimlab.zeckendorf_indices(_hex(n, "n"))
    return _nimlab.zeckendorf(_hex(n, "n"))


def wythoff_pair(k: int) -> Tuple[int, int]:
    """The Wythoff pair (a_k, b_k) = (⌊kφ⌋, ⌊kφ⌋ + k), for k of any size: the k-th
    P-position of Wythoff's game (``nimlab seq wythoff --at K``).

    >>> from nimlab import seq
    >>> seq.wythoff_pair(10**21)
    (1618033988749894848204, 2618033988749894848204)
    """
    return _nimlab.wythoff_pair(_hex(k, "k"))


def wythoff_pairs(count: int) -> Iterator[Tuple[int, int]]:
    """The first ``count`` Wythoff pairs (a_0, b_0), (a_1, b_1), …, computed as they
    are iterated over (``nimlab seq wythoff --count COUNT``).

    >>> from nimlab import seq
    >>> list(seq.wythoff_pairs(5))
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
    """
    return _nimlab.wythoff_pairs(_count(count, "count"))
