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

source Scripts/python-checker.sh
checker_setup check-lsp.sh .build/venv-lsp pytest_lsp pytest-lsp "$@"
QUESTIONKIT_TOOL="$tool" "$venv/bin/python" -m pytest -q -p no:cacheprovider -o asyncio_mode=auto -o asyncio_default_fixture_loop_scope=function \
    Scripts/lsp/test_lsp.py
