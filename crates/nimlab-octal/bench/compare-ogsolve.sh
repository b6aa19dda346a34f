#!/usr/bin/env bash
# Compare nimlab-octal with ogsolve (crates.io) on the same machine, in one run.
#
#   crates/nimlab-octal/bench/compare-ogsolve.sh [quick]
#
# For each game and size, runs ogsolve's methods rc and rc2 and nimlab's `nimseq`
# example one after the other, checks that the checksums of the value sequences
# (Fletcher-32 over g(0..=N), the form ogsolve prints) are identical, and prints each
# run's CPU time (user + system, from /usr/bin/time: what other processes on a shared
# machine change least) and the ratio of ogsolve's better method to nimlab. `quick`
# skips the 2^22 runs. The load average is printed before and after.
# ogsolve is installed with `cargo install ogsolve` if it is not on PATH; no peer
# code is kept in this repository.
set -euo pipefail
cd "$(dirname "$0")/../../.."

if ! command -v ogsolve >/dev/null; then
    cargo install ogsolve
fi
cargo build --release -q -p nimlab-octal --example nimseq
nimseq=target/release/examples/nimseq

sizes=(1048576 4194304)
[[ "${1:-}" == quick ]] && sizes=(1048576)

# cpu COMMAND... -> "cpu-seconds checksum": the checksum the command prints, and its
# user + system time.
cpu() {
    local out
    out=$( { /usr/bin/time -f 'cpu %U %S' "$@"; } 2>&1 )
    awk '/checksum:/ { for (i = 1; i <= NF; i++) if ($i == "checksum:") sum = $(i + 1) }
         /^cpu / { time = $2 + $3 }
         END { printf "%.2f %s\n", time, sum }' <<<"$out"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
status=0
printf '%-8s %9s  %-22s %-22s %-22s %7s\n' game N "ogsolve rc (CPU s, sum)" \
    "ogsolve rc2 (CPU s, sum)" "nimlab (CPU s, sum)" ratio
for game in 0.167 0.034 0.161; do
    for n in "${sizes[@]}"; do
        read -r rc_time rc_sum < <(cpu ogsolve "$game" -n "$n" -m rc)
        read -r rc2_time rc2_sum < <(cpu ogsolve "$game" -n "$n" -m rc2)
        read -r our_time our_sum < <(cpu "$nimseq" "$game" "$n")
        best=$(awk -v a="$rc_time" -v b="$rc2_time" 'BEGIN { print (a < b ? a : b) }')
        ratio=$(awk -v b="$best" -v o="$our_time" 'BEGIN { printf "%.2fx", b / o }')
        printf '%-8s %9d  %-22s %-22s %-22s %7s\n' "$game" "$n" "$rc_time $rc_sum" \
            "$rc2_time $rc2_sum" "$our_time $our_sum" "$ratio"
        if [[ "$rc_sum" != "$our_sum" || "$rc2_sum" != "$our_sum" ]]; then
            echo "CHECKSUMS DIFFER for $game to $n" >&2
            status=1
        fi
    done
done

echo
echo "Naive kernel, 0.167 to 65536 (2,147,254,278 split pairs):"
read -r naive_time naive_sum < <(cpu ogsolve 0.167 -n 65536 -m naive)
read -r our_time our_sum < <(cpu "$nimseq" 0.167 65536 naive)
awk -v t="$naive_time" -v s="$naive_sum" 'BEGIN { printf "  ogsolve naive %8.3f s  %.2e pairs/s  %s\n", t, 2147254278 / t, s }'
awk -v t="$our_time" -v s="$our_sum" 'BEGIN { printf "  nimlab naive  %8.3f s  %.2e pairs/s  %s\n", t, 2147254278 / t, s }'
[[ "$naive_sum" == "$our_sum" ]] || { echo "CHECKSUMS DIFFER for naive 0.167" >&2; status=1; }

echo
echo "Grundy's game to 2^20 (ogsolve has no Grundy's game):"
"$nimseq" grundy 1048576 | sed 's/^/  /'

echo
echo "Certified periods (stops as soon as the Guy–Smith bound is met):"
for game in 0.16 0.354; do
    "$nimseq" "$game" 100000000 --period | sed 's/^/  /'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
