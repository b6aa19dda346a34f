"""How long Ctrl-C takes to raise KeyboardInterrupt inside a long computation.

Issue 27 asks for KeyboardInterrupt within 0.2 s, even inside a long computation in
Rust. A defined game whose positions never end (n -> n + 1 or n + 2) is analyzed
without a time limit; SIGINT is raised after 0.3, 1, 2 and 4 seconds, by when the
question has met hundreds of thousands to millions of positions, and the time from the
signal to the exception is measured (wall time, the worst of three runs each).

    PYTHONPATH=DIR_WITH_THE_PACKAGE python3 crates/nimlab-py/benches/interrupt_latency.py

with the package's extension a release build.
"""

import signal
import threading
import time

import nimlab


def endless(n):
    return (n + 1, n + 2)


def latency(after_seconds):
    """Seconds from SIGINT, raised `after_seconds` into the question, to the exception."""
    game = nimlab.define(endless, name="endless")
    sent = []

    def interrupt():
        sent.append(time.perf_counter())
        signal.raise_signal(signal.SIGINT)

    timer = threading.Timer(after_seconds, interrupt)
    timer.start()
    try:
        game.analyze(0, time_limit=None, max_positions=10**9)
    except KeyboardInterrupt:
        return time.perf_counter() - sent[0]
    finally:
        timer.cancel()
    raise AssertionError("the question ended before the signal")


def main():
    # Python keeps SIGINT ignored when started with it ignored (a background job).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    for after in (0.3, 1.0, 2.0, 4.0):
        worst = max(latency(after) for _ in range(3))
        print(f"SIGINT after {after:.1f} s: KeyboardInterrupt within {worst * 1000:.0f} ms (worst of 3)")


if __name__ == "__main__":
    main()
