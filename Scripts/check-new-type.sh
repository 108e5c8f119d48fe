#!/usr/bin/env bash
# From an empty folder: `questionkit new-type Gauge --package gauge-kit` writes a package whose test
# fails on the skeleton's placeholder example (and says what to replace); a small scripted edit fills
# the type in; then `swift build && swift test` in gauge-kit passes, and the tool calls itself
# gauge-kit. Slow (the new package builds its own QuestionKit), so CI runs it rather than a unit test.
#
# Usage: Scripts/check-new-type.sh [--keep]    (--keep leaves the temporary folder and prints it)
set -euo pipefail
cd "$(dirname "$0")/.."
checkout="$PWD"
swift build --product questionkit >/dev/null
questionkit="$(swift build --show-bin-path)/questionkit"
work="$(mktemp -d)"
if [[ "${1:-}" == "--keep" ]]; then echo "keeping $work"; else trap 'rm -rf "$work"' EXIT; fi

cd "$work"
# Against this checkout, by its absolute path: the temporary folder is nowhere near it.
"$questionkit" new-type Gauge --package gauge-kit --questionkit-path "$checkout"
cd gauge-kit

# The skeleton builds, and its test fails with the placeholder's title, which says what to replace.
swift build
if swift test >test-before.log 2>&1; then
    echo "FAIL: the skeleton's test passed before the type was filled in" >&2
    exit 1
fi
grep -q "GaugeQuestion ('gauge'): example 'TODO: replace with a question gauge rejects" test-before.log || {
    cat test-before.log >&2
    echo "FAIL: the failing test does not say which placeholder to replace" >&2
    exit 1
}
echo "ok   the skeleton's test fails on its placeholder example"

# Fill the type in: a `unit` key that must be text, and a real invalid example instead of the placeholder.
python3 - <<'EOF'
from pathlib import Path
path = Path("Sources/GaugeKit/GaugeQuestion.swift")
source = path.read_text()
edits = [
    ("keys: [],", "keys: [Self.unit],"),
    ("    public init() {}\n\n    /// The answer",
     '    public init() {}\n\n    /// `unit`: what the gauge reads in.\n'
     '    public static let unit = Key("unit", summary: "The unit the gauge reads in, e.g. bar.")\n\n    /// The answer'),
    ("        GaugeDefinition()\n    }",
     "        if let node = question[Self.unit], node.stringValue == nil {\n"
     "            problems.error(\n"
     "                Code.unitNotText, \"'\\(question.spelling(of: Self.unit))' must be text, not \\(node.kind)\",\n"
     "                at: node)\n"
     "        }\n"
     "        return GaugeDefinition()\n    }"),
    ('"TODO: replace with a question gauge rejects, and the code and pointer of its error"',
     '"A unit that is not text"'),
    ('#"{"answer-type": "gauge", "question": "TODO", "TODO": true}"#', '#"{"answer-type": "gauge", "question": "P?", "unit": 5}"#'),
    ('.error(Code.todo, at: "/TODO")', '.error(Code.unitNotText, at: "/unit")'),
    ("        /// TODO: the placeholder example's code; replace it with your own codes.\n"
     '        case todo = "gauge.todo"',
     "        /// A `unit` that is not text.\n"
     '        case unitNotText = "gauge.unit-not-text"'),
]
for old, new in edits:
    assert source.count(old) == 1, f"not exactly once in the skeleton: {old!r}"
    source = source.replace(old, new)
path.write_text(source)
EOF

swift build
swift test
echo "ok   swift build && swift test pass once the type is filled in"
help="$(swift run --skip-build gauge-kit --help)"
grep -q "^USAGE: gauge-kit " <<<"$help" || { echo "FAIL: the tool does not call itself gauge-kit" >&2; exit 1; }
swift run --skip-build gauge-kit test Templates
echo "ok   gauge-kit calls itself gauge-kit, and its template's fixture replays"
