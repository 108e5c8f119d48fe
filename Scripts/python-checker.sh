# Sourced by the scripts that judge questionkit's output with a Python package from PyPI,
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
    python_venv "$venv" "$module" "$package" \
        || { echo "$script: could not install $package (PyPI unreachable, or python3-venv missing?)" >&2; exit 2; }
    tool_option "$script" "$@"
}

# Makes the virtual environment VENV with PACKAGES from PyPI unless it already imports MODULES (a
# comma-separated list, as `import` takes it); non-zero when it cannot (python3-venv missing, PyPI
# unreachable). The one place a script makes its venv.
#
# Usage: python_venv VENV "MODULE, MODULE" PACKAGE...
python_venv() {
    local venv="$1" modules="$2"
    shift 2
    [[ -x "$venv/bin/python" ]] && "$venv/bin/python" -c "import $modules" 2>/dev/null && return 0
    python3 -m venv "$venv" && "$venv/bin/python" -m pip install --quiet "$@"
}
