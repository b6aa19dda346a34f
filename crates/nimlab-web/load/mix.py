#!/usr/bin/env python3
"""A load test of `nimlab serve`: many clients asking cheap and expensive questions at
once, with latency per class, resident memory over time, and every answer checked.

Usage: mix.py NIMLAB_BINARY [--seconds 20] [--clients 200] [--expensive 40] [--oha oha]

The clients are `oha` runs (one per kind of request, each with its share of the
connections), all at once for the same time:
- cheap: `analyze nim 3 4 5` (the rest of the clients);
- expensive, half the expensive clients each: misère `moves` of `kayles + nim` at
  `10 + 11 11` (about 1.5 s of search, answered), and the period of `hex:0.fff`
  (values of cubic cost: it runs to the request's 5 s deadline, a 503).
With --polite the expensive clients are threads here that wait the second a 503's
Retry-After asks before asking again, and their latencies are those of the questions
answered; without it they are oha runs that ask again at once, as an attacker would.
Meanwhile a checker asks varied questions whose answers are known independently
(nim-sums, Kayles values by mex, misère play of `kayles + nim` by brute force here)
and counts wrong answers, and the server's VmRSS is sampled every half second.
Only loopback traffic; everything stops after the given time.
"""
import argparse
import functools
import json
import random
import subprocess
import sys
import threading
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from memory import memory, post, served  # noqa: E402

CHEAP = ("/api/analyze", {"game": "nim", "position": "3 4 5"})
EXPENSIVE = [
    ("/api/moves", {"game": "kayles + nim", "position": "10 + 11 11", "misere": True}),
    ("/api/period", {"game": "hex:0.fff"}),
]


@functools.lru_cache(maxsize=None)
def kayles_value(n):
    """Kayles' Grundy value of a row of n pins, by mex over every move."""
    options = {kayles_value(i) ^ kayles_value(n - take - i)
               for take in (1, 2) for i in range(n - take + 1)}
    return next(g for g in range(len(options) + 1) if g not in options)


@functools.lru_cache(maxsize=None)
def misere_mover_wins(rows, heaps):
    """Whether the player to move wins misère `kayles + nim` (sorted tuples)."""
    moves = []
    for i, row in enumerate(rows):
        rest = rows[:i] + rows[i + 1:]
        for take in (1, 2):
            for left in range(row - take + 1):
                parts = [p for p in (left, row - take - left) if p > 0]
                moves.append((tuple(sorted(rest + tuple(parts))), heaps))
    for i, heap in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        for smaller in range(heap):
            moves.append((rows, tuple(sorted(rest + ((smaller,) if smaller else ())))))
    if not moves:
        return True  # misère: the player who cannot move wins
    return any(not misere_mover_wins(*move) for move in moves)


def parse_sum(text):
    rows, _, heaps = text.partition("+")
    as_tuple = lambda part: tuple(sorted(int(t) for t in part.split() if int(t) > 0))
    return as_tuple(rows), as_tuple(heaps)


def check_answer(path, body, answer):
    """None if the answer is right, else what is wrong."""
    if path == "/api/analyze" and body["game"] == "nim":
        heaps = [int(h) for h in body["position"].split()]
        nim_sum = functools.reduce(lambda a, b: a ^ b, heaps, 0)
        # Numbers beyond 2^53 are decimal strings.
        grundy = int(answer.get("grundy", -1))
        if grundy != nim_sum or answer.get("outcome") != ("P" if nim_sum == 0 else "N"):
            return f"nim {heaps}: {answer.get('grundy')} {answer.get('outcome')}"
    elif path == "/api/grundy":
        expected = [kayles_value(n) for n in range(body["upto"] + 1)]
        if answer.get("values") != expected:
            return f"kayles values to {body['upto']}"
    elif path == "/api/moves":
        for move in answer["moves"]:
            wins = not misere_mover_wins(*parse_sum(move["to"]))
            if (move["result"] == "win") != wins:
                return f"misère {body['position']} -> {move['to']}: {move['result']}"
        if answer["count"] != len(answer["moves"]):
            return "count"
    return None


def checker(port, stop, tally, lock):
    rng = random.Random(threading.get_ident())
    while not stop.is_set():
        roll = rng.random()
        if roll < 0.7:
            heaps = " ".join(str(rng.randrange(0, 10 ** rng.randrange(1, 30))) for _ in range(rng.randrange(1, 6)))
            path, body = "/api/analyze", {"game": "nim", "position": heaps}
        elif roll < 0.9:
            path, body = "/api/grundy", {"game": "kayles", "upto": rng.randrange(1, 200)}
        else:
            path, body = EXPENSIVE[0]
        status, raw = post(port, path, body, timeout=30, whole=True)
        with lock:
            if status != 200:
                tally["refused"] += 1
                continue
            wrong = check_answer(path, body, json.loads(raw))
            tally["checked"] += 1
            if wrong:
                tally["wrong"] += 1
                print(f"WRONG: {wrong}", flush=True)


def oha(binary, port, path, body, clients, seconds):
    command = [binary, "-z", f"{seconds}s", "-c", str(clients), "--no-tui", "--output-format", "json",
               "-m", "POST", "-H", "content-type: application/json", "-d", json.dumps(body),
               f"http://127.0.0.1:{port}{path}"]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def polite(port, path, body, stop, results):
    """Ask again and again until `stop`, waiting a second after each 503."""
    while not stop.is_set():
        begin = time.time()
        status, _ = post(port, path, body, timeout=30)
        results.append((status, time.time() - begin))
        if status == 503:
            time.sleep(1)


def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(fraction * len(values)))] if values else float("nan")


def polite_summary(name, clients, results):
    codes = {}
    for status, _ in results:
        codes[status] = codes.get(status, 0) + 1
    answered = [seconds for status, seconds in results if status != 503]
    ms = lambda fraction: f"{percentile(answered, fraction) * 1000:.0f}"
    return (f"| {name} (polite; latency of answers) | {clients} | {len(results)} | {ms(0.5)} | "
            f"{ms(0.99)} | {', '.join(f'{k}: {v}' for k, v in sorted(codes.items(), key=str))} |")


def summary(name, clients, output):
    report = json.loads(output)
    latency = report.get("latencyPercentiles", {})
    codes = report.get("statusCodeDistribution", {})
    errors = report.get("errorDistribution", {})
    total = sum(codes.values()) + sum(errors.values())
    ms = lambda key: f"{latency.get(key, float('nan')) * 1000:.0f}"
    return (f"| {name} | {clients} | {total} | {ms('p50')} | {ms('p99')} | "
            f"{', '.join(f'{k}: {v}' for k, v in sorted(codes.items()))}"
            f"{'; errors ' + json.dumps(errors) if errors else ''} |")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--expensive", type=int, default=40)
    parser.add_argument("--checkers", type=int, default=4)
    parser.add_argument("--oha", default="oha")
    parser.add_argument("--polite", action="store_true")
    args = parser.parse_args()
    with served(args.binary) as (server, port):
        samples = []
        stop = threading.Event()

        def sample():
            begin = time.time()
            while not stop.is_set():
                samples.append((time.time() - begin, memory(server.pid)["VmRSS"]))
                time.sleep(0.5)

        tally = {"checked": 0, "wrong": 0, "refused": 0}
        lock = threading.Lock()
        threads = [threading.Thread(target=sample)] + [
            threading.Thread(target=checker, args=(port, stop, tally, lock)) for _ in range(args.checkers)]
        cheap_clients = args.clients - args.expensive - args.checkers
        half = args.expensive // 2
        runs = [("cheap: analyze nim", cheap_clients, oha(args.oha, port, *CHEAP, cheap_clients, args.seconds))]
        polite_runs = []
        for (path, body), clients in zip(EXPENSIVE, (half, args.expensive - half)):
            if clients == 0:
                continue
            name = (f"expensive: misère moves {body['game']} {body['position']}" if "position" in body
                    else f"expensive: period {body['game']}")
            if args.polite:
                results = []
                polite_runs.append((name, clients, results))
                threads += [threading.Thread(target=polite, args=(port, path, body, stop, results))
                            for _ in range(clients)]
            else:
                runs.append((name, clients, oha(args.oha, port, path, body, clients, args.seconds)))
        for thread in threads:
            thread.start()
        outputs = [(name, clients, run.communicate()[0]) for name, clients, run in runs]
        stop.set()
        for thread in threads:
            thread.join()
        peak = memory(server.pid)
    print(f"{args.clients} clients for {args.seconds} s ({args.checkers} of them checking answers)\n")
    print("| class | clients | requests | p50 ms | p99 ms | statuses |\n|---|---|---|---|---|---|")
    for name, clients, output in outputs:
        print(summary(name, clients, output))
    for name, clients, results in polite_runs:
        print(polite_summary(name, clients, results))
    print(f"\nchecked answers: {tally['checked']}, wrong: {tally['wrong']}, "
          f"refused (busy): {tally['refused']}")
    print(f"resident memory (MB): peak {peak['VmHWM']}, at the end {peak['VmRSS']}; over time:")
    print("  " + " ".join(f"{t:.0f}s:{rss}" for t, rss in samples[::4]))
    sys.exit(1 if tally["wrong"] else 0)


if __name__ == "__main__":
    main()
