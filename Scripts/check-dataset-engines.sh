#!/usr/bin/env bash
# Must show 1 of issue 22: a `questionkit dataset` export read by engines nobody here wrote agrees with itself and
# with `review`. Exports, in Parquet and NDJSON at once (--format both), the forms of Scripts/dataset-check-export.sh
# (the bundled fixtures replayed, generated forms, an original-system form, a broken file). Then Scripts/check_dataset_engines.py reads the export four ways (DuckDB's Parquet and JSON readers,
# pyarrow's Parquet dataset and JSON reader, the last two queried through DuckDB), runs the fixed queries of
# Scripts/dataset-queries.sql on each, requires the same rows from all four, and requires each form's row and each
# question's first row to say what `questionkit review --format json` says of the form.
#
# Usage: Scripts/check-dataset-engines.sh [GENERATED_FORMS]   (default 400)
# pyarrow and duckdb come from PyPI into their own virtual environment (.build/venv-parquet, shared with
# check-parquet.sh). Exits 0 when everything agrees, or with "skipped: REASON" as the last line when python3,
# pyarrow or duckdb cannot be had (PyPI unreachable); 1 when not.
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
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
Scripts/dataset-check-export.sh "$work" "${1:-400}" both
"$venv/bin/python" Scripts/check_dataset_engines.py "$(swift build -c release --show-bin-path)/questionkit" "$work/dataset" \
    "$work/results.json"
