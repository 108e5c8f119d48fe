#!/usr/bin/env bash
# The export the dataset checks read (Scripts/check-dataset-engines.sh, Scripts/check-dataset-spark.sh): builds
# questionkit and Benchmarks (release), then writes into WORK/forms the bundled templates' fixtures replayed
# (`run --out`), COUNT generated completed forms (Benchmarks completed-forms: flagged readings, comments, options,
# cells, two revisions of four templates), a form of the original system that breaks its rules (warnings, read
# leniently) and a broken file (a row in `warnings`), and exports them into WORK/dataset as FORMAT.
#
# Usage: Scripts/dataset-check-export.sh WORK COUNT FORMAT   (WORK an absolute path; FORMAT parquet, ndjson or both)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$1 count=$2 format=$3
swift build -c release --product questionkit >/dev/null
swift build -c release --product Benchmarks >/dev/null
bin="$(swift build -c release --show-bin-path)"
forms="$work/forms"
mkdir -p "$forms/bundled" "$forms/original"
for fixture in Templates/fixtures/*.fixture.json; do
    name="$(basename "$fixture" .fixture.json)"
    "$bin/questionkit" run "Templates/${name%%.*}.json" --answers "$fixture" --out "$forms/bundled/$name" >/dev/null
done
"$bin/Benchmarks" completed-forms "$count" "$forms/generated" >/dev/null
cp Tests/Templates/original-forms/rule-breaking-answers.completed.json "$forms/original/"
printf '{"Title": "Broken",\n  "questions": [oops]}\n' >"$forms/original/broken.json"
"$bin/questionkit" dataset "$forms" -o "$work/dataset" --format "$format"
