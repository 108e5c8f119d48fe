#!/usr/bin/env bash
# Checks the public API of each library module against the lists kept in Docs/API/<Module>.txt, so
# that a declaration made public by accident shows up in review as a line of that file.
#
# Usage: Scripts/check-public-api.sh [--update]
#   (no option)  builds the package, lists each module's public declarations from its symbol graph
#                (swift-symbolgraph-extract, shipped with the toolchain), and exits 1 with the diff
#                when a list differs from Docs/API, when a public declaration of QuestionKit (the
#                framework a type developer reads) has no doc comment, or when a member says public
#                inside a type that is not, or extends a type not ours (Scripts/misleading_access.py)
#   --update     rewrites Docs/API/*.txt from the built package (the doc comment check still runs)
# Exits 0 when everything holds, 1 when not, 2 when the tools are missing, 64 on a bad argument.
set -euo pipefail
cd "$(dirname "$0")/.."

update=false
case "${1:-}" in
    "") ;;
    --update) update=true ;;
    *) echo "check-public-api.sh: unknown argument '$1'; usage: Scripts/check-public-api.sh [--update]" >&2; exit 64 ;;
esac
for tool in swift swift-symbolgraph-extract python3; do
    if ! command -v "$tool" >/dev/null; then
        echo "check-public-api.sh: $tool is needed" >&2
        exit 2
    fi
done

modules=(QuestionKit QuestionKitForms QuestionKitFiles QuestionKitPDF QuestionKitStore QuestionKitCLI QuestionKitTesting QuestionKitLanguageServer QuestionKitInterchange QuestionKitDataset)
for module in "${modules[@]}"; do
    swift build --target "$module" >/dev/null
done
modules_dir="$(swift build --show-bin-path)/Modules"
[[ -d "$modules_dir" ]] || modules_dir="$(swift build --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

status=0
mkdir -p Docs/API
for module in "${modules[@]}"; do
    mkdir -p "$work/$module"
    swift-symbolgraph-extract -module-name "$module" -I "$modules_dir" -target "$(uname -m)-unknown-linux-gnu" \
        -minimum-access-level public -skip-synthesized-members -output-dir "$work/$module"
    python3 Scripts/public_api.py "$work/$module" "$module" >"$work/$module.txt"
    if $update; then
        cp "$work/$module.txt" "Docs/API/$module.txt"
    elif ! diff -u "Docs/API/$module.txt" "$work/$module.txt" >"$work/$module.diff"; then
        echo "The public API of $module differs from Docs/API/$module.txt (- listed, + built):" >&2
        cat "$work/$module.diff" >&2
        status=1
    fi
    conformances=$(grep -c ': conforms to ' "$work/$module.txt" || true)
    echo "$module: $(($(wc -l <"$work/$module.txt") - conformances)) public declarations, $conformances conformances"
done
if $update; then
    echo "Docs/API rewritten; review the diff (git diff Docs/API) before committing."
fi

# Access that says more than it is: a public member of a type that is not public, or a public member
# added to a type not ours (String, Array: it would show in every file that imports the module).
for module in "${modules[@]}"; do
    mkdir -p "$work/all/$module"
    swift-symbolgraph-extract -module-name "$module" -I "$modules_dir" -target "$(uname -m)-unknown-linux-gnu" \
        -minimum-access-level private -skip-synthesized-members -output-dir "$work/all/$module"
    if ! python3 Scripts/misleading_access.py "$work/all/$module" "$module" >"$work/misleading.txt"; then
        echo "Access in $module says more than it is (make it package, or drop the word):" >&2
        cat "$work/misleading.txt" >&2
        status=1
    fi
done

python3 Scripts/public_api.py "$work/QuestionKit" QuestionKit --undocumented >"$work/undocumented.txt"
if [[ -s "$work/undocumented.txt" ]]; then
    echo "Public declarations of QuestionKit without a doc comment (///):" >&2
    cat "$work/undocumented.txt" >&2
    status=1
fi
if [[ $status -ne 0 && $update == false ]]; then
    echo "When a change is meant, run Scripts/check-public-api.sh --update and commit Docs/API." >&2
fi
exit $status
