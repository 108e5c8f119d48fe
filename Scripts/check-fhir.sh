#!/usr/bin/env bash
# Checks the FHIR Questionnaires `questionkit convert --to fhir` writes with FHIR's own Python models,
# fhir.resources (from PyPI, in its own virtual environment, .build/venv-fhir): every Questionnaire of
# the shared corpus (../shared/corpus/fhir, when present) converted to ours and back, every SurveyJS survey
# of the corpus with a matrix (a table: a `grid` group), and every template of Templates/, each written as R4
# and as R5, must be accepted by the R4B and the R5 model; so must the
# QuestionnaireResponses `convert --to fhir --template` writes of the completed forms of Templates/fixtures
# (replayed with `run --out --embed-media`), as R4 and R5.
#
# Usage: Scripts/check-fhir.sh [--tool PATH]   (default: builds this package's questionkit)
# Exits 0 when every file is accepted (or, printing "skipped: REASON" last, when PyPI cannot be reached),
# 1 when one is not.
set -euo pipefail
cd "$(dirname "$0")/.."

source Scripts/python-checker.sh
# checker_setup exits 2 when the package cannot be installed: tried in a subshell first, that is a skip.
if ! (checker_setup check-fhir.sh .build/venv-fhir fhir.resources.R4B "fhir.resources>=7.1" "$@" >/dev/null); then
    echo "skipped: fhir.resources could not be installed from PyPI (no network, or python3-venv missing)"
    exit 0
fi
checker_setup check-fhir.sh .build/venv-fhir fhir.resources.R4B "fhir.resources>=7.1" "$@"

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
sources=()
# Each corpus file of FORMAT in FOLDER holding PATTERN, converted to ours (warnings are expected: what is
# not carried; only a file that cannot be read is left out).
add_converted() {
    local format=$1 folder=$2 pattern=$3 file name
    [[ -d "$folder" ]] || return 0
    for file in "$folder"/*.json; do
        grep -q "$pattern" "$file" || continue
        name=$(basename "$file" .json)
        name=${name// /_}
        if "$tool" convert "$file" --from "$format" -o "$out/$name.mi.json" 2>/dev/null; then
            sources+=("$out/$name.mi.json")
        fi
    done
}
add_converted fhir ../shared/corpus/fhir '"resourceType" *: *"Questionnaire"'
# The SurveyJS surveys with a matrix: their tables are written as FHIR `grid` groups.
add_converted surveyjs ../shared/corpus/surveyjs '"matrix'
for template in Templates/*.json; do sources+=("$template"); done
written=()
for source in "${sources[@]}"; do
    name=$(basename "$source" .json)
    for version in r4 r5; do
        if "$tool" convert "$source" --from mi --to fhir --fhir-version "$version" -o "$out/$name.$version.fhir.json" \
            2>/dev/null; then
            written+=("$out/$name.$version.fhir.json")
        fi
    done
done
responses=0
for fixture in Templates/fixtures/*.fixture.json; do
    name=$(basename "$fixture" .fixture.json)
    template="Templates/${name%%.*}.json"
    mkdir -p "$out/run-$name"
    "$tool" run "$template" --answers "$fixture" --out "$out/run-$name" --embed-media >/dev/null 2>&1 || true
    completed="$out/run-$name/${name%%.*}.completed.json"
    [[ -f "$completed" ]] || { echo "check-fhir.sh: run wrote no completed form for $fixture" >&2; exit 1; }
    for version in r4 r5; do
        "$tool" convert "$completed" --to fhir --template "$template" --fhir-version "$version" \
            -o "$out/$name.qr.$version.fhir.json" 2>/dev/null
        written+=("$out/$name.qr.$version.fhir.json")
        responses=$((responses + 1))
    done
done
echo "checking ${#written[@]} resources: Questionnaires written from ${#sources[@]} templates, $responses QuestionnaireResponses"
"$venv/bin/python" Scripts/check_fhir.py ../shared/corpus/CHECKS.tsv "${written[@]}"
