#!/usr/bin/env bash
# Fuzzes one reader of untrusted input with libFuzzer and AddressSanitizer for a bounded time.
#
#   Fuzz/run-fuzz.sh TARGET [seconds] [more libFuzzer flags...]
#
#   json   the JSON parser               (Fuzz/JSONParserFuzz)
#   plist  property lists of every kind  (Fuzz/PropertyListFuzz)
#   font   TrueType fonts embedded in PDF (Fuzz/FontFuzz)
#   image  JPEG and PNG photos and logos  (Fuzz/ImageFuzz)
#   completed-form  the lenient completed-form reader, review and writer, with the built-in types
#                   (Fuzz/CompletedFormFuzz)
#
# Builds the target's Fuzz/<Target>/*.swift together with the sources it reads (not through SwiftPM),
# seeds the corpus with the target's committed seeds/ (and, for json and completed-form, Templates/*.json
# and the completed forms of the tests), and runs for
# `seconds` (default 60). Exits non-zero when the fuzzer finds a crash or a broken invariant; the input
# that did it is saved in the work directory (FUZZ_WORK_DIR, default .build/fuzz-TARGET) as crash-*;
# replay it with
#   SWIFT_BACKTRACE=enable=no .build/fuzz-TARGET/TARGET-fuzz .build/fuzz-TARGET/crash-...
set -euo pipefail

cd "$(dirname "$0")/.."
target="${1:?usage: Fuzz/run-fuzz.sh json|plist|font|image|completed-form [seconds] [libFuzzer flags...]}"
shift
seconds="${1:-60}"
shift || true
work="${FUZZ_WORK_DIR:-.build/fuzz-$target}"
mkdir -p "$work/corpus"

extra=()
libraries=()
core=(Sources/QuestionKit/JSON/*.swift Sources/QuestionKit/Diagnostics/*.swift)
case "$target" in
json)
    folder=Fuzz/JSONParserFuzz
    sources=("${core[@]}")
    maxLength=4096
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
    ;;
plist)
    folder=Fuzz/PropertyListFuzz
    sources=("${core[@]}" Sources/QuestionKit/Template/PropertyList*.swift
        Sources/QuestionKit/Template/BinaryPropertyList.swift)
    maxLength=4096
    # Foundation's text parsers leak an NSError for each input they refuse (not ours to fix); only
    # crashes, overflows and broken invariants count here.
    extra=(-detect_leaks=0)
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
    ;;
font)
    folder=Fuzz/FontFuzz
    sources=(Sources/QuestionKitPDF/PDF/*.swift)
    maxLength=8192
    ;;
image)
    folder=Fuzz/ImageFuzz
    sources=(Sources/QuestionKitPDF/PDF/*.swift)
    maxLength=8192
    ;;
completed-form)
    folder=Fuzz/CompletedFormFuzz
    # The built-in types import QuestionKit: it is built first as a module of its own (instrumented
    # the same way), and the types are compiled with the fuzz entry point.
    sources=(Sources/QuestionTypes/*.swift)
    libraries=(QuestionKit)
    maxLength=16384
    for form in Templates/*.json Tests/Templates/completed/*.json Tests/Templates/original-forms/*.json \
        Tests/Templates/print-sample/*.json Tests/QuestionKitCLITests/Golden/*.completed.json; do
        [ -e "$form" ] && cp "$form" "$work/corpus/"
    done
    ;;
*)
    echo "unknown fuzz target '$target': json, plist, font, image or completed-form" >&2
    exit 64
    ;;
esac
if [ -d "$folder/seeds" ]; then
    cp "$folder"/seeds/* "$work/corpus/"
fi
dictionary=()
for file in "$folder"/*.dict; do
    [ -e "$file" ] && dictionary=(-dict="$file")
done

echo "building $work/$target-fuzz ..."
# -package-name: the sources declare members of `package` access, shared by the package's modules.
# A library module the sources import is built first, as a static library that is linked after them.
imported=()
linked=()
for library in "${libraries[@]}"; do
    mkdir -p "$work/modules"
    swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name "$library" -package-name questionkit \
        -emit-module -emit-module-path "$work/modules/$library.swiftmodule" -emit-library -static \
        -o "$work/lib$library.a" $(find "Sources/$library" -name '*.swift' | sort)
    imported=(-I "$work/modules")
    linked+=("$work/lib$library.a")
done
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name "Fuzz_${target//-/_}" -package-name questionkit \
    "${imported[@]}" "${sources[@]}" "$folder"/*.swift "${linked[@]}" -o "$work/$target-fuzz"

echo "fuzzing $target for $seconds s ..."
# The Swift backtracer reads the stack in ways AddressSanitizer reports; libFuzzer prints the input.
export SWIFT_BACKTRACE=enable=no
# Foundation logs every old-style property list it refuses; those lines are left out of the log (the
# fuzzer's status is kept through pipefail).
"$work/$target-fuzz" \
    -max_total_time="$seconds" \
    -max_len="$maxLength" \
    -timeout=10 \
    -rss_limit_mb=4096 \
    -print_final_stats=1 \
    "${dictionary[@]}" \
    "${extra[@]}" \
    -artifact_prefix="$work/" \
    "$@" \
    "$work/corpus" 2>&1 | { grep -v 'CFPropertyListCreateFromXMLData(): Old-style plist parser' || true; }
