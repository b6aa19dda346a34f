#!/usr/bin/env bash
# A single-node Slurm cluster on this machine, for trying the job files in this
# directory and for the tests that submit them (crates/nimlab/tests/slurm.rs).
#
# Run as root on Debian or Ubuntu. It installs Debian's slurm-wlm and munge when they
# are missing, writes a one-node /etc/slurm/slurm.conf (this machine, its cores, one
# partition "local"), starts munged, slurmctld and slurmd, and waits until sinfo shows
# the node idle. Run it again and it changes nothing; deploy/slurm/down.sh stops what
# it started. Where it cannot do its work it says why in one line and exits 1.
set -euo pipefail

say() { echo "local-cluster.sh: $*"; }
fail() { echo "local-cluster.sh: $*" >&2; exit 1; }

CONF_DIR=/etc/slurm
CONF=$CONF_DIR/slurm.conf
LOG_DIR=/var/log/slurm
STATE_DIR=/var/spool/slurmctld
SPOOL_DIR=/var/spool/slurmd
# How long to wait for the node to be idle.
WAIT_SECONDS=${WAIT_SECONDS:-60}

[ "$(id -u)" -eq 0 ] || fail "cannot set up Slurm: it needs root (run it with sudo)"

# --- Packages -----------------------------------------------------------------------
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null \
    || ! command -v munged >/dev/null || ! command -v sinfo >/dev/null; then
    command -v apt-get >/dev/null \
        || fail "cannot install slurm-wlm and munge: no apt-get (this script knows Debian and Ubuntu)"
    say "installing slurm-wlm and munge"
    export DEBIAN_FRONTEND=noninteractive
    log=$(mktemp)
    if ! { apt-get update -q && apt-get install -y -q --no-install-recommends slurm-wlm munge; } \
        >"$log" 2>&1; then
        reason=$(grep -E '^(E|W): ' "$log" | head -n 1)
        rm -f "$log"
        fail "cannot install slurm-wlm and munge: ${reason:-apt-get failed}"
    fi
    rm -f "$log"
fi

# --- Munge ----------------------------------------------------------------------------
if [ ! -s /etc/munge/munge.key ]; then
    say "creating the munge key"
    mkdir -p /etc/munge
    if command -v mungekey >/dev/null; then
        mungekey --create --keyfile=/etc/munge/munge.key
    else
        dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 status=none
    fi
fi
chown munge:munge /etc/munge /etc/munge/munge.key
chmod 0700 /etc/munge
chmod 0400 /etc/munge/munge.key
mkdir -p /run/munge /var/lib/munge /var/log/munge
chown munge:munge /run/munge /var/lib/munge /var/log/munge
chmod 0755 /run/munge

running() { pgrep -x "$1" >/dev/null; }

if ! running munged; then
    say "starting munged"
    runuser -u munge -- /usr/sbin/munged || fail "cannot start munged (see /var/log/munge/munged.log)"
fi
for _ in $(seq 50); do munge -n >/dev/null 2>&1 && break; sleep 0.1; done
munge -n | unmunge >/dev/null 2>&1 || fail "munged does not answer (see /var/log/munge/munged.log)"

# --- slurm.conf -----------------------------------------------------------------------
host=$(hostname -s)
# The node as slurmd sees it (CPUs, sockets, cores, threads, memory), so that the
# configuration matches the hardware and the node is not drained for a mismatch.
node=$(slurmd -C | head -n 1)
case "$node" in
    NodeName=*) ;;
    *) fail "cannot read this machine's hardware with slurmd -C: $node" ;;
esac
conf=$(cat <<EOF
# Written by nimlab's deploy/slurm/local-cluster.sh: a one-node cluster.
ClusterName=nimlab-local
SlurmctldHost=$host(127.0.0.1)
AuthType=auth/munge
# A requeued job starts again once its old credential expires: 10 s, not 120.
AuthInfo=cred_expire=10
CredType=cred/munge
SlurmUser=root
SlurmctldPort=6817
SlurmdPort=6818
StateSaveLocation=$STATE_DIR
SlurmdSpoolDir=$SPOOL_DIR
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=$LOG_DIR/slurmctld.log
SlurmdLogFile=$LOG_DIR/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
# Start the next array task as soon as one ends (the defaults wait up to 3 s).
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
# Jobs may be requeued; a job is killed 10 s after SIGTERM.
JobRequeue=1
KillWait=10
MinJobAge=600
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
)
mkdir -p "$CONF_DIR" "$LOG_DIR" "$STATE_DIR" "$SPOOL_DIR"
if [ ! -f "$CONF" ] || [ "$(cat "$CONF")" != "$conf" ]; then
    if [ -f "$CONF" ] && ! grep -q "^# Written by nimlab's deploy/slurm/local-cluster.sh" "$CONF"; then
        fail "cannot write $CONF: it holds another cluster's configuration (move it away first)"
    fi
    say "writing $CONF"
    printf '%s\n' "$conf" >"$CONF"
    # Daemons started with another configuration are restarted to read this one.
    if running slurmctld || running slurmd; then
        say "restarting slurmctld and slurmd"
        scontrol shutdown >/dev/null 2>&1 || true
        for _ in $(seq 100); do
            running slurmctld || running slurmd || break
            sleep 0.1
        done
    fi
fi

# --- Daemons --------------------------------------------------------------------------
if ! running slurmctld; then
    say "starting slurmctld"
    slurmctld || fail "cannot start slurmctld (see $LOG_DIR/slurmctld.log)"
fi
if ! running slurmd; then
    say "starting slurmd"
    slurmd || fail "cannot start slurmd (see $LOG_DIR/slurmd.log)"
fi

# --- Wait for the node ---------------------------------------------------------------
deadline=$((SECONDS + WAIT_SECONDS))
while :; do
    state=$(sinfo -h -n "$host" -o %T 2>/dev/null | head -n 1 || true)
    case "$state" in
        idle | mixed | allocated) break ;;
        down* | drain*)
            scontrol update NodeName="$host" State=RESUME >/dev/null 2>&1 || true ;;
    esac
    [ "$SECONDS" -lt "$deadline" ] \
        || fail "the node is ${state:-not known to slurmctld} after ${WAIT_SECONDS} s, not idle (see $LOG_DIR)"
    sleep 0.5
done
say "ready: $(sinfo -h -o '%P %D node(s) %c CPUs %T')"
