#!/usr/bin/env bash
# Checks the .xlsx workbooks our writer makes (QuestionKitArchive's XLSXWriter, shared and inline strings)
# with a reader nobody here wrote: openpyxl, from PyPI, in its own virtual environment (.build/venv-openpyxl).
# Every sheet, in order, and every cell, at its row and column, must be what was written.
#
# Usage: Scripts/check-xlsx-openpyxl.sh
# Exits 0 when everything holds (or, with "skipped: REASON" as the last line, when python3 or openpyxl cannot be
# had: PyPI unreachable), 1 when not.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/venv-openpyxl
if ! command -v python3 >/dev/null; then
    echo "skipped: python3 is not installed"
    exit 0
fi
source Scripts/python-checker.sh
if ! python_venv "$venv" "openpyxl" openpyxl; then
    echo "skipped: openpyxl could not be installed from PyPI (unreachable, or python3-venv missing)"
    exit 0
fi
swift build -c release --product Benchmarks >/dev/null
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$(swift build -c release --show-bin-path)/Benchmarks" xlsx-sample "$out"
"$venv/bin/python" - "$out" <<'PYTHON'
import json, sys, warnings
import openpyxl

folder = sys.argv[1]
expected = json.load(open(f"{folder}/expected.json"))
for name in ("shared.xlsx", "inline.xlsx"):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # openpyxl warns of what it had to guess or repair
        book = openpyxl.load_workbook(f"{folder}/{name}")
    assert book.sheetnames == [sheet["name"] for sheet in expected], (name, book.sheetnames)
    for sheet in expected:
        found = [[cell.row, cell.column, cell.value] for row in book[sheet["name"]].iter_rows() for cell in row
                 if cell.value is not None]
        assert found == sheet["cells"], (name, sheet["name"], found, sheet["cells"])
    print(f"openpyxl {openpyxl.__version__} reads {name}: {len(expected)} sheets, "
          f"{sum(len(sheet['cells']) for sheet in expected)} cells, as written")
PYTHON
