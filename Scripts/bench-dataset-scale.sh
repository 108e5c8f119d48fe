#!/usr/bin/env bash
# The scale row of issue 22 (BENCHMARKS.md, "dataset at scale"): N generated completed forms of 25 questions
# (Benchmarks completed-forms: four templates in two revisions, the built-in types in turn) exported by
# `questionkit dataset --format parquet`, and the same forms converted by DuckDB's own read_json -> COPY TO
# (FORMAT parquet, GZIP) in the same run (Scripts/bench_dataset_duckdb.py, DuckDB from PyPI in
# .build/venv-parquet, as Scripts/check-parquet.sh makes it). Each is one process under /usr/bin/time -v:
# wall time, CPU (user + system) and peak resident memory. One row per N, printed as a Markdown table row.
#
# The forms are made in $SCALE_WORK (default /tmp/questionkit-scale), not the repository, and kept for the
# next run (a folder per N; making them is not timed): 1,000 generated forms, and for each N that many hard
# links to them, each its own path (generating 100,000 distinct forms took 48 minutes under load). Before
# making them, the free space for both outputs is checked; an N that does not fit is skipped with the reason.
# Times move with the machine's load (printed with each row); the instruction counts of check-budgets.sh do not.
#
# Usage: Scripts/bench-dataset-scale.sh [N...]    (default: 10000 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
# QUESTIONKIT_BIN: a folder holding questionkit and Benchmarks already built (else both are built here).
bin="${QUESTIONKIT_BIN:-}"
[[ -n "$bin" ]] || for product in questionkit Benchmarks; do swift build -c release --product "$product" >/dev/null; done
bin="${bin:-$(swift build -c release --show-bin-path)}"
venv=.build/venv-parquet
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c "import duckdb" 2>/dev/null; then
    python3 -m venv "$venv" && "$venv/bin/python" -m pip install --quiet pyarrow duckdb
fi
work="${SCALE_WORK:-/tmp/questionkit-scale}"
mkdir -p "$work"
sizes=("$@")
# Forms generated (each of the four templates in two revisions, 125 forms of each); every N is links to them.
distinct=1000
[[ ${#sizes[@]} -gt 0 ]] || sizes=(10000 100000)

# "wall_seconds cpu_seconds peak_MB" of a /usr/bin/time -v report.
measured() {
    awk -F': ' '
        /Elapsed \(wall clock\)/ { n = split($2, t, ":"); wall = (n == 3 ? t[1] * 3600 + t[2] * 60 + t[3] : t[1] * 60 + t[2]) }
        /User time/ { cpu += $2 } /System time/ { cpu += $2 }
        /Maximum resident/ { peak = $2 / 1024 }
        END { printf "%.1f %.1f %.0f", wall, cpu, peak }' "$1"
}

echo "| forms | answer rows | questionkit wall | CPU | peak | DuckDB rows | DuckDB wall | CPU | peak | wall ratio | load |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
for n in "${sizes[@]}"; do
    forms="$work/forms-$n"
    if [[ "$(cat "$forms/.count" 2>/dev/null)" != "$n" ]]; then
        # The forms are links to $distinct generated ones (no file data of their own), so the space
        # needed is the outputs': about 1 KB a form, with room to spare.
        free_kb=$(df -Pk "$work" | awk 'NR == 2 { print $4 }')
        if ((free_kb < n * 3)); then
            echo "| $n | skipped: $((n * 3 / 1024)) MB needed for both outputs, $((free_kb / 1024)) MB free | | | | | | | | | |"
            continue
        fi
        rm -rf "$forms"
        if [[ "$(cat "$work/distinct/.count" 2>/dev/null)" != "$distinct" ]]; then
            rm -rf "$work/distinct"
            "$bin/Benchmarks" completed-forms "$distinct" "$work/distinct"
            echo "$distinct" >"$work/distinct/.count"
        fi
        # Form i is a hard link to generated form i mod $distinct, under its own path (so its own form
        # id, technician and answers repeating every $distinct forms): 1,000,000 forms in about a minute.
        python3 - "$work/distinct" "$forms" "$n" "$distinct" <<'PY'
import os
import sys

distinct, forms, count, kinds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
for index in range(count):
    if index % 100 == 0:
        os.makedirs(f"{forms}/batch{index // 100:03d}", exist_ok=True)
    source = index % kinds
    os.link(f"{distinct}/batch{source // 100:03d}/form{source:06d}.json",
            f"{forms}/batch{index // 100:03d}/form{index:06d}.json")
PY
        echo "$n" >"$forms/.count"
    fi
    out="$work/out-$n"
    rm -rf "$out" "$work/duckdb-$n.parquet"
    sync
    /usr/bin/time -v "$bin/questionkit" dataset "$forms" -o "$out" --format parquet >/dev/null 2>"$work/time-qk"
    read -r qk_wall qk_cpu qk_peak <<<"$(measured "$work/time-qk")"
    rows=$("$venv/bin/python" -c "import duckdb, sys; print(duckdb.sql(\"select count(*) from read_parquet('$out/current/answers/**/*.parquet')\").fetchall()[0][0])")
    sync
    /usr/bin/time -v "$venv/bin/python" Scripts/bench_dataset_duckdb.py "$forms" "$work/duckdb-$n.parquet" \
        >"$work/duckdb-rows" 2>"$work/time-duckdb"
    read -r dk_wall dk_cpu dk_peak <<<"$(measured "$work/time-duckdb")"
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    ratio=$(awk -v a="$dk_wall" -v b="$qk_wall" 'BEGIN { printf "%.2f", a / b }')
    echo "| $n | $rows | ${qk_wall} s | ${qk_cpu} s | ${qk_peak} MB | $(cat "$work/duckdb-rows") | ${dk_wall} s | ${dk_cpu} s | ${dk_peak} MB | ${ratio}× | $load |"
    rm -rf "$out" "$work/duckdb-$n.parquet"
done
