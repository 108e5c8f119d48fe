# Sourced by the check scripts that judge questionkit's output with a Python package from PyPI,
# installed into its own virtual environment under .build. Sets `tool` (from --tool, or the
# freshly built questionkit) and `venv`; exits 2 when python3 or the package cannot be had.
#
# Usage (after `cd` to the package root): checker_setup SCRIPT VENV MODULE PACKAGE "$@"
source Scripts/tool-option.sh

checker_setup() {
    local script="$1" module="$3" package="$4"
    venv="$2"
    shift 4
    if ! command -v python3 >/dev/null; then
        echo "$script: python3 is needed" >&2
        exit 2
    fi
    if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c "import $module" 2>/dev/null; then
        python3 -m venv "$venv" || { echo "$script: python3 -m venv failed (python3-venv missing?)" >&2; exit 2; }
        "$venv/bin/python" -m pip install --quiet "$package" \
            || { echo "$script: could not install $package" >&2; exit 2; }
    fi
    tool_option "$script" "$@"
}
