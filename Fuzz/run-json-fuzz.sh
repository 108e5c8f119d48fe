#!/usr/bin/env bash
# Fuzzes the JSON parser: `Fuzz/run-fuzz.sh json`, under the name the README and BENCHMARKS.md give.
#
#   Fuzz/run-json-fuzz.sh [seconds] [more libFuzzer flags...]
exec "$(dirname "$0")/run-fuzz.sh" json "$@"
