#!/usr/bin/env bash
# The load test and the attacks of issue 18 against a release `nimlab serve`, all on
# loopback, each bounded in time (about three minutes in all).
#
#   crates/nimlab-web/load/run.sh            build, then run everything
#   NIMLAB=path/to/nimlab load/run.sh mix    an existing binary, one part
#
# Parts: memory (the issue's memory cases), attacks (HTTP errors, Host, slowloris,
# 256 files, clients that never read), mix (200 clients for 20 s, cheap and
# expensive, answers checked).
# Needs python3, prlimit (util-linux) and oha (`cargo install oha`) for the mix.
# Exits non-zero if an attack succeeds or an answer is wrong.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
if [[ -z "${NIMLAB:-}" ]]; then
    (cd "$root" && cargo build --release -p nimlab --quiet)
    NIMLAB="${CARGO_TARGET_DIR:-$root/target}/release/nimlab"
fi
parts=("$@")
[[ ${#parts[@]} -gt 0 ]] || parts=(memory attacks mix)
# The client side opens hundreds of sockets.
ulimit -n 4096
status=0
for part in "${parts[@]}"; do
    echo "== $part"
    case "$part" in
        memory) python3 "$here/memory.py" "$NIMLAB" || status=1 ;;
        attacks) python3 "$here/attacks.py" "$NIMLAB" || status=1 ;;
        mix)
            oha="${OHA:-$(command -v oha || echo "$HOME/.cargo/bin/oha")}"
            [[ -x "$oha" ]] || { echo "oha is missing: cargo install oha"; exit 2; }
            python3 "$here/mix.py" "$NIMLAB" --oha "$oha" --seconds "${SECONDS_OF_LOAD:-20}" || status=1
            ;;
        *) echo "no part '$part' (memory, attacks, mix)"; exit 2 ;;
    esac
done
exit $status
