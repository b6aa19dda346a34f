"""Two of issue 27's benchmarks of the Python package against the engine's own cost.

1. `nimlab.game("octal:0.167").grundy(2**22)` against the command line's
   `nimlab grundy octal:0.167 --upto 4194304` (its output to /dev/null): the same
   engine, without a step per value in Python. Target: at most 1.1x the command line.
   Measured twice: a whole fresh interpreter running the call (its start and the
   import of numpy, about 0.1 s, included), and the call alone in it.
2. A heap game whose `options` is Kayles written in Python, `grundy(3000)`, against
   calling `options(n)` alone for every n up to 3000. Target: at most 1.5x.

    PYTHONPATH=DIR_WITH_THE_PACKAGE python3 crates/nimlab-py/benches/engine_overhead.py NIMLAB

where NIMLAB is a release build of the command line and the package's extension is a
release build too. Times are CPU time (user + system; child processes for the
command line and for each fresh interpreter of the first benchmark), the best of five
runs.
"""

import resource
import subprocess
import sys
import time

import nimlab


def best_of(runs, work):
    best = None
    for _ in range(runs):
        started = time.process_time()
        work()
        spent = time.process_time() - started
        best = spent if best is None else min(best, spent)
    return best


def child_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def command_line(nimlab_binary, *args):
    best = None
    for _ in range(5):
        before = child_cpu()
        subprocess.run([nimlab_binary, *args], stdout=subprocess.DEVNULL, check=True)
        spent = child_cpu() - before
        best = spent if best is None else min(best, spent)
    return best


def kayles(n):
    rows = [(a, n - k - a) for k in (1, 2) if k <= n for a in range((n - k) // 2 + 1)]
    return [tuple(r for r in row if r) for row in rows]


def main():
    binary = sys.argv[1]
    upto = 2**22
    cli = command_line(binary, "grundy", "octal:0.167", "--upto", str(upto))
    # In a fresh interpreter each time (its start and the import included), as the
    # command line starts afresh: within one process, games of one spec share tables.
    question = f"import nimlab; nimlab.game('octal:0.167').grundy({upto}, time_limit=None)"
    python = command_line(sys.executable, "-c", question)
    print(
        f"octal:0.167 to 2^22: command line {cli:.3f} s, Python {python:.3f} s (the "
        f"interpreter's start and numpy's import included), ratio {python / cli:.2f}"
    )
    # The call alone, timed inside a fresh interpreter once nimlab and numpy are loaded.
    timed = (
        "import time, nimlab, numpy; started = time.process_time(); "
        f"nimlab.game('octal:0.167').grundy({upto}, time_limit=None); "
        "print(time.process_time() - started)"
    )
    call = min(
        float(subprocess.run([sys.executable, "-c", timed], capture_output=True, text=True, check=True).stdout)
        for _ in range(5)
    )
    print(f"octal:0.167 to 2^22: the call alone {call:.3f} s, ratio {call / cli:.2f}")

    alone = best_of(5, lambda: [kayles(n) for n in range(3001)])
    engine = best_of(
        5, lambda: nimlab.HeapGame(kayles, name="my-kayles").grundy(3000, time_limit=None)
    )
    print(
        f"Kayles in Python to 3000: options alone {alone:.3f} s, grundy {engine:.3f} s, "
        f"ratio {engine / alone:.2f}"
    )


if __name__ == "__main__":
    main()
