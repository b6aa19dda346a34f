#!/usr/bin/env bash
# The stored table of MisereSolver's answers for every octal code of one to three
# digits (crates/nimlab-misere/NOTES.md, "MisereSolver"), which the test of
# `census --misere --report` reads:
#
#   build-misere-solver.sh CGSUITE_CHECKOUT OUT_DIR
#   miseresolver-table.sh OUT_DIR/miseresolver [SECONDS [JOBS]] > miseresolver-three-digit.txt
#
# Each code gets SECONDS of CPU time (default 8). The codes are shared out in order
# among JOBS solver processes (default 1) that run at once. The output is the
# driver's, a line per change of the quotient and one at the end (see
# miseresolver/Driver.java), code by code in order, after a header of comment lines
# saying how it was made.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 3 ]; then
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
solver=$1
seconds=${2:-8}
jobs=${3:-1}
codes=()
for a in 1 2 3 4 5 6 7; do codes+=("0.$a"); done
for a in 0 1 2 3 4 5 6 7; do for b in 1 2 3 4 5 6 7; do codes+=("0.$a$b"); done; done
for a in 0 1 2 3 4 5 6 7; do for b in 0 1 2 3 4 5 6 7; do for c in 1 2 3 4 5 6 7; do
    codes+=("0.$a$b$c")
done; done; done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
share=$(( (${#codes[@]} + jobs - 1) / jobs ))
for ((job = 0; job < jobs; job++)); do
    "$solver" --timeout "$seconds" "${codes[@]:job*share:share}" > "$work/$job" &
done
wait
echo "# MisereSolver (CGSuite, aaron-siegel/cgsuite) on every octal code of one to three"
echo "# digits, ${#codes[@]} codes, $seconds s of CPU each: miseresolver-table.sh SOLVER $seconds"
echo "# Lines: CODE heap N order Q p P cpu S, at each change; then CODE certified|partial ..."
for ((job = 0; job < jobs; job++)); do
    cat "$work/$job"
done
