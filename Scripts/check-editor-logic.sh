#!/usr/bin/env bash
# Checks conditions in the editor end to end (issue 20, Must show 3): pytest-lsp (from PyPI, in the
# virtual environment Scripts/check-lsp.sh uses, .build/venv-lsp) runs Scripts/lsp/test_logic.py against
# the built tool on the bundled logic template, Templates/leak-check.json: completion of a condition's
# question, operator and answer; definition, references and rename of a linkId.
#
# Usage: Scripts/check-editor-logic.sh [--tool PATH]   (default: builds this package's questionkit)
# Exits 0 when everything holds, 1 when not. When python3 or pytest-lsp cannot be had (no network),
# it prints "skipped: " and the reason as its last line and exits 0: the Swift tests
# (Tests/QuestionKitLanguageServerTests/ConditionEditingTests.swift) cover the same in-process.
set -euo pipefail
cd "$(dirname "$0")/.."

# checker_setup exits 2 when the client cannot be had; tried in a subshell first, so that this can skip.
source Scripts/python-checker.sh
if ! reason=$( (checker_setup check-editor-logic.sh .build/venv-lsp pytest_lsp pytest-lsp "$@" >/dev/null) 2>&1); then
    echo "skipped: pytest-lsp could not be had: ${reason:-python3 -m venv or pip failed}"
    exit 0
fi
checker_setup check-editor-logic.sh .build/venv-lsp pytest_lsp pytest-lsp "$@"
QUESTIONKIT_TOOL="$tool" "$venv/bin/python" -m pytest -q -p no:cacheprovider -o asyncio_mode=auto \
    -o asyncio_default_fixture_loop_scope=function Scripts/lsp/test_logic.py
