#!/usr/bin/env python3
"""The issue's attacks on `nimlab serve`, each against a fresh server on loopback.

Usage: attacks.py NIMLAB_BINARY [ATTACK ...]
Attacks: errors, host, slowloris, fds, readers, small, unread. Each prints what it saw and 'ok' or 'FAILED';
the exit status is 1 if any failed.

- errors: malformed HTTP (400), a huge address (414), two Host headers (400), huge headers (431), a wrong
  method (405), no such page (404), a body over the limit (413), a body that never
  arrives (408): every answer must be JSON {"error", "message"}.
- host: a foreign Host header is refused with a JSON 403; localhost is answered.
- slowloris: 500 sockets, idle or sending half a request head, while a normal
  request must still be answered, and none of the 500 may stay open past the header
  timeout (10 s) by more than a few seconds.
- fds: the server limited to 256 open files (prlimit); 300 idle sockets must not stop
  it: a normal request is answered, with the sockets still open.
- readers: 100 clients ask for a million values each and never read the answers:
  the server's memory stays bounded, a normal request is answered, and the server
  closes those connections (the write timeout).
- small: small requests that build large games (a heap of 10^7 beside a graph,
  Moore's Nim at 2^64, thousands of distinct octal codes or graph parts, misère sums
  of graphs), against a server under a 1 GiB address-space cap: each is answered or
  refused within 2 s with the server under 512 MB; then cheap requests' p99 while
  three clients repeat the worst (3,000 codes).
- unread: 20 clients ask for a position whose answer is megabytes long and never
  read it, against a server under a 1 GiB address-space cap.
"""
import json
import os
import socket
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from memory import memory, served  # noqa: E402

HEADER_TIMEOUT = 10


def exchange(port, raw, timeout=30):
    """Send raw bytes, read the answer until the server closes or it is complete."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        try:
            s.sendall(raw)
        except OSError:
            pass  # the server may answer and close before reading everything
        data = b""
        while True:
            try:
                chunk = s.recv(65536)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
            head, _, body = data.partition(b"\r\n\r\n")
            length = [int(l.split(b":")[1]) for l in head.lower().split(b"\r\n")
                      if l.startswith(b"content-length:")]
            if length and len(body) >= length[0]:
                break
    return data


def status_and_json(answer):
    head, _, body = answer.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1]) if head.startswith(b"HTTP/1.1 ") else None
    try:
        parsed = json.loads(body)
    except ValueError:
        parsed = None
    return status, parsed


def request(method, path, body=b"", host="localhost", extra=""):
    return (f"{method} {path} HTTP/1.1\r\nHost: {host}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\n{extra}\r\n").encode() + body


def normal_request(port, timeout=10):
    body = json.dumps({"game": "nim", "position": "3 4 5"}).encode()
    start = time.time()
    answer = exchange(port, request("POST", "/api/analyze", body), timeout=timeout)
    status, parsed = status_and_json(answer)
    ok = status == 200 and parsed is not None and parsed.get("grundy") == 2
    return ok, time.time() - start


def check(name, condition, detail=""):
    print(f"  {'ok' if condition else 'FAILED'}: {name} {detail}", flush=True)
    return condition


def attack_errors(binary):
    good = True
    with served(binary) as (server, port):
        cases = [
            ("malformed request line", b"GARBAGE\r\n\r\n", {400}),
            ("a bad header", b"GET / HTTP/1.1\r\nHost: localhost\r\nno colon here\r\n\r\n", {400}),
            ("a 70 KB address", f"GET /{'a' * 70000} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode(),
             {414}),
            ("two Host headers", b"GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n",
             {400}),
            ("20 KB of headers", request("GET", "/", extra=f"x-big: {'a' * 20000}\r\n"), {431}),
            ("a wrong method", request("PUT", "/api/analyze"), {405}),
            ("GET on a POST endpoint", request("GET", "/api/analyze"), {405}),
            ("no such page", request("GET", "/nothing"), {404}),
            ("a 2 MB body", request("POST", "/api/analyze", b"[" + b"1," * (1 << 20) + b"1]"), {413}),
            ("malformed JSON", request("POST", "/api/analyze", b"{\"game\":"), {400}),
        ]
        for name, raw, statuses in cases:
            status, parsed = status_and_json(exchange(port, raw))
            good &= check(name, status in statuses and isinstance(parsed, dict)
                          and bool(parsed.get("error")) and bool(parsed.get("message")),
                          f"-> {status} {json.dumps(parsed)[:100]}")
        # A body announced and never sent: answered after the body timeout.
        start_time = time.time()
        status, parsed = status_and_json(exchange(
            port, request("POST", "/api/analyze").replace(b"content-length: 0", b"content-length: 100")
            + b"{\"game\"", timeout=40))
        good &= check("a body that never arrives", status == 408 and isinstance(parsed, dict)
                      and "message" in parsed, f"-> {status} after {time.time() - start_time:.1f} s")
    return good


def attack_host(binary):
    good = True
    with served(binary) as (server, port):
        body = json.dumps({"game": "nim", "position": "3 4 5"}).encode()
        for host, expected in [("evil.example", 403), (f"evil.example:{port}", 403),
                               (f"localhost:{port}", 200), (f"127.0.0.1:{port}", 200),
                               (f"[::1]:{port}", 200)]:
            status, parsed = status_and_json(exchange(port, request("POST", "/api/analyze", body, host=host)))
            good &= check(f"Host: {host}", status == expected and isinstance(parsed, dict),
                          f"-> {status} {json.dumps(parsed)[:90]}")
    return good


def open_sockets(port, count, partial):
    sockets = []
    for i in range(count):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
        except OSError:
            break
        if partial and i % 2:
            s.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
        sockets.append(s)
    return sockets


def closed(s):
    """Whether the server closed the socket (without waiting): whatever it sent is
    read, then its end of the stream, or an error, says it closed."""
    s.setblocking(False)
    try:
        while True:
            if s.recv(1 << 20) == b"":
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        s.setblocking(True)


def attack_slowloris(binary):
    good = True
    with served(binary) as (server, port):
        sockets = open_sockets(port, 500, partial=True)
        good &= check("500 idle or half-sent sockets opened", len(sockets) == 500, f"({len(sockets)})")
        ok, seconds = normal_request(port)
        good &= check("a normal request is answered meanwhile", ok, f"in {seconds:.2f} s")
        time.sleep(HEADER_TIMEOUT + 3)
        still_open = sum(not closed(s) for s in sockets)
        good &= check(f"every socket is closed {HEADER_TIMEOUT + 3} s later", still_open == 0,
                      f"({still_open} still open)")
        ok, seconds = normal_request(port)
        good &= check("the server still answers", ok, f"in {seconds:.2f} s")
        for s in sockets:
            s.close()
    return good


def attack_fds(binary):
    good = True
    with served(binary, prefix=("prlimit", "--nofile=256:256")) as (server, port):
        sockets = open_sockets(port, 300, partial=False)
        good &= check("300 idle sockets opened", len(sockets) == 300, f"({len(sockets)})")
        time.sleep(0.5)
        ok, seconds = normal_request(port)
        good &= check("with 256 files, a normal request is answered", ok, f"in {seconds:.2f} s")
        shut = sum(closed(s) for s in sockets)
        print(f"  ({shut} of the 300 were closed to make room)")
        for s in sockets:
            s.close()
        ok, seconds = normal_request(port)
        good &= check("and again once they are gone", ok, f"in {seconds:.2f} s")
        good &= check("the server is alive", server.poll() is None)
    return good


def open_sockets_of(pid):
    """How many sockets a process has open."""
    count = 0
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            count += os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:")
        except OSError:
            pass
    return count


def attack_readers(binary):
    """100 clients ask for a million values each and never read the answer."""
    good = True
    with served(binary) as (server, port):
        body = json.dumps({"game": "grundy-game", "upto": 1048575}).encode()
        baseline = open_sockets_of(server.pid)
        sockets = []
        for _ in range(100):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.sendall(request("POST", "/api/grundy", body))
            sockets.append(s)
        peak = 0
        for _ in range(8):
            time.sleep(0.5)
            peak = max(peak, memory(server.pid)["VmRSS"])
        ok, seconds = normal_request(port)
        good &= check("a normal request is answered meanwhile", ok, f"in {seconds:.2f} s")
        good &= check("the unread answers stay within the server's memory", peak < 512,
                      f"(resident {peak} MB at most)")
        # The most a connection can last: its work's 5 s deadline and 5 s of grace,
        # 10 s waiting for its answer's share of memory, then 10 s of a write that
        # the client does not read (or, if the kernel's buffers took the whole
        # answer, 10 s idle waiting for a next request). The client cannot see the
        # close (the end of the stream waits behind the unread answer in the
        # kernel's buffers), so the server's own open sockets are counted.
        time.sleep(3 * HEADER_TIMEOUT + 2)
        left = open_sockets_of(server.pid) - baseline
        good &= check("the server closed the connections whose answers are not read",
                      left <= 0, f"({left} of its sockets left {3 * HEADER_TIMEOUT + 6} s later)")
        for s in sockets:
            s.close()
    return good


def octal_codes(count):
    """`count` distinct octal codes of up to five digits."""
    return [f"octal:0.{code:05o}" for code in range(1, 8 * count) if code % 8][:count]


def graph_text(vertices):
    """A graph of `vertices` vertices, each with a move to the next two."""
    edges = [(v, w) for v in range(vertices) for w in (v + 1, v + 2) if w < vertices]
    return f"{vertices} {len(edges)} " + " ".join(f"{v} {w}" for v, w in edges)


def small_requests():
    """(name, path, body) of the small requests that build large games."""
    example = "4 4 1 0 2 0 3 1 3 2"
    big_graph = graph_text(12_000)
    return [
        ("a heap of 10^7 beside a graph (90 bytes)", "/api/moves",
         {"game": "nim + graph:a", "graph": example, "position": "10000000 + 3"}),
        ("Lasker's Nim beside a graph", "/api/moves",
         {"game": "lasker + graph:a", "graph": example, "position": "10000000 + 3"}),
        ("Moore's Nim at 2^64 - 1 (60 bytes)", "/api/analyze",
         {"game": "moore:2", "position": "18446744073709551615 1"}),
        ("6,000 distinct octal codes at heap 50", "/api/analyze",
         {"game": " + ".join(octal_codes(6000)), "position": " + ".join(["50"] * 6000)}),
        ("3,000 distinct octal codes at heap 50", "/api/analyze",
         {"game": " + ".join(octal_codes(3000)), "position": " + ".join(["50"] * 3000)}),
        (f"10,000 graph parts over a {len(big_graph) // 1000} KB graph", "/api/analyze",
         {"game": " + ".join(["graph:a"] * 10_000), "graph": big_graph,
          "position": " + ".join(["0"] * 10_000)}),
        ("50,000 graph parts over the example graph", "/api/analyze",
         {"game": " + ".join(["graph:a"] * 50_000), "graph": example,
          "position": " + ".join(["3"] * 50_000)}),
        ("misère sum of 300 copies of a graph", "/api/analyze",
         {"game": " + ".join(["graph:a"] * 300), "graph": example,
          "position": " + ".join(["3"] * 300), "misere": True}),
        ("misère sum of 12,000 one-vertex graphs with a pass", "/api/analyze",
         {"game": " + ".join(["graph:a"] * 12_000), "graph": "1 1 0 0",
          "position": " + ".join(["0"] * 12_000), "misere": True}),
    ]


def attack_small(binary):
    """Small requests that build large games, each against a server under a 1 GiB
    address-space cap: each is answered or refused within 2 s, the server stays
    under 512 MB and alive; then cheap requests' p99 while three clients repeat the
    worst of them."""
    good = True
    capped = ("prlimit", "--as=1073741824")
    with served(binary, prefix=capped) as (server, port):
        for name, path, body in small_requests():
            start_time, start_cpu = time.time(), cpu_seconds(server.pid)
            status, parsed = status_and_json(exchange(
                port, request("POST", path, json.dumps(body).encode()), timeout=60))
            seconds = time.time() - start_time
            alive = server.poll() is None
            cpu = cpu_seconds(server.pid) - start_cpu if alive else None
            peak = memory(server.pid)["VmHWM"] if alive else None
            message = (parsed or {}).get("message", "") if isinstance(parsed, dict) else ""
            good &= check(name, alive and status in (200, 413, 422, 503) and seconds <= 2
                          and peak < 512,
                          f"-> {status} in {seconds:.2f} s ({cpu:.2f} s of the server's CPU), "
                          f"server peak {peak} MB; {message[:90]}")
        worst = [body for name, _, body in small_requests() if name.startswith("3,000")][0]
        good &= cheap_under_repeats(server, port, "/api/analyze", worst)
    return good


def cpu_seconds(pid):
    """The processor time a process has used (user and system), in seconds: what a
    request cost, whatever else the machine is doing."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cheap_under_repeats(server, port, path, body):
    """Cheap requests' latency for 15 s while three clients repeat `body`."""
    import threading
    stop = threading.Event()
    statuses = []

    def repeat():
        while not stop.is_set():
            status, _ = status_and_json(exchange(
                port, request("POST", path, json.dumps(body).encode()), timeout=60))
            statuses.append(status)

    threads = [threading.Thread(target=repeat) for _ in range(3)]
    for t in threads:
        t.start()
    latencies = []
    peak = 0
    end = time.time() + 15
    while time.time() < end:
        ok, seconds = normal_request(port)
        latencies.append(seconds if ok else float("inf"))
        peak = max(peak, memory(server.pid)["VmRSS"])
        time.sleep(0.02)
    stop.set()
    for t in threads:
        t.join()
    latencies.sort()
    p99 = latencies[int(0.99 * (len(latencies) - 1))] * 1000
    p50 = latencies[len(latencies) // 2] * 1000
    return check("cheap requests while three clients repeat the worst",
                 p99 <= 50 and peak < 512 and server.poll() is None,
                 f"(p50 {p50:.1f} ms, p99 {p99:.1f} ms over {len(latencies)} requests; "
                 f"the repeated request answered {sorted(set(statuses))}; resident {peak} MB at most)")


def attack_unread_positions(binary):
    """20 clients ask for a position whose answer is large and never read it,
    against a server under a 1 GiB address-space cap."""
    good = True
    with served(binary, prefix=("prlimit", "--as=1073741824")) as (server, port):
        # A row of 800,000 coins: the answer (the board, the moves) is 12 MB.
        body = json.dumps({"game": "turtles", "position": "H" * 800_000}).encode()
        sockets = []
        for _ in range(20):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.sendall(request("POST", "/api/position", body))
            sockets.append(s)
        peak = 0
        for _ in range(20):
            time.sleep(0.5)
            if server.poll() is not None:
                break
            peak = max(peak, memory(server.pid)["VmRSS"])
        ok, seconds = normal_request(port)
        good &= check("20 unread large answers: a normal request is answered meanwhile",
                      ok and server.poll() is None, f"in {seconds:.2f} s")
        good &= check("the server stays under 512 MB and alive", peak < 512 and server.poll() is None,
                      f"(resident {peak} MB at most)")
        for s in sockets:
            s.close()
    return good


ATTACKS = {"errors": attack_errors, "host": attack_host, "slowloris": attack_slowloris,
           "fds": attack_fds, "readers": attack_readers, "small": attack_small,
           "unread": attack_unread_positions}


def main():
    binary, names = sys.argv[1], sys.argv[2:] or list(ATTACKS)
    good = True
    for name in names:
        print(f"{name}:", flush=True)
        good &= ATTACKS[name](binary)
    sys.exit(0 if good else 1)


if __name__ == "__main__":
    main()
