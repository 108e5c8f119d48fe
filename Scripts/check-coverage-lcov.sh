#!/usr/bin/env bash
# Checks `questionkit test --coverage-file` with the reader it is written for, genhtml (Debian's lcov,
# installed when missing): genhtml turns the LCOV file of the bundled fixtures into an HTML report with
# every template that has conditions in it, without an error or a warning, and reads every branch of
# them covered (issue 20: the bundled logic template's fixtures reach 100% branch coverage). Quiet when
# all holds.
#
# Usage: Scripts/check-coverage-lcov.sh [--tool PATH]   (default: builds this package's questionkit)
# Exits 0 when everything holds, 1 when not, 2 when the tools are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v genhtml >/dev/null 2>&1; then
    source Scripts/debian-packages.sh
    debian_install check-coverage-lcov.sh lcov
fi
source Scripts/tool-option.sh
tool_option check-coverage-lcov.sh "$@"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

"$tool" test --coverage-file "$out/fixtures.info" Templates/ >"$out/test.txt"
grep -q '^BRDA:' "$out/fixtures.info" || { echo "check-coverage-lcov.sh: no branch records in the LCOV file"; exit 1; }
if ! genhtml --branch-coverage --output-directory "$out/html" "$out/fixtures.info" >"$out/genhtml.txt" 2>&1; then
    cat "$out/genhtml.txt"
    echo "check-coverage-lcov.sh: genhtml refused the LCOV file of 'questionkit test --coverage-file'"
    exit 1
fi
if grep -Ei 'warning|error' "$out/genhtml.txt"; then
    echo "check-coverage-lcov.sh: genhtml read the LCOV file with the problems above"
    exit 1
fi
for template in $(sed -n 's/^SF://p' "$out/fixtures.info"); do
    [[ -f "$out/html/$template.gcov.html" ]] || { echo "check-coverage-lcov.sh: no page for $template"; exit 1; }
done
branches=$(grep -E '^ +branches\.+:' "$out/genhtml.txt")
if [[ "$branches" != *": 100.0% "* ]]; then
    echo "check-coverage-lcov.sh: the bundled fixtures leave branches uncovered:$branches"
    sed -n 's/^ *\(.*not covered: .*\)/\1/p' <("$tool" test --coverage Templates/)
    exit 1
fi
