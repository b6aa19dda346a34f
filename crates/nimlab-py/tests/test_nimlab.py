"""Tests of the Python package nimlab.

Heap games of the user's own are checked against an independent mex written here;
built-in games against the command line's --json (the binary named by NIMLAB_CLI,
else `nimlab` on PATH; without it those tests skip, and fail when CI is set).
"""

import functools
import json
import os
import shutil
import subprocess
import sys

import pytest

import nimlab

try:
    from hypothesis import given, settings
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover - hypothesis is optional
    given = None


# --- independent brute force -------------------------------------------------------


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def grundy_table(options, upto):
    """g(0..upto) of a heap game by the mex rule, option heaps nim-summed."""
    g = []
    for n in range(upto + 1):
        reachable = set()
        for option in options(n):
            value = 0
            for heap in option:
                value ^= g[heap]
            reachable.add(value)
        g.append(mex(reachable))
    return g


def brute_outcome(options, heaps, misere):
    """'N' or 'P' of a position of heaps, by search over every move."""

    @functools.lru_cache(maxsize=None)
    def wins(position):
        moves = []
        for i, n in enumerate(position):
            for option in options(n):
                rest = position[:i] + position[i + 1 :] + tuple(h for h in option if h)
                moves.append(tuple(sorted(rest)))
        if not moves:
            return misere  # no move: in misère play the player to move wins
        return any(not wins(m) for m in moves)

    return "N" if wins(tuple(sorted(h for h in heaps if h))) else "P"


def take_or_split(n):
    """Take one or two tokens, or split a heap into two non-empty heaps."""
    takes = [(n - k,) for k in (1, 2) if k <= n]
    splits = [(a, n - a) for a in range(1, n // 2 + 1)]
    return [tuple(h for h in t if h) for t in takes] + splits


def kayles(n):
    """Knock down one pin or two adjacent pins of a row."""
    rows = [(a, n - k - a) for k in (1, 2) if k <= n for a in range((n - k) // 2 + 1)]
    return [tuple(r for r in row if r) for row in rows]


def subtraction_134(n):
    return [(n - k,) if n > k else () for k in (1, 3, 4) if k <= n]


USER_GAMES = [(take_or_split, "take-or-split"), (kayles, "my-kayles"), (subtraction_134, "s134")]


# --- heap games of the user's own --------------------------------------------------


@pytest.mark.parametrize("options,name", USER_GAMES)
def test_grundy_values_equal_the_mex_rule(options, name):
    game = nimlab.HeapGame(options, name=name)
    assert [int(v) for v in game.grundy(60)] == grundy_table(options, 60)


@pytest.mark.parametrize("options,name", USER_GAMES)
@pytest.mark.parametrize("misere", [False, True])
def test_outcomes_equal_brute_force(options, name, misere):
    game = nimlab.HeapGame(options, name=name)
    g = grundy_table(options, 12)
    for heaps in ([1], [2, 3], [4, 4], [5, 1, 2], [7, 3], [6, 6, 1], [9], [0, 3]):
        analysis = game.analyze(list(heaps), misere=misere)
        assert analysis.outcome == brute_outcome(options, heaps, misere), (name, heaps, misere)
        nim_sum = 0
        for h in heaps:
            nim_sum ^= g[h]
        assert analysis.grundy == nim_sum
        for move in analysis.winning_moves:
            after = [int(h) for h in move.to.split()] if move.to.strip() else []
            assert brute_outcome(options, after, misere) == "P", (heaps, move)


@pytest.mark.parametrize("options,name", USER_GAMES)
def test_moves_list_every_option_with_its_value(options, name):
    game = nimlab.HeapGame(options, name=name)
    g = grundy_table(options, 10)
    listed = game.moves([7, 3])
    expected = len(options(7)) + len(options(3))
    assert listed.count == expected == len(listed)
    for move in listed:
        after = [int(h) for h in move.to.split()] if move.to.strip() else []
        value = 0
        for h in after:
            value ^= g[h]
        assert move.grundy == value
        assert move.result == ("win" if value == 0 else "lose")


@pytest.mark.parametrize("options,name", USER_GAMES)
def test_a_user_game_passes_the_conformance_check(options, name):
    checked = nimlab.HeapGame(options, name=name).check([9, 4])
    assert checked["searched"] >= 5 and checked["played"] >= 1, checked


def nim_options(n):
    return [(k,) if k else () for k in range(n)]


def brute_sum_outcome(parts, positions, misere):
    """'N' or 'P' of a sum of heap games (``parts``: each game's options), each game
    at a position of heaps, by search over every move of every game."""

    def canonical(heaps):
        return tuple(sorted(h for h in heaps if h))

    @functools.lru_cache(maxsize=None)
    def wins(position):
        moves = []
        for j, heaps in enumerate(position):
            for i, n in enumerate(heaps):
                for option in parts[j](n):
                    rest = canonical(heaps[:i] + heaps[i + 1 :] + tuple(option))
                    moves.append(position[:j] + (rest,) + position[j + 1 :])
        if not moves:
            return misere
        return any(not wins(m) for m in moves)

    return "N" if wins(tuple(canonical(heaps) for heaps in positions)) else "P"


@pytest.mark.parametrize("misere", [False, True])
def test_a_sum_of_a_user_game_and_built_in_games_equals_brute_force(misere):
    mine = nimlab.HeapGame(take_or_split, name="take-or-split")
    both = nimlab.game("kayles") + mine + nimlab.game("nim")
    assert both.spec == "kayles + take-or-split + nim"
    parts = (kayles, take_or_split, nim_options)
    tables = [grundy_table(options, 10) for options in parts]
    for positions in (([1], [2], [3]), ([3], [4, 1], [0]), ([2, 2], [5], [1]), ([4], [3], [2, 5])):
        analysis = both.analyze([list(p) for p in positions], misere=misere)
        assert analysis.outcome == brute_sum_outcome(parts, positions, misere), positions
        nim_sum = 0
        for table, heaps in zip(tables, positions):
            for h in heaps:
                nim_sum ^= table[h]
        assert analysis.grundy == nim_sum, positions
        for move in analysis.winning_moves:
            after = tuple(
                tuple(int(h) for h in part.split()) for part in move.to.split("+")
            )
            assert brute_sum_outcome(parts, after, misere) == "P", (positions, move)


def test_a_sum_passes_the_conformance_check():
    mine = nimlab.HeapGame(subtraction_134, name="s134")
    checked = nimlab.sum(mine, nimlab.game("kayles")).check("5 + 3")
    assert checked["searched"] >= 5, checked


def test_a_sum_reraises_its_callbacks_exception():
    calls = []

    def failing(n):
        calls.append(n)
        if n == 4:
            raise KeyError("no options for 4")
        return [(n - 1,)] if n > 1 else [()]

    both = nimlab.game("nim") + nimlab.HeapGame(failing, name="failing")
    with pytest.raises(KeyError, match="no options for 4"):
        both.analyze("2 + 5")
    assert both.analyze("2 + 3").grundy == 2 ^ 1


def test_a_sum_of_one_game_or_of_something_else_is_refused():
    with pytest.raises(ValueError, match="expected 2 to"):
        nimlab.sum(nimlab.game("nim"))
    with pytest.raises(TypeError, match="expected a nimlab game"):
        nimlab.sum(nimlab.game("nim"), "kayles")


DECLARED = [
    (kayles, 2, 2, "octal:0.77"),
    (take_or_split, 2, 2, "octal:4.33"),
    (subtraction_134, 4, 1, "octal:0.3033"),
]


def brute_period(values, theorem_len):
    """The least (preperiod, period) that ``values`` show with at least
    ``theorem_len(pre, p)`` of them known, by the definition."""
    for p in range(1, len(values)):
        pre = len(values) - p
        while pre > 0 and values[pre - 1] == values[pre - 1 + p]:
            pre -= 1
        if theorem_len(pre, p) <= len(values):
            return pre, p
    return None


@pytest.mark.parametrize("options,max_take,max_parts,code", DECLARED)
def test_a_declared_take_and_break_game_is_the_code_its_options_show(options, max_take, max_parts, code):
    game = nimlab.HeapGame(options, name="mine", max_take=max_take, max_parts=max_parts)
    assert game.spec == code
    table = grundy_table(options, 400)
    assert [int(v) for v in game.grundy(400)] == table
    period = game.period()
    # The Guy–Smith bound: parts·(preperiod + period) + max_take values prove it.
    bound = lambda pre, p: max_parts * (max(pre, 1) + p) + max_take
    assert brute_period(table[: period.values_checked], bound) == (period.preperiod, period.period)
    assert all(
        table[n] == table[n - period.period] for n in range(period.preperiod + period.period, 401)
    )
    for heaps in ([3, 5], [1, 2, 6], [7, 7]):
        for misere in (False, True):
            assert game.analyze(heaps, misere=misere).outcome == brute_outcome(options, heaps, misere)


def test_a_declared_game_has_the_misere_quotient_of_its_code():
    declared = nimlab.HeapGame(kayles, name="mine", max_take=2, max_parts=2)
    assert nimlab.quotient(declared).json == nimlab.quotient("octal:0.77").json


def test_a_declaration_the_options_break_names_the_heap():
    def usually_one(n):
        return [] if n == 50 else [(n - 1,)] if n > 1 else [()] if n == 1 else []

    with pytest.raises(ValueError, match=r"options\(50\) is not"):
        nimlab.HeapGame(usually_one, name="odd", max_take=1, max_parts=1)
    with pytest.raises(ValueError, match="give both max_take and max_parts"):
        nimlab.HeapGame(kayles, name="half", max_take=2)
    with pytest.raises(ValueError, match="max_parts"):
        nimlab.HeapGame(kayles, name="many", max_take=2, max_parts=4)
    with pytest.raises(TypeError, match="max_take"):
        nimlab.HeapGame(kayles, name="typed", max_take="2", max_parts=2)


def test_an_undeclared_heap_game_has_no_certified_period():
    with pytest.raises(nimlab.NimlabError, match="no period"):
        nimlab.HeapGame(kayles, name="mine").period()


def test_options_are_asked_once_per_heap_size():
    calls = []

    def counted(n):
        calls.append(n)
        return take_or_split(n)

    game = nimlab.HeapGame(counted, name="counted")
    game.grundy(40)
    game.analyze([40, 12])
    assert sorted(calls) == list(range(41))


class Boom(Exception):
    pass


def test_an_exception_in_options_reaches_the_caller_unchanged():
    def options(n):
        if n == 5:
            raise Boom("no options for five")
        return take_or_split(n)

    game = nimlab.HeapGame(options, name="boom")
    with pytest.raises(Boom, match="no options for five"):
        game.grundy(10)
    # The values computed around the failure are not kept: smaller heaps still answer.
    assert [int(v) for v in game.grundy(4)] == grundy_table(take_or_split, 4)
    with pytest.raises(Boom):
        game.analyze([6, 1])


def test_a_wrong_return_value_is_a_type_error_naming_the_heap():
    game = nimlab.HeapGame(lambda n: "not options" if n == 3 else take_or_split(n), name="bad")
    with pytest.raises(TypeError, match=r"options\(3\) of the heap game bad returned 'not options'"):
        game.grundy(5)


def test_an_option_that_does_not_shrink_the_heap_is_a_value_error_or_nimlab_error():
    game = nimlab.HeapGame(lambda n: [(n + 1,)], name="grows")
    with pytest.raises((ValueError, nimlab.NimlabError), match="not smaller"):
        game.grundy(3)


def test_a_name_with_spaces_is_refused():
    with pytest.raises(ValueError, match="invalid name"):
        nimlab.HeapGame(take_or_split, name="two words")


if given is not None:

    @settings(max_examples=40, deadline=None)
    @given(
        takes=st.sets(st.integers(min_value=1, max_value=6), min_size=1, max_size=3),
        splits=st.booleans(),
    )
    def test_random_take_and_split_games_equal_the_mex_rule(takes, splits):
        def options(n):
            moves = [(n - k,) if n > k else () for k in sorted(takes) if k <= n]
            if splits:
                moves += [(a, n - a) for a in range(1, n // 2 + 1)]
            return moves

        game = nimlab.HeapGame(options, name="random")
        assert [int(v) for v in game.grundy(40)] == grundy_table(options, 40)


# --- built-in games ----------------------------------------------------------------


def test_positions_as_python_values_equal_their_text():
    nim = nimlab.game("nim")
    assert nim.analyze([3, 4, 5]).json == nim.analyze("3 4 5").json
    wythoff = nimlab.game("wythoff")
    assert wythoff.analyze((29, 51)).json == wythoff.analyze("29,51").json
    assert wythoff.analyze((29, 47)).outcome == "P"


def test_grundy_values_are_python_ints_of_any_size():
    heap = 10**40 + 12345
    analysis = nimlab.game("nim").analyze([heap])
    assert analysis.grundy == heap and isinstance(analysis.grundy, int)


def test_bad_input_is_a_value_error_with_the_command_lines_line():
    with pytest.raises(ValueError, match="invalid"):
        nimlab.game("no-such-game")
    with pytest.raises(ValueError, match="invalid"):
        nimlab.game("nim").analyze("3 x 5")
    with pytest.raises(TypeError):
        nimlab.game("nim").analyze(3.5)


def test_a_limit_is_a_limit_error():
    # Misère play of a game of the user's own is searched, for a bounded number of tokens.
    game = nimlab.HeapGame(take_or_split, name="t")
    with pytest.raises(nimlab.LimitError, match="at most 64 tokens"):
        game.analyze([30, 30, 30, 30], misere=True)
    with pytest.raises(nimlab.NimlabError, match="not played on heaps"):
        nimlab.game("wythoff").grundy(3)


def test_graph_reads_its_file(tmp_path):
    graph = tmp_path / "loop.txt"
    # 0 <-> 1 -> 2, and 3 -> 1, 3 <-> 4: a token on 0 loses, one on 3 draws.
    graph.write_text("5 6 0 1 1 0 1 2 3 1 3 4 4 3\n")
    game = nimlab.game(f"graph:{graph}")
    assert game.analyze("0").outcome == "P"
    drawn = game.analyze("3")
    assert drawn.outcome == "D" and drawn.grundy is None
    assert drawn.json == cli_json("analyze", f"graph:{graph}", "3", False)
    with pytest.raises(ValueError, match="file"):
        nimlab.game(f"graph:{tmp_path / 'missing.txt'}")


def test_grundy_of_kayles_is_a_uint32_array():
    values = nimlab.game("kayles").grundy(20)
    assert [int(v) for v in values] == grundy_table(kayles, 20)
    try:
        import numpy
    except ImportError:
        return
    assert values.dtype == numpy.uint32


# --- against the command line ------------------------------------------------------


def cli():
    path = os.environ.get("NIMLAB_CLI") or shutil.which("nimlab")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("the nimlab binary is missing (set NIMLAB_CLI) and CI is set")
        pytest.skip("the nimlab binary is missing: set NIMLAB_CLI to compare with it")
    return path


def cli_json(command, spec, position, misere):
    args = [cli(), command, spec, position, "--json"] + (["--misere"] if misere else [])
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return json.loads(out)


QUESTIONS = [
    ("nim", "3 4 5"),
    ("kayles", "4 7 9"),
    ("subtraction:1,3,4", "10 1000000000000000000000"),
    ("octal:0.137", "12 5"),
    ("wythoff", "29,51"),
    ("wythoff", "10,3"),
    ("grundy-game", "7 8"),
    ("lasker", "5 6"),
    ("take:3", "9 2"),
    ("fibonacci", "20"),
]


@pytest.mark.parametrize("spec,position", QUESTIONS)
@pytest.mark.parametrize("misere", [False, True])
def test_analyze_equals_the_command_line(spec, position, misere):
    game = nimlab.game(spec)
    try:
        expected = cli_json("analyze", spec, position, misere)
    except subprocess.CalledProcessError as refused:
        with pytest.raises((ValueError, nimlab.NimlabError)):
            game.analyze(position, misere=misere)
        assert refused.stderr.strip()
        return
    assert game.analyze(position, misere=misere).json == expected


@pytest.mark.parametrize("spec,position", QUESTIONS)
def test_moves_equal_the_command_line(spec, position):
    game = nimlab.game(spec)
    assert game.moves(position).json == cli_json("moves", spec, position, False)


# --- periods -----------------------------------------------------------------------


def cli_run(*args):
    """The command line's output of `nimlab ARGS`, or the CalledProcessError it ends with."""
    return subprocess.run([cli(), *args], capture_output=True, text=True, check=True).stdout


def fresh_json(expression):
    """The JSON of `expression` (of nimlab) computed in a fresh interpreter: a period's
    count of values computed depends on how far the games of its spec, which share
    their values within a process, had been computed before, as in the command line's
    own process."""
    program = f"import json, nimlab; print(json.dumps(({expression}).json))"
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


PERIOD_SPECS = ["kayles", "octal:0.137", "subtraction:1,3,4", "take:3", "grundy-game", "nim", "lasker"]


@pytest.mark.parametrize("spec", PERIOD_SPECS)
def test_period_equals_the_command_line(spec):
    try:
        expected = json.loads(cli_run("period", spec, "--json"))
    except subprocess.CalledProcessError as refused:
        with pytest.raises(nimlab.NimlabError):
            nimlab.game(spec).period()
        assert refused.returncode == 1
        return
    assert fresh_json(f"nimlab.game({spec!r}).period()") == expected
    period = nimlab.game(spec).period()
    assert (period.preperiod, period.period, period.theorem) == (
        expected["preperiod"],
        expected["period"],
        expected["theorem"],
    )


def test_a_period_is_checked_against_the_values():
    for spec in ("kayles", "octal:0.137", "subtraction:2,5,7"):
        period = nimlab.game(spec).period()
        values = [int(v) for v in nimlab.game(spec).grundy(period.preperiod + 5 * period.period)]
        for n in range(period.preperiod, len(values) - period.period):
            assert values[n + period.period] == values[n], (spec, n)


def test_period_with_max_equals_the_command_line():
    assert fresh_json('nimlab.game("octal:0.137").period(max=2000)') == json.loads(
        cli_run("period", "octal:0.137", "--max", "2000", "--json")
    )


def test_no_period_within_the_bound_is_a_nimlab_error():
    # 0.167 has no period in its first 2^28 values, so none in the first 1000.
    with pytest.raises(nimlab.NimlabError, match="no period in the first 1000 values"):
        nimlab.game("octal:0.167").period(max=1000)
    with pytest.raises(nimlab.LimitError, match="ran out of the time"):
        nimlab.game("octal:0.167").period(max=10**8, time_limit=0.05)


def test_period_refuses_what_the_command_line_refuses():
    with pytest.raises(ValueError, match="invalid game for max 'subtraction:1,3,4'"):
        nimlab.game("subtraction:1,3,4").period(max=100)
    with pytest.raises(ValueError, match="invalid max '0'"):
        nimlab.game("kayles").period(max=0)
    with pytest.raises(nimlab.NimlabError, match="not played on heaps"):
        nimlab.game("wythoff").period()


# --- limits of the nim-sequence table ----------------------------------------------


@pytest.mark.parametrize("spec", ["octal:0.137", "kayles", "nim", "lasker", "take:3"])
def test_a_table_beyond_its_time_limit_is_a_limit_error(spec):
    # These tables come from a period or a closed form, without a step per value.
    with pytest.raises(nimlab.LimitError, match="ran out of the time"):
        nimlab.game(spec).grundy(10**7, time_limit=0.001)


def test_a_table_beyond_the_limit_of_memory_is_refused_before_it_is_built():
    with pytest.raises(ValueError, match="invalid upto '1000000000000': expected at most 100000000"):
        nimlab.game("kayles").grundy(10**12)
    with pytest.raises(ValueError, match="invalid upto"):
        nimlab.game("kayles").grundy(-1)


def test_max_positions_bounds_every_question_of_a_built_in_game():
    # A table holds one entry per value; a search a few per position it keeps.
    with pytest.raises(nimlab.LimitError, match=r"max_positions=1000; a larger max_positions allows more"):
        nimlab.game("octal:0.161").grundy(10**5, max_positions=1000)
    with pytest.raises(nimlab.LimitError, match="max_positions=50"):
        nimlab.game("turtles").analyze("HHHHHHHHHH", misere=True, max_positions=50)
    with pytest.raises(nimlab.LimitError, match="max_positions=50"):
        nimlab.game("octal:0.07").moves("10 11 12", misere=True, max_positions=50)
    with pytest.raises(nimlab.LimitError, match="max_positions=100"):
        nimlab.game("octal:0.161").sequence(10**4, max_positions=100)
    with pytest.raises(nimlab.LimitError, match="max_positions=100"):
        nimlab.game("octal:0.161").period(max=10**5, max_positions=100)
    with pytest.raises(nimlab.LimitError, match="max_positions=10"):
        list(nimlab.census(1, 10**5, max_positions=10))
    with pytest.raises(nimlab.LimitError, match="max_positions=10"):
        nimlab.HeapGame(kayles, name="my-kayles").grundy(100, max_positions=10)
    # Within the bound, the same answers as without one.
    turtles = nimlab.game("turtles")
    assert turtles.analyze("HHHHHHHHHH", misere=True, max_positions=10**6).json == turtles.analyze(
        "HHHHHHHHHH", misere=True
    ).json
    # A table as long as the command line's allows is not bounded by a question's memory.
    assert len(nimlab.game("nim").grundy(2**25 + 10)) == 2**25 + 11
    assert list(nimlab.game("octal:0.161").grundy(1000, max_positions=1001)) == list(
        nimlab.game("octal:0.161").grundy(1000)
    )


@pytest.mark.parametrize("bad, error", [(0, ValueError), (-5, ValueError), ("many", TypeError), (1.5, TypeError)])
def test_max_positions_must_be_a_count(bad, error):
    with pytest.raises(error, match=f"invalid max_positions {bad!r}" if error is TypeError else f"invalid max_positions {bad}"):
        nimlab.game("nim").analyze([3, 4], max_positions=bad)


# --- nimlab.seq --------------------------------------------------------------------


def brute_fusc(n):
    """fusc by its recurrence."""
    if n < 2:
        return n
    return brute_fusc(n // 2) if n % 2 == 0 else brute_fusc(n // 2) + brute_fusc(n // 2 + 1)


def brute_wythoff_pairs(count):
    """a_k = mex of the numbers in earlier pairs, b_k = a_k + k."""
    used, pairs = set(), []
    for k in range(count):
        a = mex(used) if k else 0
        pairs.append((a, a + k))
        used |= {a, a + k}
    return pairs


def brute_fibonacci(count):
    numbers = [0, 1]
    while len(numbers) < count:
        numbers.append(numbers[-1] + numbers[-2])
    return numbers[:count]


def test_seq_equals_brute_force_for_small_n():
    from nimlab import seq

    assert [seq.fusc(n) for n in range(300)] == [brute_fusc(n) for n in range(300)]
    assert list(seq.fusc_terms(300)) == [brute_fusc(n) for n in range(300)]
    assert list(seq.wythoff_pairs(200)) == brute_wythoff_pairs(200)
    assert [seq.wythoff_pair(k) for k in range(200)] == brute_wythoff_pairs(200)
    fib = brute_fibonacci(120)
    assert list(seq.fibonacci_numbers(120)) == fib
    assert [seq.fibonacci(n) for n in range(120)] == fib
    for n in range(500):
        terms = seq.zeckendorf(n)
        indices = seq.zeckendorf(n, indices=True)
        assert sum(terms) == n and terms == [fib[i] for i in indices]
        # Distinct, non-consecutive indices from 2 up, largest first.
        assert all(i >= 2 for i in indices)
        assert all(a - b >= 2 for a, b in zip(indices, indices[1:]))


def test_seq_equals_the_command_line():
    from nimlab import seq

    def numbers(text):
        return [int(word) for word in text.replace(",", " ").replace("(", " ").replace(")", " ").split()]

    assert list(seq.fusc_terms(50)) == numbers(cli_run("seq", "fusc"))
    assert list(seq.fusc_terms(1000)) == numbers(cli_run("seq", "fusc", "--count", "1000"))
    big = 3**200 + 12345
    assert seq.fusc(big) == int(cli_run("seq", "fusc", "--at", str(big)))
    assert [x for pair in seq.wythoff_pairs(30) for x in pair] == numbers(cli_run("seq", "wythoff", "--count", "30"))
    assert list(seq.wythoff_pair(10**40 + 7)) == numbers(cli_run("seq", "wythoff", "--at", str(10**40 + 7)))
    assert seq.fibonacci(1000) == int(cli_run("seq", "fibonacci", "--at", "1000"))
    for n in (0, 1000, 10**30 + 1):
        line = cli_run("seq", "zeckendorf", str(n))
        terms = [] if "(the empty sum)" in line else numbers(line.split("=")[1].replace("+", " "))
        assert seq.zeckendorf(n) == terms, line
        assert seq.zeckendorf(n, indices=True) == numbers(cli_run("seq", "zeckendorf", str(n), "--indices"))


def test_seq_numbers_of_any_size():
    from nimlab import seq

    # Beyond Python's default limit of 4300 decimal digits for int <-> str.
    huge = 7**10000
    a, b = seq.wythoff_pair(huge)
    assert b - a == huge
    assert len(seq.zeckendorf(huge, indices=True)) > 100


def test_seq_refuses_what_the_command_line_refuses():
    from nimlab import seq

    with pytest.raises(ValueError, match="invalid n '-1'"):
        seq.fusc(-1)
    with pytest.raises(TypeError, match="invalid n 2.5"):
        seq.fusc(2.5)
    with pytest.raises(ValueError, match="invalid n '10000001'"):
        seq.fibonacci(10**7 + 1)
    with pytest.raises(ValueError, match="invalid count '100001'"):
        seq.fibonacci_numbers(100_001)
    with pytest.raises(nimlab.LimitError, match="n has 2001 digits"):
        seq.zeckendorf(10**2000)


# --- misère quotients --------------------------------------------------------------


@pytest.mark.parametrize("spec", ["kayles", "octal:0.75", "subtraction:1,2", "octal:0.77", "subtraction:1,3,4", "octal:0.31"])
def test_quotient_equals_the_command_line(spec):
    try:
        expected = json.loads(cli_run("quotient", spec, "--json"))
    except subprocess.CalledProcessError as refused:
        with pytest.raises(nimlab.NimlabError):
            nimlab.quotient(spec)
        assert refused.returncode == 1
        return
    quotient = nimlab.quotient(spec)
    assert quotient.json == expected
    assert (quotient.order, quotient.presentation, quotient.p_portion, quotient.tame) == (
        expected["order"],
        expected["presentation"],
        expected["p_portion"],
        expected["tame"],
    )


def test_kayles_quotient_has_order_40_and_predicts_misere_outcomes():
    quotient = nimlab.quotient("kayles")
    assert quotient.order == 40 and quotient.tame is None and "d" in quotient.p_portion
    # The pretending function of one heap: a heap whose class is in the P-portion is
    # lost for the player to move in misère play, and only those.
    phi = quotient.pretending
    for n in range(1, 25):
        cls = phi[n] if n < len(phi) else phi[quotient.preperiod + (n - quotient.preperiod) % quotient.period]
        assert (cls in quotient.p_portion) == (brute_outcome(kayles, [n], True) == "P"), n


def test_quotient_limits_are_errors_saying_how_far_it_got():
    with pytest.raises(nimlab.LimitError, match=r"stopped at heap \d+ by the time limit of 0.05 s \(solved through heap"):
        nimlab.quotient("octal:0.167", time_limit=0.05)
    with pytest.raises(nimlab.NimlabError, match="no period of the pretending function certified with heaps up to 10"):
        nimlab.quotient("octal:0.137", max_heap=10)
    with pytest.raises(ValueError, match="invalid game 'nim' for quotient"):
        nimlab.quotient("nim")
    with pytest.raises(ValueError, match="invalid max_heap '0'"):
        nimlab.quotient("kayles", max_heap=0)


# --- graphs from Python's edges ----------------------------------------------------


def brute_loopy_outcomes(vertices, edges):
    """'N', 'P' or 'D' of one token on each vertex, by retrograde analysis: a vertex
    without a move is lost, one with a move to a lost vertex won, one whose moves all
    reach won vertices lost; the rest draw."""
    successors = {v: [w for u, w in edges if u == v] for v in range(vertices)}
    outcome = {}
    changed = True
    while changed:
        changed = False
        for v in range(vertices):
            if v in outcome:
                continue
            after = [outcome.get(w) for w in successors[v]]
            if "P" in after:
                outcome[v], changed = "N", True
            elif all(o == "N" for o in after):
                outcome[v], changed = "P", True
    return [outcome.get(v, "D") for v in range(vertices)]


LOOPY_EDGES = [(0, 1), (1, 0), (1, 2), (3, 1), (3, 4), (4, 3), (5, 5), (5, 2), (6, 5), (6, 7)]


def test_a_graph_of_edges_equals_the_command_line_on_its_file(tmp_path):
    path = tmp_path / "loopy.txt"
    path.write_text(f"8 {len(LOOPY_EDGES)} " + " ".join(f"{u} {v}" for u, v in LOOPY_EDGES) + "\n")
    game = nimlab.graph(LOOPY_EDGES)
    assert game.spec == "graph:<edges>"
    expected = brute_loopy_outcomes(8, LOOPY_EDGES)
    for vertex in range(8):
        analysis = game.analyze(vertex)
        assert analysis.outcome == expected[vertex], vertex
        from_file = cli_json("analyze", f"graph:{path}", str(vertex), False)
        mine = dict(analysis.json, game=from_file["game"])
        assert mine == from_file
    for position in ("0 3", "6 2", "5 7"):
        from_file = cli_json("moves", f"graph:{path}", position, False)
        assert dict(game.moves(position).json, game=from_file["game"]) == from_file


def test_a_graph_takes_more_vertices_than_its_edges_name():
    game = nimlab.graph([(0, 1)], vertices=4)
    assert game.analyze(3).outcome == "P" and game.analyze(0).outcome == "N"
    assert nimlab.graph([]).analyze(0).outcome == "P"


def test_bad_edges_are_refused():
    with pytest.raises(TypeError, match="invalid edge"):
        nimlab.graph([(0, -1)])
    with pytest.raises(TypeError, match="invalid edge"):
        nimlab.graph([(0, 1, 2)])
    with pytest.raises(ValueError, match="invalid"):
        nimlab.graph([(0, 5)], vertices=3)
    with pytest.raises(ValueError, match="invalid vertex count"):
        nimlab.graph([(0, 1)], vertices=10**12)


# --- the census of octal codes -----------------------------------------------------


def cli_census(*args):
    out = cli_run("census", "--jobs", "1", *args)
    return [json.loads(line) for line in out.splitlines()]


def test_census_equals_the_command_line():
    assert list(nimlab.census(1, 1000)) == cli_census("--digits", "1", "--upto", "1000")
    assert list(nimlab.census(2, 500)) == cli_census("--digits", "2", "--upto", "500")
    assert list(nimlab.census(1, 300, misere=True)) == cli_census("--digits", "1", "--upto", "300", "--misere")


def test_census_periods_hold_on_the_values():
    for line in nimlab.census(2, 2000):
        if "period" not in line:
            assert line["bound_reached"] == 2000
            continue
        values = [int(v) for v in nimlab.game("octal:" + line["code"]).grundy(line["values_needed"] + line["period"])]
        pre, period = line["preperiod"], line["period"]
        assert all(values[n + period] == values[n] for n in range(pre, len(values) - period)), line


def test_census_refuses_bad_arguments_at_once():
    with pytest.raises(ValueError, match="invalid digits '7'"):
        nimlab.census(7)
    with pytest.raises(ValueError, match="invalid upto '0'"):
        nimlab.census(1, 0)
    with pytest.raises(nimlab.LimitError):
        list(nimlab.census(1, 10**8, time_limit=0.01))  # 0.6 has no period in 10^8 values


# --- notebooks ----------------------------------------------------------------------


def test_analyses_moves_and_quotients_show_as_html_tables():
    analysis = nimlab.game("nim").analyze([3, 4, 5])
    table = analysis._repr_html_()
    assert table.startswith("<table>") and table.count("<tr>") == 1 + len(analysis.winning_moves)
    assert "Grundy value 2" in table and "1 4 5" in table
    moves = nimlab.game("nim").moves([1, 2])
    assert moves._repr_html_().count("<tr>") == 1 + len(moves) == 4
    quotient = nimlab.quotient("kayles")._repr_html_()
    assert "order 40" in quotient and "P-portion" in quotient
    # Text is escaped, not markup.
    escaped = nimlab._html_table("x<y", ["a&b"], [["<i>"]])
    assert "&lt;i&gt;" in escaped and "x&lt;y" in escaped and "a&amp;b" in escaped


def test_a_sequence_shows_the_plot_the_command_line_draws(tmp_path):
    sequence = nimlab.game("kayles").sequence(200)
    assert [int(v) for v in sequence.values] == [int(v) for v in nimlab.game("kayles").grundy(200)]
    plot = tmp_path / "kayles.svg"
    cli_run("grundy", "kayles", "--upto", "200", "--plot", str(plot))
    assert sequence._repr_svg_() == plot.read_text()
    assert sequence.svg.count("<circle") == 201


def test_ctrl_c_stops_a_long_question_of_a_built_in_game():
    # Grundy's game to 2·10^7 takes minutes; Ctrl-C half a second in must end it with
    # KeyboardInterrupt, well before the minute this test waits.
    script = (
        "import nimlab, signal\n"
        # Python keeps SIGINT ignored when started with it ignored (a background job).
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "print('started', flush=True)\n"
        "try:\n"
        "    nimlab.game('grundy-game').grundy(2 * 10**7, time_limit=None)\n"
        "    print('finished')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted')\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=dict(os.environ)
    )
    assert child.stdout.readline().strip() == "started"
    import signal
    import time

    time.sleep(0.5)
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    assert out.strip() == "interrupted"


def test_values_of_more_than_4300_digits_come_back_as_ints():
    heap = 10**5000 + 12345
    analysis = nimlab.game("nim").analyze([heap])
    assert analysis.grundy == heap
    moves = nimlab.game("nim").moves([heap, 3], max_moves=2)
    assert moves.moves[0].grundy == 0
    assert nimlab._decimal("0" * 9000 + "7") == 7
    assert nimlab._decimal("9" * 9000) == 10**9000 - 1
    assert nimlab._decimal(nimlab._decimal_text(3**30000)) == 3**30000
    assert nimlab._decimal_text(10**9000 + 5).endswith("0" * 100 + "5")
