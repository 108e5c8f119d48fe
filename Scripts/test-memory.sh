#!/usr/bin/env bash
# The peak memory of the test suite (issue 25): runs a command (by default the README's
# `swift test --skip-build --parallel`) and samples it and every process under it five times a second,
# then prints the three highest peak resident sets by process name (VmHWM, a high-water mark the kernel
# keeps, so sampling misses nothing of a process that lives past one tick) and the peak of their summed
# resident sets (a sampled figure: it may miss a spike shorter than 0.2 s). The processes are followed by
# parentage, not by process group: `swift test` starts its test runners in groups of their own. The
# command's own output goes to standard output as it comes; the figures close it.
#
#   Scripts/test-memory.sh                                  the whole suite (build it first)
#   Scripts/test-memory.sh swift test --skip-build --filter PDFImageTests
#
# Exits with the command's status.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -eq 0 ]]; then
    set -- swift test --skip-build --parallel
fi
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
"$@" &
root=$!
declare -A peak=() # process name -> its largest peak resident set (kB)
peak_total=0
while kill -0 "$root" 2>/dev/null; do
    # Every process's parent, then the tree under the command.
    declare -A children=()
    for stat in /proc/[0-9]*/stat; do
        # /proc/PID/stat: pid (name) state ppid ...; the names here have no spaces.
        read -r pid _ _ parent _ 2>/dev/null <"$stat" || continue
        children[$parent]+=" $pid"
    done
    tree=("$root")
    total=0
    for ((i = 0; i < ${#tree[@]}; i++)); do
        pid=${tree[i]}
        # shellcheck disable=SC2206 # the list is space-separated process ids
        tree+=(${children[$pid]:-})
        hwm=0 rss=0 name=""
        while read -r key value _; do
            case $key in
            Name:) name=$value ;;
            VmHWM:) hwm=$value ;;
            VmRSS:) rss=$value ;;
            esac
        done 2>/dev/null <"/proc/$pid/status" || continue
        total=$((total + rss))
        ((hwm > ${peak[$name]:-0})) && peak[$name]=$hwm
    done
    unset children
    ((total > peak_total)) && peak_total=$total
    sleep 0.2
done
set +e
wait "$root"
status=$?
set -e
# The three names whose processes peaked highest (the test runner's name is cut to 15 characters).
for name in "${!peak[@]}"; do echo "${peak[$name]} $name"; done | sort -rn | head -3 |
    while read -r kilobytes name; do
        echo "test-memory: $name peaked at $((kilobytes / 1024)) MB resident"
    done
echo "test-memory: all of the command's processes together peaked at $((peak_total / 1024)) MB (sampled every 0.2 s)"
exit $status
