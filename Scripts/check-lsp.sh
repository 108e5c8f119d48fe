#!/usr/bin/env bash
# Checks `questionkit lsp` end to end with a Language Server Protocol client nobody here wrote:
# pytest-lsp (from PyPI, installed into its own virtual environment, .build/venv-lsp) runs
# Scripts/lsp/test_lsp.py against the built tool: initialize, a broken template's diagnostics,
# completion, hover, the outline, a code action, diagnostics clearing after an edit, shutdown and
# exit; and malformed JSON-RPC input answered with errors.
#
# Usage: Scripts/check-lsp.sh [--tool PATH]   (default: builds this package's questionkit)
# Exits 0 when everything holds, 1 when not, 2 when the tools are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

tool=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --tool) tool="$2"; shift 2 ;;
        *) echo "check-lsp.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
if ! command -v python3 >/dev/null; then
    echo "check-lsp.sh: python3 is needed" >&2
    exit 2
fi
venv=.build/venv-lsp
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import pytest_lsp' 2>/dev/null; then
    python3 -m venv "$venv" || { echo "check-lsp.sh: python3 -m venv failed (python3-venv missing?)" >&2; exit 2; }
    "$venv/bin/python" -m pip install --quiet pytest-lsp \
        || { echo "check-lsp.sh: could not install pytest-lsp" >&2; exit 2; }
fi

if [[ -z "$tool" ]]; then
    swift build --product questionkit >/dev/null
    tool="$(swift build --show-bin-path)/questionkit"
fi
QUESTIONKIT_TOOL="$tool" "$venv/bin/python" -m pytest -q -p no:cacheprovider -o asyncio_mode=auto -o asyncio_default_fixture_loop_scope=function \
    Scripts/lsp/test_lsp.py
