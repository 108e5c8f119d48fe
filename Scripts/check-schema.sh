#!/usr/bin/env bash
# Checks `questionkit schema` with an independent validator, Python's jsonschema (from PyPI):
# the schema is a valid draft 2020-12 schema, every type's valid example questions and every
# bundled template validate against it, and the invalid test templates fail it.
#
# Usage: Scripts/check-schema.sh [--tool PATH] [--valid FILE]... [--invalid FILE]...
#   --tool PATH   a built questionkit to take the schema from (default: builds this package's);
#                 paths are relative to the package root
#   --valid/--invalid  templates to check instead of the defaults (Templates/*.json and
#                 Tests/Templates/invalid/*.json); giving either replaces both defaults
# Exits 0 when everything holds, 1 when not, 2 when the tools are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

tool=""
checks=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --tool) tool="$2"; shift 2 ;;
        --valid|--invalid) checks+=("$1" "$2"); shift 2 ;;
        *) echo "check-schema.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
if [[ ${#checks[@]} -eq 0 ]]; then
    for file in Templates/*.json Tests/Templates/early-format/*.json; do checks+=(--valid "$file"); done
    for file in Tests/Templates/invalid/*.json; do checks+=(--invalid "$file"); done
fi

if ! command -v python3 >/dev/null; then
    echo "check-schema.sh: python3 is needed" >&2
    exit 2
fi
if ! python3 -c 'import jsonschema' 2>/dev/null; then
    python3 -m pip install --quiet jsonschema \
        || python3 -m pip install --quiet --user --break-system-packages jsonschema
fi

if [[ -z "$tool" ]]; then
    swift build --product questionkit >/dev/null
    tool="$(swift build --show-bin-path)/questionkit"
fi
schema="$(mktemp)"
trap 'rm -f "$schema"' EXIT
"$tool" schema >"$schema"
python3 Scripts/check_schema.py "$schema" "${checks[@]}"
