#!/usr/bin/env bash
# Stop the single-node cluster that local-cluster.sh started: slurmd, slurmctld and
# munged. The packages and the configuration stay, so local-cluster.sh starts it again
# quickly. Stopping what is not running is not an error.
set -euo pipefail

stop() {
    local name=$1 pidfile=$2 pid
    pid=$(cat "$pidfile" 2>/dev/null || pgrep -x "$name" || true)
    [ -n "$pid" ] || return 0
    echo "down.sh: stopping $name"
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 100); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.1
    done
    echo "down.sh: $name did not stop within 10 s" >&2
    return 1
}

stop slurmd /run/slurmd.pid
stop slurmctld /run/slurmctld.pid
stop munged /run/munge/munged.pid
