#!/usr/bin/env bash
# Checks `questionkit test --format junit` with a JUnit XML reader nobody here wrote, Python's
# junitparser (from PyPI, installed into its own virtual environment, .build/venv-junit): the
# bundled fixtures give one passing testcase each, the broken fixtures
# (Tests/Templates/broken-fixtures) one failing testcase each whose failure names the cause at the
# fixture's line and column.
#
# Usage: Scripts/check-junit.sh [--tool PATH]   (default: builds this package's questionkit)
# Exits 0 when everything holds, 1 when not, 2 when the tools are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

source Scripts/python-checker.sh
checker_setup check-junit.sh .build/venv-junit junitparser junitparser "$@"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# `test` exits 1 for the broken fixtures, as it must; the reader judges the XML.
"$tool" test --format junit Templates/ >"$out/bundled.xml"
"$tool" test --format junit Tests/Templates/broken-fixtures/ >"$out/broken.xml" || true
"$venv/bin/python" Scripts/check_junit.py "$out/bundled.xml" "$out/broken.xml" Tests/Templates/broken-fixtures
