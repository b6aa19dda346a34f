#!/usr/bin/env python3
"""The issue's attacks on `nimlab serve`, each against a fresh server on loopback.

Usage: attacks.py NIMLAB_BINARY [ATTACK ...]
Attacks: errors, host, slowloris, fds, readers. Each prints what it saw and 'ok' or 'FAILED';
the exit status is 1 if any failed.

- errors: malformed HTTP (400), a huge address (414/431), huge headers (431), a wrong
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
             {414, 431}),
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


ATTACKS = {"errors": attack_errors, "host": attack_host, "slowloris": attack_slowloris,
           "fds": attack_fds, "readers": attack_readers}


def main():
    binary, names = sys.argv[1], sys.argv[2:] or list(ATTACKS)
    good = True
    for name in names:
        print(f"{name}:", flush=True)
        good &= ATTACKS[name](binary)
    sys.exit(0 if good else 1)


if __name__ == "__main__":
    main()
