#!/usr/bin/env bash
# How one nim-sequence scales with threads: `nimlab grundy --jobs N` on 0.161 and 0.034
# to 2^24, and to 2^26 where the 2^24 run of that count took under 14 s (so that the
# longer one takes under a minute), with N = 1, 2, 4, 8, 16 (those up to the number of
# processors, and 16 whatever it is).
#
#   crates/nimlab-octal/bench/scaling.sh PATH/TO/nimlab [JOBS...]
#
# Builds nothing: give it a release build (`cargo build --release -p nimlab`, then
# target/release/nimlab). Prints, for each run, the wall time, the CPU time (user +
# system), the speed-up over the first count run at that size, and the checksum of the
# values (the counts format's CRC-32 of g(0..N)), and says whether every thread count
# gave the same checksum. Under 8 minutes on 16 cores. SIZES="16 18" tries it quickly.
set -euo pipefail

nimlab=${1:?usage: scaling.sh PATH/TO/nimlab [JOBS...]}
shift
[[ -x "$nimlab" ]] || { echo "scaling.sh: '$nimlab' is not a program" >&2; exit 2; }
jobs=("$@")
[[ ${#jobs[@]} -gt 0 ]] || jobs=(1 2 4 8 16)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

echo "machine: $(nproc) processors, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
"$nimlab" --version 2>/dev/null || true
echo

sizes=(${SIZES:-24 26})
declare -A short=()
status=0
started=$SECONDS
# run GAME N JOBS -> prints "wall cpu checksum"
run() {
    local out="$scratch/run.json" times
    rm -f "$out"
    times=$( { TIMEFORMAT='%R %U %S'; time "$nimlab" grundy "$1" --upto "$(($2 - 1))" \
        --format counts --jobs "$3" --out "$out" >/dev/null; } 2>&1 )
    read -r wall user system <<<"$(tail -1 <<<"$times")"
    local sum
    sum=$(grep -o '"checksum":"[0-9a-f]*"' "$out" | cut -d'"' -f4)
    awk -v w="$wall" -v u="$user" -v s="$system" -v c="$sum" \
        'BEGIN { printf "%.2f %.2f %s\n", w, u + s, c }'
}

printf '%-7s %5s %5s %9s %9s %8s  %s\n' game N jobs "wall s" "CPU s" speed-up checksum
for size in "${sizes[@]}"; do
    for game in octal:0.161 octal:0.034; do
        base="" sums=()
        for n in "${jobs[@]}"; do
            if [[ $size != "${sizes[0]}" ]]; then
                # Only where the first size took under 14 s, and while time is left.
                quick=$(awk -v t="${short[$game.$n]:-99}" 'BEGIN { print (t < 14) }')
                [[ $quick == 1 && $((SECONDS - started)) -lt 330 ]] || continue
            fi
            read -r wall cpu sum < <(run "$game" $((1 << size)) "$n")
            [[ $size == "${sizes[0]}" ]] && short[$game.$n]=$wall
            [[ -z $base ]] && base=$wall
            speed=$(awk -v b="$base" -v w="$wall" 'BEGIN { printf "%.2fx", b / w }')
            printf '%-7s %5s %5s %9s %9s %8s  %s\n' "${game#octal:}" "2^$size" "$n" \
                "$wall" "$cpu" "$speed" "$sum"
            sums+=("$sum")
        done
        if [[ ${#sums[@]} -gt 0 ]]; then
            if [[ $(printf '%s\n' "${sums[@]}" | sort -u | wc -l) -eq 1 ]]; then
                echo "  ${game#octal:} to 2^$size: every thread count gave checksum ${sums[0]}"
            else
                echo "  ${game#octal:} to 2^$size: CHECKSUMS DIFFER: ${sums[*]}" >&2
                status=1
            fi
        fi
    done
done
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg); $((SECONDS - started)) s in all"
exit $status
