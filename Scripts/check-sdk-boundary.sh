#!/usr/bin/env bash
# Whether `import QuestionKit` gives a question type the SDK and nothing more (issue 19): a file that
# imports QuestionKit alone must not see the form session, replay, completed forms, the registry and
# key-map loading, templates, the review, the PDF writer or the store, and each of those must be there
# for a file that imports its module. The new-type skeleton (a whole question type) must compile with
# `import QuestionKit` alone.
#
# Usage: Scripts/check-sdk-boundary.sh
# Builds the library modules (debug), then type-checks three files against them with swiftc. Exits 0
# when the boundary holds, 1 with what leaked or what is missing, 2 when swift is not installed.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swiftc >/dev/null || { echo "check-sdk-boundary.sh: swiftc is needed" >&2; exit 2; }

swift build --target QuestionKitCLI >/dev/null
modules="$(swift build --show-bin-path)/Modules"
[[ -d "$modules" ]] || modules="$(swift build --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# name | the module that must provide it | a use of it
probes=(
    "FormSession|QuestionKitForms|_ = FormSession.self"
    "FixtureReplayer|QuestionKitForms|_ = FixtureReplayer.self"
    "Fixture|QuestionKitForms|_ = Fixture.self"
    "CompletedFormWriter|QuestionKitForms|_ = CompletedFormWriter.self"
    "CompletedFormReader|QuestionKitForms|_ = CompletedFormReader.self"
    "QuestionTypeRegistry|QuestionKitForms|_ = QuestionTypeRegistry.self"
    "load|QuestionKitForms|_ = KeyMap.load([], knownKeys: [])"
    "TemplateReader|QuestionKitForms|_ = TemplateReader.self"
    "Review|QuestionKitForms|_ = Review.self"
    "PDFDocument|QuestionKitPDF|_ = PDFDocument.self"
    "FormStore|QuestionKitStore|_ = FormStore.self"
)

sdk_only="$work/SDKOnly.swift"
everything="$work/Everything.swift"
echo "import QuestionKit" >"$sdk_only"
printf 'import QuestionKit\nimport QuestionKitForms\nimport QuestionKitPDF\nimport QuestionKitStore\n' >"$everything"
for file in "$sdk_only" "$everything"; do
    {
        echo "func probes() {"
        for probe in "${probes[@]}"; do echo "    ${probe##*|}"; done
        echo "}"
    } >>"$file"
done

typecheck() { swiftc -typecheck -swift-version 6 -I "$modules" "$@" 2>&1; }

status=0
# Each name must be refused to a file that imports QuestionKit alone, on its own line.
errors="$(typecheck "$sdk_only" || true)"
for index in "${!probes[@]}"; do
    probe="${probes[$index]}"
    name="${probe%%|*}"
    line=$((index + 3))
    if ! grep -qE "SDKOnly.swift:$line:[0-9]+: error: .*'$name'" <<<"$errors"; then
        echo "leak: a file with only 'import QuestionKit' sees $name (${probe##*|})" >&2
        status=1
    fi
done
# ... and be there for a file that imports its module.
if ! output="$(typecheck "$everything")"; then
    echo "missing: with its module imported, a probe does not compile:" >&2
    echo "$output" >&2
    status=1
fi
# A whole question type (the new-type skeleton) compiles against the SDK alone.
skeleton=Tests/QuestionKitCLITests/NewTypeSkeletonSample.swift
if grep -qE '^import QuestionKit[A-Za-z]' "$skeleton"; then
    echo "the new-type skeleton imports more than QuestionKit: $(grep -E '^import ' "$skeleton" | tr '\n' ' ')" >&2
    status=1
elif ! output="$(typecheck -parse-as-library "$skeleton")"; then
    echo "the new-type skeleton does not compile against the SDK alone:" >&2
    echo "$output" >&2
    status=1
fi
if [[ $status -eq 0 ]]; then
    echo "import QuestionKit: ${#probes[@]} engine, PDF and store names unseen, each seen through its own module; a question type compiles with the SDK alone"
fi
exit $status
