#!/usr/bin/env bash
# The scale row of issue 22 (BENCHMARKS.md, "dataset at scale"): N generated completed forms of 25 questions
# (Benchmarks completed-forms: four templates in two revisions, the built-in types in turn) exported by
# `questionkit dataset --format parquet`, and the same forms converted by DuckDB's own read_json -> COPY TO
# (FORMAT parquet, GZIP) in the same run (Scripts/bench_dataset_duckdb.py, DuckDB from PyPI in
# .build/venv-parquet, as Scripts/check-parquet.sh makes it). Each is one process under /usr/bin/time -v:
# wall time, CPU (user + system) and peak resident memory. One row per N, printed as a Markdown table row.
#
# The forms are generated into $SCALE_WORK (default /tmp/questionkit-scale), not the repository, and kept for
# the next run (a folder per N; generation is not timed). Before generating, the free space is checked
# (about 7 KB a form, twice over for the outputs); an N that does not fit is skipped with the reason.
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
        free_kb=$(df -Pk "$work" | awk 'NR == 2 { print $4 }')
        if ((free_kb < n * 7 * 3)); then
            echo "| $n | skipped: $((n * 21 / 1024)) MB needed for the forms and both outputs, $((free_kb / 1024)) MB free | | | | | | | | | |"
            continue
        fi
        rm -rf "$forms"
        "$bin/Benchmarks" completed-forms "$n" "$forms"
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
