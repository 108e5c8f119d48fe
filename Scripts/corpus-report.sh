#!/usr/bin/env bash
# Issue 21's table over the shared corpus (../shared/corpus, beside the repository): per format, how many
# files the release `questionkit convert --format json` converts clean (notes at most), with located
# warnings only, or with errors; crashes (there must be none); diagnostics without a line; and whether the
# count check (the source's items = questions + sections + help + items reported) holds in every file.
# XLSForm workbooks and texts count too. Prints a Markdown table (see Sources/Benchmarks/CorpusReport.swift); exits 1 on a crash or a failed
# count, 0 otherwise, and skips (exit 0, saying why) where ../shared/corpus is absent.
#
# Usage: Scripts/corpus-report.sh [CORPUS]   (default: ../shared/corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${1:-../shared/corpus}"
if [[ ! -d $corpus ]]; then
    echo "corpus-report.sh: skipped: $corpus is absent (the shared corpus lives beside the repository)"
    exit 0
fi
swift build -c release --product questionkit >&2
swift build -c release --product Benchmarks >&2
.build/release/Benchmarks corpus-report "$corpus"
