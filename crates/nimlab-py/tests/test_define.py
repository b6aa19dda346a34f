"""Tests of nimlab.define: games of the user's own, from their moves alone.

Every game here is checked against an independent analysis written in this file: the
mex rule over every position reachable (games that end), and a retrograde analysis by
levels of remoteness (any game, cycles included), in both conventions. Smith's values
of games with cycles are checked through his sum rule: the outcome of every sum of two
positions, found by the retrograde analysis of the sum, is the one their values give.
"""

import itertools
import signal
import threading
import traceback

import pytest

import nimlab

try:
    from hypothesis import given, settings
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover - hypothesis is optional
    given = None


# --- independent analysis ----------------------------------------------------------


def reachable(moves, start):
    """Every position reachable from start, with its followers (without repeats)."""
    graph = {}
    frontier = [start]
    while frontier:
        p = frontier.pop()
        if p in graph:
            continue
        followers = list(dict.fromkeys(moves(p)))
        graph[p] = followers
        frontier.extend(q for q in followers if q not in graph)
    return graph


def retrograde(graph, misere):
    """Outcome ('N', 'P' or 'D') and remoteness (None for 'D') of every position, by
    levels: a position is decided at level k + 1 when a follower is lost at level k
    (won), or when every follower is won and the last of them was decided at level k
    (lost). Undecided positions are draws."""
    solved = {p: ("N" if misere else "P", 0) for p, f in graph.items() if not f}
    level = 0
    while True:
        decided = {}
        for p, followers in graph.items():
            if p in solved:
                continue
            known = [solved.get(q) for q in followers]
            if any(k is not None and k[0] == "P" and k[1] == level for k in known):
                decided[p] = ("N", level + 1)
            elif all(k is not None and k[0] == "N" for k in known) and max(k[1] for k in known) == level:
                decided[p] = ("P", level + 1)
        if not decided and all(r <= level for _, r in solved.values()):
            break
        solved.update(decided)
        level += 1
    return {p: solved.get(p, ("D", None)) for p in graph}


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def grundy_values(graph):
    """Grundy values of a graph without cycles, by the mex rule."""
    values = {}

    def value(p):
        stack = [p]
        while stack:
            q = stack[-1]
            pending = [r for r in graph[q] if r not in values]
            if pending:
                stack.extend(pending)
            else:
                values[q] = mex({values[r] for r in graph[q]})
                stack.pop()
        return values[p]

    return {p: value(p) for p in graph}


def gamma(analysis):
    """Smith's value of a position from nimlab's analysis: a number, or ('inf', K)."""
    if analysis.grundy is not None:
        return analysis.grundy
    return ("inf", frozenset(int(k) for k in analysis.json["infinite"]))


def smith_outcome(a, b):
    """The outcome of the sum of positions of values a and b, by Smith's rule."""
    if isinstance(a, int) and isinstance(b, int):
        return "P" if a ^ b == 0 else "N"
    if not isinstance(a, int) and not isinstance(b, int):
        return "D"
    (finite, (_, k)) = (a, b) if isinstance(a, int) else (b, a)
    return "N" if 0 in {v ^ finite for v in k} else "D"


def check_against_brute_force(game, moves, start, conventions=(False, True)):
    """Every position reachable from start: outcome, Grundy value where the game
    ends, winning moves and each move's result and remoteness, against the analysis
    above."""
    graph = reachable(moves, start)
    acyclic_values = None if cyclic(graph) else grundy_values(graph)
    for misere in conventions:
        truth = retrograde(graph, misere)
        for p in graph:
            a = game.analyze(p, misere, max_moves=1000)
            assert a.outcome == truth[p][0], (p, misere)
            assert game.remoteness(p, misere) == truth[p][1], (p, misere)
            winning = [q for q in graph[p] if truth[q][0] == "P"]
            assert [m.to for m in a.winning_moves] == winning, (p, misere)
            listed = game.moves(p, misere, max_moves=1000)
            assert sorted((repr(m.to), m.result, m.remoteness) for m in listed) == sorted(
                (repr(q), {"P": "win", "N": "lose", "D": "draw"}[truth[q][0]], truth[q][1]) for q in graph[p]
            ), (p, misere)
            if not misere and acyclic_values is not None:
                assert a.grundy == acyclic_values[p], p
    return graph


def cyclic(graph):
    """Whether a position of the graph can be reached from itself."""
    colour = {}
    for root in graph:
        if root in colour:
            continue
        stack = [(root, iter(graph[root]))]
        colour[root] = 1
        while stack:
            p, it = stack[-1]
            q = next(it, None)
            if q is None:
                colour[p] = 2
                stack.pop()
            elif colour.get(q) == 1:
                return True
            elif q not in colour:
                colour[q] = 1
                stack.append((q, iter(graph[q])))
    return False


# --- games that end ----------------------------------------------------------------


def subtraction(n):
    return [n - k for k in (1, 3, 4) if k <= n]


def test_a_subtraction_game_on_integers_matches_brute_force():
    game = nimlab.define(subtraction, name="subtract-1-3-4")
    check_against_brute_force(game, subtraction, 30)
    assert [game.analyze(n).grundy for n in range(8)] == [0, 1, 0, 1, 2, 3, 2, 0]


def kayles_rows(rows):
    """Kayles on a tuple of rows of pins: knock down one pin or two adjacent ones."""
    result = []
    for i, n in enumerate(rows):
        rest = rows[:i] + rows[i + 1 :]
        for k in (1, 2):
            for left in range(n - k + 1):
                parts = tuple(r for r in (left, n - k - left) if r)
                result.append(tuple(sorted(rest + parts)))
    return result


def test_kayles_with_components_matches_the_mex_of_whole_positions_in_both_conventions():
    game = nimlab.define(kayles_rows, name="kayles-rows", components=lambda rows: [(r,) for r in rows])
    check_against_brute_force(game, kayles_rows, (3, 4, 2))
    for n in range(1, 10):
        assert game.analyze((n,)).grundy == grundy_values(reachable(kayles_rows, (n,)))[(n,)]
    # The values add by nim-sum: Kayles' 0, 1, 2, 3, 1, 4, 3, 2, 1.
    assert game.analyze((5, 6)).grundy == 4 ^ 3


def test_positions_are_any_hashable_values():
    def moves(word):  # remove one letter
        return sorted({word[:i] + word[i + 1 :] for i in range(len(word))})

    game = nimlab.define(moves, name="shorten")
    check_against_brute_force(game, moves, "abcab")
    fs = nimlab.define(lambda s: [s - {x} for x in s], name="sets")
    assert fs.analyze(frozenset({1, 2, 3})).winning_moves[0].to in {frozenset({1, 2}), frozenset({1, 3}), frozenset({2, 3})}


# --- games with cycles -------------------------------------------------------------


def graph_game(edges):
    followers = {}
    for u, v in edges:
        followers.setdefault(u, []).append(v)
        followers.setdefault(v, [])
    return lambda p: followers[p]


def test_a_cycle_with_an_exit_is_drawn_where_nobody_can_force_a_win():
    moves = graph_game([("a", "b"), ("b", "a"), ("b", "c"), ("c", "d")])
    game = nimlab.define(moves, name="cycle")
    check_against_brute_force(game, moves, "a")
    assert [game.analyze(p).outcome for p in "abcd"] == ["D", "D", "N", "P"]
    assert game.analyze("a").grundy is None
    assert game.remoteness("a") is None
    assert [m.result for m in game.moves("b")] == ["draw", "lose"]


def test_a_callback_that_returns_its_own_position_is_a_pass_and_draws():
    game = nimlab.define(lambda p: [p], name="pass")
    assert game.analyze("x").outcome == "D"
    assert game.analyze("x", misere=True).outcome == "D"


def random_graph(data_edges, vertices):
    return [(u % vertices, v % vertices) for u, v in data_edges]


def check_loopy_graph(edges, vertices):
    followers = {v: [] for v in range(vertices)}
    for u, v in edges:
        if v not in followers[u]:
            followers[u].append(v)
    moves = followers.__getitem__
    game = nimlab.define(moves, name="loopy")
    graph = {v: followers[v] for v in range(vertices)}
    for misere in (False, True):
        truth = retrograde(graph, misere)
        for v in range(vertices):
            a = game.analyze(v, misere)
            assert a.outcome == truth[v][0], (edges, v, misere)
            assert [m.to for m in a.winning_moves] == [w for w in graph[v] if truth[w][0] == "P"]
            assert game.remoteness(v, misere) == truth[v][1]
    # Smith's values: every sum of two positions has the outcome their values give.
    values = {v: gamma(game.analyze(v)) for v in range(vertices)}

    def sum_moves(pair):
        u, w = pair
        return [(x, w) for x in followers[u]] + [(u, x) for x in followers[w]]

    sums = nimlab.define(sum_moves, name="loopy-sum", components=lambda pair: [pair])
    for u, w in itertools.product(range(vertices), repeat=2):
        truth = retrograde(reachable(sum_moves, (u, w)), False)
        assert truth[(u, w)][0] == smith_outcome(values[u], values[w]), (edges, u, w, values)
        assert sums.analyze((u, w)).outcome == truth[(u, w)][0]


def test_smith_values_of_a_known_loopy_graph():
    # Winning Ways' example shape: a two-cycle with exits to values 0 and 1.
    edges = [(0, 1), (1, 0), (1, 2), (0, 3), (3, 2)]
    check_loopy_graph(edges, 4)


if given is not None:

    @settings(max_examples=60, deadline=None)
    @given(
        st.integers(min_value=1, max_value=7).flatmap(
            lambda n: st.tuples(
                st.just(n), st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=14)
            )
        )
    )
    def test_random_graphs_with_cycles_match_retrograde_analysis(case):
        vertices, edges = case
        check_loopy_graph(edges, vertices)

    @settings(max_examples=30, deadline=None)
    @given(st.lists(st.integers(1, 6), min_size=1, max_size=3, unique=True), st.integers(0, 25))
    def test_random_subtraction_games_match_brute_force(amounts, start):
        def moves(n):
            return [n - k for k in amounts if k <= n]

        check_against_brute_force(nimlab.define(moves, name="subtraction"), moves, start)

else:  # pragma: no cover

    def test_random_graphs_with_cycles_match_retrograde_analysis():
        pytest.skip("hypothesis is not installed")


# --- the computer's move -----------------------------------------------------------


def test_the_computer_wins_won_positions_and_holds_draws_even_round_cycles():
    import random

    rng = random.Random(5)
    for trial in range(20):
        vertices = 9
        followers = {v: sorted({rng.randrange(vertices) for _ in range(rng.randrange(3))}) for v in range(vertices)}
        moves = followers.__getitem__
        game = nimlab.define(moves, name="loopy")
        truth = retrograde({v: followers[v] for v in range(vertices)}, False)
        for start in range(vertices):
            if truth[start][0] == "D" and followers[start]:
                assert truth[game.computer_move(start, seed=trial)][0] == "D"
            if truth[start][0] != "N":
                continue
            position, seen = start, set()
            for _ in range(100):
                position = game.computer_move(position, seed=trial)
                assert truth[position][0] == "P"
                assert position not in seen, "the winner went round a cycle"
                seen.add(position)
                if not followers[position]:
                    break
                position = rng.choice(followers[position])
            else:
                pytest.fail(f"the computer did not win from {start} in {followers}")


def test_the_conformance_check_passes():
    assert nimlab.define(subtraction, name="s").check(20)["searched"] > 0
    moves = graph_game([(0, 1), (1, 0), (1, 2), (2, 3), (3, 1)])
    assert nimlab.define(moves, name="g").check(0)["positions"] > 0


# --- bounded and well behaved ------------------------------------------------------


class Mine(Exception):
    pass


def test_an_exception_of_the_callback_reaches_the_caller_unchanged():
    def moves(n):
        if n == 3:
            raise Mine("no moves from 3")
        return [n - 1] if n else []

    game = nimlab.define(moves, name="broken")
    with pytest.raises(Mine) as raised:
        game.analyze(10)
    assert str(raised.value) == "no moves from 3"
    frames = [frame.name for frame in traceback.extract_tb(raised.tb)]
    assert "moves" in frames
    # The game is as good as before for positions the failure does not reach.
    assert game.analyze(2).outcome == "P"


def test_wrong_return_values_name_the_position_and_what_was_expected():
    game = nimlab.define(lambda n: 5, name="bad")
    with pytest.raises(TypeError, match=r"moves\(7\) of the game 'bad' returned 5: expected an iterable of positions"):
        game.analyze(7)
    unhashable = nimlab.define(lambda n: [[n - 1]], name="lists")
    with pytest.raises(TypeError, match=r"moves\(7\) .* the position \[6\] is unhashable"):
        unhashable.analyze(7)
    with pytest.raises(TypeError, match=r"the position \[1, 2\] is unhashable"):
        unhashable.analyze([1, 2])
    with pytest.raises(TypeError, match="expected a function"):
        nimlab.define(3)
    with pytest.raises(ValueError, match="without spaces"):
        nimlab.define(subtraction, name="two words")
    parts = nimlab.define(subtraction, name="parts", components=lambda n: None)
    with pytest.raises(TypeError, match=r"components\(5\) of the game 'parts' returned None"):
        parts.analyze(5)


def test_limits_raise_limit_error_with_one_line():
    endless = nimlab.define(lambda n: [n + 1], name="endless")
    with pytest.raises(nimlab.LimitError) as raised:
        endless.analyze(0, max_positions=1000)
    assert "max_positions=1000" in str(raised.value) and "\n" not in str(raised.value)
    slow = nimlab.define(lambda n: [n + 1, n + 2], name="endless-2")
    with pytest.raises(nimlab.LimitError):
        slow.analyze(0, time_limit=0.05, max_positions=10**9)
    with pytest.raises(ValueError, match="max_positions"):
        slow.analyze(0, max_positions=0)
    # A defined game of 10^8 positions stops at the default bound.
    with pytest.raises(nimlab.LimitError):
        nimlab.define(lambda n: [n - 1] if n else [], name="long").analyze(10**8, time_limit=None)


def test_a_callback_that_returns_itself_or_recurses_does_not_crash():
    def moves(p):
        return moves

    with pytest.raises(TypeError, match="returned <function"):
        nimlab.define(moves, name="itself").analyze(1)

    def deep(p):
        return deep(p)

    with pytest.raises(RecursionError):
        nimlab.define(deep, name="deep").analyze(1)

    # A callback may ask the game itself a question: each question has its own table.
    game = nimlab.define(lambda p: [p + 1] if p < 3 and game.analyze(p + 1).outcome else [], name="nested")
    assert game.analyze(0).outcome == "N"


def test_ctrl_c_raises_keyboard_interrupt_inside_a_long_computation():
    endless = nimlab.define(lambda n: [n + 1, n + 2], name="endless")
    # Python leaves SIGINT ignored when it starts with it ignored (as a job started in
    # the background of a script does): Ctrl-C's own handler is set here.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, signal.raise_signal, (signal.SIGINT,))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            endless.analyze(0, time_limit=None, max_positions=10**9)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)


# --- play in the terminal ----------------------------------------------------------


def played(script, typed):
    """What a Python process running `script` (with nimlab imported) prints when the
    person types `typed`, and its exit status."""
    import os
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-c", "import nimlab\n" + script],
        input=typed,
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)),
    )
    return result.stdout, result.stderr, result.returncode


CHAIN = "g = nimlab.define(lambda n: [n - 1] if n else [], name='chain')\n"


def test_play_refuses_a_python_whose_input_is_elsewhere():
    # As in a notebook: sys.stdin is not the process's standard input.
    script = CHAIN + "import io, sys\nsys.stdin = io.StringIO('0\\n')\nnimlab.play(g, 3)\n"
    out, err, status = played(script, "")
    assert status == 1
    assert "RuntimeError: nimlab.play reads the moves from the terminal" in err, err


def test_play_a_defined_game_to_the_end_with_hint_and_undo():
    out, err, status = played(CHAIN + "print('result:', nimlab.play(g, 3))", "hint\n2\nundo\n?\n2\n0\n")
    assert status == 0, err
    assert "chain, a game defined in Python" in out
    assert 'Hint: move to 2 (type "2"): it leaves a position of value 0.' in out
    assert "You move to 2." in out and "The computer moves to 1." in out
    assert "Your last move and my reply are taken back." in out
    assert "You made the last move, so you win." in out
    assert out.rstrip().endswith("result: you")


def test_play_a_built_in_game_and_quit():
    out, err, status = played("print('result:', nimlab.play(nimlab.game('take:3'), 5))", "hint\nquit\n")
    assert status == 0, err
    assert "There are 5 tokens in the pot. Please draw 1, 2 or 3 tokens." in out
    assert "Hint: draw one token, to leave 4" in out
    assert out.rstrip().endswith("result: None")


def test_play_a_game_with_cycles_against_a_computer_holding_the_draw():
    script = "e = {'a': ['b'], 'b': ['a', 'c'], 'c': ['d'], 'd': []}\n"
    script += "print('result:', nimlab.play(nimlab.define(e.__getitem__, name='loop'), 'a'))"
    out, err, status = played(script, "'b'\n'b'\n'b'\n")
    assert status == 0, err
    assert "The game is declared a draw" in out
    assert out.rstrip().endswith("result: draw")


def test_play_reraises_the_callbacks_exception_and_refuses_a_finished_start():
    script = "def moves(n):\n    if n == 1:\n        raise KeyError('one')\n    return [n - 1]\n"
    script += "nimlab.play(nimlab.define(moves, name='broken'), 3)"
    out, err, status = played(script, "2\n")
    assert status == 1 and "KeyError: 'one'" in err and "in moves" in err
    out, err, status = played(CHAIN + "nimlab.play(g, 0)", "")
    assert status == 1 and "nothing to play" in err
