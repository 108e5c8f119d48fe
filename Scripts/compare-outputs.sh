#!/usr/bin/env bash
# Whether two builds of questionkit say the same about every bundled input: a change that should not
# change behaviour (a refactor, a module split, speed work) is checked by running this with a build of
# the commit before it and one of the change.
#
# Usage: Scripts/compare-outputs.sh BEFORE-questionkit AFTER-questionkit
#
# Runs each build over the bundled templates, fixtures, invalid and fixable files and completed forms:
# `validate` (text and JSON), `test` (text, JSON, JUnit) over the fixture folders, `run` (its transcript
# and its PDF), `export` (text, JSON, PDF), `review`, `export` and `run` again with a key map that respells
# keys, and one language-server session that opens every template.
# What differs between two runs of one build is masked first: a PDF's creation date and file ID, JUnit
# and JSON durations. Prints one line per output that differs (and a diff of the first few lines), then a
# count; exits 1 when any differs, 64 on a bad argument.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ $# -ne 2 || ! -x $1 || ! -x $2 ]]; then
    echo "usage: Scripts/compare-outputs.sh BEFORE-questionkit AFTER-questionkit (two executables)" >&2
    exit 64
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/questionkit-compare.XXXXXX")
trap 'rm -rf "$work"' EXIT
# Each build is called `questionkit`, as messages and the language server name the tool as started.
mkdir -p "$work/before-bin" "$work/after-bin"
ln -s "$(realpath "$1")" "$work/before-bin/questionkit"
ln -s "$(realpath "$2")" "$work/after-bin/questionkit"
before="$work/before-bin/questionkit"
after="$work/after-bin/questionkit"

templates=(Templates/*.json Tests/Templates/early-format/*.json Tests/Templates/invalid/*.json Tests/Templates/fixable/*.json)
fixtures=(Templates/fixtures/*.fixture.json Tests/Templates/early-format/fixtures/*.fixture.json
    Tests/Templates/broken-fixtures/*.fixture.json)
completed=(Tests/Templates/completed/*.json Tests/Templates/original-forms/*.json
    Tests/Templates/print-sample/*.completed.json)

# A key map that respells keys the bundled forms use (a comment, a metadata field, the technician), so
# that the review, export and printed form are compared as a key map makes them too.
keymap="$work/keys.json"
echo '{"comment": "remark", "MIDiscipline": "Discipline", "username": "technician"}' >"$keymap"

# A language-server session: initialize, open each template, ask for its outline, shut down.
session="$work/session.jsonrpc"
python3 - "${templates[@]}" >"$session" <<'EOF'
import json, os, sys
def frame(message):
    body = json.dumps(message).encode()
    sys.stdout.buffer.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
frame({"jsonrpc": "2.0", "method": "initialized", "params": {}})
for number, path in enumerate(sys.argv[1:], start=2):
    uri = "file://" + os.path.abspath(path)
    text = open(path, encoding="utf-8", errors="replace").read()
    frame({"jsonrpc": "2.0", "method": "textDocument/didOpen",
           "params": {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}})
    frame({"jsonrpc": "2.0", "id": number, "method": "textDocument/documentSymbol",
           "params": {"textDocument": {"uri": uri}}})
frame({"jsonrpc": "2.0", "id": 9999, "method": "shutdown"})
frame({"jsonrpc": "2.0", "method": "exit"})
EOF

# Runs one build into its folder: each output as a file named after what made it, its exit status last.
outputs() {
    local tool=$1 out=$2 name
    mkdir -p "$out"
    record() {
        local name=$1
        shift
        set +e
        "$@" >"$out/$name.out" 2>"$out/$name.err" </dev/null
        echo "exit $?" >>"$out/$name.out"
        set -e
    }
    for file in "${templates[@]}" "${fixtures[@]}"; do
        name=$(echo "$file" | tr '/' '_')
        record "validate-text-$name" "$tool" validate "$file"
        record "validate-json-$name" "$tool" validate --format json "$file"
    done
    for format in text json junit; do
        record "test-$format" "$tool" test --format "$format" Templates/fixtures Tests/Templates/early-format/fixtures \
            Tests/Templates/broken-fixtures
    done
    for fixture in Templates/fixtures/*.fixture.json Tests/Templates/early-format/fixtures/*.fixture.json; do
        name=$(basename "$fixture" .fixture.json)
        # A fixture's template is in the folder above it.
        template="$(dirname "$(dirname "$fixture")")/${name%%.*}.json"
        # One path for both builds, as `run` names the file it wrote.
        record "run-$name" "$tool" run "$template" --answers "$fixture" --pdf "$work/printed.pdf"
        mv "$work/printed.pdf" "$out/run-$name.pdf" 2>/dev/null || true
    done
    for form in "${completed[@]}"; do
        name=$(echo "$form" | tr '/' '_')
        record "export-text-$name" "$tool" export --format text "$form"
        record "export-json-$name" "$tool" export --format json "$form"
        record "export-pdf-$name" "$tool" export --format pdf -o "$work/printed.pdf" "$form"
        mv "$work/printed.pdf" "$out/export-$name.pdf" 2>/dev/null || true
    done
    for form in "${completed[@]}"; do
        name=$(echo "$form" | tr '/' '_')
        record "review-keys-$name" "$tool" review --keys "$keymap" "$form"
        record "export-json-keys-$name" "$tool" export --keys "$keymap" --format json "$form"
        record "export-pdf-keys-$name" "$tool" export --keys "$keymap" --format pdf -o "$work/printed.pdf" "$form"
        mv "$work/printed.pdf" "$out/export-keys-$name.pdf" 2>/dev/null || true
    done
    record "run-keys" "$tool" run Templates/pump-inspection.json --keys "$keymap" \
        --answers Templates/fixtures/pump-inspection.fixture.json --pdf "$work/printed.pdf"
    mv "$work/printed.pdf" "$out/run-keys.pdf" 2>/dev/null || true
    set +e
    "$tool" lsp <"$session" >"$out/lsp.out" 2>"$out/lsp.err"
    echo "exit $?" >>"$out/lsp.out"
    set -e
    # What changes from run to run of one build: a PDF's date and ID, durations.
    for file in "$out"/*; do
        case "$file" in
        *.pdf) LC_ALL=C sed -i -E 's#/CreationDate \([^)]*\)#/CreationDate ()#; s#/ID \[<[0-9A-Fa-f]*> ?<[0-9A-Fa-f]*>\]#/ID []#' "$file" ;;
        *.out) sed -i -E 's/(time|duration|"seconds"|"duration")([=:] ?)"?[0-9.eE+-]+"?/\1\2"…"/g; s/in [0-9.]+ ?(s|ms)\b/in … \1/g' "$file" ;;
        esac
    done
}

outputs "$before" "$work/before"
outputs "$after" "$work/after"
differing=0
compared=0
for file in "$work"/before/*; do
    name=$(basename "$file")
    compared=$((compared + 1))
    if ! cmp -s "$file" "$work/after/$name"; then
        differing=$((differing + 1))
        echo "differs: $name"
        diff <(head -c 4000 "$file") <(head -c 4000 "$work/after/$name") | head -8 || true
    fi
done
echo "compared $compared outputs of $1 and $2: $differing differ"
[[ $differing -eq 0 ]]
