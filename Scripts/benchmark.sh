#!/usr/bin/env bash
# Builds in release and runs the benchmark; prints a Markdown table for BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product questionkit >&2
swift build -c release --product Benchmarks >&2
echo "Measured $(date -u +%Y-%m-%d) on $(nproc) cores, $(uname -m), $(swift --version 2>/dev/null | head -1)."
echo
.build/release/Benchmarks "$@"
