#!/usr/bin/env bash
# Fuzzes the JSON parser with libFuzzer and AddressSanitizer for a bounded time.
#
#   Fuzz/run-json-fuzz.sh [seconds] [more libFuzzer flags...]
#
# Builds Fuzz/JSONParserFuzz/*.swift together with the parser's sources (not through SwiftPM),
# seeds the corpus with Templates/*.json, and runs for `seconds` (default 60). Exits non-zero
# when the fuzzer finds a crash or a broken invariant; the input that did it is saved in the
# work directory (FUZZ_WORK_DIR, default .build/fuzz-json) as crash-*; replay it with
#   SWIFT_BACKTRACE=enable=no .build/fuzz-json/json-fuzz .build/fuzz-json/crash-...
set -euo pipefail

cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
work="${FUZZ_WORK_DIR:-.build/fuzz-json}"
mkdir -p "$work/corpus"

for template in Templates/*.json; do
    [ -e "$template" ] && cp "$template" "$work/corpus/"
done
printf '{"a": [1, -2.5e3, true, false, null, "\\u00e9\\ud83d\\ude00"]}' > "$work/corpus/seed-values.json"
# More than 16 members, so that duplicate detection uses its hash table.
{
    printf '{'
    for i in $(seq 1 24); do printf '"k%d": %d, ' "$i" "$i"; done
    printf '"k\\u0031": {"k1": [], "k1": 0}}'
} > "$work/corpus/seed-large-object.json"

echo "building $work/json-fuzz ..."
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name JSONFuzz \
    Sources/QuestionKit/JSON/*.swift Sources/QuestionKit/Diagnostics/*.swift Fuzz/JSONParserFuzz/*.swift \
    -o "$work/json-fuzz"

echo "fuzzing for $seconds s ..."
# The Swift backtracer reads the stack in ways AddressSanitizer reports; libFuzzer prints the input.
export SWIFT_BACKTRACE=enable=no
"$work/json-fuzz" \
    -max_total_time="$seconds" \
    -max_len=4096 \
    -timeout=10 \
    -rss_limit_mb=4096 \
    -print_final_stats=1 \
    -dict=Fuzz/JSONParserFuzz/json.dict \
    -artifact_prefix="$work/" \
    "$@" \
    "$work/corpus"
