#!/usr/bin/env python3
"""The memory cases of issue 18, each against a fresh `nimlab serve`.

Usage: memory.py NIMLAB_BINARY [CASE ...]   (cases: copycat misere graph period together hostile)

"together" sends all four at once, 16 at a time. For each case it starts the server on a free loopback port, sends the case's
requests (a few at a time), and prints the answers' status codes and the server's
peak and current resident memory (VmHWM, VmRSS from /proc), then stops the server.
Only loopback traffic; every request has a client timeout.
"""
import concurrent.futures as cf
import contextlib
import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def served(binary, prefix=()):
    """A fresh `nimlab serve` on a free loopback port (run under `prefix`, e.g.
    prlimit), once it accepts connections: yields (process, port), stops it after."""
    port = free_port()
    server = subprocess.Popen([*prefix, binary, "serve", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port)).close()
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise SystemExit("the server did not start")
        yield server, port
    finally:
        server.terminate()
        server.wait()


def memory(pid):
    """VmHWM and VmRSS of a process, in MB."""
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmHWM", "VmRSS"):
                out[key] = int(value.split()[0]) // 1024
    return out


def post(port, path, body, timeout=60, whole=False):
    """POST JSON; the status and the answer's body (its first 200 bytes unless whole)."""
    limit = None if whole else 200
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as r:
            return r.status, r.read()[:limit]
    except urllib.error.HTTPError as e:
        return e.code, e.read()[:limit]
    except Exception as e:  # a refused or reset connection: the server may be gone
        return "error", str(e)[:200]


def requests(case):
    """(requests at once, [(path, body)]) of one case."""
    if case == "copycat":
        # 64 copycat games, m = 100 down to 37, each with its own table of rows.
        return 4, [("/api/analyze", {"game": f"copycat:{m}", "position": "100000"})
                   for m in range(100, 36, -1)]
    if case == "misere":
        body = {"game": "nim + nim", "position": "2000 + 2000", "misere": True}
        return 2, [(path, body) for path in ["/api/analyze", "/api/moves", "/api/computer-move"] * 2]
    if case == "graph":
        # A 20-byte graph that declares ten million vertices.
        body = {"game": "dag", "graph": "10000000 1 9999999 0", "position": "9999999"}
        return 8, [("/api/computer-move", body)] * 8
    if case == "period":
        return 4, [("/api/period", {"game": f"subtraction:1,{1000000 - 7919 * k}"})
                   for k in range(100)]
    if case == "hostile":
        # Questions just under the bounds: graphs that fit a long-lane request,
        # the longest sequences of different games, and big analyses, 12 at a time.
        graph = {"game": "dag", "graph": "1900000 1 1899999 0", "position": "1899999"}
        codes = ["0.137", "0.07", "0.16", "0.26", "0.34", "0.35", "0.36", "0.37", "0.45", "0.52"]
        sequences = [("/api/grundy", {"game": f"octal:{code}", "upto": 1048575}) for code in codes]
        return 12, [("/api/computer-move", graph)] * 10 + sequences + sequences[::-1]
    if case == "together":
        # Every case at once, interleaved, 16 requests at a time.
        batches = [requests(name)[1] for name in ["copycat", "misere", "graph", "period"]]
        mixed = [r for group in zip(*[b * (100 // len(b) + 1) for b in batches]) for r in group]
        return 16, mixed[:240]
    raise SystemExit(f"no case {case}")


def main():
    binary, cases = sys.argv[1], sys.argv[2:] or ["copycat", "misere", "graph", "period", "together", "hostile"]
    for case in cases:
        with served(binary) as (server, port):
            width, batch = requests(case)
            start = time.time()
            with cf.ThreadPoolExecutor(width) as pool:
                answers = list(pool.map(lambda r: post(port, *r), batch))
            codes = {}
            for status, _ in answers:
                codes[status] = codes.get(status, 0) + 1
            alive = server.poll() is None
            line = f"{case}: {time.time() - start:.1f} s, answers {codes}"
            if alive:
                line += ", memory (MB) {}".format(memory(server.pid))
            else:
                line += f", the server died (exit {server.returncode})"
            print(line, flush=True)
            odd = [a for a in answers if a[0] != 200][:1]
            if odd:
                print(f"  e.g. {odd[0]}")

if __name__ == "__main__":
    main()
