"""nimlab.define's own cost per position, beyond the user's callback.

A game with a trivial `moves` over 10^6 positions is analyzed whole; the time of
calling `moves` once for every position alone is subtracted, and what is left is
nimlab's: numbering the positions, the calls from Rust, the search. The issue's
target is 2 µs or less per position.

Run with the package importable, e.g. from the test harness's environment:

    PYTHONPATH=target/debug/build/.../python-package \\
        python3 crates/nimlab-py/benches/define_overhead.py [POSITIONS]

(see the docstring of tests/pytest.rs for where that environment is). Times are
CPU time of the process (time.process_time, the worker thread included) and wall
time, the best of three runs.
"""

import sys
import time

import nimlab

POSITIONS = int(sys.argv[1]) if len(sys.argv) > 1 else 10**6


def chain(n):  # one move: n -> n - 1
    return [n - 1] if n else []


def two_moves(n):  # n -> n - 1 or n - 2
    return [n - k for k in (1, 2) if k <= n]


def best_of(runs, work):
    best = None
    for _ in range(runs):
        cpu, wall = time.process_time(), time.perf_counter()
        work()
        spent = (time.process_time() - cpu, time.perf_counter() - wall)
        best = spent if best is None else (min(best[0], spent[0]), min(best[1], spent[1]))
    return best


def measure(moves, label):
    def callbacks_alone():
        for n in range(POSITIONS):
            moves(n)

    def whole_call():
        game = nimlab.define(moves, name=label)
        analysis = game.analyze(POSITIONS - 1, time_limit=None, max_positions=POSITIONS)
        assert analysis.grundy is not None

    alone = best_of(3, callbacks_alone)
    whole = best_of(3, whole_call)
    for kind, i in (("cpu", 0), ("wall", 1)):
        own = (whole[i] - alone[i]) / POSITIONS * 1e6
        print(
            f"{label:10} {kind:4}: callbacks alone {alone[i]:.3f} s, whole analyze {whole[i]:.3f} s, "
            f"nimlab's own {own:.2f} µs per position"
        )


if __name__ == "__main__":
    print(f"{POSITIONS} positions, Python {sys.version.split()[0]}")
    measure(chain, "chain")
    measure(two_moves, "two-moves")
