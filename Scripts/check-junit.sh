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

tool=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --tool) tool="$2"; shift 2 ;;
        *) echo "check-junit.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
if ! command -v python3 >/dev/null; then
    echo "check-junit.sh: python3 is needed" >&2
    exit 2
fi
venv=.build/venv-junit
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import junitparser' 2>/dev/null; then
    python3 -m venv "$venv" || { echo "check-junit.sh: python3 -m venv failed (python3-venv missing?)" >&2; exit 2; }
    "$venv/bin/python" -m pip install --quiet junitparser \
        || { echo "check-junit.sh: could not install junitparser" >&2; exit 2; }
fi

if [[ -z "$tool" ]]; then
    swift build --product questionkit >/dev/null
    tool="$(swift build --show-bin-path)/questionkit"
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# `test` exits 1 for the broken fixtures, as it must; the reader judges the XML.
"$tool" test --format junit Templates/ >"$out/bundled.xml"
"$tool" test --format junit Tests/Templates/broken-fixtures/ >"$out/broken.xml" || true
"$venv/bin/python" Scripts/check_junit.py "$out/bundled.xml" "$out/broken.xml" Tests/Templates/broken-fixtures
