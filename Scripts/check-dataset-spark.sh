#!/usr/bin/env bash
# Must show 2 of issue 22: Apache Spark reads a `questionkit dataset` export's Parquet parts and answers the fixed
# queries of Scripts/dataset-queries.sql as DuckDB does. Exports the forms of Scripts/dataset-check-export.sh as
# Parquet, then Scripts/check_dataset_spark.py runs every query in Spark's local mode and in DuckDB, requires the same
# rows, and prints the three questions' answers (which forms ran hot, how often each question is flagged, which
# technicians' forms lack photos) as Spark gives them.
#
# Not in CI: Spark's start and ten small jobs take about two minutes on two cores, and pyspark is a 300 MB download.
#
# Usage: Scripts/check-dataset-spark.sh [GENERATED_FORMS]   (default 400)
# pyspark and duckdb come from PyPI into their own virtual environment (.build/venv-spark); Java 17 or later from
# Debian's openjdk-17-jre-headless, installed when missing (as root). Exits 0 when Spark agrees, or with
# "skipped: REASON" as the last line when Java, python3, pyspark or duckdb cannot be had; 1 when not.
set -euo pipefail
cd "$(dirname "$0")/.."

java_major() { java -version 2>&1 | sed -nE '1s/.*version "([0-9]+).*/\1/p'; }
if ! command -v java >/dev/null || [[ "$(java_major)" -lt 17 ]]; then
    if [[ $EUID -ne 0 ]] || ! command -v apt-get >/dev/null \
        || ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jre-headless; } \
            >/dev/null 2>&1; then
        echo "skipped: Java 17 or later is missing and openjdk-17-jre-headless could not be installed (not root, or no Debian mirror)"
        exit 0
    fi
fi
if ! command -v python3 >/dev/null; then
    echo "skipped: python3 is not installed"
    exit 0
fi
venv=.build/venv-spark
source Scripts/python-checker.sh
if ! python_venv "$venv" "pyspark, duckdb" pyspark duckdb; then
    echo "skipped: pyspark and duckdb could not be installed from PyPI (unreachable, or python3-venv missing)"
    exit 0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
Scripts/dataset-check-export.sh "$work" "${1:-400}" parquet
"$venv/bin/python" Scripts/check_dataset_spark.py "$work/dataset"
