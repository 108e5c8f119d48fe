#!/usr/bin/env bash
# Fuzzes one reader of untrusted input with libFuzzer and AddressSanitizer for a bounded time.
#
#   Fuzz/run-fuzz.sh TARGET [seconds] [more libFuzzer flags...]
#
#   json   the JSON parser               (Fuzz/JSONParserFuzz)
#   plist  property lists of every kind  (Fuzz/PropertyListFuzz)
#   font   TrueType fonts embedded in PDF (Fuzz/FontFuzz)
#   image  JPEG and PNG photos and logos  (Fuzz/ImageFuzz)
#   lsp    the language server, a whole JSON-RPC session per input (Fuzz/LanguageServerFuzz)
#   fixit  fix-its: diagnose, apply, parse again (Fuzz/FixItFuzz)
#   completed-form  the lenient completed-form reader, review and writer, with the built-in types
#                   (Fuzz/CompletedFormFuzz)
#   fixture  fixtures read and replayed against a template with conditions, with the built-in types
#            (Fuzz/FixtureFuzz)
#   fhir   the FHIR Questionnaire reader and writer, and the QuestionnaireResponse reader and writer,
#          with the built-in types (Fuzz/FHIRFuzz)
#   surveyjs  the SurveyJS reader and the check of what it makes, with the built-in types (Fuzz/SurveyJSFuzz);
#             seeded with the corpus's small surveys, copied to the work folder at run time
#   xlsform  the XLSForm reader (.xlsx, pyxform's .csv and .md) and the check of what it makes, with the
#            built-in types (Fuzz/XLSFormFuzz); seeded with the corpus's small forms, copied to the work
#            folder at run time
#   zip    DEFLATE data and zip archives (Fuzz/ZipFuzz)
#   xlsx   .xlsx workbooks and their XML (Fuzz/XLSXFuzz); seeded with the corpus's workbooks, read in place
#          from ../shared/corpus/xlsform when it is there
#
# Builds the target's Fuzz/<Target>/*.swift together with the sources it reads (not through SwiftPM;
# for lsp, fixit, completed-form, font, image, zip and xlsx, the modules they import are built first, each from its
# Sources/<Module> folder, once for all targets in .build/fuzz-modules, again only when a source changed),
# seeds the corpus with the target's committed seeds/ (and, for json, fixit and completed-form, the
# templates and forms named in its case below), and runs for
# `seconds` (default 60). Exits non-zero when the fuzzer finds a crash or a broken invariant; the input
# that did it is saved in the work directory (FUZZ_WORK_DIR, default .build/fuzz-TARGET) as crash-*;
# replay it with
#   SWIFT_BACKTRACE=enable=no .build/fuzz-TARGET/TARGET-fuzz .build/fuzz-TARGET/crash-...
# The fuzzer's own progress (thousands of lines a minute) goes to .build/fuzz-TARGET/fuzz.log: a run
# that passes prints one line of its final statistics, one that fails the end of that log. On a
# terminal, or with FUZZ_VERBOSE=1, the progress is shown as it comes.
set -euo pipefail

cd "$(dirname "$0")/.."
target="${1:?usage: Fuzz/run-fuzz.sh json|plist|font|image|lsp|fixit|completed-form|fixture|fhir|surveyjs|xlsform|zip|xlsx [seconds] [libFuzzer flags...]}"
shift
seconds="${1:-60}"
shift || true
work="${FUZZ_WORK_DIR:-.build/fuzz-$target}"
mkdir -p "$work/corpus"

# seed LIMIT FILE...: copies each FILE that exists, and is no larger than LIMIT bytes (0: any size), into the
# seed corpus. Globs that match nothing (no ../shared) copy nothing.
seed() {
    local limit=$1 file
    shift
    for file in "$@"; do
        [ -e "$file" ] || continue
        [ "$limit" = 0 ] || [ "$(stat -c %s "$file")" -le "$limit" ] || continue
        cp "$file" "$work/corpus/"
    done
}

extra=()
readOnlyCorpus=()
sources=()
modules=()
core=(Sources/QuestionKit/JSON/*.swift Sources/QuestionKit/Diagnostics/*.swift)
case "$target" in
json)
    folder=Fuzz/JSONParserFuzz
    sources=("${core[@]}")
    maxLength=4096
    seed 0 Templates/*.json
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
    modules=(QuestionKit)
    sources=(Sources/QuestionKitForms/Template/PropertyList*.swift Sources/QuestionKitForms/Template/BinaryPropertyList.swift)
    maxLength=4096
    # Foundation's text parsers leak an NSError for each input they refuse (not ours to fix); only
    # crashes, overflows and broken invariants count here.
    extra=(-detect_leaks=0)
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
    ;;
font)
    folder=Fuzz/FontFuzz
    # PDFFontSet+Lines.swift imports QuestionKit; the DEFLATE compressor is QuestionKitArchive's.
    modules=(QuestionKit QuestionKitArchive)
    sources=(Sources/QuestionKitPDF/PDF/*.swift)
    maxLength=8192
    ;;
image)
    folder=Fuzz/ImageFuzz
    modules=(QuestionKit QuestionKitArchive)
    sources=(Sources/QuestionKitPDF/PDF/*.swift)
    maxLength=8192
    ;;
lsp)
    folder=Fuzz/LanguageServerFuzz
    modules=(QuestionKit QuestionKitForms QuestionTypes QuestionKitLanguageServer)
    maxLength=16384
    holdsRegistry=true
    ;;
fixit)
    folder=Fuzz/FixItFuzz
    modules=(QuestionKit QuestionKitForms QuestionTypes)
    maxLength=8192
    holdsRegistry=true
    seed 0 Templates/*.json Tests/Templates/fixable/*.json Tests/Templates/invalid/*.json \
        Tests/Templates/logic-invalid/*.json
    ;;
completed-form)
    folder=Fuzz/CompletedFormFuzz
    modules=(QuestionKit QuestionKitForms QuestionTypes)
    maxLength=16384
    holdsRegistry=true
    seed 0 Templates/*.json Tests/Templates/completed/*.json Tests/Templates/original-forms/*.json \
        Tests/Templates/print-sample/*.json Tests/QuestionKitCLITests/Golden/*.completed.json
    ;;
fixture)
    folder=Fuzz/FixtureFuzz
    modules=(QuestionKit QuestionKitForms QuestionTypes)
    maxLength=8192
    holdsRegistry=true
    seed 0 Templates/fixtures/*.json Tests/Templates/fixtures/*.json
    ;;
fhir | surveyjs | xlsform)
    # A reader of another format, with the built-in types, seeded with the corpus's small forms of it.
    modules=(QuestionKit QuestionKitForms QuestionTypes QuestionKitArchive QuestionKitFiles QuestionKitInterchange)
    holdsRegistry=true
    case "$target" in
    fhir)
        folder=Fuzz/FHIRFuzz maxLength=16384
        seed 16384 ../shared/corpus/fhir/*.json
        ;;
    surveyjs)
        folder=Fuzz/SurveyJSFuzz maxLength=16384
        seed 4096 ../shared/corpus/surveyjs/*.json
        ;;
    xlsform)
        folder=Fuzz/XLSFormFuzz maxLength=65536
        seed 4096 ../shared/corpus/xlsform/*.csv ../shared/corpus/xlsform/*.md
        seed 16384 ../shared/corpus/xlsform/*.xlsx ../shared/corpus/xlsform/*.xlsm
        ;;
    esac
    ;;
zip)
    folder=Fuzz/ZipFuzz
    modules=(QuestionKitArchive)
    maxLength=65536
    # The workbooks' seeds are zip archives too.
    cp Fuzz/XLSXFuzz/seeds/* "$work/corpus/"
    ;;
xlsx)
    folder=Fuzz/XLSXFuzz
    modules=(QuestionKitArchive)
    maxLength=131072
    # The corpus's real workbooks, read in place as a second corpus folder (never copied, here or into the
    # repository); new inputs go to the first.
    for corpus in ../shared/corpus/xlsform ../../shared/corpus/xlsform; do
        if [ -d "$corpus" ]; then
            readOnlyCorpus=("$corpus")
            break
        fi
    done
    ;;
*)
    echo "unknown fuzz target '$target': json, plist, font, image, lsp, fixit, completed-form, fixture, fhir, surveyjs, xlsform, zip or xlsx" >&2
    exit 64
    ;;
esac
if [[ ${holdsRegistry:-false} == true ]]; then
    # A registry made once in a global holds the types' descriptions, whose key schemas are indirect
    # enum cases: their boxes are referenced through pointers with the enum's tag in their spare bits,
    # which LeakSanitizer does not take for pointers, so they show as leaks (of a fixed few kilobytes,
    # at the first input or at exit). Crashes, overflows and broken invariants count here.
    extra+=(-detect_leaks=0)
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi
if [ -d "$folder/seeds" ]; then
    cp "$folder"/seeds/* "$work/corpus/"
fi
dictionary=()
for file in "$folder"/*.dict; do
    [ -e "$file" ] && dictionary=(-dict="$file")
done

echo "building $work/$target-fuzz ..."
# -package-name: the sources declare members of `package` access, shared by the package's modules.
# The modules are shared by the targets (a module is rebuilt when one of its sources, or a module built
# before it, is newer than its library). The gold linker's notes on local symbols are left out of the log.
moduleDir="${FUZZ_MODULES_DIR:-.build/fuzz-modules}"
libraries=()
mkdir -p "$moduleDir"
# Runs at the same time (one target per core) take turns at the shared modules.
exec 9>"$moduleDir/.lock"
flock 9
for module in "${modules[@]}"; do
    library="$moduleDir/lib$module.a"
    mapfile -t files < <(find "Sources/$module" -name '*.swift' | sort)
    if [ ! -e "$library" ] || [ -n "$(find "Sources/$module" "${libraries[@]}" -newer "$library" -print -quit)" ]; then
        echo "building the module $module ..."
        swiftc -sanitize=fuzzer,address -parse-as-library -O -wmo -module-name "$module" -package-name questionkit \
            -I "$moduleDir" -emit-module -emit-module-path "$moduleDir/$module.swiftmodule" \
            -emit-library -static -o "$library" "${files[@]}"
    fi
    libraries+=("$library")
done
flock -u 9
# Linked in reverse order, each static library after those that use it (QuestionKitInterchange before
# QuestionKitArchive, which the target itself may not reference): the linker takes from a library only
# what is wanted when it reaches it.
linked=()
for ((index = ${#libraries[@]} - 1; index >= 0; index--)); do linked+=("${libraries[index]}"); done
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name "Fuzz_${target//-/_}" -package-name questionkit \
    ${modules[0]+-I "$moduleDir"} ${sources[0]+"${sources[@]}"} "$folder"/*.swift ${linked[0]+"${linked[@]}"} -o "$work/$target-fuzz" \
    2>&1 | { grep -v 'Cannot export local symbol' || true; }

echo "fuzzing $target for $seconds s ..."
# The Swift backtracer reads the stack in ways AddressSanitizer reports; libFuzzer prints the input.
export SWIFT_BACKTRACE=enable=no
# Foundation logs every old-style property list it refuses; those lines are left out of the log (the
# fuzzer's status is kept through pipefail).
fuzz() {
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
        "$work/corpus" ${readOnlyCorpus[0]+"${readOnlyCorpus[@]}"} 2>&1 | { grep -v 'CFPropertyListCreateFromXMLData(): Old-style plist parser' || true; }
}
if [[ -t 1 || ${FUZZ_VERBOSE:-0} == 1 ]]; then
    fuzz "$@"
else
    log="$work/fuzz.log"
    if ! fuzz "$@" >"$log"; then
        echo "fuzzing $target FAILED; the end of $log:" >&2
        tail -60 "$log" >&2
        exit 1
    fi
    # Runs, new coverage and peak memory, on one line.
    grep -E '^(stat::number_of_executed_units|stat::new_units_added|stat::peak_rss_mb|Done )' "$log" | tr '\n' ' ' | tr -s ' '
    echo
fi
