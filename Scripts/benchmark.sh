#!/usr/bin/env bash
# The speed goals of issue 18, each as whole processes in one round-robin run with its baselines
# (../shared/peers/rr_bench.py: every round runs each command once, in turn, so that ratios hold on a
# shared machine): validate against pysimdjson's parse, the hostile shapes against a same-size template
# that prints nothing, `test` on one core and on two, the printed form against ReportLab, the language
# server through the protocol (../shared/peers/lsp_client.py), and the memory of `run --pdf`. Prints
# Markdown for BENCHMARKS.md, each table headed by the commit, the date and the load.
#
# Usage: Scripts/benchmark.sh [--baseline QUESTIONKIT] [--runs N] [JOB ...]
#   --baseline  another build of questionkit measured beside this one in every table (e.g. a release
#               build of the commit before a change); without it, only this build and the peers
#   --runs      rounds per table (default 7)
#   JOB         validate, hostile, test, pdf, lsp, memory (default: all)
# The peers (pysimdjson, ReportLab) live in a venv this script makes at $PEERS_VENV (default
# /tmp/peers-venv); the peers' scripts are read in place from ../shared/peers (a job that needs them
# is skipped, saying why, where they are absent). Instruction counts that CI holds are in
# Scripts/check-budgets.sh; this script measures time and memory, which no test asserts.
set -euo pipefail
cd "$(dirname "$0")/.."

baseline=""
runs=7
selected=()
while [[ $# -gt 0 ]]; do
    case "$1" in
    --baseline) baseline="$(realpath "${2:?--baseline needs a questionkit binary}")"; shift 2 ;;
    --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
    -h | --help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    validate | hostile | test | pdf | lsp | memory) selected+=("$1"); shift ;;
    *) echo "benchmark.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
    esac
done
[[ ${#selected[@]} -gt 0 ]] || selected=(validate hostile test pdf lsp memory)
peers="$(realpath ../shared/peers 2>/dev/null || true)"
venv="${PEERS_VENV:-/tmp/peers-venv}"

swift build -c release --product questionkit >&2
swift build -c release --product Benchmarks >&2
tool="$PWD/.build/release/questionkit"
work=$(mktemp -d "${TMPDIR:-/tmp}/questionkit-benchmark.XXXXXX")
trap 'rm -rf "$work"' EXIT

if [[ -n $peers && -f $peers/rr_bench.py ]]; then
    if [[ ! -x $venv/bin/python ]]; then
        python3 -m venv "$venv" >&2
        "$venv/bin/pip" install -q pysimdjson reportlab >&2
    fi
    python="$venv/bin/python"
else
    echo "benchmark.sh: ../shared/peers is absent; every table needs its round-robin timer" >&2
    exit 1
fi

echo "Generating the inputs ..." >&2
.build/release/Benchmarks budget-inputs "$work" validate=100000 errors=20000 duplicates=100000 \
    longKey=2000000 fixtures=10000 fixtureQuestions=20 lsp=1000 lspEdits=1 largeForm=100000 >&2
for size in 1k 10k; do
    "$tool" run "$work/form-$size.json" --answers "$work/answers-$size.json" --out "$work/out" >/dev/null
done

# One round-robin table: rr_bench's own lines, indented as a code block.
table() {
    "$python" "$peers/rr_bench.py" --runs "$runs" "$@" | sed 's/^/    /'
    echo
}
heading() {
    echo "### $1"
    echo
    echo "Commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources || echo ' (with uncommitted changes)'),"
    echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)${baseline:+; baseline: $baseline}."
    echo
}
# The baseline's command for the next table, as one rr_bench argument, in ${before[@]} (empty without one).
baseline_runs() { before=(); if [[ -n $baseline ]]; then before=("before=$baseline $*"); fi; }
bytes() { stat -c %s "$1"; }

for job in "${selected[@]}"; do
    case "$job" in
    validate)
        heading "validate: 100,000 questions ($(($(bytes "$work/validate.json") / 1000000)) MB) that print nothing, against pysimdjson's parse"
        baseline_runs validate $work/validate.json
        table simdjson="$python $peers/load_simdjson.py $work/validate.json" \
            now="$tool validate $work/validate.json" "${before[@]}"
        ;;
    hostile)
        heading "hostile inputs, each against a template of the same size that prints nothing"
        for shape in errors nocells options keys unknown long-key; do
            file="$work/hostile-$shape.json"
            count=$((100000 * $(bytes "$file") / $(bytes "$work/validate.json")))
            .build/release/Benchmarks generate "$((count > 0 ? count : 1))" "$work/quiet-$shape.json" --quiet
            echo "hostile-$shape.json: $(bytes "$file") bytes, quiet template $(bytes "$work/quiet-$shape.json") bytes"
            echo
                baseline_runs validate $file
                table quiet="$tool validate $work/quiet-$shape.json" now="$tool validate $file" \
                "${before[@]}"
        done
        ;;
    test)
        heading "test: 10,000 fixtures of a 20-question template, one core and two"
        baseline_runs test $work/fixtures
        table one-core="taskset -c 0 $tool test $work/fixtures" two-cores="$tool test $work/fixtures" \
            "${before[@]}"
        ;;
    pdf)
        for size in 1k 10k; do
            completed="$work/out/form-$size.completed.json"
            "$tool" review --format json "$completed" >"$work/review-$size.json" || true
            "$python" "$peers/review_to_rows.py" "$work/review-$size.json" "$work/rows-$size.json"
            heading "printed form, $size questions: ReportLab on the same rows, and export --format pdf"
                baseline_runs export $completed --format pdf -o $work/before.pdf
                table reportlab="$python $peers/pdf_review_reportlab.py --chunk 200 $work/rows-$size.json $work/rl.pdf" \
                now="$tool export $completed --format pdf -o $work/now.pdf" \
                "${before[@]}"
        done
        ;;
    lsp)
        for size in 1k 100k; do
            template="$work/form-$size.json"
            edits=200
            [[ $size == 100k ]] && template="$work/validate.json" && edits=40
            heading "language server, $size questions: a one-character edit to its diagnostics (lsp_client.py)"
            for build in "now=$tool" ${baseline:+"before=$baseline"}; do
                echo "    ${build%%=*}: $("$python" "$peers/lsp_client.py" "${build#*=}" "$template" --edits "$edits" \
                    2>&1 | tr '\n' ' ')"
            done
            echo
        done
        ;;
    memory)
        for size in 10k large; do
            input=$(($(bytes "$work/form-$size.json") + $(bytes "$work/answers-$size.json")))
            heading "run --pdf at ${size/large/100k} questions: peak memory against the input ($((input / 1000)) kB)"
                baseline_runs run $work/form-$size.json --answers $work/answers-$size.json --pdf $work/b.pdf
                table now="$tool run $work/form-$size.json --answers $work/answers-$size.json --pdf $work/m.pdf" \
                "${before[@]}"
        done
        ;;
    esac
done
