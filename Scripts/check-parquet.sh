#!/usr/bin/env bash
# Checks the Parquet files our writer makes (QuestionKitParquet) with readers nobody here wrote: pyarrow and
# DuckDB, from PyPI, in their own virtual environment (.build/venv-parquet). `Benchmarks parquet-sample` writes
# the same rows (every column type, nulls, dictionary and plain columns, three row groups of several pages) as
# GZIP and uncompressed files, and the rows as JSON. pyarrow must read the schema, every value and every row
# group's statistics as written; DuckDB's aggregates must equal those computed from the JSON, its
# parquet_metadata() must show the row groups and their bounds, and a filter on `id` must skip row groups by
# their statistics (shown by making the skipped group's pages unreadable: the filtered query still answers).
#
# Usage: Scripts/check-parquet.sh
# Exits 0 when everything holds (or, with "skipped: REASON" as the last line, when python3, pyarrow or duckdb
# cannot be had: PyPI unreachable), 1 when not.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/venv-parquet
if ! command -v python3 >/dev/null; then
    echo "skipped: python3 is not installed"
    exit 0
fi
source Scripts/python-checker.sh
if ! python_venv "$venv" "pyarrow, duckdb" pyarrow duckdb; then
    echo "skipped: pyarrow and duckdb could not be installed from PyPI (unreachable, or python3-venv missing)"
    exit 0
fi
swift build -c release --product Benchmarks >/dev/null
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$(swift build -c release --show-bin-path)/Benchmarks" parquet-sample "$out"
"$venv/bin/python" Scripts/check_parquet.py "$out"
