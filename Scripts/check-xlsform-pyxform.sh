#!/usr/bin/env bash
# Checks the XLSForms `questionkit convert --to xlsform` writes with the XLSForm reference converter,
# pyxform's xls2xform (from PyPI, in its own virtual environment, .build/venv-pyxform): every template of
# Templates/, every template of Tests/Templates that validates clean, and every FHIR Questionnaire of the
# shared corpus (../shared/corpus/fhir, when present) that converts to ours, each written as .xlsx and as
# pyxform's .csv, must convert to an XForm, the same from both (Scripts/check_xlsform.py, one Python process).
# With Java (Debian's), the .xlsx's XForm also goes through ODK Validate, which pyxform's wheel ships (nothing
# is fetched); without it, pyxform's own checks only, and the log says so.
#
# Usage: Scripts/check-xlsform-pyxform.sh [--tool PATH]   (default: builds this package's questionkit)
# Exits 0 when every form converts (or, printing "skipped: REASON" last, when PyPI cannot be reached),
# 1 when one does not.
set -euo pipefail
cd "$(dirname "$0")/.."

source Scripts/python-checker.sh
# checker_setup exits 2 when the package cannot be installed: tried in a subshell first, that is a skip.
if ! (checker_setup check-xlsform-pyxform.sh .build/venv-pyxform pyxform pyxform "$@" >/dev/null); then
    echo "skipped: pyxform could not be installed from PyPI (no network, or python3-venv missing)"
    exit 0
fi
checker_setup check-xlsform-pyxform.sh .build/venv-pyxform pyxform pyxform "$@"

validate=""
if command -v java >/dev/null && java -version >/dev/null 2>&1; then
    validate=--odk-validate
    echo "Java found: each XForm also goes through ODK Validate (shipped with pyxform)"
else
    echo "no Java: pyxform's own checks only (no ODK Validate)"
fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
sources=()
for template in Templates/*.json; do sources+=("$template"); done
clean=0
while IFS= read -r template; do
    # Only templates that validate clean: the others are there to show problems.
    if "$tool" validate "$template" >/dev/null 2>&1; then
        sources+=("$template")
        clean=$((clean + 1))
    fi
done < <(find Tests/Templates -name '*.json' ! -name '*.fixture.json' ! -path '*/fixtures/*' | sort)
fhir=0
corpus=../shared/corpus/fhir
mkdir "$out/fhir"
if [[ -d "$corpus" ]]; then
    for file in "$corpus"/*.json; do
        grep -q '"resourceType" *: *"Questionnaire"' "$file" || continue
        name=$(basename "$file" .json)
        name=${name// /_}
        # Warnings are expected (what is not carried); only a file that cannot be read is left out.
        if "$tool" convert "$file" --from fhir -o "$out/fhir/fhir-$name.json" 2>/dev/null; then
            sources+=("$out/fhir/fhir-$name.json")
            fhir=$((fhir + 1))
        fi
    done
else
    echo "no corpus at $corpus: its FHIR Questionnaires are not tried"
fi
echo "templates: $(ls Templates/*.json | wc -l) bundled, $clean of Tests/Templates, $fhir corpus FHIR Questionnaires converted to ours"

forms=()
failed=0
for source in "${sources[@]}"; do
    name=$(basename "$source" .json)
    [[ $source == Tests/* ]] && name="tests-$name"
    for layout in xlsx csv; do
        if ! "$tool" convert "$source" --from mi -o "$out/$name.$layout" 2>"$out/convert.log"; then
            echo "FAIL $source: questionkit could not write it as .$layout:"
            cat "$out/convert.log"
            failed=$((failed + 1))
        fi
    done
    [[ -f $out/$name.xlsx && -f $out/$name.csv ]] && forms+=("$out/$name.xlsx")
done
version=$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("pyxform"))')
echo "pyxform $version: ${#sources[@]} templates written, $failed could not be"
"$venv/bin/python" Scripts/check_xlsform.py $validate "${forms[@]}"
[[ $failed -eq 0 ]]
